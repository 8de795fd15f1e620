//===- MmaSyncKernel.cpp - The mma.sync GEMM kernel builder ----------------===//
//
// Structure of the emitted kernel (one CTA, T = 32 * warpsM * warpsN threads):
//
//   for unit in [blockIdx.x, units) step gridDim.x:      // persistent
//     (mTile, nTile, split) = decompose(unit)
//       (stream-K: for each N tile the CTA's k-block range meets, a unit
//        whose "split" is the CTA's segment of that tile)
//     G = k-blocks per iteration (2 for an even stage count >= 6, else 1)
//     prologue: cp.async k-blocks 0 .. stages-G-1 into the same stages,
//               the epilogue's column arrays (channel scale, bias) with
//               the first; then the A rows >= M are zeroed
//     for it in [0, ceil(count / G)):                      // steady state
//       cp.async.wait_group(stages-2G); [wgmma: fence.proxy.async]; bar.sync
//       cp.async k-blocks G*it+stages-G .. +G-1 (if any), a commit each
//       for each of the G k-blocks that exists (the last may not):
//         for this warp's k16 steps of the stage (all 4, or 4 / warpsK):
//           mma.sync: ldmatrix A; decode + dequant B; mma.sync
//           wgmma: decode the weights into A registers; wgmma (B = stage)
//       [wgmma: wait_group 0]
//     cp.async.wait_group(0); bar.sync                     // drain
//     warpsK > 1: the warps along K add their sums into warp-K 0's through
//                 shared memory (in warp order), which then alone stores
//     one split / segment: epilogue(acc)
//     several:     partials -> workspace; the last CTA of the tile (atomic
//                  counter) sums them in split order and runs the epilogue.
//
// Each component below is a small function over a `Emitter`, which holds the
// builder and the common values; the components know nothing of each other
// beyond the shared-memory layout they agree on.
//
//===----------------------------------------------------------------------===//

#include "humming/Conversion/MmaSyncKernel.h"

#include "humming/Kernel/KernelLayout.h"
#include "humming/Target/Capability.h"

#include "KernelEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace humming;
using namespace humming::kernel;

