// A K split as one thread-block cluster (partition = cluster, sm_90+): the
// tile's 4 splits are consecutive CTAs of one cluster, fixed at compile time
// (nvvm.cluster_dim, .reqnctapercluster in the PTX). At the end of a unit
// each CTA stores its sums to its shared memory and a cluster barrier
// publishes them. Then every CTA reduces a share of the tile: split r owns
// the 16-byte chunks c with c mod 4 = r of every thread (here 16 sums, 4
// chunks: one each), reads that chunk from all four CTAs, its own included,
// through distributed shared memory (mapa + ld.shared::cluster) in split
// order, adds them in that order and stores those outputs (two column
// pairs). A second cluster barrier keeps every CTA's shared memory until the
// others are done. No workspace partials, counter or fence.
// RUN: humming-opt %s --humming-lower-gemm=entry=0 | FileCheck %s
// RUN: humming-opt %s --humming-to-cubin="entry=0 format=isa" | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: gpu.func @cl_0_m1
// CHECK-SAME: nvvm.cluster_dim = array<i32: 4, 1, 1>
// CHECK-NOT: llvm.atomicrmw
// CHECK: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK: scf.if
// CHECK: nvvm.mapa %{{.*}}, %c0_i32{{[_0-9]*}} : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK-NEXT: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<7> -> vector<4xf32>
// CHECK: nvvm.mapa %{{.*}}, %c1_i32{{[_0-9]*}}
// CHECK: nvvm.mapa %{{.*}}, %c2_i32{{[_0-9]*}}
// CHECK: nvvm.mapa %{{.*}}, %c3_i32{{[_0-9]*}}
// CHECK-NOT: nvvm.mapa
// CHECK-COUNT-2: llvm.store %{{.*}} {alignment = 4 : i64} : vector<2xf16>, !llvm.ptr<1>
// The other three owners, the same.
// CHECK-COUNT-12: nvvm.mapa
// CHECK-NOT: nvvm.mapa
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
