// Blocks of 32 columns (one warp along N): half a 64-column weight tile.
// The kernel layout keeps a tile's halves apart for even code widths
// (KernelLayout.h), so the block copies one contiguous half-run per k-block
// (512 bytes of uint4 codes: 32 chunks of 16 bytes over 128 threads, one
// each for threads < 32) and its 32 group scales (64 bytes: 4 chunks); each
// warp (4 along K) reads the lane's 8 bytes of its k16 step, runs 4
// mma.sync (16 rows x 4 n8-tiles) into per-group sums, and scales them by
// the 4 n8-tiles' values of its columns 2 t and 2 t + 1 (two 8-byte loads).
// RUN: humming-opt %s --split-input-file --verify-diagnostics --humming-decode-formats --humming-fuse-dequant --humming-select-pipeline --humming-lower-gemm=entry=0 | FileCheck %s

// Its 128 units (one per 32-column block) fit the 132 CTA slots, so the
// CTA runs its own unit under a guard, without the persistent loop.
// CHECK-LABEL: gpu.func @narrow_0_m1
// CHECK-NOT: scf.for
// CHECK: scf.if
// CHECK-NOT: scf.for
// CHECK: nvvm.cp.async.shared.global
// CHECK: scf.for
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<2xi32>
// CHECK-COUNT-4: nvvm.mma.sync
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<4xf16>
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<4xf16>
// CHECK: gpu.return

module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @narrow(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096x32xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096x32xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 16, tuning = <block = [16, 32, 64], warp = [16, 32, 16], stages = 16>, threads = 128, smem = 50192, kernel = "narrow_0_m1">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// Odd code widths keep a lane's words together, so no half-run exists to
// stream: a 32-column block is refused before any IR.
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @odd(%a: tensor<?x4096xf16>, %w: tensor<4096x384xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    // expected-error @+1 {{dispatch entry 0 (odd_0_m1): tile config 16x32x64 (warps 1x1x4, stages 16) is not one the mma.sync builder can emit (a 32-column block is one mma.sync warp along N of an even code width)}}
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint3, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 16, tuning = <block = [16, 32, 64], warp = [16, 32, 16], stages = 16>, threads = 128, smem = 45200, kernel = "odd_0_m1">]}
      : tensor<?x4096xf16>, tensor<4096x384xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// Any other width that is not whole 64-column tiles is refused before any IR.
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @wide96(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    // expected-error @+1 {{dispatch entry 0 (wide96_0_m1): tile config 16x96x64 (warps 1x3x1, stages 4) is not one the mma.sync builder can emit (block N 32 or a whole number of 64-column weight tiles, not 96)}}
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [16, 96, 64], warp = [16, 32, 64], stages = 4>, threads = 96, smem = 20880, kernel = "wide96_0_m1">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}
