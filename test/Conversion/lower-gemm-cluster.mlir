// A K split as one thread-block cluster (partition = cluster, sm_90+): the
// tile's 4 splits are consecutive CTAs of one cluster, fixed at compile time
// (nvvm.cluster_dim, .reqnctapercluster in the PTX). At the kernel's start
// thread 0 sets up the end's two mbarriers ("free", one arrival; "received",
// one arrival) and a relaxed cluster arrive publishes them. At the end of a
// unit every CTA owns a share of the tile: split r owns the 16-byte chunks c
// with c mod 4 = r of every thread (here 16 sums, 4 chunks: one each). Once
// the cluster wait has seen the mbarriers, thread 0 tells the three others
// its stages are free (a relaxed remote complete_tx on their "free"), expects
// 3 of them on its own, and expects 3 x 256 threads x 16 bytes on
// "received". Every thread waits for "free", pushes its other three chunks
// into their owners' stages with st.async (completing on the owner's
// "received"), waits for "received", loads the three chunks pushed to it,
// adds them with its own in split order and stores those outputs (two
// column pairs). No cluster barrier after the loop, no fence, no CTA reading
// another's shared memory (ld.shared::cluster), no workspace or counter.
// RUN: humming-opt %s --humming-lower-gemm=entry=0 | FileCheck %s
// RUN: humming-opt %s --humming-to-cubin="entry=0 format=isa" | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: gpu.func @cl_0_m1
// CHECK-SAME: nvvm.cluster_dim = array<i32: 4, 1, 1>
// CHECK: "mbarrier.init.shared::cta.b64 [$0], 1;"
// CHECK-NEXT: "mbarrier.init.shared::cta.b64 [$0], 1;"
// CHECK-NEXT: "fence.mbarrier_init.release.cluster;"
// CHECK: nvvm.cluster.arrive.relaxed
// CHECK-NOT: llvm.atomicrmw
// CHECK-NOT: nvvm.cluster.arrive
// CHECK: nvvm.cluster.wait
// Owner 0.
// CHECK: "mapa.shared::cluster.u32 $0, $1, $2;", "=r,r,r" %{{.*}}, %c1_i32
// CHECK-NEXT: "mbarrier.complete_tx.relaxed.cluster.shared::cluster.b64 [$0], 1;"
// CHECK: "mapa.shared::cluster.u32 $0, $1, $2;", "=r,r,r" %{{.*}}, %c2_i32
// CHECK-NEXT: "mbarrier.complete_tx.relaxed.cluster.shared::cluster.b64 [$0], 1;"
// CHECK: "mapa.shared::cluster.u32 $0, $1, $2;", "=r,r,r" %{{.*}}, %c3_i32
// CHECK-NEXT: "mbarrier.complete_tx.relaxed.cluster.shared::cluster.b64 [$0], 1;"
// CHECK-NEXT: "mbarrier.arrive.expect_tx.shared::cta.b64 _, [$0], 3;"
// CHECK-NEXT: "mbarrier.arrive.expect_tx.shared::cta.b64 _, [$0], 12288;"
// CHECK: mbarrier.try_wait.parity
// CHECK-COUNT-3: st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.f32
// CHECK-NOT: st.async
// CHECK: mbarrier.try_wait.parity
// CHECK-COUNT-3: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// CHECK-COUNT-2: llvm.store %{{.*}} {alignment = 4 : i64} : vector<2xf16>, !llvm.ptr<1>
// The other three owners, the same.
// CHECK-COUNT-9: st.async.shared::cluster
// CHECK-NOT: st.async
// CHECK-NOT: nvvm.cluster
// CHECK-NOT: !llvm.ptr<7>
// CHECK-NOT: llvm.atomicrmw
// CHECK: gpu.return
// PTX: .version 8.1
// PTX: .explicitcluster
// PTX: .reqnctapercluster 4, 1, 1
// PTX-DAG: barrier.cluster.arrive.relaxed
// PTX-DAG: st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.f32
// PTX-NOT: ld.shared::cluster

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
