//===- HummingOps.cpp - humming operations --------------------------------===//
//
// The GEMM-like ops share one verifier built from small checks: the weight
// operands against the weight scheme (QuantWeights), the activation operands
// against the activation scheme, and the arch rules of the effective target.
//
//===----------------------------------------------------------------------===//

#include "humming/Dialect/Humming/IR/HummingOps.h"
#include "humming/Target/Capability.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::humming;
namespace fmt = ::humming::format;
namespace tgt = ::humming::target;

TargetAttr mlir::humming::getEffectiveTarget(Operation *op) {
  if (auto t = op->getAttrOfType<TargetAttr>("target"))
    return t;
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (auto t = p->getAttrOfType<TargetAttr>(
            HummingDialect::getTargetAttrName()))
      return t;
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Shape and type checks
//===----------------------------------------------------------------------===//

namespace {
/// A dimension that matches anything (a dynamic M).
constexpr int64_t kAny = ShapedType::kDynamic;

std::string shapeString(ArrayRef<int64_t> shape) {
  std::string s = "[";
  for (auto [i, d] : llvm::enumerate(shape)) {
    if (i)
      s += ", ";
    s += ShapedType::isDynamic(d) ? "?" : std::to_string(d);
  }
  return s + "]";
}

/// `actual` matches `expected` where each expected dim is exact, or kAny.
/// A dynamic actual dim only matches kAny or a dynamic expected dim.
bool shapeMatches(ArrayRef<int64_t> actual, ArrayRef<int64_t> expected) {
  if (actual.size() != expected.size())
    return false;
  for (auto [a, e] : llvm::zip(actual, expected))
    if (e != kAny && a != e)
      return false;
  return true;
}

/// Verification helper bound to one op.
struct Checker {
  Operation *op;

  LogicalResult shape(StringRef what, Value v, ArrayRef<int64_t> expected,
                      StringRef why) {
    auto t = cast<RankedTensorType>(v.getType());
    if (shapeMatches(t.getShape(), expected))
      return success();
    return op->emitOpError() << what << " has shape " << shapeString(t.getShape())
                             << ", expected " << shapeString(expected) << " ("
                             << why << ")";
  }

  LogicalResult elementType(StringRef what, Value v, Type expected,
                            StringRef why) {
    Type actual = cast<RankedTensorType>(v.getType()).getElementType();
    if (actual == expected)
      return success();
    return op->emitOpError() << what << " element type " << actual
                             << " does not match " << why << " (expected "
                             << expected << ")";
  }

  /// An optional operand is present exactly when the scheme asks for it.
  LogicalResult presence(StringRef what, Value v, bool required,
                         StringRef why) {
    if (bool(v) == required)
      return success();
    if (required)
      return op->emitOpError() << "requires " << what << " (" << why << ")";
    return op->emitOpError() << "has " << what << " but " << why;
  }

  /// An optional operand present exactly when `required`, and then of the
  /// given shape and element type.
  LogicalResult optional(StringRef what, Value v, bool required,
                         StringRef presenceWhy, ArrayRef<int64_t> expected,
                         StringRef shapeWhy, Type type, StringRef typeWhy) {
    if (failed(presence(what, v, required, presenceWhy)))
      return failure();
    if (!v)
      return success();
    if (failed(shape(what, v, expected, shapeWhy)))
      return failure();
    return elementType(what, v, type, typeWhy);
  }
};

SmallVector<int64_t> withExperts(int64_t experts, ArrayRef<int64_t> shape) {
  SmallVector<int64_t> out;
  if (experts > 0)
    out.push_back(experts);
  out.append(shape.begin(), shape.end());
  return out;
}

/// The weight, scales, zero points and secondary scales against the weight
/// scheme and the stored extents of the layer.
LogicalResult verifyQuantWeights(Checker &c, WeightSchemeAttr ws,
                                 LayerAttr layer, int64_t experts, Value weight,
                                 Value scales, Value zeroPoints,
                                 Value secondary) {
  MLIRContext *ctx = c.op->getContext();
  fmt::WeightScheme s = ws.toScheme();
  int64_t n = layer.getStoredN(), k = layer.getStoredK();
  if (auto err = fmt::validateShape(s, n, k))
    return c.op->emitOpError() << *err;

  std::string why = std::to_string(n) + " x " + std::to_string(k) + " " +
                    s.format.name() + " codes packed into i32 words" +
                    (experts > 0 ? " per expert" : "");
  if (failed(c.shape("weight", weight,
                     withExperts(experts, fmt::packedWeightShape(s, n, k)),
                     why)))
    return failure();

  std::string granularity = std::string(fmt::toString(s.scale)) + " scales";
  if (s.scale == fmt::ScaleGranularity::Group)
    granularity += " of group size " + std::to_string(s.groupSize);
  using Shape = std::vector<int64_t>;
  if (failed(c.optional(
          "scales", scales, s.scale != fmt::ScaleGranularity::None,
          s.scale != fmt::ScaleGranularity::None
              ? "the weight scheme has " + granularity
              : std::string("the weight scheme has scale = none"),
          withExperts(experts, fmt::scaleShape(s, n, k).value_or(Shape{})),
          granularity, getElementTypeFor(ctx, s.scaleFormat),
          "the scheme's scale_type")))
    return failure();

  bool intZero = s.zeroPoint == fmt::ZeroPointKind::Integer;
  if (failed(c.optional(
          "zero_points", zeroPoints, s.zeroPoint != fmt::ZeroPointKind::None,
          std::string("the weight scheme has zero_point = ") +
              fmt::toString(s.zeroPoint),
          withExperts(experts, fmt::zeroPointShape(s, n, k).value_or(Shape{})),
          "zero points follow the " + granularity,
          intZero ? Type(IntegerType::get(ctx, 8))
                  : getElementTypeFor(ctx, s.scaleFormat),
          intZero ? "integer zero points (codes held in i8)"
                  : "float zero points (the scale_type)")))
    return failure();

  if (failed(c.optional(
          "secondary_scales", secondary,
          s.secondary != fmt::SecondaryScale::None,
          std::string("the weight scheme has secondary = ") +
              fmt::toString(s.secondary),
          withExperts(experts,
                      fmt::secondaryScaleShape(s, n).value_or(Shape{})),
          std::string(fmt::toString(s.secondary)) + " secondary scale",
          getElementTypeFor(ctx, s.secondaryFormat),
          "the scheme's secondary_type")))
    return failure();
  return success();
}

/// Input scales of an activation with leading dims `rows`, as the format
/// library defines them ([] when the scheme has none).
SmallVector<int64_t> activationScaleShape(const fmt::ActivationScheme &a,
                                          ArrayRef<int64_t> rows, int64_t k) {
  return llvm::to_vector(
      fmt::activationScaleShape(a, std::vector<int64_t>(rows.begin(), rows.end()),
                                k)
          .value_or(std::vector<int64_t>{}));
}

/// Activation, input scales, bias and result of a GEMM-like op.
/// `expectedRows` are the input's leading (row) dims; the result has
/// `resultRows` x [n], or the input's rows x [n] when `resultRows` is empty.
LogicalResult verifyActivationSide(Checker &c, ActivationSchemeAttr as,
                                   LayerAttr layer, int64_t experts,
                                   Value input, Value inputScales, Value bias,
                                   Value result, ArrayRef<int64_t> expectedRows,
                                   ArrayRef<int64_t> resultRows = {},
                                   StringRef resultRowsWhy = "input rows") {
  MLIRContext *ctx = c.op->getContext();
  fmt::ActivationScheme a = as.toScheme();
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t k = layer.getK();

  SmallVector<int64_t> inShape(expectedRows);
  inShape.push_back(k);
  if (failed(c.shape("input", input, inShape,
                     "rows x k = " + std::to_string(k))))
    return failure();
  if (failed(c.elementType("input", input, getElementTypeFor(ctx, a.format),
                           "the activation format " + a.format.name())))
    return failure();
  ArrayRef<int64_t> rows = inputType.getShape().drop_back();

  if (a.scale == fmt::ActivationScaleGranularity::Group &&
      k % a.groupSize != 0)
    return c.op->emitOpError()
           << "activation group size " << a.groupSize << " does not divide k = "
           << k;
  if (failed(c.optional("input_scales", inputScales,
                        a.scale != fmt::ActivationScaleGranularity::None,
                        std::string("the activation scheme has scale = ") +
                            fmt::toString(a.scale),
                        activationScaleShape(a, rows, k),
                        std::string(fmt::toString(a.scale)) + " input scales",
                        getElementTypeFor(ctx, a.scaleFormat),
                        "the activation scale_type")))
    return failure();

  auto resultType = cast<RankedTensorType>(result.getType());
  Type out = resultType.getElementType();
  if (!out.isF16() && !out.isBF16() && !out.isF32())
    return c.op->emitOpError()
           << "result element type " << out << " is not f16, bf16 or f32";
  SmallVector<int64_t> outShape(resultRows.empty() ? rows : resultRows);
  outShape.push_back(layer.getN());
  if (failed(c.shape("result", result, outShape,
                     resultRowsWhy.str() + " x n = " +
                         std::to_string(layer.getN()))))
    return failure();

  return c.optional("bias", bias, layer.getBias(),
                    layer.getBias() ? "the layer has bias = true"
                                    : "the layer has bias = false",
                    withExperts(experts, {layer.getN()}),
                    "one value per output feature", out,
                    "the result element type");
}

/// Pair, arch and tuning rules shared by gemm and moe_gemm.
LogicalResult verifyComputeRules(Checker &c, WeightSchemeAttr ws,
                                 ActivationSchemeAttr as, ComputeAttr compute,
                                 TuningAttr tuning) {
  fmt::WeightScheme w = ws.toScheme();
  fmt::ActivationScheme a = as.toScheme();
  if (auto err = tgt::checkWeightActivationPair(w, a))
    return c.op->emitOpError() << *err;
  if (compute && compute.getF16Accumulation() &&
      !(a.format == fmt::NumericFormat::f16() ||
        a.format == fmt::NumericFormat::e4m3() ||
        a.format == fmt::NumericFormat::e5m2()))
    return c.op->emitOpError()
           << "f16_accumulation needs float16 or fp8 activations, not "
           << a.format.name();
  TargetAttr target = getEffectiveTarget(c.op);
  if (!target)
    return success();
  tgt::Arch arch = target.getArch();
  if (auto err = tgt::checkActivationOnArch(a.format, arch))
    return c.op->emitOpError() << *err;
  if (tuning) {
    if (tuning.getCpAsync() && !tgt::hasAsyncCopies(arch))
      return c.op->emitOpError()
             << "cp_async needs sm_80 or newer, target is " << arch.name()
             << " (its kernels copy through registers: cp_async = false)";
    if (auto err = tgt::checkPipelineOnArch(
            tgt::PipelineKind(int(tuning.getPipeline())), arch))
      return c.op->emitOpError() << *err;
    if (tuning.getPartition() == PartitionKind::cluster)
      if (auto err = tgt::checkClustersOnArch(arch))
        return c.op->emitOpError() << *err;
    if (tuning.getTma() && arch.version < 90)
      return c.op->emitOpError()
             << "tma needs sm_90 or newer, target is " << arch.name();
  }
  return success();
}
} // namespace

//===----------------------------------------------------------------------===//
// GemmOp
//===----------------------------------------------------------------------===//

LogicalResult GemmOp::verify() {
  Checker c{getOperation()};
  LayerAttr layer = getLayer();
  if (layer.getExperts() != 0)
    return emitOpError() << "is dense but the layer has " << layer.getExperts()
                         << " experts; use humming.moe_gemm";
  if (ComputeAttr compute = getComputeAttr();
      compute && compute.getKind() != GemmKind::dense)
    return emitOpError() << "compute kind "
                         << stringifyGemmKind(compute.getKind())
                         << " needs humming.moe_gemm; humming.gemm is dense";
  auto inputType = cast<RankedTensorType>(getInput().getType());
  if (inputType.getRank() != 2)
    return emitOpError() << "input must be rank 2 [M, k], got rank "
                         << inputType.getRank();
  if (failed(verifyQuantWeights(c, getWeightScheme(), layer, 0, getWeight(),
                                getScales(), getZeroPoints(),
                                getSecondaryScales())) ||
      failed(verifyActivationSide(c, getActivationScheme(), layer, 0,
                                  getInput(), getInputScales(), getBias(),
                                  getResult(), {kAny})))
    return failure();
  return verifyComputeRules(c, getWeightScheme(), getActivationScheme(),
                            getComputeAttr(), getTuningAttr());
}

//===----------------------------------------------------------------------===//
// MoeGemmOp
//===----------------------------------------------------------------------===//

LogicalResult MoeGemmOp::verify() {
  Checker c{getOperation()};
  LayerAttr layer = getLayer();
  int64_t experts = layer.getExperts();
  if (experts <= 0)
    return emitOpError() << "needs a layer with experts > 0";
  ComputeAttr compute = getComputeAttr();
  if (!compute || compute.getKind() == GemmKind::dense)
    return emitOpError() << "needs compute kind indexed, grouped_contiguous "
                            "or grouped_masked";
  GemmKind kind = compute.getKind();
  StringRef kindName = stringifyGemmKind(kind);
  auto routing = [&](StringRef what, Value v, bool used) {
    return c.presence(what, v, used,
                      used ? ("compute kind " + kindName + " uses it").str()
                           : ("compute kind " + kindName + " does not use it")
                                 .str());
  };
  bool indexed = kind == GemmKind::indexed;
  if (failed(routing("sorted_token_ids", getSortedTokenIds(), indexed)) ||
      failed(routing("expert_ids", getExpertIds(), indexed)) ||
      failed(routing("num_tokens_post_padded", getNumTokensPostPadded(),
                     indexed)) ||
      failed(routing("expert_offsets", getExpertOffsets(),
                     kind == GemmKind::grouped_contiguous)) ||
      failed(routing("expert_counts", getExpertCounts(),
                     kind == GemmKind::grouped_masked)))
    return failure();
  if (getTopkWeights() && !indexed)
    return emitOpError() << "has topk_weights but compute kind " << kindName
                         << " does not use it";
  if (!indexed && (getTopK() != 1 || getBlockM()))
    return emitOpError() << "top_k and block_m only apply to compute kind "
                            "indexed";

  auto inputType = cast<RankedTensorType>(getInput().getType());
  int64_t inputRank = kind == GemmKind::grouped_masked ? 3 : 2;
  if (inputType.getRank() != inputRank)
    return emitOpError() << "input of compute kind " << kindName
                         << " must be rank " << inputRank << ", got rank "
                         << inputType.getRank();

  SmallVector<int64_t> rows;
  if (indexed) {
    int64_t topK = getTopK();
    if (topK < 1)
      return emitOpError() << "top_k must be >= 1, got " << topK;
    std::optional<uint64_t> blockM = getBlockM();
    if (!blockM || *blockM == 0 || (*blockM & (*blockM - 1)))
      return emitOpError() << "compute kind indexed needs block_m, a power "
                              "of two";
    int64_t tokens = inputType.getDimSize(0);
    int64_t padded =
        cast<RankedTensorType>(getSortedTokenIds().getType()).getRank() == 1
            ? cast<RankedTensorType>(getSortedTokenIds().getType())
                  .getDimSize(0)
            : kAny;
    if (failed(c.shape("sorted_token_ids", getSortedTokenIds(), {kAny},
                       "one id per padded row")) ||
        failed(c.shape("expert_ids", getExpertIds(),
                       {ShapedType::isDynamic(padded)
                            ? kAny
                            : padded / int64_t(*blockM)},
                       "one expert per block_m rows of sorted_token_ids")) ||
        failed(c.shape("num_tokens_post_padded", getNumTokensPostPadded(),
                       {1}, "a single count")))
      return failure();
    if (!ShapedType::isDynamic(padded) && padded % int64_t(*blockM) != 0)
      return emitOpError() << "sorted_token_ids length " << padded
                           << " is not a multiple of block_m " << *blockM;
    if (getTopkWeights() &&
        failed(c.shape("topk_weights", getTopkWeights(),
                       {ShapedType::isDynamic(tokens) ? kAny : tokens, topK},
                       "one weight per token and choice")))
      return failure();
    // The input has one row per token; the result one per (token, choice).
    int64_t resultRows = ShapedType::isDynamic(tokens) ? kAny : tokens * topK;
    if (failed(verifyActivationSide(c, getActivationScheme(), layer, experts,
                                    getInput(), getInputScales(), getBias(),
                                    getResult(), {kAny}, {resultRows},
                                    "tokens * top_k rows")))
      return failure();
  } else {
    if (kind == GemmKind::grouped_contiguous) {
      if (failed(c.shape("expert_offsets", getExpertOffsets(),
                         {experts + 1}, "experts + 1 ascending offsets")))
        return failure();
      rows.push_back(kAny);
    } else {
      if (failed(c.shape("expert_counts", getExpertCounts(), {experts},
                         "one row count per expert")))
        return failure();
      rows = {experts, kAny};
    }
    if (failed(verifyActivationSide(c, getActivationScheme(), layer, experts,
                                    getInput(), getInputScales(), getBias(),
                                    getResult(), rows)))
      return failure();
  }
  if (failed(verifyQuantWeights(c, getWeightScheme(), layer, experts,
                                getWeight(), getScales(), getZeroPoints(),
                                getSecondaryScales())))
    return failure();
  return verifyComputeRules(c, getWeightScheme(), getActivationScheme(),
                            compute, getTuningAttr());
}

//===----------------------------------------------------------------------===//
// QuantizeOp
//===----------------------------------------------------------------------===//

LogicalResult QuantizeOp::verify() {
  Checker c{getOperation()};
  fmt::ActivationScheme a = getActivationScheme().toScheme();
  if (a.scale == fmt::ActivationScaleGranularity::None)
    return emitOpError() << "quantizes to a low-bit format; "
                         << a.format.name() << " activations need no quantize";
  auto inType = cast<RankedTensorType>(getInput().getType());
  Type inElem = inType.getElementType();
  if (!inElem.isF16() && !inElem.isBF16() && !inElem.isF32())
    return emitOpError() << "input element type " << inElem
                         << " is not f16, bf16 or f32";
  if (inType.getRank() < 1)
    return emitOpError() << "input must have a K dimension";
  ArrayRef<int64_t> rows = inType.getShape().drop_back();
  int64_t k = inType.getShape().back();
  if (a.scale == fmt::ActivationScaleGranularity::Group &&
      (ShapedType::isDynamic(k) || k % a.groupSize != 0))
    return emitOpError() << "group size " << a.groupSize
                         << " must divide a static K, got "
                         << shapeString({k});
  if (failed(c.shape("codes", getCodes(), inType.getShape(),
                     "the input's shape")) ||
      failed(c.elementType("codes", getCodes(),
                           getElementTypeFor(getContext(), a.format),
                           "the activation format " + a.format.name())))
    return failure();
  if (failed(c.shape("scales", getScales(), activationScaleShape(a, rows, k),
                     std::string(fmt::toString(a.scale)) + " scales")) ||
      failed(c.elementType("scales", getScales(),
                           getElementTypeFor(getContext(), a.scaleFormat),
                           "the activation scale_type")))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// DequantizeOp
//===----------------------------------------------------------------------===//

LogicalResult DequantizeOp::verify() {
  Checker c{getOperation()};
  LayerAttr layer = getLayer();
  int64_t experts = layer.getExperts();
  if (failed(verifyQuantWeights(c, getWeightScheme(), layer, experts,
                                getWeight(), getScales(), getZeroPoints(),
                                getSecondaryScales())))
    return failure();
  Type out = cast<RankedTensorType>(getResult().getType()).getElementType();
  if (!out.isF16() && !out.isBF16() && !out.isF32())
    return emitOpError() << "result element type " << out
                         << " is not f16, bf16 or f32";
  return c.shape("result", getResult(),
                 withExperts(experts, {layer.getStoredN(), layer.getStoredK()}),
                 "the stored weight extents");
}

//===----------------------------------------------------------------------===//
// RepackOp
//===----------------------------------------------------------------------===//

static SmallVector<int64_t> layoutShape(WeightLayoutAttr layout,
                                        const fmt::WeightScheme &s, int64_t n,
                                        int64_t k) {
  if (layout.getKind() == WeightLayoutKind::standard)
    return llvm::to_vector(fmt::packedWeightShape(s, n, k));
  int64_t tn = layout.getTile()[0], tk = layout.getTile()[1];
  return {n / tn, k / tk, tn * tk * int64_t(s.format.bits()) / 32};
}

WeightLayoutAttr RepackOp::getEffectiveSourceLayout() {
  if (WeightLayoutAttr layout = getSourceLayoutAttr())
    return layout;
  return WeightLayoutAttr::get(getContext(), WeightLayoutKind::standard, {});
}

LogicalResult RepackOp::verify() {
  Checker c{getOperation()};
  LayerAttr layer = getLayer();
  fmt::WeightScheme s = getWeightScheme().toScheme();
  int64_t n = layer.getStoredN(), k = layer.getStoredK();
  int64_t experts = layer.getExperts();
  if (auto err = fmt::validateShape(s, n, k))
    return emitOpError() << *err;
  for (WeightLayoutAttr layout : {getEffectiveSourceLayout(), getTargetLayout()}) {
    if (layout.getKind() == WeightLayoutKind::standard)
      continue;
    int64_t tn = layout.getTile()[0], tk = layout.getTile()[1];
    if (n % tn != 0 || k % tk != 0)
      return emitOpError() << "layout tile " << shapeString({tn, tk})
                           << " does not divide the stored weight extents "
                           << shapeString({n, k});
  }
  if (getEffectiveSourceLayout() == getTargetLayout())
    return emitOpError() << "source and target layouts are the same";
  if (failed(c.shape("weight", getWeight(),
                     withExperts(experts,
                                 layoutShape(getEffectiveSourceLayout(), s, n, k)),
                     "packed words in the source layout")))
    return failure();
  return c.shape("result", getResult(),
                 withExperts(experts, layoutShape(getTargetLayout(), s, n, k)),
                 "packed words in the target layout");
}

#define GET_OP_CLASSES
#include "humming/Dialect/Humming/IR/HummingOps.cpp.inc"
