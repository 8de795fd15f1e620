//===- IterationKBlocks.h - K-blocks per staged-loop iteration --*- C++ -*-===//
//
// Which counts of k-blocks per iteration a staged loop may be given
// (TileConfig::iterationKBlocks, `k_blocks_per_iteration` in
// #humming.tuning, `:i<n>` in dispatch text): one rule for the verifier,
// the dispatch-text parser and the kernel builder. Header-only, so the
// dialect can check it without linking the planner.
//
//===----------------------------------------------------------------------===//

#ifndef HUMMING_KERNEL_ITERATIONKBLOCKS_H
#define HUMMING_KERNEL_ITERATIONKBLOCKS_H

#include <cstdint>

namespace humming::kernel {

/// The rule in words, for diagnostics.
inline constexpr const char *kIterationKBlocksRule =
    "1, 2, 4 or 8, dividing the stages with as many more in flight";

/// Whether a staged loop of `stages` stages may compute `n` k-blocks per
/// iteration: n waits on the n stages it computes while the next n are in
/// flight, so n divides the stages at most in half.
inline bool iterationKBlocksFit(int64_t n, int64_t stages) {
  return (n == 1 || n == 2 || n == 4 || n == 8) && stages % n == 0 &&
         stages >= 2 * n;
}

} // namespace humming::kernel

#endif // HUMMING_KERNEL_ITERATIONKBLOCKS_H
