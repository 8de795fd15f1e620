//===- GemmCompute.cpp - One loop iteration's MMAs ------------------------===//
//
// The GEMM kernel's math on the stages one main-loop iteration computes:
// A fragments (ldmatrix), mma.sync m16n8k16 and wgmma m64nBMk16 (inline
// PTX), the per-k-block compute of each pipeline, the MMA waits, and group
// scales applied to per-group fp32 sums.
//
//===----------------------------------------------------------------------===//

#include "GemmKernel.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"

namespace humming::detail::gemm {

//===----------------------------------------------------------------------===//
// Shared -> register: activation fragments with ldmatrix
//===----------------------------------------------------------------------===//

/// ldmatrix of `count` 8 x 8 b16 matrices (row layout), the lane's row
/// address `ptr`: the lane's `count` registers.
static SmallVector<Value, 4> emitLdMatrix(Emitter &e, Value ptr,
                                          int64_t count) {
  Type resTy = LLVM::LLVMStructType::getLiteral(
      e.ctx, SmallVector<Type>(count, e.i32));
  Value frag = NVVM::LdMatrixOp::create(
      e.b, e.loc, resTy, ptr, count, NVVM::MMALayout::row,
      NVVM::LdStMatrixShapeAttr::get(e.ctx, 8, 8), NVVM::LdStMatrixEltType::B16);
  SmallVector<Value, 4> regs;
  for (int64_t r = 0; r < count; ++r)
    regs.push_back(LLVM::ExtractValueOp::create(e.b, e.loc, frag, r));
  return regs;
}

/// The 4 registers of the A fragment of m-tile `mi` at k16 step `ks`.
static SmallVector<Value, 4>
emitLoadAFragment(Emitter &e, Tile &tl, Value aBase, int64_t mi, Value ks) {
  const TileConfig &tc = e.spec.tile;
  int64_t warpRows = tc.blockM / tc.warpsM;
  Value row = e.add(e.add(e.mul(tl.warpM, warpRows), mi * 16),
                    e.rem(tl.lane, 16));
  Value chunk = e.add(e.div(tl.lane, 16), e.mul(ks, 2));
  return emitLdMatrix(e, e.gep(aBase, swizzledAOffset(e, row, chunk)), 4);
}

/// Swapped mma.sync (TileConfig::swapAB): the B fragments (k16 x n8) of the
/// stage's 8-row groups i at k16 step `ks`, ldmatrix.x2 (8 rows) or .x4
/// (16) of 8 x 8 matrices: rows 8 i .. 8 i + 7 of 16-byte chunks 2 ks and
/// 2 ks + 1, lanes 16 i .. 16 i + 15 giving the row addresses (the others'
/// are ignored): lane (g, t) gets row 8 i + g's halves k 2 t, 2 t + 1 and
/// 8 + 2 t, 9 + 2 t as registers 2 i, 2 i + 1.
static SmallVector<Value, 4> emitLoadActivationBFragment(Emitter &e, Tile &tl,
                                                         Value aBase,
                                                         Value ks) {
  const int64_t groups = e.spec.tile.swappedRowGroups();
  Value row = e.band(tl.lane, 7);
  if (groups == 2)
    row = e.add(row, e.mul(e.band(e.shr(tl.lane, 4), 1), 8));
  Value chunk = e.add(e.band(e.shr(tl.lane, 3), 1), e.mul(ks, 2));
  return emitLdMatrix(e, e.gep(aBase, swizzledAOffset(e, row, chunk)),
                      2 * groups);
}

//===----------------------------------------------------------------------===//
// mma.sync m16n8k16, fp32 accumulators
//===----------------------------------------------------------------------===//

/// An operand register as the MMA takes it: an f16 pair as vector<2xf16>
/// (ldmatrix gives i32; the decode gives the vector), a bf16 pair as i32.
static Value mmaOperand(Emitter &e, Value r) {
  if (e.bf16 || r.getType() != e.i32)
    return r;
  return LLVM::BitcastOp::create(e.b, e.loc, e.act2Ty, r);
}

/// acc += A x B, A the 4 registers of an m16 x k16 fragment (activations
/// from ldmatrix, or swapped: decoded weights), B the 2 of a k16 x n8 one.
static void emitMma(Emitter &e, ArrayRef<Value> aRegs, Value b0, Value b1,
                    MutableArrayRef<Value> acc) {
  SmallVector<Value, 4> a;
  for (Value r : aRegs)
    a.push_back(mmaOperand(e, r));
  b0 = mmaOperand(e, b0);
  b1 = mmaOperand(e, b1);
  Type resTy = LLVM::LLVMStructType::getLiteral(
      e.ctx, {e.f32, e.f32, e.f32, e.f32});
  NVVM::MMATypes ty = e.bf16 ? NVVM::MMATypes::bf16 : NVVM::MMATypes::f16;
  auto mma = [&](ArrayRef<Value> aOps, ValueRange bOps, int64_t k) {
    Value d = NVVM::MmaOp::create(
        e.b, e.loc, resTy, aOps, bOps, acc, ArrayRef<int64_t>{16, 8, k},
        std::nullopt, std::nullopt, std::array<NVVM::MMATypes, 2>{ty, ty},
        std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                       NVVM::MMALayout::col});
    for (int64_t i = 0; i < 4; ++i)
      acc[i] = LLVM::ExtractValueOp::create(e.b, e.loc, d, i);
  };
  if (target::hasMmaK16(e.spec.problem.chip.arch)) {
    mma(a, ValueRange{b0, b1}, 16);
    return;
  }
  // sm_75 (f16 only): k 0-7 then 8-15. The k16 fragment's registers are
  // the two k8 fragments' side by side: A {a0, a1} and {a2, a3} (rows g and
  // g + 8 at k 2t and 2t + 8), B b0 and b1.
  mma({a[0], a[1]}, ValueRange{b0}, 8);
  mma({a[2], a[3]}, ValueRange{b1}, 8);
}

