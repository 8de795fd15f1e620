//===- KernelLayout.cpp - Sizes and the CPU repack of kernel operands ------===//

#include "humming/Kernel/KernelLayout.h"

#include "humming/Format/Pack.h"

using namespace humming;
using namespace humming::kernel;
using format::NumericFormat;

namespace {
int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

bool fail(std::string *error, std::string msg) {
  if (error)
    *error = std::move(msg);
  return false;
}

/// Offset of column n in a [rows][Npad/64][2][8 g][4 j] array, row `row`.
int64_t fragmentIndex(int64_t row, int64_t n, int64_t nPad) {
  return row * nPad + (n / kTileN) * kTileN + fragmentColumn(n % kTileN);
}
} // namespace

int64_t humming::kernel::codeBytes(const format::NumericFormat &f) {
  return f.bits() <= 8 ? 1 : f.bits() <= 16 ? 2 : 4;
}

OperandSizes humming::kernel::standardOperandSizes(const GemmProblem &p) {
  OperandSizes s;
  const auto &w = p.weight;
  s.weight = p.n * p.k * int64_t(w.format.bits()) / 8;
  int64_t count = 0;
  if (auto shape = format::scaleShape(w, p.n, p.k)) {
    count = 1;
    for (int64_t d : *shape)
      count *= d;
  }
  s.scale = count * codeBytes(w.scaleFormat);
  if (w.zeroPoint == format::ZeroPointKind::Integer)
    s.zeroPoint = count;
  else if (w.zeroPoint == format::ZeroPointKind::Float)
    s.zeroPoint = count * codeBytes(w.scaleFormat);
  s.bias = p.bias ? p.n * codeBytes(p.output) : 0;
  return s;
}

std::optional<OperandSizes>
humming::kernel::operandSizes(const KernelOperandPlan &kp, std::string *error) {
  const GemmProblem &p = kp.problem;
  if (auto e = checkMmaSyncProblem(p)) {
    fail(error, *e);
    return std::nullopt;
  }
  OperandSizes s = standardOperandSizes(p);
  const unsigned bits = p.weight.format.bits();
  int64_t nPad = paddedN(p.n), kPad = paddedK(p.k);
  s.kWeight = nPad * kPad * bits / 8;
  if (kp.dequant.scale == Placement::BFragment)
    s.kGroupScale = fragmentRows(p) * nPad * 2;
  if (kp.dequant.scale == Placement::Accumulator)
    s.kChannelScale = nPad * 4;
  if (kp.dequant.zeroPoint == Placement::BFragment)
    s.kZero = fragmentRows(p) * nPad * 2;
  if (kp.dequant.bias == Placement::Epilogue)
    s.kBias = nPad * 4;
  return s;
}

std::optional<std::string> humming::kernel::checkOperandsPresent(
    const OperandSizes &sizes, const void *weight, const void *scale,
    const void *zeroPoint, const void *bias, const char *who,
    bool biasOptional) {
  struct Operand {
    const void *ptr;
    int64_t bytes;
    const char *name;
    bool optional;
  } operands[] = {{weight, sizes.weight, "the weight", false},
                  {scale, sizes.scale, "the scale", false},
                  {zeroPoint, sizes.zeroPoint, "the zero point", false},
                  {bias, sizes.bias, "the bias", biasOptional}};
  for (const Operand &o : operands) {
    if (o.bytes && !o.ptr && !o.optional)
      return std::string(who) + ": " + o.name + " is missing";
    if (!o.bytes && o.ptr)
      return std::string(who) + ": " + o.name +
             " is given, but the layer has none";
  }
  return std::nullopt;
}

