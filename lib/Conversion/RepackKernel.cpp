//===- RepackKernel.cpp - Standard -> kernel layout on the GPU -------------===//
//
// The GPU twin of kernel::repackOnHost (KernelLayout.cpp): the same layout
// and the same conversions, one thread per output element (weights: one
// thread per lane of a 64 x 16 tile, writing that lane's `bits` words). The
// CPU repack is the reference; the GPU suite checks layers loaded from device
// memory (this path) against the same reference GEMM as host-loaded ones.
//
//===----------------------------------------------------------------------===//

#include "humming/Conversion/RepackKernel.h"

#include "KernelEmitter.h"

#include "humming/Kernel/KernelLayout.h"

using namespace mlir;
using namespace humming;
using namespace humming::kernel;
using humming::detail::Emitter;

namespace {

/// gpu.func k.name(src, dst : !llvm.ptr<1>) with a global thread index `t`
/// guarded by t < k.threads; `body(t)` emits the work of one thread.
template <typename F>
void buildElementwise(gpu::GPUModuleOp module, const GemmProblem &p,
                      const RepackKernelInfo &k, F body) {
  OpBuilder b(module.getContext());
  b.setInsertionPointToEnd(module.getBody());
  Location loc = module.getLoc();
  Emitter e(b, loc, p);
  auto fn = gpu::GPUFuncOp::create(
      b, loc, k.name, b.getFunctionType({e.gptr, e.gptr}, {}));
  fn->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), b.getUnitAttr());
  fn.setKnownBlockSizeAttr(b.getDenseI32ArrayAttr({int32_t(k.block), 1, 1}));
  b.setInsertionPointToStart(&fn.getBody().front());
  Value t = e.add(e.mul(NVVM::BlockIdXOp::create(b, loc, e.i32), k.block),
                  NVVM::ThreadIdXOp::create(b, loc, e.i32));
  e.ifThen(e.ult(t, e.c32(k.threads)),
           [&]() { body(e, fn.getArgument(0), fn.getArgument(1), t); });
  gpu::ReturnOp::create(b, loc);
}

/// A 16-bit float code of `fmt` (f16 / bf16) at src[index] as f32.
Value loadFloat16AsF32(Emitter &e, Value src, Value index,
                       const format::NumericFormat &fmt) {
  Value bits = e.load(e.i16, e.gep(src, e.mul(e.zext64(index), e.c64(2))), 2);
  Type ty = fmt == format::NumericFormat::bf16() ? Type(e.b.getBF16Type())
                                                 : Type(e.b.getF16Type());
  Value v = LLVM::BitcastOp::create(e.b, e.loc, ty, bits);
  return arith::ExtFOp::create(e.b, e.loc, e.f32, v);
}

void storeAct(Emitter &e, Value dst, Value index, Value f32Value) {
  Value v = arith::TruncFOp::create(e.b, e.loc, e.actTy, f32Value);
  e.store(v, e.gep(dst, e.mul(e.zext64(index), e.c64(2))), 2);
}

} // namespace

