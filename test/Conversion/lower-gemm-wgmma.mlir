// The wgmma kernels (sm_90a): weights as the warpgroup MMA's A operand.
// Each warp decodes its 16 columns of a weight tile (one word of int4 codes
// per lane and k16 step) straight into A-fragment registers; one
// wgmma m64 x blockM x k16 per weight tile and k16 step reads the
// activation rows from shared memory through a 128-byte-swizzle
// descriptor; the warpgroup waits for them before the stage is refilled.
// RUN: humming-opt %s --split-input-file --verify-diagnostics --humming-decode-formats --humming-fuse-dequant --humming-select-pipeline --humming-lower-gemm=entry=0 | FileCheck %s

// CHECK: llvm.mlir.global external @humming_smem() {addr_space = 3 : i32, alignment = 1024 : i64}
// CHECK-LABEL: gpu.func @wg_0_m1
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>
// Each unit first counts itself started on its tile's second counter (the
// K splits share their tile's reduction, below).
// CHECK: "red.relaxed.gpu.global.add.u32 [$0], $1;"
// Prologue: 3 k-blocks ahead; steady state: the oldest of them awaited,
// then made visible to the async proxy that wgmma reads through.
// CHECK-COUNT-3: nvvm.cp.async.commit.group
// CHECK: scf.for
// CHECK: nvvm.cp.async.wait.group 2
// CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: nvvm.barrier0
// The stage's descriptor in two 32-bit words: the low one start address
// >> 4 plus the leading offset 1 << 16 (a k16 step on: + 2), the high one
// the constant stride 1 KB and 128-byte swizzle.
// CHECK: %[[ADDR:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<3> to i32
// CHECK-NEXT: arith.constant 4 : i32
// CHECK-NEXT: %[[START:.*]] = arith.shrui %[[ADDR]], %{{.*}} : i32
// CHECK-NEXT: %c65536_i32 = arith.constant 65536 : i32
// CHECK-NEXT: %[[LO:.*]] = arith.addi %[[START]], %c65536_i32 : i32
// Per k16 step: the codes (4 bytes), the fence, two wgmma. Group 128
// holds whole iterations (one k-block each with 4 stages), so its scales go
// onto fp32 sums instead of into the decode: the first step's MMAs
// overwrite the sums the loop carries (scale-d = 0), the others add.
// CHECK-NOT: !llvm.ptr<3> -> vector<2xf16>
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> i32
// CHECK-NOT: arith.mulf
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-NEXT: %[[HI:.*]] = arith.constant 1073741888 : i32
// CHECK: llvm.insertelement %[[LO]], %{{.*}} : vector<2xi32>
// CHECK: llvm.insertelement %[[HI]], %{{.*}} : vector<2xi32>
// CHECK-NEXT: %[[DESC0:.*]] = llvm.bitcast %{{.*}} : vector<2xi32> to i64
// CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16{{.*}}, %[[DESC0]], %c0_i32{{[_0-9]*}}, %c1_i32{{[_0-9]*}} :
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: %[[LO1:.*]] = arith.addi %[[LO]], %c2_i32{{[_0-9]*}} : i32
// CHECK: llvm.insertelement %[[LO1]], %{{.*}} : vector<2xi32>
// CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16{{.*}}, %c1_i32{{[_0-9]*}}, %c1_i32{{[_0-9]*}} :
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-NOT: wgmma.mma_async
// All of the stage's MMAs are done before the next iteration (no A
// register in flight across the back edge). The group's scales of the
// lane's columns 16 w + g and 16 w + 8 + g of each weight tile (4 bytes per
// tile) are loaded before the wait, so only their FMAs onto the 64
// accumulators follow it.
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<2xf16>
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<2xf16>
// CHECK-NOT: llvm.intr.fma
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NOT: llvm.load
// CHECK-COUNT-64: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
// CHECK: scf.yield
// The split-K partials go out in register order (the swapped D holds
// adjacent rows, not adjacent columns): 4 accumulators per 16-byte relaxed
// store, 16 chunks of the 64, each only where its 8 rows start below M;
// the last CTA reads them back the same way, both splits' 16 loads (a
// group of 2 splits) issued before their sums. Thread 0 reads the tile's
// started count first, so its round trip overlaps the stores'.
// CHECK-NOT: llvm.store {{.*}}monotonic{{.*}} : f32, !llvm.ptr<1>
// CHECK: llvm.load %{{.*}} atomic syncscope("device") monotonic {{.*}} : !llvm.ptr<1> -> i32
// CHECK-COUNT-16: "st.relaxed.gpu.global.v4.f32 [$0], {$1, $2, $3, $4};", "l,f,f,f,f"
// CHECK-NOT: st.relaxed.gpu.global
// No fence in every thread: thread 0's acq_rel counter atomic (PTX, as
// LLVM 22 drops the ordering of an atomicrmw) orders the partials. With
// both splits started, thread 0 claims its share as it arrives and, unless
// last, waits (acquire loads) until both have arrived; then it counts
// itself done with the word, and the second done resets both counters.
// CHECK-NOT: nvvm.membar
// CHECK: llvm.inline_asm has_side_effects "atom.acq_rel.gpu.global.add.u32 $0, [$1], $2;"
// CHECK: scf.while
// CHECK: "ld.acquire.gpu.global.u32 $0, [$1];"
// CHECK: "atom.relaxed.gpu.global.add.u32 $0, [$1], $2;"
// CHECK-NOT: nvvm.membar
// Each CTA sums the shares it claimed (and the last, those nobody did):
// every chunk's load is guarded by its share's bit of the mask.
// CHECK: scf.for
// CHECK-COUNT-32: "ld.relaxed.gpu.global.v4.f32 {$0, $1, $2, $3}, [$4];", "=f,=f,=f,=f,l"
// CHECK-NOT: ld.relaxed.gpu.global
// CHECK: arith.addf
// CHECK-NOT: ld.relaxed.gpu.global
// CHECK: gpu.return

