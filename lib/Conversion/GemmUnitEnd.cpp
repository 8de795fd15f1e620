//===- GemmUnitEnd.cpp - The end of a work unit ---------------------------===//
//
// What the GEMM kernel does after a unit's k-block loop: warps along K
// summed through shared memory, split-K / stream-K partials through the
// workspace (the last CTA of a tile sums them in split order) or, for the
// splits of a cluster, pushed into their owners' shared memory; then the
// epilogue (GemmEpilogue.cpp) on the sums.
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

//===----------------------------------------------------------------------===//
// Warps along K: each adds its sums into warp-K 0's through shared memory.
//===----------------------------------------------------------------------===//

/// After the drain: warps with warpK > 0 store their accumulators (slice
/// warpK - 1, [warpsM x warpsN][acc][lane], lane-fastest so conflict-free),
/// and warp-K 0 adds the slices of its (warpM, warpN) in warp-K order; only
/// its sums are stored afterwards (guarded by kLeader).
void emitWarpKReduction(Emitter &e, Tile &tl, MutableArrayRef<Value> acc) {
  const TileConfig &tc = e.spec.tile;
  if (tc.warpsK == 1)
    return;
  const int64_t n = int64_t(acc.size());
  Value warpMN = e.add(e.mul(tl.warpM, tc.warpsN), tl.warpN);
  auto slot = [&](Value slice, int64_t i) {
    Value idx = e.add(
        e.mul(e.add(e.mul(e.add(e.mul(slice, tc.warpsM * tc.warpsN), warpMN),
                          n),
                    i),
              32),
        tl.lane);
    return e.gep(tl.smem, e.mul(idx, 4));
  };
  e.ifThen(e.ult(e.c32(0), tl.warpK), [&]() {
    Value slice = e.sub(tl.warpK, e.c32(1));
    for (int64_t i = 0; i < n; ++i)
      e.store(acc[i], slot(slice, i), 4);
  });
  e.mathBarrier();
  // Warp-K 0 adds the slices in order; the other warps keep their sums
  // (unused from here on).
  e.ifThenUpdate(tl.kLeader, acc, [&](MutableArrayRef<Value> total) {
    for (int64_t kw = 0; kw + 1 < tc.warpsK; ++kw)
      for (int64_t i = 0; i < n; ++i)
        total[i] = arith::AddFOp::create(
            e.b, e.loc, total[i], e.load(e.f32, slot(e.c32(kw), i), 4));
  });
  // The next unit's copies reuse these bytes.
  e.mathBarrier();
}

//===----------------------------------------------------------------------===//
// Split-K: partials to the workspace; the last CTA of a tile reduces them in
// split order (deterministic) and resets the tile's counter for the next call.
//===----------------------------------------------------------------------===//

/// The most splits' partials a reducing thread loads before adding them,
/// by the registers they hold: 128 per thread, and for wgmma at most what
/// its sums leave of its registers (the 128 x 256 tile's four warpgroups
/// have 128 a thread: two splits of 64 partials beside 64 sums spilled
/// 400 bytes, bench/NOTES.md section 121). mma.sync keeps the flat 128:
/// its tiles of 2+ CTAs per SM were measured with it, and the budget would
/// change their groups.
static int64_t splitsInFlight(const TileConfig &tc) {
  int64_t budget = 128;
  if (tc.wgmma)
    budget = std::min(budget, tc.mathRegistersPerThread() - tc.accumulators());
  return std::max<int64_t>(budget / tc.accumulators(), 1);
}

/// Splits whose partials the last CTA loads before adding them: all loads
/// of a group are in flight together (one L2 round trip per group instead
/// of one per split), at most 4. For split-K a divisor of splitK, so the
/// loop has no remainder; stream-K's segment count is known at run time
/// only (its last group is masked).
static int64_t splitLoadGroup(const TileConfig &tc) {
  const int64_t maxGroup = std::min<int64_t>(splitsInFlight(tc), 4);
  if (tc.streamK)
    return maxGroup;
  for (int64_t g = maxGroup; g > 1; --g)
    if (tc.splitK % g == 0)
      return g;
  return 1;
}