std::optional<KernelOperands>
humming::kernel::repackOnHost(const KernelOperandPlan &kp,
                              const int32_t *weight, const uint16_t *scale,
                              const void *zeroPoint, const uint16_t *bias,
                              std::string *error) {
  auto sizes = operandSizes(kp, error);
  if (!sizes)
    return std::nullopt;
  const GemmProblem &p = kp.problem;
  const DecodePlan &d = kp.decode;
  const auto &w = p.weight;
  const NumericFormat act = p.activation.format;
  if (auto e = checkOperandsPresent(*sizes, weight, scale, zeroPoint, bias,
                                    "repack", /*biasOptional=*/true)) {
    fail(error, *e);
    return std::nullopt;
  }

  KernelOperands out;
  const unsigned bits = d.bits;
  const int64_t nPad = paddedN(p.n), kPad = paddedK(p.k);
  const int64_t wordsPerRow = p.k * bits / 32;
  const uint32_t mask = (uint32_t(1) << bits) - 1;
  const uint32_t flip = d.flipSign ? uint32_t(1) << (bits - 1) : 0;

  // Weights: gather each lane's 32 fragment codes into its words.
  out.weight.assign(size_t(sizes->kWeight / 4), 0);
  auto codeAt = [&](int64_t n, int64_t k) -> uint32_t {
    if (n >= p.n || k >= p.k)
      return 0;
    return format::packedCodeAt(weight, wordsPerRow, n, k, bits) ^ flip;
  };
  const int64_t ksPerRun = kBlockK / kTileK;
  for (int64_t nb = 0; nb < nPad / kTileN; ++nb)
    for (int64_t kb = 0; kb < kPad / kTileK; ++kb)
      for (int64_t lane = 0; lane < 32; ++lane) {
        int64_t g = lane / 4, t = lane % 4;
        uint32_t words[8] = {};
        for (int64_t i = 0; i < 32; ++i) {
          int64_t j = i / 4, r = i % 4;
          uint32_t c = codeAt(nb * kTileN + j * 8 + g,
                              kb * kTileK + fragmentK(r, t)) & mask;
          int64_t bit = laneCodeBit(i, bits);
          words[bit / 32] |= c << (bit % 32);
          if (bit % 32 + bits > 32)
            words[bit / 32 + 1] |= c >> (32 - bit % 32);
        }
        uint32_t *run = reinterpret_cast<uint32_t *>(out.weight.data()) +
                        (nb * (kPad / kTileK) + kb / ksPerRun * ksPerRun) *
                            32 * bits;
        for (unsigned w = 0; w < bits; ++w)
          run[weightRunWord(kb % ksPerRun, lane, w, bits)] = words[w];
      }

  // Scales and zero points: values of the (n, group) they belong to.
  const int64_t groups = w.scale == format::ScaleGranularity::Group
                             ? p.k / w.groupSize
                             : 1;
  auto scaleValue = [&](int64_t n, int64_t grp) {
    return w.scaleFormat.decode(scale[n * groups + grp]);
  };
  auto zeroValue = [&](int64_t n, int64_t grp) -> double {
    int64_t i = n * groups + grp;
    if (w.zeroPoint == format::ZeroPointKind::Integer) {
      uint8_t code = static_cast<const uint8_t *>(zeroPoint)[i];
      return w.format.decode(code) + d.zeroPointOffset;
    }
    return w.scaleFormat.decode(static_cast<const uint16_t *>(zeroPoint)[i]);
  };
  const int64_t rows = fragmentRows(p);
  auto fillFragment = [&](std::vector<uint16_t> &dst, auto valueOf) {
    dst.assign(size_t(rows * nPad), 0);
    for (int64_t row = 0; row < rows; ++row)
      for (int64_t n = 0; n < p.n; ++n) {
        // Padded K groups repeat the last real group (their activations are
        // zero, so any finite value works).
        int64_t grp = std::min<int64_t>(row, groups - 1);
        dst[size_t(fragmentIndex(row, n, nPad))] =
            uint16_t(act.encode(valueOf(n, grp)));
      }
  };
  if (kp.dequant.scale == Placement::BFragment)
    fillFragment(out.groupScale, scaleValue);
  if (kp.dequant.zeroPoint == Placement::BFragment)
    fillFragment(out.zero, zeroValue);
  if (kp.dequant.scale == Placement::Accumulator) {
    out.channelScale.assign(size_t(nPad), 0.f);
    for (int64_t n = 0; n < p.n; ++n)
      out.channelScale[size_t(n)] = float(scaleValue(n, 0));
  }
  if (kp.dequant.bias == Placement::Epilogue && bias) {
    out.bias.assign(size_t(nPad), 0.f);
    for (int64_t n = 0; n < p.n; ++n)
      out.bias[size_t(n)] = float(p.output.decode(bias[n]));
  }
  return out;
}

int64_t humming::kernel::fragmentRows(const GemmProblem &p) {
  if (p.weight.scale == format::ScaleGranularity::Group)
    return ceilDiv(paddedK(p.k), p.weight.groupSize);
  return 1;
}

std::vector<RepackKernelInfo>
humming::kernel::planRepackKernels(const KernelOperandPlan &kp,
                                   const std::string &prefix) {
  const GemmProblem &p = kp.problem;
  const int64_t nPad = paddedN(p.n), kPad = paddedK(p.k);
  const int64_t block = 256;
  std::vector<RepackKernelInfo> out;
  auto add = [&](RepackOperand op, const char *suffix, int64_t threads) {
    out.push_back(
        {op, prefix + suffix, threads, (threads + block - 1) / block, block});
  };
  // Weights: one thread per lane of each 64 x 16 tile.
  add(RepackOperand::Weight, "_repack_weight",
      (nPad / kTileN) * (kPad / kTileK) * 32);
  // B-fragment values: one thread per (row, padded column).
  if (kp.dequant.scale == Placement::BFragment)
    add(RepackOperand::Scale, "_repack_scale", fragmentRows(p) * nPad);
  if (kp.dequant.zeroPoint == Placement::BFragment)
    add(RepackOperand::ZeroPoint, "_repack_zero", fragmentRows(p) * nPad);
  // fp32 vectors: one thread per padded column.
  if (kp.dequant.scale == Placement::Accumulator)
    add(RepackOperand::ChannelScale, "_repack_channel_scale", nPad);
  if (kp.dequant.bias == Placement::Epilogue)
    add(RepackOperand::Bias, "_repack_bias", nPad);
  return out;
}
