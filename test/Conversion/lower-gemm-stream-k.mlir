// Stream-K (partition = stream_k, from a hand-written or autotuned table:
// humming-select-pipeline keeps split-K, which measured faster): the
// k-blocks of an M tile's N tiles are dealt out to its CTAs in equal
// contiguous ranges; a CTA's range meets one or more N tiles, and a tile
// met by several CTAs is reduced like a split one, in CTA order.
// RUN: humming-opt %s --humming-decode-formats --humming-fuse-dequant --humming-select-pipeline | FileCheck %s --check-prefix=PLAN
// RUN: humming-opt %s --humming-decode-formats --humming-fuse-dequant --humming-select-pipeline --humming-lower-gemm=entry=0 | FileCheck %s
// RUN: humming-opt %s --humming-decode-formats --humming-fuse-dequant --humming-select-pipeline --humming-lower-gemm=entry=0 | FileCheck %s --check-prefix=ALONE
// A stream-K tile's segments are known only at run time: its last CTA sums
// the whole tile (no started count, no shares, no wait).
// ALONE-NOT: red.relaxed.gpu
// ALONE-NOT: ld.acquire.gpu

// The table is kept as written.
// PLAN: #humming.dispatch_entry<m_min = 1, m_max = 16, tuning = <block = [16, 256, 64], warp = [16, 64, 32], stages = 8, partition = stream_k>, threads = 256,

// CHECK-LABEL: gpu.func @sk_0_m1
// CTA c of the grid works on M tile c % mTiles, as CTA j = c / mTiles of
// the gridDim / mTiles that share it; its range of the 112 x 64 = 7168
// k-blocks is [j * 7168 / ctas, (j + 1) * 7168 / ctas), in 64 bits.
// CHECK: %[[CTA:.*]] = nvvm.read.ptx.sreg.ctaid.x : i32
// CHECK: %[[CTAS:.*]] = nvvm.read.ptx.sreg.nctaid.x : i32
// CHECK: %[[PERM:.*]] = arith.divui %[[CTAS]], %{{.*}} : i32
// CHECK: arith.remui %[[CTA]], %{{.*}} : i32
// CHECK: arith.constant 7168 : i64
// CHECK: arith.muli %{{.*}}, %{{.*}} : i64
// CHECK: arith.divui %{{.*}}, %{{.*}} : i64
// A loop over the N tiles the range meets, each a unit from max(begin,
// tile start) to min(end, tile end).
// CHECK: scf.for %[[TILE:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK: arith.maxui
// CHECK: arith.minui
// The owner of a k-block x is ((x + 1) * ctas - 1) / 7168: the tile's first
// and last owners give this CTA's segment and the tile's segment count.
// CHECK: arith.divui %{{.*}}, %{{.*}} : i64
// CHECK: arith.divui %{{.*}}, %{{.*}} : i64
// The pipeline, then: a tile the CTA covers whole goes to the epilogue...
// CHECK: nvvm.cp.async.wait.group 0
// CHECK: %[[WHOLE:.*]] = arith.cmpi eq, %{{.*}}, %c1_i32{{.*}} : i32
// CHECK-NEXT: scf.if %[[WHOLE]] {
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<2xf16>, !llvm.ptr<1>
// ...the others store their partials; the last of the tile's segments to
// arrive sums them in segment order, 4 segments' loads at a time, the
// loads past the last segment masked to zero.
// CHECK: } else {
// CHECK: llvm.store %{{.*}}, %{{.*}} atomic syncscope("device") monotonic {alignment = 8 : i64} : i64, !llvm.ptr<1>
// No fence in every thread: thread 0's acq_rel counter atomic (PTX, as
// LLVM 22 drops the ordering of an atomicrmw) orders the partials.
// CHECK-NOT: nvvm.membar
// CHECK: llvm.inline_asm has_side_effects "atom.acq_rel.gpu.global.add.u32 $0, [$1], $2;"
// CHECK-NOT: nvvm.membar
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c4_i32
// CHECK: arith.cmpi ult
// CHECK: arith.minui
// CHECK: llvm.load %{{.*}} atomic syncscope("device") monotonic {alignment = 8 : i64} : !llvm.ptr<1> -> i64
// CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : f32

module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @sk(%a: tensor<?x4096xf16>, %w: tensor<28672x512xi32>, %s: tensor<28672xf16>) -> tensor<?x28672xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<28672xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 28672, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 16, tuning = <block = [16, 256, 64], warp = [16, 64, 32], stages = 8, partition = stream_k>, threads = 256, smem = 82960, kernel = "sk_0_m1">,
                            #humming.dispatch_entry<m_min = 17, m_max = 0, tuning = <block = [128, 128, 64], warp = [64, 64, 64], stages = 4>, threads = 128, smem = 82448, kernel = "sk_0_m17">]} : tensor<?x4096xf16>, tensor<28672x512xi32> -> tensor<?x28672xf16>
    return %c : tensor<?x28672xf16>
  }
}
