//===- KernelEmitter.h - Small IR-building helpers for kernel builders ----===//
//
// The builder state and the arithmetic / memory helpers every kernel builder
// of this library uses (the GEMM kernel, the repack kernels): i32 index math,
// byte-addressed GEPs on global (addrspace 1) and shared (addrspace 3)
// pointers, loads / stores, barriers and scf.if. Internal to lib/Conversion.
//
//===----------------------------------------------------------------------===//

#ifndef HUMMING_LIB_CONVERSION_KERNELEMITTER_H
#define HUMMING_LIB_CONVERSION_KERNELEMITTER_H

#include "humming/Kernel/GemmPlan.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

#include <string>

namespace humming::detail {

using namespace mlir;

/// Common state and small arithmetic helpers (all i32 unless noted).
struct Emitter {
  OpBuilder &b;
  Location loc;
  MLIRContext *ctx;
  Type i16, i32, i64, f32, actTy, act2Ty, outTy;
  Type gptr, sptr;
  bool bf16;

  Emitter(OpBuilder &b, Location loc, const kernel::GemmProblem &problem)
      : b(b), loc(loc), ctx(b.getContext()) {
    i16 = b.getI16Type();
    i32 = b.getI32Type();
    i64 = b.getI64Type();
    f32 = b.getF32Type();
    bf16 = problem.activation.format == format::NumericFormat::bf16();
    actTy = bf16 ? Type(b.getBF16Type()) : Type(b.getF16Type());
    act2Ty = VectorType::get({2}, actTy);
    outTy = problem.output == format::NumericFormat::bf16()
                ? Type(b.getBF16Type())
                : Type(b.getF16Type());
    gptr = LLVM::LLVMPointerType::get(ctx, 1);
    sptr = LLVM::LLVMPointerType::get(ctx, 3);
  }