/// The decoded B fragment of n8-tile j from one step's code words, with
/// its zero point / scale where they go into the fragment.
static std::pair<Value, Value> emitDecodeTile(Emitter &e, ArrayRef<Value> words,
                                              ArrayRef<Value> zeros,
                                              ArrayRef<Value> scales,
                                              int64_t j) {
  return emitDecodeB(e, words, j, zeros.empty() ? Value() : zeros[j],
                     scales.empty() ? Value() : scales[j]);
}

void emitSwappedStepMmas(Emitter &e, ArrayRef<Value> words,
                         ArrayRef<Value> zeros, ArrayRef<Value> scales,
                         ArrayRef<Value> b, MutableArrayRef<Value> acc) {
  const int64_t pairs = e.spec.tile.warpNTiles() / 2;
  // Each pair of n8-tiles is one m16 A fragment: rows 0-7 tile 2 p's
  // columns, rows 8-15 tile 2 p + 1's (the wgmma kernels' layout), decoded
  // once for every 8-row group's MMA.
  for (int64_t pr = 0; pr < pairs; ++pr) {
    auto [lo0, lo1] = emitDecodeTile(e, words, zeros, scales, 2 * pr);
    auto [hi0, hi1] = emitDecodeTile(e, words, zeros, scales, 2 * pr + 1);
    for (int64_t i = 0; i < int64_t(b.size()) / 2; ++i)
      emitMma(e, {lo0, hi0, lo1, hi1}, b[2 * i], b[2 * i + 1],
              acc.slice((i * pairs + pr) * 4, 4));
  }
}

void emitSwappedStepPairMmas(Emitter &e, ArrayRef<Value> words0,
                             ArrayRef<Value> words1, ArrayRef<Value> zeros,
                             ArrayRef<Value> scales, ArrayRef<Value> b,
                             MutableArrayRef<Value> acc) {
  const int64_t pairs = e.spec.tile.warpNTiles() / 2;
  for (int64_t pr = 0; pr < pairs; ++pr) {
    auto [lo0, lo1] = emitDecodeTile(e, words0, zeros, scales, 2 * pr);
    auto [hi0, hi1] = emitDecodeTile(e, words0, zeros, scales, 2 * pr + 1);
    auto [nlo0, nlo1] = emitDecodeTile(e, words1, zeros, scales, 2 * pr);
    auto [nhi0, nhi1] = emitDecodeTile(e, words1, zeros, scales, 2 * pr + 1);
    for (int64_t i = 0; i < int64_t(b.size()) / 4; ++i) {
      MutableArrayRef<Value> d = acc.slice((i * pairs + pr) * 4, 4);
      emitMma(e, {lo0, hi0, nlo0, nhi0}, b[4 * i], b[4 * i + 1], d);
      emitMma(e, {lo1, hi1, nlo1, nhi1}, b[4 * i + 2], b[4 * i + 3], d);
    }
  }
}

SmallVector<Value> swappedAccumulatorValues(const TileConfig &tc,
                                            ArrayRef<Value> perTile,
                                            int64_t n) {
  const int64_t pairs = tc.warpNTiles() / 2;
  SmallVector<Value> out(n);
  for (int64_t i = 0; i < n; ++i)
    out[i] = perTile[2 * ((i / 4) % pairs) + (i % 4) / 2];
  return out;
}

