//===- GemmEpilogue.cpp - The epilogue of a work unit ---------------------===//
//
// The output of a unit's sums: channel scale on the accumulators, bias,
// conversion to the output type, and the stores, one guarded store per run
// of accumulators or, for large wgmma tiles, staged through shared memory
// into 16-byte row pieces. Called by the unit's end (GemmUnitEnd.cpp) on
// the CTA's own sums or on the split sums it reduced.
//
//===----------------------------------------------------------------------===//

#include "GemmKernel.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinTypes.h"

namespace humming::detail::gemm {

Value packRun(Emitter &e, ArrayRef<Value> xs) {
  if (xs.size() == 1)
    return xs[0];
  return LLVM::BitcastOp::create(e.b, e.loc, e.i64, e.pair(xs[0], xs[1]));
}
Type runWordType(Emitter &e, int64_t run) {
  return run == 1 ? e.f32 : e.i64;
}
SmallVector<Value, 2> unpackRun(Emitter &e, Value word, int64_t run) {
  if (run == 1)
    return {word};
  Value v = LLVM::BitcastOp::create(e.b, e.loc, VectorType::get({2}, e.f32),
                                    word);
  return {LLVM::ExtractElementOp::create(e.b, e.loc, v, e.c32(0)),
          LLVM::ExtractElementOp::create(e.b, e.loc, v, e.c32(1))};
}

/// The epilogue's per-column arrays (channel scale, bias; SharedMemoryLayout)
/// copied into shared memory for the unit's block by the math threads; they
/// join their first commit group, so the drain covers them.
void emitLoadEpilogueColumns(Emitter &e, Tile &tl) {
  const TileConfig &tc = e.spec.tile;
  const DequantPlan &q = e.spec.dequant;
  SharedMemoryLayout sl(tc, e.spec.problem, e.spec.decode.bits);
  SmallVector<Value, 2> sources;
  if (q.scale == Placement::Accumulator)
    sources.push_back(tl.cscale);
  if (q.bias == Placement::Epilogue)
    sources.push_back(tl.bias);
  assert(int64_t(sources.size()) == sl.epilogueArrays &&
         "epilogue arrays disagree with the shared-memory layout");
  const int64_t chunks = tc.blockN * 4 / 16;
  for (auto [a, base] : llvm::enumerate(sources)) {
    Value dst0 = e.gep(tl.smem, e.c32(sl.epilogueArrayOffset(a, tc.blockN)));
    forEachChunk(e, tl.tid, tc.mathThreads(), chunks, [&](Value idx) {
      // Column arrays are padded to Npad (KernelLayout), so whole blocks.
      Value col = e.add(e.mul(tl.nTile, tc.blockN), e.mul(idx, 4));
      Value src = e.gep(base, e.mul(e.zext64(col), e.c64(4)));
      e.copyToShared(e.gep(dst0, e.mul(idx, 16)), src, 16,
                     NVVM::LoadCacheModifierKind::CG, Value());
    });
  }
}

namespace {
/// Channel scale and bias on a run of accumulators, then the output type.
/// The per-column values come from the unit's shared-memory copy
/// (emitLoadEpilogueColumns), loaded once per slot: every run of a slot
/// shares them.
struct EpilogueValues {
  Emitter &e;
  Tile &tl;
  const SharedMemoryLayout sl;
  const int64_t run;
  Value blockCol0;
  DenseMap<std::pair<int64_t, int64_t>, SmallVector<Value, 2>> cache;
  EpilogueValues(Emitter &e, Tile &tl)
      : e(e), tl(tl), sl(e.spec.tile, e.spec.problem, e.spec.decode.bits),
        run(accRunLength(e.spec.tile)),
        blockCol0(e.mul(tl.nTile, e.spec.tile.blockN)) {}

