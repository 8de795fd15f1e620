// humming-select-pipeline: the M-range dispatch table from the target.
// RUN: humming-opt %s --humming-decode-formats --humming-fuse-dequant --humming-select-pipeline | FileCheck %s --check-prefix=H200
// RUN: humming-opt %s --humming-decode-formats --humming-fuse-dequant --humming-select-pipeline=target=a100 | FileCheck %s --check-prefix=A100

// H200 (132 SMs): at M <= 64 the output tiles of N = 4096 cannot fill the
// SMs, so K is split (4 ways for the 64 tiles of 64 columns at M <= 16, 4
// for the 32 tiles of 128 columns at 17..64); 17..64 runs warpgroup MMA (sm_90a, 4-bit codes):
// two warpgroups of one weight tile each (warp tile [rows, 64, 64]), 12
// stages; M > 128 runs data-parallel 128 x 128 tiles. Each stage also holds
// the block's group scales (one row of 256 or 128 f16 for group 128).
// Everywhere 1..8 rows run the swapped copy of a 16-row mma.sync tile
// (swap_ab: the weights as the MMA's A operand, 8 rows as its n8 B, half
// the activation stage), 9..16 the tile itself (bench/NOTES.md section 39).
// At N = 4096, 1..8 rows of 4-bit g128 codes take the register-stream
// loop (128 blocks of 32 columns, 16 warps taking whole k-blocks, 4 ahead,
// no copy engine: section 77), 9..16 rows the same blocks as 16-row
// swapped tiles (two n8 B operands a decoded A, section 79) through lane
// queues of 3 rounds (section 84). 65..256 rows of even
// code widths on this chip take the 128 x 128 warpgroup tile where it is
// estimated cheaper than the 128 x 256 one (section 69): here 32 tiles at
// 65..128 with 4 K splits (65..96 one 96-row tile per weight tile, section
// 73; 33..48 a 48-row copy of the 64-row tile, section 139), 64 at 129..256 with 2 as a cluster pair; from
// 257 rows 128 x 256 tiles, K split to fill the SMs (64 tiles at 257..512:
// a pair), unsplit from 513 rows (sections 65-68); for 4-bit groups of up
// to 128 as four warpgroups of one weight tile, the scales in the B
// fragment (section 122; the channel tables below keep two of two).
// H200: humming.dispatch = [
// H200-SAME: #humming.dispatch_entry<m_min = 1, m_max = 8, tuning = <block = [8, 32, 64], warp = [8, 32, 4], stages = 4, cp_async = false, swap_ab = true, register_stream = true>, threads = 512, smem = 15376, kernel = "w4a16_0_m1">
// H200-SAME: #humming.dispatch_entry<m_min = 9, m_max = 16, tuning = <block = [16, 32, 64], warp = [16, 32, 4], stages = 3, swap_ab = true, register_stream = true, lane_queue = true>, threads = 512, smem = 172048, kernel = "w4a16_0_m9">
// H200-SAME: #humming.dispatch_entry<m_min = 17, m_max = 32, tuning = <block = [32, 128, 64], warp = [32, 64, 64], stages = 12, pipeline = wgmma, partition = striped>, split_k = 4, threads = 256,
// H200-SAME: #humming.dispatch_entry<m_min = 33, m_max = 48, tuning = <block = [48, 128, 64], warp = [48, 64, 64], stages = 12, pipeline = wgmma, partition = striped>, split_k = 4, threads = 256,
// H200-SAME: #humming.dispatch_entry<m_min = 49, m_max = 64, tuning = <block = [64, 128, 64], warp = [64, 64, 64], stages = 12, pipeline = wgmma, partition = striped>, split_k = 4, threads = 256,
// H200-SAME: #humming.dispatch_entry<m_min = 65, m_max = 80, tuning = <block = [80, 128, 64], warp = [80, 64, 64], stages = 8, pipeline = wgmma, partition = striped>, split_k = 4,
// H200-SAME: #humming.dispatch_entry<m_min = 81, m_max = 96, tuning = <block = [96, 128, 64], warp = [96, 64, 64], stages = 8, pipeline = wgmma, partition = striped>, split_k = 4,
// H200-SAME: #humming.dispatch_entry<m_min = 97, m_max = 112, tuning = <block = [112, 128, 64], warp = [112, 64, 64], stages = 8, pipeline = wgmma, partition = striped>, split_k = 4,
// H200-SAME: #humming.dispatch_entry<m_min = 113, m_max = 128, tuning = <block = [128, 128, 64], warp = [128, 64, 64], stages = 8, pipeline = wgmma, partition = striped>, split_k = 4,
// H200-SAME: #humming.dispatch_entry<m_min = 129, m_max = 256, tuning = <block = [128, 128, 64], warp = [128, 64, 64], stages = 8, pipeline = wgmma, partition = cluster>, split_k = 2,
// H200-SAME: #humming.dispatch_entry<m_min = 257, m_max = 512, tuning = <block = [128, 256, 64], warp = [128, 64, 64], stages = 6, pipeline = wgmma, partition = cluster, fragment_scales = true>, split_k = 2,
// H200-SAME: #humming.dispatch_entry<m_min = 513, m_max = 0, tuning = <block = [128, 256, 64], warp = [128, 64, 64], stages = 6, pipeline = wgmma, fragment_scales = true>, threads = 512, smem = 153616, kernel = "w4a16_0_m513">]