namespace {
/// The unit's output tile, M tile major: its workspace plane and counters.
static Value tileIndex(Emitter &e, Tile &tl) {
  return e.add(e.mul(tl.mTile, paddedN(e.spec.problem.n) / e.spec.tile.blockN),
               tl.nTile);
}

/// Where a unit's partial sums go in the workspace, [slot][mPad][nPad] f32
/// (mPad: M rounded up to blockM). mma.sync: row-major, only rows < M
/// written and read back (at M = 1 a 16-row tile would otherwise move 16x
/// the partials it needs), a run of adjacent columns as one access (column
/// pairs: 8 bytes, col even, Npad even). wgmma: the swapped D's lane holds
/// 2 rows of scattered columns, so row-major would be one 4-byte access per
/// accumulator (64 per thread); instead each slot's plane holds the tile's
/// blockM x blockN values in register order, chunk c (accumulators 4 c ..
/// 4 c + 3, rows 8 i + 2 t, + 1 of the lane's columns) of thread `tid` at
/// (c * threads + tid) * 4: one 16-byte access per 4 accumulators, 512
/// contiguous bytes per warp. Only the last CTA of the same kernel reads
/// them, with the same thread mapping. Chunks of rows all >= M are skipped.
struct PartialsLayout {
  Emitter &e;
  Tile &tl;
  const TileConfig &tc;
  Value mPad;
  int64_t nPad;
  PartialsLayout(Emitter &e, Tile &tl)
      : e(e), tl(tl), tc(e.spec.tile), nPad(paddedN(e.spec.problem.n)) {
    mPad = e.mul(e.div(e.add(tl.m, tc.blockM - 1), tc.blockM), tc.blockM);
  }
  Value rowMajor(Value split, Value row, Value col) {
    Value elem = e.add(
        e.mul(e.add(e.mul(e.zext64(split), e.zext64(mPad)), e.zext64(row)),
              e.c64(nPad)),
        e.zext64(col));
    return e.gep(tl.ws, e.mul(elem, e.c64(4)));
  }
  /// wgmma: chunk c of this thread in `split`'s plane.
  Value chunk(Value split, int64_t c) {
    const int64_t tileElems = tc.blockM * tc.blockN;
    Value tile = tileIndex(e, tl);
    Value elem = e.add(
        e.add(e.mul(e.zext64(split), e.mul(e.zext64(mPad), e.c64(nPad))),
              e.mul(e.zext64(tile), e.c64(tileElems))),
        e.zext64(e.mul(e.add(e.c32(c * tc.mathThreads()), tl.tid), 4)));
    return e.gep(tl.ws, e.mul(elem, e.c64(4)));
  }
  Value chunkLive(int64_t c) { return wgmmaChunkLive(e, tl, c); }
  void store(ArrayRef<Value> acc) {
    if (tc.wgmma) {
      for (int64_t c = 0; c < int64_t(acc.size()) / 4; ++c)
        e.ifThen(chunkLive(c), [&]() {
          e.storeRelaxedGpuV4(acc.slice(4 * c, 4), chunk(tl.split, c));
        });
      return;
    }
    const int64_t run = accRunLength(tc);
    forEachAccRun(e, tl, [&](int64_t i, Value row, Value col, int64_t) {
      Value store = e.ult(row, tl.m);
      if (tl.kLeader)
        store = arith::AndIOp::create(e.b, e.loc, store, tl.kLeader);
      e.ifThen(store, [&]() {
        e.storeRelaxedGpu(packRun(e, acc.slice(i, run)),
                          rowMajor(tl.split, row, col), 4 * run);
      });
    });
  }
  /// `split`'s partials for this thread's accumulators: (first accumulator,
  /// values). wgmma: skipped chunks read as zeros. mma.sync: a lane of a
  /// row >= M reads row M - 1 instead, a sector its warp loads anyway, and
  /// its sum is discarded.
  /// wgmma: `owned`, where given, skips (as zeros) the chunks it says are
  /// not this CTA's to sum (i1 per chunk, uniform over the CTA).
  SmallVector<std::pair<int64_t, SmallVector<Value, 4>>>
  load(Value split, llvm::function_ref<Value(int64_t)> owned = nullptr) {
    SmallVector<std::pair<int64_t, SmallVector<Value, 4>>> out;
    if (tc.wgmma) {
      for (int64_t c = 0; c < tc.accumulators() / 4; ++c) {
        SmallVector<Value> v(4, e.cf32(0.0));
        Value read = chunkLive(c);
        if (owned)
          read = arith::AndIOp::create(e.b, e.loc, read, owned(c));
        e.ifThenUpdate(read, v, [&](MutableArrayRef<Value> in) {
          SmallVector<Value, 4> l = e.loadRelaxedGpuV4(chunk(split, c));
          std::copy(l.begin(), l.end(), in.begin());
        });
        out.push_back({4 * c, SmallVector<Value, 4>(v.begin(), v.end())});
      }
      return out;
    }
    const int64_t run = accRunLength(tc);
    Value lastRow = e.sub(tl.m, e.c32(1));
    forEachAccRun(e, tl, [&](int64_t i, Value row, Value col, int64_t) {
      Value word = e.loadRelaxedGpu(runWordType(e, run),
                                    rowMajor(split, e.minu(row, lastRow), col),
                                    4 * run);
      SmallVector<Value, 2> v = unpackRun(e, word, run);
      out.push_back({i, SmallVector<Value, 4>(v.begin(), v.end())});
    });
    return out;
  }
};
} // namespace

