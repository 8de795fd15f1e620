// The epilogue's per-column arrays (channel scale, bias) are copied into
// shared memory with the first pipeline stage, after the split-K flag, so
// that the end of a unit never waits on global memory for them; column pairs
// are stored as one f16x2 when N is even, one f16 at a time when it is odd.
// RUN: humming-opt %s --split-input-file --humming-decode-formats --humming-fuse-dequant --humming-lower-gemm=entry=0 | FileCheck %s

// 2 stages of (16 x 64 A halves + 4 x 4 x 32 x 4 x 4 codes) = 2 x 10240
// bytes, the flag (16), then 256 fp32 scales at 20496 and 256 fp32 biases
// at 21520: 22544 bytes.
// CHECK-LABEL: gpu.func @even_0_m1
// The first prologue group: stage 0's copies, then the scales' and the
// biases' (one 16-byte chunk of each per thread, 64 of 256 threads).
// CHECK: nvvm.cp.async.shared.global
// CHECK: arith.constant 20496 : i32
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg :
// CHECK: arith.constant 21520 : i32
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg :
// CHECK: nvvm.cp.async.commit.group
// CHECK: nvvm.cp.async.wait.group 0
// The epilogue reads a column pair's scale and bias from shared memory...
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> i64
// CHECK: arith.mulf
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> i64
// CHECK: arith.addf
// ...and stores the pair as one 4-byte f16x2.
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<2xf16>, !llvm.ptr<1>
// CHECK-NOT: llvm.load %{{.*}} : !llvm.ptr<1> -> f32
// The next unit's prologue rewrites the arrays: a barrier ends the unit.
// CHECK: nvvm.barrier0
// CHECK-NEXT: }
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @even(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256xf16>, %b: tensor<256xf16>) -> tensor<?x256xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<256xf16>) bias(%b : tensor<256xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 256, k = 256, bias = true>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [16, 256, 64], warp = [16, 64, 64], stages = 2, partition = striped>, split_k = 1, threads = 128, smem = 22544, kernel = "even_0_m1">]}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
    return %c : tensor<?x256xf16>
  }
}

// -----

// N = 249 (odd: rows start at odd elements): one f16 store per column.
// CHECK-LABEL: gpu.func @odd_0_m1
// CHECK: nvvm.cp.async.wait.group 0
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> i64
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 2 : i64} : f16, !llvm.ptr<1>
// CHECK-NOT: vector<2xf16>, !llvm.ptr<1>
// CHECK: nvvm.barrier0
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @odd(%a: tensor<?x256xf16>, %w: tensor<249x32xi32>, %s: tensor<249xf16>) -> tensor<?x249xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<249xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 249, k = 256>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [16, 256, 64], warp = [16, 64, 64], stages = 2, partition = striped>, split_k = 1, threads = 128, smem = 21520, kernel = "odd_0_m1">]}
      : tensor<?x256xf16>, tensor<249x32xi32> -> tensor<?x249xf16>
    return %c : tensor<?x249xf16>
  }
}

// -----

// activations_l1 (`:l1`) on a staged tile: the activation rows' copies are
// cached in L1 as well (cache = ca, zero-filled past K), the codes' and the
// epilogue arrays' copies stay L2-only (cache = cg).
// CHECK-LABEL: gpu.func @l1_0_m1
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = ca, %{{.*}} :
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg :
// CHECK: arith.constant 20496 : i32
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg :
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @l1(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256xf16>) -> tensor<?x256xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<256xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 256, k = 256>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [16, 256, 64], warp = [16, 64, 64], stages = 2, partition = striped, activations_l1 = true>, split_k = 1, threads = 128, smem = 21520, kernel = "l1_0_m1">]}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
    return %c : tensor<?x256xf16>
  }
}

// -----

// K = 200, not whole k-blocks: a chunk of the activation rows at or past K
// reads zero bytes from its row's start.
// CHECK-LABEL: gpu.func @ktail_0_m1
// CHECK: %[[K:.*]] = arith.constant 200 : i32
// CHECK-NEXT: %[[VALID:.*]] = arith.cmpi ult, %{{.*}}, %[[K]] : i32
// CHECK: arith.select %[[VALID]]
// CHECK: %[[BYTES:.*]] = arith.select %[[VALID]], %c16_i32{{.*}}, %c0_i32{{.*}} : i32
// CHECK-NEXT: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg, %[[BYTES]] :
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @ktail(%a: tensor<?x200xf16>, %w: tensor<256x25xi32>, %s: tensor<256xf16>) -> tensor<?x256xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<256xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 256, k = 200>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [16, 256, 64], warp = [16, 64, 64], stages = 2, partition = striped>, split_k = 1, threads = 128, smem = 21520, kernel = "ktail_0_m1">]}
      : tensor<?x200xf16>, tensor<256x25xi32> -> tensor<?x256xf16>
    return %c : tensor<?x256xf16>
  }
}
