//===- DispatchText.h - A dispatch table as one spec value -----------------===//
//
// The `dispatch=` value of a layer spec (docs/runtime.md): a hand-written or
// autotuned M-range table in place of humming-select-pipeline's, as
// comma-separated entries
//   <mMin>-<mMax>:<bm>x<bn>x<bk>:<warpsM>x<warpsN>x<warpsK>:s<stages>:(k<n>|kc<n>|sk)
//   [:c<ctasPerSm>][:wg|:ws|:sw|:rs][:bf]
// with an empty mMax for the last, unbounded range, e.g.
//   1-16:16x256x64:1x4x2:s6:k4,17-:128x128x64:2x2x1:s4:k1
// The entries must cover M = 1, 2, ... without gaps, the last unbounded
// and not split along K (the runtime sizes the split-K workspace for the
// largest M of each bounded range).
// Whether the kernel builders can emit an entry and the runtime launch it is
// checked when the table is planned (EntryRules.h), before any compile.
//
//===----------------------------------------------------------------------===//

#ifndef HUMMING_KERNEL_DISPATCHTEXT_H
#define HUMMING_KERNEL_DISPATCHTEXT_H

#include "humming/Kernel/GemmPlan.h"

#include <optional>
#include <string>
#include <vector>

namespace humming::kernel {

std::optional<std::vector<TileConfig>> parseDispatch(const std::string &text,
                                                     std::string *error);
std::string formatDispatch(const std::vector<TileConfig> &table);

} // namespace humming::kernel

#endif