/// The tile's two counters in the workspace (kernel::counterCount): its
/// arrival word and, where the splits share the reduction, the count of its
/// units started.
static Value tileCounter(Emitter &e, Tile &tl, int64_t which) {
  return e.gep(tl.counters, e.mul(e.add(e.mul(e.zext64(tileIndex(e, tl)),
                                              e.c64(2)),
                                        e.c64(which)),
                                  e.c64(4)));
}

void emitUnitStartCount(Emitter &e, Tile &tl) {
  if (!sharesSplitReduction(e.spec.tile))
    return;
  e.ifThen(e.eq(tl.tid, e.c32(0)),
           [&]() { e.redAddRelaxedGpu(tileCounter(e, tl, 1), e.c32(1)); });
}

// Where the splits share the reduction (kernel::sharesSplitReduction), the
// arrival word holds the arrivals (bits 0-7), the shares claimed (bit 8 + r
// for split r's: chunk c of every thread is share c mod S, as the cluster
// end's) and the CTAs done with the word (bits 16+). A CTA that finds all S
// of its tile's units started (the second counter, counted at each unit's
// start) claims its share as it arrives and waits until all S have arrived:
// every one of them is running and arrives without waiting for anything,
// so the wait ends whatever the launch's residency (a CTA that cannot know
// that claims nothing and never waits). The last to arrive sums its own
// share and every share not claimed. So one SM reads a 1/S of the
// partials instead of all of them, and runs 1/S of the epilogue; each
// share is summed in split order, bit-identical to one CTA summing all.
// The CTA whose done count makes S resets both counters for the next call.
void emitSplitReduction(Emitter &e, Tile &tl, ArrayRef<Value> acc) {
  const TileConfig &tc = e.spec.tile;
  SharedMemoryLayout sl(tc, e.spec.problem, e.spec.decode.bits);
  const bool share = sharesSplitReduction(tc);
  const int64_t splits = tc.splitK;
  Value counter = tileCounter(e, tl, 0), started = tileCounter(e, tl, 1);
  // The started count is read (by thread 0) before the partials go out, so
  // its round trip overlaps theirs instead of preceding the arrival. Read
  // early it can only be lower: a CTA that sees S started could wait as well
  // later (the count is reset only after every CTA of the tile is done).
  Value startedCount = e.c32(0);
  if (share)
    e.ifThenUpdate(e.eq(tl.tid, e.c32(0)), startedCount,
                   [&](MutableArrayRef<Value> v) {
                     v[0] = e.loadRelaxedGpu(e.i32, started, 4);
                   });
  PartialsLayout partials(e, tl);
  partials.store(acc);
  // No fence in every thread: the barrier orders all threads' partial stores
  // before thread 0's release (bar.sync is morally strong at CTA scope and a
  // release is cumulative in the PTX memory model), and thread 0's acquire
  // then the barrier order the last CTA's loads after the other CTAs'
  // stores; those loads are ld.relaxed.gpu, served by L2, never a stale L1.
  // So one MEMBAR.ALL.GPU in thread 0 instead of a MEMBAR.SC.GPU in every
  // thread before the counter and another before the loads (section 38).
  e.mathBarrier();
  Value flag = e.gep(tl.smem, e.c32(sl.flagOffset));
  e.ifThen(e.eq(tl.tid, e.c32(0)), [&]() {
    if (!share) { // flag 1: this CTA sums the whole tile
      Value old = e.atomicAddAcqRelGpu(counter, e.c32(1));
      Value last = e.eq(old, e.sub(tl.splitCount, e.c32(1)));
      e.ifThen(last, [&]() { e.storeRelaxedGpu(e.c32(0), counter, 4); });
      e.store(arith::ExtUIOp::create(e.b, e.loc, e.i32, last), flag, 4);
      return;
    }
    // The word as this CTA's done count found it: the S-th resets both
    // counters (no CTA of the tile reads them again in this launch).
    auto resetIfLastDone = [&](Value word) {
      e.ifThen(e.eq(e.shr(word, 16), e.c32(splits - 1)), [&]() {
        e.storeRelaxedGpu(e.c32(0), counter, 4);
        e.storeRelaxedGpu(e.c32(0), started, 4);
      });
    };
    Value helps = e.eq(startedCount, e.c32(splits));
    Value own = arith::ShLIOp::create(e.b, e.loc, e.c32(1), tl.split);
    Value ownIfHelps = e.select(helps, own, e.c32(0));
    // A CTA that will not wait is done with the word as it arrives.
    Value arrival = e.add(e.c32(1), e.select(helps, e.shl(own, 8),
                                             e.c32(1 << 16)));
    Value old = e.atomicAddAcqRelGpu(counter, arrival);
    Value last = e.eq(e.band(old, 0xff), e.c32(splits - 1));
    const int64_t all = (int64_t(1) << splits) - 1;
    Value unclaimed = e.bxor(e.band(e.shr(old, 8), all), e.c32(all));
    Value mask = e.select(last, e.bor(unclaimed, ownIfHelps), ownIfHelps);
    e.store(mask, flag, 4);
    e.ifThen(helps, [&]() {
      // Until every split's partials are out (a claimer that arrived last
      // has them already).
      e.ifThen(e.notI1(last), [&]() {
        e.spinWhile([&]() {
          return e.ne(e.band(e.loadAcquireGpu(counter), 0xff), e.c32(splits));
        });
      });
      resetIfLastDone(e.atomicAddRelaxedGpu(counter, e.c32(1 << 16)));
    });
    // (A non-helper's done count came with its arrival.)
    e.ifThen(e.notI1(helps), [&]() { resetIfLastDone(old); });
  });
  e.mathBarrier();
  Value mask = e.load(e.i32, flag, 4);
  Value sums = e.ne(mask, e.c32(0));
  if (tl.kLeader) // only warp-K 0 holds sums
    sums = arith::AndIOp::create(e.b, e.loc, sums, tl.kLeader);
  e.ifThen(sums, [&]() {
    // The shares this CTA sums (share r: chunks c with c mod S = r); no
    // predicate where it sums the whole tile.
    SmallVector<Value> shareOwned;
    if (share)
      for (int64_t r = 0; r < splits; ++r)
        shareOwned.push_back(e.ne(e.band(mask, 1 << r), e.c32(0)));
    auto ownedChunk = [&](int64_t c) { return shareOwned[c % splits]; };
    auto ownedAcc = [&](int64_t i) { return ownedChunk(i / 4); };
    llvm::function_ref<Value(int64_t)> owned, ownedRun;
    if (share)
      owned = ownedChunk, ownedRun = ownedAcc;
    // A loop over groups of splits (not unrolled: code size drives compile
    // time); a group's loads are all issued before its sums, in split order.
    const int64_t group = splitLoadGroup(tc);
    SmallVector<Value> init(acc.size(), e.cf32(0.0));
    auto loop = scf::ForOp::create(e.b, e.loc, e.c32(0), tl.splitCount,
                                   e.c32(group), init);
    {
      OpBuilder::InsertionGuard g(e.b);
      e.b.setInsertionPointToStart(loop.getBody());
      SmallVector<Value> sum(loop.getRegionIterArgs().begin(),
                             loop.getRegionIterArgs().end());
      Value s0 = loop.getInductionVar();
      Value lastSplit = e.sub(tl.splitCount, e.c32(1));
      SmallVector<SmallVector<std::pair<int64_t, SmallVector<Value, 4>>>>
          loaded(group);
      SmallVector<Value> inRange(group);
      for (int64_t u = 0; u < group; ++u) {
        Value split = e.add(s0, u);
        // Past the last segment (stream-K's last group): reload the last
        // one and add zeros.
        if (u > 0 && tc.streamK) {
          inRange[u] = e.ult(split, tl.splitCount);
          split = e.minu(split, lastSplit);
        }
        loaded[u] = partials.load(split, owned);
      }
      for (int64_t u = 0; u < group; ++u)
        for (auto &[i, v] : loaded[u]) {
          for (int64_t h = 0; h < int64_t(v.size()); ++h) {
            if (inRange[u])
              v[h] = e.select(inRange[u], v[h], e.cf32(0.0));
            sum[i + h] = arith::AddFOp::create(e.b, e.loc, sum[i + h], v[h]);
          }
        }
      scf::YieldOp::create(e.b, e.loc, sum);
    }
    emitEpilogue(e, tl, SmallVector<Value>(loop.getResults()), nullptr,
                 ownedRun);
  });
  // The flag is rewritten by the next unit; keep readers ahead of writers.
  e.mathBarrier();
}