// H200, N = 28672: 224 tiles of 128 columns fill 2 CTAs per SM without a K
// split, so 17..64 rows run as one M tile, 2 CTAs per SM (each weight byte
// goes to one SM): one warpgroup of two weight tiles at 17..32; at 33..64,
// with channel scales (no group sums to hold), two warpgroups of one.
// At M <= 16 its 224 tiles of 16 x 128 (4 half-tile warps, 16 stages) fill
// 2 CTAs per SM in one wave, unsplit.
// H200-LABEL: func.func @wide
// H200: #humming.dispatch_entry<m_min = 1, m_max = 8, tuning = <block = [8, 128, 64], warp = [8, 32, 64], stages = 16, ctas_per_sm = 2, swap_ab = true>, threads = 128,
// H200-SAME: #humming.dispatch_entry<m_min = 9, m_max = 16, tuning = <block = [16, 128, 64], warp = [16, 32, 64], stages = 16, ctas_per_sm = 2>, threads = 128,
// H200-SAME: #humming.dispatch_entry<m_min = 17, m_max = 32, tuning = <block = [32, 128, 64], warp = [32, 128, 64], stages = 12, pipeline = wgmma, ctas_per_sm = 2>, threads = 128,
// H200-SAME: #humming.dispatch_entry<m_min = 33, m_max = 48, tuning = <block = [48, 128, 64], warp = [48, 64, 64], stages = 8, pipeline = wgmma, ctas_per_sm = 2>, threads = 256,
// H200-SAME: #humming.dispatch_entry<m_min = 49, m_max = 64, tuning = <block = [64, 128, 64], warp = [64, 64, 64], stages = 8, pipeline = wgmma, ctas_per_sm = 2>, threads = 256,

