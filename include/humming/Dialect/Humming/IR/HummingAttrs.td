//===- HummingAttrs.td - humming attributes ---------------*- tablegen -*-===//

#ifndef HUMMING_ATTRS_TD
#define HUMMING_ATTRS_TD

include "humming/Dialect/Humming/IR/HummingBase.td"

//===----------------------------------------------------------------------===//
// Parameters
//===----------------------------------------------------------------------===//

// A numeric format written by name: uint4, int8, float4e2m1, float8e4m3,
// float16, bfloat16, float32 (and the aliases of docs/formats.md).
class Humming_FormatParameter<string default = "">
    : AttrParameter<"::humming::format::NumericFormat", "numeric format"> {
  let parser = "::mlir::humming::parseNumericFormat($_parser)";
  let printer = "$_printer << $_self.name()";
  let defaultValue = default;
}

def Humming_ArchParameter
    : AttrParameter<"::humming::target::Arch", "GPU architecture"> {
  let parser = "::mlir::humming::parseArch($_parser)";
  let printer = "$_printer << $_self.name()";
}

// A bracketed list of integers: [128, 64, 32].
class Humming_I64ListParameter<string desc>
    : ArrayRefParameter<"int64_t", desc> {
  let parser = "::mlir::humming::parseI64List($_parser)";
  let printer = "::mlir::humming::printI64List($_printer, $_self)";
  let defaultValue = "::llvm::SmallVector<int64_t>()";
  let comparator =
      "::llvm::ArrayRef<int64_t>($_lhs) == ::llvm::ArrayRef<int64_t>($_rhs)";
}

class Humming_EnumParameter<EnumAttrInfo info, string default>
    : EnumParameter<info> {
  let defaultValue = default;
}

class Humming_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Humming_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

def Humming_FormatAttr : Humming_Attr<"Format", "format"> {
  let summary = "A numeric format: `#humming.format<uint4>`";
  let description = [{
    One number format of `docs/formats.md`: `uintN` / `intN` (N = 1..8),
    `floatNeXmY` (N <= 8, N - X - Y sign bits in {0, 1}), `float16`,
    `bfloat16`, `float32`. Aliases such as `e4m3` or `bf16` parse to the
    canonical name.
  }];
  let parameters = (ins Humming_FormatParameter<>:$value);
  let assemblyFormat = "`<` $value `>`";
}

def Humming_WeightSchemeAttr : Humming_Attr<"WeightScheme", "weight"> {
  let summary = "How packed weight codes dequantize to real weights";
  let description = [{
    `w[n, k] = (decode(q[n, k]) - z) * s * s2`. `format` is the code format;
    `scale` where the primary scales apply (`channel`: one per output
    channel; `group`: one per `group_size` consecutive K elements; `block`:
    one per `block = [bn, bk]` tile; `tensor`: one; `none`); `scale_type` the
    format they are stored in; `zero_point` `none` (a uintN then has the
    implicit zero 2^(N-1) unless `implicit_zero = false`), `integer` (codes
    of the weight format, stored as i8) or `float` (in `scale_type`);
    `secondary` an extra `tensor` or `channel` scale of `secondary_type`
    multiplied on top of group or block scales (NVFP4, for example).

    Example: `#humming.weight<format = uint4, scale = group, group_size = 128,
    zero_point = integer>`.
  }];
  let parameters = (ins
    Humming_FormatParameter<>:$format,
    Humming_EnumParameter<Humming_ScaleGranularity,
                          "ScaleGranularity::channel">:$scale,
    DefaultValuedParameter<"int64_t", "0">:$group_size,
    Humming_I64ListParameter<"block shape [N, K]">:$block,
    Humming_FormatParameter<"::humming::format::NumericFormat::f16()">:
        $scale_type,
    Humming_EnumParameter<Humming_ZeroPointKind, "ZeroPointKind::none">:
        $zero_point,
    DefaultValuedParameter<"bool", "true">:$implicit_zero,
    Humming_EnumParameter<Humming_SecondaryScaleKind,
                          "SecondaryScaleKind::none">:$secondary,
    Humming_FormatParameter<"::humming::format::NumericFormat::f32()">:
        $secondary_type
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The scheme as the format library sees it.
    ::humming::format::WeightScheme toScheme() const;
  }];
}