  Value c32(int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(int32_t(v)));
  }
  Value c64(int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v));
  }
  Value cTrue() {
    return arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
  }
  Value cf32(double v) {
    return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(float(v)));
  }
  /// `bytes` zero bytes (vector<bytes / 4 x i32>): what a shared-memory
  /// chunk is cleared with (16 bytes unless said).
  Value zeros16B(int64_t bytes = 16) {
    auto v = VectorType::get({bytes / 4}, i32);
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(v, b.getI32IntegerAttr(0).getValue()));
  }
  /// Each of `vs` (f16 / bf16) extended to f32.
  SmallVector<Value, 8> toF32(ArrayRef<Value> vs) {
    SmallVector<Value, 8> out;
    for (Value v : vs)
      out.push_back(arith::ExtFOp::create(b, loc, f32, v));
    return out;
  }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubIOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulIOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivUIOp::create(b, loc, x, y); }
  Value rem(Value x, Value y) { return arith::RemUIOp::create(b, loc, x, y); }
  Value add(Value x, int64_t y) { return y ? add(x, c32(y)) : x; }
  Value mul(Value x, int64_t y) { return y == 1 ? x : mul(x, c32(y)); }
  Value div(Value x, int64_t y) { return y == 1 ? x : div(x, c32(y)); }
  Value rem(Value x, int64_t y) { return rem(x, c32(y)); }
  Value shl(Value x, int64_t s) {
    return s ? arith::ShLIOp::create(b, loc, x, c32(s)).getResult() : x;
  }
  Value shr(Value x, int64_t s) {
    return s ? arith::ShRUIOp::create(b, loc, x, c32(s)).getResult() : x;
  }
  Value band(Value x, int64_t m) {
    return arith::AndIOp::create(b, loc, x, c32(m));
  }
  Value bor(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  Value bxor(Value x, Value y) { return arith::XOrIOp::create(b, loc, x, y); }
  Value ult(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, x, y);
  }
  Value uge(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, x, y);
  }
  Value eq(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, y);
  }
  Value ne(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, x, y);
  }
  /// The negation of an i1.
  Value notI1(Value x) { return arith::XOrIOp::create(b, loc, x, cTrue()); }
  Value minu(Value x, Value y) { return arith::MinUIOp::create(b, loc, x, y); }
  Value select(Value c, Value x, Value y) {
    return arith::SelectOp::create(b, loc, c, x, y);
  }
  Value zext64(Value x) { return arith::ExtUIOp::create(b, loc, i64, x); }
  Value trunc32(Value x) { return arith::TruncIOp::create(b, loc, i32, x); }
  /// The 2-vector (x0, x1) of their type.
  Value pair(Value x0, Value x1) {
    Value v = LLVM::PoisonOp::create(b, loc, VectorType::get({2}, x0.getType()));
    v = LLVM::InsertElementOp::create(b, loc, v, x0, c32(0));
    return LLVM::InsertElementOp::create(b, loc, v, x1, c32(1));
  }

  /// Byte address `base + offset` (offset i32 for shared, i64 for global).
  Value gep(Value base, Value byteOffset) {
    Type ptrTy = base.getType();
    if (ptrTy == gptr && byteOffset.getType() == i32)
      byteOffset = zext64(byteOffset);
    return LLVM::GEPOp::create(b, loc, ptrTy, b.getI8Type(), base,
                               ValueRange{byteOffset});
  }
  Value load(Type ty, Value ptr, unsigned align, bool isVolatile = false) {
    return LLVM::LoadOp::create(b, loc, ty, ptr, align, isVolatile);
  }
  void store(Value v, Value ptr, unsigned align, bool isVolatile = false) {
    LLVM::StoreOp::create(b, loc, v, ptr, align, isVolatile);
  }
  /// Relaxed loads / stores at GPU scope (ld/st.relaxed.gpu): coherent in
  /// L2 across CTAs, without volatile's system scope. Ordered by fences.
  Value loadRelaxedGpu(Type ty, Value ptr, unsigned align) {
    return LLVM::LoadOp::create(b, loc, ty, ptr, align, /*isVolatile=*/false,
                                /*isNonTemporal=*/false, /*isInvariant=*/false,
                                /*isInvariantGroup=*/false,
                                LLVM::AtomicOrdering::monotonic, "device");
  }
  void storeRelaxedGpu(Value v, Value ptr, unsigned align) {
    LLVM::StoreOp::create(b, loc, v, ptr, align, /*isVolatile=*/false,
                          /*isNonTemporal=*/false, /*isInvariantGroup=*/false,
                          LLVM::AtomicOrdering::monotonic, "device");
  }
  /// 16-byte relaxed GPU-scope access to global memory (4 x f32): LLVM has
  /// no atomic vector loads and stores, PTX has (ld/st.relaxed.gpu.v4).
  void storeRelaxedGpuV4(ArrayRef<Value> v, Value ptr) {
    SmallVector<Value> ops{ptr};
    ops.append(v.begin(), v.end());
    asmVoid("st.relaxed.gpu.global.v4.f32 [$0], {$1, $2, $3, $4};",
            "l,f,f,f,f", ops);
  }
  SmallVector<Value, 4> loadRelaxedGpuV4(Value ptr) {
    Type resTy = LLVM::LLVMStructType::getLiteral(ctx, {f32, f32, f32, f32});
    Value r = LLVM::InlineAsmOp::create(
                  b, loc, resTy, ValueRange{ptr},
                  "ld.relaxed.gpu.global.v4.f32 {$0, $1, $2, $3}, [$4];",
                  "=f,=f,=f,=f,l", /*has_side_effects=*/true,
                  /*is_align_stack=*/false,
                  LLVM::tailcallkind::TailCallKind::None,
                  LLVM::AsmDialectAttr(), ArrayAttr())
                  .getResult(0);
    SmallVector<Value, 4> out;
    for (int64_t i = 0; i < 4; ++i)
      out.push_back(LLVM::ExtractValueOp::create(b, loc, r, i));
    return out;
  }
  void barrier() { NVVM::Barrier0Op::create(b, loc); }
  /// bar.warp.sync of the whole warp: its lanes' shared-memory accesses
  /// before it ordered with those after it.
  void syncWarp() { NVVM::SyncWarpOp::create(b, loc, c32(-1)); }
  /// fence.proxy.async.shared::cta: this thread's generic-proxy view of
  /// shared memory ordered with its async-proxy accesses (wgmma operands).
  void fenceProxyAsyncShared() {
    NVVM::FenceProxyOp::create(
        b, loc, NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(ctx, NVVM::SharedSpace::shared_cta));
  }
  /// Inline PTX with side effects and no results; an i32 result.
  void asmVoid(const std::string &text, StringRef constraints,
               ValueRange operands) {
    LLVM::InlineAsmOp::create(b, loc, TypeRange(), operands, text,
                              constraints, /*has_side_effects=*/true,
                              /*is_align_stack=*/false,
                              LLVM::tailcallkind::TailCallKind::None,
                              LLVM::AsmDialectAttr(), ArrayAttr());
  }
  Value asmI32(const std::string &text, StringRef constraints,
               ValueRange operands) {
    return LLVM::InlineAsmOp::create(b, loc, TypeRange{i32}, operands, text,
                                     constraints, /*has_side_effects=*/true,
                                     /*is_align_stack=*/false,
                                     LLVM::tailcallkind::TailCallKind::None,
                                     LLVM::AsmDialectAttr(), ArrayAttr())
        .getResult(0);
  }
  /// atom.acq_rel.gpu.global.add.u32: the old value. Written as PTX because
  /// LLVM 22's NVPTX backend emits an acq_rel `atomicrmw` as a relaxed
  /// `atom.global.add` (no ordering, no fence).
  Value atomicAddAcqRelGpu(Value ptr, Value v) {
    return asmI32("atom.acq_rel.gpu.global.add.u32 $0, [$1], $2;", "=r,l,r",
                  {ptr, v});
  }
  /// atom.relaxed.gpu.global.add.u32: the old value, no ordering.
  Value atomicAddRelaxedGpu(Value ptr, Value v) {
    return asmI32("atom.relaxed.gpu.global.add.u32 $0, [$1], $2;", "=r,l,r",
                  {ptr, v});
  }
  /// red.relaxed.gpu.global.add.u32: a count, nothing waited for.
  void redAddRelaxedGpu(Value ptr, Value v) {
    asmVoid("red.relaxed.gpu.global.add.u32 [$0], $1;", "l,r", {ptr, v});
  }
  /// ld.acquire.gpu.global.u32 (as PTX: a spin's read must not be hoisted).
  Value loadAcquireGpu(Value ptr) {
    return asmI32("ld.acquire.gpu.global.u32 $0, [$1];", "=r,l", {ptr});
  }

  /// A spin: scf.while re-evaluating `pending()` (an i1 built afresh each
  /// round) until it is false, with an empty body.
  template <typename F> void spinWhile(F pending) {
    scf::WhileOp::create(
        b, loc, TypeRange(), ValueRange(),
        [&](OpBuilder &, Location, ValueRange) {
          scf::ConditionOp::create(b, loc, pending(), ValueRange());
        },
        [&](OpBuilder &, Location, ValueRange) {
          scf::YieldOp::create(b, loc);
        });
  }

  /// scf.if with no results.
  template <typename F> void ifThen(Value cond, F body) {
    auto op = scf::IfOp::create(b, loc, cond, /*withElse=*/false);
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(&op.getThenRegion().front());
    body();
  }

  /// scf.if over `values`: where `cond` holds, body(values) updates them
  /// in place (same types); elsewhere they pass through unchanged.
  template <typename F>
  void ifThenUpdate(Value cond, MutableArrayRef<Value> values, F body) {
    SmallVector<Type> types;
    for (Value v : values)
      types.push_back(v.getType());
    auto op = scf::IfOp::create(b, loc, types, cond, /*withElse=*/true);
    {
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPointToStart(&op.getThenRegion().front());
      SmallVector<Value> updated(values.begin(), values.end());
      body(updated);
      scf::YieldOp::create(b, loc, updated);
      b.setInsertionPointToStart(&op.getElseRegion().front());
      scf::YieldOp::create(b, loc, SmallVector<Value>(values.begin(), values.end()));
    }
    for (size_t i = 0; i < values.size(); ++i)
      values[i] = op.getResult(i);
  }
};

} // namespace humming::detail

#endif
