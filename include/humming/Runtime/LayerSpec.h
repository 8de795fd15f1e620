//===- LayerSpec.h - A layer described by "key=value" pairs ----------------===//
//
// The one textual form of a layer request, shared by the C API, Python and
// humming-run: space-separated key=value pairs (docs/runtime.md):
//   n, k                 extents (required)
//   weight               weight code format (uint4, int8, float4e2m1, ...)
//   activation           float16 | bfloat16 (default float16)
//   output               float16 | bfloat16 (default: the activation type)
//   scale                channel | group | none (default channel)
//   group_size           K per group (scale=group)
//   scale_type           float16 | bfloat16 (default: the activation type)
//   zero_point           none | integer | float (default none)
//   implicit_zero        1 | 0: symmetric uintN (default 1)
//   bias                 1 | 0 (default 0)
//   target               chip (h200) or arch (sm_90a); default: this GPU
//   sms, smem            override the chip's SM count / shared memory per
//                        block (canonical specs carry them)
//   dispatch             a hand-written or autotuned M-range table instead
//                        of the planner's (Kernel/DispatchText.h)
//
//===----------------------------------------------------------------------===//

#ifndef HUMMING_RUNTIME_LAYERSPEC_H
#define HUMMING_RUNTIME_LAYERSPEC_H

#include "humming/Kernel/GemmPlan.h"
#include "humming/Runtime/Status.h"

#include <string>
#include <vector>

namespace humming::runtime {

struct LayerSpec {
  kernel::GemmProblem problem;
  /// The target as written ("h200", "sm_80") or "device".
  std::string targetName;
  /// The dispatch table to compile; empty: humming-select-pipeline plans it.
  std::vector<kernel::TileConfig> dispatch;
  /// Canonical text: every key, in a fixed order (part of the cache key).
  std::string canonical() const;
};

/// Parses and validates the spec (the scheme and support-matrix rules). An
/// absent target asks the CUDA driver for the current GPU (NoDevice when
/// there is none).
/// With `forCompile` false only the scheme rules apply and an absent target
/// stays unresolved (host-side quantization and reference accept any valid
/// scheme and need no GPU).
Expected<LayerSpec> parseLayerSpec(const std::string &text,
                                   bool forCompile = true);

} // namespace humming::runtime

#endif
