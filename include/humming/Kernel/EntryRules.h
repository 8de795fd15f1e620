//===- EntryRules.h - What the kernel builders and the launch take ---------===//
//
// The rules a dispatch entry must keep for the kernel builders to emit its
// kernel and for the runtime to launch it, in one place: the builders
// (buildMmaSyncKernel) and humming-lower-gemm refuse an entry that breaks
// one, and a table written by hand is checked against all of them when it is
// planned (the runtime's `dispatch=` spec key, humming-select-pipeline keeping
// a table of the IR), so that a bad entry is refused before any kernel of the
// table is compiled.
//
//===----------------------------------------------------------------------===//

#ifndef HUMMING_KERNEL_ENTRYRULES_H
#define HUMMING_KERNEL_ENTRYRULES_H

#include "humming/Kernel/GemmPlan.h"

#include <optional>
#include <string>

namespace humming::kernel {

/// Registers a wgmma instruction needs beside its accumulators: the 4 A
/// registers, the descriptor, predicates and the step's addresses (ptxas
/// 13.0 asked for 158 with 128 accumulators).
constexpr int64_t kWgmmaRegisterOverhead = 24;

/// Why the kernel builders cannot emit config `c` for problem `p` with codes
/// of `bits` bits (the first rule it breaks, as a sentence), or nothing.
std::optional<std::string> kernelBuildProblem(const TileConfig &c,
                                              const GemmProblem &p,
                                              unsigned bits);

/// Why the runtime cannot launch config `c` for problem `p` (its shared
/// memory, its split-K workspace), as a clause after "dispatch entry i",
/// or nothing.
std::optional<std::string> launchProblem(const TileConfig &c,
                                         const GemmProblem &p, unsigned bits);

/// Whether a dispatch entry can be compiled and launched at all:
/// kernelBuildProblem, then launchProblem. Like sharedMemoryBytes, the rules
/// assume a warp grid that divides the block (warpGridDivides), which the
/// dispatch-text parser and the dispatch-entry attribute already ensure.
std::optional<std::string> dispatchEntryProblem(const TileConfig &c,
                                                const GemmProblem &p,
                                                unsigned bits);

} // namespace humming::kernel

#endif
