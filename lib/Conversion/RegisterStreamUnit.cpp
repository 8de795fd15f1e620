//===- RegisterStreamUnit.cpp - The register-stream loop (`:rs`) ----------===//
//
// A work unit of the register-stream kernels (TileConfig::registerStream):
// the swapped mma.sync (decoded weights as the m16 A operand, each 8
// activation rows of the 8 or 16 an n8 B) without shared-memory stages:
//
//   epilogue column arrays -> shared memory (cp.async, one group)
//   warp w of the W warps along K takes the unit's k-blocks w, w + W, ...:
//     prologue: its first `stages` k-blocks' operands into registers (and,
//     with an L2 prefetch distance P, the codes of its k-blocks up to P
//     rounds on into L2; each later load prefetches the one P rounds on)
//     for each round of `stages` k-blocks, for each slot j:
//       decode + MMAs of slot j; slot j <- the k-block `stages` rounds on
//   cp.async.wait_group 0; bar.sync; emitUnitEnd (warp-K sums, epilogue or
//   split-K partials)
//
// The lane-queue form (`:rq`, TileConfig::laneQueue) keeps the rounds in
// flight in shared memory instead of registers, so its depth costs no
// registers (the register form spills at 2 CTAs of 16 warps per SM beyond
// one round ahead, bench/NOTES.md sections 77-78):
//
//   prologue: rounds 0 .. stages-1 copied (cp.async) into the warp's queue
//   slots 0 .. stages-1, one commit group each
//   for each round r of the warp (its own count: no k-block is absent):
//     cp.async.wait_group stages-1; bar.warp.sync (round r's copies landed)
//     read round r from slot r % stages; decode + MMAs; bar.warp.sync
//     copy round r + stages into the same slot (if the warp has it); commit
//
// The copies are coalesced across the warp's lanes, so the warp barrier
// orders them for their readers; there is still no CTA barrier in the loop.
//
// No CTA barrier inside the loop: each warp streams at its own pace, so the
// SM's warps hide each other's load latency (bench/NOTES.md sections 72 and
// 77: the probe of this loop, then this kernel).
//
// Which k a lane's operands hold. An MMA sums over its 16 k, so any
// assignment of a k-block's 64 k to the four MMAs' fragment slots is exact
// as long as the A (codes) and B (activations) fragments agree. Lane (g, t)
// loads the contiguous code words of lanes 4 g .. 4 g + 3 at k16 step t of
// its half-run (KernelLayout.h: (ks, lane) slots of bits / 2 words, lanes
// fastest): for MMA s it decodes the words that lane (g, s) of the staged
// kernels decodes at step t: its fragment slot r (0, 1) of step s holds the
// k-pair s + 4 r of its 16 k, 16 t .. 16 t + 15 of its own columns. A
// lane's activations are those 16 contiguous halves of its row g (and of
// row 8 + g in a 16-row tile), two 16-byte loads a row: word m is k-pair m.
// The lane queue's MMAs take two steps' fragments at a time
// (emitSwappedStepPairMmas): slot r of steps 2 h and 2 h + 1, k-pairs
// 2 h + 4 r and 2 h + 4 r + 1, so an MMA's b0 and b1 are adjacent words of
// one load (pairs s and s + 4, one step's, cost ptxas a move per word);
// the register form keeps one step an MMA. Every lane of fragment column t
// holds the same k and the rows are the lanes' own, so the accumulators are
// the staged swapped kernels' (their end of a unit applies unchanged). A
// lane's codes of a k-block are 8 x bits contiguous bytes, decoded once for
// both rows' MMAs.
//
//===----------------------------------------------------------------------===//

#include "GemmKernel.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"