// H200, M <= 16 without group scales on sums: deep pipelines (16 stages)
// on narrower tiles, for fewer K splits. 4-bit channel at N = 4096: 1..8
// rows 128 unsplit 32-column blocks at one CTA per SM as the register-
// stream loop (16 warps taking whole k-blocks; bench/NOTES.md section 77)
// through lane queues of 3 rounds (section 81), 9..16 rows the same as
// 16-row swapped tiles (section 79). 8-bit at N = K =
// 8192: 128 tiles of 64 columns (2 half-tile warps x 4 along K) fill the SMs
// unsplit; at N = 28672 those would take more than one wave, so 16 x 256.
// At 17..64 the same layer's wgmma kernels also run 16 stages.
// H200-LABEL: func.func @channel4096
// H200: #humming.dispatch_entry<m_min = 1, m_max = 8, tuning = <block = [8, 32, 64], warp = [8, 32, 4], stages = 3, swap_ab = true, register_stream = true, lane_queue = true>, threads = 512,
// H200-SAME: #humming.dispatch_entry<m_min = 9, m_max = 16, tuning = <block = [16, 32, 64], warp = [16, 32, 4], stages = 3, swap_ab = true, register_stream = true, lane_queue = true>, threads = 512,
// H200-SAME: #humming.dispatch_entry<m_min = 17, m_max = 32, tuning = <block = [32, 128, 64], warp = [32, 64, 64], stages = 16, pipeline = wgmma, partition = striped>, split_k = 4,
// H200-SAME: #humming.dispatch_entry<m_min = 33, m_max = 48, tuning = <block = [48, 128, 64], warp = [48, 64, 64], stages = 16, pipeline = wgmma, partition = striped>, split_k = 4,
// H200-SAME: #humming.dispatch_entry<m_min = 49, m_max = 64, tuning = <block = [64, 128, 64], warp = [64, 64, 64], stages = 16, pipeline = wgmma, partition = striped>, split_k = 4,
// 8-bit channel codes at 17..32 where 2+ splits of 32+ k-blocks fill the
// SMs: 16-stage wgmma, the 2 splits a cluster pair (section 95). At 33..64
// (16 stages of 64 rows do not fit) two warpgroups of one tile, 12 stages
// of 4 k-blocks an iteration, the 2 splits a cluster pair (section 89): 64
// pairs on 132 SMs. 1..8 rows: 128 unsplit 64-column blocks of 2 x
// 8 warps through lane queues of 3 rounds at one CTA per SM (section 83);
// 9..16 rows 256 32-column blocks of 8 warps through lane queues of 3
// rounds at 2 CTAs per SM (sections 83-84).
// H200-LABEL: func.func @int8
// H200: #humming.dispatch_entry<m_min = 1, m_max = 8, tuning = <block = [8, 64, 64], warp = [8, 32, 8], stages = 3, swap_ab = true, register_stream = true, lane_queue = true>, threads = 512,
// H200-SAME: #humming.dispatch_entry<m_min = 9, m_max = 16, tuning = <block = [16, 32, 64], warp = [16, 32, 8], stages = 3, ctas_per_sm = 2, swap_ab = true, register_stream = true, lane_queue = true>, threads = 256,
// H200-SAME: #humming.dispatch_entry<m_min = 17, m_max = 32, tuning = <block = [32, 128, 64], warp = [32, 64, 64], stages = 16, pipeline = wgmma, partition = cluster>, split_k = 2,
// H200-SAME: #humming.dispatch_entry<m_min = 33, m_max = 48, tuning = <block = [48, 128, 64], warp = [48, 64, 64], stages = 12, pipeline = wgmma, partition = cluster, k_blocks_per_iteration = 4>, split_k = 2, threads = 256,
// H200-SAME: #humming.dispatch_entry<m_min = 49, m_max = 64, tuning = <block = [64, 128, 64], warp = [64, 64, 64], stages = 12, pipeline = wgmma, partition = cluster, k_blocks_per_iteration = 4>, split_k = 2, threads = 256,
// 193..224: one M tile of 224 rows over 128 columns, its 2 splits a
// cluster pair (section 140); 225..256: the 128 x 256 tile's cluster pair
// (64 k-blocks a CTA) as two warpgroups of two weight tiles; 257+ unsplit
// (128 a CTA) as four warpgroups of one at 4 stages, 2 k-blocks an
// iteration (section 127).
// H200-SAME: #humming.dispatch_entry<m_min = 193, m_max = 224, tuning = <block = [224, 128, 64], warp = [224, 64, 64], stages = 5, pipeline = wgmma, partition = cluster>, split_k = 2, threads = 256,
// H200-SAME: #humming.dispatch_entry<m_min = 225, m_max = 256, tuning = <block = [128, 256, 64], warp = [128, 128, 64], stages = 6, pipeline = wgmma, partition = cluster>, split_k = 2, threads = 256,
// H200-SAME: #humming.dispatch_entry<m_min = 257, m_max = 0, tuning = <block = [128, 256, 64], warp = [128, 64, 64], stages = 4, pipeline = wgmma, k_blocks_per_iteration = 2>, threads = 512,
// H200-LABEL: func.func @int8wide
// H200: #humming.dispatch_entry<m_min = 1, m_max = 8, tuning = <block = [8, 256, 64], warp = [8, 64, 32], stages = 8, swap_ab = true>, threads = 256,
// H200-SAME: #humming.dispatch_entry<m_min = 9, m_max = 16, tuning = <block = [16, 256, 64], warp = [16, 64, 32], stages = 8>, threads = 256,

