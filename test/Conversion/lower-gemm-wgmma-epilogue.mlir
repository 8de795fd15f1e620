// The wgmma epilogue with N a multiple of 8 and 48+ accumulators a thread:
// each warp stages its outputs
// in shared memory with stmatrix .trans (the swapped D's lane holds two
// adjacent rows of one column: the transposed fragment) and reads them back
// as 16-byte row pieces, one 16-byte global store per lane and 16 rows; a
// barrier ends the unit (the next unit's copies reuse the stages). Where N
// is not a multiple of 8 the rows are not 16-byte aligned, and where a
// thread holds fewer (17..64-row tiles) staging does not pay: one f16
// store per accumulator. A cluster end whose received sums leave no room for the
// staged tile stages over them, after a barrier.
// RUN: humming-opt %s --split-input-file --humming-decode-formats --humming-fuse-dequant --humming-select-pipeline --humming-lower-gemm=entry=0 | FileCheck %s

// 64 x 128 tile, one warpgroup (64 accumulators a thread): per warp 2
// weight tiles x 8 row groups, so 16 stmatrix .x2, then 8 read-back pairs.
// CHECK-LABEL: gpu.func @staged_0_m1
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NOT: stmatrix
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: arith.mulf
// CHECK: llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK-COUNT-16: "stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [$0], {$1, $2};"
// CHECK-NOT: stmatrix
// CHECK: nvvm.bar.warp.sync
// CHECK-COUNT-8: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<1>
// CHECK-NOT: !llvm.ptr<1>
// CHECK: nvvm.barrier0
// CHECK-NEXT: }
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @staged(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256xf16>) -> tensor<?x256xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<256xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 256, k = 256>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [64, 128, 64], warp = [64, 128, 64], stages = 4, pipeline = wgmma, partition = striped>, split_k = 1, threads = 128, smem = 49680, kernel = "staged_0_m1">]}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
    return %c : tensor<?x256xf16>
  }
}

// -----

// N = 252 (64 x 128 as above): one f16 store per accumulator.
// CHECK-LABEL: gpu.func @unaligned_0_m1
// CHECK-NOT: stmatrix
// CHECK-COUNT-64: llvm.store %{{.*}}, %{{.*}} {alignment = 2 : i64} : f16, !llvm.ptr<1>
// CHECK-NOT: stmatrix
// CHECK-NOT: vector<4xi32>, !llvm.ptr<1>
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @unaligned(%a: tensor<?x256xf16>, %w: tensor<252x32xi32>, %s: tensor<252xf16>) -> tensor<?x252xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<252xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 252, k = 256>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [64, 128, 64], warp = [64, 128, 64], stages = 4, pipeline = wgmma, partition = striped>, split_k = 1, threads = 128, smem = 49680, kernel = "unaligned_0_m1">]}
      : tensor<?x256xf16>, tensor<252x32xi32> -> tensor<?x252xf16>
    return %c : tensor<?x252xf16>
  }
}

// -----

// 192 x 128 in a cluster of 2 with 2 stages: the received sums (96 KB)
// fill the stages, so the staged tile (48 KB) goes over them once every
// warp has read its own. Each CTA stages its share, 12 of 24 row groups.
// CHECK-LABEL: gpu.func @overlap_0_m1
// CHECK: mbarrier.try_wait.parity.shared::cta.b64 p, [$1], $2;
// CHECK: nvvm.barrier0
// CHECK-COUNT-12: "stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [$0], {$1, $2};"
// CHECK-NOT: stmatrix
// CHECK: nvvm.bar.warp.sync
// CHECK-COUNT-6: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<1>
// CHECK: mbarrier.try_wait.parity.shared::cta.b64 p, [$1], $2;
// CHECK: nvvm.barrier0
// CHECK-COUNT-12: "stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [$0], {$1, $2};"
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @overlap(%a: tensor<?x512xf16>, %w: tensor<256x64xi32>, %s: tensor<256xf16>) -> tensor<?x256xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<256xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 256, k = 512>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 192, tuning = <block = [192, 128, 64], warp = [192, 64, 64], stages = 2, pipeline = wgmma, partition = cluster>, split_k = 2, threads = 256, smem = 98832, kernel = "overlap_0_m1">]}
      : tensor<?x512xf16>, tensor<256x64xi32> -> tensor<?x256xf16>
    return %c : tensor<?x256xf16>
  }
}

// -----

// 32 x 128 (32 accumulators a thread): one f16 store per accumulator.
// CHECK-LABEL: gpu.func @few_0_m1
// CHECK-NOT: stmatrix
// CHECK-COUNT-32: llvm.store %{{.*}}, %{{.*}} {alignment = 2 : i64} : f16, !llvm.ptr<1>
// CHECK-NOT: stmatrix
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @few(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256xf16>) -> tensor<?x256xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<256xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 256, k = 256>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [32, 128, 64], warp = [32, 128, 64], stages = 4, pipeline = wgmma, partition = striped>, split_k = 1, threads = 128, smem = 33296, kernel = "few_0_m1">]}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
    return %c : tensor<?x256xf16>
  }
}