module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @wg(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096x32xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096x32xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 64, tuning = <block = [64, 256, 64], warp = [64, 128, 64], stages = 4, pipeline = wgmma, partition = striped>, split_k = 2, threads = 256, smem = 69648, kernel = "wg_0_m1">,
                            #humming.dispatch_entry<m_min = 65, m_max = 0, tuning = <block = [64, 256, 64], warp = [64, 128, 64], stages = 4, pipeline = wgmma>, threads = 256, smem = 69648, kernel = "wg_0_m65">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// Group 128 with four k-blocks per iteration (16 stages), the 2 K splits a
// cluster pair: two runs of two k-blocks, one set of sums each (the loop
// carries 32 accumulators and 2 x 32 sums). Each run's first MMA overwrites
// its set (scale-d = 0); the second run's is predicated on k-block 2
// existing. One wgmma fence covers two k16 steps on a 64-row cluster tile
// (bench/NOTES.md section 99), and each fence's MMAs are a commit group; once
// the second run's MMAs are issued, a wait that leaves its 2 x 2 groups in
// flight retires the first run, whose set goes onto the accumulators while
// the second run's MMAs run; after the final wait the second set goes on only
// where its run existed (else it holds the previous iteration's sums). The
// refill's four copy groups follow the first run's MMAs, and the copies of
// the iteration's k-blocks share one address: the second k-block's activation
// chunk is the first's + 128 bytes, a constant that becomes an immediate
// offset (refillAfterFirstMmas; bench/NOTES.md section 94).
// CHECK-LABEL: gpu.func @wgruns_0_m1
// CHECK: scf.for {{.*}} -> ({{(f32, ){95}f32}}, i32, i32)
// CHECK: nvvm.cp.async.wait.group 8
// CHECK-NOT: nvvm.cp.async.shared.global
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-NOT: nvvm.wgmma.fence.aligned
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16{{.*}}, %c0_i32{{[_0-9]*}}, %c1_i32{{[_0-9]*}} :
// CHECK-NOT: nvvm.wgmma.fence.aligned
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16{{.*}}, %c1_i32{{[_0-9]*}}, %{{[a-z0-9_]+}} :
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-COUNT-6: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16{{.*}}, %c1_i32{{[_0-9]*}}, %{{[a-z0-9_]+}} :
// CHECK-NOT: wgmma.mma_async
// CHECK: nvvm.cp.async.commit.group
// CHECK-NOT: wgmma.mma_async
// CHECK: %[[SECOND:.*]] = llvm.getelementptr %{{.*}}[%c128_i64{{[_0-9]*}}] : (!llvm.ptr<1>, i64)
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %[[SECOND]], 16, cache = cg :
// CHECK-NOT: wgmma.mma_async
// CHECK-COUNT-3: nvvm.cp.async.commit.group
// CHECK-NOT: nvvm.cp.async
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16{{.*}}, %c0_i32{{[_0-9]*}}, %{{[0-9]+}} :
// CHECK-COUNT-7: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16{{.*}}, %c1_i32{{[_0-9]*}}, %{{[0-9]+}} :
// CHECK-NOT: wgmma.mma_async
// CHECK: nvvm.wgmma.wait.group.sync.aligned 4
// CHECK-NOT: scf.if
// CHECK-COUNT-32: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: scf.if
// CHECK-COUNT-32: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
// CHECK: scf.yield
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @wgruns(%a: tensor<?x8192xf16>, %w: tensor<8192x1024xi32>, %s: tensor<8192x64xf16>) -> tensor<?x8192xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<8192x64xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 8192, k = 8192>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 64, tuning = <block = [64, 128, 64], warp = [64, 64, 64], stages = 16, pipeline = wgmma, partition = cluster>, split_k = 2, threads = 256, smem = 213008, kernel = "wgruns_0_m1">,
                            #humming.dispatch_entry<m_min = 65, m_max = 0, tuning = <block = [128, 128, 64], warp = [64, 64, 64], stages = 4>, threads = 128, smem = 82960, kernel = "wgruns_0_m65">]}
      : tensor<?x8192xf16>, tensor<8192x1024xi32> -> tensor<?x8192xf16>
    return %c : tensor<?x8192xf16>
  }
}