//===----------------------------------------------------------------------===//
// Split-K as one cluster: partials pushed through distributed shared memory.
//===----------------------------------------------------------------------===//
//
// Each CTA of the cluster owns a share of the tile's sums (16-byte chunk c
// of every thread is CTA c mod S's). At the unit's end a CTA tells the
// others its stages are free (a relaxed remote complete_tx of one unit on
// their "free" mbarrier, whose own thread 0 expects S - 1), waits for
// theirs, pushes its values of their chunks into their stages (st.async,
// each completing its bytes on the owner's "received" mbarrier, for which
// the owner's thread 0 has set the expected count), and waits until the
// others' values of its own chunks have landed. Then it adds them in split
// order and runs the epilogue for its share. A remote completion may come
// before the owner's expect_tx: the barrier's pending arrival holds its
// phase open meanwhile.
//
// The earlier form (every CTA storing all its sums, a cluster barrier,
// owners reading them through ld.shared::cluster, a second cluster barrier
// keeping the shared memory until the others had read it) made ptxas put a
// MEMBAR.ALL.GPU + ERRBAR before each barrier arrive: the last one waited
// for the epilogue's global stores, and the two held 7 % of the 33..64-row
// pair's warp samples (bench/NOTES.md, section 95); the pushed end is 0.6-3.1
// us faster on the cluster tiles. A release arrive for "free" (one thread's
// MEMBAR.GPU) gave back a third to half of it. No CTA reads another's
// shared memory here, so none has to outlive the others' reads, and the
// mbarriers carry the data's completion without a fence.

