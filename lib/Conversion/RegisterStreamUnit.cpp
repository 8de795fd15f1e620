//===- RegisterStreamUnit.cpp - The register-stream loop (`:rs`) ----------===//
//
// A work unit of the register-stream kernels (TileConfig::registerStream):
// the swapped mma.sync (decoded weights as the m16 A operand, up to 8
// activation rows as the n8 B) without shared-memory stages:
//
//   epilogue column arrays -> shared memory (cp.async, one group)
//   warp w of the W warps along K takes the unit's k-blocks w, w + W, ...:
//     prologue: its first `stages` k-blocks' operands into registers
//     for each round of `stages` k-blocks, for each slot j:
//       decode + MMAs of slot j; slot j <- the k-block `stages` rounds on
//   cp.async.wait_group 0; bar.sync; emitUnitEnd (warp-K sums, epilogue or
//   split-K partials)
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
// kernels decodes at step t, the codes of k = 16 t + kOff(r, s) of its own
// columns. At MMA s every lane of fragment column t then holds the same k
// and the rows are the lanes' own, so the accumulators are the staged
// swapped kernels' (their end of a unit applies unchanged); and a lane's
// activations are the 16 contiguous halves 16 t .. 16 t + 15 of its row g,
// two 16-byte loads whose pairs s and s + 4 are MMA s's b0 and b1. A lane's
// codes of a k-block are 8 x bits contiguous bytes.
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
/// One k-block's operands of a lane, as the loop carries them.
struct Slot {
  SmallVector<Value> words;     // 2 x bits code words
  SmallVector<Value, 8> act;    // 8 activation pairs (i32)
  SmallVector<Value, 8> scales; // group scales per n8-tile (pairs), or none
  SmallVector<Value, 8> zeros;  // group zero points per n8-tile, or none

