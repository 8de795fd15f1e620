// Swapped mma.sync tiles of 16 rows (swap_ab with warp M extent 16): each
// decoded A fragment (a pair of n8-tiles of weights) meets two n8 B operands,
// rows 0-7 and 8-15, so the decode is shared by both rows' MMAs. Staged: one
// ldmatrix.x4 per k16 step gives both B fragments. Register stream: a lane
// loads the 16 contiguous halves of rows g and 8 + g (four 16-byte loads a
// k-block), each row only where it is < M.
// RUN: humming-opt %s --split-input-file --humming-decode-formats --humming-fuse-dequant --humming-lower-gemm=entry=0 | FileCheck %s

// Staged, 16 x 128 tile of 4 warps (32 columns: 2 pairs), 2 k-blocks an
// iteration: per k16 step one ldmatrix.x4 and 2 pairs x 2 row groups = 4
// MMAs, 32 in the iteration; the epilogue stores rows 2 t, 2 t + 1 and 8 +
// 2 t, 9 + 2 t, one 4-byte value per accumulator.
// CHECK-LABEL: gpu.func @staged_0_m1
// CHECK: scf.for
// CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NOT: num = 2 : i32
// CHECK-COUNT-32: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
// CHECK: scf.yield
// CHECK-COUNT-16: llvm.store %{{.*}}, %{{.*}} atomic syncscope("device") monotonic {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK-NOT: atomic syncscope("device") monotonic {alignment = 4 : i64} : f32
// CHECK: "atom.acq_rel.gpu.global.add.u32
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @staged(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 16, tuning = <block = [16, 128, 64], warp = [16, 32, 64], stages = 8, partition = striped, ctas_per_sm = 2, swap_ab = true>, split_k = 4, threads = 128, smem = 49680, kernel = "staged_0_m1">,
                            #humming.dispatch_entry<m_min = 17, m_max = 0, tuning = <block = [128, 128, 64], warp = [64, 64, 64], stages = 4>, threads = 128, smem = 82448, kernel = "staged_0_m17">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// Group scales on per-group sums: the scale of accumulator i is its pair's
// column (pair (i / 4) mod 2, whichever row group), one FMA per accumulator
// (16) after each group's run.
// CHECK-LABEL: gpu.func @staged_g_0_m1
// CHECK: scf.for
// CHECK-COUNT-16: llvm.intr.fma
// CHECK: scf.yield
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @staged_g(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096x32xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096x32xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 16, tuning = <block = [16, 128, 64], warp = [16, 32, 64], stages = 8, partition = striped, ctas_per_sm = 2, swap_ab = true>, split_k = 4, threads = 128, smem = 51216, kernel = "staged_g_0_m1">,
                            #humming.dispatch_entry<m_min = 17, m_max = 0, tuning = <block = [128, 128, 64], warp = [64, 64, 64], stages = 4>, threads = 128, smem = 82448, kernel = "staged_g_0_m17">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// Register stream, 4 warps along K, 2 k-blocks ahead: each slot loads two
// 16-byte code words, then row g's two activation words and row 8 + g's
// two, each under its own row check; the loop computes 2 slots x 4 k16
// steps x 2 pairs x 2 row groups = 32 MMAs.
// CHECK-LABEL: gpu.func @rs_0_m1
// CHECK-NOT: nvvm.ldmatrix
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xi32>
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xi32>
// CHECK-COUNT-4: scf.if
// CHECK: scf.for
// CHECK-NOT: nvvm.barrier0
// CHECK-COUNT-32: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
// CHECK: scf.yield
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @rs(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 16, tuning = <block = [16, 32, 64], warp = [16, 32, 16], stages = 2, cp_async = false, swap_ab = true, register_stream = true>, threads = 128, smem = 6288, kernel = "rs_0_m1">,
                            #humming.dispatch_entry<m_min = 17, m_max = 0, tuning = <block = [128, 128, 64], warp = [64, 64, 64], stages = 4>, threads = 128, smem = 82448, kernel = "rs_0_m17">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}