//===----------------------------------------------------------------------===//
// wgmma m64 x blockM x k16, weights as A (registers), activations as B
// (shared memory), fp32 accumulators
//===----------------------------------------------------------------------===//

/// Inline PTX over f32 registers read and written in place (the first
/// tied.size() operands, "+f"), then `inputs` with `inputConstraints`;
/// returns the registers' new values.
static SmallVector<Value> emitTiedF32Asm(Emitter &e, StringRef text,
                                         ArrayRef<Value> tied,
                                         ValueRange inputs,
                                         StringRef inputConstraints) {
  const int64_t n = int64_t(tied.size());
  std::string constraints;
  for (int64_t i = 0; i < n; ++i)
    constraints += "=f,";
  for (int64_t i = 0; i < n; ++i)
    constraints += std::to_string(i) + ",";
  constraints += inputConstraints.str();
  if (!constraints.empty() && constraints.back() == ',')
    constraints.pop_back();
  SmallVector<Value> operands(tied.begin(), tied.end());
  operands.append(inputs.begin(), inputs.end());
  Type resTy = LLVM::LLVMStructType::getLiteral(
      e.ctx, SmallVector<Type>(n, e.f32));
  Value r = LLVM::InlineAsmOp::create(
                e.b, e.loc, resTy, operands, text, constraints,
                /*has_side_effects=*/true, /*is_align_stack=*/false,
                LLVM::tailcallkind::TailCallKind::None,
                LLVM::AsmDialectAttr(), ArrayAttr())
                .getResult(0);
  SmallVector<Value> out;
  for (int64_t i = 0; i < n; ++i)
    out.push_back(LLVM::ExtractValueOp::create(e.b, e.loc, r, i));
  return out;
}

/// The wgmma descriptor of a stage's activation rows: K-major with the
/// 128-byte swizzle that emitLoadStage writes (8-row atoms of 1 KB, 1 KB
/// aligned, the next 8 rows 1 KB on). Fields: start address >> 4 (bits
/// 0-13), leading-dimension offset 1 (unused by swizzled K-major), stride
/// 1024 >> 4 (bits 32-45), layout 1 = 128-byte swizzle (bits 62-63). A k16
/// step further in the row is 32 bytes on: + 2 in the low word.
///
/// Built as two 32-bit words: the high one a constant, the low one the
/// stage's address >> 4 plus the offset field. A shared-memory address is
/// below 2^18 (228 KB per SM), so the start field needs no mask and a step's
/// + 2 never carries out of it; as one 64-bit value (mask, or, 64-bit adds)
/// ptxas spent 8-9 uniform instructions a k-block on it (bench/NOTES.md
/// section 92).
namespace {
struct ActivationDescriptor {
  Value lo; // i32: (stage address >> 4) + (1 << 16)
  ActivationDescriptor(Emitter &e, Value stageBase) {
    Value addr = LLVM::PtrToIntOp::create(e.b, e.loc, e.i32, stageBase);
    lo = e.add(e.shr(addr, 4), int64_t(1) << 16);
  }
  /// The 64-bit descriptor of k16 step `step` of the stage.
  Value at(Emitter &e, int64_t step) const {
    Value hi = e.c32((1024 >> 4) | (1 << 30));
    Value v = e.pair(e.add(lo, 2 * step), hi);
    return LLVM::BitcastOp::create(e.b, e.loc, e.i64, v).getResult();
  }
};
} // namespace

/// acc (blockM / 2 registers of one weight tile) += A x B, A the warp's 16
/// weight columns x k16 (4 registers in the mma.sync A-fragment layout), B
/// the activation rows at `desc`. Asynchronous: the warpgroup waits with
/// wgmma.wait_group before the registers or the stage are touched again.
/// `guard` (i32, uniform over the warpgroup, may be null): issued only when
/// it is non-zero, a predicate on the instruction rather than a branch, so
/// ptxas sees the same straight-line code with and without it. `overwrite`:
/// D = A x B, the accumulators' old values ignored (scale-d = 0).
static void emitWgmma(Emitter &e, ArrayRef<Value> aRegs, Value desc,
                      MutableArrayRef<Value> acc, Value guard, bool overwrite) {
  const int64_t n = int64_t(acc.size());
  const char *ty = e.bf16 ? "bf16" : "f16";
  std::string text = "{\n.reg .pred p, q;\nsetp.ne.b32 p, $" +
                     std::to_string(2 * n + 5) + ", 0;\nsetp.ne.b32 q, $" +
                     std::to_string(2 * n + 6) +
                     ", 0;\n@q wgmma.mma_async.sync.aligned.m64n" +
                     std::to_string(2 * n) + "k16.f32." + ty + "." + ty + " {";
  for (int64_t i = 0; i < n; ++i)
    text += (i ? ", $" : "$") + std::to_string(i);
  text += "}, {";
  for (int64_t i = 0; i < 4; ++i)
    text += (i ? ", $" : "$") + std::to_string(2 * n + i);
  text += "}, $" + std::to_string(2 * n + 4) + ", p, 1, 1, 0;\n}";
  SmallVector<Value> inputs(aRegs.begin(), aRegs.end());
  inputs.push_back(desc);
  inputs.push_back(e.c32(overwrite ? 0 : 1)); // scale-d
  inputs.push_back(guard ? guard : e.c32(1));
  SmallVector<Value> d =
      emitTiedF32Asm(e, text, SmallVector<Value>(acc.begin(), acc.end()),
                     inputs, "r,r,r,r,l,r,r");
  std::copy(d.begin(), d.end(), acc.begin());
}