// H200, 4-bit channel codes at N = K = 8192: 1..8 rows take 128 unsplit
// 64-column blocks at one CTA per SM through lane queues (2 x 8 warps
// taking whole k-blocks, 3 rounds in flight: bench/NOTES.md section 83;
// the 2-CTA register-stream loop of section 78 and the staged form of
// section 62 before it); 9..16 rows 256 unsplit 16 x 32 blocks of
// 8 warps through lane queues at 2 CTAs per SM (section 81; group layers
// keep 4 K splits of 16 x 128 tiles there), ahead of the unsplit 16 x 64
// tiles that 9..16 rows take at K = 4096 (below). From 65 rows on,
// at 65..96 one 96-row tile per weight tile (section 73) and at 97..128
// the 128 x 128 warpgroup tile, 2 K splits as a cluster pair (section
// 69); at 129..192 one 192-row tile per weight tile, a pair
// (section 71; 144 / 160 / 176 rows of it in 16-row steps, sections 137
// and 139); then the 128 x
// 256 tile (sections 65-67) as four
// warpgroups of one weight tile at 8 stages and 4 k-blocks an iteration
// (each CTA runs 64+ k-blocks, section 125): 2 splits (a cluster pair,
// the k-blocks an iteration kept) at 193..256, none from 257.
// H200-LABEL: func.func @channel8192
// H200: #humming.dispatch_entry<m_min = 1, m_max = 8, tuning = <block = [8, 64, 64], warp = [8, 32, 8], stages = 3, swap_ab = true, register_stream = true, lane_queue = true>, threads = 512,
// H200-SAME: #humming.dispatch_entry<m_min = 9, m_max = 16, tuning = <block = [16, 32, 64], warp = [16, 32, 8], stages = 3, ctas_per_sm = 2, swap_ab = true, register_stream = true, lane_queue = true>, threads = 256,
// H200-SAME: #humming.dispatch_entry<m_min = 17, m_max = 32,
// H200-SAME: #humming.dispatch_entry<m_min = 65, m_max = 80, tuning = <block = [80, 128, 64], warp = [80, 64, 64], stages = 8, pipeline = wgmma, partition = cluster>, split_k = 2,
// H200-SAME: #humming.dispatch_entry<m_min = 81, m_max = 96, tuning = <block = [96, 128, 64], warp = [96, 64, 64], stages = 8, pipeline = wgmma, partition = cluster>, split_k = 2,
// H200-SAME: #humming.dispatch_entry<m_min = 97, m_max = 112, tuning = <block = [112, 128, 64], warp = [112, 64, 64], stages = 8, pipeline = wgmma, partition = cluster>, split_k = 2,
// H200-SAME: #humming.dispatch_entry<m_min = 113, m_max = 128, tuning = <block = [128, 128, 64], warp = [128, 64, 64], stages = 8, pipeline = wgmma, partition = cluster>, split_k = 2,
// H200-SAME: #humming.dispatch_entry<m_min = 129, m_max = 144, tuning = <block = [144, 128, 64], warp = [144, 64, 64], stages = 5, pipeline = wgmma, partition = cluster>, split_k = 2,
// H200-SAME: #humming.dispatch_entry<m_min = 145, m_max = 160, tuning = <block = [160, 128, 64], warp = [160, 64, 64], stages = 5, pipeline = wgmma, partition = cluster>, split_k = 2,
// H200-SAME: #humming.dispatch_entry<m_min = 161, m_max = 176, tuning = <block = [176, 128, 64], warp = [176, 64, 64], stages = 5, pipeline = wgmma, partition = cluster>, split_k = 2,
// H200-SAME: #humming.dispatch_entry<m_min = 177, m_max = 192, tuning = <block = [192, 128, 64], warp = [192, 64, 64], stages = 5, pipeline = wgmma, partition = cluster>, split_k = 2,
// H200-SAME: #humming.dispatch_entry<m_min = 193, m_max = 256, tuning = <block = [128, 256, 64], warp = [128, 64, 64], stages = 8, pipeline = wgmma, partition = cluster, k_blocks_per_iteration = 4>, split_k = 2, threads = 512,
// H200-SAME: #humming.dispatch_entry<m_min = 257, m_max = 0, tuning = <block = [128, 256, 64], warp = [128, 64, 64], stages = 8, pipeline = wgmma, k_blocks_per_iteration = 4>, threads = 512, smem = 197648