namespace {
/// The cluster end's two mbarriers, in the 16 bytes at
/// SharedMemoryLayout::flagOffset (the workspace split's flag, unused by
/// cluster splits): shared addresses (i32).
struct ClusterEndBarriers {
  Value stagesFree, received;
  ClusterEndBarriers(Emitter &e, Tile &tl) {
    SharedMemoryLayout sl(e.spec.tile, e.spec.problem, e.spec.decode.bits);
    stagesFree = LLVM::PtrToIntOp::create(
        e.b, e.loc, e.i32, e.gep(tl.smem, e.c32(sl.flagOffset)));
    received = e.add(stagesFree, e.c32(8));
  }
};
} // namespace

/// The address of shared address `addr` (i32) in cluster CTA `rank`'s
/// shared memory window.
static Value mapaShared(Emitter &e, Value addr, int64_t rank) {
  return e.asmI32("mapa.shared::cluster.u32 $0, $1, $2;", "=r,r,r",
                  {addr, e.c32(rank)});
}

void emitInitClusterEnd(Emitter &e, Tile &tl) {
  ClusterEndBarriers bars(e, tl);
  e.ifThen(e.eq(tl.tid, e.c32(0)), [&]() {
    emitMbarrierInit(e, bars.stagesFree, 1);
    emitMbarrierInit(e, bars.received, 1);
    e.asmVoid("fence.mbarrier_init.release.cluster;", "", {});
  });
  // Waited for at the unit's end, before the first remote arrive.
  NVVM::ClusterArriveRelaxedOp::create(e.b, e.loc, /*aligned=*/UnitAttr());
}

