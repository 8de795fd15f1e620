//===- HummingBase.td - The humming dialect and its enums -*- tablegen -*-===//

#ifndef HUMMING_BASE_TD
#define HUMMING_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def Humming_Dialect : Dialect {
  let name = "humming";
  let cppNamespace = "::mlir::humming";
  let summary = "Quantized GEMMs: weight and activation formats, scales, "
                "zero points and the GEMM ops that consume them";
  let description = [{
    The `humming` dialect models quantized matrix multiplications
    `C[M, N] = A[M, K] x W[N, K]^T` where W is stored as packed low-bit codes
    with scales (per channel, K-group, 2-D block or tensor), optional zero
    points and an optional secondary scale, and A is a 16-bit, 8-bit or
    4-bit activation. Ops carry the full quantization scheme as attributes so
    that every later pass (format decode, dequant fusion, pipeline selection,
    kernel lowering) reads what it needs from the IR, and so that every
    legality rule is checked by the verifier before code is generated.

    Data operands are builtin ranked tensors: packed weights are `i32`
    words in the standard layout (codes LSB-first along K), scales and
    activations use the builtin element type of their format (`f16`, `bf16`,
    `f32`, `f8E4M3FN`, `f8E5M2`, `f8E8M0FNU`, `f4E2M1FN`, `i8`, `i4`).
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    void registerAttributes();

    /// Name of the discardable attribute that sets the target of every
    /// humming op nested under the op that carries it.
    static constexpr ::llvm::StringLiteral getTargetAttrName() {
      return ::llvm::StringLiteral("humming.target");
    }
  }];
}

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def Humming_ScaleGranularity : I32EnumAttr<"ScaleGranularity",
    "where the primary weight scales apply", [
      I32EnumAttrCase<"none", 0>, I32EnumAttrCase<"channel", 1>,
      I32EnumAttrCase<"group", 2>, I32EnumAttrCase<"block", 3>,
      I32EnumAttrCase<"tensor", 4>]> {
  let cppNamespace = "::mlir::humming";
  let genSpecializedAttr = 0;
}

def Humming_ZeroPointKind : I32EnumAttr<"ZeroPointKind",
    "the kind of weight zero point", [
      I32EnumAttrCase<"none", 0>, I32EnumAttrCase<"integer", 1>,
      I32EnumAttrCase<"floating", 2, "float">]> {
  let cppNamespace = "::mlir::humming";
  let genSpecializedAttr = 0;
}

def Humming_SecondaryScaleKind : I32EnumAttr<"SecondaryScaleKind",
    "the secondary weight scale applied on top of group or block scales", [
      I32EnumAttrCase<"none", 0>, I32EnumAttrCase<"tensor", 1>,
      I32EnumAttrCase<"channel", 2>]> {
  let cppNamespace = "::mlir::humming";
  let genSpecializedAttr = 0;
}

def Humming_ActivationScaleGranularity : I32EnumAttr<
    "ActivationScaleGranularity", "where the input (activation) scales apply", [
      I32EnumAttrCase<"none", 0>, I32EnumAttrCase<"token", 1>,
      I32EnumAttrCase<"group", 2>, I32EnumAttrCase<"tensor", 3>]> {
  let cppNamespace = "::mlir::humming";
  let genSpecializedAttr = 0;
}

def Humming_GemmKind : I32EnumAttr<"GemmKind", "how rows map to experts", [
      I32EnumAttrCase<"dense", 0>,
      I32EnumAttrCase<"indexed", 1>,
      I32EnumAttrCase<"grouped_contiguous", 2>,
      I32EnumAttrCase<"grouped_masked", 3>]> {
  let cppNamespace = "::mlir::humming";
  let genSpecializedAttr = 0;
}

def Humming_PipelineKind : I32EnumAttr<"PipelineKind",
    "the MMA family and software pipeline of a kernel", [
      I32EnumAttrCase<"mma_sync", 0>, I32EnumAttrCase<"wgmma", 1>,
      I32EnumAttrCase<"tcgen05", 2>]> {
  let cppNamespace = "::mlir::humming";
  let genSpecializedAttr = 0;
}

def Humming_PartitionKind : I32EnumAttr<"PartitionKind",
    "how the (M, N, K) iteration space is split across CTAs", [
      I32EnumAttrCase<"data_parallel", 0>, I32EnumAttrCase<"striped", 1>,
      I32EnumAttrCase<"stream_k", 2>, I32EnumAttrCase<"cluster", 3>]> {
  let cppNamespace = "::mlir::humming";
  let genSpecializedAttr = 0;
}

def Humming_WeightLayoutKind : I32EnumAttr<"WeightLayoutKind",
    "the memory order of packed weight words", [
      I32EnumAttrCase<"standard", 0>, I32EnumAttrCase<"mma_sync", 1>,
      I32EnumAttrCase<"wgmma", 2>, I32EnumAttrCase<"tcgen05", 3>]> {
  let cppNamespace = "::mlir::humming";
  let genSpecializedAttr = 0;
}

def Humming_DecodeStrategy : I32EnumAttr<"DecodeStrategy",
    "how a weight code becomes an activation-typed value", [
      I32EnumAttrCase<"int_magic_f16", 0>, I32EnumAttrCase<"int_magic_bf16", 1>,
      I32EnumAttrCase<"int_via_f32", 2>,
      I32EnumAttrCase<"float_exponent_offset", 3>]> {
  let cppNamespace = "::mlir::humming";
  let genSpecializedAttr = 0;
}

def Humming_Placement : I32EnumAttr<"Placement",
    "where a dequantization term is applied", [
      I32EnumAttrCase<"none", 0>, I32EnumAttrCase<"decode_constant", 1>,
      I32EnumAttrCase<"b_fragment", 2>, I32EnumAttrCase<"accumulator", 3>,
      I32EnumAttrCase<"epilogue", 4>]> {
  let cppNamespace = "::mlir::humming";
  let genSpecializedAttr = 0;
}

#endif // HUMMING_BASE_TD