// H200, 4-bit channel codes at N = 8192, K = 4096 (units of 16 k-blocks at
// 4 splits, too short for the 2-CTA tile): the lane-queue blocks beyond
// K = 8192 (lib/Kernel/TileCandidates.cpp, session az): 1..8 rows 128
// unsplit 64-column blocks of 2 x 8 warps at one CTA per SM, 9..16 rows
// 256 unsplit 32-column blocks of 8 warps at 2 CTAs per SM, one wave each.
// H200-LABEL: func.func @channel8192x4096
// H200: #humming.dispatch_entry<m_min = 1, m_max = 8, tuning = <block = [8, 64, 64], warp = [8, 32, 8], stages = 3, swap_ab = true, register_stream = true, lane_queue = true>, threads = 512,
// H200-SAME: #humming.dispatch_entry<m_min = 9, m_max = 16, tuning = <block = [16, 32, 64], warp = [16, 32, 8], stages = 3, ctas_per_sm = 2, swap_ab = true, register_stream = true, lane_queue = true>, threads = 256,
// H200-SAME: #humming.dispatch_entry<m_min = 17, m_max = 32,

// H200, 4-bit channel codes at N = 11008, K = 4096: 1..16 rows run 344
// unsplit 32-column blocks (4 warps along K) at 3 CTAs per SM (396 slots;
// bench/NOTES.md section 62), 1..8 as the swapped copy.
// H200-LABEL: func.func @int4x11008
// H200: #humming.dispatch_entry<m_min = 1, m_max = 8, tuning = <block = [8, 32, 64], warp = [8, 32, 16], stages = 16, ctas_per_sm = 3, swap_ab = true>, threads = 128,
// H200-SAME: #humming.dispatch_entry<m_min = 9, m_max = 16, tuning = <block = [16, 32, 64], warp = [16, 32, 16], stages = 16, ctas_per_sm = 3>, threads = 128,

// H200, 8-bit channel codes at N = 11008, K = 4096: 1..16 rows run 344
// unsplit 32-column blocks at 3 CTAs per SM (2 would take two waves;
// bench/NOTES.md section 75), swapped at 1..8.
// At 17..64, 86 tiles of 128 cannot
// take 2 splits in one CTA per SM; one warpgroup of 64 columns at 3 CTAs
// per SM takes 172 tiles x 2 splits at 17..32 and at 33..64, each tile's
// two splits one cluster (partition = cluster). Above 64 rows 128 x 256
// warpgroup tiles: 43 of them take 3 K splits at 97..128, none from 225;
// at 65..96 86 unsplit tiles of 96 rows (section 73), at 129..192 of 192
// rows (section 71; 144 / 160 / 176 of them in 16-row steps, sections 137
// and 139), at 193..224 of 224 rows (section 140).
// H200-LABEL: func.func @int8x11008
// H200: #humming.dispatch_entry<m_min = 1, m_max = 8, tuning = <block = [8, 32, 64], warp = [8, 32, 16], stages = 16, ctas_per_sm = 3, swap_ab = true>, threads = 128,
// H200-SAME: #humming.dispatch_entry<m_min = 9, m_max = 16, tuning = <block = [16, 32, 64], warp = [16, 32, 16], stages = 16, ctas_per_sm = 3>, threads = 128,
// H200-SAME: #humming.dispatch_entry<m_min = 17, m_max = 32, tuning = <block = [32, 64, 64], warp = [32, 64, 64], stages = 6, pipeline = wgmma, partition = cluster, ctas_per_sm = 3>, split_k = 2, threads = 128,
// H200-SAME: #humming.dispatch_entry<m_min = 33, m_max = 48, tuning = <block = [48, 64, 64], warp = [48, 64, 64], stages = 6, pipeline = wgmma, partition = cluster, ctas_per_sm = 3>, split_k = 2, threads = 128,
// H200-SAME: #humming.dispatch_entry<m_min = 49, m_max = 64, tuning = <block = [64, 64, 64], warp = [64, 64, 64], stages = 6, pipeline = wgmma, partition = cluster, ctas_per_sm = 3>, split_k = 2, threads = 128,
// H200-SAME: #humming.dispatch_entry<m_min = 65, m_max = 80, tuning = <block = [80, 128, 64], warp = [80, 64, 64], stages = 8, pipeline = wgmma>, threads = 256,
// H200-SAME: #humming.dispatch_entry<m_min = 81, m_max = 96, tuning = <block = [96, 128, 64], warp = [96, 64, 64], stages = 8, pipeline = wgmma>, threads = 256,
// H200-SAME: #humming.dispatch_entry<m_min = 97, m_max = 112, tuning = <block = [112, 256, 64], warp = [112, 128, 64], stages = 6, pipeline = wgmma, partition = striped>, split_k = 3, threads = 256,
// H200-SAME: #humming.dispatch_entry<m_min = 113, m_max = 128, tuning = <block = [128, 256, 64], warp = [128, 128, 64], stages = 6, pipeline = wgmma, partition = striped>, split_k = 3, threads = 256,
// H200-SAME: #humming.dispatch_entry<m_min = 129, m_max = 144, tuning = <block = [144, 128, 64], warp = [144, 64, 64], stages = 5, pipeline = wgmma>, threads = 256,
// H200-SAME: #humming.dispatch_entry<m_min = 145, m_max = 160, tuning = <block = [160, 128, 64], warp = [160, 64, 64], stages = 5, pipeline = wgmma>, threads = 256,
// H200-SAME: #humming.dispatch_entry<m_min = 161, m_max = 176, tuning = <block = [176, 128, 64], warp = [176, 64, 64], stages = 5, pipeline = wgmma>, threads = 256,
// H200-SAME: #humming.dispatch_entry<m_min = 177, m_max = 192, tuning = <block = [192, 128, 64], warp = [192, 64, 64], stages = 5, pipeline = wgmma>, threads = 256,
// H200-SAME: #humming.dispatch_entry<m_min = 193, m_max = 224, tuning = <block = [224, 128, 64], warp = [224, 64, 64], stages = 5, pipeline = wgmma>, threads = 256,
// H200-SAME: #humming.dispatch_entry<m_min = 225, m_max = 0, tuning = <block = [128, 256, 64], warp = [128, 128, 64], stages = 6, pipeline = wgmma>, threads = 256,

