//===- Capability.cpp - The support matrix --------------------------------===//

#include "humming/Target/Capability.h"

#include <cmath>

namespace humming::target {

using format::FormatKind;
using format::NumericFormat;
using format::WeightScheme;
using format::ZeroPointKind;

const char *toString(PipelineKind k) {
  switch (k) {
  case PipelineKind::MmaSync: return "mma_sync";
  case PipelineKind::Wgmma: return "wgmma";
  case PipelineKind::Tcgen05: return "tcgen05";
  }
  return "?";
}

/// Largest |value| an integer weight produces after its zero is subtracted;
/// every integer up to it must be exact in the activation type.
static int64_t integerWeightMagnitude(const WeightScheme &w) {
  unsigned n = w.format.bits();
  if (w.format.kind() == FormatKind::Int)
    return int64_t(1) << (n - 1); // -2^(n-1)
  if (w.zeroPoint == ZeroPointKind::None && w.implicitZero)
    return int64_t(1) << (n - 1); // q - 2^(n-1) in [-2^(n-1), 2^(n-1) - 1]
  return (int64_t(1) << n) - 1;   // raw codes or q - z in [-(2^n-1), 2^n-1]
}

std::optional<std::string>
checkWeightActivationPair(const WeightScheme &w,
                          const format::ActivationScheme &a) {
  const NumericFormat &wf = w.format, &af = a.format;
  if (af.isInteger()) {
    if (wf.isFloat())
      return "float weights (" + wf.name() +
             ") need a float activation type, not " + af.name();
    if (w.zeroPoint == ZeroPointKind::Float)
      return "float zero points cannot be used with integer activations (" +
             af.name() + ")";
    if (wf.bits() > af.bits())
      return "integer weights " + wf.name() + " are wider than the " +
             af.name() + " activations";
    return std::nullopt;
  }
  if (wf.isFloat()) {
    if (wf.exponentBits() > af.exponentBits() ||
        wf.mantissaBits() > af.mantissaBits())
      return "float weights " + wf.name() + " (e" +
             std::to_string(wf.exponentBits()) + "m" +
             std::to_string(wf.mantissaBits()) +
             ") need exponent and mantissa no wider than the activation " +
             af.name() + " (e" + std::to_string(af.exponentBits()) + "m" +
             std::to_string(af.mantissaBits()) + ")";
    // Same exponent width is not enough when the weight uses the top
    // exponent code for finite values and the activation reserves it
    // (float6e5m0 reaches 65536; float16 stops at 65504).
    if (wf.maxValue() > af.maxValue())
      return "float weights " + wf.name() + " reach " +
             std::to_string(wf.maxValue()) + ", beyond the activation " +
             af.name() + "'s largest value " + std::to_string(af.maxValue());
    return std::nullopt;
  }
  // Integers up to 2^(mantissa+1) are exact in a float with `mantissa` bits.
  int64_t magnitude = integerWeightMagnitude(w);
  int64_t exactLimit = int64_t(1) << (af.mantissaBits() + 1);
  if (magnitude > exactLimit || double(magnitude) > af.maxValue()) {
    bool symmetric = magnitude == (int64_t(1) << (wf.bits() - 1));
    return "integer weights " + wf.name() +
           (symmetric ? " (symmetric)" : " (with a zero point or unsigned)") +
           " produce values up to " + std::to_string(magnitude) +
           ", not exact in the activation " + af.name() + ": bits must be <= " +
           "mantissa + " + (symmetric ? "2 = " : "1 = ") +
           std::to_string(af.mantissaBits() + (symmetric ? 2 : 1));
  }
  return std::nullopt;
}

std::optional<std::string> checkActivationOnArch(const NumericFormat &a,
                                                 const Arch &arch) {
  unsigned need = 75;
  if (a == NumericFormat::bf16())
    need = 80;
  else if (a == NumericFormat::e4m3() || a == NumericFormat::e5m2())
    need = 89;
  else if (a == NumericFormat::e2m1())
    need = 100;
  if (arch.version < need)
    return a.name() + " activations need sm_" + std::to_string(need) +
           " or newer, target is " + arch.name();
  return std::nullopt;
}

std::optional<std::string> checkPipelineOnArch(PipelineKind kind,
                                               const Arch &arch) {
  switch (kind) {
  case PipelineKind::MmaSync:
    // ldmatrix and mma.m16n8k8 are sm_75+; on sm_75 the builder copies
    // through registers (hasAsyncCopies) and runs each k16 MMA as two k8.
    if (arch.version < 75)
      return "mma.sync pipeline needs sm_75 or newer (ldmatrix, "
             "mma.m16n8k8), target is " +
             arch.name();
    return std::nullopt;
  case PipelineKind::Wgmma:
    if (!(arch.version == 90 && arch.archSpecific))
      return "wgmma pipeline needs sm_90a, target is " + arch.name();
    return std::nullopt;
  case PipelineKind::Tcgen05:
    if (!((arch.version == 100 || arch.version == 103) && arch.archSpecific))
      return "tcgen05 pipeline needs sm_100a or sm_103a, target is " +
             arch.name();
    return std::nullopt;
  }
  return std::nullopt;
}

bool hasAsyncCopies(const Arch &arch) { return arch.version >= 80; }

bool hasMmaK16(const Arch &arch) { return arch.version >= 80; }

std::optional<std::string> checkClustersOnArch(const Arch &arch) {
  if (arch.version < 90)
    return "thread-block clusters (a K split reduced through distributed "
           "shared memory) need sm_90 or newer, target is " +
           arch.name();
  return std::nullopt;
}

std::optional<std::string> checkSupported(const WeightScheme &w,
                                          const format::ActivationScheme &a,
                                          const Arch &arch) {
  if (auto err = format::validate(w))
    return err;
  if (auto err = format::validate(a))
    return err;
  if (auto err = checkWeightActivationPair(w, a))
    return err;
  return checkActivationOnArch(a.format, arch);
}

} // namespace humming::target
