//===- Capability.h - What each architecture can run ----------------------===//
//
// The support matrix: which (weight, activation) pairs a kernel can compute
// exactly, which activation types and pipelines each architecture has. Every
// request is checked here before any IR is generated, because LLVM aborts the
// whole process on some unsupported intrinsics. Each check returns nullopt
// when legal, otherwise a one-line message.
//
//===----------------------------------------------------------------------===//

#ifndef HUMMING_TARGET_CAPABILITY_H
#define HUMMING_TARGET_CAPABILITY_H

#include "humming/Format/Scheme.h"
#include "humming/Target/Arch.h"

#include <optional>
#include <string>

namespace humming::target {

enum class PipelineKind : uint8_t { MmaSync, Wgmma, Tcgen05 };
const char *toString(PipelineKind k);

/// The weight's decoded values (after the implicit or explicit zero) must be
/// exactly representable in the activation type the MMA consumes:
///  * integer weights with float activations: every integer the weight can
///    produce fits the activation's significand (bits <= mantissa + 2 when
///    symmetric, <= mantissa + 1 with a zero point or no implicit zero) and
///    range;
///  * float weights with float activations: exponent and mantissa no wider
///    than the activation's;
///  * integer activations take integer weights no wider than themselves and
///    no float zero point.
std::optional<std::string>
checkWeightActivationPair(const format::WeightScheme &weight,
                          const format::ActivationScheme &activation);

/// Activation types per arch: f16 and int8 sm_75+, bf16 sm_80+, fp8 sm_89+,
/// int4 sm_75+, e2m1 sm_100+.
std::optional<std::string> checkActivationOnArch(const format::NumericFormat &a,
                                                 const Arch &arch);

/// Pipelines per arch: mma.sync sm_75+; wgmma exactly sm_90a; tcgen05
/// sm_100a / sm_103a.
std::optional<std::string> checkPipelineOnArch(PipelineKind kind,
                                               const Arch &arch);

/// Whether global -> shared copies can be cp.async (sm_80+). Before (sm_75)
/// the kernels copy through registers: a global load, then a shared store.
bool hasAsyncCopies(const Arch &arch);

/// Whether the 16-bit mma.sync has the m16n8k16 shape (sm_80+); sm_75 has
/// m16n8k8 only, so a k16 step is two MMAs.
bool hasMmaK16(const Arch &arch);

/// Thread-block clusters (distributed shared memory, cluster barriers):
/// sm_90+.
std::optional<std::string> checkClustersOnArch(const Arch &arch);

/// Whole-request check: both pair and arch rules.
std::optional<std::string>
checkSupported(const format::WeightScheme &weight,
               const format::ActivationScheme &activation, const Arch &arch);

} // namespace humming::target

#endif // HUMMING_TARGET_CAPABILITY_H
