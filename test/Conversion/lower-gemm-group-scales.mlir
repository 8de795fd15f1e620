// Group scales of 64 or more on fp32 sums (kernel::groupScaleBlocks): in
// kernels small enough to hold a second set of accumulators, the MMAs of a
// run of k-blocks within one K group accumulate unscaled from zero, and the
// group's scales then go onto the sums, one FMA per accumulator, instead of
// one multiply per two decoded weights in the B fragment.
// RUN: humming-opt %s --split-input-file --humming-lower-gemm=entry=0 | FileCheck %s

// Group 128, two k-blocks per iteration (8 stages): one run per iteration.
// 40 k-blocks over 8 splits start on even k-blocks: 6 per split, not 5.
// CHECK-LABEL: gpu.func @g128_0_m1
// CHECK: arith.muli %{{.*}}, %c6_i32
// CHECK: scf.for
// CHECK: nvvm.cp.async.wait.group 4
// CHECK-NOT: arith.mulf
// CHECK: nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[%[[Z:.*]], %[[Z]], %[[Z]], %[[Z]]]
// CHECK-NOT: arith.mulf
// The second k-block only where the unit has it, onto the first's sums.
// CHECK: scf.if %{{.*}} -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
// CHECK-NOT: arith.mulf
// CHECK: } else {
// CHECK: scf.yield
// Then the scales of the lane's accumulator columns 2 t and 2 t + 1 of
// its 4 n8 tiles (two 8-byte loads from the first stage's group row), as
// f32, onto the 16 accumulators.
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<4xf16>
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<4xf16>
// CHECK-COUNT-16: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
// CHECK: scf.yield
// CHECK: gpu.return