//===----------------------------------------------------------------------===//
// One k-block of compute on a stage: 4 k16 steps.
//===----------------------------------------------------------------------===//

namespace {
/// Where a stage starts in shared memory, and where its B codes start.
struct StageAddresses {
  Value stage, codes;
  StageAddresses(Emitter &e, Tile &tl, Value index) {
    SharedMemoryLayout sl(e.spec.tile, e.spec.problem, e.spec.decode.bits);
    stage = e.gep(tl.smem, e.mul(index, sl.stageBytes));
    codes = e.gep(stage, e.c32(sl.aBytes));
  }
};
} // namespace

/// mma.sync: this warp's first k16 step of a k-block (its steps are
/// [warpK * steps, (warpK + 1) * steps)).
static Value mmaSyncFirstStep(Emitter &e, Tile &tl) {
  const TileConfig &tc = e.spec.tile;
  return e.mul(tl.warpK, tc.blockK / kTileK / tc.warpsK);
}

/// mma.sync: the operands of k16 step `ks` of a stage, the warp's A
/// fragments and the lane's code words (one list).
static StepOperands emitLoadMmaSyncStepOperands(Emitter &e, Tile &tl,
                                                const StageAddresses &at,
                                                Value ks) {
  const TileConfig &tc = e.spec.tile;
  StepOperands ops;
  if (tc.swapAB)
    ops.aFrags.push_back(emitLoadActivationBFragment(e, tl, at.stage, ks));
  else
    for (int64_t mi = 0; mi < tc.blockM / tc.warpsM / 16; ++mi)
      ops.aFrags.push_back(emitLoadAFragment(e, tl, at.stage, mi, ks));
  ops.codes.push_back(emitLoadWarpCodes(e, tl, at.codes, tl.weightTile, ks));
  return ops;
}

static void emitMmaSyncComputeStage(Emitter &e, Tile &tl, Value stage,
                                    ArrayRef<Value> channelZero,
                                    MutableArrayRef<Value> acc,
                                    const StepOperands *first = nullptr) {
  const TileConfig &tc = e.spec.tile;
  const int64_t mTilesPerWarp = tc.blockM / tc.warpsM / 16;
  const int64_t nTiles = tc.warpNTiles();
  StageAddresses at(e, tl, stage);
  const int64_t steps = tc.blockK / kTileK / tc.warpsK;
  Value firstStep = mmaSyncFirstStep(e, tl);

  SmallVector<Value, 8> scales, zeros(channelZero.begin(), channelZero.end());
  for (int64_t l = 0; l < steps; ++l) {
    Value ks = e.add(firstStep, l);
    emitGroupValues(e, tl, at.stage, l, ks, scales, zeros);
    StepOperands ops = l == 0 && first
                           ? *first
                           : emitLoadMmaSyncStepOperands(e, tl, at, ks);
    const SmallVector<SmallVector<Value, 4>> &aFrags = ops.aFrags;
    const SmallVector<Value> &words = ops.codes.front();
    auto decode = [&](int64_t j) {
      return emitDecodeB(e, words, j, zeros.empty() ? Value() : zeros[j],
                         scales.empty() ? Value() : scales[j]);
    };
    if (tc.swapAB) {
      emitSwappedStepMmas(e, words, zeros, scales, aFrags[0], acc);
      continue;
    }
    for (int64_t j = 0; j < nTiles; ++j) {
      auto [b0, b1] = decode(j);
      for (int64_t mi = 0; mi < mTilesPerWarp; ++mi)
        emitMma(e, aFrags[mi], b0, b1,
                acc.slice((mi * nTiles + j) * 4, 4));
    }
  }
}