void humming::buildRepackKernels(gpu::GPUModuleOp module,
                                 const KernelOperandPlan &kp,
                                 const std::string &prefix) {
  const GemmProblem &p = kp.problem;
  const DecodePlan &d = kp.decode;
  const auto &w = p.weight;
  const unsigned bits = d.bits;
  const int64_t nPad = paddedN(p.n), kPad = paddedK(p.k);
  const int64_t kTiles = kPad / kTileK;
  const int64_t wordsPerRow = p.k * bits / 32;
  const int64_t totalWords = p.n * wordsPerRow;
  // Weights: thread = (nb, kb, lane); 32 codes gathered from the standard
  // bit stream (64-bit extraction: a code may straddle two words), sign bit
  // flipped for intN, placed in the lane's words at laneCodeBit.
  auto weights = [&](const RepackKernelInfo &k) {
    buildElementwise(module, p, k, [&](Emitter &e, Value src,
                                                 Value dst, Value t) {
      Value lane = e.rem(t, 32);
      Value tile = e.div(t, 32);
      Value kb = e.rem(tile, kTiles), nb = e.div(tile, kTiles);
      Value g = e.div(lane, 4), tq = e.rem(lane, 4);
      SmallVector<Value> words(bits, e.c32(0));
      const uint32_t mask = (uint32_t(1) << bits) - 1;
      for (int64_t i = 0; i < 32; ++i) {
        int64_t j = i / 4, r = i % 4;
        Value n = e.add(e.add(e.mul(nb, kTileN), j * 8), g);
        // fragmentK(r, t) = 2t + fragmentK(r, 0): the lane's part is dynamic.
        Value kIdx = e.add(e.add(e.mul(kb, kTileK), e.mul(tq, 2)),
                           fragmentK(r, 0));
        Value inside = arith::AndIOp::create(e.b, e.loc, e.ult(n, e.c32(p.n)),
                                             e.ult(kIdx, e.c32(p.k)));
        // Bit position in the row, then the two words around it (clamped to
        // the buffer; the high word only matters when the code straddles).
        Value bit = e.mul(kIdx, bits);
        Value wordIdx = e.add(e.mul(e.select(inside, n, e.c32(0)), wordsPerRow),
                              e.div(bit, 32));
        Value hiIdx = e.minu(e.add(wordIdx, 1), e.c32(totalWords - 1));
        auto loadWord = [&](Value idx) {
          return e.load(e.i32, e.gep(src, e.mul(e.zext64(idx), e.c64(4))), 4);
        };
        Value lo = e.zext64(loadWord(wordIdx)), hi = e.zext64(loadWord(hiIdx));
        Value both = arith::OrIOp::create(
            e.b, e.loc, lo, arith::ShLIOp::create(e.b, e.loc, hi, e.c64(32)));
        Value shifted = arith::ShRUIOp::create(e.b, e.loc, both,
                                               e.zext64(e.rem(bit, 32)));
        Value code = e.band(arith::TruncIOp::create(e.b, e.loc, e.i32, shifted),
                            mask);
        if (d.flipSign)
          code = e.bxor(code, e.c32(int64_t(1) << (bits - 1)));
        code = e.select(inside, code, e.c32(0));
        int64_t pos = laneCodeBit(i, bits);
        words[pos / 32] = e.bor(words[pos / 32], e.shl(code, pos % 32));
        if (pos % 32 + bits > 32)
          words[pos / 32 + 1] =
              e.bor(words[pos / 32 + 1], e.shr(code, 32 - pos % 32));
      }
      // The lane's words in its (tile, k-block) run: weightRunWord(ks,
      // lane, wi) = (ks x 32 + lane) x weightRunWord(0, 1, 0) +
      // weightRunWord(0, 0, wi).
      Value ks = e.rem(kb, kBlockK / kTileK);
      Value run =
          e.mul(e.zext64(e.sub(tile, ks)), e.c64(int64_t(bits) * 32 * 4));
      Value lanePart =
          e.mul(e.add(e.mul(ks, 32), lane), weightRunWord(0, 1, 0, bits));
      for (unsigned wi = 0; wi < bits; ++wi) {
        Value word = e.add(lanePart, e.c32(weightRunWord(0, 0, wi, bits)));
        e.store(words[wi],
                e.gep(dst, e.add(run, e.mul(e.zext64(word), e.c64(4)))), 4);
      }
    });
  };

  // Per-column B-fragment values: [rows][Npad/64][2][8 g][4 j] in the
  // activation type (fragmentColumn); thread = (row, n), padding columns get 0.
  const int64_t groups = w.scale == format::ScaleGranularity::Group
                             ? p.k / w.groupSize
                             : 1;
  auto fragment = [&](const RepackKernelInfo &k, auto valueOf) {
    buildElementwise(module, p, k, [&](Emitter &e, Value src,
                                                 Value dst, Value t) {
      Value row = e.div(t, nPad), n = e.rem(t, nPad);
      Value nb = e.div(n, kTileN), j = e.div(e.rem(n, kTileN), 8),
            g = e.rem(n, 8);
      Value inTile = e.add(
          e.add(e.mul(e.div(j, 4), fragmentColumn(32)),
                e.mul(g, fragmentColumn(1))),
          e.mul(e.rem(j, 4), fragmentColumn(8)));
      Value frag = e.add(e.add(e.mul(row, nPad), e.mul(nb, kTileN)), inTile);
      Value inside = e.ult(n, e.c32(p.n));
      // Padded K groups repeat the last real group (their activations are 0).
      Value grp = e.minu(row, e.c32(groups - 1));
      Value srcIdx = e.add(e.mul(e.select(inside, n, e.c32(0)), groups), grp);
      Value v = e.select(inside, valueOf(e, src, srcIdx), e.cf32(0.0));
      storeAct(e, dst, frag, v);
    });
  };
  auto scaleValue = [&](Emitter &e, Value src, Value idx) {
    return loadFloat16AsF32(e, src, idx, w.scaleFormat);
  };
  auto zeroValue = [&](Emitter &e, Value src, Value idx) -> Value {
               if (w.zeroPoint == format::ZeroPointKind::Float)
                 return loadFloat16AsF32(e, src, idx, w.scaleFormat);
               // Integer zero point: a code of the weight format (int8
               // storage), its value plus the decode's offset.
               Value code = e.load(e.b.getI8Type(), e.gep(src, e.zext64(idx)), 1);
               Value c32 = w.format.isSigned()
                               ? arith::ExtSIOp::create(
                                     e.b, e.loc, e.i32,
                                     arith::TruncIOp::create(
                                         e.b, e.loc,
                                         e.b.getIntegerType(w.format.bits()),
                                         code))
                                     .getResult()
                               : e.band(arith::ExtUIOp::create(e.b, e.loc, e.i32, code),
                                        (int64_t(1) << w.format.bits()) - 1);
               Value f = arith::SIToFPOp::create(e.b, e.loc, e.f32, c32);
               return arith::AddFOp::create(e.b, e.loc, f,
                                            e.cf32(d.zeroPointOffset));
  };

  // fp32 vectors [Npad]: channel scales and bias.
  auto vector = [&](const RepackKernelInfo &k, const format::NumericFormat &fmt) {
    buildElementwise(module, p, k, [&](Emitter &e, Value src,
                                                Value dst, Value n) {
      Value inside = e.ult(n, e.c32(p.n));
      Value v = e.select(
          inside, loadFloat16AsF32(e, src, e.select(inside, n, e.c32(0)), fmt),
          e.cf32(0.0));
      e.store(v, e.gep(dst, e.mul(e.zext64(n), e.c64(4))), 4);
    });
  };
  // The plan (which the runtime launches with) names the kernels and their
  // thread counts.
  for (const RepackKernelInfo &k : planRepackKernels(kp, prefix)) {
    switch (k.operand) {
    case RepackOperand::Weight: weights(k); break;
    case RepackOperand::Scale: fragment(k, scaleValue); break;
    case RepackOperand::ZeroPoint: fragment(k, zeroValue); break;
    case RepackOperand::ChannelScale: vector(k, w.scaleFormat); break;
    case RepackOperand::Bias: vector(k, p.output); break;
    }
  }
}
