//===- GemmDecode.cpp - Codes into MMA operands ---------------------------===//
//
// The GEMM kernel's decode and dequant: a lane's code words from the
// stage, the per-column values (group scales, zero points) from the stage or
// global memory, and the decode of two codes at a time into the
// activation-typed registers of an mma.sync B fragment (which are also the
// rows of a wgmma A fragment), following DecodePlan and DequantPlan.
//
//===----------------------------------------------------------------------===//

#include "GemmKernel.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"

#include <cmath>

namespace humming::detail::gemm {

//===----------------------------------------------------------------------===//
// Decode + dequant: codes -> B-fragment registers (pairs of activation-typed
// values), following DecodePlan and DequantPlan.
//===----------------------------------------------------------------------===//

SmallVector<Value> emitLoadWords(Emitter &e, Value ptr, int64_t count,
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
static Value extractCodePair(Emitter &e, ArrayRef<Value> words, unsigned bits,
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
static Value actPairConstant(Emitter &e, double v) {
  auto vt = cast<VectorType>(e.act2Ty);
  FloatAttr a = e.b.getFloatAttr(e.actTy, v);
  return arith::ConstantOp::create(e.b, e.loc,
                                   DenseElementsAttr::get(vt, a.getValue()));
}

/// An i32 as the pair of activation-typed values it holds.
static Value asActPair(Emitter &e, Value word) {
  return LLVM::BitcastOp::create(e.b, e.loc, e.act2Ty, word).getResult();
}

namespace {
/// The integer magic-number decodes: `word | c` (c in the low mantissa bits
/// of each half) is the activation-typed value `value + c`, for c below
/// 2^mantissa.
struct IntMagic {
  int64_t word;
  double value;
  int64_t mantissa;
};
} // namespace
static IntMagic intMagic(DecodeStrategy s) {
  // 0x6400 is the f16 1024.0; 0x4300 the bf16 128.0.
  return s == DecodeStrategy::IntMagicF16 ? IntMagic{0x64006400, 1024, 10}
                                          : IntMagic{0x43004300, 128, 7};
}
static bool isIntMagic(DecodeStrategy s) {
  return s == DecodeStrategy::IntMagicF16 || s == DecodeStrategy::IntMagicBF16;
}

/// A pair word (extractCodePair) -> one register of two activation-typed
/// values, raw decode (before zero point and scale), for the strategies
/// other than the integer magic numbers (emitIntMagicPair).
static Value emitRawDecodePair(Emitter &e, Value pw) {
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

/// The values of `n` consecutive n8-tiles of a row of per-column data from
/// element `firstElem` (the first one's) of the block's part of it, one load
/// per 4.
SmallVector<Value, 8> emitColumnScalars(Emitter &e, Value blockRow,
                                        Value firstElem, int64_t n) {
  // A tile's values are [2 halves][8 g][4 j] (fragmentColumn): n8-tiles
  // j % 4 of a half are consecutive, and the next half fragmentColumn(32) on.
  SmallVector<Value, 8> out;
  for (int64_t h = 0; h < (n + 3) / 4; ++h) {
    const int64_t m = std::min<int64_t>(n - 4 * h, 4);
    Type vt = VectorType::get({m}, e.actTy);
    Value v = e.load(vt, e.gep(blockRow,
                               e.mul(e.add(firstElem, fragmentColumn(32) * h), 2)),
                     2 * m);
    for (int64_t j = 0; j < m; ++j)
      out.push_back(LLVM::ExtractElementOp::create(e.b, e.loc, v, e.c32(j)));
  }
  return out;
}

/// The lane's per-column B-fragment values of one row of per-column data
/// ([rows][Npad/64][2][8 g][4 j], global or shared), `blockRow` pointing at
/// the block's first column in that row; each value splat to a pair.
/// mma.sync: one per n8-tile j of the warp (8 or 4, one 8-byte load per 4); wgmma:
/// for each weight tile of the warpgroup, the lane's two columns 16 w + g
/// and 16 w + 8 + g (n8-tiles 2 w and 2 w + 1, one 4-byte load).
SmallVector<Value, 8> emitColumnValues(Emitter &e, Tile &tl, Value blockRow) {
  const TileConfig &tc = e.spec.tile;
  const int64_t n = tc.wgmma ? 2 : tc.warpNTiles();
  const int64_t tiles = tc.wgmma ? tc.warpCols() / kTileN : 1;
  SmallVector<Value, 8> out;
  for (int64_t tt = 0; tt < tiles; ++tt)
    for (Value s : emitColumnScalars(
             e, blockRow, e.add(tl.columnValues, tt * kTileN), n))
      out.push_back(e.pair(s, s));
  return out;
}

/// Per-column B-fragment values of row `row` from global memory (channel
/// zero points, once per unit).
Value emitColumnRowPtr(Emitter &e, Tile &tl, Value base, Value row) {
  const GemmProblem &p = e.spec.problem;
  const TileConfig &tc = e.spec.tile;
  int64_t nPad = paddedN(p.n);
  Value col = e.mul(tl.nTile, tc.blockN);
  Value elem = e.add(e.mul(e.zext64(row), e.c64(nPad)), e.zext64(col));
  return e.gep(base, e.mul(elem, e.c64(2)));
}

SmallVector<Value, 8> emitLoadColumnValues(Emitter &e, Tile &tl, Value base,
                                           Value row) {
  return emitColumnValues(e, tl, emitColumnRowPtr(e, tl, base, row));
}

SmallVector<Value, 8> emitLoadChannelZeroPoints(Emitter &e, Tile &tl) {
  if (e.spec.dequant.zeroPoint != Placement::BFragment ||
      e.spec.problem.weight.scale == format::ScaleGranularity::Group)
    return {};
  return emitLoadColumnValues(e, tl, tl.zero, e.c32(0));
}

/// `(x & mask) | magic` as one LOP3. ptxas would not fuse the two
/// immediates into one LOP3 (the instruction takes a single immediate), so
/// the mask stays an immediate and the magic goes in a register.
static Value emitAndOr(Emitter &e, Value x, int64_t mask, int64_t magic) {
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
static std::pair<Value, int64_t>
emitIntMagicPair(Emitter &e, ArrayRef<Value> words, int64_t i) {
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
/// block at k16 step `ks`: all bits words (a whole tile: for even widths its
/// two halves, which the layout keeps apart), the bits / 2 words of a half
/// tile's half, or for wgmma the quarter of the warp's 16 columns (4 and 8
/// bits: bits / 4 words of half w / 2).
SmallVector<Value> emitLoadWarpCodes(Emitter &e, Tile &tl, Value bBase,
                                     Value tile, Value ks) {
  const TileConfig &tc = e.spec.tile;
  const unsigned bits = e.spec.decode.bits;
  // The stage holds the block's (tile, k-block) runs (KernelLayout.h,
  // weightRunWord), or a 32-column block's one half-run.
  Value runBase = e.gep(bBase, e.mul(tile, tc.blockK * kTileN * bits / 8));
  Value step = e.add(e.mul(ks, 32), tl.lane);
  // `bytes` of the lane's codes at `offset` (alignment: the largest power of
  // two dividing the run's length, which divides its start).
  auto load = [&](Value offset, int64_t bytes) {
    return emitLoadWords(e, e.gep(runBase, offset), bytes / 4, bytes & -bytes);
  };
  // Byte offset of the lane's first word of half h (weightRunWord: lanes
  // weightRunWord(0, 1, 0) words apart, half h from word h x bits / 2's).
  Value laneOffset = e.mul(step, 4 * weightRunWord(0, 1, 0, bits));
  if (!weightHalvesApart(bits))
    return load(laneOffset, 4 * bits);
  auto half = [&](Value h) {
    return e.add(laneOffset, e.mul(h, 4 * weightRunWord(0, 0, bits / 2, bits)));
  };
  if (tc.wgmma)
    return load(e.add(half(tl.codeHalf), tl.codePartBytes), bits);
  if (tl.codeHalf)
    return load(half(tl.codeHalf), 2 * bits);
  SmallVector<Value> words = load(half(e.c32(0)), 2 * bits);
  words.append(load(half(e.c32(1)), 2 * bits));
  return words;
}

} // namespace humming::detail::gemm