/// wgmma: the lane's code words of the warpgroup's weight tile `tt` at k16
/// step `ks` (the warp's quarter of them).
static SmallVector<Value> emitLoadWgmmaTileCodes(Emitter &e, Tile &tl,
                                                 const StageAddresses &at,
                                                 int64_t tt, Value ks) {
  return emitLoadWarpCodes(e, tl, at.codes, e.add(tl.weightTile, tt), ks);
}

/// wgmma: k16 steps whose A fragments one wgmma.fence covers. The fence
/// (SASS WARPGROUP.ARRIVE) ends each step's chain code load -> decode ->
/// MMA issue, and each warp waits at it for its warpgroup. Where a step's
/// MMAs take less than 32 tensor cycles (one weight tile of 32 rows or
/// fewer), one fence per k-block lets its four steps' MMAs queue back to
/// back (bench/NOTES.md section 54). Where they take exactly 32 (one tile
/// of 64 rows) and the K splits run as a cluster, a fence per two steps:
/// those loops are paced by each warp's own instruction stream, and half
/// the arrives took 0.9-1.0 us off the g128 pair at 8192^2 M = 48 / 64 and
/// 0.1-0.4 off the channel pair and 11008 x 4096's one-warpgroup tile;
/// four steps a fence, or two on the 128-row tiles, lost (section 99). The
/// same rule on cluster tiles whose group scales come in runs of one
/// k-block or less (g64 and finer) took 0.3-0.4 us off g64 at 8192^2 M =
/// 48 / 64 (section 105). The same 64-row tiles with workspace splits or
/// unsplit (4096 x 11008, 28672 x 4096) keep a fence per step: two a
/// fence was 0.6-0.8 faster on 4096 x 11008's g128 and int8 tiles but 0.3-
/// 0.5 slower on its and 28672 x 4096's channel tiles (section 105).
/// Longer steps (two tiles, or 96+ rows) cover the next step's chain: a
/// fence each.
static int64_t wgmmaStepsPerFence(const Emitter &e) {
  const TileConfig &tc = e.spec.tile;
  const int64_t tiles = tc.warpCols() / kTileN;
  if (tiles * tc.blockM <= 32)
    return tc.blockK / kTileK;
  if (tiles == 1 && tc.blockM == 64 && tc.clusterSplit)
    return 2;
  return 1;
}

/// Commit groups of one k-block's MMAs. One, unless the loop waits for a
/// run of k-blocks while the next run's MMAs stay in flight (group-scale
/// sums of two or more runs an iteration, emitWgmmaIterationOnSums): then
/// one per fence, because ptxas closes a hardware group at every fence and
/// counts a partial wait's groups as its own (a wait_group on k-block
/// groups became DEPBAR.LE gsb0 on k16 steps; bench/NOTES.md section 90).
/// Elsewhere the extra commits only made ptxas inject more arrives.
static int64_t wgmmaGroupsPerKBlock(const Emitter &e) {
  const TileConfig &tc = e.spec.tile;
  if (wgmmaSumSets(tc, e.groupScaleBlocks) < 2)
    return 1;
  const int64_t steps = tc.blockK / kTileK, perFence = wgmmaStepsPerFence(e);
  return (steps + perFence - 1) / perFence;
}

