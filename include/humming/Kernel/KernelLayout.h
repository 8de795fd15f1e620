//===- KernelLayout.h - Operands as the mma.sync kernels read them --------===//
//
// The standard layout (docs/formats.md) is what users hand over; the kernel
// layout is what the kernels load. Both the CPU repack here and the kernel
// builder's loaders derive every offset from the functions below.
//
// Weights: int32 words, one run of 4 x 32 x bits words per (64-column tile
// nb, k-block of 64) in [Npad/64][Kpad/64] order. A run holds, for each of
// its 4 k16 steps ks and each lane (g = lane / 4, t = lane % 4), the 32 codes
// of the lane's mma.m16n8k16 B fragments for the 8 n8-tiles j = 0..7 of the
// 64 columns: code i = 4 j + r is W[n = 64 nb + 8 j + g][k = 64 kb + 16 ks +
// kOff(r, t)] with kOff = 2t, 2t+1, 2t+8, 2t+9, packed into the lane's `bits`
// words at bit laneCodeBit(i, bits). Even widths keep the tile's two
// 32-column halves (j < 4, j >= 4: the lane's first and last bits / 2 words)
// apart, [2 halves][4 ks][32 lanes][bits / 2] (weightRunWord), so that a
// 32-column block streams one contiguous half-run; odd widths keep each
// lane's words together, [4 ks][32 lanes][bits]. intN codes are stored with
// their sign bit flipped. Padding codes are 0.
//
// Per-column B-fragment values (group scales, zero points) are stored in the
// activation type, [rows][Npad/64][2 halves][8 g][4 j] (fragmentColumn):
// lane g reads the 4 values of a half's n8-tiles for n = 64 nb + 32 h + 8 j
// + g in one 8-byte load, and a 32-column half is 64 contiguous bytes.
// rows = ceil(Kpad / group) for group data, 1 for channel data.
//
// Accumulator / epilogue vectors (channel scales, bias) are fp32 [Npad].
//
//===----------------------------------------------------------------------===//

#ifndef HUMMING_KERNEL_KERNELLAYOUT_H
#define HUMMING_KERNEL_KERNELLAYOUT_H

#include "humming/Kernel/GemmPlan.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace humming::kernel {

/// k offset within a 16-deep tile of code r (0..3) of lane column t (0..3).
inline int64_t fragmentK(int64_t r, int64_t t) {
  return 2 * t + (r & 1) + (r >> 1) * 8;
}

/// Whether the lane's codes are stored in decode pairs: for widths that
/// divide 16 (1, 2, 4, 8 bits) the two codes of each B-fragment register
/// (i = 2p, 2p + 1) sit 16 bits apart in one word, so one shift and one
/// mask (a LOP3 with the magic exponent) decode both into an f16x2/bf16x2.
inline bool pairedCodeLayout(unsigned bits) { return 16 % bits == 0; }

/// Bit position of the lane's code i (0..31) within its `bits` words:
/// paired widths put code q of a word (q = i mod 32/bits) at
/// 16 (q mod 2) + bits (q / 2); other widths (3, 5, 6, 7) use one LSB-first
/// stream, a code possibly straddling two words.
inline int64_t laneCodeBit(int64_t i, unsigned bits) {
  if (!pairedCodeLayout(bits))
    return i * bits;
  const int64_t perWord = 32 / bits, q = i % perWord;
  return (i / perWord) * 32 + 16 * (q % 2) + bits * (q / 2);
}

/// Whether a weight run keeps its tile's two 32-column halves apart (even
/// code widths: half a lane's codes are whole words).
inline bool weightHalvesApart(unsigned bits) { return bits % 2 == 0; }

/// Word offset, within a (64-column tile, k-block) run of 4 x 32 x bits
/// words, of word w (0..bits-1) of lane `lane`'s codes of k16 step ks.
inline int64_t weightRunWord(int64_t ks, int64_t lane, int64_t w,
                             unsigned bits) {
  if (!weightHalvesApart(bits))
    return (ks * 32 + lane) * bits + w;
  const int64_t half = bits / 2;
  return (w / half) * 4 * 32 * half + (ks * 32 + lane) * half + w % half;
}