namespace humming::detail::gemm {

namespace {
/// One k-block's operands of a lane, as the loop carries them: the 2 x bits
/// code words, 8 activation pairs (i32) per 8-row group, and where they go
/// into the fragment the group scales and zero points per n8-tile (pairs;
/// a lane queue's round sums take the scales as scalars instead).
struct Slot {
  SmallVector<Value> words, act, scales, zeros;
  SmallVector<Value> flat() const {
    SmallVector<Value> v(words);
    v.append(act.begin(), act.end());
    v.append(scales.begin(), scales.end());
    v.append(zeros.begin(), zeros.end());
    return v;
  }
};
/// How many values of each kind a slot carries, and their types.
struct SlotShape {
  int64_t words, act, scales, zeros;
  SmallVector<Type> types(Emitter &e) const {
    SmallVector<Type> t(words + act, e.i32);
    t.append(scales + zeros, e.act2Ty);
    return t;
  }
  /// A slot from the front of `v` (consumed).
  Slot take(ArrayRef<Value> &v) const {
    auto next = [&](int64_t n) {
      SmallVector<Value> out(v.take_front(n));
      v = v.drop_front(n);
      return out;
    };
    Slot s;
    s.words = next(words);
    s.act = next(act);
    s.scales = next(scales);
    s.zeros = next(zeros);
    return s;
  }
};
} // namespace

/// Zero of a carried operand's type (i32, or a pair of activation values).
static Value zeroOf(Emitter &e, Type ty) {
  if (ty == e.i32)
    return e.c32(0);
  return arith::ConstantOp::create(
      e.b, e.loc,
      DenseElementsAttr::get(cast<VectorType>(ty),
                             e.b.getFloatAttr(e.actTy, 0.0).getValue()));
}

/// scf.if yielding `body()`'s values where `cond` holds, zeros of the same
/// types elsewhere.
template <typename F>
static SmallVector<Value> valuesIf(Emitter &e, Value cond, ArrayRef<Type> types,
                                   F body) {
  auto op = scf::IfOp::create(e.b, e.loc, TypeRange(types), cond,
                              /*withElse=*/true);
  {
    OpBuilder::InsertionGuard g(e.b);
    e.b.setInsertionPointToStart(&op.getThenRegion().front());
    scf::YieldOp::create(e.b, e.loc, body());
    e.b.setInsertionPointToStart(&op.getElseRegion().front());
    SmallVector<Value> zeros;
    for (Type t : types)
      zeros.push_back(zeroOf(e, t));
    scf::YieldOp::create(e.b, e.loc, zeros);
  }
  return SmallVector<Value>(op.getResults().begin(), op.getResults().end());
}

namespace {
/// What both forms of the loop share: the unit's and the lane's addressing
/// of a round's operands, and the round's decode + MMAs.
struct StreamLane {
  Emitter &e;
  Tile &tl;
  const TileConfig &tc;
  const GemmProblem &p;
  const unsigned bits;
  const int64_t warps, rowGroups;
  /// groupScales: the slots carry the group row's scales; roundSums: they
  /// scale each round's fp32 sums (a 16-row lane queue with groups of 64+,
  /// whose k-block lies in one group: Emitter::groupScaleBlocks 1), else
  /// the decoded pairs.
  const bool groups, groupScales, groupZeros, roundSums;
  SlotShape shape;
  SmallVector<Value, 8> channelZero;
  /// The warp's code bytes of k-block 0 of its 32 columns, the lane's, and
  /// the lane's first k of a k-block.
  Value warpCodes, laneCodes, laneK;
  /// The lane's activation rows g + 8 i: below M, and their byte offsets.
  SmallVector<Value, 2> rowValid, rowBytes;