/// wgmma: per k16 step, each warp decodes its 16 columns of each of the
/// warpgroup's weight tiles straight into A-fragment registers (n8-tile
/// 2 w gives rows 0-7, 2 w + 1 rows 8-15); after every
/// wgmmaStepsPerFence steps one fence, then one wgmma per step and weight
/// tile; the next steps' decode runs while they do. The MMAs are committed
/// as wgmmaGroupsPerKBlock groups; the caller waits for them. `startRun`: the
/// first step's MMAs overwrite `acc` (a run of group-scale sums starts).
static void emitWgmmaComputeStage(Emitter &e, Tile &tl, Value stage,
                                  ArrayRef<Value> channelZero,
                                  MutableArrayRef<Value> acc, Value guard,
                                  bool startRun,
                                  const StepOperands *first) {
  const TileConfig &tc = e.spec.tile;
  const int64_t tiles = tc.warpCols() / kTileN;
  const int64_t perTile = tc.blockM / 2;
  StageAddresses at(e, tl, stage);
  ActivationDescriptor desc(e, at.stage);
  auto asI32 = [&](Value v) {
    return e.bf16 ? v : LLVM::BitcastOp::create(e.b, e.loc, e.i32, v).getResult();
  };
  SmallVector<Value, 8> scales, zeros(channelZero.begin(), channelZero.end());
  const int64_t steps = tc.blockK / kTileK;
  const int64_t perFence = wgmmaStepsPerFence(e);
  const bool perFenceGroups = wgmmaGroupsPerKBlock(e) > 1;
  // Decoded steps waiting for their fence: (step, A fragments per tile).
  SmallVector<std::pair<int64_t, SmallVector<SmallVector<Value, 4>>>, 4>
      pending;
  for (int64_t l = 0; l < steps; ++l) {
    Value ks = e.c32(l);
    emitGroupValues(e, tl, at.stage, l, ks, scales, zeros);
    SmallVector<SmallVector<Value, 4>> aFrags;
    for (int64_t tt = 0; tt < tiles; ++tt) {
      SmallVector<Value> words =
          l == 0 && first ? first->codes[tt]
                          : emitLoadWgmmaTileCodes(e, tl, at, tt, ks);
      std::pair<Value, Value> rows[2];
      for (int64_t h = 0; h < 2; ++h) {
        const int64_t v = 2 * tt + h;
        rows[h] = emitDecodeB(e, words, h, zeros.empty() ? Value() : zeros[v],
                              scales.empty() ? Value() : scales[v]);
      }
      aFrags.push_back({asI32(rows[0].first), asI32(rows[1].first),
                        asI32(rows[0].second), asI32(rows[1].second)});
    }
    pending.push_back({l, std::move(aFrags)});
    if (int64_t(pending.size()) < perFence && l + 1 < steps)
      continue;
    NVVM::WgmmaFenceAlignedOp::create(e.b, e.loc);
    for (auto &[step, frags] : pending) {
      Value stepDesc = desc.at(e, step);
      for (int64_t tt = 0; tt < tiles; ++tt)
        emitWgmma(e, frags[tt], stepDesc, acc.slice(tt * perTile, perTile),
                  guard, startRun && step == 0);
    }
    if (perFenceGroups)
      NVVM::WgmmaGroupSyncAlignedOp::create(e.b, e.loc);
    pending.clear();
  }
  if (!perFenceGroups)
    NVVM::WgmmaGroupSyncAlignedOp::create(e.b, e.loc);
}

/// The end of a loop iteration's MMAs: all of them are done before the next
/// iteration, whose copies refill their stages after its barrier, and no
/// A-fragment register of an MMA is in flight across the loop's back edge.
/// (Leaving them in flight one iteration longer, wait_group 1, measured
/// correct only by luck: ptxas 13.0 reused the last MMAs' A registers as
/// scratch for the next iteration's copies; bench/NOTES.md, section 13.)
static void emitWgmmaWait(Emitter &e) {
  NVVM::WgmmaWaitGroupSyncOp::create(e.b, e.loc, 0);
}

/// After the k-block loop: the last MMAs done, and every later use of the
/// accumulators kept after the wait.
void emitWgmmaDrain(Emitter &e, MutableArrayRef<Value> acc) {
  emitWgmmaWait(e);
  SmallVector<Value> fenced = emitTiedF32Asm(
      e, "", SmallVector<Value>(acc.begin(), acc.end()), ValueRange(), "");
  std::copy(fenced.begin(), fenced.end(), acc.begin());
}

/// One k-block's MMAs on `stage`; with a `guard` (i1, uniform over the
/// CTA) only where it holds: wgmma predicates its MMAs (the decode runs
/// either way), mma.sync branches around the stage. Where absent k-blocks'
/// stages hold zeros (Tile::absentStagesZeroed) wgmma needs no guard.
static void emitComputeStage(Emitter &e, Tile &tl, Value stage,
                             ArrayRef<Value> channelZero,
                             MutableArrayRef<Value> acc, Value guard = Value(),
                             bool startRun = false,
                             const StepOperands *first = nullptr) {
  if (e.spec.tile.wgmma) {
    if (tl.absentStagesZeroed)
      guard = Value();
    emitWgmmaComputeStage(e, tl, stage, channelZero, acc,
                          guard ? arith::ExtUIOp::create(e.b, e.loc, e.i32, guard).getResult()
                                : Value(),
                          startRun, first);
    return;
  }
  if (!guard) {
    emitMmaSyncComputeStage(e, tl, stage, channelZero, acc, first);
    return;
  }
  assert(!first && "first-step operands are for the unguarded first k-block");
  e.ifThenUpdate(guard, acc, [&](MutableArrayRef<Value> inner) {
    emitMmaSyncComputeStage(e, tl, stage, channelZero, inner);
  });
}

