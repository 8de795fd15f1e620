//===- HummingOps.td - humming operations -----------------*- tablegen -*-===//

#ifndef HUMMING_OPS_TD
#define HUMMING_OPS_TD

include "humming/Dialect/Humming/IR/HummingAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class Humming_Op<string mnemonic, list<Trait> traits = []>
    : Op<Humming_Dialect, mnemonic, traits>;

// The quantized-weight operands every GEMM-like op shares, in this order.
defvar QuantWeightOperands = (ins
  AnyRankedTensor:$input,
  TensorOf<[I32]>:$weight,
  Optional<AnyRankedTensor>:$scales,
  Optional<AnyRankedTensor>:$zero_points,
  Optional<AnyRankedTensor>:$secondary_scales,
  Optional<AnyRankedTensor>:$input_scales,
  Optional<AnyRankedTensor>:$bias
);

defvar QuantWeightSyntax = [{
  $input `,` $weight
  (`scales` `(` $scales^ `:` type($scales) `)`)?
  (`zero_points` `(` $zero_points^ `:` type($zero_points) `)`)?
  (`secondary_scales` `(` $secondary_scales^ `:` type($secondary_scales) `)`)?
  (`input_scales` `(` $input_scales^ `:` type($input_scales) `)`)?
  (`bias` `(` $bias^ `:` type($bias) `)`)?
}];

defvar SchemeAttrs = (ins
  Humming_WeightSchemeAttr:$weight_scheme,
  Humming_ActivationSchemeAttr:$activation_scheme,
  Humming_LayerAttr:$layer,
  OptionalAttr<Humming_ComputeAttr>:$compute,
  OptionalAttr<Humming_TuningAttr>:$tuning,
  OptionalAttr<Humming_TargetAttr>:$target
);