namespace {

/// The GEMM builder's state: the common helpers plus the kernel's spec.
struct Emitter : humming::detail::Emitter {
  const MmaSyncKernelSpec &spec;
  /// groupScaleBlocks of the kernel: 0, group scales in the B fragment; n,
  /// on the fp32 sums of n k-blocks.
  const int64_t groupScaleBlocks;
  Emitter(OpBuilder &b, Location loc, const MmaSyncKernelSpec &spec)
      : humming::detail::Emitter(b, loc, spec.problem), spec(spec),
        groupScaleBlocks(kernel::groupScaleBlocks(spec.tile, spec.problem)) {}
};

//===----------------------------------------------------------------------===//
// Shared memory (kernel::SharedMemoryLayout), per pipeline stage:
//   A: blockM rows x 128 bytes (64 halves), 16-byte chunks XOR-swizzled by
//      row % 8 so ldmatrix reads are bank-conflict free;
//   B: [blockN/64][4 k16][32 lanes][bits words], a straight copy of the
//      kernel-layout weight tiles.
//===----------------------------------------------------------------------===//

/// Byte offset of 16-byte chunk `chunk` (0..7) of A row `row` in a stage.
Value swizzledAOffset(Emitter &e, Value row, Value chunk) {
  Value sw = e.bxor(chunk, e.band(row, 7));
  return e.add(e.mul(row, 128), e.mul(sw, 16));
}

/// The values every component reads.
struct Tile {
  Value smem;           // !llvm.ptr<3>, start of dynamic shared memory
  Value tid, lane, warpM, warpN, warpK, g, t;
  // wgmma: the warp's index within its warpgroup (the 16 rows of the
  // MMA's A operand it supplies: weight columns 16 w .. 16 w + 15 of each
  // weight tile); null for mma.sync.
  Value wgWarp;
  // The warp's (warpgroup's) first weight tile within the block (warpN, or
  // warpN / 2 when a warp takes half a tile: TileConfig::warpCols) and its
  // first column within the block; the byte offset of the warp's part of
  // each lane's code words (half tiles: the half; wgmma: the quarter that
  // holds the warp's 16 columns; null for whole tiles); where the lane's
  // per-column B-fragment values start within a row of the block (elements:
  // the weight tile's [g][j] run, the warp's part of it); mma.sync: where
  // the values of the lane's accumulator columns 2 t of its n8 tiles start
  // (2 t + 1's are 8 elements on). Set once per kernel.
  Value weightTile, warpCol, codePartBytes, columnValues, accColumnValues;
  Value kLeader;        // i1: warpK == 0 (null when warpsK == 1)
  Value m;              // runtime M
  Value aRows;          // rows of this unit's M tile that are < M
  Value mTile, nTile, kBlockBegin, kBlockCount;
  // This unit's partial-sum slot of its tile, and the tile's slot count
  // (split-K: the split and splitK; stream-K: the CTA's segment of the
  // tile and the tile's segments).
  Value split, splitCount;
  Value a, w, gscale, zero, cscale, bias, c, ws, counters;
};

//===----------------------------------------------------------------------===//
// Global -> shared loaders (cp.async, 16 bytes, zero-fill past K)
//===----------------------------------------------------------------------===//

/// Deals `count` 16-byte chunks out to the CTA's threads: body(idx) for
/// idx = tid, tid + T, ...; only a last, partial round is guarded.
template <typename F>
void forEachChunk(Emitter &e, Tile &tl, int64_t count, F body) {
  const int64_t threads = e.spec.tile.threads();
  for (int64_t i = 0; i < (count + threads - 1) / threads; ++i) {
    Value idx = e.add(tl.tid, i * threads);
    if ((i + 1) * threads <= count)
      body(idx);
    else
      e.ifThen(e.ult(idx, e.c32(count)), [&]() { body(idx); });
  }
}

void emitLoadStage(Emitter &e, Tile &tl, Value stage, Value kBlock) {
  const TileConfig &tc = e.spec.tile;
  const GemmProblem &p = e.spec.problem;
  const unsigned bits = e.spec.decode.bits;
  SharedMemoryLayout sl(tc, e.spec.problem, bits);
  Value stageBase = e.gep(tl.smem, e.mul(stage, sl.stageBytes));

  // A: the tile's rows < M x 8 chunks (rows >= M were zeroed at the start
  // of the unit and are never copied: at M = 1 that is 8 copies instead of
  // 128 per stage).
  Value kBase = e.mul(kBlock, kBlockK); // in elements
  forEachChunk(e, tl, tc.blockM * 8, [&](Value idx) {
    Value row = e.div(idx, 8), chunk = e.rem(idx, 8);
    e.ifThen(e.ult(row, tl.aRows), [&]() {
      Value gRow = e.add(e.mul(tl.mTile, tc.blockM), row);
      Value gK = e.add(kBase, e.mul(chunk, 8));
      // Chunks past K read 0 bytes from the (valid) row start.
      Value valid = e.ult(gK, e.c32(p.k));
      Value elem = e.add(e.mul(e.zext64(gRow), e.c64(p.k)),
                         e.zext64(e.select(valid, gK, e.c32(0))));
      Value src = e.gep(tl.a, e.mul(elem, e.c64(2)));
      Value dst = e.gep(stageBase, swizzledAOffset(e, row, chunk));
      Value bytes = e.select(valid, e.c32(16), e.c32(0));
      NVVM::CpAsyncOp::create(e.b, e.loc, dst, src, 16,
                              NVVM::LoadCacheModifierKind::CG, bytes);
    });
  });

  // B: for each 64-column tile of the block, 4 consecutive k16 tiles are one
  // contiguous run of 512 * bits bytes in the kernel layout.
  const int64_t kTiles16 = paddedK(p.k) / kTileK;
  const int64_t runBytes = (tc.blockK / kTileK) * 32 * 4 * bits;
  const int64_t runChunks = runBytes / 16;
  Value bBase = e.gep(stageBase, e.c32(sl.aBytes));
  forEachChunk(e, tl, (tc.blockN / kTileN) * runChunks, [&](Value idx) {
      Value nb = e.div(idx, runChunks), chunk = e.rem(idx, runChunks);
      Value gNb = e.add(e.mul(tl.nTile, tc.blockN / kTileN), nb);
      // ((gNb * kTiles16 + kBlock * 4) * 32 * bits words) * 4 bytes
      Value tileIdx = e.add(e.mul(e.zext64(gNb), e.c64(kTiles16)),
                            e.zext64(e.mul(kBlock, tc.blockK / kTileK)));
      Value off = e.add(e.mul(tileIdx, e.c64(32 * 4 * bits)),
                        e.zext64(e.mul(chunk, 16)));
      Value src = e.gep(tl.w, off);
      Value dst = e.gep(bBase, e.add(e.mul(nb, runBytes), e.mul(chunk, 16)));
      // No L2 cache hint (evict-first): it measured within the spread, and
      // ptxas (CUDA 13.0) gave the hinted cp.async an odd uniform-register
      // pair as its descriptor (`desc[UR1]`) in some kernels, which faults
      // with an illegal instruction (bench/NOTES.md, sections 6 and 11).
      NVVM::CpAsyncOp::create(e.b, e.loc, dst, src, 16,
                              NVVM::LoadCacheModifierKind::CG, Value());
  });

  // Group scales / zero points: the block's columns of the K-group rows of
  // this k-block, [rows][Npad/64][8][8] in global memory, so one row's
  // blockN columns are blockN * 2 contiguous bytes.
  for (int64_t a = 0; a < sl.columnArrays; ++a) {
    Value firstRow = e.div(kBase, p.weight.groupSize);
    Value base = a == 0 ? tl.gscale : tl.zero;
    const int64_t rowChunks = tc.blockN * 2 / 16;
    Value colBase = e.gep(stageBase, e.c32(sl.columnOffset(a)));
    forEachChunk(e, tl, sl.columnRows * rowChunks, [&](Value idx) {
      Value r = e.div(idx, rowChunks), chunk = e.rem(idx, rowChunks);
      Value elem = e.add(e.mul(e.zext64(e.add(firstRow, r)),
                               e.c64(paddedN(p.n))),
                         e.zext64(e.add(e.mul(tl.nTile, tc.blockN),
                                        e.mul(chunk, 8))));
      Value src = e.gep(base, e.mul(elem, e.c64(2)));
      Value dst = e.gep(colBase, e.mul(idx, 16));
      NVVM::CpAsyncOp::create(e.b, e.loc, dst, src, 16,
                              NVVM::LoadCacheModifierKind::CG, Value());
    });
  }
}

//===----------------------------------------------------------------------===//
// Shared -> register: A fragments with ldmatrix.x4
//===----------------------------------------------------------------------===//

/// The 4 registers of the A fragment of m-tile `mi` at k16 step `ks`.
SmallVector<Value, 4> emitLoadAFragment(Emitter &e, Tile &tl, Value aBase,
                                        int64_t mi, Value ks) {
  const TileConfig &tc = e.spec.tile;
  int64_t warpRows = tc.blockM / tc.warpsM;
  Value row = e.add(e.add(e.mul(tl.warpM, warpRows), mi * 16),
                    e.rem(tl.lane, 16));
  Value chunk = e.add(e.div(tl.lane, 16), e.mul(ks, 2));
  Value ptr = e.gep(aBase, swizzledAOffset(e, row, chunk));
  Type resTy = LLVM::LLVMStructType::getLiteral(
      e.ctx, {e.i32, e.i32, e.i32, e.i32});
  Value frag = NVVM::LdMatrixOp::create(
      e.b, e.loc, resTy, ptr, 4, NVVM::MMALayout::row,
      NVVM::LdStMatrixShapeAttr::get(e.ctx, 8, 8), NVVM::LdStMatrixEltType::B16);
  SmallVector<Value, 4> regs;
  for (int64_t r = 0; r < 4; ++r)
    regs.push_back(LLVM::ExtractValueOp::create(e.b, e.loc, frag, r));
  return regs;
}

//===----------------------------------------------------------------------===//
// Decode + dequant: codes -> B-fragment registers (pairs of activation-typed
// values), following DecodePlan and DequantPlan.
//===----------------------------------------------------------------------===//

/// Loads `count` words of this lane's codes at `ptr`, which is `align`-byte
/// aligned (a power of two, at least 4).
SmallVector<Value> emitLoadCodes(Emitter &e, Value ptr, int64_t count,
                                 int64_t align) {
  SmallVector<Value> words;
  auto loadVec = [&](int64_t n, int64_t offset, unsigned align) {
    Value p = e.gep(ptr, e.c32(offset));
    if (n == 1) {
      words.push_back(e.load(e.i32, p, align));
      return;
    }
    Type vt = VectorType::get({n}, e.i32);
    Value v = e.load(vt, p, align);
    for (int64_t i = 0; i < n; ++i)
      words.push_back(
          LLVM::ExtractElementOp::create(e.b, e.loc, v, e.c32(i)));
  };
  int64_t offset = 0;
  int64_t left = count;
  int64_t vec = 4;
  while (vec > 1 && (count % vec != 0 || align < vec * 4))
    vec /= 2;
  while (left) {
    loadVec(vec, offset, vec * 4);
    offset += vec * 4;
    left -= vec;
  }
  return words;
}

/// Codes i and i + 1 (i even) of the lane's words as one i32 "pair word":
/// code i in bits [0, bits), code i + 1 in bits [16, 16 + bits). With the
/// paired layout (laneCodeBit) that is one shift and one mask of a word.
Value extractCodePair(Emitter &e, ArrayRef<Value> words, unsigned bits,
                      int64_t i) {
  const int64_t mask = (int64_t(1) << bits) - 1;
  if (pairedCodeLayout(bits)) {
    int64_t bit = laneCodeBit(i, bits);
    return e.band(e.shr(words[bit / 32], bit % 32), mask | (mask << 16));
  }
  auto code = [&](int64_t c) {
    int64_t bit = laneCodeBit(c, bits), w = bit / 32, s = bit % 32;
    Value v = e.shr(words[w], s);
    if (s + bits > 32)
      v = e.bor(v, e.shl(words[w + 1], 32 - s));
    return e.band(v, mask);
  };
  return e.bor(code(i), e.shl(code(i + 1), 16));
}

/// Splat of a compile-time constant as a pair of activation-typed values.
Value actPairConstant(Emitter &e, double v) {
  auto vt = cast<VectorType>(e.act2Ty);
  FloatAttr a = e.b.getFloatAttr(e.actTy, v);
  return arith::ConstantOp::create(e.b, e.loc,
                                   DenseElementsAttr::get(vt, a.getValue()));
}

/// An i32 as the pair of activation-typed values it holds.
Value asActPair(Emitter &e, Value word) {
  return LLVM::BitcastOp::create(e.b, e.loc, e.act2Ty, word).getResult();
}

/// The integer magic-number decodes: `word | c` (c in the low mantissa bits
/// of each half) is the activation-typed value `value + c`, for c below
/// 2^mantissa.
struct IntMagic {
  int64_t word;
  double value;
  int64_t mantissa;
};
IntMagic intMagic(DecodeStrategy s) {
  // 0x6400 is the f16 1024.0; 0x4300 the bf16 128.0.
  return s == DecodeStrategy::IntMagicF16 ? IntMagic{0x64006400, 1024, 10}
                                          : IntMagic{0x43004300, 128, 7};
}
bool isIntMagic(DecodeStrategy s) {
  return s == DecodeStrategy::IntMagicF16 || s == DecodeStrategy::IntMagicBF16;
}

/// A pair word (extractCodePair) -> one register of two activation-typed
/// values, raw decode (before zero point and scale), for the strategies
/// other than the integer magic numbers (emitIntMagicPair).
Value emitRawDecodePair(Emitter &e, Value pw) {
  const DecodePlan &d = e.spec.decode;
  const format::NumericFormat &w = e.spec.problem.weight.format;
  auto asPair = [&](Value word) { return asActPair(e, word); };
  // The two codes, for the strategies that convert them one at a time.
  auto lo = [&]() { return e.band(pw, 0xFFFF); };
  auto hi = [&]() { return e.shr(pw, 16); };
  switch (d.strategy) {
  case DecodeStrategy::IntMagicF16:
  case DecodeStrategy::IntMagicBF16:
    llvm_unreachable("integer magic decodes are emitIntMagicPair's");
  case DecodeStrategy::IntViaF32: {
    // 0x4B000000 | c is the f32 value 2^23 + c; the subtraction is exact and
    // so is the conversion of an integer below 256 to bf16.
    auto toF = [&](Value c) {
      Value f = LLVM::BitcastOp::create(e.b, e.loc, e.f32,
                                        e.bor(c, e.c32(0x4B000000)));
      return arith::SubFOp::create(e.b, e.loc, f, e.cf32(8388608.0))
          .getResult();
    };
    return arith::TruncFOp::create(e.b, e.loc, e.act2Ty,
                                   e.pair(toF(lo()), toF(hi())));
  }
  case DecodeStrategy::FloatExponentOffset: {
    unsigned x = w.exponentBits(), y = w.mantissaBits();
    int64_t magMask = (int64_t(1) << (x + y)) - 1;
    auto place = [&](Value c, unsigned signBit, unsigned mantTop) {
      Value v = e.shl(e.band(c, magMask), mantTop - y);
      if (w.isSigned())
        v = e.bor(v, e.shl(e.shr(c, w.bits() - 1), signBit));
      return v;
    };
    if (!e.bf16) {
      // f16 positions (sign bit 15, mantissa top at bit 10), both halves of
      // the pair word at once: x <= 5 keeps each half's bits in its half.
      Value v = e.shl(e.band(pw, magMask | (magMask << 16)), 10 - y);
      if (w.isSigned())
        v = e.bor(v, e.shl(e.band(e.shr(pw, w.bits() - 1), 0x00010001), 15));
      Value pair = asPair(v);
      return arith::MulFOp::create(
          e.b, e.loc, pair, actPairConstant(e, std::ldexp(1.0, d.exponentOffset)));
    }
    // bf16: f32 positions (sign 31, mantissa top 23), scale, then convert.
    // float8e8m0 has no zero: its code 0 is 2^-127, an f32 subnormal.
    const bool e8m0 = w.specials() == format::FloatSpecials::E8M0;
    auto toF = [&](Value c) {
      Value bits = place(c, 31, 23);
      if (e8m0)
        bits = e.select(e.eq(c, e.c32(0)), e.c32(0x00400000), bits);
      Value f = LLVM::BitcastOp::create(e.b, e.loc, e.f32, bits);
      return arith::MulFOp::create(e.b, e.loc, f,
                                   e.cf32(std::ldexp(1.0, d.exponentOffset)))
          .getResult();
    };
    return arith::TruncFOp::create(e.b, e.loc, e.act2Ty,
                                   e.pair(toF(lo()), toF(hi())));
  }
  }
  return Value();
}

/// The lane's per-column B-fragment values of one row of per-column data
/// ([rows][Npad/64][8 g][8 j], global or shared), `blockRow` pointing at the
/// block's first column in that row; each value splat to a pair. mma.sync:
/// one per n8-tile j of the warp (8 or 4, one 16- or 8-byte load); wgmma:
/// for each weight tile of the warpgroup, the lane's two columns 16 w + g
/// and 16 w + 8 + g (n8-tiles 2 w and 2 w + 1, one 4-byte load).
SmallVector<Value, 8> emitColumnValues(Emitter &e, Tile &tl, Value blockRow) {
  const TileConfig &tc = e.spec.tile;
  const int64_t n = tc.wgmma ? 2 : tc.warpNTiles();
  const int64_t tiles = tc.wgmma ? tc.warpCols() / kTileN : 1;
  Type vt = VectorType::get({n}, e.actTy);
  SmallVector<Value, 8> out;
  for (int64_t tt = 0; tt < tiles; ++tt) {
    Value elem = e.add(tl.columnValues, tt * kTileN);
    Value v = e.load(vt, e.gep(blockRow, e.mul(elem, 2)), 2 * n);
    for (int64_t j = 0; j < n; ++j) {
      Value s = LLVM::ExtractElementOp::create(e.b, e.loc, v, e.c32(j));
      out.push_back(e.pair(s, s));
    }
  }
  return out;
}

/// Per-column B-fragment values of row `row` from global memory (channel
/// zero points, once per unit).
SmallVector<Value, 8> emitLoadColumnValues(Emitter &e, Tile &tl, Value base,
                                           Value row) {
  const GemmProblem &p = e.spec.problem;
  const TileConfig &tc = e.spec.tile;
  int64_t nPad = paddedN(p.n);
  Value col = e.mul(tl.nTile, tc.blockN);
  Value elem = e.add(e.mul(e.zext64(row), e.c64(nPad)), e.zext64(col));
  return emitColumnValues(e, tl, e.gep(base, e.mul(elem, e.c64(2))));
}

/// `(x & mask) | magic` as one LOP3. ptxas would not fuse the two
/// immediates into one LOP3 (the instruction takes a single immediate), so
/// the mask stays an immediate and the magic goes in a register.
Value emitAndOr(Emitter &e, Value x, int64_t mask, int64_t magic) {
  return LLVM::InlineAsmOp::create(
             e.b, e.loc, e.i32, ValueRange{x, e.c32(mask), e.c32(magic)},
             "lop3.b32 $0, $1, $2, $3, 0xEA;", "=r,r,n,r",
             /*has_side_effects=*/false, /*is_align_stack=*/false,
             LLVM::tailcallkind::TailCallKind::None,
             LLVM::AsmDialectAttr(), ArrayAttr())
      .getResult(0);
}

/// The integer magic-number decode of codes (i, i + 1): an f16x2 / bf16x2
/// word of (magic + c * 2^s) and s. With the paired layout (1/2/4/8 bits)
/// that is one LOP3 (or PRMT for 8-bit f16), s being the codes' offset in
/// their 16-bit half beyond the last shift of the word: codes sit at offset
/// o = bits * (q / 2); offsets up to the mantissa width minus `bits` are
/// masked in place, the word is shifted once per `step` bits of o (f16
/// int4: one shift per word). Other widths extract the pair first (s = 0).
std::pair<Value, int64_t> emitIntMagicPair(Emitter &e, ArrayRef<Value> words,
                                           int64_t i) {
  const DecodePlan &d = e.spec.decode;
  const unsigned bits = d.bits;
  const IntMagic magic = intMagic(d.strategy);
  if (!pairedCodeLayout(bits))
    return {e.bor(extractCodePair(e, words, bits, i), e.c32(magic.word)), 0};
  const int64_t bit = laneCodeBit(i, bits), o = bit % 32;
  Value word = words[bit / 32];
  if (d.strategy == DecodeStrategy::IntMagicF16 && bits == 8) {
    // Byte o / 8 of each half under the 0x64 exponent byte: one PRMT.
    int64_t sel = o == 0 ? 0x4240 : 0x4341;
    return {NVVM::PermuteOp::create(
                e.b, e.loc, e.i32, word, e.c32(0x64646464), e.c32(sel),
                NVVM::PermuteModeAttr::get(e.ctx, NVVM::PermuteMode::DEFAULT))
                .getResult(),
            0};
  }
  const int64_t step = ((magic.mantissa - bits) / bits + 1) * bits;
  const int64_t base = o / step * step, sh = o - base;
  const int64_t mask = ((int64_t(1) << bits) - 1) << sh;
  return {emitAndOr(e, e.shr(word, base), mask | (mask << 16), magic.word),
          sh};
}

/// The B fragment (2 registers) of n8-tile j from the lane's code words.
std::pair<Value, Value> emitDecodeB(Emitter &e, ArrayRef<Value> words,
                                    int64_t j, Value zeroPair,
                                    Value scalePair) {
  const DecodePlan &d = e.spec.decode;
  Value regs[2];
  for (int64_t half = 0; half < 2; ++half) {
    const int64_t i = 4 * j + 2 * half;
    Value x;
    bool subtracted = false;
    if (isIntMagic(d.strategy)) {
      auto [pair, sh] = emitIntMagicPair(e, words, i);
      x = asActPair(e, pair);
      if (sh > 0) {
        // x = M + c * 2^sh (M the magic value): one FMA scales it back and
        // subtracts the decode constant C (which includes M), or restores
        // M + c for a zero point subtracted later. All values are small
        // integers, exact in f16 / bf16.
        const double m = intMagic(d.strategy).value;
        const double f = std::ldexp(1.0, -int(sh));
        x = LLVM::FMAOp::create(
            e.b, e.loc, x, actPairConstant(e, f),
            actPairConstant(e, m - m * f - d.constantSubtract));
        subtracted = true;
      }
    } else {
      x = emitRawDecodePair(e, extractCodePair(e, words, d.bits, i));
    }
    if (!subtracted && d.constantSubtract != 0)
      x = arith::SubFOp::create(e.b, e.loc, x,
                                actPairConstant(e, d.constantSubtract));
    if (zeroPair)
      x = arith::SubFOp::create(e.b, e.loc, x, zeroPair);
    if (scalePair)
      x = arith::MulFOp::create(e.b, e.loc, x, scalePair);
    // bf16 MMA operands are i32 registers; f16 ones stay vector<2xf16>.
    regs[half] = e.bf16 ? LLVM::BitcastOp::create(e.b, e.loc, e.i32, x)
                              .getResult()
                        : x;
  }
  return {regs[0], regs[1]};
}

//===----------------------------------------------------------------------===//
// mma.sync m16n8k16, fp32 accumulators
//===----------------------------------------------------------------------===//

void emitMma(Emitter &e, ArrayRef<Value> aRegs, Value b0, Value b1,
             MutableArrayRef<Value> acc) {
  SmallVector<Value, 4> a;
  for (Value r : aRegs)
    a.push_back(e.bf16 ? r
                       : LLVM::BitcastOp::create(e.b, e.loc, e.act2Ty, r)
                             .getResult());
  Type resTy = LLVM::LLVMStructType::getLiteral(
      e.ctx, {e.f32, e.f32, e.f32, e.f32});
  NVVM::MMATypes ty = e.bf16 ? NVVM::MMATypes::bf16 : NVVM::MMATypes::f16;
  Value d = NVVM::MmaOp::create(
      e.b, e.loc, resTy, a, ValueRange{b0, b1}, acc, ArrayRef<int64_t>{16, 8, 16},
      std::nullopt, std::nullopt, std::array<NVVM::MMATypes, 2>{ty, ty},
      std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                     NVVM::MMALayout::col});
  for (int64_t i = 0; i < 4; ++i)
    acc[i] = LLVM::ExtractValueOp::create(e.b, e.loc, d, i);
}