/// Position of column n (0..63) of a 64-column tile in a tile's 64 per-column
/// B-fragment values: [2 halves][8 g][4 j] for n = 32 h + 8 j + g. It is
/// linear in h, g and j % 4, so code with these as run-time values takes
/// its strides from it: fragmentColumn(32), fragmentColumn(1) and
/// fragmentColumn(8).
constexpr int64_t fragmentColumn(int64_t n) {
  return (n / 32) * 32 + (n % 8) * 4 + (n / 8) % 4;
}

struct OperandSizes {
  /// Standard layout (what the caller passes), bytes; 0 = absent.
  int64_t weight = 0, scale = 0, zeroPoint = 0, bias = 0;
  /// Kernel layout, bytes.
  int64_t kWeight = 0, kGroupScale = 0, kZero = 0, kChannelScale = 0,
          kBias = 0;
};

struct KernelOperandPlan {
  GemmProblem problem;
  DecodePlan decode;
  DequantPlan dequant;
};

/// Rows of per-column B-fragment data: one per K group of the padded K for
/// group scales, one for channel data.
int64_t fragmentRows(const GemmProblem &p);

std::optional<OperandSizes> operandSizes(const KernelOperandPlan &p,
                                         std::string *error = nullptr);

/// Bytes per stored code of a format in the standard layout (1, 2 or 4).
int64_t codeBytes(const format::NumericFormat &f);
/// Only the standard-layout sizes, for any valid scheme (no pipeline rules):
/// what the host-side quantizer, dequantizer and reference take.
OperandSizes standardOperandSizes(const GemmProblem &p);

/// Each operand the plan has must be given and no other; nullopt when so,
/// else the message (`who` starts it: "repack", "load_weights"). With
/// `biasOptional` a missing bias is accepted (the repack then makes none).
std::optional<std::string> checkOperandsPresent(const OperandSizes &sizes,
                                                const void *weight,
                                                const void *scale,
                                                const void *zeroPoint,
                                                const void *bias,
                                                const char *who,
                                                bool biasOptional = false);

/// Kernel-layout buffers produced by the CPU repack.
struct KernelOperands {
  std::vector<int32_t> weight;
  std::vector<uint16_t> groupScale; ///< activation-type bits
  std::vector<uint16_t> zero;       ///< activation-type bits
  std::vector<float> channelScale;
  std::vector<float> bias;
};

/// Standard -> kernel layout on the CPU. weight: int32 words [N, K*bits/32];
/// scale: raw 16-bit codes of scaleFormat ([N] or [N, K/g]); zeroPoint:
/// int8 codes (integer) or 16-bit codes of scaleFormat (float); bias: 16-bit
/// codes of the output type, or nullptr to leave KernelOperands::bias empty.
/// Absent operands are nullptr.
std::optional<KernelOperands>
repackOnHost(const KernelOperandPlan &p, const int32_t *weight,
             const uint16_t *scale, const void *zeroPoint,
             const uint16_t *bias, std::string *error = nullptr);

/// The GPU repack: one kernel per operand present, each (src, dst) with a 1-D
/// grid. Built by humming-lower-gemm (lib/Conversion/RepackKernel.cpp), launched
/// by the runtime when the caller's weights are in device memory.
enum class RepackOperand : uint8_t { Weight, Scale, ZeroPoint, ChannelScale, Bias };
struct RepackKernelInfo {
  RepackOperand operand;
  std::string name;
  int64_t threads = 0; ///< one per output element (weights: per tile lane)
  int64_t grid = 1, block = 256;
};
std::vector<RepackKernelInfo> planRepackKernels(const KernelOperandPlan &p,
                                                const std::string &prefix);

} // namespace humming::kernel

#endif