// -----

// 8-bit codes: two words per lane and k16 step; bf16 activations; an M tile
// of 8 rows is one wgmma m64n8k16 per weight tile. Such short MMAs: one
// wgmma fence per k-block, after the decode of its four steps, then their
// MMAs (no fence between them).
// CHECK-LABEL: gpu.func @wg8_0_m1
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<2xi32>
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-NOT: nvvm.wgmma.fence.aligned
// CHECK: wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16
// CHECK-NOT: nvvm.wgmma.fence.aligned
// CHECK: nvvm.wgmma.commit.group.sync.aligned
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @wg8(%a: tensor<?x4096xbf16>, %w: tensor<4096x1024xi32>, %s: tensor<4096xbf16>) -> tensor<?x4096xbf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096xbf16>) {
        weight_scheme = #humming.weight<format = int8, scale = channel, scale_type = bf16>,
        activation_scheme = #humming.activation<format = bf16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [8, 128, 64], warp = [8, 128, 64], stages = 4, pipeline = wgmma>, threads = 128, smem = 37392, kernel = "wg8_0_m1">]}
      : tensor<?x4096xbf16>, tensor<4096x1024xi32> -> tensor<?x4096xbf16>
    return %c : tensor<?x4096xbf16>
  }
}

// -----

// Eight stages: two k-blocks per iteration, one wait, fence and barrier for
// both; each stage's MMAs one commit group, one wait for both groups before
// the back edge. 3 splits of 64 k-blocks are units of 22, 22 and 20: whole
// iterations, so the second stage's MMAs are not predicated on the unit
// having that k-block (a run-time guard, which ptxas makes a branch with
// warpgroup arrives around each MMA). Two weight tiles of 32 rows per
// warpgroup: a step's MMAs are as long as one tile's of 64 rows, so one
// wgmma fence per step, as there.
// CHECK-LABEL: gpu.func @wgk_0_m1
// CHECK-COUNT-6: nvvm.cp.async.commit.group
// CHECK: scf.for
// CHECK: nvvm.cp.async.wait.group 4
// CHECK-NEXT: nvvm.fence.proxy
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-2: nvvm.cp.async.commit.group
// CHECK-COUNT-4: nvvm.wgmma.fence.aligned
// CHECK-NOT: nvvm.wgmma.fence.aligned
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NOT: arith.cmpi
// CHECK: arith.extui %true{{.*}} : i1 to i32
// CHECK-NOT: arith.cmpi
// CHECK-COUNT-8: @q wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NOT: wgmma.mma_async
// CHECK: scf.yield
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @wgk(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 32, tuning = <block = [32, 128, 64], warp = [32, 128, 64], stages = 8, pipeline = wgmma, partition = striped>, split_k = 3, threads = 128, smem = 66064, kernel = "wgk_0_m1">,
                            #humming.dispatch_entry<m_min = 33, m_max = 0, tuning = <block = [64, 128, 64], warp = [64, 128, 64], stages = 4, pipeline = wgmma>, threads = 128, smem = 49680, kernel = "wgk_0_m33">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// The same tile on K = 4160: 3 splits of 65 k-blocks are units of 22, 22
// and 21, so the last iteration of the last split has one k-block. Its
// absent second k-block is computed on a stage of zeros, written where the
// copy would have gone (in the prologue for a unit shorter than it, in the
// refill otherwise), so no MMA is predicated: ptxas branched around a
// predicated wgmma with warpgroup arrives on every iteration (C7519).
// CHECK-LABEL: gpu.func @wgo_0_m1
// CHECK: [[ABSENT:%[0-9]+]] = arith.cmpi uge, %c0_i32{{.*}}, [[COUNT:%[0-9]+]] : i32
// CHECK-NEXT: [[INSIDE:%[0-9]+]] = arith.cmpi ult, %c0_i32{{.*}}, [[PADDED:%[0-9]+]] : i32
// CHECK-NEXT: [[ZERO:%[0-9]+]] = arith.andi [[ABSENT]], [[INSIDE]] : i1
// CHECK-NEXT: scf.if [[ZERO]] {
// CHECK-NEXT: arith.constant dense<0> : vector<4xi32>
// CHECK: llvm.store %{{.*}} : vector<4xi32>, !llvm.ptr<3>
// CHECK: scf.for
// CHECK: nvvm.barrier0
// CHECK: nvvm.cp.async.shared.global
// CHECK: arith.cmpi uge, %{{[0-9]+}}, [[COUNT]] : i32
// CHECK-NEXT: arith.cmpi ult, %{{[0-9]+}}, [[PADDED]] : i32
// CHECK: llvm.store %{{.*}} : vector<4xi32>, !llvm.ptr<3>
// Both k-blocks' MMAs issue unpredicated (their last operand, the guard,
// the constant 1).
// CHECK-NOT: arith.extui %{{.*}} : i1 to i32
// CHECK-COUNT-16: @q wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16{{.*}}, %c1_i32{{(_[0-9]+)?}} : (f32
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @wgo(%a: tensor<?x4160xf16>, %w: tensor<4096x520xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4160>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 32, tuning = <block = [32, 128, 64], warp = [32, 128, 64], stages = 8, pipeline = wgmma, partition = striped>, split_k = 3, threads = 128, smem = 66064, kernel = "wgo_0_m1">,
                            #humming.dispatch_entry<m_min = 33, m_max = 0, tuning = <block = [64, 128, 64], warp = [64, 128, 64], stages = 4, pipeline = wgmma>, threads = 128, smem = 49680, kernel = "wgo_0_m33">]}
      : tensor<?x4160xf16>, tensor<4096x520xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// A 96-row tile on the same K keeps the predicate: its extra MMAs on zeroed
// stages measured slower than the arrives they remove (0.3-0.6 us on the
// channel 96-row tiles, session az). The second k-block's MMAs take the
// guard that the k-block is the unit's.
// CHECK-LABEL: gpu.func @wgt_0_m1
// CHECK: scf.for {{.*}}iter_args
// CHECK: [[GUARD:%[0-9]+]] = arith.extui %{{[0-9]+}} : i1 to i32
// CHECK: @q wgmma.mma_async.sync.aligned.m64n96k16.f32.f16.f16{{.*}}, [[GUARD]] : (f32
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @wgt(%a: tensor<?x4160xf16>, %w: tensor<4096x520xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4160>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 96, tuning = <block = [96, 128, 64], warp = [96, 128, 64], stages = 8, pipeline = wgmma, partition = striped>, split_k = 3, threads = 128, smem = 131600, kernel = "wgt_0_m1">]}
      : tensor<?x4160xf16>, tensor<4096x520xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// The planner's 65..80 rows run an 80-row copy of the 96-row tile (a
// warpgroup tile computes only its range's rows, rounded up to 16): one
// wgmma m64n80k16 per weight tile and k16 step; its 4 workspace splits
// (40 KB of sums each) share their reduction.
// CHECK-LABEL: gpu.func @wg80_0_m1
// CHECK: scf.for {{.*}}iter_args
// CHECK: wgmma.mma_async.sync.aligned.m64n80k16.f32.f16.f16
// CHECK-NOT: m64n96k16
// CHECK: llvm.inline_asm has_side_effects "atom.acq_rel.gpu.global.add.u32 $0, [$1], $2;"
// CHECK: scf.while
// CHECK: "ld.acquire.gpu.global.u32 $0, [$1];"
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @wg80(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 80, tuning = <block = [80, 128, 64], warp = [80, 64, 64], stages = 8, pipeline = wgmma, partition = striped>, split_k = 4, threads = 256, smem = 115216, kernel = "wg80_0_m1">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// And 129..160 rows a 160-row copy of the 192-row tile (section 137): one
// wgmma m64n160k16 per weight tile and k16 step; 80 accumulators a thread
// leave through shared memory (stmatrix), and its 4 workspace splits (80 KB
// of sums each) share their reduction. The A rows past M are zeroed with
// each thread's offsets computed once for all stages: no division by a
// stage's 1280 chunks (LLVM hoisted such address math into the entry).
// CHECK-LABEL: gpu.func @wg160_0_m1
// CHECK-NOT: arith.divui %{{[0-9]+}}, %c1280
// CHECK-NOT: arith.remui %{{[0-9]+}}, %c1280
// CHECK: scf.for {{.*}}iter_args
// CHECK: wgmma.mma_async.sync.aligned.m64n160k16.f32.f16.f16
// CHECK-NOT: m64n192k16
// CHECK: llvm.inline_asm has_side_effects "atom.acq_rel.gpu.global.add.u32 $0, [$1], $2;"
// CHECK: scf.while
// CHECK: "ld.acquire.gpu.global.u32 $0, [$1];"
// CHECK: stmatrix.sync.aligned.m8n8.x2.trans.shared.b16
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @wg160(%a: tensor<?x11008xf16>, %w: tensor<4096x1376xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 11008>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 160, tuning = <block = [160, 128, 64], warp = [160, 64, 64], stages = 5, pipeline = wgmma, partition = striped>, split_k = 4, threads = 256, smem = 123408, kernel = "wg160_0_m1">]}
      : tensor<?x11008xf16>, tensor<4096x1376xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// So does a 16-stage tile of up to 64 rows, four k-blocks an iteration: up
// to three absent k-blocks' MMAs on zeroed stages measured slower than the
// arrives they remove (0.1-0.4 us on the 16-stage channel tiles at 17..64
// rows, session ba on the H200). Its later k-blocks' MMAs take the guard.
// CHECK-LABEL: gpu.func @wgf_0_m1
// CHECK: scf.for {{.*}}iter_args
// CHECK: [[GUARD:%[0-9]+]] = arith.extui %{{[0-9]+}} : i1 to i32
// CHECK: @q wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16{{.*}}, [[GUARD]] : (f32
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @wgf(%a: tensor<?x4160xf16>, %w: tensor<4096x520xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4160>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 32, tuning = <block = [32, 128, 64], warp = [32, 128, 64], stages = 16, pipeline = wgmma, partition = striped>, split_k = 3, threads = 128, smem = 131600, kernel = "wgf_0_m1">]}
      : tensor<?x4160xf16>, tensor<4096x520xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// One wgmma of 256 rows holds 128 accumulators at once; 3 CTAs of 256