//===----------------------------------------------------------------------===//
// wgmma m64 x blockM x k16, weights as A (registers), activations as B
// (shared memory), fp32 accumulators
//===----------------------------------------------------------------------===//

/// Inline PTX over f32 registers read and written in place (the first
/// tied.size() operands, "+f"), then `inputs` with `inputConstraints`;
/// returns the registers' new values.
SmallVector<Value> emitTiedF32Asm(Emitter &e, StringRef text,
                                  ArrayRef<Value> tied, ValueRange inputs,
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
/// step further in the row is 32 bytes on: + 2.
Value emitActivationDescriptor(Emitter &e, Value stageBase) {
  Value addr = LLVM::PtrToIntOp::create(e.b, e.loc, e.i32, stageBase);
  Value start = e.zext64(e.band(e.shr(addr, 4), 0x3FFF));
  const int64_t fields =
      (int64_t(1) << 16) | (int64_t(1024 >> 4) << 32) | (int64_t(1) << 62);
  return arith::OrIOp::create(e.b, e.loc, start, e.c64(fields));
}

/// acc (blockM / 2 registers of one weight tile) += A x B, A the warp's 16
/// weight columns x k16 (4 registers in the mma.sync A-fragment layout), B
/// the activation rows at `desc`. Asynchronous: the warpgroup waits with
/// wgmma.wait_group before the registers or the stage are touched again.
/// `guard` (i32, uniform over the warpgroup, may be null): issued only when
/// it is non-zero, a predicate on the instruction rather than a branch, so
/// ptxas sees the same straight-line code with and without it. `overwrite`:
/// D = A x B, the accumulators' old values ignored (scale-d = 0).
void emitWgmma(Emitter &e, ArrayRef<Value> aRegs, Value desc,
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

/// At the warp's k16 step l (stage step ks): where a K group starts, the
/// stage's copy of the group row's scales / zero points for the lane's
/// columns replace `scales` / `zeros`. A warp's K range (steps x 16) and
/// the groups are powers of two, so a group starts within it only at a
/// step l with (l * 16) % group == 0.
void emitGroupValues(Emitter &e, Tile &tl, Value stageBase, int64_t l,
                     Value ks, SmallVectorImpl<Value> &scales,
                     SmallVectorImpl<Value> &zeros) {
  const TileConfig &tc = e.spec.tile;
  const DequantPlan &q = e.spec.dequant;
  const GemmProblem &p = e.spec.problem;
  const int64_t group = p.weight.groupSize;
  if (p.weight.scale != format::ScaleGranularity::Group ||
      (l != 0 && (l * kTileK) % group != 0))
    return;
  // Scales applied to the group's sums instead (emitApplyGroupScales).
  const bool bScales = q.scale == Placement::BFragment && !e.groupScaleBlocks;
  SharedMemoryLayout sl(tc, p, e.spec.decode.bits);
  Value row = group >= tc.blockK ? e.c32(0) : e.div(e.mul(ks, kTileK), group);
  auto fromStage = [&](int64_t a) {
    Value off = e.add(e.c32(sl.columnOffset(a)), e.mul(row, tc.blockN * 2));
    return emitColumnValues(e, tl, e.gep(stageBase, off));
  };
  if (bScales)
    scales.assign(fromStage(0));
  if (q.zeroPoint == Placement::BFragment)
    zeros.assign(fromStage(1));
}

/// The warp's part of the lane's code words of weight tile `tile` of the
/// block at k16 step `ks`: all 4 x bits bytes (a whole tile), the half of a
/// half tile (even widths: 16 codes fill bits / 2 words, laid out like the
/// first half), or for wgmma the quarter of the warp's 16 columns (4 and 8
/// bits: 8 codes fill bits / 4 words).
SmallVector<Value> emitLoadWarpCodes(Emitter &e, Tile &tl, Value bBase,
                                     Value tile, Value ks) {
  const TileConfig &tc = e.spec.tile;
  const unsigned bits = e.spec.decode.bits;
  Value ptr = e.gep(
      bBase, e.mul(e.add(e.mul(e.add(e.mul(tile, tc.blockK / kTileK), ks), 32),
                         tl.lane),
                   4 * bits));
  if (tl.codePartBytes)
    ptr = e.gep(ptr, tl.codePartBytes);
  const int64_t run = tc.wgmma ? bits : tl.codePartBytes ? 2 * bits : 4 * bits;
  // The run's alignment: the largest power of two dividing its start.
  return emitLoadCodes(e, ptr, run / 4, run & -run);
}

void emitMmaSyncComputeStage(Emitter &e, Tile &tl, Value stage,
                             ArrayRef<Value> channelZero,
                             MutableArrayRef<Value> acc) {
  const TileConfig &tc = e.spec.tile;
  SharedMemoryLayout sl(tc, e.spec.problem, e.spec.decode.bits);
  const int64_t mTilesPerWarp = tc.blockM / tc.warpsM / 16;
  const int64_t nTiles = tc.warpNTiles();
  Value stageBase = e.gep(tl.smem, e.mul(stage, sl.stageBytes));
  Value bBase = e.gep(stageBase, e.c32(sl.aBytes));
  // This warp's k16 steps: [warpK * steps, (warpK + 1) * steps).
  const int64_t steps = tc.blockK / kTileK / tc.warpsK;
  Value firstStep = e.mul(tl.warpK, steps);

  SmallVector<Value, 8> scales, zeros(channelZero.begin(), channelZero.end());
  for (int64_t l = 0; l < steps; ++l) {
    Value ks = e.add(firstStep, l);
    emitGroupValues(e, tl, stageBase, l, ks, scales, zeros);
    SmallVector<SmallVector<Value, 4>> aFrags;
    for (int64_t mi = 0; mi < mTilesPerWarp; ++mi)
      aFrags.push_back(emitLoadAFragment(e, tl, stageBase, mi, ks));
    SmallVector<Value> words =
        emitLoadWarpCodes(e, tl, bBase, tl.weightTile, ks);
    for (int64_t j = 0; j < nTiles; ++j) {
      auto [b0, b1] =
          emitDecodeB(e, words, j, zeros.empty() ? Value() : zeros[j],
                      scales.empty() ? Value() : scales[j]);
      for (int64_t mi = 0; mi < mTilesPerWarp; ++mi)
        emitMma(e, aFrags[mi], b0, b1,
                acc.slice((mi * nTiles + j) * 4, 4));
    }
  }
}

/// wgmma: per k16 step, each warp decodes its 16 columns of each of the
/// warpgroup's weight tiles straight into A-fragment registers (n8-tile
/// 2 w gives rows 0-7, 2 w + 1 rows 8-15), then one wgmma per weight tile;
/// the next step's decode runs while they do. The MMAs are committed as
/// one group; the caller waits for it (emitWgmmaWait). `startRun`: the
/// first step's MMAs overwrite `acc` (a run of group-scale sums starts).
void emitWgmmaComputeStage(Emitter &e, Tile &tl, Value stage,
                           ArrayRef<Value> channelZero,
                           MutableArrayRef<Value> acc, Value guard,
                           bool startRun) {
  const TileConfig &tc = e.spec.tile;
  SharedMemoryLayout sl(tc, e.spec.problem, e.spec.decode.bits);
  const int64_t tiles = tc.warpCols() / kTileN;
  const int64_t perTile = tc.blockM / 2;
  Value stageBase = e.gep(tl.smem, e.mul(stage, sl.stageBytes));
  Value bBase = e.gep(stageBase, e.c32(sl.aBytes));
  Value desc = emitActivationDescriptor(e, stageBase);
  auto asI32 = [&](Value v) {
    return e.bf16 ? v : LLVM::BitcastOp::create(e.b, e.loc, e.i32, v).getResult();
  };
  SmallVector<Value, 8> scales, zeros(channelZero.begin(), channelZero.end());
  for (int64_t l = 0; l < tc.blockK / kTileK; ++l) {
    Value ks = e.c32(l);
    emitGroupValues(e, tl, stageBase, l, ks, scales, zeros);
    SmallVector<SmallVector<Value, 4>> aFrags;
    for (int64_t tt = 0; tt < tiles; ++tt) {
      SmallVector<Value> words =
          emitLoadWarpCodes(e, tl, bBase, e.add(tl.weightTile, tt), ks);
      std::pair<Value, Value> rows[2];
      for (int64_t h = 0; h < 2; ++h) {
        const int64_t v = 2 * tt + h;
        rows[h] = emitDecodeB(e, words, h, zeros.empty() ? Value() : zeros[v],
                              scales.empty() ? Value() : scales[v]);
      }
      aFrags.push_back({asI32(rows[0].first), asI32(rows[1].first),
                        asI32(rows[0].second), asI32(rows[1].second)});
    }
    NVVM::WgmmaFenceAlignedOp::create(e.b, e.loc);
    Value stepDesc =
        arith::AddIOp::create(e.b, e.loc, desc, e.c64(2 * l)).getResult();
    for (int64_t tt = 0; tt < tiles; ++tt)
      emitWgmma(e, aFrags[tt], stepDesc, acc.slice(tt * perTile, perTile),
                guard, startRun && l == 0);
  }
  NVVM::WgmmaGroupSyncAlignedOp::create(e.b, e.loc);
}

/// The end of a loop iteration's MMAs: all of them are done before the next
/// iteration, whose copies refill their stages after its barrier, and no
/// A-fragment register of an MMA is in flight across the loop's back edge.
/// (Leaving them in flight one iteration longer, wait_group 1, measured
/// correct only by luck: ptxas 13.0 reused the last MMAs' A registers as
/// scratch for the next iteration's copies; bench/NOTES.md, section 13.)
void emitWgmmaWait(Emitter &e) {
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
/// either way), mma.sync branches around the stage.
void emitComputeStage(Emitter &e, Tile &tl, Value stage,
                      ArrayRef<Value> channelZero, MutableArrayRef<Value> acc,
                      Value guard = Value(), bool startRun = false) {
  if (e.spec.tile.wgmma) {
    emitWgmmaComputeStage(e, tl, stage, channelZero, acc,
                          guard ? arith::ExtUIOp::create(e.b, e.loc, e.i32, guard).getResult()
                                : Value(),
                          startRun);
    return;
  }
  if (!guard) {
    emitMmaSyncComputeStage(e, tl, stage, channelZero, acc);
    return;
  }
  e.ifThenUpdate(guard, acc, [&](MutableArrayRef<Value> inner) {
    emitMmaSyncComputeStage(e, tl, stage, channelZero, inner);
  });
}

/// Group scales on sums (groupScaleBlocks > 0): acc += sums x the scale of
/// each sum's column, the scales of the K group whose k-blocks `sums` hold,
/// from the column array of one of them, `stage`, as f32.
/// mma.sync: accumulator r of n8-tile j is column 2 t + r % 2 of the tile
/// (forEachAccRun); the lane's values of columns 2 t and 2 t + 1 of its
/// tiles are one run each. wgmma: the swapped D's accumulator i of weight
/// tile tt is column 16 w + 8 h + g, h = (i % 4) / 2: the B-fragment values
/// the lane decodes with (emitColumnValues).
void emitApplyGroupScales(Emitter &e, Tile &tl, Value stage,
                          ArrayRef<Value> sums, MutableArrayRef<Value> acc) {
  const TileConfig &tc = e.spec.tile;
  SharedMemoryLayout sl(tc, e.spec.problem, e.spec.decode.bits);
  Value row = e.gep(tl.smem, e.add(e.mul(stage, sl.stageBytes),
                                   e.c32(sl.columnOffset(0))));
  auto toF32 = [&](Value v, int64_t i) {
    return arith::ExtFOp::create(
               e.b, e.loc, e.f32,
               LLVM::ExtractElementOp::create(e.b, e.loc, v, e.c32(i))
                   .getResult())
        .getResult();
  };
  const int64_t n = int64_t(acc.size());
  SmallVector<Value> scale(n);
  if (tc.wgmma) {
    SmallVector<Value, 8> slots; // 2 per weight tile (h = 0, 1)
    for (Value pair : emitColumnValues(e, tl, row))
      slots.push_back(toF32(pair, 0));
    const int64_t perTile = tc.blockM / 2;
    for (int64_t i = 0; i < n; ++i)
      scale[i] = slots[2 * (i / perTile) + (i % 4) / 2];
  } else {
    const int64_t nTiles = tc.warpNTiles();
    Type vt = VectorType::get({nTiles}, e.actTy);
    SmallVector<Value, 8> cols[2];
    for (int64_t h = 0; h < 2; ++h) {
      Value elem = e.add(tl.accColumnValues, 8 * h);
      Value v = e.load(vt, e.gep(row, e.mul(elem, 2)), 2 * nTiles);
      for (int64_t j = 0; j < nTiles; ++j)
        cols[h].push_back(toF32(v, j));
    }
    for (int64_t i = 0; i < n; ++i)
      scale[i] = cols[i % 2][(i / 4) % nTiles];
  }
  for (int64_t i = 0; i < n; ++i)
    acc[i] = LLVM::FMAOp::create(e.b, e.loc, sums[i], scale[i], acc[i]);
}

/// The k-blocks of one loop iteration, stages `readStage` + j for j <
/// `count`, into `acc`; k-block j > 0 only where `present(j)` holds (i1,
/// uniform over the CTA). wgmma: the iteration's MMAs are waited for here.
/// With group scales on sums, each run of groupScaleBlocks k-blocks (a run
/// lies in one K group: units start on a multiple of it) accumulates from
/// zero and is then scaled into `acc`. mma.sync starts a run from zero
/// constants; wgmma (one run per iteration) overwrites `sums`, the previous
/// run's registers carried by the loop, with its first MMAs, and scales them
/// after its wait.
template <typename Present>
void emitIterationCompute(Emitter &e, Tile &tl, Value readStage,
                          int64_t count, ArrayRef<Value> channelZero,
                          MutableArrayRef<Value> acc,
                          MutableArrayRef<Value> sums, Present present) {
  const bool wgmma = e.spec.tile.wgmma;
  const int64_t run = e.groupScaleBlocks;
  if (!run || wgmma) {
    MutableArrayRef<Value> target = run ? sums : acc;
    for (int64_t j = 0; j < count; ++j)
      emitComputeStage(e, tl, e.add(readStage, j), channelZero, target,
                       j == 0 ? Value() : present(j), run && j == 0);
    if (wgmma)
      emitWgmmaWait(e);
    if (run) {
      assert(run == count && "wgmma takes one group-scale run per iteration");
      emitApplyGroupScales(e, tl, readStage, sums, acc);
    }
    return;
  }
  for (int64_t j0 = 0; j0 < count; j0 += run) {
    auto body = [&](MutableArrayRef<Value> total) {
      SmallVector<Value> partial(total.size(), e.cf32(0.0));
      for (int64_t j = j0; j < j0 + run; ++j)
        emitComputeStage(e, tl, e.add(readStage, j), channelZero, partial,
                         j == j0 ? Value() : present(j));
      emitApplyGroupScales(e, tl, e.add(readStage, j0), partial, total);
    };
    if (j0 == 0)
      body(acc);
    else
      e.ifThenUpdate(present(j0), acc, body);
  }
}

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
  e.barrier();
  // Warp-K 0 adds the slices in order; the other warps keep their sums
  // (unused from here on).
  e.ifThenUpdate(tl.kLeader, acc, [&](MutableArrayRef<Value> total) {
    for (int64_t kw = 0; kw + 1 < tc.warpsK; ++kw)
      for (int64_t i = 0; i < n; ++i)
        total[i] = arith::AddFOp::create(
            e.b, e.loc, total[i], e.load(e.f32, slot(e.c32(kw), i), 4));
  });
  // The next unit's copies reuse these bytes.
  e.barrier();
}

//===----------------------------------------------------------------------===//
// Epilogue: channel scale on the accumulators, bias, conversion, masked store.
//===----------------------------------------------------------------------===//

/// Output columns per run of accumulators (forEachAccRun).
int64_t accRunLength(const TileConfig &tc) { return tc.wgmma ? 1 : 2; }

/// Visits this lane's accumulators in runs of adjacent output columns of one
/// row: fn(index of the run's first accumulator, row, column, slot), the
/// slot naming the lane's column group (per-column values are the same for
/// every run of a slot). mma.sync: runs of 2, columns 2 t and 2 t + 1 of
/// rows g and g + 8 of each m16 x n8 tile, slot = the n8-tile. wgmma: runs
/// of 1 (the swapped D holds output rows 8 i + 2 t and + 1 of the lane's
/// columns 16 w + g and 16 w + 8 + g of each weight tile), slot = 2 x the
/// weight tile + the column half.
template <typename F> void forEachAccRun(Emitter &e, Tile &tl, F fn) {
  const TileConfig &tc = e.spec.tile;
  if (tc.wgmma) {
    const int64_t perTile = tc.blockM / 2;
    Value row0 = e.add(e.mul(tl.mTile, tc.blockM), e.mul(tl.t, 2));
    Value col0 = e.add(
        e.add(e.add(e.mul(tl.nTile, tc.blockN), tl.warpCol),
              e.mul(tl.wgWarp, 16)),
        tl.g);
    for (int64_t tt = 0; tt < tc.warpCols() / kTileN; ++tt)
      for (int64_t i = 0; i < tc.blockM / 8; ++i)
        for (int64_t h = 0; h < 2; ++h)
          for (int64_t q = 0; q < 2; ++q)
            fn(tt * perTile + i * 4 + h * 2 + q, e.add(row0, 8 * i + q),
               e.add(col0, tt * kTileN + 8 * h), 2 * tt + h);
    return;
  }
  const int64_t mTilesPerWarp = tc.blockM / tc.warpsM / 16;
  const int64_t nTiles = tc.warpNTiles();
  Value row0 = e.add(e.mul(tl.mTile, tc.blockM),
                     e.add(e.mul(tl.warpM, tc.blockM / tc.warpsM), tl.g));
  Value col0 = e.add(e.add(e.mul(tl.nTile, tc.blockN), tl.warpCol),
                     e.mul(tl.t, 2));
  for (int64_t mi = 0; mi < mTilesPerWarp; ++mi)
    for (int64_t j = 0; j < nTiles; ++j)
      for (int64_t half = 0; half < 2; ++half)
        fn((mi * nTiles + j) * 4 + 2 * half, e.add(row0, mi * 16 + half * 8),
           e.add(col0, j * 8), j);
}

/// A run's accumulators as one word (1 x f32, or 2 x f32 as i64, low word
/// first) and back.
Value packRun(Emitter &e, ArrayRef<Value> xs) {
  if (xs.size() == 1)
    return xs[0];
  return LLVM::BitcastOp::create(e.b, e.loc, e.i64, e.pair(xs[0], xs[1]));
}
Type runWordType(Emitter &e, int64_t run) { return run == 1 ? e.f32 : e.i64; }
SmallVector<Value, 2> unpackRun(Emitter &e, Value word, int64_t run) {
  if (run == 1)
    return {word};
  Value v = LLVM::BitcastOp::create(e.b, e.loc, VectorType::get({2}, e.f32),
                                    word);
  return {LLVM::ExtractElementOp::create(e.b, e.loc, v, e.c32(0)),
          LLVM::ExtractElementOp::create(e.b, e.loc, v, e.c32(1))};
}

/// The epilogue's per-column arrays (channel scale, bias; SharedMemoryLayout)
/// copied into shared memory for the unit's block; they join the first
/// stage's commit group, so the drain covers them.
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
    forEachChunk(e, tl, chunks, [&](Value idx) {
      // Column arrays are padded to Npad (KernelLayout), so whole blocks.
      Value col = e.add(e.mul(tl.nTile, tc.blockN), e.mul(idx, 4));
      Value src = e.gep(base, e.mul(e.zext64(col), e.c64(4)));
      NVVM::CpAsyncOp::create(e.b, e.loc, e.gep(dst0, e.mul(idx, 16)), src,
                              16, NVVM::LoadCacheModifierKind::CG, Value());
    });
  }
}

