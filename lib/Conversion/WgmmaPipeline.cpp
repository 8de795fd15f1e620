//===- WgmmaPipeline.cpp - The warp-specialized wgmma pipeline ------------===//
//
// Warp-specialized wgmma kernels (TileConfig::warpSpecialized, `:ws`): the
// math warpgroups only decode and issue MMAs, and a producer warpgroup
// after them only copies stages into shared memory. They meet at two
// mbarriers per stage instead of a CTA barrier per iteration. (A producer
// of one warp could not issue a 64-row stage's cp.async fast enough: its
// copies all go through one of the SM's four schedulers; bench/NOTES.md,
// section 20.)
//
//   producer warpgroup, per k-block slot j of the unit (stage s, phase p):
//     wait empty[s] (the warpgroups released the stage's last use)
//     [the unit's first `stages` slots: zero-fill the stage's A rows >= M]
//     cp.async the k-block into stage s
//     each thread: cp.async.mbarrier.arrive.noinc on full[s], which the
//     hardware performs once the thread's copies have landed
//   warpgroups, per iteration of `perIteration` slots:
//     wait full[s + j] for each; fence.proxy.async (the copies were
//     generic-proxy writes, wgmma reads through the async proxy; the fence
//     after the acquiring wait orders them before this thread's MMAs)
//     decode + wgmma; wait for the MMAs; each warp: arrive on empty[s + j]
//     then the unit's end (split-K partials or the epilogue) under named
//     barrier 1 of the math threads, while the producer already copies the
//     next unit's first stages.
//
// The producer never waits for its own copies, so up to `stages` k-blocks
// are in flight. Every unit takes a whole number of iterations' slots (a
// last, absent k-block is a slot without copies whose MMAs are predicated
// off), so an iteration's stages never wrap and the two roles agree on
// every stage's phase; the state carries from unit to unit.
//
//===----------------------------------------------------------------------===//

#include "GemmKernel.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"

#include <algorithm>