// threads (a math and a producer warpgroup) leave a math thread 120
// registers (80 at launch, and the producer's 40 it gives up), and ptxas
// would fail the whole module: refused before any IR. (At 2 CTAs a math
// thread has 216: 128 + the producer's 88.)
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @wgregs(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    // expected-error @+1 {{dispatch entry 0 (wgregs_0_m1): a wgmma of 256 rows needs about 152 registers per thread, and 256 threads x 3 CTAs per SM leave 120 to a math thread (fewer rows, threads or CTAs per SM)}}
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [256, 64, 64], warp = [256, 64, 64], stages = 4, pipeline = wgmma, warp_specialized = true, ctas_per_sm = 3>, threads = 256, smem = 139600, kernel = "wgregs_0_m1">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// A warp supplies a quarter of a weight tile's codes: whole words only for
// 4- and 8-bit codes.
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @wg3(%a: tensor<?x4096xf16>, %w: tensor<4096x384xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    // expected-error @+1 {{dispatch entry 0 (wg3_0_m1): the wgmma builder takes 4- or 8-bit codes (a warp's quarter of a lane's code words must be whole words), not 3 bits}}
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint3, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [64, 128, 64], warp = [64, 128, 64], stages = 4, pipeline = wgmma>, threads = 128, smem = 45584, kernel = "wg3_0_m1">]}
      : tensor<?x4096xf16>, tensor<4096x384xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// Warpgroups split N only.
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @wgm(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    // expected-error @+1 {{dispatch entry 0 (wgm_0_m1): tile config 64x256x64 (warps 2x2x1, stages 4) is not one the wgmma builder can emit (warpgroups only along N, each 1-4 whole 64-column weight tiles; blockM a multiple of 8 up to 256)}}
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [64, 256, 64], warp = [32, 128, 64], stages = 4, pipeline = wgmma>, threads = 512, smem = 66576, kernel = "wgm_0_m1">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// wgmma exists on sm_90a only: refused before any IR is built.
module attributes {humming.target = #humming.target<chip = "a100", arch = sm_80, sms = 108, smem_per_block = 166912>} {
  func.func @wga(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    // expected-error @+1 {{dispatch entry 0 (wga_0_m1): wgmma pipeline needs sm_90a, target is sm_80}}
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [64, 128, 64], warp = [64, 128, 64], stages = 4, pipeline = wgmma>, threads = 128, smem = 49680, kernel = "wga_0_m1">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// What no builder emits (tcgen05, TMA, multicast) is refused, not built as
// a cp.async kernel.
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @tma(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    // expected-error @+1 {{dispatch entry 0 (tma_0_m1) asks for #humming.tuning<block = [64, 128, 64], warp = [64, 128, 64], stages = 4, pipeline = wgmma, tma = true>; the kernel builders emit staged pipelines with mma_sync or wgmma compute (warp_specialized: wgmma only) or the mma_sync register_stream loop, without tma or multicast, their stages copied with cp_async on sm_90a}}
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [64, 128, 64], warp = [64, 128, 64], stages = 4, pipeline = wgmma, tma = true>, threads = 128, smem = 1, kernel = "tma_0_m1">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// Group 32 (8 stages): a k-block spans two groups, so no run of k-blocks
// has one scale and the scales stay in the decode: per k16 step the warp's
// two scales (4 bytes) of each weight tile, one f16x2 multiply per decoded
// pair.
// CHECK-LABEL: gpu.func @wg32_0_m1
// CHECK: scf.for
// CHECK: nvvm.cp.async.wait.group 4
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<2xf16>
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> i32
// CHECK: arith.mulf %{{.*}}, %{{.*}} : vector<2xf16>
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16{{.*}}, %c1_i32{{[_0-9]*}}, %c1_i32{{[_0-9]*}} :
// CHECK-NOT: (f32, f32, f32) -> f32
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NOT: (f32, f32, f32) -> f32
// CHECK: scf.yield
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @wg32(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096x128xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096x128xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 32>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 64, tuning = <block = [64, 128, 64], warp = [64, 64, 64], stages = 8, pipeline = wgmma, partition = striped>, split_k = 2, threads = 256, smem = 106512, kernel = "wg32_0_m1">,
                            #humming.dispatch_entry<m_min = 65, m_max = 0, tuning = <block = [64, 256, 64], warp = [64, 128, 64], stages = 4, pipeline = wgmma>, threads = 256, smem = 69648, kernel = "wg32_0_m65">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// Group 64 with four k-blocks per iteration (16 stages), a cluster pair:
// like g128's pair, a fence per two k16 steps (section 105), each fence's
// MMAs one commit group. Four runs of one k-block in two sets of sums (the
// loop carries 32 accumulators and 2 x 32 sums), the third run overwriting
// the first's set after its FMAs. After each later run's MMAs are issued, a
// wait leaving its 2 commit groups in flight retires the run before, whose
// set goes onto the accumulators: the first unconditionally, the next two
// selected by their k-block's presence (no branch while MMAs are in
// flight); the last run's after the final wait, under a branch.
// CHECK-LABEL: gpu.func @wg64runs_0_m1
// CHECK: scf.for {{.*}} -> ({{(f32, ){95}f32}}, i32, i32)
// CHECK-NOT: arith.mulf %{{.*}}, %{{.*}} : vector<2xf16>
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-NOT: nvvm.wgmma.fence.aligned
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16{{.*}}, %c0_i32{{[_0-9]*}}, %c1_i32{{[_0-9]*}} :
// CHECK-NOT: nvvm.wgmma.fence.aligned
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16{{.*}}, %c1_i32{{[_0-9]*}}, %{{[a-z0-9_]+}} :
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-NOT: nvvm.wgmma.fence.aligned
// CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16{{.*}}, %c1_i32{{[_0-9]*}}, %{{[a-z0-9_]+}} :
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-NOT: nvvm.wgmma.fence.aligned
// CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-NOT: nvvm.wgmma.fence.aligned
// CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-NOT: wgmma.mma_async
// CHECK: nvvm.wgmma.wait.group.sync.aligned 2
// CHECK-COUNT-32: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
// CHECK-NOT: arith.select
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK: nvvm.wgmma.wait.group.sync.aligned 2
// CHECK-COUNT-32: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
// CHECK-COUNT-32: arith.select %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK: nvvm.wgmma.wait.group.sync.aligned 2
// CHECK-COUNT-32: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
// CHECK-COUNT-32: arith.select %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: scf.if
// CHECK-COUNT-32: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
// CHECK: scf.yield
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @wg64runs(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096x64xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096x64xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 64>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 64, tuning = <block = [64, 128, 64], warp = [64, 64, 64], stages = 16, pipeline = wgmma, partition = cluster>, split_k = 2, threads = 256, smem = 213008, kernel = "wg64runs_0_m1">,
                            #humming.dispatch_entry<m_min = 65, m_max = 0, tuning = <block = [64, 256, 64], warp = [64, 128, 64], stages = 4, pipeline = wgmma>, threads = 256, smem = 69648, kernel = "wg64runs_0_m65">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// Warp-specialized (`:ws`): 2 math warpgroups and a producer warpgroup (384
// threads; the stages' mbarriers after the split-K flag: 4 x 2 x 8 bytes).
// The count at entry is stated (.maxnreg 168: 64K / 384) for the roles'
// setmaxnreg. Thread 0 sets up each stage's "full" barrier (one arrive per
// producer thread) and "empty" barrier (one arrive per math warp), then the
// whole CTA syncs once.
// CHECK-LABEL: gpu.func @ws_0_m1
// CHECK-SAME: known_block_size = array<i32: 384, 1, 1>, nvvm.maxnreg = 168 : i32
// CHECK: "mbarrier.init.shared::cta.b64 [$0], 128;"
// CHECK: "mbarrier.init.shared::cta.b64 [$0], 8;"
// CHECK: nvvm.barrier0
// The roles split once, before their unit loops: the producer (threads >=
// 256) keeps 40 registers and gives the rest to the math warpgroups (168 +
// 128 x 128 / 256 = 232). Per k-block slot it waits until the stage is
// empty, copies it (rows >= M zero-filled by cp.async of 0 bytes in a
// unit's first stages), and lets each thread's copies arrive on the
// stage's full barrier when they land; it never waits for them itself.
// CHECK: arith.cmpi uge, %{{.*}}, %c256_i32
// CHECK-NEXT: scf.if
// CHECK-NEXT: nvvm.setmaxregister decrease 40
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.while
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg, %c0_i32
// CHECK: nvvm.cp.async.shared.global
// CHECK-NOT: nvvm.cp.async.wait.group
// CHECK: "cp.async.mbarrier.arrive.noinc.shared::cta.b64 [$0];"
// CHECK: scf.yield
// The math warpgroups, in their own unit loop: wait until the stage is
// full, then the proxy fence that orders the copies (generic proxy) before
// this thread's MMAs (async proxy); no copies, no CTA barrier.
// CHECK: } else {
// CHECK-NEXT: nvvm.setmaxregister increase 232
// CHECK-NOT: nvvm.cp.async
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.while
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: nvvm.cp.async
// CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16{{.*}}, %c0_i32{{[_0-9]*}}, %c1_i32{{[_0-9]*}} :
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-COUNT-64: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
// Then each math warp releases the stage.
// CHECK: nvvm.bar.warp.sync
// CHECK: "mbarrier.arrive.shared::cta.b64 _, [$0];"
// CHECK: scf.yield
// The end of the unit syncs the math threads only (named barrier 1); the
// unit loop carries the stage and phase to the next unit.
// CHECK: "bar.sync 1, 256;"
// CHECK: st.relaxed.gpu.global.v4.f32
// CHECK: scf.yield %{{.*}}, %{{.*}} : i32, i32
// The producer leaves no copy in flight.
// CHECK: nvvm.cp.async.wait.group 0
// CHECK-NEXT: gpu.return
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @ws(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096x32xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096x32xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 64, tuning = <block = [64, 256, 64], warp = [64, 128, 64], stages = 4, pipeline = wgmma, warp_specialized = true, partition = striped>, split_k = 2, threads = 384, smem = 69712, kernel = "ws_0_m1">,
                            #humming.dispatch_entry<m_min = 65, m_max = 0, tuning = <block = [64, 256, 64], warp = [64, 128, 64], stages = 4, pipeline = wgmma>, threads = 256, smem = 69648, kernel = "ws_0_m65">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// Two k-blocks per iteration (8 stages): the math warpgroups wait for both
// stages' full barriers and release both; the channel scales for the
// epilogue are the math threads' own cp.async, waited for after the loop.
// CHECK-LABEL: gpu.func @ws2_0_m1
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>
// CHECK: } else {
// CHECK: nvvm.cp.async.shared.global
// CHECK: nvvm.cp.async.commit.group
// CHECK: scf.for
// CHECK-COUNT-2: mbarrier.try_wait.parity.shared::cta.b64
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-COUNT-2: "mbarrier.arrive.shared::cta.b64 _, [$0];"
// CHECK: scf.yield
// CHECK: nvvm.cp.async.wait.group 0
// CHECK: "bar.sync 1, 128;"
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @ws2(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [32, 128, 64], warp = [32, 128, 64], stages = 8, pipeline = wgmma, warp_specialized = true>, threads = 256, smem = 66192, kernel = "ws2_0_m1">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// Warp specialization is the wgmma builder's only: an mma.sync tuning
// asking for it (with TMA producers, which the tuning requires) is refused.
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @msws(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    // expected-error @+1 {{dispatch entry 0 (msws_0_m1) asks for #humming.tuning<block = [16, 256, 64], warp = [16, 64, 64], stages = 4, tma = true, warp_specialized = true>; the kernel builders emit staged pipelines with mma_sync or wgmma compute (warp_specialized: wgmma only) or the mma_sync register_stream loop, without tma or multicast, their stages copied with cp_async on sm_90a}}
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [16, 256, 64], warp = [16, 64, 64], stages = 4, tma = true, warp_specialized = true>, threads = 128, smem = 1, kernel = "msws_0_m1">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// 4-bit channel codes in units of 64 k-blocks (K = 4096 unsplit): the
// iteration's first code word is loaded right after its barrier, before the
// refill copies (so that ptxas cannot give it a register the copies are
// still reading; bench/NOTES.md section 34). In units of 32 (2 splits,
// next case) the copies come first.
// CHECK-LABEL: gpu.func @codesfirst_0_m1
// CHECK: nvvm.cp.async.wait.group
// CHECK-NEXT: nvvm.fence.proxy
// CHECK-NEXT: nvvm.barrier0
// CHECK-NOT: nvvm.cp.async.shared.global
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> i32
// CHECK: nvvm.cp.async.shared.global
// CHECK: wgmma.mma_async
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @codesfirst(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 64, tuning = <block = [64, 128, 64], warp = [64, 64, 64], stages = 8, pipeline = wgmma, partition = striped>, threads = 256, smem = 98832, kernel = "codesfirst_0_m1">,
                            #humming.dispatch_entry<m_min = 65, m_max = 0, tuning = <block = [64, 128, 64], warp = [64, 128, 64], stages = 4, pipeline = wgmma>, threads = 128, smem = 49680, kernel = "codesfirst_0_m65">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// CHECK-LABEL: gpu.func @copiesfirst_0_m1
// CHECK: nvvm.cp.async.wait.group
// CHECK-NEXT: nvvm.fence.proxy
// CHECK-NEXT: nvvm.barrier0
// CHECK-NOT: -> i32
// CHECK: nvvm.cp.async.shared.global
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> i32
// CHECK: wgmma.mma_async
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @copiesfirst(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 64, tuning = <block = [64, 128, 64], warp = [64, 64, 64], stages = 8, pipeline = wgmma, partition = striped>, split_k = 2, threads = 256, smem = 98832, kernel = "copiesfirst_0_m1">,
                            #humming.dispatch_entry<m_min = 65, m_max = 0, tuning = <block = [64, 128, 64], warp = [64, 128, 64], stages = 4, pipeline = wgmma>, threads = 128, smem = 49680, kernel = "copiesfirst_0_m65">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// k_blocks_per_iteration (`:i<n>`): 12 stages computing 4 k-blocks an
// iteration wait for all but the newest 4 copy groups (8 ahead, 4 of them
// landed) ...
// CHECK-LABEL: gpu.func @fourperiteration_0_m1
// CHECK: nvvm.cp.async.wait.group 4
// CHECK-NOT: nvvm.cp.async.wait.group
// CHECK: wgmma.mma_async
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @fourperiteration(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 64, tuning = <block = [64, 128, 64], warp = [64, 64, 64], stages = 12, pipeline = wgmma, partition = striped, k_blocks_per_iteration = 4>, split_k = 2, threads = 256, smem = 147984, kernel = "fourperiteration_0_m1">,
                            #humming.dispatch_entry<m_min = 65, m_max = 0, tuning = <block = [64, 128, 64], warp = [64, 128, 64], stages = 4, pipeline = wgmma>, threads = 128, smem = 49680, kernel = "fourperiteration_0_m65">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// ... where the rule by stage count takes 2 at 12 stages (10 ahead: all but
// the newest 8). Its 64-row tile splits K through the workspace, not as a
// cluster: a wgmma fence before every k16 step's MMA (section 99).
// CHECK-LABEL: gpu.func @twoperiteration_0_m1
// CHECK: nvvm.cp.async.wait.group 8
// CHECK-NOT: nvvm.cp.async.wait.group
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-NOT: nvvm.wgmma.fence.aligned
// CHECK: wgmma.mma_async
// CHECK-NOT: wgmma.mma_async
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-NOT: nvvm.wgmma.fence.aligned
// CHECK: wgmma.mma_async
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @twoperiteration(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 64, tuning = <block = [64, 128, 64], warp = [64, 64, 64], stages = 12, pipeline = wgmma, partition = striped>, split_k = 2, threads = 256, smem = 147984, kernel = "twoperiteration_0_m1">,
                            #humming.dispatch_entry<m_min = 65, m_max = 0, tuning = <block = [64, 128, 64], warp = [64, 128, 64], stages = 4, pipeline = wgmma>, threads = 128, smem = 49680, kernel = "twoperiteration_0_m65">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// The 128 x 256 tile as four warpgroups of one weight tile (512 threads, at
// most 128 registers, 64 sums each) with 4 K splits through the workspace:
// the last CTA loads one split's 16 chunks of partials at a time (two
// splits' 128 beside the 64 sums spilled 400 bytes; bench/NOTES.md section
// 121), where 2 warpgroups of 64 sums at 255 registers (@wg above) load two.
// CHECK-LABEL: gpu.func @wide4_0_m257
// CHECK-SAME: known_block_size = array<i32: 512, 1, 1>
// CHECK-COUNT-16: "st.relaxed.gpu.global.v4.f32 [$0], {$1, $2, $3, $4};", "l,f,f,f,f"
// CHECK-NOT: st.relaxed.gpu.global
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c1_i32{{[_0-9]*}} iter_args
// CHECK-COUNT-16: "ld.relaxed.gpu.global.v4.f32 {$0, $1, $2, $3}, [$4];", "=f,=f,=f,=f,l"
// CHECK-NOT: ld.relaxed.gpu.global
// CHECK: scf.yield
// CHECK: gpu.return

module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @wide4(%a: tensor<?x7168xf16>, %w: tensor<2048x896xi32>, %s: tensor<2048xf16>) -> tensor<?x2048xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<2048xf16>) {
        weight_scheme = #humming.weight<format = int4>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 2048, k = 7168>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 512, tuning = <block = [128, 256, 64], warp = [128, 64, 64], stages = 6, pipeline = wgmma, partition = striped>, split_k = 4, threads = 512, smem = 148496, kernel = "wide4_0_m257">,
                            #humming.dispatch_entry<m_min = 513, m_max = 0, tuning = <block = [128, 256, 64], warp = [128, 64, 64], stages = 6, pipeline = wgmma>, threads = 512, smem = 148496, kernel = "wide4_0_m513">]}
      : tensor<?x7168xf16>, tensor<2048x896xi32> -> tensor<?x2048xf16>
    return %c : tensor<?x2048xf16>
  }
}
