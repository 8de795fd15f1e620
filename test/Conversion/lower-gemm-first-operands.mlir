// The first k16 step's operands before an iteration's refill copies
// (MmaSyncKernel.cpp, operandsBeforeRefill; bench/NOTES.md section 36): in
// the mma.sync kernels of M tiles of 16 rows with channel scales, or with
// 4-bit codes and group scales on per-group sums, the warp's first A
// fragments (ldmatrix) and code words are loaded right after the
// iteration's barrier, before its cp.async copies; ptxas otherwise hands
// those loads registers the copies still hold. 32-row tiles, group scales
// in the B fragment and 8-bit codes with group scales (not measured faster
// that way) keep the copies first. The wgmma kernels' rule is checked in
// lower-gemm-wgmma.mlir (@codesfirst).
// RUN: humming-opt %s --split-input-file --humming-decode-formats --humming-fuse-dequant --humming-select-pipeline --humming-lower-gemm=entry=0 | FileCheck %s

// CHECK-LABEL: gpu.func @first_0_m1
// CHECK: nvvm.cp.async.wait.group
// CHECK-NEXT: nvvm.barrier0
// CHECK-NOT: nvvm.cp.async.shared.global
// CHECK: nvvm.ldmatrix
// CHECK-NOT: nvvm.cp.async.shared.global
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<2xi32>
// CHECK: nvvm.cp.async.shared.global
// CHECK: nvvm.mma.sync
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @first(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [16, 64, 64], warp = [16, 32, 16], stages = 8>, threads = 256, smem = 33040, kernel = "first_0_m1">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// CHECK-LABEL: gpu.func @copies_0_m1
// CHECK: nvvm.cp.async.wait.group
// CHECK-NEXT: nvvm.barrier0
// CHECK-NOT: nvvm.ldmatrix
// CHECK: nvvm.cp.async.shared.global
// CHECK: nvvm.cp.async.commit.group
// CHECK: nvvm.ldmatrix
// CHECK: nvvm.mma.sync
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @copies(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [32, 64, 64], warp = [32, 32, 16], stages = 8>, threads = 256, smem = 49424, kernel = "copies_0_m1">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// Group 32 in the B fragment: copies first.
// CHECK-LABEL: gpu.func @grouped_0_m1
// CHECK: nvvm.cp.async.wait.group
// CHECK-NEXT: nvvm.barrier0
// CHECK-NOT: nvvm.ldmatrix
// CHECK: nvvm.cp.async.shared.global
// CHECK: nvvm.cp.async.commit.group
// CHECK: nvvm.ldmatrix
// CHECK: nvvm.mma.sync
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @grouped(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096x128xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096x128xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 32>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [16, 64, 64], warp = [16, 32, 16], stages = 8>, threads = 256, smem = 34832, kernel = "grouped_0_m1">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// Group 128 on sums (a run of two k-blocks per iteration): operands first.
// CHECK-LABEL: gpu.func @sums_0_m1
// CHECK: nvvm.cp.async.wait.group
// CHECK-NEXT: nvvm.barrier0
// CHECK-NOT: nvvm.cp.async.shared.global
// CHECK: nvvm.ldmatrix
// CHECK: nvvm.cp.async.shared.global
// CHECK: nvvm.mma.sync
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @sums(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096x32xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096x32xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [16, 64, 64], warp = [16, 32, 16], stages = 8>, threads = 256, smem = 33808, kernel = "sums_0_m1">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// 8-bit codes with group 128 on sums: copies first.
// CHECK-LABEL: gpu.func @int8sums_0_m1
// CHECK: nvvm.cp.async.wait.group
// CHECK-NEXT: nvvm.barrier0
// CHECK-NOT: nvvm.ldmatrix
// CHECK: nvvm.cp.async.shared.global
// CHECK: nvvm.cp.async.commit.group
// CHECK: nvvm.ldmatrix
// CHECK: nvvm.mma.sync
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @int8sums(%a: tensor<?x4096xf16>, %w: tensor<4096x1024xi32>, %s: tensor<4096x32xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096x32xf16>) {
        weight_scheme = #humming.weight<format = uint8, scale = group, group_size = 128>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [16, 64, 64], warp = [16, 32, 16], stages = 8>, threads = 256, smem = 50192, kernel = "int8sums_0_m1">]}
      : tensor<?x4096xf16>, tensor<4096x1024xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}