  StreamLane(Emitter &e, Tile &tl);
  /// The warp's k-block of round i, relative to the unit's first.
  Value roundBlock(Value i) {
    return e.add(tl.warpK, e.mul(i, warps));
  }
  /// The lane's code bytes of unit k-block `kb`.
  Value codesOf(Value kb) {
    return e.gep(tl.w,
                 e.add(laneCodes, e.mul(e.zext64(kb), e.c64(512 * bits))));
  }
  /// Decode + MMAs of one round's operands into the accumulators.
  void computeRound(const Slot &s, MutableArrayRef<Value> acc) {
    ArrayRef<Value> zeros = groupZeros ? ArrayRef<Value>(s.zeros)
                                       : ArrayRef<Value>(channelZero);
    auto stepWords = [&](int64_t step) {
      return ArrayRef<Value>(s.words).slice(step * bits / 2, bits / 2);
    };
    // Registers only (`:rs`): step by step, b0 / b1 activation words s and
    // s + 4. The paired order below measured 0.4 us slower there (g128
    // 4096^2, bench/NOTES.md section 84; not profiled).
    if (!tc.laneQueue) {
      for (int64_t step = 0; step < 4; ++step) {
        SmallVector<Value, 4> b;
        for (int64_t i = 0; i < rowGroups; ++i)
          b.append({s.act[8 * i + step], s.act[8 * i + step + 4]});
        emitSwappedStepMmas(e, stepWords(step), zeros, s.scales, b, acc);
      }
      return;
    }
    // Lane queues: steps 2 h and 2 h + 1 together, slot 0 of both k-pairs
    // 2 h and 2 h + 1 of the lane's 16 (activation words 2 h, 2 h + 1),
    // slot 1 of both pairs 2 h + 4, 2 h + 5. With round sums the MMAs sum
    // the round from zero and one FMA a sum scales it into `acc` (16 or 8
    // FMAs and 4 conversions instead of 32 pair multiplies).
    SmallVector<Value> sums;
    MutableArrayRef<Value> target = acc;
    if (roundSums) {
      sums.assign(acc.size(), e.cf32(0.0));
      target = sums;
    }
    for (int64_t h = 0; h < 2; ++h) {
      SmallVector<Value, 8> b;
      for (int64_t i = 0; i < rowGroups; ++i)
        for (int64_t w : {2 * h, 2 * h + 1, 2 * h + 4, 2 * h + 5})
          b.push_back(s.act[8 * i + w]);
      emitSwappedStepPairMmas(e, stepWords(2 * h), stepWords(2 * h + 1), zeros,
                              roundSums ? ArrayRef<Value>() : s.scales, b,
                              target);
    }
    if (!roundSums)
      return;
    emitApplyGroupScales(
        e, sums, swappedAccumulatorValues(tc, e.toF32(s.scales), acc.size()),
        acc);
  }
};
} // namespace

StreamLane::StreamLane(Emitter &e, Tile &tl)
    : e(e), tl(tl), tc(e.spec.tile), p(e.spec.problem),
      bits(e.spec.decode.bits), warps(tc.warpsK),
      rowGroups(tc.swappedRowGroups()),
      groups(p.weight.scale == format::ScaleGranularity::Group),
      groupScales(groups && e.spec.dequant.scale == Placement::BFragment),
      groupZeros(groups && e.spec.dequant.zeroPoint == Placement::BFragment),
      roundSums(groupScales && e.groupScaleBlocks > 0) {
  assert((!roundSums || tc.laneQueue) && "round sums are the lane queue's");
  // A lane's codes of a k-block: 4 (ks, lane) slots of bits / 2 words.
  shape.words = 2 * bits;
  shape.act = 8 * rowGroups;
  shape.scales = groupScales ? tc.warpNTiles() : 0;
  shape.zeros = groupZeros ? tc.warpNTiles() : 0;

  channelZero = emitLoadChannelZeroPoints(e, tl);
  // The epilogue's column arrays, waited for after the loop.
  emitLoadEpilogueColumns(e, tl);
  e.copyCommit();

  // The lane's code bytes of k-block 0 of the warp's 32 columns (weight tile
  // col / 64, half (col / 32) % 2), then 512 x bits bytes a k-block.
  const int64_t kTiles16 = paddedK(p.k) / kTileK;
  Value col = e.add(e.mul(tl.nTile, tc.blockN), tl.warpCol);
  warpCodes =
      e.add(e.mul(e.zext64(e.shr(col, 6)), e.c64(kTiles16 * 128 * bits)),
            e.zext64(e.mul(e.band(e.shr(col, 5), 1), 256 * bits)));
  laneCodes = e.add(
      warpCodes,
      e.zext64(e.mul(e.add(e.mul(tl.t, 32), e.mul(tl.g, 4)), 2 * bits)));
  // The lane's activation rows g + 8 i (rows >= M read nothing) and its
  // first k.
  for (int64_t i = 0; i < rowGroups; ++i) {
    Value g = e.add(tl.g, 8 * i);
    rowValid.push_back(e.ult(g, tl.aRows));
    Value row = e.add(e.mul(tl.mTile, tc.blockM), g);
    rowBytes.push_back(e.mul(e.zext64(row), e.c64(p.k * 2)));
  }
  laneK = e.mul(tl.t, 16);
}

//===----------------------------------------------------------------------===//
// Rounds in registers (`:rs`)
//===----------------------------------------------------------------------===//

/// The codes of the warp's round i into L2 (each lane the line of its own
/// words: a warp's 8 x bits lines), where the unit has that k-block.
/// LLVM 22's NVPTX backend selects the prefetch intrinsic for sm_90+ only
/// and aborts the process on older targets, although the PTX instruction
/// is sm_20+: there it is written out as PTX (sm_90+ kernels keep the
/// intrinsic, and so their PTX).
static void prefetchRound(StreamLane &s, Value i) {
  Emitter &e = s.e;
  Value rel = s.roundBlock(i);
  e.ifThen(e.ult(rel, s.tl.kBlockCount), [&]() {
    Value codes = s.codesOf(e.add(s.tl.kBlockBegin, rel));
    if (s.p.chip.arch.version < 90) {
      e.asmVoid("prefetch.global.L2 [$0];", "l", {codes});
      return;
    }
    NVVM::PrefetchOp::create(
        e.b, e.loc,
        NVVM::PrefetchCacheLevelAttr::get(e.ctx, NVVM::PrefetchCacheLevel::L2),
        /*evictPriority=*/nullptr, codes, /*predicate=*/Value(),
        /*tensormap=*/false);
  });
}

/// The operands of the warp's round i (its k-block warpK + W i of the unit),
/// zeros where the unit has no such k-block: a k-block that is not there
/// adds 0 x its decoded codes. Loading round i also prefetches round
/// i + l2PrefetchRounds.
static Slot loadRound(StreamLane &s, Value i) {
  Emitter &e = s.e;
  Tile &tl = s.tl;
  const GemmProblem &p = s.p;
  Value rel = s.roundBlock(i);
  Value present = e.ult(rel, tl.kBlockCount);
  Value kb = e.add(tl.kBlockBegin, rel);
  if (s.tc.l2PrefetchRounds)
    prefetchRound(s, e.add(i, s.tc.l2PrefetchRounds));
  SmallVector<Value> v = valuesIf(e, present, s.shape.types(e), [&]() {
    SmallVector<Value> out = emitLoadWords(e, s.codesOf(kb), s.shape.words, 16);
    // Two 16-byte chunks of each row, each there if it starts below K (K
    // is a multiple of 8: checkMmaSyncProblem).
    Value k0 = e.add(e.mul(kb, kBlockK), s.laneK);
    for (int64_t i = 0; i < s.rowGroups; ++i)
      for (int64_t c = 0; c < 2; ++c) {
        Value k = e.add(k0, 8 * c);
        Value there = arith::AndIOp::create(e.b, e.loc, s.rowValid[i],
                                            e.ult(k, e.c32(p.k)));
        out.append(valuesIf(e, there, SmallVector<Type>(4, e.i32), [&]() {
          Value at = e.add(s.rowBytes[i], e.mul(e.zext64(k), e.c64(2)));
          return emitLoadWords(e, e.gep(tl.a, at), 4, 16);
        }));
      }
    // The K group of the lane's 16 k (groups are powers of two of 16 or
    // more, so one holds them all).
    static_assert(format::kMinGroupSize % kTileK == 0,
                  "a lane's 16 k must lie in one K group");
    Value groupRow = e.div(k0, p.weight.groupSize);
    if (s.groupScales)
      out.append(emitLoadColumnValues(e, tl, tl.gscale, groupRow));
    if (s.groupZeros)
      out.append(emitLoadColumnValues(e, tl, tl.zero, groupRow));
    return out;
  });
  ArrayRef<Value> rest(v);
  return s.shape.take(rest);
}

/// Rounds of the warp ceil(k-blocks / W), in loop iterations of `ahead`,
/// each slot's next round loaded after its MMAs.
static SmallVector<Value> emitRegisterLoop(StreamLane &s, ArrayRef<Value> init) {
  Emitter &e = s.e;
  const int64_t ahead = kBlocksPerIteration(s.tc), accCount = init.size();
  Value rounds = e.div(e.add(s.tl.kBlockCount, s.warps - 1), s.warps);
  Value iterations = e.div(e.add(rounds, ahead - 1), ahead);
  // Prologue: the first `ahead` rounds into registers; the rounds after
  // them that no load prefetches, into L2.
  SmallVector<Slot, 4> slots;
  for (int64_t j = 0; j < ahead; ++j)
    slots.push_back(loadRound(s, e.c32(j)));
  for (int64_t j = ahead; j < s.tc.l2PrefetchRounds; ++j)
    prefetchRound(s, e.c32(j));
  SmallVector<Value> carried(init);
  for (const Slot &slot : slots)
    carried.append(slot.flat());
  auto loop = scf::ForOp::create(e.b, e.loc, e.c32(0), iterations, e.c32(1),
                                 carried);
  {
    OpBuilder::InsertionGuard g(e.b);
    e.b.setInsertionPointToStart(loop.getBody());
    auto args = loop.getRegionIterArgs();
    SmallVector<Value> next(args.begin(), args.begin() + accCount);
    ArrayRef<Value> rest(args.begin() + accCount, args.end());
    SmallVector<Slot, 4> cur;
    for (int64_t j = 0; j < ahead; ++j)
      cur.push_back(s.shape.take(rest));
    Value first = e.mul(loop.getInductionVar(), ahead);
    for (int64_t j = 0; j < ahead; ++j) {
      s.computeRound(cur[j], next);
      cur[j] = loadRound(s, e.add(first, ahead + j));
    }
    for (const Slot &slot : cur)
      next.append(slot.flat());
    scf::YieldOp::create(e.b, e.loc, next);
  }
  return SmallVector<Value>(loop.getResults().begin(),
                            loop.getResults().begin() + accCount);
}

//===----------------------------------------------------------------------===//
// Rounds through lane queues in shared memory (`:rq`)
//===----------------------------------------------------------------------===//

namespace {
/// Slot j of a warp's ring is `chunks` x 512 bytes at (j x warps of the CTA
/// + warp) x chunks x 512: the warp's codes of the round (n = bits / 2 x 512
/// bytes), its activation rows (1 KB per 8-row group, a row's k-block 128
/// bytes), then each lane's 16 bytes of the group row's scales and zero
/// points (8 bytes each). Codes and activations are copied coalesced: lane
/// l copies the 16-byte units l, l + 32, ... of the warp's bytes, so that
/// one copy instruction reads 512 contiguous bytes and writes 8 distinct
/// bank groups in each phase of 8 lanes, as the staged kernels' copies do.
/// Each lane copying its own bytes (units of half a sector, bench/NOTES.md
/// section 81) or writing them in the reader's order (8-way conflicts) made
/// every copy two L2 requests per sector and ran the loop at half speed. A
/// unit's place is XOR-swizzled so that the readers' 16-byte loads are
/// conflict-free too.
struct LaneQueue {
  StreamLane &s;
  Emitter &e;
  const int64_t chunks, ctaWarps, codeChunks, actChunk0, groupChunk, logN;
  SmallVector<int64_t, 2> freeBits;
  Value warpBytes0, blockCodes;