void emitClusterSplitReduction(Emitter &e, Tile &tl, ArrayRef<Value> acc) {
  const TileConfig &tc = e.spec.tile;
  assert(acc.size() % 4 == 0 && "accumulators come in whole 16-byte chunks");
  const int64_t chunks = int64_t(acc.size()) / 4;
  const int64_t splits = tc.splitK;
  // The threads holding sums: every math thread, or warp-K 0's
  // (emitWarpKReduction), the first of them.
  const int64_t holders = tc.mathThreads() / tc.warpsK;
  ClusterEndBarriers bars(e, tl);
  // Chunk c's slot of this thread: [chunk][thread] x 16 bytes from offset 0
  // (the drained stages), so a warp's accesses are 512 contiguous bytes.
  // Owner r receives split s's value of its chunk c (c mod S = r) in the
  // slot of chunk c - r + s, one it does not own
  // (SharedMemoryLayout::clusterSumBytes: whole groups of S chunks).
  Value base = LLVM::PtrToIntOp::create(e.b, e.loc, e.i32, tl.smem);
  auto slot = [&](int64_t c) {
    return e.add(base, e.mul(e.add(e.c32(c * tc.mathThreads()), tl.tid), 16));
  };
  auto v4 = VectorType::get({4}, e.f32);
  // The others' mbarriers are initialized (the kernel start's arrive).
  NVVM::ClusterWaitOp::create(e.b, e.loc, /*aligned=*/UnitAttr());
  for (int64_t r = 0; r < splits; ++r) {
    e.ifThen(e.eq(tl.split, e.c32(r)), [&]() {
      // Chunks r, r + S, ... of this thread's (r < S).
      const int64_t owned = (chunks - r + splits - 1) / splits;
      // Every thread is past its last read of the stages (the drain's
      // barrier, or the warp-K reduction's): tell the others, and expect
      // their values of this CTA's chunks.
      e.ifThen(e.eq(tl.tid, e.c32(0)), [&]() {
        for (int64_t o = 0; o < splits; ++o)
          if (o != r)
            e.asmVoid("mbarrier.complete_tx.relaxed.cluster.shared::cluster."
                      "b64 [$0], 1;",
                      "r", {mapaShared(e, bars.stagesFree, o)});
        e.asmVoid("mbarrier.arrive.expect_tx.shared::cta.b64 _, [$0], " +
                      std::to_string(splits - 1) + ";",
                  "r", {bars.stagesFree});
        e.asmVoid("mbarrier.arrive.expect_tx.shared::cta.b64 _, [$0], " +
                      std::to_string(owned * (splits - 1) * holders * 16) +
                      ";",
                  "r", {bars.received});
      });
      // Once the others' stages are free, push this CTA's values of their
      // chunks (all of them: a chunk of rows >= M adds to outputs the
      // epilogue masks, and the counts stay fixed), each owner's "received"
      // mbarrier mapped once.
      auto push = [&]() {
        emitMbarrierWait(e, bars.stagesFree, e.c32(0));
        for (int64_t o = 0; o < splits; ++o) {
          if (o == r)
            continue;
          Value received = mapaShared(e, bars.received, o);
          for (int64_t c = o; c < chunks; c += splits)
            e.asmVoid("st.async.shared::cluster.mbarrier::complete_tx::bytes."
                      "v4.f32 [$0], {$1, $2, $3, $4}, [$5];",
                      "r,f,f,f,f,r",
                      {mapaShared(e, slot(c - o + r), o), acc[4 * c],
                       acc[4 * c + 1], acc[4 * c + 2], acc[4 * c + 3],
                       received});
        }
      };
      auto reduce = [&]() {
        // The others' values of this CTA's chunks have landed.
        emitMbarrierWait(e, bars.received, e.c32(0));
        SmallVector<Value> sum(acc.begin(), acc.end());
        for (int64_t c = r; c < chunks; c += splits) {
          SmallVector<Value> vals(4 * splits);
          for (int64_t s = 0; s < splits; ++s) {
            if (s == r) {
              for (int64_t h = 0; h < 4; ++h)
                vals[4 * s + h] = acc[4 * c + h];
              continue;
            }
            Value ptr = LLVM::IntToPtrOp::create(e.b, e.loc, e.sptr,
                                                 slot(c - r + s));
            Value v = e.load(v4, ptr, 16);
            for (int64_t h = 0; h < 4; ++h)
              vals[4 * s + h] =
                  LLVM::ExtractElementOp::create(e.b, e.loc, v, e.c32(h));
          }
          // Split order, as one CTA's sums: bit-identical to the workspace
          // split's reduction.
          for (int64_t h = 0; h < 4; ++h) {
            Value total = vals[h];
            for (int64_t s = 1; s < splits; ++s)
              total = arith::AddFOp::create(e.b, e.loc, total, vals[4 * s + h]);
            sum[4 * c + h] = total;
          }
        }
        emitEpilogue(e, tl, sum,
                     [&](int64_t i) { return (i / 4) % splits == r; });
      };
      if (tl.kLeader) {
        e.ifThen(tl.kLeader, push);
        e.ifThen(tl.kLeader, reduce);
      } else {
        push();
        reduce();
      }
    });
  }
}

} // namespace humming::detail::gemm