void emitEpilogue(Emitter &e, Tile &tl, ArrayRef<Value> acc) {
  const GemmProblem &p = e.spec.problem;
  const DequantPlan &q = e.spec.dequant;
  const TileConfig &tc = e.spec.tile;
  SharedMemoryLayout sl(tc, p, e.spec.decode.bits);
  const int64_t run = accRunLength(tc);
  const int64_t scaleArray = 0;
  const int64_t biasArray = q.scale == Placement::Accumulator ? 1 : 0;
  // A run's column values from the unit's shared-memory copy (4 or 8
  // bytes), loaded once per slot (every run of a slot shares them).
  Value blockCol0 = e.mul(tl.nTile, tc.blockN);
  DenseMap<std::pair<int64_t, int64_t>, SmallVector<Value, 2>> cache;
  auto columnValues = [&](int64_t array, int64_t slot, Value col) {
    SmallVector<Value, 2> &v = cache[{array, slot}];
    if (v.empty()) {
      Value off = e.add(e.c32(sl.epilogueArrayOffset(array, tc.blockN)),
                        e.mul(e.sub(col, blockCol0), 4));
      v = unpackRun(e, e.load(runWordType(e, run), e.gep(tl.smem, off), 4 * run),
                    run);
    }
    return v;
  };
  // An even N lets a pair go out as one 4-byte store (row * N + col even).
  const bool pairStores = run == 2 && p.n % 2 == 0;
  forEachAccRun(e, tl, [&](int64_t i, Value row, Value col, int64_t slot) {
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
    Value rowOk = e.ult(row, tl.m);
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

//===----------------------------------------------------------------------===//
// Split-K: partials to the workspace; the last CTA of a tile reduces them in
// split order (deterministic) and resets the tile's counter for the next call.
//===----------------------------------------------------------------------===//

/// Splits whose partials the last CTA loads before adding them: all loads
/// of a group are in flight together (one L2 round trip per group instead
/// of one per split), bounded by the registers they hold. For split-K a
/// divisor of splitK, so the loop has no remainder; stream-K's segment count
/// is known at run time only (its last group is masked).
int64_t splitLoadGroup(const TileConfig &tc) {
  const int64_t maxGroup =
      std::clamp<int64_t>(128 / tc.accumulators(), 1, 4);
  if (tc.streamK)
    return maxGroup;
  for (int64_t g = maxGroup; g > 1; --g)
    if (tc.splitK % g == 0)
      return g;
  return 1;
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
    Value tile = e.add(e.mul(tl.mTile, nPad / tc.blockN), tl.nTile);
    Value elem = e.add(
        e.add(e.mul(e.zext64(split), e.mul(e.zext64(mPad), e.c64(nPad))),
              e.mul(e.zext64(tile), e.c64(tileElems))),
        e.zext64(e.mul(e.add(e.c32(c * tc.threads()), tl.tid), 4)));
    return e.gep(tl.ws, e.mul(elem, e.c64(4)));
  }
  /// wgmma: whether chunk c holds a row < M (uniform over the CTA).
  Value chunkLive(int64_t c) {
    return e.ult(e.c32(8 * (c % (tc.blockM / 8))), tl.aRows);
  }
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
  SmallVector<std::pair<int64_t, SmallVector<Value, 4>>> load(Value split) {
    SmallVector<std::pair<int64_t, SmallVector<Value, 4>>> out;
    if (tc.wgmma) {
      for (int64_t c = 0; c < tc.accumulators() / 4; ++c) {
        SmallVector<Value> v(4, e.cf32(0.0));
        e.ifThenUpdate(chunkLive(c), v, [&](MutableArrayRef<Value> in) {
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

void emitSplitReduction(Emitter &e, Tile &tl, ArrayRef<Value> acc) {
  const TileConfig &tc = e.spec.tile;
  const GemmProblem &p = e.spec.problem;
  SharedMemoryLayout sl(tc, e.spec.problem, e.spec.decode.bits);
  PartialsLayout partials(e, tl);
  partials.store(acc);
  e.fence();
  e.barrier();
  Value tileIdx = e.add(e.mul(tl.mTile, paddedN(p.n) / tc.blockN), tl.nTile);
  Value counter = e.gep(tl.counters, e.mul(e.zext64(tileIdx), e.c64(4)));
  Value flag = e.gep(tl.smem, e.c32(sl.flagOffset));
  e.ifThen(e.eq(tl.tid, e.c32(0)), [&]() {
    Value old = LLVM::AtomicRMWOp::create(e.b, e.loc, LLVM::AtomicBinOp::add,
                                          counter, e.c32(1),
                                          LLVM::AtomicOrdering::acq_rel);
    Value last = e.eq(old, e.sub(tl.splitCount, e.c32(1)));
    e.ifThen(last, [&]() { e.storeRelaxedGpu(e.c32(0), counter, 4); });
    e.store(arith::ExtUIOp::create(e.b, e.loc, e.i32, last), flag, 4);
  });
  e.barrier();
  Value isLast = e.eq(e.load(e.i32, flag, 4), e.c32(1));
  if (tl.kLeader) // only warp-K 0 holds sums
    isLast = arith::AndIOp::create(e.b, e.loc, isLast, tl.kLeader);
  e.ifThen(isLast, [&]() {
    e.fence();
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
        loaded[u] = partials.load(split);
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
    emitEpilogue(e, tl, SmallVector<Value>(loop.getResults()));
  });
  // The flag is rewritten by the next unit; keep readers ahead of writers.
  e.barrier();
}

//===----------------------------------------------------------------------===//
// The kernel: scheduler + software pipeline.
//===----------------------------------------------------------------------===//

/// Zeroes the A rows >= M of every stage (the copies skip them).
void emitZeroInvalidARows(Emitter &e, Tile &tl) {
  const TileConfig &tc = e.spec.tile;
  SharedMemoryLayout sl(tc, e.spec.problem, e.spec.decode.bits);
  Type v4 = VectorType::get({4}, e.i32);
  Value zero = arith::ConstantOp::create(
      e.b, e.loc, DenseElementsAttr::get(cast<VectorType>(v4),
                                         e.b.getI32IntegerAttr(0).getValue()));
  e.ifThen(e.ult(tl.aRows, e.c32(tc.blockM)), [&]() {
    forEachChunk(e, tl, tc.stages * tc.blockM * 8, [&](Value idx) {
      Value stage = e.div(idx, tc.blockM * 8);
      Value rest = e.rem(idx, tc.blockM * 8);
      Value row = e.div(rest, 8), chunk = e.rem(rest, 8);
      e.ifThen(arith::CmpIOp::create(e.b, e.loc, arith::CmpIPredicate::uge,
                                     row, tl.aRows),
               [&]() {
                 Value dst = e.gep(
                     tl.smem, e.add(e.mul(stage, sl.stageBytes),
                                    swizzledAOffset(e, row, chunk)));
                 e.store(zero, dst, 16);
               });
    });
  });
}

void emitWorkUnit(Emitter &e, Tile &tl) {
  const TileConfig &tc = e.spec.tile;
  const GemmProblem &p = e.spec.problem;
  const int64_t stages = tc.stages;
  const int64_t accCount = tc.accumulators();
  // K-blocks computed per loop iteration (one wait, fence and barrier for
  // all of them), and the k-blocks in flight ahead of them.
  const int64_t group = kBlocksPerIteration(tc);
  const int64_t ahead = stages - group;

  // Channel zero points (one row) are loaded once per unit.
  SmallVector<Value, 8> channelZero;
  if (e.spec.dequant.zeroPoint == Placement::BFragment &&
      p.weight.scale != format::ScaleGranularity::Group)
    channelZero = emitLoadColumnValues(e, tl, tl.zero, e.c32(0));

  tl.aRows = e.minu(e.sub(tl.m, e.mul(tl.mTile, tc.blockM)),
                    e.c32(tc.blockM));

  // Prologue: k-blocks 0 .. ahead-1, the weights' first bytes requested
  // before anything else of the unit; the epilogue's column arrays join the
  // first group.
  for (int64_t s = 0; s < ahead; ++s) {
    e.ifThen(e.ult(e.c32(s), tl.kBlockCount), [&]() {
      emitLoadStage(e, tl, e.c32(s), e.add(tl.kBlockBegin, s));
    });
    if (s == 0)
      emitLoadEpilogueColumns(e, tl);
    NVVM::CpAsyncCommitGroupOp::create(e.b, e.loc);
  }
  // A rows >= M are never copied: zero them (the first iteration's barrier
  // orders these stores before any read).
  emitZeroInvalidARows(e, tl);

  // The loop carries the accumulators and the stages it reads and writes
  // (a wrap-around increment, not `it % stages`: stages need not be a power
  // of two, and a division per iteration is not free). An iteration computes
  // `group` consecutive k-blocks on consecutive stages (stages is a multiple
  // of group, so they never wrap); a k-block past the unit's end, in the
  // last iteration, is skipped.
  // wgmma with group scales on sums also carries the sums' registers.
  const int64_t sumCount = tc.wgmma && e.groupScaleBlocks ? accCount : 0;
  SmallVector<Value> init(accCount + sumCount, e.cf32(0.0));
  init.push_back(e.c32(0));
  init.push_back(e.c32(ahead));
  Value iterations =
      group == 1 ? tl.kBlockCount
                 : e.div(e.add(tl.kBlockCount, e.c32(group - 1)), group);
  auto loop = scf::ForOp::create(e.b, e.loc, e.c32(0), iterations, e.c32(1),
                                 init);
  {
    OpBuilder::InsertionGuard g(e.b);
    e.b.setInsertionPointToStart(loop.getBody());
    Value first = e.mul(loop.getInductionVar(), group);
    auto args = loop.getRegionIterArgs();
    Value readStage = args[accCount + sumCount],
          writeStage = args[accCount + sumCount + 1];
    auto advance = [&](Value st) {
      Value n = e.add(st, group);
      return e.select(e.eq(n, e.c32(stages)), e.c32(0), n);
    };
    // The iteration's k-blocks landed: every copy group but the newest
    // ahead - group.
    NVVM::CpAsyncWaitGroupOp::create(e.b, e.loc, ahead - group);
    // wgmma reads shared memory through the async proxy: each thread's
    // copies (and the zeroed rows) are made visible to it before the
    // barrier that lets the warpgroups issue.
    if (tc.wgmma)
      NVVM::FenceProxyOp::create(
          e.b, e.loc, NVVM::ProxyKind::async_shared,
          NVVM::SharedSpaceAttr::get(e.ctx, NVVM::SharedSpace::shared_cta));
    e.barrier();
    // Refill the stages the previous iteration read, one copy group each.
    for (int64_t j = 0; j < group; ++j) {
      Value next = e.add(first, ahead + j);
      e.ifThen(e.ult(next, tl.kBlockCount), [&]() {
        emitLoadStage(e, tl, e.add(writeStage, j),
                      e.add(tl.kBlockBegin, next));
      });
      NVVM::CpAsyncCommitGroupOp::create(e.b, e.loc);
    }
    SmallVector<Value> acc(args.begin(), args.begin() + accCount);
    SmallVector<Value> sums(args.begin() + accCount,
                            args.begin() + accCount + sumCount);
    emitIterationCompute(e, tl, readStage, group, channelZero, acc, sums,
                         [&](int64_t j) {
                           return e.ult(e.add(first, j), tl.kBlockCount);
                         });
    acc.append(sums.begin(), sums.end());
    acc.push_back(advance(readStage));
    acc.push_back(advance(writeStage));
    scf::YieldOp::create(e.b, e.loc, acc);
  }
  // Drain: no copy may land in shared memory the next unit reuses.
  NVVM::CpAsyncWaitGroupOp::create(e.b, e.loc, 0);
  SmallVector<Value> acc(loop.getResults().begin(),
                         loop.getResults().begin() + accCount);
  if (tc.wgmma)
    emitWgmmaDrain(e, acc);
  e.barrier();

  emitWarpKReduction(e, tl, acc);
  auto epilogue = [&]() {
    if (tl.kLeader)
      e.ifThen(tl.kLeader, [&]() { emitEpilogue(e, tl, acc); });
    else
      emitEpilogue(e, tl, acc);
    // The next unit's prologue rewrites the epilogue's column arrays.
    if (SharedMemoryLayout(tc, p, e.spec.decode.bits).epilogueArrays > 0)
      e.barrier();
  };
  if (tc.splitK > 1) {
    emitSplitReduction(e, tl, acc);
  } else if (tc.streamK) {
    // A tile one CTA covers whole goes straight to the epilogue (the
    // condition is the CTA's, so the barriers inside are uniform).
    auto whole = scf::IfOp::create(e.b, e.loc, e.eq(tl.splitCount, e.c32(1)),
                                   /*withElse=*/true);
    OpBuilder::InsertionGuard g(e.b);
    e.b.setInsertionPointToStart(&whole.getThenRegion().front());
    epilogue();
    e.b.setInsertionPointToStart(&whole.getElseRegion().front());
    emitSplitReduction(e, tl, acc);
  } else {
    epilogue();
  }
}

/// Split-K / data-parallel: a persistent loop over work units, unit ->
/// (mTile, nTile, split), splits innermost so the CTAs of one output tile
/// run together, then N tiles. (M tiles next to the splits, so that the
/// CTAs reading the same weights share a wave, measured no faster at
/// 28672 x 4096, M = 64: bench/NOTES.md, section 8.)
void emitUnitScheduler(Emitter &e, Tile &tl, Value cta, Value ctas,
                       Value mTiles, int64_t nTiles, int64_t kBlocks) {
  const TileConfig &tc = e.spec.tile;
  // Splits start on a multiple of the group-scale run (emitIterationCompute).
  const int64_t align = std::max<int64_t>(e.groupScaleBlocks, 1);
  const int64_t perSplit =
      (kBlocks + tc.splitK * align - 1) / (tc.splitK * align) * align;
  Value units = e.mul(mTiles, nTiles * tc.splitK);
  auto unitLoop = scf::ForOp::create(e.b, e.loc, cta, units, ctas);
  OpBuilder::InsertionGuard g(e.b);
  e.b.setInsertionPointToStart(unitLoop.getBody());
  Value unit = unitLoop.getInductionVar();
  tl.split = e.rem(unit, tc.splitK);
  tl.splitCount = e.c32(tc.splitK);
  Value tile = e.div(unit, tc.splitK);
  tl.nTile = e.rem(tile, nTiles);
  tl.mTile = e.div(tile, nTiles);
  tl.kBlockBegin = e.mul(tl.split, perSplit);
  Value end = e.minu(e.add(tl.kBlockBegin, perSplit), e.c32(kBlocks));
  // An empty split (begin >= end) contributes zeros.
  tl.kBlockCount = e.select(e.ult(tl.kBlockBegin, end),
                            e.sub(end, tl.kBlockBegin), e.c32(0));
  emitWorkUnit(e, tl);
}

/// Stream-K (gridSize: a multiple of mTiles CTAs): CTA c works on M tile
/// c % mTiles; the k-blocks of that M tile's N tiles, N tile after N tile,
/// are dealt out to its CTAs in equal contiguous ranges. A CTA's range
/// meets one or more N tiles; each meeting is a unit (a segment of the
/// tile), and CTA j of the M tile's `ctas` owns k-block x when
/// j = ((x + 1) * ctas - 1) / total, which gives every CTA a tile's
/// segment count and its own segment's index without communication.
void emitStreamKScheduler(Emitter &e, Tile &tl, Value cta, Value ctas,
                          Value mTiles, int64_t nTiles, int64_t kBlocks) {
  const int64_t total = nTiles * kBlocks;
  Value perM = e.div(ctas, mTiles); // CTAs per M tile
  tl.mTile = e.rem(cta, mTiles);
  Value j = e.div(cta, mTiles);
  // 64-bit products (j * total can pass 2^32), i32 results.
  auto rangeStart = [&](Value jj) {
    return e.trunc32(e.div(e.mul(e.zext64(jj), e.c64(total)), e.zext64(perM)));
  };
  auto owner = [&](Value x) { // x: a k-block index in the M tile
    Value num = e.sub(e.mul(e.zext64(e.add(x, 1)), e.zext64(perM)), e.c64(1));
    return e.trunc32(e.div(num, e.c64(total)));
  };
  Value begin32 = rangeStart(j), end32 = rangeStart(e.add(j, 1));
  Value firstTile = e.div(begin32, kBlocks);
  Value lastTile = e.div(e.add(end32, kBlocks - 1), kBlocks); // exclusive
  auto tileLoop = scf::ForOp::create(e.b, e.loc, firstTile, lastTile, e.c32(1));
  OpBuilder::InsertionGuard g(e.b);
  e.b.setInsertionPointToStart(tileLoop.getBody());
  tl.nTile = tileLoop.getInductionVar();
  Value tileStart = e.mul(tl.nTile, kBlocks);
  Value from = arith::MaxUIOp::create(e.b, e.loc, begin32, tileStart);
  Value to = e.minu(end32, e.add(tileStart, kBlocks));
  tl.kBlockBegin = e.sub(from, tileStart);
  tl.kBlockCount = e.sub(to, from);
  Value firstOwner = owner(tileStart);
  tl.split = e.sub(j, firstOwner);
  tl.splitCount =
      e.add(e.sub(owner(e.add(tileStart, kBlocks - 1)), firstOwner), 1);
  emitWorkUnit(e, tl);
}

} // namespace

LogicalResult humming::buildMmaSyncKernel(gpu::GPUModuleOp module,
                                          const MmaSyncKernelSpec &spec) {
  MLIRContext *ctx = module.getContext();
  Location loc = module.getLoc();
  const TileConfig &tc = spec.tile;
  const GemmProblem &p = spec.problem;
  const bool wgmmaShape =
      tc.warpsM == 1 && tc.warpsK == 1 && tc.warpCols() % kTileN == 0 &&
      tc.warpCols() / kTileN <= 4 && tc.blockM % 8 == 0 && tc.blockM <= 256;
  if (tc.blockK != kBlockK || tc.blockN % tc.warpsN != 0 ||
      (tc.wgmma ? !wgmmaShape
                : (tc.warpCols() != kTileN && tc.warpCols() != kTileN / 2) ||
                      tc.blockM % (16 * tc.warpsM) != 0) ||
      tc.warpsK < 1 ||
      tc.blockK % (kTileK * tc.warpsK) != 0 || tc.stages < 2 || tc.splitK < 1 ||
      paddedN(p.n) % tc.blockN != 0)
    return emitError(loc) << "humming: tile config " << tc.blockM << "x"
                          << tc.blockN << "x" << tc.blockK << " (warps "
                          << tc.warpsM << "x" << tc.warpsN << "x" << tc.warpsK
                          << ", stages "
                          << tc.stages << ") is not one the "
                          << (tc.wgmma ? "wgmma" : "mma.sync")
                          << " builder can emit"
                          << (tc.wgmma ? " (warpgroups only along N, each 1-4 "
                                         "whole 64-column weight tiles; "
                                         "blockM a multiple of 8 up to 256)"
                                       : "");
  if (spec.decode.bits < 1 || spec.decode.bits > 8)
    return emitError(loc) << "humming: code width " << spec.decode.bits
                          << " is outside 1..8";
  if (tc.wgmma) {
    // Refused here, before any IR: the NVPTX backend and ptxas must never
    // see a wgmma for a target without it.
    if (auto err = target::checkPipelineOnArch(target::PipelineKind::Wgmma,
                                               p.chip.arch))
      return emitError(loc) << "humming: " << *err;
    // A warp supplies 16 of a weight tile's 64 columns: 8 of the lane's 32
    // codes per k16 step, whole words only for 4- and 8-bit codes.
    if (spec.decode.bits != 4 && spec.decode.bits != 8)
      return emitError(loc)
             << "humming: the wgmma builder takes 4- or 8-bit codes (a "
                "warp's quarter of a lane's code words must be whole "
                "words), not "
             << spec.decode.bits << " bits";
  }
  if (!tc.wgmma && tc.warpCols() != kTileN && spec.decode.bits % 2 != 0)
    return emitError(loc)
           << "humming: warp tiles " << tc.warpCols()
           << " columns wide need an even code width (half a weight tile's "
              "codes must start on a word), not "
           << spec.decode.bits << " bits";

  OpBuilder b(ctx);
  b.setInsertionPointToEnd(module.getBody());
  // The module-wide dynamic shared memory symbol.
  if (!module.lookupSymbol(kSharedMemorySymbol)) {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(module.getBody());
    auto arrTy = LLVM::LLVMArrayType::get(b.getI8Type(), 0);
    LLVM::GlobalOp::create(b, loc, arrTy, /*isConstant=*/false,
                           LLVM::Linkage::External, kSharedMemorySymbol,
                           Attribute(), /*alignment=*/1024, /*addrSpace=*/3);
  }

  Emitter e(b, loc, spec);
  SmallVector<Type> args(9, e.gptr);
  args.push_back(e.i32);
  auto fn = gpu::GPUFuncOp::create(b, loc, spec.name,
                                   b.getFunctionType(args, {}));
  fn->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), b.getUnitAttr());
  fn.setKnownBlockSizeAttr(
      b.getDenseI32ArrayAttr({int32_t(tc.threads()), 1, 1}));
  // A tuning of several CTAs per SM is asked of ptxas (.minnctapersm with
  // .reqntid caps the registers so that they fit).
  if (tc.ctasPerSm > 1)
    fn->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                b.getI32IntegerAttr(int32_t(tc.ctasPerSm)));
  b.setInsertionPointToStart(&fn.getBody().front());

  Tile tl;
  tl.a = fn.getArgument(0);
  tl.w = fn.getArgument(1);
  tl.gscale = fn.getArgument(2);
  tl.zero = fn.getArgument(3);
  tl.cscale = fn.getArgument(4);
  tl.bias = fn.getArgument(5);
  tl.c = fn.getArgument(6);
  tl.ws = fn.getArgument(7);
  tl.counters = fn.getArgument(8);
  tl.m = fn.getArgument(9);
  tl.smem = LLVM::AddressOfOp::create(b, loc, e.sptr, kSharedMemorySymbol);
  tl.tid = NVVM::ThreadIdXOp::create(b, loc, e.i32);
  tl.lane = e.band(tl.tid, 31);
  // Warps K-major: warps 0 .. warpsM x warpsN - 1 are warp-K 0 (wgmma:
  // warp units are warpgroups of 4 consecutive warps).
  Value warp = e.shr(tl.tid, tc.wgmma ? 7 : 5);
  Value warpMN = e.rem(warp, tc.warpsM * tc.warpsN);
  tl.warpK = e.div(warp, tc.warpsM * tc.warpsN);
  tl.warpM = e.div(warpMN, tc.warpsN);
  tl.warpN = e.rem(warpMN, tc.warpsN);
  if (tc.warpsK > 1)
    tl.kLeader = e.eq(tl.warpK, e.c32(0));
  tl.g = e.shr(tl.lane, 2);
  tl.t = e.band(tl.lane, 3);
  tl.warpCol = e.mul(tl.warpN, tc.warpCols());
  tl.weightTile = tc.warpCols() == kTileN / 2 ? e.shr(tl.warpN, 1)
                                             : e.mul(tl.warpN, tc.warpCols() / kTileN);
  tl.columnValues = e.add(e.mul(tl.weightTile, kTileN), e.mul(tl.g, 8));
  if (tc.wgmma) {
    // The warp's 16 columns are n8-tiles 2 w and 2 w + 1: codes 8 w .. 8 w
    // + 7 of the lane, bits bytes into its words; values j = 2 w, 2 w + 1.
    tl.wgWarp = e.band(e.shr(tl.tid, 5), 3);
    tl.codePartBytes = e.mul(tl.wgWarp, spec.decode.bits);
    tl.columnValues = e.add(tl.columnValues, e.mul(tl.wgWarp, 2));
  } else {
    // [g][j] values: column 2 t of n8-tile j is element 16 t + j.
    tl.accColumnValues =
        e.add(e.mul(tl.weightTile, kTileN), e.mul(tl.t, 16));
    if (tc.warpCols() != kTileN) {
      Value half = e.band(tl.warpN, 1);
      tl.codePartBytes = e.mul(half, 2 * spec.decode.bits);
      tl.columnValues = e.add(tl.columnValues, e.mul(half, 4));
      tl.accColumnValues = e.add(tl.accColumnValues, e.mul(half, 4));
    }
  }

  const int64_t nTiles = paddedN(p.n) / tc.blockN;
  const int64_t kBlocks = paddedK(p.k) / kBlockK;
  Value mTiles = e.div(e.add(tl.m, tc.blockM - 1), tc.blockM);
  Value cta = NVVM::BlockIdXOp::create(b, loc, e.i32);
  Value ctas = NVVM::GridDimXOp::create(b, loc, e.i32);
  if (tc.streamK)
    emitStreamKScheduler(e, tl, cta, ctas, mTiles, nTiles, kBlocks);
  else
    emitUnitScheduler(e, tl, cta, ctas, mTiles, nTiles, kBlocks);
  gpu::ReturnOp::create(b, loc);
  return success();
}