def Humming_ActivationSchemeAttr
    : Humming_Attr<"ActivationScheme", "activation"> {
  let summary = "The activation (A operand) format and its input scales";
  let description = [{
    `format` is one of float16, bfloat16 (no input scale), float8e4m3,
    float8e5m2, int8, int4, float4e2m1 (which need an input scale `scale`
    of `token`, `group` with `group_size`, or `tensor`, stored as
    `scale_type`).
  }];
  let parameters = (ins
    Humming_FormatParameter<>:$format,
    Humming_EnumParameter<Humming_ActivationScaleGranularity,
                          "ActivationScaleGranularity::none">:$scale,
    DefaultValuedParameter<"int64_t", "0">:$group_size,
    Humming_FormatParameter<"::humming::format::NumericFormat::f32()">:
        $scale_type
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::humming::format::ActivationScheme toScheme() const;
  }];
}

def Humming_LayerAttr : Humming_Attr<"Layer", "layer"> {
  let summary = "The extents of one linear layer";
  let description = [{
    `n` output features and `k` input features (logical), `experts` the
    expert count of a MoE layer (0 for a dense layer), `pad_n` / `pad_k` the
    padding the stored weights, scales and zero points carry beyond the
    logical extents (the activation has `k` columns and the result `n`),
    `bias` whether a bias vector is added.
  }];
  let parameters = (ins
    "int64_t":$n,
    "int64_t":$k,
    DefaultValuedParameter<"int64_t", "0">:$experts,
    DefaultValuedParameter<"int64_t", "0">:$pad_n,
    DefaultValuedParameter<"int64_t", "0">:$pad_k,
    DefaultValuedParameter<"bool", "false">:$bias
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getStoredN() const { return getN() + getPadN(); }
    int64_t getStoredK() const { return getK() + getPadK(); }
  }];
}

def Humming_ComputeAttr : Humming_Attr<"Compute", "compute"> {
  let summary = "How a GEMM computes: row mapping and accumulation";
  let description = [{
    `kind` is `dense` for `humming.gemm` and one of `indexed`,
    `grouped_contiguous`, `grouped_masked` for `humming.moe_gemm`;
    `f16_accumulation` lets 16-bit or fp8 MMAs accumulate in f16 (faster on
    some chips, less exact); `batch_invariant` asks for results that do not
    depend on M (no M-dependent split of K).
  }];
  let parameters = (ins
    Humming_EnumParameter<Humming_GemmKind, "GemmKind::dense">:$kind,
    DefaultValuedParameter<"bool", "false">:$f16_accumulation,
    DefaultValuedParameter<"bool", "false">:$batch_invariant
  );
  let assemblyFormat = "`<` struct(params) `>`";
}

