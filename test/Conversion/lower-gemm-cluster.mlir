// A K split as one thread-block cluster (partition = cluster, sm_90+): the
// tile's 4 splits are consecutive CTAs of one cluster, fixed at compile time
// (nvvm.cluster_dim, .reqnctapercluster in the PTX). At the end of a unit
// each CTA stores its sums to its shared memory, a cluster barrier
// publishes them, split 0 reads the other three's through distributed
// shared memory (mapa + ld.shared::cluster), adds them in split order and
// runs the epilogue, and a second cluster barrier keeps the others' shared
// memory until it is done. No workspace partials, counter or fence.
// RUN: humming-opt %s --humming-lower-gemm=entry=0 | FileCheck %s
// RUN: humming-opt %s --humming-to-cubin="entry=0 format=isa" | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: gpu.func @cl_0_m1
// CHECK-SAME: nvvm.cluster_dim = array<i32: 4, 1, 1>
// CHECK-NOT: llvm.atomicrmw
// CHECK: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK-COUNT-3: nvvm.mapa
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<7> -> vector<4xf32>
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK-NOT: llvm.atomicrmw
// CHECK: gpu.return
// PTX: .explicitcluster
// PTX: .reqnctapercluster 4, 1, 1
// PTX-DAG: barrier.cluster.arrive
// PTX-DAG: ld.shared::cluster.v4

module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @cl(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.decode = #humming.decode<bits = 4, subtract = 1032>,
        humming.dequant = #humming.dequant<zero_point = decode_constant, scale = accumulator>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 16, tuning = <block = [16, 256, 64], warp = [16, 32, 64], stages = 8, partition = cluster>, split_k = 4, threads = 256, smem = 82960, kernel = "cl_0_m1">,
                            #humming.dispatch_entry<m_min = 17, m_max = 0, tuning = <block = [128, 128, 64], warp = [64, 64, 64], stages = 4>, threads = 128, smem = 82448, kernel = "cl_0_m17">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}