def Humming_GemmOp : Humming_Op<"gemm", [Pure, AttrSizedOperandSegments]> {
  let summary = "Dense quantized GEMM: result = A x dequant(W)^T (+ bias)";
  let description = [{
    `result[m, n] = sum_k a(m, k) * w(n, k) + bias[n]`, where `w` is the
    dequantized weight of `weight_scheme` (see `humming.dequantize`) and
    `a` the activation, multiplied by its input scale when
    `activation_scheme` has one. Accumulation is in f32 unless
    `compute.f16_accumulation` is set. The result element type (f16, bf16
    or f32) is the output type.

    Operand shapes (`N' = n + pad_n`, `K' = k + pad_k` of `layer`):
    `input [M, k]`; `weight [N', K' * bits / 32] : i32`; `scales` /
    `zero_points` per granularity (channel `[N']`, group `[N', K' / g]`,
    block `[ceil(N' / bn), ceil(K' / bk)]`, tensor `[]`); `secondary_scales`
    `[]` or `[N']`; `input_scales` `[M]` (token), `[M, k / g]` (group) or `[]`
    (tensor); `bias [n]`; `result [M, n]`. M may be dynamic.

    A `target` (on the op, or `humming.target` on an enclosing op) enables
    the architecture rules: for example fp8 activations need sm_89.

    ```mlir
    %c = humming.gemm %a, %w scales(%s : tensor<4096x32xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = group,
                                        group_size = 128>,
        activation_scheme = #humming.activation<format = float16>,
        layer = #humming.layer<n = 4096, k = 4096>}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    ```
  }];
  let arguments = !con(QuantWeightOperands, SchemeAttrs);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = QuantWeightSyntax # [{
    attr-dict `:` type($input) `,` type($weight) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Humming_MoeGemmOp : Humming_Op<"moe_gemm",
    [Pure, AttrSizedOperandSegments]> {
  let summary = "Mixture-of-experts quantized GEMM";
  let description = [{
    Every row of the input is multiplied by the weights of one expert; the
    weight, scale, zero-point, secondary-scale and bias operands carry a
    leading expert dimension `E = layer.experts`. `compute.kind` says how
    rows find their expert:

    * `indexed` (fused-MoE style): `input [T, k]`; `sorted_token_ids [P]`
      lists row ids `t * top_k + j` grouped by expert and padded per expert
      to a multiple of `block_m` (ids >= T * top_k are padding);
      `expert_ids [P / block_m]` the expert of each block;
      `num_tokens_post_padded [1]` the used length of `sorted_token_ids`;
      optional `topk_weights [T, top_k] : f32` scale each output row;
      `result [T * top_k, n]`.
    * `grouped_contiguous`: `input [T, k]` with rows sorted by expert;
      `expert_offsets [E + 1]` (i32 or i64, ascending, first 0, last T);
      `result [T, n]`.
    * `grouped_masked`: `input [E, M_max, k]`; `expert_counts [E] : i32`
      the valid rows per expert; `result [E, M_max, n]` (rows past the
      count are left unspecified).
  }];
  let arguments = !con(QuantWeightOperands, (ins
    Optional<TensorOf<[I32]>>:$sorted_token_ids,
    Optional<TensorOf<[I32]>>:$expert_ids,
    Optional<TensorOf<[I32]>>:$num_tokens_post_padded,
    Optional<TensorOf<[F32]>>:$topk_weights,
    Optional<TensorOf<[I32, I64]>>:$expert_offsets,
    Optional<TensorOf<[I32]>>:$expert_counts,
    DefaultValuedAttr<I64Attr, "1">:$top_k,
    OptionalAttr<I64Attr>:$block_m
  ), SchemeAttrs);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = QuantWeightSyntax # [{
    (`sorted_token_ids` `(` $sorted_token_ids^ `:` type($sorted_token_ids) `)`)?
    (`expert_ids` `(` $expert_ids^ `:` type($expert_ids) `)`)?
    (`num_tokens_post_padded` `(` $num_tokens_post_padded^ `:`
        type($num_tokens_post_padded) `)`)?
    (`topk_weights` `(` $topk_weights^ `:` type($topk_weights) `)`)?
    (`expert_offsets` `(` $expert_offsets^ `:` type($expert_offsets) `)`)?
    (`expert_counts` `(` $expert_counts^ `:` type($expert_counts) `)`)?
    attr-dict `:` type($input) `,` type($weight) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Humming_QuantizeOp : Humming_Op<"quantize", [Pure]> {
  let summary = "Quantize activations to a low-bit format and its scales";
  let description = [{
    Quantizes `input [M, K]` (f16, bf16 or f32) to the format of
    `activation_scheme` with scales per token (`[M]`), per K-group
    (`[M, K / g]`) or per tensor (`[]`): `scale = amax / max(format)`,
    `code = encode(x / scale)` (round to nearest even, saturate). All-zero
    rows or groups get scale 1.

    ```mlir
    %q, %s = humming.quantize %x {activation_scheme =
        #humming.activation<format = float8e4m3, scale = token>}
      : tensor<?x4096xf16> -> tensor<?x4096xf8E4M3FN>, tensor<?xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input,
                       Humming_ActivationSchemeAttr:$activation_scheme);
  let results = (outs AnyRankedTensor:$codes, AnyRankedTensor:$scales);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) `->` type($codes) `,` type($scales)
  }];
  let hasVerifier = 1;
}

def Humming_DequantizeOp : Humming_Op<"dequantize",
    [Pure, AttrSizedOperandSegments]> {
  let summary = "Reference dequantization of packed weights";
  let description = [{
    `result[n, k] = (decode(q[n, k]) - z) * s * s2` over the stored extents
    `[E?, N', K']`, exactly as `docs/formats.md` defines it: `q` the code
    unpacked from the standard layout, `z` the explicit zero point, the
    implicit zero 2^(bits-1) of a symmetric uintN, or 0; `s` the primary
    scale of the element's channel / group / block / tensor (1 with no
    scale); `s2` the secondary scale or 1. This op is the semantics every
    kernel is checked against.
  }];
  let arguments = (ins
    TensorOf<[I32]>:$weight,
    Optional<AnyRankedTensor>:$scales,
    Optional<AnyRankedTensor>:$zero_points,
    Optional<AnyRankedTensor>:$secondary_scales,
    Humming_WeightSchemeAttr:$weight_scheme,
    Humming_LayerAttr:$layer
  );
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $weight
    (`scales` `(` $scales^ `:` type($scales) `)`)?
    (`zero_points` `(` $zero_points^ `:` type($zero_points) `)`)?
    (`secondary_scales` `(` $secondary_scales^ `:` type($secondary_scales) `)`)?
    attr-dict `:` type($weight) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Humming_RepackOp : Humming_Op<"repack", [Pure]> {
  let summary = "Reorder packed weights from one layout to another";
  let description = [{
    Permutes the i32 words of packed weights from `source_layout` (absent
    means `standard`) to `target_layout` without changing any code. A kernel
    layout stores each `[tn, tk]` tile contiguously, so its shape is
    `[E?, N' / tn, K' / tk, tn * tk * bits / 32]`; the standard layout is
    `[E?, N', K' * bits / 32]`. The tile must divide the stored extents.
  }];
  let arguments = (ins
    TensorOf<[I32]>:$weight,
    Humming_WeightSchemeAttr:$weight_scheme,
    Humming_LayerAttr:$layer,
    OptionalAttr<Humming_WeightLayoutAttr>:$source_layout,
    Humming_WeightLayoutAttr:$target_layout
  );
  let results = (outs TensorOf<[I32]>:$result);
  let assemblyFormat = [{
    $weight attr-dict `:` type($weight) `->` type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The source layout, `standard` when the attribute is absent.
    WeightLayoutAttr getEffectiveSourceLayout();
  }];
}

#endif // HUMMING_OPS_TD