// H200, g128 at 17..64 rows: 16 stages (two runs of two k-blocks per
// iteration, a set of sums each) where 2 K splits fill the SMs (N = K =
// 8192); with 4 (@w4a16 above, N = K = 4096) 12, one run per iteration.
// The 2 splits are a cluster pair (sections 89 and 95).
// H200-LABEL: func.func @g128square
// H200: #humming.dispatch_entry<m_min = 17, m_max = 32, tuning = <block = [32, 128, 64], warp = [32, 64, 64], stages = 16, pipeline = wgmma, partition = cluster>, split_k = 2,
// H200-SAME: #humming.dispatch_entry<m_min = 33, m_max = 48, tuning = <block = [48, 128, 64], warp = [48, 64, 64], stages = 16, pipeline = wgmma, partition = cluster>, split_k = 2,
// H200-SAME: #humming.dispatch_entry<m_min = 49, m_max = 64, tuning = <block = [64, 128, 64], warp = [64, 64, 64], stages = 16, pipeline = wgmma, partition = cluster>, split_k = 2,

// H200, 8-bit channel codes at N = K = 4096: 128 unsplit 32-column blocks
// (4 warps along K, 32 stages) at one CTA per SM at M <= 16, no K split
// (bench/NOTES.md section 75: 1.0-1.2 us faster than 2 splits of 64 tiles
// of 16 x 64). The A100's 108 SMs would take the 128 blocks in two waves:
// they take the 64 tiles unsplit.
// H200-LABEL: func.func @int8square
// H200: #humming.dispatch_entry<m_min = 1, m_max = 8, tuning = <block = [8, 32, 64], warp = [8, 32, 16], stages = 32, swap_ab = true>, threads = 128,
// H200-SAME: #humming.dispatch_entry<m_min = 9, m_max = 16, tuning = <block = [16, 32, 64], warp = [16, 32, 16], stages = 32>, threads = 128,