  explicit LaneQueue(StreamLane &s)
      : s(s), e(s.e), chunks(s.tc.laneQueueChunks(s.bits, s.groups)),
        ctaWarps(s.tc.warpsM * s.tc.warpsN * s.tc.warpsK),
        codeChunks(s.bits / 2), actChunk0(codeChunks),
        groupChunk(actChunk0 + 2 * s.rowGroups),
        logN(codeChunks == 1 ? 0 : codeChunks == 2 ? 1 : 2) {
    for (int64_t b = 0; b < 3; ++b)
      if (b != logN)
        freeBits.push_back(b);
    Tile &tl = s.tl;
    warpBytes0 = e.mul(
        e.mul(e.add(e.mul(tl.warpK, s.tc.warpsN), tl.warpN), chunks), 512);
    blockCodes = e.gep(tl.w, s.warpCodes);
  }
  /// 16-byte unit `unit` of chunk `chunk` of the warp's `slot`.
  Value unitOf(Value slot, int64_t chunk, Value unit) {
    return e.gep(s.tl.smem,
                 e.add(e.add(e.mul(slot, ctaWarps * chunks * 512), warpBytes0),
                       e.add(e.c32(chunk * 512), e.mul(unit, 16))));
  }
  /// The lane's own unit of chunk c.
  Value laneUnit(Value slot, int64_t c) { return unitOf(slot, c, s.tl.lane); }
  /// Code unit u = n (8 t + g) + c is reader (g, t)'s chunk c (the kernel
  /// layout: a lane's 8 x bits bytes at (8 t + g) x 8 x bits). Its place
  /// XORs the reader's t into the two of the low three bits that g's lowest
  /// bit does not take: a reader phase (one c, two g, four t) and a copy
  /// phase (eight consecutive units) both fill the 8 bank groups.
  Value codePlace(Value u) {
    Value t0 = e.band(e.shr(u, logN + 3), 1), t1 = e.band(e.shr(u, logN + 4), 1);
    return e.bxor(u, e.bor(e.shl(t0, freeBits[0]), e.shl(t1, freeBits[1])));
  }
  /// Activation unit j of row r (of 8) sits at 8 r + (j ^ (r & 1)).
  Value actPlace(Value r, Value j) {
    return e.add(e.mul(r, 8), e.bxor(j, e.band(r, 1)));
  }
  /// The lane's group-row scales / zero points: the 4 n8-tiles of its 32
  /// columns are one 8-byte word of a row (emitColumnScalars).
  Value groupValuesPtr(Value base, Value row) {
    return e.gep(emitColumnRowPtr(e, s.tl, base, row),
                 e.mul(s.tl.columnValues, 2));
  }
  /// fn(rows, r0, unit) for each of the lane's activation units of a
  /// round: unit j = l % 8 of row r0 + rows, rows = 4 h + 8 i (r0 = l / 8),
  /// `unit` its place in `slot`. They differ from the first only by
  /// constants, 4 h + 8 i rows and 512 (h + 2 i) bytes (actPlace's XOR
  /// takes r & 1, which 4 h + 8 i keeps), so the slot offsets fold into the
  /// users' immediates.
  template <typename F> void forEachLaneRow(Value slot, F fn) {
    Value r0 = e.div(s.tl.lane, 8);
    Value first = unitOf(slot, actChunk0, actPlace(r0, e.rem(s.tl.lane, 8)));
    for (int64_t i = 0; i < s.rowGroups; ++i)
      for (int64_t h = 0; h < 2; ++h)
        fn(4 * h + 8 * i, r0, e.gep(first, e.c32(512 * (h + 2 * i))));
  }
  void zeroAbsentRows(Value slot);
  void copyRound(Value i, Value slot);
  Slot readRound(Value slot);
};
} // namespace

/// Zeros in `slot`'s activation units of the rows >= M, which no copy
/// writes, so that the readers load every row's units without a branch (a
/// row's B column only reaches its own output row, which is not stored;
/// zeros keep what the MMAs read defined).
void LaneQueue::zeroAbsentRows(Value slot) {
  Value zero = e.zeros16B();
  forEachLaneRow(slot, [&](int64_t rows, Value r0, Value unit) {
    e.ifThen(e.uge(e.add(r0, e.c32(rows)), s.tl.aRows),
             [&]() { e.store(zero, unit, 16); });
  });
}

/// Copies of the warp's round i (present) into `slot`.
void LaneQueue::copyRound(Value i, Value slot) {
  Tile &tl = s.tl;
  const GemmProblem &p = s.p;
  Value kb = e.add(tl.kBlockBegin, s.roundBlock(i));
  Value codes = e.gep(blockCodes, e.mul(e.zext64(kb), e.c64(512 * s.bits)));
  for (int64_t c = 0; c < codeChunks; ++c) {
    Value u = e.add(tl.lane, e.c32(32 * c));
    e.copyToShared(unitOf(slot, 0, codePlace(u)),
                   e.gep(codes, e.zext64(e.mul(u, 16))), 16,
                   NVVM::LoadCacheModifierKind::CG, Value());
  }
  // Activations: row r = l / 8 + 4 h of 8-row group i, its 16-byte unit
  // j = l % 8 of the k-block; rows >= M are never read, units past K read
  // 0 bytes from the row's start (K is a multiple of 8).
  Value j = e.rem(tl.lane, 8);
  Value k = e.add(e.mul(kb, kBlockK), e.mul(j, 8));
  Value there = e.ult(k, e.c32(p.k));
  Value kBytes = e.mul(e.zext64(e.select(there, k, e.c32(0))), e.c64(2));
  // One global address a round, row l / 8's: the other rows' are 2 K bytes
  // apart, beyond the +-2 KB ptxas folds into an LDGSTS, so a 64-bit add
  // each (bench/NOTES.md section 86).
  Value gRow0 = e.add(e.mul(tl.mTile, s.tc.blockM), e.div(tl.lane, 8));
  Value from0 =
      e.gep(tl.a, e.add(e.mul(e.zext64(gRow0), e.c64(p.k * 2)), kBytes));
  Value bytes = e.select(there, e.c32(16), e.c32(0));
  forEachLaneRow(slot, [&](int64_t rows, Value r0, Value unit) {
    e.ifThen(e.ult(e.add(r0, e.c32(rows)), tl.aRows), [&]() {
      e.copyToShared(unit, e.gep(from0, e.c64(rows * p.k * 2)), 16,
                     activationCopyCache(s.tc), bytes);
    });
  });
  // The group values: each lane its own 8-byte words.
  Value groupRow =
      e.div(e.add(e.mul(kb, kBlockK), s.laneK), p.weight.groupSize);
  if (s.groupScales)
    e.copyToShared(laneUnit(slot, groupChunk),
                   groupValuesPtr(tl.gscale, groupRow), 8,
                   NVVM::LoadCacheModifierKind::CA, Value());
  if (s.groupZeros)
    e.copyToShared(e.gep(laneUnit(slot, groupChunk), e.c32(8)),
                   groupValuesPtr(tl.zero, groupRow), 8,
                   NVVM::LoadCacheModifierKind::CA, Value());
}

/// The round in `slot` (after the warp's wait and barrier): reader (g, t)'s
/// code units and its rows' activation units 2 t, 2 t + 1.
Slot LaneQueue::readRound(Value slot) {
  Tile &tl = s.tl;
  Slot out;
  Value q = e.add(e.mul(tl.t, 8), tl.g);
  for (int64_t c = 0; c < codeChunks; ++c)
    out.words.append(emitLoadWords(
        e, unitOf(slot, 0, codePlace(e.add(e.mul(q, codeChunks), e.c32(c)))),
        4, 16));
  // Every row's units, absent rows' too (zeroAbsentRows): no branch.
  for (int64_t i = 0; i < s.rowGroups; ++i)
    for (int64_t c = 0; c < 2; ++c)
      out.act.append(emitLoadWords(
          e,
          unitOf(slot, actChunk0 + 2 * i,
                 actPlace(tl.g, e.add(e.mul(tl.t, 2), e.c32(c)))),
          4, 16));
  auto pairs = [&](Value ptr) {
    SmallVector<Value> v;
    for (Value x : emitColumnScalars(e, ptr, e.c32(0), s.tc.warpNTiles()))
      v.push_back(e.pair(x, x));
    return v;
  };
  if (s.roundSums) {
    out.scales = emitColumnScalars(e, laneUnit(slot, groupChunk), e.c32(0),
                                   s.tc.warpNTiles());
  } else if (s.groupScales) {
    out.scales = pairs(laneUnit(slot, groupChunk));
  }
  if (s.groupZeros)
    out.zeros = pairs(e.gep(laneUnit(slot, groupChunk), e.c32(8)));
  return out;
}

/// The warp's own rounds: wait for round r, read it from its slot, its
/// MMAs, then the slot refilled with round r + stages. In a 16-row queue an
/// iteration takes a whole ring of rounds, so that each round's slot is a
/// constant: the slot's shared-memory offset then folds into the loads' and
/// copies' immediates instead of costing an add per address and the ring's
/// update; rounds past the warp's last are skipped, which only the last
/// iteration has. That loop is bound by its instructions (ptxas: 147 -> 127
/// a round; g128 8192^2 M = 16 14.2-14.3 -> 14.0 us). An 8-row queue waits
/// for memory, and there the same form measured 0.1-0.2 us slower, so it
/// takes one round an iteration (bench/NOTES.md section 86).
static SmallVector<Value> emitLaneQueueLoop(StreamLane &s,
                                            ArrayRef<Value> init) {
  Emitter &e = s.e;
  const int64_t stages = s.tc.stages;
  const bool wholeRings = s.rowGroups > 1;
  LaneQueue queue(s);
  // The warp's rounds: its k-blocks warpK, warpK + W, ... of the unit.
  Value rounds = e.div(
      e.sub(e.add(s.tl.kBlockCount, e.c32(s.warps - 1)), s.tl.warpK), s.warps);
  for (int64_t j = 0; j < stages; ++j) {
    e.ifThen(e.ult(e.c32(j), rounds),
             [&]() { queue.copyRound(e.c32(j), e.c32(j)); });
    e.copyCommit();
  }
  // The absent rows' zeros after the first rounds' copies, whose start is
  // the stream's (other units, no ordering between them: the warp barrier
  // before a round's reads covers both).
  for (int64_t j = 0; j < stages; ++j)
    queue.zeroAbsentRows(e.c32(j));
  // Round r from `slot` into acc, then the slot refilled.
  auto round = [&](Value r, Value slot, MutableArrayRef<Value> acc) {
    // Round r's copies landed, the lane's own and (after the barrier) the
    // warp's.
    e.copyWait(stages - 1);
    e.syncWarp();
    s.computeRound(queue.readRound(slot), acc);
    // The slot is free once every lane has read it.
    e.syncWarp();
    Value later = e.add(r, e.c32(stages));
    e.ifThen(e.ult(later, rounds), [&]() { queue.copyRound(later, slot); });
    e.copyCommit();
  };
  SmallVector<Value> carried(init);
  if (!wholeRings)
    carried.push_back(e.c32(0)); // the slot of round r
  auto loop = scf::ForOp::create(e.b, e.loc, e.c32(0), rounds,
                                 e.c32(wholeRings ? stages : 1), carried);
  {
    OpBuilder::InsertionGuard g(e.b);
    e.b.setInsertionPointToStart(loop.getBody());
    auto args = loop.getRegionIterArgs();
    SmallVector<Value> acc(args.begin(), args.begin() + init.size());
    Value r0 = loop.getInductionVar();
    if (wholeRings) {
      round(r0, e.c32(0), acc);
      for (int64_t j = 1; j < stages; ++j) {
        Value r = e.add(r0, e.c32(j));
        e.ifThenUpdate(e.ult(r, rounds), acc, [&](MutableArrayRef<Value> a) {
          round(r, e.c32(j), a);
        });
      }
    } else {
      Value slot = args.back();
      round(r0, slot, acc);
      Value bumped = e.add(slot, e.c32(1));
      acc.push_back(e.select(e.eq(bumped, e.c32(stages)), e.c32(0), bumped));
    }
    scf::YieldOp::create(e.b, e.loc, acc);
  }
  return SmallVector<Value>(loop.getResults().begin(),
                            loop.getResults().begin() + init.size());
}

void emitRegisterStreamUnit(Emitter &e, Tile &tl) {
  StreamLane lane(e, tl);
  SmallVector<Value> init(e.spec.tile.accumulators(), e.cf32(0.0));
  SmallVector<Value> acc = e.spec.tile.laneQueue
                               ? emitLaneQueueLoop(lane, init)
                               : emitRegisterLoop(lane, init);
  // The epilogue's column arrays landed, for every thread.
  e.copyWait(0);
  e.barrier();
  emitUnitEnd(e, tl, acc);
}

} // namespace humming::detail::gemm