/// Group scales on sums (groupScaleBlocks > 0), the first half: the f32
/// scale of each of the `n` accumulators' columns, the scales of the K group
/// whose k-blocks the sums hold, from the column array of one of them,
/// `stage`. mma.sync: accumulator r of n8-tile j is column 2 t + r % 2 of
/// the tile (forEachAccRun); the lane's values of columns 2 t and 2 t + 1 of
/// its tiles are one run each. wgmma: the swapped D's accumulator i of
/// weight tile tt is column 16 w + 8 h + g, h = (i % 4) / 2: the B-fragment
/// values the lane decodes with.
static SmallVector<Value> emitLoadGroupScales(Emitter &e, Tile &tl,
                                              Value stage, int64_t n) {
  const TileConfig &tc = e.spec.tile;
  SharedMemoryLayout sl(tc, e.spec.problem, e.spec.decode.bits);
  // Groups of 64 or more: the stage holds one row of the group's scales.
  Value row = e.gep(tl.smem, e.add(e.mul(stage, sl.stageBytes),
                                   e.c32(sl.columnOffset(0))));
  SmallVector<Value> scale(n);
  if (tc.wgmma) {
    // Columns 16 w + g and 16 w + 8 + g of each weight tile tt: slots
    // 2 tt and 2 tt + 1.
    SmallVector<Value, 8> slots;
    for (int64_t tt = 0; tt < tc.warpCols() / kTileN; ++tt)
      slots.append(emitColumnScalars(
          e, row, e.add(tl.columnValues, tt * kTileN), 2));
    slots = e.toF32(slots);
    const int64_t perTile = tc.blockM / 2;
    for (int64_t i = 0; i < n; ++i)
      scale[i] = slots[2 * (i / perTile) + (i % 4) / 2];
  } else if (tc.swapAB) {
    scale = swappedAccumulatorValues(
        tc, e.toF32(emitColumnScalars(e, row, tl.columnValues, tc.warpNTiles())),
        n);
  } else {
    const int64_t nTiles = tc.warpNTiles();
    SmallVector<Value, 8> cols[2];
    for (int64_t h = 0; h < 2; ++h)
      cols[h] = e.toF32(emitColumnScalars(
          e, row, e.add(tl.accColumnValues, fragmentColumn(h)), nTiles));
    for (int64_t i = 0; i < n; ++i)
      scale[i] = cols[i % 2][(i / 4) % nTiles];
  }
  return scale;
}

void emitApplyGroupScales(Emitter &e, ArrayRef<Value> sums,
                          ArrayRef<Value> scale, MutableArrayRef<Value> acc) {
  for (size_t i = 0; i < acc.size(); ++i)
    acc[i] = LLVM::FMAOp::create(e.b, e.loc, sums[i], scale[i], acc[i]);
}

int64_t wgmmaSumRegisters(const Emitter &e) {
  const TileConfig &tc = e.spec.tile;
  if (!tc.wgmma)
    return 0;
  return wgmmaSumSets(tc, e.groupScaleBlocks) * tc.accumulators();
}

StepOperands emitLoadFirstStepOperands(Emitter &e, Tile &tl, Value stage) {
  StageAddresses at(e, tl, stage);
  if (!e.spec.tile.wgmma)
    return emitLoadMmaSyncStepOperands(e, tl, at, mmaSyncFirstStep(e, tl));
  StepOperands first;
  for (int64_t tt = 0; tt < e.spec.tile.warpCols() / kTileN; ++tt)
    first.codes.push_back(emitLoadWgmmaTileCodes(e, tl, at, tt, e.c32(0)));
  return first;
}