def Humming_TuningAttr : Humming_Attr<"Tuning", "tuning"> {
  let summary = "One kernel configuration: tiles, stages, pipeline";
  let description = [{
    `block = [bm, bn, bk]` is the CTA tile, `warp = [wm, wn, wk]` a warp's
    (or warpgroup's) tile, `stages` the depth of the global-to-shared
    pipeline, `pipeline` the MMA family, `tma` / `cp_async` the copy engine
    (neither: each thread copies through registers, a global load then a
    shared store, as sm_75 must, which has no cp.async),
    `warp_specialized` producer/consumer warps, `partition` the split of
    the work across CTAs, `ctas_per_sm` the occupancy target,
    `multicast` the TMA multicast factor within a cluster and `swap_ab`
    (mma_sync only) the weights as the MMA's A operand, the activation rows
    (warp M extent 8 or 16) its B. `fragment_scales` keeps group scales in the
    decoded weight fragments even where the kernel could apply them to
    per-group fp32 sums (a measurement knob; the planner leaves it false).
    `register_stream` (mma_sync with swap_ab) is the register-stream loop:
    the warps along K take whole k-blocks in turn, loading codes and
    activations from global memory straight into registers, `stages`
    k-blocks ahead, with no shared-memory stages (so no copy engine); the
    warp K extent then only counts those warps (block K over it).
    `lane_queue` (register_stream, with cp_async) is its lane-queue form:
    each warp copies its operands `stages` rounds ahead into its own ring
    in shared memory and reads them back when it computes the round (the
    warp's own waits; no CTA barrier either). `l2_prefetch` (register_stream
    without lane_queue, 0..16): each warp also prefetches into L2 the codes
    of the k-block that many rounds beyond the last one it loads into
    registers. `activations_l1` caches the activation copies (cp_async) in
    L1 as well as L2, so CTAs of an SM, or a block's warps along N, that
    copy the same bytes close together share one L2 read (not for
    register_stream without lane_queue, which copies none).
    `k_blocks_per_iteration` (1, 2, 4 or 8; 0: the builder's rule by stage
    count) is how many k-blocks a staged loop computes per iteration: one
    copy wait and barrier (and for wgmma one fence and MMA drain) per that
    many, with as many more in flight, so it divides `stages` at most in
    half (not for register_stream, whose iterations are rounds).
  }];
  let parameters = (ins
    Humming_I64ListParameter<"CTA tile [M, N, K]">:$block,
    Humming_I64ListParameter<"warp tile [M, N, K]">:$warp,
    DefaultValuedParameter<"int64_t", "2">:$stages,
    Humming_EnumParameter<Humming_PipelineKind, "PipelineKind::mma_sync">:
        $pipeline,
    DefaultValuedParameter<"bool", "false">:$tma,
    DefaultValuedParameter<"bool", "true">:$cp_async,
    DefaultValuedParameter<"bool", "false">:$warp_specialized,
    Humming_EnumParameter<Humming_PartitionKind,
                          "PartitionKind::data_parallel">:$partition,
    DefaultValuedParameter<"int64_t", "1">:$ctas_per_sm,
    DefaultValuedParameter<"int64_t", "1">:$multicast,
    DefaultValuedParameter<"bool", "false">:$swap_ab,
    DefaultValuedParameter<"bool", "false">:$fragment_scales,
    DefaultValuedParameter<"bool", "false">:$register_stream,
    DefaultValuedParameter<"bool", "false">:$lane_queue,
    DefaultValuedParameter<"int64_t", "0">:$l2_prefetch,
    DefaultValuedParameter<"bool", "false">:$activations_l1,
    DefaultValuedParameter<"int64_t", "0">:$k_blocks_per_iteration
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def Humming_TargetAttr : Humming_Attr<"Target", "target"> {
  let summary = "The GPU a kernel is compiled for";
  let description = [{
    `arch` (`sm_80`, `sm_90a`, ...) decides legality; the other fields feed
    the pipeline heuristics: SM count, opt-in shared memory per block
    (bytes), L2 size (bytes), memory bandwidth (GB/s) and dense peak MMA
    rates (TFLOP/s, TOP/s for int8; 0 where unsupported). `chip` names the
    device ("h200") when it is a known one.
  }];
  let parameters = (ins
    StringRefParameter<"chip name", "\"custom\"">:$chip,
    Humming_ArchParameter:$arch,
    DefaultValuedParameter<"int64_t", "0">:$sms,
    DefaultValuedParameter<"int64_t", "0">:$smem_per_block,
    DefaultValuedParameter<"int64_t", "0">:$l2_bytes,
    DefaultValuedParameter<"int64_t", "0">:$bandwidth_gbps,
    DefaultValuedParameter<"int64_t", "0">:$peak_f16_tflops,
    DefaultValuedParameter<"int64_t", "0">:$peak_fp8_tflops,
    DefaultValuedParameter<"int64_t", "0">:$peak_int8_tops,
    DefaultValuedParameter<"int64_t", "0">:$peak_fp4_tflops
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The attribute of a known chip ("h200", "a100", ...), or null.
    static TargetAttr getKnown(::mlir::MLIRContext *ctx, ::llvm::StringRef name);
  }];
}

def Humming_WeightLayoutAttr : Humming_Attr<"WeightLayout", "weight_layout"> {
  let summary = "The memory order of packed weights";
  let description = [{
    `standard`: `[N, K * bits / 32]` words, codes LSB-first along K. A kernel
    layout (`mma_sync`, `wgmma`, `tcgen05`) stores each `tile = [tn, tk]`
    tile of codes contiguously, in the order that pipeline's loaders read.
  }];
  let parameters = (ins
    Humming_EnumParameter<Humming_WeightLayoutKind,
                          "WeightLayoutKind::standard">:$kind,
    Humming_I64ListParameter<"tile [N, K]">:$tile
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Compilation decisions (set by the passes, read by humming-lower-gemm)
//===----------------------------------------------------------------------===//

def Humming_DecodeAttr : Humming_Attr<"Decode", "decode"> {
  let summary = "The decode strategy of a GEMM's weights (humming-decode-formats)";
  let description = [{
    `strategy`: `int_magic_f16` / `int_magic_bf16` (OR the code into the
    mantissa of 1024.0 / 128.0), `int_via_f32` (8-bit integers to bf16 via
    an f32 magic number), `float_exponent_offset` (move the small float's
    bits into the activation type and multiply by `2^exponent_offset`).
    `bits` per code in the kernel layout; `flip_sign`: intN codes are
    normalized to uintN (sign bit flipped by the repack, implicit zero
    2^(N-1)); `subtract`: the constant subtracted after the raw decode
    (magic base + implicit zero, folded); `zero_offset`: added to every
    integer zero point when it is repacked (magic base + sign offset).
  }];
  let parameters = (ins
    Humming_EnumParameter<Humming_DecodeStrategy,
                          "DecodeStrategy::int_magic_f16">:$strategy,
    "int64_t":$bits,
    DefaultValuedParameter<"bool", "false">:$flip_sign,
    DefaultValuedParameter<"int64_t", "0">:$subtract,
    DefaultValuedParameter<"int64_t", "0">:$zero_offset,
    DefaultValuedParameter<"int64_t", "0">:$exponent_offset
  );
  let assemblyFormat = "`<` struct(params) `>`";
}

def Humming_DequantAttr : Humming_Attr<"Dequant", "dequant"> {
  let summary = "Where each dequantization term is applied (humming-fuse-dequant)";
  let description = [{
    `zero_point`, `scale` and `bias` each name their place: `none`,
    `decode_constant` (folded into the decode's subtraction),
    `b_fragment` (on the decoded B fragment before the MMA),
    `accumulator` (on the fp32 accumulators after the K loop) or
    `epilogue` (when the output is written).
  }];
  let parameters = (ins
    Humming_EnumParameter<Humming_Placement, "Placement::none">:$zero_point,
    Humming_EnumParameter<Humming_Placement, "Placement::none">:$scale,
    Humming_EnumParameter<Humming_Placement, "Placement::none">:$bias
  );
  let assemblyFormat = "`<` struct(params) `>`";
}

def Humming_DispatchEntryAttr : Humming_Attr<"DispatchEntry", "dispatch_entry"> {
  let summary = "One row of an M-range dispatch table (humming-select-pipeline)";
  let description = [{
    The kernel configuration serving M in [`m_min`, `m_max`] (`m_max = 0`:
    unbounded): `tuning` (CTA tile, warp tile, stages, partition),
    `split_k` CTAs per output tile along K, `threads` per CTA, dynamic
    shared memory `smem` in bytes, and `kernel`, the `gpu.func` symbol
    humming-lower-gemm emits for it.
  }];
  let parameters = (ins
    "int64_t":$m_min,
    "int64_t":$m_max,
    "TuningAttr":$tuning,
    DefaultValuedParameter<"int64_t", "1">:$split_k,
    "int64_t":$threads,
    "int64_t":$smem,
    StringRefParameter<"kernel symbol", "\"\"">:$kernel
  );
  let assemblyFormat = "`<` struct(params) `>`";
}

#endif // HUMMING_ATTRS_TD
