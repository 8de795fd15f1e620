//===- Arch.h - NVIDIA GPU architectures and chip descriptions ------------===//
//
// An Arch is a compute capability with its suffix ("sm_90a"); a ChipDesc is
// what the pipeline heuristics read about a GPU (SM count, shared memory,
// L2, bandwidth, peak MMA rates). Known chips come from public spec sheets
// (dense rates, no sparsity); any field can be overridden in IR.
//
//===----------------------------------------------------------------------===//

#ifndef HUMMING_TARGET_ARCH_H
#define HUMMING_TARGET_ARCH_H

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace humming::target {

struct Arch {
  /// Compute capability times ten plus minor: 75, 80, 86, 87, 89, 90, 100,
  /// 103, 110, 120, 121.
  unsigned version = 0;
  /// The "a" suffix: arch-specific features (wgmma on sm_90a, tcgen05 on
  /// sm_100a), whose PTX runs only on that exact arch.
  bool archSpecific = false;

  /// Parses "sm_90a", "sm_80", "90a" ...; nullopt and `error` for an
  /// unknown or malformed arch.
  static std::optional<Arch> parse(std::string_view s,
                                   std::string *error = nullptr);
  std::string name() const; ///< "sm_90a"
  bool operator==(const Arch &o) const {
    return version == o.version && archSpecific == o.archSpecific;
  }
};

/// The architectures the compiler knows, in ascending order.
const std::vector<unsigned> &knownArchVersions();

/// The oldest PTX ISA version (times ten: 80 is PTX 8.0) whose `.target`
/// may name this arch (sm_100 86, sm_120 87, sm_103 / sm_121 88, sm_110 90;
/// LLVM aborts the process on an older one), or that the kernels for it use
/// (sm_90 / sm_90a 81: st.async in the cluster split's end, so CUDA 12.1 or
/// later assembles them).
unsigned minimumPtxVersion(const Arch &arch);

/// The PTX feature to compile for `arch`: `requested` ("+ptx80") raised to
/// minimumPtxVersion(arch); nullopt and `error` for a malformed one.
std::optional<std::string> ptxFeatureFor(const Arch &arch,
                                         std::string_view requested,
                                         std::string *error = nullptr);

struct ChipDesc {
  std::string name;     ///< "h200", or "custom"
  Arch arch;
  int64_t smCount = 0;
  int64_t smemPerBlock = 0; ///< bytes of opt-in shared memory per block
  int64_t l2Bytes = 0;
  int64_t memoryBandwidthGBps = 0;
  /// Dense tensor-core peaks in TFLOP/s (TOP/s for int8); 0 = unsupported.
  int64_t peakF16Tflops = 0, peakFp8Tflops = 0, peakInt8Tops = 0,
          peakFp4Tflops = 0;
};

/// Looks a chip up by name ("h200", "h100", "a100", "a10", "l40s",
/// "rtx4090", "t4", "b200", "rtx5090").
std::optional<ChipDesc> lookupChip(std::string_view name);
const std::vector<ChipDesc> &knownChips();

} // namespace humming::target

#endif // HUMMING_TARGET_ARCH_H
