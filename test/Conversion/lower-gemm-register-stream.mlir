// The register-stream loop (TileConfig::registerStream, `:rs` in dispatch
// text, register_stream in the tuning): the swapped mma.sync tile without
// shared-memory stages. Each of the 16 warps along K takes whole k-blocks
// in turn; a lane loads its k-block's codes (8 x bits contiguous bytes) and
// its activation row's 16 contiguous halves as 16-byte global loads straight
// into registers, `stages` k-blocks ahead, and no CTA barrier runs until the
// loop is over. Codes and activations a k-block that is not there would have
// are not loaded (zeros: it adds nothing).
// RUN: humming-opt %s --split-input-file --verify-diagnostics --humming-decode-formats --humming-fuse-dequant --humming-lower-gemm=entry=0 | FileCheck %s

// int4, channel scales, 32 columns, 2 k-blocks ahead: the prologue loads
// them (codes: two 16-byte words a lane, then the two activation words of a
// row < M); the loop computes 2 slots of 4 k16 steps x 2 MMAs (16) and loads
// the slots' next k-blocks; no ldmatrix, no barrier inside it. After it, the
// epilogue's channel scales (cp.async) are waited for, then the 15 warps
// along K store their sums and warp-K 0 adds them. The register form
// keeps the persistent loop over units though each CTA has one (its unit
// as straight-line code measured slower, bench/NOTES.md section 88).
// CHECK-LABEL: gpu.func @rs_0_m1
// CHECK: %[[CTAS:.*]] = nvvm.read.ptx.sreg.nctaid.x : i32
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[CTAS]]
// CHECK-NOT: nvvm.ldmatrix
// CHECK: nvvm.cp.async.shared.global
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xi32>
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xi32>
// CHECK: scf.if
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xi32>
// CHECK: scf.for
// CHECK-NOT: nvvm.barrier0
// CHECK-COUNT-16: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
// CHECK: scf.yield
// CHECK: nvvm.cp.async.wait.group 0
// CHECK-NEXT: nvvm.barrier0
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @rs(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 8, tuning = <block = [8, 32, 64], warp = [8, 32, 4], stages = 2, cp_async = false, swap_ab = true, register_stream = true>, threads = 512, smem = 15504, kernel = "rs_0_m1">,
                            #humming.dispatch_entry<m_min = 9, m_max = 0, tuning = <block = [128, 128, 64], warp = [64, 64, 64], stages = 4>, threads = 128, smem = 82448, kernel = "rs_0_m9">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// Group scales go into the decoded fragment (no per-group sums): each
// k-block's slot carries the lane's 4 scales of its K group (one 8-byte
// load of the group row), and each decoded pair is multiplied by its
// n8-tile's scale before its MMA.
// CHECK-LABEL: gpu.func @rsg_0_m1
// CHECK: scf.for
// CHECK: nvvm.mma.sync
// CHECK: scf.if
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<1> -> vector<4xf16>
// CHECK: scf.yield
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @rsg(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096x32xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096x32xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 8, tuning = <block = [8, 32, 64], warp = [8, 32, 4], stages = 2, cp_async = false, swap_ab = true, register_stream = true>, threads = 512, smem = 15376, kernel = "rsg_0_m1">,
                            #humming.dispatch_entry<m_min = 9, m_max = 0, tuning = <block = [128, 128, 64], warp = [64, 64, 64], stages = 4>, threads = 128, smem = 82448, kernel = "rsg_0_m9">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// One k-block ahead (stages = 1) is a loop too: one slot, 8 MMAs an
// iteration, then the slot's next k-block.
// CHECK-LABEL: gpu.func @rs1_0_m1
// CHECK-NOT: nvvm.prefetch
// CHECK: scf.for
// CHECK-COUNT-8: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
// CHECK: scf.if
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xi32>
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @rs1(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 8, tuning = <block = [8, 32, 64], warp = [8, 32, 4], stages = 1, cp_async = false, ctas_per_sm = 2, swap_ab = true, register_stream = true>, threads = 512, smem = 15504, kernel = "rs1_0_m1">,
                            #humming.dispatch_entry<m_min = 9, m_max = 0, tuning = <block = [128, 128, 64], warp = [64, 64, 64], stages = 4>, threads = 128, smem = 82448, kernel = "rs1_0_m9">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// An L2 prefetch 3 rounds on (l2_prefetch = 3, 1 ahead): the prologue
// prefetches the codes of the warp's rounds 3 (with round 0's load), 1 and
// 2; each load in the loop prefetches the round 3 on. The prefetch is of
// the lane's own code words, into L2 only.
// CHECK-LABEL: gpu.func @rspf_0_m1
// CHECK-COUNT-3: nvvm.prefetch level = L2, %{{.*}} : !llvm.ptr<1>
// CHECK: scf.for
// CHECK: nvvm.mma.sync
// CHECK: nvvm.prefetch level = L2, %{{.*}} : !llvm.ptr<1>
// CHECK-NOT: nvvm.prefetch
// CHECK: scf.yield
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @rspf(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 8, tuning = <block = [8, 32, 64], warp = [8, 32, 4], stages = 1, cp_async = false, ctas_per_sm = 2, swap_ab = true, register_stream = true, l2_prefetch = 3>, threads = 512, smem = 15504, kernel = "rspf_0_m1">,
                            #humming.dispatch_entry<m_min = 9, m_max = 0, tuning = <block = [128, 128, 64], warp = [64, 64, 64], stages = 4>, threads = 128, smem = 82448, kernel = "rspf_0_m9">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// A warp of a whole 64-column weight tile is not a register-stream tile: refused before any
// IR is built.
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @rs_wide(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    // expected-error@+1 {{the register-stream loop is the swapped mma.sync tile of one or two warps of 32 columns along N (block N 32 or 64), not 1 of 64}}
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 8, tuning = <block = [8, 64, 64], warp = [8, 64, 8], stages = 2, cp_async = false, swap_ab = true, register_stream = true>, threads = 256, smem = 14608, kernel = "rs_wide_0_m1">,
                            #humming.dispatch_entry<m_min = 9, m_max = 0, tuning = <block = [128, 128, 64], warp = [64, 64, 64], stages = 4>, threads = 128, smem = 82448, kernel = "rs_wide_0_m9">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// Stream-K is not a register-stream partition (its K splits go through the
// workspace only): refused before any IR is built.
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @rs_streamk(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    // expected-error@+1 {{the register-stream loop splits K through the workspace only (no stream-K or cluster)}}
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 8, tuning = <block = [8, 32, 64], warp = [8, 32, 4], stages = 2, cp_async = false, partition = stream_k, swap_ab = true, register_stream = true>, threads = 512, smem = 15504, kernel = "rs_streamk_0_m1">,
                            #humming.dispatch_entry<m_min = 9, m_max = 0, tuning = <block = [128, 128, 64], warp = [64, 64, 64], stages = 4>, threads = 128, smem = 82448, kernel = "rs_streamk_0_m9">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// The lane queue (lane_queue = true, `:rq`): each lane copies its round's
// operands with cp.async into its own slots of a 3-round ring in shared
// memory (codes: two 16-byte chunks; activation chunks only in rows < M,
// zero-filled past K) and reads them back when the round comes. The
// prologue fills the 3 slots (a commit group each); each iteration waits
// until 2 groups are pending (its round landed), reads its slot, runs the 8
// MMAs and refills the slot with the round 3 on; no barrier in the loop.
// An 8-row queue takes one round an iteration, its slot carried. The
// grid has a CTA per unit (128 blocks on 264 slots), so the unit runs
// under a guard without the persistent loop, and the absent rows' zeros
// come after the first rounds' copies.
// CHECK-LABEL: gpu.func @rq_0_m1
// CHECK-NOT: llvm.load %{{.*}} : !llvm.ptr<1> -> vector<4xi32>
// CHECK-NOT: scf.for
// CHECK-COUNT-3: nvvm.cp.async.commit.group
// CHECK-NOT: scf.for
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c1_i32{{(_[0-9]+)?}} iter_args
// CHECK-NOT: nvvm.barrier0
// CHECK: nvvm.cp.async.wait.group 2
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
// CHECK-COUNT-8: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
// CHECK: scf.if
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg
// CHECK: nvvm.cp.async.commit.group
// CHECK-NOT: nvvm.barrier0
// CHECK: scf.yield
// CHECK: nvvm.cp.async.wait.group 0
// CHECK-NEXT: nvvm.barrier0
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @rq(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 8, tuning = <block = [8, 32, 64], warp = [8, 32, 4], stages = 3, ctas_per_sm = 2, swap_ab = true, register_stream = true, lane_queue = true>, threads = 512, smem = 98448, kernel = "rq_0_m1">,
                            #humming.dispatch_entry<m_min = 9, m_max = 0, tuning = <block = [128, 128, 64], warp = [64, 64, 64], stages = 4>, threads = 128, smem = 82448, kernel = "rq_0_m9">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// Group scales and zero points in the lane queue, 16 rows, 2 rounds: after
// the codes' 2 chunks and the activation rows g and 8 + g's 2 each, a
// lane's last chunk holds the group row's 4 scales and 4 zero points (two
// 8-byte cp.async a round), read back as 8-byte shared loads; 16 MMAs a
// round (two n8 B operands per decoded fragment). A k-block lies in one
// group (g128), so the MMAs sum the round from zero, unscaled, and the 4
// scales (f32) take the sums into the 16 accumulators with one FMA each.
// A 16-row queue's iteration takes the whole ring (step 2), its slots
// constants: the second round under scf.if (skipped past the warp's last
// round), carrying the 16 accumulators.
// CHECK-LABEL: gpu.func @rqg_0_m1
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c2_i32{{(_[0-9]+)?}} iter_args
// CHECK: nvvm.cp.async.wait.group 1
// CHECK-COUNT-2: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<4xf16>
// CHECK-NOT: arith.mulf %{{.*}} : vector<2xf16>
// CHECK-COUNT-16: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
// CHECK-COUNT-4: arith.extf %{{.*}} : f16 to f32
// CHECK-COUNT-16: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 8, cache = ca
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 8, cache = ca
// CHECK: scf.if %{{.*}} -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)
// CHECK: nvvm.cp.async.wait.group 1
// CHECK-COUNT-16: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
// CHECK: scf.yield
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @rqg(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096x32xf16>, %z: tensor<4096x32xi8>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096x32xf16>) zero_points(%z : tensor<4096x32xi8>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128, zero_point = integer>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 16, tuning = <block = [16, 32, 64], warp = [16, 32, 8], stages = 2, swap_ab = true, register_stream = true, lane_queue = true>, threads = 256, smem = 57360, kernel = "rqg_0_m1">,
                            #humming.dispatch_entry<m_min = 17, m_max = 0, tuning = <block = [128, 128, 64], warp = [64, 64, 64], stages = 4>, threads = 128, smem = 82448, kernel = "rqg_0_m17">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// fragment_scales (`:bf`) keeps the group scales in the decoded fragment
// on a 16-row queue too: one f16x2 multiply per decoded pair (32 a round),
// no round sums (8-row queues always keep them there).
// CHECK-LABEL: gpu.func @rqbf_0_m1
// CHECK: scf.for
// CHECK-COUNT-32: arith.mulf %{{.*}} : vector<2xf16>
// CHECK-NOT: arith.extf %{{.*}} : f16 to f32
// CHECK: scf.yield
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @rqbf(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096x32xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096x32xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 16, tuning = <block = [16, 32, 64], warp = [16, 32, 4], stages = 3, swap_ab = true, fragment_scales = true, register_stream = true, lane_queue = true>, threads = 512, smem = 172048, kernel = "rqbf_0_m1">,
                            #humming.dispatch_entry<m_min = 17, m_max = 0, tuning = <block = [128, 128, 64], warp = [64, 64, 64], stages = 4>, threads = 128, smem = 82448, kernel = "rqbf_0_m17">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// activations_l1 (`:l1`): the queue's activation copies are cached in L1 as
// well (cache = ca) so that CTAs on one SM copying the same rows share an L2
// read; its code copies stay L2-only (cache = cg), in the prologue and in
// the loop.
// CHECK-LABEL: gpu.func @rql1_0_m1
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg
// CHECK: scf.if
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = ca, %{{.*}}
// CHECK: scf.for
// CHECK: nvvm.mma.sync
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg
// CHECK: scf.if
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = ca, %{{.*}}
// CHECK: scf.yield
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @rql1(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 16, tuning = <block = [16, 32, 64], warp = [16, 32, 8], stages = 3, ctas_per_sm = 2, swap_ab = true, register_stream = true, lane_queue = true, activations_l1 = true>, threads = 256, smem = 73872, kernel = "rql1_0_m1">,
                            #humming.dispatch_entry<m_min = 17, m_max = 0, tuning = <block = [128, 128, 64], warp = [64, 64, 64], stages = 4>, threads = 128, smem = 82448, kernel = "rql1_0_m17">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// The lane queue's swizzled code units need a power-of-two count of 16-byte
// units a lane: 6-bit codes are refused before any IR.
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @rq6(%a: tensor<?x4096xf16>, %w: tensor<4096x768xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    // expected-error @+1 {{humming: tile config 8x32x64 (warps 1x1x16, stages 2) is not one the mma.sync builder can emit (the lane queue takes 2-, 4- or 8-bit codes, not 6)}}
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint6, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [8, 32, 64], warp = [8, 32, 4], stages = 2, swap_ab = true, register_stream = true, lane_queue = true>, threads = 512, smem = 82064, kernel = "rq6_0_m1">]}
      : tensor<?x4096xf16>, tensor<4096x768xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}