// A100 (108 SMs): fewer SMs, smaller splits.
// A100: humming.target = #humming.target<chip = "a100", arch = sm_80, sms = 108
// A100: #humming.dispatch_entry<m_min = 1, m_max = 8, tuning = <block = [8, 256, 64], warp = [8, 32, 64], stages = 8, partition = striped, swap_ab = true>, split_k = 6,
// A100-SAME: #humming.dispatch_entry<m_min = 9, m_max = 16, tuning = <block = [16, 256, 64], warp = [16, 32, 64], stages = 8, partition = striped>, split_k = 6,
// A100-LABEL: func.func @int8square
// A100: #humming.dispatch_entry<m_min = 1, m_max = 8, tuning = <block = [8, 64, 64], warp = [8, 32, 16], stages = 16, swap_ab = true>, threads = 256,
// A100-SAME: #humming.dispatch_entry<m_min = 9, m_max = 16, tuning = <block = [16, 64, 64], warp = [16, 32, 16], stages = 16>, threads = 256,

module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @w4a16(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096x32xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096x32xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>} : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
  func.func @wide(%a: tensor<?x4096xf16>, %w: tensor<28672x512xi32>, %s: tensor<28672xf16>) -> tensor<?x28672xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<28672xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 28672, k = 4096>} : tensor<?x4096xf16>, tensor<28672x512xi32> -> tensor<?x28672xf16>
    return %c : tensor<?x28672xf16>
  }
  func.func @channel4096(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>} : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
  func.func @int8(%a: tensor<?x8192xf16>, %w: tensor<8192x2048xi32>, %s: tensor<8192xf16>) -> tensor<?x8192xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<8192xf16>) {
        weight_scheme = #humming.weight<format = int8, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 8192, k = 8192>} : tensor<?x8192xf16>, tensor<8192x2048xi32> -> tensor<?x8192xf16>
    return %c : tensor<?x8192xf16>
  }
  func.func @int8wide(%a: tensor<?x4096xf16>, %w: tensor<28672x1024xi32>, %s: tensor<28672xf16>) -> tensor<?x28672xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<28672xf16>) {
        weight_scheme = #humming.weight<format = int8, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 28672, k = 4096>} : tensor<?x4096xf16>, tensor<28672x1024xi32> -> tensor<?x28672xf16>
    return %c : tensor<?x28672xf16>
  }
  func.func @channel8192(%a: tensor<?x8192xf16>, %w: tensor<8192x1024xi32>, %s: tensor<8192xf16>) -> tensor<?x8192xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<8192xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 8192, k = 8192>} : tensor<?x8192xf16>, tensor<8192x1024xi32> -> tensor<?x8192xf16>
    return %c : tensor<?x8192xf16>
  }
  func.func @channel8192x4096(%a: tensor<?x4096xf16>, %w: tensor<8192x512xi32>, %s: tensor<8192xf16>) -> tensor<?x8192xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<8192xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 8192, k = 4096>} : tensor<?x4096xf16>, tensor<8192x512xi32> -> tensor<?x8192xf16>
    return %c : tensor<?x8192xf16>
  }
  func.func @int4x11008(%a: tensor<?x4096xf16>, %w: tensor<11008x512xi32>, %s: tensor<11008xf16>) -> tensor<?x11008xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<11008xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 11008, k = 4096>} : tensor<?x4096xf16>, tensor<11008x512xi32> -> tensor<?x11008xf16>
    return %c : tensor<?x11008xf16>
  }
  func.func @int8x11008(%a: tensor<?x4096xf16>, %w: tensor<11008x1024xi32>, %s: tensor<11008xf16>) -> tensor<?x11008xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<11008xf16>) {
        weight_scheme = #humming.weight<format = int8, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 11008, k = 4096>} : tensor<?x4096xf16>, tensor<11008x1024xi32> -> tensor<?x11008xf16>
    return %c : tensor<?x11008xf16>
  }
  func.func @g128square(%a: tensor<?x8192xf16>, %w: tensor<8192x1024xi32>, %s: tensor<8192x64xf16>) -> tensor<?x8192xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<8192x64xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 8192, k = 8192>} : tensor<?x8192xf16>, tensor<8192x1024xi32> -> tensor<?x8192xf16>
    return %c : tensor<?x8192xf16>
  }
  func.func @int8square(%a: tensor<?x4096xf16>, %w: tensor<4096x1024xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = int8, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>} : tensor<?x4096xf16>, tensor<4096x1024xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}
