//===- TileCandidates.cpp - The planner's measured tile rules -------------===//
//
// Which tiles the planner tries for each M range, in which order, and under
// which conditions: each rule with the measurements (bench/NOTES.md
// sections) that put it there. selectTiles (GemmPlan.cpp) sizes the
// candidates for a problem and takes the first that applies.
//
//===----------------------------------------------------------------------===//

#include "TileCandidates.h"

using namespace humming;
using namespace humming::kernel;
using namespace humming::kernel::planner;

// Small M streams the weights once: the kernel is bound by memory and
// latency, not by the tensor cores. Measured on the H200 (bench/NOTES.md,
// sections 3, 5, 11, 12):
// - M <= 16: 8 warps of 16 rows; where K is split and the code width is
//   even each takes half a weight tile (32 columns) over the whole
//   k-block, so no warp-K sums at the end of a unit (0.2-0.8 us faster);
//   else whole tiles and 2 warps along K (4 warps, or 16, were slower; half
//   tiles were 0.6-0.9 us slower at 28672 x 4096, which has no K split,
//   until the layout kept a tile's halves apart: since then half tiles
//   for 4-bit codes with group scales on sums, section 62).
//   Before those, without group scales, deep pipelines (16
//   stages, four k-blocks per iteration) of half-tile warps on narrower
//   tiles, which need fewer K splits (section 22): 8-bit codes 64 columns
//   (2 x 4 warps along K) where at most 2 splits fill the SMs in one wave
//   (8192 x 8192: 1.4 / 2.8 us faster at M = 1 / 16); 4-bit codes 128
//   columns (4 x 2) where they still need 4 or more splits (N = 4096:
//   0.3-0.4 / 1.7 us faster; with fewer splits slower at M = 1), and
//   where they fill 2 CTAs per SM in one wave without a split (4 x 1
//   warps; 28672 x 4096: 224 CTAs instead of 112 of 256 columns, 0.9 /
//   1.1 us faster).
// - 17..64: one M tile where it fills the SMs with at most 3 K splits (each
//   weight byte read into one SM; with more splits its partials, blockM
//   rows per split, cost more than a second read of the weights); else
//   32-row tiles 128 wide (two M tiles at 33..64, reading the same
//   weights at the same time, mostly from L2).
// - 17..64 on sm_90a, 4- and 8-bit codes: warpgroup MMA (section 13),
//   where it measured faster than the mma.sync shapes: 2 warpgroups of 64
//   columns where 2 or more K splits fill the SMs (at 17..32 only with 4
//   or more); 2 of 128 columns (256 wide) with 2-3 splits at 33..64; one
//   warpgroup of 128 columns, 2 CTAs per SM, where the tiles fill the SMs
//   without a split (at 17..32 4-bit codes only); at 33..64 before the
//   last two, for codes of up to 4 bits without group scales on sums, 2
//   warpgroups of 64 columns at 2 CTAs per SM where 1-3 K splits fill 2 x
//   the SMs (section 19, call 6: 1.0-1.3 us faster at 11008 x 4096, 0.7-0.9
//   at 28672 x 4096; slower with g128's sums). First of all, for 4-bit
//   channel layers where 2 or more K splits fill the SMs, the 2
//   warpgroups of 64 columns with 16 stages (four k-blocks per iteration,
//   section 22: 8192 x 8192 M = 32 / 64 1.4 / 0.4-0.8 us faster, 4096 x
//   11008 1.1 / 2.2; N = K = 4096 unchanged); at 17..32 8-bit channel
//   codes too where a split holds 32+ k-blocks (section 27: 8192 x 8192
//   M = 20 / 32 0.7 / 0.5 us faster than mma.sync, 4096 x 11008 0.6 /
//   0.5 faster than 12 stages; 4096 x 4096, 16 k-blocks per split,
//   0.1-0.3 slower; 64-row tiles of 8-bit codes do not fit 16 stages).
//   4-bit layers with group scales on sums take it at 17..64 where
//   exactly 2 K splits fill the SMs, each group's run of k-blocks with a
//   set of sums of its own (sections 25 and 27: g128 at 8192 x 8192
//   M = 32 / 40 / 64 0.9 / 1.1 / 1.2 us faster; at 4096 x 11008, 4
//   splits, 0.2-0.4 slower, so 12 there). At 17..32 with 2-4 K splits
//   and codes of up to 4 bits, 4 warps of half tiles (128
//   columns) at 2 CTAs per SM before the 32 x 256 and 32 x 128 one-CTA
//   shapes (section 16: 3-6 % faster at 8192 x 8192 and 11008 x 4096;
//   3-7 % slower for int8). 8-bit codes keep
//   mma.sync where the wgmma tile had fewer stages than the 4-bit one and
//   measured slower (64 x 256, 32 x 128 at 2 CTAs per SM).
// - 9..16 rows of 4-bit channel layers: 16 x 64 tiles (2 half-tile warps
//   x 4 along K) unsplit where they fill the SMs in one wave, 24 stages
//   at one CTA per SM, 16 at two (section 29: 8192 x 8192 M = 12 / 16
//   0.2 / 0.5 us faster, 11008 x 4096 0.2 / 0.5; at M = 1 the 4-split
//   16 x 256 stays faster, so 1..8 keeps it), unless the 2-CTA tile of
//   the next item applies.
// - Up to 16 rows of 4-bit codes, before the 16 x 256 tiles: 16 x 128
//   tiles of 4 half-tile warps at 2 CTAs per SM where exactly 4 K splits
//   of 32+ k-blocks fill the CTA slots (section 37: 8192 x 8192, 256
//   CTAs of 4 warps instead of 128 of 8; W4A16 channel M = 1..8 0.4-0.5
//   us faster, g128 M = 1..16 0.7-0.9; 8 warps per CTA at 2 CTAs per SM,
//   or 16 at one, were slower). Two CTAs per SM reach their iteration
//   barriers independently, so one CTA's decode and MMAs run while the
//   other waits, where the 16 x 256 CTA's 8 warps all wait together.
//   At 9..16 rows it comes before the unsplit 16 x 64 tiles (section 38:
//   8192 x 8192 channel M = 9 / 12 / 16 0.5-0.9 us faster); 3 or 4 CTAs
//   per SM, or 2 splits of 16 x 64, measured slower.
// - 33..64 on sm_90a, where exactly 2 K splits fill the SMs (N about
//   8192): the 16-stage 4-bit shapes and a 12-stage one of 8-bit channel
//   codes, each tile's 2 splits a cluster pair (section 89: 8192^2 M =
//   48 / 64 0.5-1.0 us faster than the workspace for 4-bit codes, 2.0
//   for 8-bit ones than section 56's 4 splits of one warpgroup of two
//   weight tiles at 2 CTAs per SM, the shape it replaced; their 12
//   stages compute 4 k-blocks an iteration, 0.9-1.6 faster than 8
//   stages of 2).
// - 17..64 on sm_90a, after those: one warpgroup of one
//   weight tile at 3 CTAs per SM, 6 stages, where its tiles, unsplit or
//   in 2+ K splits of 24+ k-blocks, fill 3 x the SMs in one wave (unsplit:
//   199..396 tiles of 64 columns, N 12.7k-25.3k; session bb, on an H100:
//   14336 x 4096 channel M = 17..32 1.9-2.3 us faster than 2 splits of the
//   2-CTA mma.sync 32 x 128 tile, 33..64 0.6-1.2 than 2 splits of 64 x
//   128 at 2 CTAs per SM, g128 1.2-2.1, W8A16 3.8-6.4 against 32 / 64 x
//   256; 18944 x 3584 3.6-4.3 against 64 x 128 unsplit at 2 CTAs per SM,
//   13824 x 5120 0.7-2.2; at most 3 splits at 33..64,
//   whose partials are twice as many rows; 2 with group sums: W8A16 g128
//   at 8192 x 8192, 3 splits, measured 1.4-1.6 us slower at M = 48 / 64,
//   section 30), channel scales or group scales on sums (section 29:
//   11008 x 4096 0.7-1.8 us faster at 17..32
//   for 4- and 8-bit codes, W8A16 4.5 at 33..64; 4096 x 11008 g128 1.3-1.6
//   at 17..32; W8A16 8192 x 8192 0.4-1.2 at 33..64). The three CTAs
//   reach their iteration barriers independently, where the two
//   warpgroups of one CTA wait for each other. Where it splits K in two,
//   a tile's splits are one cluster reduced through distributed shared
//   memory (section 30: 11008 x 4096 0.4-1.0 us faster at 17..64;
//   clusters of 3-8 CTAs at one CTA per SM measured up to 2x slower, so
//   pairs only).
// - Up to 16 rows of 4-bit codes, first at 1..8 (after the unsplit
//   8-bit 2-CTA tile) and after the 16 x 128 2-CTA tile at 9..16:
//   64-column tiles of 2 x 2 warps at 2 CTAs per SM where exactly 4 K
//   splits fill the slots (below); at 1..8 next, the same tile for
//   8-bit channel codes where a split holds 32+ k-blocks, then the
//   16 x 128 2-CTA tile where exactly 3 K splits of 16+ k-blocks fill
//   them (at 9..16 after the 4-split one; below), and the same tile
//   unsplit for group scales on sums where it fills them in one wave.
// - Up to 16 rows of 4-bit codes, first of all: unsplit tiles at 2-3
//   CTAs per SM where they fill the slots in one wave and the tiles
//   above would split K (32-column blocks for channel scales; below);
//   32-column blocks of 8-bit channel codes too at 3 CTAs per SM, and
//   at one where they fill 7/8 of the SMs (N about 4096).
// - Wide 4-bit channel layers on sm_90 (session bb, on an H100): up to 16
//   rows, the staged 64-column tile at 3 CTAs per SM where its tiles need
//   more than 2 per SM (N 16.9k-25.3k), 128-column half tiles at 3 where
//   they do (N 33.8k-50.7k); 17..64 rows, one warpgroup of 64 columns at
//   5 CTAs per SM where 128-column tiles at 2 per SM take more than one
//   wave (N 33.8k-42.2k). One wave with few SMs holding an extra tile.
//   8-bit codes (channel, groups of 128+) and 4-bit groups of 64+ there
//   up to 16 rows: 64-column tiles of 4 warps at 5 CTAs per SM; 8-bit
//   channel codes at 17..64 and groups of 128+ at 17..32 one warpgroup of
//   128 columns at 3; 4-bit groups of 64+ at 17..32 (g128+ only where
//   128 columns do not divide N) and groups at 33..64 (4-bit 64+, 8-bit
//   128+; scales in the B fragment) one warpgroup of 64 columns at 5
//   (sessions bc, bd). 4-bit channel codes at 17..32 where 128-column
//   tiles need more than 3 CTAs per SM and fit 4 in one wave (N
//   50.7k-67.6k): one warpgroup of 128 columns at 4 (session be).
// - N an odd multiple of 64 (no tile of 128+ columns divides it), after all
//   of the above and before the last shape of each range (which would
//   run 2 warps a tile at one CTA per SM): up to 16 rows 64-column tiles
//   of 4 warps at 5 CTAs per SM where they outnumber the SMs; 17..64 the
//   3-CTA warpgroup tile in fewer K splits, else the 5-CTA one (session
//   bc, on an H100: 1.5-2.9x faster at 37900 x 4096 and 4544 x 4544).
// - 1..8 rows of 4-bit codes, before all of the above: the register-
//   stream loop on 32-column blocks of 16 warps where they fill 7/8 of
//   the SMs at one CTA per SM (N about 4096; section 77), or of 2 CTAs
//   per SM at K = 8192 (N about 8192; section 78). 9..16 rows: the same
//   one-CTA blocks as 16-row swapped tiles where measured faster
//   (section 79).
// - 1..8 rows, after all of the above: the mma.sync tile chosen becomes
//   its swapped 8-row copy (Range::swapRows, section 39).
// - 65+ rows: 128 x 256 warpgroup tiles where the chip has them for the
//   codes, else 128 x 128 mma.sync tiles (warpgroupTiles and large,
//   below).
std::vector<Range> humming::kernel::planner::candidateRanges(bool wgmmaCodes) {
  using S = Shape;
  // Up to 16 rows: the shapes of both halves of the range; 9..16 rows try
  // 64-column tiles first (below). 1..8 rows take the swapped 8-row copy
  // of their mma.sync tile (Range::swapRows), so the halves stay two
  // kernels.
  // The 2-CTA tile of 4-bit codes (above), in both halves.
  const Shape twoCtasFourSplits = S(16, 128, 1, 1, 8).halfTiles().splits(4, 4)
                                      .ctas(2).codeBits(4, 4).unitBlocks(32);
  // 64-column tiles of 2 half-tile warps x 2 along K at 5 CTAs per SM,
  // unsplit: the wide-layer rules for 8-bit channel codes and 4-bit groups
  // (taken in one wave where the tiles need more than 4 CTAs per SM) and
  // the odd-multiple-of-64 one, below.
  const Shape fiveCtaHalfTiles = S(16, 64, 1, 2, 8).halfTiles().splits(1, 1)
                                     .ctas(5);
  const Shape wideFiveCtaHalfTiles = Shape(fiveCtaHalfTiles).inOneWave()
                                         .beyond(4).onArch(90);
  const std::vector<Shape> upTo16 = {
      // 8-bit codes: 2 K splits through the workspace, not as a cluster
      // pair (faster since the split-K end lost its fences, section 38).
      S(16, 64, 1, 4, 16).halfTiles().splits(1, 2).codeBits(8, 8)
          .inOneWave().noGroupScales(),
      S(16, 128, 1, 2, 16).halfTiles().splits(4, 0).codeBits(4, 4)
          .noGroupScales(),
      S(16, 128, 1, 1, 16).halfTiles().splits(1, 1).ctas(2).codeBits(4, 4)
          .inOneWave().noGroupScales(),
      // The same at 3 CTAs per SM, 8 stages, where its tiles need more than
      // 2 CTAs per SM but fit 3 in one wave (N of 33.8k-50.7k; session bb,
      // on an H100: 37888 x 3584 channel, 296 tiles, 29.0 / 30.1 us at M = 1
      // / 16 against 37.9 / 41.8 for 1.12 waves of 16 x 256).
      S(16, 128, 1, 1, 8).halfTiles().splits(1, 1).ctas(3).codeBits(4, 4)
          .inOneWave().noGroupScales().beyond(2).onArch(90),
      // 8-bit channel codes there (N of 33.8k-42.2k): 64-column tiles of 2
      // half-tile warps x 2 along K at 5 CTAs per SM in one wave, the 6
      // stages that fit (session bc, on the H200: 37888 x 3584 W8A16, 592
      // tiles, 40.4 / 41.1 us at M = 1 / 16 against 51.3 / 55.2 for 1.12
      // waves of 16 x 256; 128-column half tiles at 3 CTAs per SM 42.9 /
      // 45.9). Where 8-bit tiles leave SMs idle in one wave they measured
      // no slower than with splits or more CTAs (5120^2, 80 tiles of 64,
      // 10.7 us at M = 1 against 11.6-12.0 with 2-3 K splits). Groups of
      // 128+ too (session bd, on an H100: W8A16 g128 56.8-58.0 us at M =
      // 1..16 against 67.0-73.0).
      Shape(wideFiveCtaHalfTiles).codeBits(8, 8).groupsOfAtLeast(128),
      // The same for 4-bit groups of 64+ (session bc, on an H100: 37888 x
      // 3584 g128 28.8-30.0 us at M = 1..16 against 39.5-43.5 for 1.12
      // waves of 16 x 256 on group sums; session bd, g64 29.8-31.1 against
      // 40.8-45.0 for 1.12 waves of 8 warps on 256 columns).
      Shape(wideFiveCtaHalfTiles).codeBits(4, 4).onlyGroupScales()
          .groupsOfAtLeast(64),
      // The same with 8 stages for group scales on sums (section 76: 28672
      // x 4096 g128, 224 CTAs, 0.7-0.9 us faster at 1..16 rows than one CTA
      // of 8 warps per SM on 16 x 256 tiles; 4 warps at 2 CTAs per SM keep
      // 255 registers a thread, so the per-group sums do not spill).
      S(16, 128, 1, 1, 8).halfTiles().splits(1, 1).ctas(2).codeBits(4, 4)
          .inOneWave().onGroupSums(),
      twoCtasFourSplits,
      S(16, 256, 1, 1, 8).halfTiles().splits(2, 0),
      // 4-bit codes with group scales on sums, unsplit: half-tile warps too
      // since the layout keeps a tile's halves apart (section 62, call 7:
      // 28672 x 4096 g128 0.6-1.1 us faster than whole tiles x 2 along K,
      // whose warps now read their codes and scales in two pieces).
      S(16, 256, 1, 1, 8).halfTiles().splits(1, 1).codeBits(4, 4)
          .onGroupSums(),
      // N an odd multiple of 64, where nothing above applies and the last
      // shape would run 2 warps a tile at one CTA per SM: 64-column tiles
      // of 2 half-tile warps x 2 along K at 5 CTAs per SM, unsplit, where
      // the tiles outnumber the SMs (session bc, on an H100: 37900 x 4096
      // channel, 593 tiles, 31.5 / 32.4 us at M = 1 / 16 against 47.0 /
      // 57.7 on the last shape's 132 CTAs of 2 warps; 12 stages at 4 CTAs
      // per SM 33.3 / 35.1); else the 2-CTA 64-column tile of
      // narrowTwoCtas (below) in as many K splits of 16+ k-blocks as fill
      // the slots, where they take a quarter of them or more.
      Shape(fiveCtaHalfTiles).splitCapped().beyond(1)
          .whereWiderTilesDoNotDivide(),
      S(16, 64, 1, 2, 16).halfTiles().ctas(2).unitBlocks(16).splitCapped()
          .filling(1, 4).whereWiderTilesDoNotDivide(),
      S(16, 256, 1, 2, 8)};
  // The 2-CTA 64-column tile of 4-bit codes (2 half-tile warps x 2 along
  // K) where exactly 4 K splits of 16+ k-blocks fill the slots (N about
  // 4096; section 41), in both halves: channel scales, and group scales
  // where a split holds at most 32 k-blocks (g128 measured faster at 16
  // and 32 k-blocks, slower at 43: sections 42 and 44).
  const Shape narrowTwoCtas = S(16, 64, 1, 2, 16).halfTiles().splits(4, 4)
                                  .ctas(2).codeBits(4, 4).unitBlocks(16)
                                  .groupUnitBlocksAtMost(32);
  // Unsplit tiles at 2-3 CTAs per SM that fill the slots in one wave, where
  // the alternative is a K split (section 62: at 33.5 MB, 256 unsplit
  // CTAs of 128 KB at 2 per SM ran 12.3-12.4 us at M = 1..8 against
  // 13.3-13.4 with 2 splits and 13.4-13.7 with 4): 32-column blocks (half
  // a weight tile, 4 warps along K) of 4-bit channel codes where they need
  // 2 CTAs per SM at 1..8 (8192 x 8192: 0.5-0.7 us faster; 9..16 1.5
  // slower; g128 0.7-1.4 slower even with its scale rows copied only where
  // read, a loop bound by its instructions, section 63), or
  // 3 at 1..16 (11008 x 4096, 344 blocks: 1.1-1.4 faster at 1..8, 0.9 at
  // 16); 64-column tiles of 2 x 2 warps where they fill 7/8 of 2 CTAs per
  // SM (16384 x 4096: channel 0.3-1.5, g128 1.4-1.6 faster at 1..16).
  const Shape halfBlocksTwoCtas = S(16, 32, 1, 4, 32).halfTiles().splits(1, 1)
                                      .ctas(2).codeBits(4, 4).inOneWave()
                                      .noGroupScales().beyond(1);
  // 8-bit channel codes too (section 75: 11008 x 4096 W8A16 0.5-0.6 us
  // faster at 1..8 than unsplit 64-column tiles at 2 CTAs per SM, 2.2 at
  // 12 / 16 than 3 K splits of 16 x 256).
  const Shape halfBlocksThreeCtas = S(16, 32, 1, 4, 16).halfTiles()
                                        .splits(1, 1).ctas(3).codeBits(4, 8)
                                        .inOneWave().noGroupScales().beyond(2);
  // The 16 x 64 tile of 2 half-tile warps x 4 along K, 16 stages, at 2
  // CTAs per SM, unsplit in one wave (section 29: 9..16 rows of 4-bit
  // channel layers, the last of their own shapes; at 1..8 where it fills
  // 4/5 of the slots, below).
  const Shape stagedTwoCtas = S(16, 64, 1, 4, 16).halfTiles().splits(1, 1)
                                  .ctas(2).codeBits(4, 4).inOneWave()
                                  .noGroupScales();
  // The same at 3 CTAs per SM where its tiles need more than 2 per SM but
  // fit 3 in one wave (N of 16.9k-25.3k), at 1..16 rows, where the 2-CTA
  // 128-column tile leaves some SMs two tiles and most one (session bb, on
  // an H100: 18944 x 3584 channel, 296 tiles, 16.0 / 16.2 / 17.4 / 17.9 us
  // at M = 1 / 8 / 9 / 16 against 16.5 / 16.5 / 18.6 / 18.4; 22016 x 4096,
  // 344 tiles, 19.7-21.1 against 20.6-22.6; g128 at 18944 x 3584 0.3-0.5
  // slower, so channel scales only).
  const Shape stagedThreeCtas = Shape(stagedTwoCtas).ctas(3).beyond(2)
                                    .onArch(90);
  const Shape wholeTwoCtas = S(16, 64, 1, 2, 16).halfTiles().splits(1, 1)
                                 .ctas(2).codeBits(4, 4).inOneWave()
                                 .filling(7, 8);
  // The 2-CTA 32-column blocks of 8-bit channel codes at one CTA per SM
  // where they fill 7/8 of the SMs, any K, 1..16 rows (section 75: W8A16
  // 4096 x 4096 1.0-1.2 us and 4096 x 11008 1.0-1.6 faster than 2 or 4 K
  // splits of 64-column tiles; twice the bytes a k-block keep 4 warps per
  // SM fed where 4-bit codes at K = 11008 were not). (4-bit channel codes
  // took them at 4096 x 4096 from section 74 until the register-stream
  // blocks below replaced them, section 77.)
  const Shape eightBitHalfBlocksOneCta = Shape(halfBlocksTwoCtas).ctas(1)
                                             .beyond(0).filling(7, 8)
                                             .codeBits(8, 8);
  // 4-bit codes: the 2-CTA 128-column tile (above) where exactly 3 K splits
  // of 16+ k-blocks fill the slots (11008 x 4096: 86 tiles x 3 = 258 of
  // 264; sections 41-42: at 1..8 rows channel 0.2-0.3 us and g128 0.1-0.3
  // faster than 3 splits of one CTA of 8 warps, three runs; section 76:
  // g128 at 9..16 0.6-0.7 faster than 3 splits of 16 x 256). Channel layers
  // there take the 3-CTA 32-column blocks first.
  const Shape twoCtasThreeSplits = Shape(twoCtasFourSplits).splits(3, 3)
                                       .unitBlocks(16);
  // The register-stream loop (TileConfig::registerStream) on 32-column
  // blocks of 16 warps at one CTA per SM, unsplit, where the blocks fill
  // 7/8 of the SMs in one wave (N about 4096), 4-bit codes (section 77:
  // channel 4096^2 6.0 us against 6.6 at 1..8 rows, 4096 x 11008 10.5
  // against 10.9, 2 k-blocks ahead, since through lane queues, below; with
  // 4 ahead g128 4096^2 5.8 against
  // 7.2 and g64 6.0 against 7.4, while g128 at 4096 x 11008, 172 k-blocks
  // a block, measured 0.4-2.5 slower; 8-bit codes 0.3-0.5 slower; at 2+
  // CTAs per SM, 64 registers a thread, slower on every shape). At 9..16
  // rows the 16-row swapped tile (two n8 B operands a decoded A; section
  // 79): channel 1 ahead where a block holds at most 64 k-blocks (4096^2
  // 7.2-7.3 against 7.5-7.7; at 4096 x 11008 2 ahead measured 0.4-0.7
  // slower; at 4096 x 8192 0.8-0.9), groups of 64+ 4 ahead there (4096^2
  // g128 7.1-7.2 against 7.7-7.9, g64 7.6-7.9 against 8.4) and g128 2
  // ahead at 4096 x 11008 (13.9-14.3 against 14.2-14.8; 4 ahead spill; at
  // 4096 x 8192, 128 k-blocks, 0.5-0.6 slower than the 2-CTA tile).
  // With registers alone not at N about 8192 (2 CTAs per SM: 16-row
  // blocks spill at 64 registers a thread, and 8 warps of 32 columns or
  // 2 x 8 of 64 measured no faster than the staged tile), nor for 8-bit
  // codes.
  auto registerStreamBlocks = [](int64_t ahead, int64_t warpsK = 16,
                                 int64_t cols = 32) {
    return S(16, cols, 1, warpsK, ahead).halfTiles().splits(1, 1)
        .codeBits(4, 4).inOneWave().filling(7, 8).streamingRegisters();
  };
  // Channel scales: the same blocks through lane queues of 3 rounds
  // (section 81: 4096^2 at 1..8 rows 5.6-5.7 us against 5.9-6.0 with 2
  // rounds in registers, at 9..16 6.5-6.6 against 7.3 with 1; section 83:
  // at 4096 x 11008, 172 k-blocks a block, 9..16 rows 11.0 against the
  // staged 4-split tile's 12.0).
  const Shape queuedBlocks = registerStreamBlocks(3).queued().noGroupScales();
  // Groups of 64+ through the same queue: at 9..16 rows at any K (section
  // 84: 4096^2 g128 6.8 us against 7.1 for 4 rounds in registers, g64
  // 7.0-7.1 against 7.6-7.8), at 1..8 rows where a block holds more than
  // 64 k-blocks (section 83:
  // 4096 x 11008 g128 10.1 us at 1..8 rows against 11.8-12.4 for the staged
  // 8-split tile, g64 10.2-10.3 against 12.1-12.8; 4096 x 8192 and 4096 x
  // 14336 g128 1.0-2.0 faster; at 9..16 rows g128 12.3-12.6 against
  // 14.1-14.2 for 2 rounds in registers at 4096 x 11008, 0.4-1.8 faster at
  // 8192 and 14336; at 4096^2, 64 k-blocks, 1..8 rows stay 0.1-0.3 us
  // faster with 4 rounds in registers).
  const Shape queuedGroupBlocks = registerStreamBlocks(3).queued()
                                      .onlyGroupScales().groupsOfAtLeast(64);
  const Shape queuedLongGroupBlocks = Shape(queuedGroupBlocks).unitBlocks(65);
  // At N about 8192, 1..8 rows: 64-column blocks of 2 x 8 warps through
  // queues of 3 rounds at one CTA per SM (128 CTAs at 8192^2; section 83:
  // channel 12.3-12.6 us against 12.7-12.8 for the 2-CTA register loop,
  // g128 12.8-12.9 against 13.5-13.7, g64 13.0-13.1 against 14.2-14.3 for
  // the staged 4-split tile, 8-bit channel codes 20.4-20.6 against
  // 21.0-21.1; 2 rounds slower, 4 no faster, 2 x 16 warps of 2 rounds twice
  // as slow; 9..16 rows 1.1-2.8 slower), K = 8192 only.
  const Shape wideQueuedBlocks = registerStreamBlocks(3, /*warpsK=*/8,
                                                      /*cols=*/64)
                                     .queued().codeBits(4, 8)
                                     .unitBlocksExactly(128)
                                     .groupsOfAtLeast(64);
  // At N about 8192 and 9..16 rows: 8 warps of 16 rows through queues of 3
  // rounds at 2 CTAs per SM (section 81: 8192^2 channel 14.1 us against the
  // staged tile's 14.3-14.6; 113 registers, where 16 warps in registers
  // spilled; 8-bit codes, sections 83-84: 21.2 / 21.3 at 9 / 16 rows
  // against the staged 64-column tile's 21.7 / 21.4-21.5, two runs), K =
  // 8192 only.
  const Shape twoCtaQueue = registerStreamBlocks(3, /*warpsK=*/8).queued()
                                .ctas(2).beyond(1).unitBlocksExactly(128);
  const Shape queuedTwoCtaBlocks =
      Shape(twoCtaQueue).codeBits(4, 8).noGroupScales();
  // The same blocks for 4-bit groups of 128+ (section 84, with the paired
  // MMAs of the queue loop: g128 8192^2 14.3 / 14.5 us at 9 / 16 rows
  // against the staged 4-split tile's 14.8 / 15.2; 0.7 slower before them).
  const Shape queuedTwoCtaGroupBlocks =
      Shape(twoCtaQueue).onlyGroupScales().groupsOfAtLeast(128);
  // (Below: twoCtaQueue beyond K = 8192, on the H100-measured layers.)
  const Shape unsplitTwoCtaQueue = Shape(twoCtaQueue).codeBits(4, 4).beyond(0)
                                       .filling(0, 1).unitBlocks(64)
                                       .unitBlocksAtMost(0).onArch(90);
  std::vector<Shape> nineTo16 = {
      queuedBlocks,
      queuedTwoCtaBlocks,
      queuedTwoCtaGroupBlocks,
      queuedGroupBlocks,
      // Where that queue does not fit the shared memory (99 KB chips): 4
      // rounds in registers up to 64 k-blocks, 2 for g128+ up to 172
      // k-blocks (section 79:
      // 4096 x 11008 13.9-14.3 us against 14.2-14.8 for the staged tile;
      // at 4096 x 8192 0.5-0.6 slower than the 2-CTA tile, which that
      // shape takes first).
      registerStreamBlocks(4).unitBlocksAtMost(64).groupsOfAtLeast(64),
      registerStreamBlocks(2).onlyGroupScales().unitBlocks(129)
          .unitBlocksAtMost(172).groupsOfAtLeast(128),
      halfBlocksThreeCtas,
      eightBitHalfBlocksOneCta,
      wholeTwoCtas,
      // The 2-CTA queue blocks of twoCtaQueue (below) kept unsplit where
      // the fill rule would split them (N of about 1700-4200), at units of
      // 112+ k-blocks, before the 2-CTA staged tiles that split. Session ba on
      // the H200 (section 112): 2048 x 7168, 64 blocks, M = 9 / 16 7.3 /
      // 7.4 us against the planner's split staged tiles' 10.2 / 11.8 for
      // g128, 7.0 / 7.1 against 8.2 / 8.5 channel (2 and 4 splits of the
      // same blocks 0.2-0.5 slower than none); 3584 x 18944, 112 blocks,
      // 14.5 / 14.8 against 17.1 / 17.3 channel, 15.2 / 15.5 against 17.5 /
      // 18.5 g128 (2 splits 0.6-0.9 slower); on the H100 (section 110) 7.8
      // against 12.5 and 17.3 against 18.5.
      Shape(unsplitTwoCtaQueue).unsplitInsteadOfSplit().unitBlocks(112)
          .filling(1, 5).groupsOfAtLeast(128),
      twoCtasFourSplits,
      twoCtasThreeSplits,
      narrowTwoCtas,
      // The 2-CTA queue blocks of twoCtaQueue unsplit at any K of 64+
      // k-blocks before the staged 16 x 64 tiles (measured before the queue
      // loop existed): channel scales where they fit the slots in one wave,
      // groups of 128+ in up to two. Session az, on an H100: 5120^2 at M =
      // 16 9.3 us against 10.3 channel, 10.0 against 12.2 g128; 14336 x
      // 4096 g128, 448 blocks, 16.6 against 17.2 (its channel layer, 14.6
      // on the 2-CTA staged tile, unmeasured on these blocks: left out);
      // session ba on the H200 (section 112): 5120^2 M = 16 8.7 against
      // 10.0 channel, 9.4 against 11.4 g128; 14336 x 4096 g128 15.2 against
      // 15.1 (equal).
      Shape(unsplitTwoCtaQueue).noGroupScales(),
      Shape(unsplitTwoCtaQueue).wavesAtMost(2).onlyGroupScales()
          .groupsOfAtLeast(128),
      S(16, 64, 1, 4, 24).halfTiles().splits(1, 1).codeBits(4, 4)
          .inOneWave().noGroupScales(),
      stagedTwoCtas,
      stagedThreeCtas};
  nineTo16.insert(nineTo16.end(), upTo16.begin(), upTo16.end());
  // 1..8 rows (taken swapped, Range::swapRows): the register-stream
  // blocks, then 2-CTA and 3-CTA shapes of their own, then those of both
  // halves.
  // The same at 2 CTAs per SM where the blocks fill 7/8 of that in one wave
  // (N about 8192), 1 k-block ahead (2 spill at 64 registers a thread):
  // 8192^2 channel 12.6 us against 12.9-13.0, g128 13.6 against 13.8-14.1
  // at 1..8 rows (section 78; W8A16 equal; measured at K = 8192 only).
  // Since section 83 behind wideQueuedBlocks, which fill the same SMs: taken
  // where the queue's shared memory does not fit (g128 on 99 KB chips).
  const Shape twoCtaRegisterStream = registerStreamBlocks(1).ctas(2).beyond(1)
                                         .unitBlocksExactly(128)
                                         .groupsOfAtLeast(128);
  std::vector<Shape> upTo8 = {
      queuedBlocks,
      registerStreamBlocks(4).unitBlocksAtMost(64).groupsOfAtLeast(64),
      queuedLongGroupBlocks,
      wideQueuedBlocks,
      twoCtaRegisterStream,
      // The queued 64-column blocks of wideQueuedBlocks at any K, split to
      // fill the SMs in one wave, units of 24-148 k-blocks, before the
      // 2-CTA shapes below (measured before the queue loop existed).
      // Session az, on an H100: 5120^2 unsplit, 80 blocks, 8.5 / 8.6 us at
      // M = 1 / 8 against 8.8 channel, 8.6 / 8.7 against 10.2 / 10.8 g128;
      // 2048 x 7168 in 4 splits 7.4-7.6 against 8.0-8.4 channel, 7.6-7.8
      // against 8.6-10.0 g128; 14336 x 4096 (two waves, equal) left out.
      // Units of 129-148 k-blocks since session ba (3584 x 18944 in 2
      // splits, section 112, on the H200: g128 14.4 / 14.5 us at M = 1 / 8
      // against the 16 x 256 tile's 14.4-14.6 / 15.3-15.4, channel 13.9 /
      // 13.7 against the 2-CTA 64-column tile's 15.2 / 15.4; 3 splits 20.0;
      // g128 on the H100 18.2 / 18.2 against 18.0 / 19.1).
      Shape(wideQueuedBlocks).codeBits(4, 4).splits(1, 0).unitBlocks(24)
          .unitBlocksAtMost(148).filling(0, 1).groupsOfAtLeast(128)
          .onArch(90),
      halfBlocksTwoCtas,
      halfBlocksThreeCtas,
      wholeTwoCtas,
      // The staged 2-CTA 16 x 64 tile of 9..16 rows, swapped, where it
      // fills 4/5 of the slots in one wave (section 112: 14336 x 4096
      // channel, 224 tiles, 11.7 / 11.8 us at M = 1 / 8 on the H200
      // against 12.6 / 12.8 for 2 K splits of 16 x 256; session bb, on an
      // H100: 13824 x 5120, 216 tiles, 16.6-16.9 against 18.0-18.2), and
      // at 3 CTAs per SM where it needs more than 2 (above).
      Shape(stagedTwoCtas).filling(4, 5),
      stagedThreeCtas,
      eightBitHalfBlocksOneCta,
      // 8-bit channel codes: unsplit 64-column tiles where they fill the
      // slots in one wave but not one CTA per SM (section 39: 11008 x
      // 4096, 172 tiles, 0.8-1.1 us faster than 3 splits of 256 columns;
      // the 16-row kernels at 2 CTAs per SM had measured slower, section
      // 38).
      S(16, 64, 1, 4, 16).halfTiles().splits(1, 1).ctas(2).codeBits(8, 8)
          .inOneWave().noGroupScales().beyond(1),
      // 4-bit codes: the 2-CTA 64-column tile (above; sections 41-42:
      // channel 4096 x 4096 0.2 us and 4096 x 11008 0.2-0.4 faster than one
      // CTA of 8 warps per SM; g128 0.5-1.1 faster at 4096 x 4096, 0.3-1.0
      // at 4096 x 6144 and 0.0-0.5 at 4096 x 8192, 0.5-1.0 slower at 4096
      // x 11008).
      narrowTwoCtas,
      // 8-bit channel codes on the same tile where a split holds 32+
      // k-blocks (section 49: 4096 x 11008, 43 a split, 0.2-0.6 us faster
      // than 2 splits of one CTA of 8 warps in four runs, one of them
      // over 4 weight placements; 4096^2, 16 a split, equal).
      Shape(narrowTwoCtas).codeBits(8, 8).unitBlocks(32).noGroupScales(),
      twoCtasThreeSplits};
  upTo8.insert(upTo8.end(), upTo16.begin(), upTo16.end());
  // 65+ rows: 128 x 128 tiles, for even code widths of 2 x 4 half-tile warps
  // (64 accumulators, ~160 registers, two warps per scheduler) rather than
  // 2 x 2 whole-tile warps (128 accumulators, 248-255 registers), which
  // since the half-apart code layout read each tile's two halves apart
  // (bench/NOTES.md section 64: 8192^2 channel W4A16 and W8A16 5 % faster
  // at M = 512 / 1024 and 8 % at M = 128).
  const std::vector<Shape> large = {S(128, 128, 2, 1, 4).halfTiles(),
                                    S(128, 128, 2, 1, 4)};
  // 65+ rows of 4- and 8-bit codes on sm_90a: 128 x 256 tiles (m64n128k16
  // per weight tile and k16 step) wherever the chip has them: 1.2-2.4x the
  // mma.sync tile at 128..512 rows with the K split below (equal at 4096^2
  // M = 128), 1.6-2.0x at 513+ (bench/NOTES.md sections 65-67). The K
  // split of `configure` fills the CTA slots from the tiles of a range's
  // largest M, hence a range per power-of-two count of 128-row M tiles up
  // to 512 rows where the chip has these tiles, 65..128 in two at 96 and
  // 129..256 in two at 192 for the 96- and 192-row tiles below (the
  // mma.sync tables keep 65..128 and 129..512); ranges that come out the
  // same kernel merge. Two splits are a cluster pair (section 67: 2-8 %
  // faster than through the workspace at N = 4096; the units fit the slots
  // at once by construction of the split).
  // Two builds of the tile (section 122's A / B on the H200). 4-bit codes
  // with groups of at most 128: four warpgroups of one weight tile at 128
  // registers, the scales in the B fragment (64 sums a thread more would
  // spill): g128 0.94-1.00x the two-warpgroup tile at four shapes (0.97-1.00
  // at two more on an H100), whose registers hold per-group sums; g64 and
  // g32 0.94-1.00x on an H100 (section 125). Everything else but 4-bit
  // channel codes on long units (below): two warpgroups of two weight
  // tiles (128 sums, 232-255 registers); four at the same depth measured
  // 3-9 % slower for 4- and 8-bit channel codes at 4096^2, 2048 x 7168
  // and M >= 512, and up to 6 % slower for 8-bit g128 (section 125: more
  // fixed work per warp, barrier and shared-memory waits). The
  // four-warpgroup tile also compiles in half the time (ptxas 62-98 ms
  // instead of 200-247 on a 2-core machine, section 121).
  // 4-bit channel codes take four warpgroups too where a CTA runs 64 or
  // more k-blocks, at 8 stages and 4 k-blocks an iteration (section 125:
  // 0.98-1.00x the two-warpgroup tile on the H200 at 8192^2 and 11008 x
  // 4096, unsplit and as 8192^2's cluster pair; at 22-32 k-blocks a CTA
  // 1.03-1.08x; at 6 stages and 2 an iteration, or at one, 1.04-1.07x on
  // an H100). 8-bit channel codes take four warpgroups at 4 stages, 2
  // k-blocks an iteration (their best depth; 8 stages do not fit) only
  // where a CTA runs 128 or more k-blocks: 0.99-1.02x two warpgroups at
  // 8192^2 257+ on the H200 and on an H100, the kernel compiled in 184 ms
  // instead of 497 on a 2-core machine (section 127); at 64 k-blocks a CTA
  // (8192^2's 193..256 pair, 11008 x 4096) 1.04-1.12x, and 8-bit groups
  // up to 6 % slower: those keep two. And 8-bit codes only where a wave of
  // CTAs holds several M tiles of a weight tile (the column tiles fit one
  // wave; units go N tile first): at 57344 x 8192 (224 column tiles) every
  // CTA streams weights no other CTA of its wave reads, and there the
  // 8-bit build's 4 stages in flight (against two warpgroups' 6) measured
  // 3.3-5.2 % slower on an H100, 3 points less DRAM throughput by Nsight
  // Compute, with 8192^2, 4096 x 11008 and 3584 x 18944 at 0.98-1.01x in
  // the same calls; the 4-bit builds (6-8 stages) were 1-2 % faster than
  // two at 57344 x 8192 and keep their rules (section 128).
  // wC: two warpgroups of two weight tiles; the four-warpgroup build is
  // the same shape with a 64-column weight tile per warpgroup.
  const Shape wC = S(128, 256, 1, 1, 6).cols(128).warpgroups()
                       .splitsAsClusters().kBlockTime(0.8);
  // A two-of-two 256-column tile's 4-bit forms as four warpgroups of one
  // weight tile: groups of up to 128 with the scales in the B fragment,
  // channel codes where a CTA runs 64+ k-blocks at 8 stages, 4 k-blocks an
  // iteration (wC's, and the 96-row tile's below).
  auto fourBitFourWarpgroupForms = [](const Shape &twoOfTwo) {
    return std::vector<Shape>{
        Shape(twoOfTwo).cols(64).scalesInFragment().codeBits(4, 4)
            .groupsOfAtMost(128),
        Shape(twoOfTwo).cols(64).noGroupScales().codeBits(4, 4).inStages(8)
            .kBlocksEachIteration(4).unitBlocks(64)};
  };
  std::vector<Shape> wideTiles = fourBitFourWarpgroupForms(wC);
  wideTiles.insert(wideTiles.end(), {
      Shape(wC).cols(64).noGroupScales().codeBits(8, 8).inStages(4)
          .kBlocksEachIteration(2).unitBlocks(128).columnTilesInAWave(),
      Shape(wC).noGroupScales(),
      Shape(wC).onlyGroupScales().groupsOfAtLeast(129),
      Shape(wC).onlyGroupScales().codeBits(5, 8)});
  std::vector<Shape> warpgroupTiles = wideTiles;
  warpgroupTiles.insert(warpgroupTiles.end(), large.begin(), large.end());
  // At 65..256 rows, also the 128 x 128 tile of two warpgroups of one
  // weight tile (wA, 8 stages): twice the tiles, half the sums per split
  // end, ~11 % less work per second than wC (bench/NOTES.md section 69:
  // 2-24 % faster than wC in 7 of 8 cells measured, slower where its
  // unsplit tiles take two waves); the cheaper by estimateMicros is taken.
  std::vector<Shape> smallWarpgroupTiles = {
      S(128, 128, 1, 1, 8).cols(64).warpgroups().splitsAsClusters()
          .kBlockTime(0.45)};
  smallWarpgroupTiles.insert(smallWarpgroupTiles.end(), wideTiles.begin(),
                             wideTiles.end());
  smallWarpgroupTiles.insert(smallWarpgroupTiles.end(), large.begin(),
                             large.end());
  // Where the 128-row tiles compute more rows than a range needs, one M
  // tile of the range's rows (the wgmma's N) per weight tile of two
  // warpgroups ahead of them: priced beside them (oneMTileFirst, its
  // k-block time fitted from its measurements), or untimed, taken outright
  // where it applies (the 224-row tile below).
  auto aheadOfSmallTiles = [&](std::vector<Shape> shapes) {
    shapes.insert(shapes.end(), smallWarpgroupTiles.begin(),
                  smallWarpgroupTiles.end());
    return shapes;
  };
  auto oneMTileFirst = [&](int64_t rows, int64_t stages, double kBlockTime) {
    return aheadOfSmallTiles({S(rows, 128, 1, 1, stages).cols(64)
                                  .warpgroups().splitsAsClusters()
                                  .kBlockTime(kBlockTime)});
  };
  // 129..192 rows, where they compute 256: 192 rows, 5 stages, one k-block
  // an iteration (with two, ptxas spills). A 208-row tile measured 3-11 %
  // faster than wC at 8192^2 M = 129..200 (bench/NOTES.md section 71; 256
  // rows measured slower: twice wC's activation bytes per MMA).
  std::vector<Shape> midWarpgroupTiles = oneMTileFirst(192, 5, 0.68);
  // 193..224 rows, where the 128-row tiles compute 256: one M tile of 224
  // rows over 128 columns (the 192-row tile's copy, wgmma n224; 175-255
  // registers, so one CTA per SM at 5 stages), taken outright where it was
  // measured faster (on H100s, in one process against the tables before,
  // M = 193 / 208 / 224; bench/NOTES.md sections 140 and 141):
  // - 8-bit channel codes 5-12 % at four shapes (units of 43 and 64
  //   k-blocks);
  // - group scales unsplit or as a cluster pair: 4-bit g128 5-8 %, g64 and
  //   g32 4-12 %, 8-bit g128 / g64 13-15 %, fp4 g32 10-18 % (in 4
  //   workspace splits, 4-bit g128 at 4096 x 11008, its registers hit 255,
  //   12 bytes spill, and it was 4-7 % slower); g16 and g1024 take it
  //   untimed (no spills; the reference check passes);
  // - 4-bit channel codes 6-8 % on units of 43 (on units of 64+ the
  //   four-warpgroup 128 x 256 tile stays 1.5-3 % faster).
  // Not on units of under 40 k-blocks: at 4096^2 (4 workspace splits of
  // 16) it was 20-27 % slower than the 128 x 128 cluster pair.
  // (Untimed, so the cluster split by its k-block time does not apply: two
  // splits are a cluster pair, more go through the workspace, as the
  // 192-row tile's came out where it was measured.)
  const Shape tile224 = S(224, 128, 1, 1, 5).cols(64).warpgroups()
                            .pairsAsClusters().unitBlocks(40);
  const std::vector<Shape> rows224Tiles = aheadOfSmallTiles(
      {Shape(tile224).codeBits(8, 8).noGroupScales(),
       Shape(tile224).codeBits(4, 4).noGroupScales().unitBlocksAtMost(63),
       Shape(tile224).onlyGroupScales().splits(1, 2)});
  // 65..96 rows, where they compute 128: 96 rows, 8 stages; 12-15 % faster
  // than wA at 8192^2 (a pair) and 11008 x 4096 (unsplit), 6-8 % at 4096^2
  // (4 workspace splits, whose end is most of the time) at M = 65..96
  // (section 73).
  std::vector<Shape> lowWarpgroupTiles = oneMTileFirst(96, 8, 0.34);
  // And 96 rows over wC's 256 columns, unsplit: half the tiles, so one
  // wave where the 128-column ones take two (session bl, on an H100:
  // 28672 x 4096 channel M = 80 42.1 us on 112 CTAs against 47.1 on 224,
  // Humming 45.2; 18944 x 3584 16-17 % faster), priced at 0.61 us a k-block
  // (fitted there). Not split: at 11008 x 4096 in 3 workspace splits it was
  // 2 % faster for channel codes but 8 % slower for g128. As wC's forms
  // (same estimate, so the first that applies): four warpgroups of one
  // weight tile for 4-bit groups of up to 128 (scales in the B fragment;
  // 1-2 % faster than two at 28672 x 4096 and 18944 x 3584) and for 4-bit
  // channel codes where a CTA runs 64+ k-blocks (8 stages, 4 an iteration;
  // 0.99-1.01x at 28672 x 4096, but 5 % slower at 18944 x 3584's 56), which
  // compile in 120-240 ms less on 2 cores; else two warpgroups of two
  // (8-bit four at 4 stages 7-18 % slower).
  const Shape wide96 = S(96, 256, 1, 1, 6).cols(128).splits(1, 1)
                           .warpgroups().kBlockTime(0.61);
  std::vector<Shape> wide96Forms = fourBitFourWarpgroupForms(wide96);
  wide96Forms.push_back(wide96);
  lowWarpgroupTiles.insert(lowWarpgroupTiles.begin() + 1, wide96Forms.begin(),
                           wide96Forms.end());
  // 65..192 rows of 4-bit channel codes where the 128-column tiles
  // outnumber the SMs: one M tile of two warpgroups per 128 columns at two
  // CTAs per SM, unsplit, in the stages that fit two (4 at 96 and 128 rows,
  // 3 at 192). Two CTAs on an SM hide each other's barriers and MMA drains
  // where one CTA of twice the tile (wC, wide96) or two waves of the
  // 1-CTA tile do not (session bn, on an H100, in one process with the
  // tables before: 28672 x 4096 M = 80 / 96 41.0 / 42.6 us against 43.4 /
  // 44.8, M = 100 / 128 46.2 / 49.8 against 53.5 / 56.4, M = 160 / 192
  // 80.3 / 83.2 against 94.6 / 96.9; at M = 80 / 96 / 128 / 160 / 192
  // 22016 x 4096 6-18 % and 18944 x 3584 2-8 % faster, 37888 x 3584 7 %
  // at 97..128, 57344 x 8192 1 / 11 / 16 % at M = 80 / 128 / 192 (1.7
  // waves); Humming 44.8 / 51.5 at 28672 x 4096 M = 80 / 128 in the same
  // run as ours 40.4 / 50.3; bench/NOTES.md section 131). Priced at the
  // k-block times fitted there (a CTA's, two sharing the SM). Not for
  // 8-bit codes (128 x 128 at 28672 x 4096 1-4 % faster only) nor groups:
  // on fp32 sums they spill at the 128 registers of two CTAs (4.7x
  // slower), with the scales in the B fragment they are 0-4 % slower than
  // the planner's g128 tiles.
  auto twoCtaTile = [](int64_t rows, int64_t stages, double kBlockTime) {
    return S(rows, 128, 1, 1, stages).cols(64).splits(1, 1).warpgroups()
        .ctas(2).beyond(1).codeBits(4, 4).noGroupScales()
        .kBlockTime(kBlockTime);
  };
  const Shape twoCta96 = twoCtaTile(96, 4, 0.60);
  lowWarpgroupTiles.insert(lowWarpgroupTiles.begin(), twoCta96);
  // The same 96-row tile in 3 workspace splits where the unsplit tiles
  // leave SMs idle and 3 splits fill both CTA slots of every SM in one wave
  // (67..88 tiles of 128 columns on 132 SMs), and each split streams 20+
  // k-blocks: every SM streams 2/3 of a tile's k-blocks instead of a whole
  // tile on a subset of the SMs (session bp, on an H100, us at M = 65 / 80
  // / 96 against the unsplit 96 x 128: 11008 x 4096 21.5 / 22.2 / 23.2 (25.1
  // / 25.8 at 80 / 96; Humming 22.4 / 22.7 / 24.0), 9216 x 4096 20.5 / 21.0
  // / 21.7 against 23.3 / 23.9 / 24.4). Where a split streams fewer, the
  // split end outweighs the balance: 9728 x 2560 (14 a split) 16.6-17.7
  // against 16.8-17.7, 10240 x 2048 (11) 15.1-16.4 against 14.3-15.1;
  // bench/NOTES.md section 133. Not at 97..128 (128 x 128 the same way: no
  // faster than 128 x 256 in 3 splits) nor for groups (g128 with the
  // scales in the B fragment 0-4 % faster only).
  lowWarpgroupTiles.insert(
      lowWarpgroupTiles.begin(),
      Shape(twoCta96).beyond(0).splits(3, 3).unitBlocks(20));
  midWarpgroupTiles.insert(midWarpgroupTiles.begin(),
                           twoCtaTile(192, 3, 1.24));
  std::vector<Shape> rows128Tiles = smallWarpgroupTiles;
  rows128Tiles.insert(rows128Tiles.begin(), twoCtaTile(128, 4, 0.70));
  // One warpgroup over a tile of `columns` columns, unsplit, at `ctas` CTAs
  // per SM where the tiles need more than ctas - 1 per SM and fit `ctas`
  // in one wave: the wide-layer tiles below.
  auto oneWaveWarpgroup = [](int64_t columns, int64_t ctas, int64_t rows,
                             int64_t stages) {
    return S(rows, columns, 1, 1, stages).cols(columns).splits(1, 1)
        .warpgroups().ctas(ctas).inOneWave().beyond(ctas - 1);
  };
  // 17..64 rows of 4-bit channel codes: one warpgroup of 64 columns at 5
  // CTAs per SM, unsplit, where its tiles need more than 4 CTAs per SM
  // (where 128-column tiles at 2 per SM take more than one wave) and fit 5
  // in one wave (N of 33.8k-42.2k; session bb, on an H100: 37888 x 3584,
  // 592 tiles, 29.7 / 38.6 us at M = 32 / 64 against 41.7 / 43.7 for 1.12
  // waves of 128 columns at 2 CTAs per SM; 32 rows 89 registers, 64 rows
  // at 4 stages 96). Also 4-bit g64 at 17..32 and groups at 33..64 (4-bit
  // 64+, 8-bit 128+), in their 1.12-wave tails (session bd, on an H100:
  // 37888 x 3584 g64 33.6 / 34.9 us at M = 17 / 32 against 44.8 / 45.5).
  // At 64 rows the group sums spill at the 96 registers of 5 CTAs per SM
  // (64 bytes, in the loop: g128 13-15 us slower), so the scales go into
  // the B fragment there: 3 stages, 96 registers, no spills; g128 42.3-44.8
  // us at M = 33..64 against 47.9-51.6, g64 41.6-44.1 against 53.3-57.4,
  // W8A16 g128 60.4-62.7 against 65.2-67.3 (on sums, 32 bytes of spills,
  // 64.9-67.1). 128 columns at 3 CTAs per SM: 1.6-1.8x slower on sums
  // (spilled in the loop), 3-8 % slower than 5 CTAs in the fragment.
  auto fiveCtaWarpgroups = [&](int64_t rows, int64_t stages) {
    return oneWaveWarpgroup(64, 5, rows, stages);
  };
  auto fiveCtaWarpgroupTile = [&](int64_t rows, int64_t stages) {
    return fiveCtaWarpgroups(rows, stages).codeBits(4, 4).noGroupScales();
  };
  // 17..64 rows of 8-bit channel codes where 128-column tiles need more
  // than 2 CTAs per SM and fit 3 in one wave (N of 33.8k-50.7k): one
  // warpgroup of 128 columns at 3 CTAs per SM, unsplit (session bc, on an
  // H100: 37888 x 3584 W8A16, 296 tiles, 61.2 / 62.5 / 63.4 / 65.3 us at M
  // = 17 / 32 / 48 / 64 against 76.0 / 77.2 / 72.4 / 73.9 for 1.12 waves
  // of 32 x 256 mma.sync and of the 2-CTA warpgroup tile; 64 columns at 5
  // CTAs per SM 68.2-72.2; 138 / 168 registers). At 17..32 rows groups of
  // 128+ too, of 8- and 4-bit codes (session bd, on an H100: W8A16 g128
  // 72.2 / 73.0 us at M = 17 / 32 against 78.4 / 80.1, W4A16 g128 32.4 /
  // 33.3 against 42.2 / 43.3; 168 registers; at 64 rows their sums spill).
  auto threeCtaWideTile = [&](int64_t rows, int64_t stages) {
    return oneWaveWarpgroup(128, 3, rows, stages);
  };
  // 17..32 rows of 4-bit channel codes where 128-column tiles need more
  // than 3 CTAs per SM and fit 4 in one wave (N of 50.7k-67.6k): one
  // warpgroup of 128 columns at 4 CTAs per SM, the 6 stages that fit
  // (session be, on an H100: Llama-3-70B's 57344 x 8192, 448 tiles, 93.2
  // / 94.0 / 96.6 us at M = 17 / 24 / 32 against 100.7 / 101.8 / 102.7 for
  // 1.70 waves of the 2-CTA tile, 99.8-101.5 for one wave of 256 columns
  // at 2; 128 registers, 4 bytes of spills; on the H200 80.2 / 82.6 /
  // 86.0 against 89.8 / 91.4 / 93.6, bench/NOTES.md section 122). At
  // 33..64 rows all three within 2 % (12 bytes of spills at 4 CTAs): not
  // taken there. Not for 8-bit codes: channel and g128 (4 stages, g128's
  // scales in the B fragment) measured 3-5 % faster as hand entries on
  // the H200 but 1-3 % slower from the planner on an H100 (section 122);
  // nor 4-bit groups (g128 3-4 % slower, g64 1-3 % faster on the H200).
  const Shape fourCtaWideTile32 = oneWaveWarpgroup(128, 4, 32, 6)
                                      .codeBits(4, 4).noGroupScales();
  // The one-warpgroup 3-CTA tiles of 17..64 rows (the list's comment).
  const Shape threeCtaTile32 = S(32, 64, 1, 1, 6).splits(1, 0).warpgroups()
                                   .ctas(3).inOneWave().unitBlocks(24)
                                   .scalesOffTheDecode().pairsAsClusters();
  const Shape threeCtaTile64 = S(64, 64, 1, 1, 6).splits(1, 3).warpgroups()
                                   .ctas(3).inOneWave().unitBlocks(24)
                                   .noGroupScales().pairsAsClusters();
  const Shape threeCtaSumsTile64 = S(64, 64, 1, 1, 6).splits(1, 2)
                                       .warpgroups().ctas(3).inOneWave()
                                       .unitBlocks(24).onGroupSums()
                                       .pairsAsClusters();
  // N an odd multiple of 64 at 17..64 rows, where nothing else applies and
  // the last shape would run 2 warps a tile at one CTA per SM: 4-bit
  // channel layers whose tiles outnumber 3 CTAs per SM on the 5-CTA tile
  // above, in as many waves as it takes; else the 3-CTA tiles in as many K
  // splits as their bounds allow (at 33..64 at most 3, and units of 24+
  // k-blocks) where their units take a quarter of the slots or more, in as
  // many waves as they take. Session bc, on an H100: Falcon-7B's 4544 x
  // 4544, 71 tiles of 71 k-blocks, 3 splits 10.2 / 10.4 / 12.9 / 13.5 us
  // at M = 17 / 32 / 48 / 64 against 20.4 / 20.4 / 38.4 / 38.8 on the last
  // shape (2 splits as cluster pairs 11.0-14.0).
  auto narrowFiveCtas = [](Shape s) {
    return s.wavesAtMost(0).beyond(3).whereWiderTilesDoNotDivide();
  };
  auto narrowThreeCtas = [](Shape s) {
    return s.splitCapped().wavesAtMost(0).filling(1, 4)
        .whereWiderTilesDoNotDivide();
  };
  std::vector<Range> ranges = {
      {1, 8, upTo8, /*swapRows=*/true},
      {9, 16, nineTo16},
      // Where two K splits fill the slots (N about 8192) they are a cluster
      // pair: since the cluster end lost its barriers (section 95), 8192^2
      // M = 17..32 0.8-1.1 us faster than the workspace split for channel
      // codes (4- and 8-bit), 0.3-0.7 for g128 (tied before it, section 89).
      {17, 32, {S(32, 128, 1, 1, 16).splits(2, 0).warpgroups().codeBits(4, 4)
                    .noGroupScales().pairsAsClusters(),
                S(32, 128, 1, 1, 16).splits(2, 0).warpgroups().codeBits(8, 8)
                    .noGroupScales().unitBlocks(32).pairsAsClusters(),
                S(32, 128, 1, 1, 16).splits(2, 2).warpgroups().codeBits(4, 4)
                    .onGroupSums().pairsAsClusters(),
                threeCtaTile32,
                fiveCtaWarpgroupTile(32, 6),
                fourCtaWideTile32,
                threeCtaWideTile(32, 6).codeBits(8, 8).groupsOfAtLeast(128),
                threeCtaWideTile(32, 6).codeBits(4, 4).onlyGroupScales()
                    .groupsOfAtLeast(128),
                fiveCtaWarpgroups(32, 6).codeBits(4, 4).onlyGroupScales()
                    .groupsOfAtLeast(64),
                // 4-bit codes with groups of 128+ where 3 splits fill the
                // SMs (N about 5120; session az, on an H100: 5120^2 g128 M
                // = 24 / 32 11.8 / 12.1 us against 15.6 / 16.1 for the
                // mma.sync tile it took; measured there alone).
                S(32, 128, 1, 1, 12).splits(3, 3).warpgroups().codeBits(4, 4)
                    .onlyGroupScales().groupsOfAtLeast(128),
                S(32, 128, 1, 1, 12).splits(4, 0).warpgroups(),
                S(32, 128, 1, 1, 12).cols(128).splits(1, 1).warpgroups()
                    .ctas(2).codeBits(1, 4),
                S(32, 128, 1, 1, 8).halfTiles().splits(2, 4).ctas(2)
                    .codeBits(1, 4),
                S(32, 256, 1, 1, 8).halfTiles().splits(1, 3),
                S(32, 256, 1, 2, 8).splits(1, 3),
                narrowFiveCtas(fiveCtaWarpgroupTile(32, 6)),
                narrowThreeCtas(threeCtaTile32),
                S(32, 128, 1, 2, 8)}}};
  // Where two K splits fill the slots (N about 8192), a tile's splits
  // are a cluster pair: since the cluster tiles run their one unit
  // without the persistent loop (section 89), 8192^2 M = 48 / 64 0.5-0.7
  // us faster than through the workspace for 4-bit channel codes, 0.6-1.0
  // for g128, and for 8-bit codes 2.0-2.1 faster than their former
  // 4-split 2-CTA shape. 4-bit channel codes compute 8 k-blocks an
  // iteration (one wait, fence, barrier and MMA drain per 8): 0.1-0.5 us
  // faster than 4 at 8192^2 M = 40..64 in three runs (sections 89-91);
  // group sums keep 4 (at 8, four runs: 255 registers, no faster).
  const std::vector<Shape> rows33To64 = {
      S(64, 128, 1, 1, 16).splits(2, 0).warpgroups().codeBits(4, 4)
          .noGroupScales().pairsAsClusters().kBlocksEachIterationOnPairs(8),
      S(64, 128, 1, 1, 16).splits(2, 2).warpgroups().codeBits(4, 4)
          .onGroupSums().pairsAsClusters(),
      // 8-bit channel codes: 12 stages of 4 k-blocks an iteration,
      // 0.9-1.6 us faster than 8 of 2 (sixteen 16 KB stages do
      // not fit).
      S(64, 128, 1, 1, 12).splits(2, 2).warpgroups().codeBits(8, 8)
          .noGroupScales().pairsAsClusters().kBlocksEachIterationOnPairs(4),
      threeCtaTile64,
      threeCtaSumsTile64,
      fiveCtaWarpgroupTile(64, 4),
      threeCtaWideTile(64, 4).codeBits(8, 8).noGroupScales(),
      fiveCtaWarpgroups(64, 3).codeBits(8, 8).groupsOfAtLeast(128)
          .scalesInFragment(),
      fiveCtaWarpgroups(64, 3).codeBits(4, 4).groupsOfAtLeast(64)
          .scalesInFragment(),
      S(64, 128, 1, 1, 12).splits(2, 0).warpgroups(),
      S(64, 128, 1, 1, 8).splits(1, 3).warpgroups().ctas(2)
          .codeBits(1, 4).noGroupSums(),
      S(64, 256, 1, 1, 12).cols(128).splits(2, 3).warpgroups()
          .codeBits(1, 4),
      S(64, 128, 1, 1, 8).cols(128).splits(1, 1).warpgroups().ctas(2),
      S(64, 256, 1, 1, 6).halfTiles().splits(1, 3),
      S(64, 256, 2, 1, 6).splits(1, 3),
      S(64, 128, 1, 1, 8).halfTiles().splits(1, 3),
      narrowFiveCtas(fiveCtaWarpgroupTile(64, 4)),
      narrowThreeCtas(threeCtaTile64),
      narrowThreeCtas(threeCtaSumsTile64),
      S(32, 128, 1, 2, 8)};
  if (wgmmaCodes) {
    // 33..64 split at 48, 65..192 in 16-row steps, of the same candidates,
    // and 193..224 apart for its 224-row tile (above):
    // each step's warpgroup tile computes only its rows (GemmPlan's
    // configure). The tiles are loop-bound, so rows computed are time:
    // 129..160 on a 160-row tile 8-27 % faster than the 192-row one
    // (bench/NOTES.md section 137); on the H200 144- and 176-row copies
    // 4-8 % faster at 129..144 / 161..176 and a 48-row copy 1-5 % at
    // 33..48, for 4- and 8-bit channel and g128 codes (section 139, once
    // the zeroing of rows past M no longer divided by the rows' chunks).
    // Steps whose tile is no taller than the step merge again.
    ranges.insert(ranges.end(), {{33, 48, rows33To64},
                                 {49, 64, rows33To64},
                                 {65, 80, lowWarpgroupTiles},
                                 {81, 96, lowWarpgroupTiles},
                                 {97, 112, rows128Tiles},
                                 {113, 128, rows128Tiles},
                                 {129, 144, midWarpgroupTiles},
                                 {145, 160, midWarpgroupTiles},
                                 {161, 176, midWarpgroupTiles},
                                 {177, 192, midWarpgroupTiles},
                                 {193, 224, rows224Tiles},
                                 {225, 256, smallWarpgroupTiles},
                                 {257, 512, warpgroupTiles},
                                 {513, 0, warpgroupTiles}});
  } else
    ranges.insert(ranges.end(), {{33, 64, rows33To64}, {65, 128, large},
                                 {129, 512, large}, {513, 0, large}});
  return ranges;
}
