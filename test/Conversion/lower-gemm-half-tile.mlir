// Warp tiles half a weight tile wide (TileConfig::warpCols = 32): a 64-row
// warp holds 4 m16 x 4 n8 accumulator tiles (64 floats, not 128), loads the
// second half of its lanes' code words (8 bytes of int4 per lane) and 4
// group scales per k16 step (8 bytes), and runs 16 mma.sync per k16 step.
// RUN: humming-opt %s --split-input-file --verify-diagnostics --humming-decode-formats --humming-fuse-dequant --humming-select-pipeline --humming-lower-gemm=entry=0 | FileCheck %s

// CHECK-LABEL: gpu.func @half_0_m1
// Each warp's 32 K of a stage (2 warps along K) is one group of 32: its 4
// scales once, then per k16 step its half of the lane's code words.
// CHECK: scf.for
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<4xf16>
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<2xi32>
// CHECK-COUNT-16: nvvm.mma.sync
// CHECK-NOT: vector<4xf16>
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<2xi32>
// CHECK-COUNT-16: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
// CHECK: gpu.return

module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @half(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096x128xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096x128xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 32>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [64, 128, 64], warp = [64, 32, 32], stages = 4>, threads = 256, smem = 51216, kernel = "half_0_m1">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// Odd code widths keep whole tiles per warp: 16 codes of 3 bits end
// mid-word, so the upper half of a lane's codes does not start on a word.
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @odd(%a: tensor<?x4096xf16>, %w: tensor<4096x384xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    // expected-error @+1 {{dispatch entry 0 (odd_0_m1): warp tiles 32 columns wide need an even code width (half a weight tile's codes must start on a word), not 3 bits}}
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint3, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [64, 128, 64], warp = [64, 32, 32], stages = 4>, threads = 256, smem = 45584, kernel = "odd_0_m1">]}
      : tensor<?x4096xf16>, tensor<4096x384xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}