namespace humming::detail::gemm {

namespace {
/// The stages' mbarriers (SharedMemoryLayout::barrierOffset): shared
/// addresses (i32) of stage s's "full" and "empty" barriers.
struct StageBarriers {
  Emitter &e;
  Value base;
  int64_t stages;
  StageBarriers(Emitter &e, Tile &tl) : e(e), stages(e.spec.tile.stages) {
    SharedMemoryLayout sl(e.spec.tile, e.spec.problem, e.spec.decode.bits);
    base = LLVM::PtrToIntOp::create(
        e.b, e.loc, e.i32, e.gep(tl.smem, e.c32(sl.barrierOffset)));
  }
  Value full(Value stage) { return e.add(base, e.mul(stage, 8)); }
  Value empty(Value stage) {
    return e.add(base, e.add(e.mul(stage, 8), e.c32(stages * 8)));
  }
};
} // namespace

void emitMbarrierInit(Emitter &e, Value bar, int64_t count) {
  e.asmVoid("mbarrier.init.shared::cta.b64 [$0], " + std::to_string(count) +
                ";",
            "r", {bar});
}

/// Arrive (release, CTA scope) on `bar`.
static void mbarrierArrive(Emitter &e, Value bar) {
  e.asmVoid("mbarrier.arrive.shared::cta.b64 _, [$0];", "r", {bar});
}

void emitMbarrierWait(Emitter &e, Value bar, Value parity) {
  e.spinWhile([&]() {
    Value done = e.asmI32(
        "{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, "
        "[$1], $2;\nselp.b32 $0, 1, 0, p;\n}",
        "=r,r,r", {bar, parity});
    return e.eq(done, e.c32(0));
  });
}

void emitInitStageBarriers(Emitter &e, Tile &tl) {
  const TileConfig &tc = e.spec.tile;
  StageBarriers bars(e, tl);
  e.ifThen(e.eq(tl.tid, e.c32(0)), [&]() {
    for (int64_t s = 0; s < tc.stages; ++s) {
      // full: one arrive per producer thread; empty: one per math warp.
      emitMbarrierInit(e, bars.full(e.c32(s)), tc.producerThreads());
      emitMbarrierInit(e, bars.empty(e.c32(s)), tc.mathThreads() / 32);
    }
  });
  e.barrier();
}

/// The stage and phase `n` slots after `st` (stages a multiple of n's step
/// where the caller advances by more than one).
static PipelineState advanceState(Emitter &e, PipelineState st, Value n) {
  const int64_t stages = e.spec.tile.stages;
  Value total = e.add(st.stage, n);
  return {e.rem(total, stages),
          e.bxor(st.phase, e.band(e.div(total, stages), 1))};
}

/// One-slot advance without a division.
static PipelineState stepState(Emitter &e, PipelineState st, int64_t by) {
  Value n = e.add(st.stage, by);
  Value wrap = e.eq(n, e.c32(e.spec.tile.stages));
  return {e.select(wrap, e.c32(0), n),
          e.select(wrap, e.bxor(st.phase, e.c32(1)), st.phase)};
}

/// Zero-fills stage `stage`'s A rows >= aRows (the copies skip them) with
/// cp.async of 0 source bytes, so the full barrier's arrive covers them.
static void emitZeroStageRows(Emitter &e, Tile &tl, Value stage) {
  forEachChunkPastM(e, tl, stage, 1, [&](Value dst) {
    NVVM::CpAsyncOp::create(e.b, e.loc, dst, tl.a, 16,
                            NVVM::LoadCacheModifierKind::CG, e.c32(0));
  });
}

static void emitProducer(Emitter &e, Tile &tl, StageBarriers &bars,
                         PipelineState in, Value slots) {
  const TileConfig &tc = e.spec.tile;
  auto loop = scf::ForOp::create(e.b, e.loc, e.c32(0), slots, e.c32(1),
                                 ValueRange{in.stage, in.phase});
  OpBuilder::InsertionGuard g(e.b);
  e.b.setInsertionPointToStart(loop.getBody());
  Value j = loop.getInductionVar();
  PipelineState st{loop.getRegionIterArgs()[0], loop.getRegionIterArgs()[1]};
  emitMbarrierWait(e, bars.empty(st.stage), e.bxor(st.phase, e.c32(1)));
  e.ifThen(e.ult(j, tl.kBlockCount), [&]() {
    // A stage's first use in the unit: its rows >= M from an earlier unit
    // (or never written) become zeros.
    Value first = arith::AndIOp::create(e.b, e.loc,
                                        e.ult(j, e.c32(tc.stages)),
                                        e.ult(tl.aRows, e.c32(tc.blockM)));
    e.ifThen(first, [&]() { emitZeroStageRows(e, tl, st.stage); });
    emitLoadStage(e, tl, st.stage, e.add(tl.kBlockBegin, j));
  });
  // A slot without copies (past the unit's end) arrives at once.
  e.asmVoid("cp.async.mbarrier.arrive.noinc.shared::cta.b64 [$0];", "r",
            {bars.full(st.stage)});
  PipelineState next = stepState(e, st, 1);
  scf::YieldOp::create(e.b, e.loc, ValueRange{next.stage, next.phase});
}

static void emitConsumer(Emitter &e, Tile &tl, StageBarriers &bars,
                         PipelineState in, Value iterations) {
  const TileConfig &tc = e.spec.tile;
  const GemmProblem &p = e.spec.problem;
  const int64_t accCount = tc.accumulators();
  const int64_t perIteration = kBlocksPerIteration(tc);

  // Channel zero points (one row) are loaded once per unit; the epilogue's
  // column arrays are copied now and waited for at the end.
  SmallVector<Value, 8> channelZero = emitLoadChannelZeroPoints(e, tl);
  const bool epilogueColumns =
      SharedMemoryLayout(tc, p, e.spec.decode.bits).epilogueArrays > 0;
  if (epilogueColumns) {
    emitLoadEpilogueColumns(e, tl);
    e.copyCommit();
  }

  // With group scales on sums the loop also carries the sums' registers.
  const int64_t sumCount = wgmmaSumRegisters(e);
  SmallVector<Value> init(accCount + sumCount, e.cf32(0.0));
  init.push_back(in.stage);
  init.push_back(in.phase);
  auto loop = scf::ForOp::create(e.b, e.loc, e.c32(0), iterations, e.c32(1),
                                 init);
  {
    OpBuilder::InsertionGuard g(e.b);
    e.b.setInsertionPointToStart(loop.getBody());
    Value first = e.mul(loop.getInductionVar(), perIteration);
    auto args = loop.getRegionIterArgs();
    PipelineState st{args[accCount + sumCount], args[accCount + sumCount + 1]};
    for (int64_t j = 0; j < perIteration; ++j)
      emitMbarrierWait(e, bars.full(e.add(st.stage, j)), st.phase);
    e.fenceProxyAsyncShared();
    SmallVector<Value> acc(args.begin(), args.begin() + accCount);
    SmallVector<Value> sums(args.begin() + accCount,
                            args.begin() + accCount + sumCount);
    // Returns with the iteration's MMAs done and its stages read.
    emitIterationCompute(e, tl, st.stage, perIteration, channelZero, acc, sums,
                         [&](int64_t j) {
                           return unitKBlockPresent(e, tl, first, j);
                         });
    e.syncWarp();
    e.ifThen(e.eq(tl.lane, e.c32(0)), [&]() {
      for (int64_t j = 0; j < perIteration; ++j)
        mbarrierArrive(e, bars.empty(e.add(st.stage, j)));
    });
    PipelineState next = stepState(e, st, perIteration);
    acc.append(sums.begin(), sums.end());
    acc.push_back(next.stage);
    acc.push_back(next.phase);
    scf::YieldOp::create(e.b, e.loc, acc);
  }
  // The epilogue's column arrays landed; every math thread's copies are
  // visible to the others after the barrier.
  if (epilogueColumns)
    e.copyWait(0);
  SmallVector<Value> acc(loop.getResults().begin(),
                         loop.getResults().begin() + accCount);
  emitWgmmaDrain(e, acc);
  e.mathBarrier();
  emitUnitEnd(e, tl, acc);
}

PipelineState emitWarpSpecializedUnit(Emitter &e, Tile &tl, PipelineState in) {
  const TileConfig &tc = e.spec.tile;
  const int64_t perIteration = kBlocksPerIteration(tc);
  StageBarriers bars(e, tl);
  Value iterations =
      e.div(e.add(tl.kBlockCount, e.c32(perIteration - 1)), perIteration);
  Value slots = e.mul(iterations, perIteration);
  assert(tl.role != Tile::Role::None && "emitWarpSpecializedRoles sets it");
  if (tl.role == Tile::Role::Producer)
    emitProducer(e, tl, bars, in, slots);
  else
    emitConsumer(e, tl, bars, in, iterations);
  return advanceState(e, in, slots);
}

// The roles split once, before the unit loop, rather than per unit: a
// setmaxnreg is warpgroup-wide and runs once per role. Without it every
// thread of 384 has 168 registers, and the math warpgroups of a 128 x 256
// tile (128 sums a thread) spilled; the producer's copy addresses need
// few. The producer's dec comes first in program order but the two are
// independent: an inc waits until the registers are free.
void emitWarpSpecializedRoles(Emitter &e, Tile &tl,
                              llvm::function_ref<void()> schedule) {
  const TileConfig &tc = e.spec.tile;
  auto role = scf::IfOp::create(
      e.b, e.loc,
      arith::CmpIOp::create(e.b, e.loc, arith::CmpIPredicate::uge, tl.tid,
                            e.c32(tc.mathThreads())),
      /*withElse=*/true);
  OpBuilder::InsertionGuard g(e.b);
  e.b.setInsertionPointToStart(&role.getThenRegion().front());
  if (tc.rolesTradeRegisters())
    NVVM::SetMaxRegisterOp::create(e.b, e.loc, TileConfig::kProducerRegisters,
                                   NVVM::SetMaxRegisterAction::decrease);
  tl.role = Tile::Role::Producer;
  schedule();
  e.b.setInsertionPointToStart(&role.getElseRegion().front());
  if (tc.rolesTradeRegisters())
    NVVM::SetMaxRegisterOp::create(e.b, e.loc, tc.mathRegistersPerThread(),
                                   NVVM::SetMaxRegisterAction::increase);
  tl.role = Tile::Role::Math;
  schedule();
  tl.role = Tile::Role::None;
}

} // namespace humming::detail::gemm