module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @g128(%a: tensor<?x2560xf16>, %w: tensor<4096x320xi32>, %s: tensor<4096x20xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096x20xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 2560>,
        humming.decode = #humming.decode<bits = 4, subtract = 1032>,
        humming.dequant = #humming.dequant<zero_point = decode_constant, scale = b_fragment>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 16, tuning = <block = [16, 256, 64], warp = [16, 32, 64], stages = 8, partition = striped>, split_k = 8, threads = 256, smem = 86032, kernel = "g128_0_m1">,
                            #humming.dispatch_entry<m_min = 17, m_max = 0, tuning = <block = [16, 256, 64], warp = [16, 64, 64], stages = 4>, threads = 128, smem = 43024, kernel = "g128_0_m17">]}
      : tensor<?x2560xf16>, tensor<4096x320xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// Group 64: a group is one k-block, so each k-block of an iteration is its
// own run: the first's scales straight after its MMAs, the second's inside
// its branch (its stage may hold nothing where the unit has no such block).
// CHECK-LABEL: gpu.func @g64_0_m1
// CHECK: arith.muli %{{.*}}, %c5_i32
// CHECK: scf.for
// CHECK: nvvm.cp.async.wait.group 4
// CHECK: nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[%[[Z:.*]], %[[Z]], %[[Z]], %[[Z]]]
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<4xf16>
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<4xf16>
// CHECK-COUNT-16: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
// CHECK: scf.if %{{.*}} -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
// CHECK: nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[%[[Z2:.*]], %[[Z2]], %[[Z2]], %[[Z2]]]
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<4xf16>
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<4xf16>
// CHECK-COUNT-16: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
// CHECK-NEXT: scf.yield
// CHECK: } else {

module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @g64(%a: tensor<?x2560xf16>, %w: tensor<4096x320xi32>, %s: tensor<4096x40xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096x40xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 64>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 2560>,
        humming.decode = #humming.decode<bits = 4, subtract = 1032>,
        humming.dequant = #humming.dequant<zero_point = decode_constant, scale = b_fragment>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 16, tuning = <block = [16, 256, 64], warp = [16, 32, 64], stages = 8, partition = striped>, split_k = 8, threads = 256, smem = 86032, kernel = "g64_0_m1">,
                            #humming.dispatch_entry<m_min = 17, m_max = 0, tuning = <block = [16, 256, 64], warp = [16, 64, 64], stages = 4>, threads = 128, smem = 43024, kernel = "g64_0_m17">]}
      : tensor<?x2560xf16>, tensor<4096x320xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// A 64-row warp holds 64 accumulators: no room for a second set, so the
// scales stay in the B fragment (one f16x2 multiply per decoded pair).
// CHECK-LABEL: gpu.func @wide_0_m1
// CHECK: scf.for
// CHECK: nvvm.cp.async.wait.group
// CHECK: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> vector<2xf16>
// CHECK-NEXT: arith.mulf %{{.*}}, %{{.*}} : vector<2xf16>
// CHECK-NOT: (f32, f32, f32) -> f32
// CHECK: gpu.return

module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @wide(%a: tensor<?x2560xf16>, %w: tensor<4096x320xi32>, %s: tensor<4096x20xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096x20xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 2560>,
        humming.decode = #humming.decode<bits = 4, subtract = 1032>,
        humming.dequant = #humming.dequant<zero_point = decode_constant, scale = b_fragment>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [64, 128, 64], warp = [64, 32, 64], stages = 4>, threads = 128, smem = 50192, kernel = "wide_0_m1">]}
      : tensor<?x2560xf16>, tensor<4096x320xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// Whole weight tiles with 2 warps along K (the M <= 16 shape without a K
// split): 8 n8 tiles, 32 accumulators per thread, so the scales of the
// lane's columns 2 t and 2 t + 1 are two 8-byte loads each (one per
// 32-column half of the tile, KernelLayout.h), 32 FMAs per run. The run's
// scales are read from its first k-block's stage only, so the refill
// copies the scale row into that one (A, 2 of B and the row; then A and 2
// of B).
// CHECK-LABEL: gpu.func @whole_0_m1
// CHECK: scf.for
// CHECK: nvvm.cp.async.wait.group 4
// CHECK-COUNT-4: nvvm.cp.async.shared.global
// CHECK: nvvm.cp.async.commit.group
// CHECK-COUNT-3: nvvm.cp.async.shared.global
// CHECK-NOT: nvvm.cp.async.shared.global
// CHECK: nvvm.cp.async.commit.group
// CHECK-NOT: arith.mulf
// CHECK: } else {
// CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<4xf16>
// CHECK-COUNT-32: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
// CHECK: scf.yield

module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @whole(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096x32xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096x32xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.decode = #humming.decode<bits = 4, subtract = 1032>,
        humming.dequant = #humming.dequant<zero_point = decode_constant, scale = b_fragment>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [16, 256, 64], warp = [16, 64, 32], stages = 8>, threads = 256, smem = 86032, kernel = "whole_0_m1">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// `fragment_scales` (dispatch `:bf`) keeps the scales in the B fragment on a
// tile that could hold sums (the swapped 32-column block of 4 warps along
// K, 8 accumulators): each k-block loads the lane's 4 column scales from
// its stage and multiplies every decoded pair before its MMA; no f32 sums.
// CHECK-LABEL: gpu.func @frag_0_m1
// CHECK: scf.for
// CHECK: nvvm.cp.async.wait.group 8
// CHECK-NOT: (f32, f32, f32) -> f32
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<4xf16>
// CHECK-NOT: (f32, f32, f32) -> f32
// CHECK: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> vector<2xf16>
// CHECK-NEXT: arith.mulf %{{.*}}, %{{.*}} : vector<2xf16>
// CHECK-NOT: (f32, f32, f32) -> f32
// CHECK: nvvm.mma.sync
// CHECK-NOT: (f32, f32, f32) -> f32
// CHECK: gpu.return

module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @frag(%a: tensor<?x2560xf16>, %w: tensor<4096x320xi32>, %s: tensor<4096x20xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096x20xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 2560>,
        humming.decode = #humming.decode<bits = 4, subtract = 1032>,
        humming.dequant = #humming.dequant<zero_point = decode_constant, scale = b_fragment>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [8, 32, 64], warp = [8, 32, 16], stages = 16, ctas_per_sm = 2, swap_ab = true, fragment_scales = true>, threads = 128, smem = 33808, kernel = "frag_0_m1">]}
      : tensor<?x2560xf16>, tensor<4096x320xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}
