// humming-lower-gemm: one gpu.func per dispatch entry, built from the
// components of the mma.sync kernel (cp.async loaders, ldmatrix, decode +
// dequant, mma.sync, split-K reduction, epilogue).
// RUN: humming-opt %s --humming-decode-formats --humming-fuse-dequant --humming-select-pipeline --humming-lower-gemm=entry=1 | FileCheck %s
// RUN: humming-opt %s --humming-decode-formats --humming-fuse-dequant --humming-select-pipeline --humming-lower-gemm | FileCheck %s --check-prefix=ALL
// RUN: humming-opt %s --humming-decode-formats --humming-fuse-dequant --humming-select-pipeline --humming-lower-gemm=entry=-2 | FileCheck %s --check-prefix=REPACK
// RUN: humming-opt %s --humming-decode-formats --humming-fuse-dequant --humming-select-pipeline --verify-diagnostics --humming-lower-gemm=entry=16

// CHECK: module attributes {gpu.container_module
// CHECK: humming.gemm
// CHECK-SAME: humming.kernels = @w4a16_0_kernels
// CHECK: gpu.module @w4a16_0_kernels {
// CHECK: llvm.mlir.global external @humming_smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
// 9..16 rows (entry 1) of 4096 x 11008, g32 (43 k-blocks per split: the
// narrow 2-CTA tile's bound for group scales is 32; the register-stream
// and lane-queue blocks take groups of 64+ only): 8 warps along N, each
// taking half a weight tile (32 columns).
// CHECK: gpu.func @w4a16_0_m9(%{{.*}}: !llvm.ptr<1>, {{.*}}, %{{.*}}: i32) kernel attributes {known_block_size = array<i32: 256, 1, 1>}
// Every unit of the range has its own CTA (16 N tiles x 8 splits, 128 at
// M = 16, within the 132 CTA slots): the CTA's unit runs under a guard
// instead of the persistent loop over units; then the prologue's async
// copies: A (zero bytes past K), then the weights (no L2 cache hint: ptxas
// 13.0 miscompiled the hinted form in some kernels).
// CHECK-NOT: createpolicy
// CHECK: nvvm.read.ptx.sreg.ctaid.x
// CHECK-NOT: scf.for
// CHECK: scf.if
// CHECK-NOT: scf.for
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg, %{{.*}} :
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg :
// CHECK-NOT: cache_hint
// CHECK: nvvm.cp.async.commit.group
// Steady state, two k-blocks per iteration (8 stages): wait for the
// iteration's two stages (stages - 4 = 4 newer groups stay in flight), one
// barrier, then refill the two stages the previous iteration read.
// CHECK: scf.for
// CHECK: nvvm.cp.async.wait.group 4
// CHECK: nvvm.barrier0
// CHECK-COUNT-2: nvvm.cp.async.commit.group
// CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32
// Paired magic-number decode, one LOP3 per two codes: (w & 0x000F000F) |
// 0x6400 is 1024 + c, less 1032 (1024 + 8); (w & 0x00F000F0) | 0x6400 is
// 1024 + 16 c, scaled back by one FMA: x / 16 - 72 = c - 8.
// CHECK: arith.constant 983055 : i32
// CHECK: arith.constant 1677747200 : i32
// CHECK: llvm.inline_asm "lop3.b32 $0, $1, $2, $3, 0xEA;", "=r,r,n,r"
// CHECK: arith.constant dense<1.032000e+03> : vector<2xf16>
// CHECK: arith.constant 15728880 : i32
// CHECK: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> vector<2xf16>
// CHECK: nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[{{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// The iteration's second k-block only where the unit has it (an odd count
// ends on one), its accumulators through the branch.
// CHECK: scf.if %{{.*}} -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
// CHECK: nvvm.ldmatrix
// CHECK: nvvm.mma.sync
// CHECK: scf.yield
// CHECK: } else {
// CHECK: scf.yield
// Split-K (8 splits): partials as column pairs (one 8-byte relaxed store),
// the tile counter, then the last CTA's reduction over groups of 4 splits,
// each group's 4 x 8 pair loads (a 16 x 32 warp tile) in flight together.
// CHECK: nvvm.cp.async.wait.group 0
// CHECK: llvm.store %{{.*}}, %{{.*}} atomic syncscope("device") monotonic {alignment = 8 : i64} : i64, !llvm.ptr<1>
// No fence in every thread: thread 0's acq_rel counter atomic (PTX, as
// LLVM 22 drops the ordering of an atomicrmw) orders the partials.
// CHECK-NOT: nvvm.membar
// CHECK: llvm.inline_asm has_side_effects "atom.acq_rel.gpu.global.add.u32 $0, [$1], $2;"
// CHECK-NOT: nvvm.membar
// CHECK: scf.for %{{.*}} = %{{.*}} to %c8_i32{{.*}} step %c4_i32
// CHECK-COUNT-32: llvm.load %{{.*}} atomic syncscope("device") monotonic {alignment = 8 : i64} : !llvm.ptr<1> -> i64
// CHECK-NOT: llvm.load %{{.*}} atomic
// CHECK: scf.yield
// CHECK-NOT: gpu.func

// ALL: gpu.func @w4a16_0_m1(
// ALL: gpu.func @w4a16_0_m9(
// ALL: gpu.func @w4a16_0_m17(
// The wgmma tiles keep the persistent loop over units, gridDim.x CTAs
// apart, even where every unit has its own CTA (33..64: 32 N tiles x 4
// splits), but for cluster splits; so does the unbounded last range.
// ALL: gpu.func @w4a16_0_m33(
// ALL: %[[CTAS33:.*]] = nvvm.read.ptx.sreg.nctaid.x : i32
// ALL: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[CTAS33]]
// ALL: gpu.func @w4a16_0_m65(
// A K split as one cluster has a CTA per unit by construction: no loop.
// ALL: gpu.func @w4a16_0_m193(
// ALL-NOT: nvvm.read.ptx.sreg.nctaid.x
// ALL: gpu.func @w4a16_0_m257(
// ALL: gpu.func @w4a16_0_m513(
// ALL: %[[CTAS:.*]] = nvvm.read.ptx.sreg.nctaid.x : i32
// ALL: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[CTAS]]
// The GPU repack kernels of the same layer (standard -> kernel layout), one
// per operand: weights, group scales (no bias, no zero point here).
// ALL: gpu.func @w4a16_0_repack_weight(%{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 256, 1, 1>}
// ALL: gpu.func @w4a16_0_repack_scale(
// ALL-NOT: gpu.func

// REPACK-NOT: gpu.func @w4a16_0_m
// REPACK: gpu.func @w4a16_0_repack_weight
// REPACK: arith.shrui %{{.*}}, %{{.*}} : i64
// REPACK: gpu.func @w4a16_0_repack_scale

module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @w4a16(%a: tensor<?x11008xf16>, %w: tensor<4096x1376xi32>, %s: tensor<4096x344xf16>) -> tensor<?x4096xf16> {
    // expected-error @+1 {{has 16 dispatch entries; entry=16 is out of range}}
    %c = humming.gemm %a, %w scales(%s : tensor<4096x344xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 32>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 11008>} : tensor<?x11008xf16>, tensor<4096x1376xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}