  SmallVector<Value, 2> columnValues(int64_t array, int64_t slot, Value col) {
    SmallVector<Value, 2> &v = cache[{array, slot}];
    if (v.empty()) {
      const int64_t blockN = e.spec.tile.blockN;
      Value off = e.add(e.c32(sl.epilogueArrayOffset(array, blockN)),
                        e.mul(e.sub(col, blockCol0), 4));
      v = unpackRun(e, e.load(runWordType(e, run), e.gep(tl.smem, off), 4 * run),
                    run);
    }
    return v;
  }

  /// Loads slot `slot`'s column values now, where every later use of them
  /// is dominated (the staged epilogue's uses are in per-chunk branches).
  void loadColumns(int64_t slot, Value col) {
    for (int64_t a = 0; a < sl.epilogueArrays; ++a)
      columnValues(a, slot, col);
  }

  /// The outputs of accumulators acc[i .. i + run) (columns col ..).
  SmallVector<Value, 2> operator()(ArrayRef<Value> acc, int64_t i, int64_t slot,
                                   Value col) {
    const DequantPlan &q = e.spec.dequant;
    const int64_t scaleArray = 0;
    const int64_t biasArray = q.scale == Placement::Accumulator ? 1 : 0;
    SmallVector<Value, 2> v(acc.begin() + i, acc.begin() + i + run);
    if (q.scale == Placement::Accumulator) {
      SmallVector<Value, 2> sc = columnValues(scaleArray, slot, col);
      for (int64_t h = 0; h < run; ++h)
        v[h] = arith::MulFOp::create(e.b, e.loc, v[h], sc[h]);
    }
    if (q.bias == Placement::Epilogue) {
      SmallVector<Value, 2> bias = columnValues(biasArray, slot, col);
      for (int64_t h = 0; h < run; ++h)
        v[h] = arith::AddFOp::create(e.b, e.loc, v[h], bias[h]);
    }
    SmallVector<Value, 2> o;
    for (int64_t h = 0; h < run; ++h)
      o.push_back(arith::TruncFOp::create(e.b, e.loc, e.outTy, v[h]));
    return o;
  }
};
} // namespace

/// wgmma with SharedMemoryLayout::outputStageBytes: the output tile goes
/// out through shared memory in 16-byte row pieces instead of one guarded
/// 2-byte store per accumulator (48-128 a thread, each with its address
/// and predicate, and half of each sector filled). The swapped D gives
/// lane (g, t) rows 2 t and 2 t + 1 of column g of each 8 x 8 block: the
/// fragment stmatrix .trans writes row-major. Each warp stages its own
/// columns (per weight tile, blockM rows of its 16 columns: 32-byte rows
/// whose two halves swap every 4 rows, so the 8 rows of a matrix, and the
/// 16 rows of two chunks read back, hit every bank once), then reads back
/// two chunks at a time, one 16-byte load and store per lane. Chunk c (accumulators
/// 4 c .. 4 c + 3: 8-row group c % (blockM / 8) of weight tile
/// c / (blockM / 8)) is one stmatrix .x2; `include` and `guard` are per
/// chunk here (both callers' are).
static void emitStagedEpilogue(Emitter &e, Tile &tl, EpilogueValues &values,
                               ArrayRef<Value> acc,
                               llvm::function_ref<bool(int64_t)> include,
                               llvm::function_ref<Value(int64_t)> guard) {
  const TileConfig &tc = e.spec.tile;
  const GemmProblem &p = e.spec.problem;
  const int64_t rowGroups = tc.blockM / 8; // chunks per weight tile
  const int64_t tiles = tc.warpCols() / kTileN;
  const int64_t tileBytes = tc.blockM * 32; // one weight tile of a warp
  const SharedMemoryLayout &sl = values.sl;
  // The chunks this CTA stores, in order.
  SmallVector<int64_t> staged;
  for (int64_t c = 0; c < tiles * rowGroups; ++c)
    if (!include || include(4 * c))
      staged.push_back(c);
  // Staged over a cluster end's received sums: every warp has read its own.
  if (sl.outputStageOffset < sl.clusterSumBytes)
    e.mathBarrier();
  // The thread's lane-derived addresses from a fresh read of its index:
  // derived from tl.tid, LLVM hoists them out of a persistent unit loop,
  // and with 128 registers a thread ptxas then spilled them across the
  // main loop (76 bytes on the 128 x 256 tile of four warpgroups).
  Value tid = e.asmI32("mov.u32 $0, %tid.x;", "=r", {});
  Value lane = e.band(tid, 31);
  Value warp = e.shr(tid, 5);
  Value region = LLVM::PtrToIntOp::create(
      e.b, e.loc, e.i32,
      e.gep(tl.smem, e.add(e.c32(sl.outputStageOffset),
                           e.mul(warp, tiles * tileBytes))));
  // Warp w of warpgroup n: columns n x warpCols + 16 (w % 4) of the block.
  Value colBase =
      e.add(e.mul(tl.nTile, tc.blockN),
            e.add(e.mul(e.shr(tid, 7), tc.warpCols()), e.mul(e.band(warp, 3), 16)));
  // stmatrix: lanes 0-7 give the rows of matrix 0 (columns 0-7), lanes 8-15
  // those of matrix 1 (8-15); half h of row r sits at slot h ^ (r / 4 % 2).
  Value lane7 = e.band(lane, 7);
  Value half = e.band(e.shr(lane, 3), 1);
  Value swapped = e.bxor(half, e.band(e.shr(lane, 2), 1));
  Value stAddr = e.add(region, e.add(e.mul(lane7, 32), e.mul(swapped, 16)));
  Value g = e.shr(lane, 2);
  auto laneCol = [&](int64_t tt, int64_t h) {
    return e.add(e.add(colBase, tt * kTileN + 8 * h), g);
  };
  for (int64_t tt = 0; tt < tiles; ++tt)
    for (int64_t h = 0; h < 2; ++h)
      values.loadColumns(2 * tt + h, laneCol(tt, h));
  for (int64_t c : staged) {
    const int64_t tt = c / rowGroups, i = c % rowGroups;
    Value live = wgmmaChunkLive(e, tl, c);
    if (guard)
      live = arith::AndIOp::create(e.b, e.loc, live, guard(4 * c));
    e.ifThen(live, [&]() {
      SmallVector<Value, 2> regs;
      for (int64_t h = 0; h < 2; ++h) {
        // Rows 8 i + 2 t and + 1 of column 16 w + 8 h + g.
        Value col = laneCol(tt, h);
        SmallVector<Value, 2> o;
        for (int64_t q = 0; q < 2; ++q)
          o.push_back(values(acc, 4 * c + 2 * h + q, 2 * tt + h, col)[0]);
        regs.push_back(
            LLVM::BitcastOp::create(e.b, e.loc, e.i32, e.pair(o[0], o[1])));
      }
      e.asmVoid("stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [$0], {$1, "
                "$2};",
                "r,r,r",
                {e.add(stAddr, e.c32(tt * tileBytes + 8 * i * 32)), regs[0],
                 regs[1]});
    });
  }
  e.syncWarp();
  // Read back two staged chunks at a time, lanes 0-15 the first, 16-31 the
  // second: lane L takes row L % 16 / 2 of its chunk's 8, slot L % 2, which
  // holds half (L % 2) ^ (L / 8 % 2). A pair of chunks is 512 bytes of the
  // region wherever they sit, so the reads stay conflict-free when the
  // chunks are a cluster end's share.
  Value upper = e.uge(lane, e.c32(16));
  Value lane15 = e.band(lane, 15);
  Value rowInGroup = e.shr(lane15, 1);
  Value readHalf = e.bxor(e.band(lane, 1), e.band(e.shr(lane, 3), 1));
  Value readAddr = e.add(region, e.mul(lane15, 16));
  auto v4 = VectorType::get({4}, e.i32);
  for (size_t k = 0; k < staged.size(); k += 2) {
    const int64_t cA = staged[k];
    const bool pair = k + 1 < staged.size();
    const int64_t cB = pair ? staged[k + 1] : cA;
    // This lane's chunk: per-chunk constants, selected by the lane's half.
    auto pick = [&](int64_t a, int64_t b) {
      return a == b ? e.c32(a) : e.select(upper, e.c32(b), e.c32(a));
    };
    auto firstRow = [&](int64_t c) { return 8 * (c % rowGroups); };
    Value live = e.ult(e.c32(std::min(firstRow(cA), firstRow(cB))), tl.aRows);
    e.ifThen(live, [&]() {
      Value row = e.add(pick(firstRow(cA), firstRow(cB)), rowInGroup);
      Value col = e.add(e.add(colBase, pick(cA / rowGroups * kTileN,
                                            cB / rowGroups * kTileN)),
                        e.mul(readHalf, 8));
      Value ok = arith::AndIOp::create(e.b, e.loc, e.ult(col, e.c32(p.n)),
                                       e.ult(row, tl.aRows));
      if (!pair)
        ok = arith::AndIOp::create(e.b, e.loc, ok, e.notI1(upper));
      if (guard) {
        Value g = pair ? e.select(upper, guard(4 * cB), guard(4 * cA))
                       : guard(4 * cA);
        ok = arith::AndIOp::create(e.b, e.loc, ok, g);
      }
      auto offset = [&](int64_t c) {
        return c / rowGroups * tileBytes + firstRow(c) * 32;
      };
      e.ifThen(ok, [&]() {
        Value src = LLVM::IntToPtrOp::create(
            e.b, e.loc, e.sptr,
            e.add(readAddr, pick(offset(cA), offset(cB))));
        Value v = e.load(v4, src, 16);
        Value grow = e.add(e.mul(tl.mTile, tc.blockM), row);
        Value elem = e.add(e.mul(e.zext64(grow), e.c64(p.n)), e.zext64(col));
        e.store(v, e.gep(tl.c, e.mul(elem, e.c64(2))), 16);
      });
    });
  }
}

void emitEpilogue(Emitter &e, Tile &tl, ArrayRef<Value> acc,
                  llvm::function_ref<bool(int64_t)> include,
                  llvm::function_ref<Value(int64_t)> guard) {
  const GemmProblem &p = e.spec.problem;
  EpilogueValues values(e, tl);
  if (values.sl.outputStageBytes > 0) {
    emitStagedEpilogue(e, tl, values, acc, include, guard);
    return;
  }
  const int64_t run = values.run;
  // An even N lets a pair go out as one 4-byte store (row * N + col even).
  const bool pairStores = run == 2 && p.n % 2 == 0;
  forEachAccRun(e, tl, [&](int64_t i, Value row, Value col, int64_t slot) {
    if (include && !include(i))
      return;
    SmallVector<Value, 2> o = values(acc, i, slot, col);
    Value rowOk = e.ult(row, tl.m);
    if (guard)
      rowOk = arith::AndIOp::create(e.b, e.loc, rowOk, guard(i));
    Value elem = e.add(e.mul(e.zext64(row), e.c64(p.n)), e.zext64(col));
    Value ptr = e.gep(tl.c, e.mul(elem, e.c64(2)));
    if (pairStores) {
      Value inside =
          arith::AndIOp::create(e.b, e.loc, rowOk, e.ult(col, e.c32(p.n)));
      e.ifThen(inside, [&]() { e.store(e.pair(o[0], o[1]), ptr, 4); });
      return;
    }
    for (int64_t h = 0; h < run; ++h) {
      Value inside = arith::AndIOp::create(e.b, e.loc, rowOk,
                                           e.ult(e.add(col, h), e.c32(p.n)));
      e.ifThen(inside, [&]() { e.store(o[h], e.gep(ptr, e.c64(2 * h)), 2); });
    }
  });
}

} // namespace humming::detail::gemm
