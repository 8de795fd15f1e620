// Swapped mma.sync (TileConfig::swapAB, `:sw` in dispatch text, swap_ab in
// the tuning): the decoded weights are the MMA's A operand and 8 activation
// rows its B, so an 8-row M tile takes one m16n8k16 per pair of n8-tiles
// per k16 step (half the MMAs of a 16-row tile). The warp's activation B
// fragment is one ldmatrix.x2 per k16 step; the A fragment of pair p is
// the decoded B fragments of n8-tiles 2 p and 2 p + 1, interleaved (rows
// 0-7, 8-15 at k 2 t, then at k 8 + 2 t). The accumulators are the swapped
// D: rows 2 t, 2 t + 1 of the lane's columns, so the split-K partials and
// the epilogue go one 4-byte value at a time, and the group scales of the
// sums are the B-fragment values [g][j].
// RUN: humming-opt %s --humming-decode-formats --humming-fuse-dequant --humming-lower-gemm=entry=0 | FileCheck %s --implicit-check-not="num = 4 : i32"

// 8 x 128 tile, 4 warps of 32 columns (4 n8-tiles, 2 pairs), 2 k-blocks an
// iteration: per k16 step one ldmatrix.x2 (none of 16 rows, x4, anywhere)
// and 2 MMAs, 16 in the iteration.
// CHECK-LABEL: gpu.func @channel_0_m1
// CHECK: nvvm.barrier0
// CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 2 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32)>
// CHECK-COUNT-16: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
// Partials and outputs: one 4-byte value per accumulator.
// CHECK: llvm.store %{{.*}}, %{{.*}} atomic syncscope("device") monotonic {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK-NOT: atomic syncscope("device") monotonic {alignment = 8 : i64}
// CHECK: "atom.acq_rel.gpu.global.add.u32
// CHECK: llvm.load %{{.*}} atomic syncscope("device") monotonic {alignment = 4 : i64} : !llvm.ptr<1> -> f32
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @channel(%a: tensor<?x8192xf16>, %w: tensor<8192x1024xi32>, %s: tensor<8192xf16>) -> tensor<?x8192xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<8192xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 8192, k = 8192>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 8, tuning = <block = [8, 128, 64], warp = [8, 32, 64], stages = 8, partition = striped, ctas_per_sm = 2, swap_ab = true>, split_k = 4, threads = 128, smem = 41488, kernel = "channel_0_m1">,
                            #humming.dispatch_entry<m_min = 9, m_max = 0, tuning = <block = [128, 128, 64], warp = [64, 64, 64], stages = 4>, threads = 128, smem = 82448, kernel = "channel_0_m9">]}
      : tensor<?x8192xf16>, tensor<8192x1024xi32> -> tensor<?x8192xf16>
    return %c : tensor<?x8192xf16>
  }
}