/// wgmma with group scales on sums: run r of the iteration (`run`
/// k-blocks) accumulates into set r % 2 of `sums` (one set where the
/// iteration is one run). Once run r's MMAs are issued, a wait that leaves
/// them in flight (wait_group on their commit groups) retires
/// run r - 1, whose set is scaled onto `acc` while run r's MMAs run; only
/// the last run's FMAs follow the iteration's final wait, which leaves
/// nothing in flight across the loop's back edge (section 24's hazard).
/// Run r + 2 overwrites the set only after run r's FMAs have read it (its
/// wgmma fence orders them). A run past the unit's end (its MMAs
/// predicated off, its set stale) adds nothing: while MMAs are in flight
/// its FMAs' results are selected away rather than branched around.
static void emitWgmmaIterationOnSums(Emitter &e, Tile &tl, Value readStage,
                                     int64_t count,
                                     ArrayRef<Value> channelZero,
                                     MutableArrayRef<Value> acc,
                                     MutableArrayRef<Value> sums,
                                     llvm::function_ref<Value(int64_t)> present,
                                     const StepOperands *first,
                                     llvm::function_ref<void()> afterFirstMmas) {
  const int64_t run = e.groupScaleBlocks;
  const int64_t n = int64_t(acc.size()), runs = count / run;
  const int64_t sets = wgmmaSumSets(e.spec.tile, run);
  assert(count % run == 0 && int64_t(sums.size()) == sets * n &&
         "the loop carries wgmmaSumSets sets of sums");
  auto setOf = [&](int64_t r) { return sums.slice(r % sets * n, n); };
  SmallVector<SmallVector<Value>> scales(runs);
  auto apply = [&](int64_t r, bool inFlight) {
    auto onto = [&](MutableArrayRef<Value> total) {
      emitApplyGroupScales(e, setOf(r), scales[r], total);
    };
    if (r == 0)
      return onto(acc);
    if (!inFlight)
      return e.ifThenUpdate(present(r * run), acc, onto);
    SmallVector<Value> total(acc.begin(), acc.end());
    onto(total);
    Value live = present(r * run);
    for (int64_t i = 0; i < n; ++i)
      acc[i] = e.select(live, total[i], acc[i]);
  };
  for (int64_t r = 0; r < runs; ++r) {
    for (int64_t j = r * run; j < (r + 1) * run; ++j)
      emitComputeStage(e, tl, e.add(readStage, j), channelZero, setOf(r),
                       j == 0 ? Value() : present(j), j % run == 0,
                       j == 0 ? first : nullptr);
    if (r == 0 && afterFirstMmas)
      afterFirstMmas();
    // Loaded before the wait, so that only the FMAs follow it.
    scales[r] = emitLoadGroupScales(e, tl, e.add(readStage, r * run), n);
    if (r > 0) {
      NVVM::WgmmaWaitGroupSyncOp::create(
          e.b, e.loc, run * wgmmaGroupsPerKBlock(e));
      apply(r - 1, /*inFlight=*/true);
    }
  }
  emitWgmmaWait(e);
  apply(runs - 1, /*inFlight=*/false);
}

/// The k-blocks of one loop iteration, stages `readStage` + j for j <
/// `count`, into `acc`; k-block j > 0 only where `present(j)` holds (i1,
/// uniform over the CTA). wgmma: the iteration's MMAs are waited for here.
/// With group scales on sums, each run of groupScaleBlocks k-blocks (a run
/// lies in one K group: units start on a multiple of it) accumulates from
/// zero and is then scaled into `acc`: mma.sync from zero constants, wgmma
/// by overwriting a set of `sums` (emitWgmmaIterationOnSums).
void emitIterationCompute(Emitter &e, Tile &tl, Value readStage,
                          int64_t count, ArrayRef<Value> channelZero,
                          MutableArrayRef<Value> acc,
                          MutableArrayRef<Value> sums,
                          llvm::function_ref<Value(int64_t)> present,
                          const StepOperands *first,
                          llvm::function_ref<void()> afterFirstMmas) {
  const bool wgmma = e.spec.tile.wgmma;
  const int64_t run = e.groupScaleBlocks;
  assert((wgmma || !afterFirstMmas) && "the late refill is a wgmma loop's");
  if (wgmma && run)
    return emitWgmmaIterationOnSums(e, tl, readStage, count, channelZero, acc,
                                    sums, present, first, afterFirstMmas);
  if (!run) {
    for (int64_t j = 0; j < count; ++j) {
      emitComputeStage(e, tl, e.add(readStage, j), channelZero, acc,
                       j == 0 ? Value() : present(j), /*startRun=*/false,
                       j == 0 ? first : nullptr);
      if (j == 0 && afterFirstMmas)
        afterFirstMmas();
    }
    if (wgmma)
      emitWgmmaWait(e);
    return;
  }
  for (int64_t j0 = 0; j0 < count; j0 += run) {
    auto body = [&](MutableArrayRef<Value> total) {
      SmallVector<Value> partial(total.size(), e.cf32(0.0));
      for (int64_t j = j0; j < j0 + run; ++j)
        emitComputeStage(e, tl, e.add(readStage, j), channelZero, partial,
                         j == j0 ? Value() : present(j), /*startRun=*/false,
                         j == 0 ? first : nullptr);
      SmallVector<Value> scale =
          emitLoadGroupScales(e, tl, e.add(readStage, j0), partial.size());
      emitApplyGroupScales(e, partial, scale, total);
    };
    if (j0 == 0)
      body(acc);
    else
      e.ifThenUpdate(present(j0), acc, body);
  }
}

} // namespace humming::detail::gemm