  SmallVector<Value> flat() const {
    SmallVector<Value> v(words.begin(), words.end());
    v.append(act.begin(), act.end());
    v.append(scales.begin(), scales.end());
    v.append(zeros.begin(), zeros.end());
    return v;
  }
  /// The same shape as `like`, from `v` (consumed from the front).
  static Slot unflat(const Slot &like, ArrayRef<Value> &v) {
    auto take = [&](size_t n) {
      SmallVector<Value> out(v.begin(), v.begin() + n);
      v = v.drop_front(n);
      return out;
    };
    Slot s;
    s.words = take(like.words.size());
    for (Value x : take(like.act.size()))
      s.act.push_back(x);
    for (Value x : take(like.scales.size()))
      s.scales.push_back(x);
    for (Value x : take(like.zeros.size()))
      s.zeros.push_back(x);
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

/// The 4 i32 of a 16-byte global load at `ptr`.
static SmallVector<Value> loadWords4(Emitter &e, Value ptr) {
  Type vt = VectorType::get({4}, e.i32);
  Value v = e.load(vt, ptr, 16);
  SmallVector<Value> out;
  for (int64_t i = 0; i < 4; ++i)
    out.push_back(LLVM::ExtractElementOp::create(e.b, e.loc, v, e.c32(i)));
  return out;
}

void emitRegisterStreamUnit(Emitter &e, Tile &tl) {
  const TileConfig &tc = e.spec.tile;
  const GemmProblem &p = e.spec.problem;
  const DequantPlan &q = e.spec.dequant;
  const unsigned bits = e.spec.decode.bits;
  const int64_t warps = tc.warpsK, ahead = kBlocksPerIteration(tc);
  const int64_t laneWords = 2 * bits; // 4 slots of bits / 2 words
  const int64_t kTiles16 = paddedK(p.k) / kTileK;
  const bool groups = p.weight.scale == format::ScaleGranularity::Group;
  const bool groupScales = groups && q.scale == Placement::BFragment;
  const bool groupZeros = groups && q.zeroPoint == Placement::BFragment;

  SmallVector<Value, 8> channelZero = emitLoadChannelZeroPoints(e, tl);
  // The epilogue's column arrays, waited for after the loop.
  emitLoadEpilogueColumns(e, tl);
  NVVM::CpAsyncCommitGroupOp::create(e.b, e.loc);

  // The lane's code bytes of k-block 0 of the warp's 32 columns (weight tile
  // col / 64, half (col / 32) % 2), then 512 x bits bytes a k-block.
  Value col = e.add(e.mul(tl.nTile, tc.blockN), tl.warpCol);
  Value laneCodes = e.add(
      e.add(e.mul(e.zext64(e.shr(col, 6)), e.c64(kTiles16 * 128 * bits)),
            e.zext64(e.mul(e.band(e.shr(col, 5), 1), 256 * bits))),
      e.zext64(e.mul(e.add(e.mul(tl.t, 32), e.mul(tl.g, 4)), 2 * bits)));
  // The lane's activation row (rows >= M read nothing) and its first k.
  Value rowValid = e.ult(tl.g, tl.aRows);
  Value row = e.add(e.mul(tl.mTile, tc.blockM), tl.g);
  Value laneK = e.mul(tl.t, 16);
  Value rowBytes = e.mul(e.zext64(row), e.c64(p.k * 2));

  // The operands of the warp's round i (its k-block warpK + W i of the
  // unit), zeros where the unit has no such k-block: a k-block that is not
  // there adds 0 x its decoded codes.
  auto loadRound = [&](Value i) {
    Value rel = e.add(tl.warpK, e.mul(i, warps));
    Value present = e.ult(rel, tl.kBlockCount);
    Value kb = e.add(tl.kBlockBegin, rel);
    Slot s;
    SmallVector<Type> types(laneWords + 8, e.i32);
    const int64_t columnValues = tc.warpNTiles();
    types.append(groupScales ? columnValues : 0, e.act2Ty);
    types.append(groupZeros ? columnValues : 0, e.act2Ty);
    SmallVector<Value> v = valuesIf(e, present, types, [&]() {
      SmallVector<Value> out;
      Value codes = e.gep(tl.w, e.add(laneCodes,
                                      e.mul(e.zext64(kb), e.c64(512 * bits))));
      for (int64_t c = 0; c < laneWords / 4; ++c)
        out.append(loadWords4(e, e.gep(codes, e.c32(16 * c))));
      // Two 16-byte chunks of the row, each there if it starts below K (K is
      // a multiple of 8: checkMmaSyncProblem).
      Value k0 = e.add(e.mul(kb, kBlockK), laneK);
      for (int64_t c = 0; c < 2; ++c) {
        Value k = e.add(k0, 8 * c);
        Value there =
            arith::AndIOp::create(e.b, e.loc, rowValid, e.ult(k, e.c32(p.k)));
        out.append(valuesIf(e, there, SmallVector<Type>(4, e.i32), [&]() {
          Value at = e.add(rowBytes, e.mul(e.zext64(k), e.c64(2)));
          return loadWords4(e, e.gep(tl.a, at));
        }));
      }
      // The K group of the lane's 16 k (a multiple of 16: tileConfigProblem).
      Value groupRow = e.div(k0, p.weight.groupSize);
      if (groupScales)
        out.append(emitLoadColumnValues(e, tl, tl.gscale, groupRow));
      if (groupZeros)
        out.append(emitLoadColumnValues(e, tl, tl.zero, groupRow));
      return out;
    });
    ArrayRef<Value> rest(v);
    Slot like;
    like.words.assign(laneWords, Value());
    like.act.assign(8, Value());
    like.scales.assign(groupScales ? columnValues : 0, Value());
    like.zeros.assign(groupZeros ? columnValues : 0, Value());
    return Slot::unflat(like, rest);
  };

  // Rounds of the warp: ceil(k-blocks / W), in loop iterations of `ahead`.
  Value rounds = e.div(e.add(tl.kBlockCount, warps - 1), warps);
  Value iterations = e.div(e.add(rounds, ahead - 1), ahead);
  SmallVector<Slot, 4> slots;
  for (int64_t j = 0; j < ahead; ++j)
    slots.push_back(loadRound(e.c32(j)));
  const int64_t accCount = tc.accumulators();
  SmallVector<Value> init(accCount, e.cf32(0.0));
  for (const Slot &s : slots)
    init.append(s.flat());
  auto loop =
      scf::ForOp::create(e.b, e.loc, e.c32(0), iterations, e.c32(1), init);
  {
    OpBuilder::InsertionGuard g(e.b);
    e.b.setInsertionPointToStart(loop.getBody());
    auto args = loop.getRegionIterArgs();
    SmallVector<Value> acc(args.begin(), args.begin() + accCount);
    ArrayRef<Value> rest(args.begin() + accCount, args.end());
    SmallVector<Slot, 4> cur;
    for (const Slot &s : slots)
      cur.push_back(Slot::unflat(s, rest));
    Value first = e.mul(loop.getInductionVar(), ahead);
    SmallVector<Value> next(acc);
    for (int64_t j = 0; j < ahead; ++j) {
      const Slot &s = cur[j];
      const SmallVector<Value, 8> &zeros = groupZeros ? s.zeros : channelZero;
      for (int64_t step = 0; step < 4; ++step) {
        ArrayRef<Value> words =
            ArrayRef<Value>(s.words).slice(step * bits / 2, bits / 2);
        emitSwappedStepMmas(e, words, zeros, s.scales, s.act[step],
                            s.act[step + 4], next);
      }
      cur[j] = loadRound(e.add(first, ahead + j));
    }
    for (const Slot &s : cur)
      next.append(s.flat());
    scf::YieldOp::create(e.b, e.loc, next);
  }
  SmallVector<Value> acc(loop.getResults().begin(),
                         loop.getResults().begin() + accCount);
  // The epilogue's column arrays landed, for every thread.
  NVVM::CpAsyncWaitGroupOp::create(e.b, e.loc, 0);
  e.barrier();
  emitUnitEnd(e, tl, acc);
}

} // namespace humming::detail::gemm
