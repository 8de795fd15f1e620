// RUN: humming-opt %s -split-input-file -verify-diagnostics

// One case per rule of the humming attribute parsers and verifiers
// (HummingAttrs.cpp, validate() in Scheme.cpp, NumericFormat::parse,
// Arch::parse). Attribute errors are reported at the attribute's `<`.
// A parameter that fails to parse also reports which parameter failed.

// parseNumericFormat: not a keyword or string
// expected-error@+2 {{expected a numeric format name}}
// expected-error@+1 {{failed to parse Humming_FormatAttr parameter 'value'}}
func.func @format_not_a_name() attributes {a = #humming.format<42>} {
  return
}

// -----

// NumericFormat::parse: integer formats have 1 to 8 bits
// expected-error@+2 {{'uint9': integer formats have 1 to 8 bits}}
// expected-error@+1 {{failed to parse Humming_FormatAttr parameter 'value'}}
func.func @format_uint9() attributes {a = #humming.format<uint9>} {
  return
}

// -----

// NumericFormat::parse: malformed integer name
// expected-error@+2 {{'uintx': malformed integer format name}}
// expected-error@+1 {{failed to parse Humming_FormatAttr parameter 'value'}}
func.func @format_uintx() attributes {a = #humming.format<uintx>} {
  return
}

// -----

// NumericFormat::parse: malformed float name
// expected-error@+2 {{'float8e4': malformed float format name}}
// expected-error@+1 {{failed to parse Humming_FormatAttr parameter 'value'}}
func.func @format_float8e4() attributes {a = #humming.format<float8e4>} {
  return
}

// -----

// NumericFormat::parse: float wider than 8 bits that is not f16/bf16/f32
// expected-error@+2 {{float formats wider than 8 bits are only float16}}
// expected-error@+1 {{failed to parse Humming_FormatAttr parameter 'value'}}
func.func @format_float12() attributes {a = #humming.format<float12e5m6>} {
  return
}

// -----

// NumericFormat::parse: float formats have 1 to 8 bits
// expected-error@+2 {{'float0e1m0': float formats have 1 to 8 bits}}
// expected-error@+1 {{failed to parse Humming_FormatAttr parameter 'value'}}
func.func @format_float0() attributes {a = #humming.format<float0e1m0>} {
  return
}

// -----

// NumericFormat::parse: X + Y >= 1
// expected-error@+2 {{needs at least one exponent or mantissa bit}}
// expected-error@+1 {{failed to parse Humming_FormatAttr parameter 'value'}}
func.func @format_float1e0m0() attributes {a = #humming.format<float1e0m0>} {
  return
}

// -----

// NumericFormat::parse: sign bits must be 0 or 1
// expected-error@+2 {{sign bits = 8 - 4 - 5 = -1, must be 0 or 1}}
// expected-error@+1 {{failed to parse Humming_FormatAttr parameter 'value'}}
func.func @format_negative_sign() attributes {a = #humming.format<float8e4m5>} {
  return
}

// -----

// NumericFormat::parse: unknown name
// expected-error@+2 {{'garbage': unknown format name}}
// expected-error@+1 {{failed to parse Humming_FormatAttr parameter 'value'}}
func.func @format_garbage() attributes {a = #humming.format<garbage>} {
  return
}

// -----

// parseNumericFormat inside a scheme: unknown name in a string
// expected-error@+2 {{'uint4b': malformed integer format name}}
// expected-error@+1 {{failed to parse Humming_WeightSchemeAttr parameter 'format'}}
func.func @format_in_weight() attributes {a = #humming.weight<format = "uint4b">} {
  return
}

// -----

// parseArch: not a keyword or string
// expected-error@+2 {{expected an architecture such as sm_90a}}
// expected-error@+1 {{failed to parse Humming_TargetAttr parameter 'arch'}}
func.func @arch_not_a_name() attributes {a = #humming.target<arch = 90>} {
  return
}

// -----

// Arch::parse: malformed
// expected-error@+2 {{malformed architecture 'sm_9x'}}
// expected-error@+1 {{failed to parse Humming_TargetAttr parameter 'arch'}}
func.func @arch_malformed() attributes {a = #humming.target<arch = sm_9x>} {
  return
}

// -----

// Arch::parse: unsupported version
// expected-error@+2 {{unsupported architecture 'sm_70' (known: sm_75}}
// expected-error@+1 {{failed to parse Humming_TargetAttr parameter 'arch'}}
func.func @arch_sm70() attributes {a = #humming.target<arch = sm_70>} {
  return
}

// -----

// Arch::parse: no 'a' variant below sm_90
// expected-error@+2 {{architecture 'sm_80' has no arch-specific 'a' variant}}
// expected-error@+1 {{failed to parse Humming_TargetAttr parameter 'arch'}}
func.func @arch_sm80a() attributes {a = #humming.target<arch = sm_80a>} {
  return
}

// -----

// WeightSchemeAttr: block must have two extents
// expected-error@+1 {{block must have two extents [N, K], got 1}}
func.func @weight_block_rank() attributes {a = #humming.weight<format = float8e4m3, scale = block, block = [128], scale_type = f32>} {
  return
}

// -----

// WeightSchemeAttr: block scales need a block
// expected-error@+1 {{block scales need 'block = [N, K]'}}
func.func @weight_block_missing() attributes {a = #humming.weight<format = float8e4m3, scale = block, scale_type = f32>} {
  return
}

// -----

// validate(WeightScheme): weight format wider than 8 bits
// expected-error@+1 {{weight format float16 is wider than 8 bits}}
func.func @weight_too_wide() attributes {a = #humming.weight<format = float16>} {
  return
}

// -----

// validate(WeightScheme): scale type not a scale format
// expected-error@+1 {{scale type uint8 is not one of float32, float16, bfloat16, float8e4m3, float8e5m2, float8e8m0}}
func.func @weight_bad_scale_type() attributes {a = #humming.weight<format = uint4, scale_type = uint8>} {
  return
}

// -----

// validate(WeightScheme): group size not a power of two in [16, 1024]
// expected-error@+1 {{weight group size 100 is not a power of two in [16, 1024]}}
func.func @weight_group_size() attributes {a = #humming.weight<format = uint4, scale = group, group_size = 100>} {
  return
}

// -----

// validate(WeightScheme): block scale with a non-positive block
// expected-error@+1 {{block scale needs a positive block shape, got [0, 128]}}
func.func @weight_block_nonpositive() attributes {a = #humming.weight<format = float8e4m3, scale = block, block = [0, 128]>} {
  return
}

// -----

// validate(WeightScheme): block K not a multiple of 16
// expected-error@+1 {{block scale K extent 24 is not a multiple of 16}}
func.func @weight_block_k() attributes {a = #humming.weight<format = float8e4m3, scale = block, block = [128, 24]>} {
  return
}

// -----

// validate(WeightScheme): group size without group scales
// expected-error@+1 {{group size is only meaningful with group scales, not with scale = channel}}
func.func @weight_stray_group_size() attributes {a = #humming.weight<format = uint4, scale = channel, group_size = 128>} {
  return
}

// -----

// validate(WeightScheme): block shape without block scales
// expected-error@+1 {{block shape is only meaningful with block scales, not with scale = group}}
func.func @weight_stray_block() attributes {a = #humming.weight<format = uint4, scale = group, group_size = 128, block = [128, 128]>} {
  return
}

// -----

// validate(WeightScheme): zero points need an unsigned integer format
// expected-error@+1 {{integer zero points need an unsigned integer weight format, got int4}}
func.func @weight_zero_point_signed() attributes {a = #humming.weight<format = int4, scale = group, group_size = 128, zero_point = integer>} {
  return
}

// -----

// validate(WeightScheme): zero points need an unsigned integer format (float zero point, float weights)
// expected-error@+1 {{float zero points need an unsigned integer weight format, got float4e2m1}}
func.func @weight_float_zero_point_float_weights() attributes {a = #humming.weight<format = float4e2m1, zero_point = float>} {
  return
}

// -----

// validate(WeightScheme): zero points with block scales
// expected-error@+1 {{zero points cannot be combined with block scales}}
func.func @weight_zero_point_block() attributes {a = #humming.weight<format = uint8, scale = block, block = [128, 128], zero_point = integer>} {
  return
}

// -----

// validate(WeightScheme): zero points need channel or group scales
// expected-error@+1 {{zero points need channel or group scales, not tensor}}
func.func @weight_zero_point_tensor() attributes {a = #humming.weight<format = uint4, scale = tensor, zero_point = integer>} {
  return
}

// -----

// validate(WeightScheme): float zero points need a signed scale type
// expected-error@+1 {{float zero points are stored in the scale type, which must be signed, not float8e8m0}}
func.func @weight_float_zero_point_unsigned_scale() attributes {a = #humming.weight<format = uint4, scale = group, group_size = 32, scale_type = e8m0, zero_point = float>} {
  return
}

// -----

// validate(WeightScheme): symmetric 1-bit weights are refused, scaled or not
// expected-error@+1 {{symmetric 1-bit weights are not supported (uint1 decodes to {-1, 0}, no positive value); use a zero point or implicit_zero = false (codes {0, 1})}}
func.func @weight_symmetric_uint1() attributes {a = #humming.weight<format = uint1>} {
  return
}

// -----

// expected-error@+1 {{symmetric 1-bit weights are not supported (int1 decodes to {-1, 0}, no positive value); use uint1 with a zero point or implicit_zero = false (codes {0, 1})}}
func.func @weight_symmetric_int1_unscaled() attributes {a = #humming.weight<format = int1, scale = none>} {
  return
}

// -----

// validate(WeightScheme): implicit_zero = false on non-uint weights
// expected-error@+1 {{implicit_zero = false only applies to unsigned integer weights, not int4}}
func.func @weight_implicit_zero_signed() attributes {a = #humming.weight<format = int4, implicit_zero = false>} {
  return
}

// -----

// validate(WeightScheme): secondary scale needs group or block primary scales
// expected-error@+1 {{a tensor secondary scale needs group or block primary scales, not channel}}
func.func @weight_secondary_channel_primary() attributes {a = #humming.weight<format = uint4, scale = channel, secondary = tensor>} {
  return
}

// -----

// validate(WeightScheme): a channel secondary scale needs group (not block) primary scales
// expected-error@+1 {{a channel secondary scale needs group primary scales: a block spans several channels}}
func.func @weight_channel_secondary_block() attributes {a = #humming.weight<format = float8e4m3, scale = block, block = [128, 128], secondary = channel>} {
  return
}

// -----

// validate(WeightScheme): secondary scale type
// expected-error@+1 {{secondary scale type float8e4m3 is not one of float32, float16, bfloat16}}
func.func @weight_secondary_type() attributes {a = #humming.weight<format = float4e2m1, scale = group, group_size = 16, scale_type = e4m3, secondary = tensor, secondary_type = e4m3>} {
  return
}

// -----

// validate(ActivationScheme): unsupported activation format
// expected-error@+1 {{activation format uint8 is not one of float16, bfloat16, float8e4m3, float8e5m2, int8, int4, float4e2m1}}
func.func @act_format() attributes {a = #humming.activation<format = uint8, scale = token>} {
  return
}

// -----

// validate(ActivationScheme): 16-bit activations take no input scale
// expected-error@+1 {{16-bit activations (bfloat16) take no input scale, got token}}
func.func @act_16bit_scaled() attributes {a = #humming.activation<format = bfloat16, scale = token>} {
  return
}

// -----

// validate(ActivationScheme): quantized activations need an input scale
// expected-error@+1 {{quantized activations (float8e4m3) need an input scale granularity}}
func.func @act_missing_scale() attributes {a = #humming.activation<format = float8e4m3>} {
  return
}

// -----

// validate(ActivationScheme): group size not a power of two in [16, 1024]
// expected-error@+1 {{activation group size 2048 is not a power of two in [16, 1024]}}
func.func @act_group_size() attributes {a = #humming.activation<format = int8, scale = group, group_size = 2048>} {
  return
}

// -----

// validate(ActivationScheme): group size without group input scales
// expected-error@+1 {{activation group size is only meaningful with group input scales, not token}}
func.func @act_stray_group_size() attributes {a = #humming.activation<format = int8, scale = token, group_size = 128>} {
  return
}

// -----

// validate(ActivationScheme): input scale type
// expected-error@+1 {{activation scale type int8 is not one of float32}}
func.func @act_scale_type() attributes {a = #humming.activation<format = float8e4m3, scale = tensor, scale_type = int8>} {
  return
}

// -----

// LayerAttr: extents must be positive
// expected-error@+1 {{layer extents must be positive, got n = 4096, k = 0}}
func.func @layer_k_zero() attributes {a = #humming.layer<n = 4096, k = 0>} {
  return
}

// -----

// LayerAttr: expert count >= 0
// expected-error@+1 {{expert count must be >= 0, got -1}}
func.func @layer_experts() attributes {a = #humming.layer<n = 4096, k = 4096, experts = -1>} {
  return
}

// -----

// LayerAttr: padding >= 0
// expected-error@+1 {{padding must be >= 0, got pad_n = 0, pad_k = -32}}
func.func @layer_padding() attributes {a = #humming.layer<n = 4096, k = 4096, pad_k = -32>} {
  return
}

// -----

// TuningAttr: block and warp need three extents
// expected-error@+1 {{tuning needs block = [bm, bn, bk] and warp = [wm, wn, wk], got 2 and 3 extents}}
func.func @tuning_rank() attributes {a = #humming.tuning<block = [128, 128], warp = [64, 64, 64]>} {
  return
}

// -----

// TuningAttr: tile extents must be positive
// expected-error@+1 {{tile extents must be positive}}
func.func @tuning_nonpositive() attributes {a = #humming.tuning<block = [128, 128, 64], warp = [64, 0, 64]>} {
  return
}

// -----

// TuningAttr: warp tile divides block tile
// expected-error@+1 {{warp tile extent 48 does not divide block tile extent 128 (dimension M)}}
func.func @tuning_warp_divides() attributes {a = #humming.tuning<block = [128, 128, 64], warp = [48, 64, 64]>} {
  return
}

// -----

// TuningAttr: warpgroup pipelines take the whole stage's K (mma.sync warps
// may split it)
// expected-error@+1 {{wgmma splits M and N only: warp K extent 32 must equal block K extent 64}}
func.func @tuning_warp_k() attributes {a = #humming.tuning<block = [128, 128, 64], warp = [64, 64, 32], pipeline = wgmma, tma = true>} {
  return
}

// -----

// TuningAttr: warp K (and so block K) a multiple of 16
// expected-error@+1 {{warp K extent 40 is not a multiple of 16}}
func.func @tuning_block_k() attributes {a = #humming.tuning<block = [128, 128, 80], warp = [64, 64, 40]>} {
  return
}

// -----

// TuningAttr: warpgroup pipelines need warp M multiple of 64, or (weights as
// A) warp N a multiple of 64 and warp M a multiple of 8 up to 256
// expected-error@+1 {{wgmma computes per warpgroup: a warp tile of 32 x 96 (M x N) needs M a multiple of 64, or (weights as the A operand) N a multiple of 64 and M a multiple of 8 up to 256}}
func.func @tuning_warpgroup_m() attributes {a = #humming.tuning<block = [128, 192, 64], warp = [32, 96, 64], pipeline = wgmma, tma = true>} {
  return
}

// -----

// expected-error@+1 {{wgmma computes per warpgroup: a warp tile of 12 x 128 (M x N) needs M a multiple of 64, or (weights as the A operand) N a multiple of 64 and M a multiple of 8 up to 256}}
func.func @tuning_warpgroup_swap_m() attributes {a = #humming.tuning<block = [12, 128, 64], warp = [12, 128, 64], pipeline = wgmma>} {
  return
}

// -----

// TuningAttr: at most 32 warps
// expected-error@+1 {{block tile needs 128 warps, more than 32 (1024 threads)}}
func.func @tuning_too_many_warps() attributes {a = #humming.tuning<block = [256, 256, 32], warp = [16, 32, 32]>} {
  return
}

// -----

// TuningAttr: stages in [1, 32]
// expected-error@+1 {{stages must be in [1, 32], got 33}}
func.func @tuning_stages() attributes {a = #humming.tuning<block = [128, 128, 64], warp = [64, 64, 64], stages = 33>} {
  return
}

// -----

// TuningAttr: warp_specialized mma_sync needs tma
// expected-error@+1 {{warp_specialized needs tma producers}}
func.func @tuning_warp_specialized() attributes {a = #humming.tuning<block = [128, 128, 64], warp = [64, 64, 64], warp_specialized = true>} {
  return
}

// -----

// TuningAttr: swap_ab is an mma_sync form with one or two n8 B operands
// expected-error@+1 {{swap_ab (weights as the A operand) is for mma_sync with warp M extent 8 or 16, not mma_sync with warp M extent 32}}
func.func @tuning_swap_ab_rows() attributes {a = #humming.tuning<block = [32, 128, 64], warp = [32, 32, 64], swap_ab = true>} {
  return
}

// -----

// expected-error@+1 {{swap_ab (weights as the A operand) is for mma_sync with warp M extent 8 or 16, not wgmma with warp M extent 8}}
func.func @tuning_swap_ab_wgmma() attributes {a = #humming.tuning<block = [8, 128, 64], warp = [8, 64, 64], pipeline = wgmma, swap_ab = true>} {
  return
}

// -----

// TuningAttr: the register-stream loop is the swapped mma_sync form
// expected-error@+1 {{register_stream is the swap_ab mma_sync loop without tile stages (no tma or warp_specialized; cp_async only with lane_queue, its operands queued per lane in shared memory)}}
func.func @tuning_register_stream_unswapped() attributes {a = #humming.tuning<block = [16, 32, 64], warp = [16, 32, 4], cp_async = false, register_stream = true>} {
  return
}

// -----

// expected-error@+1 {{register_stream is the swap_ab mma_sync loop without tile stages (no tma or warp_specialized; cp_async only with lane_queue, its operands queued per lane in shared memory)}}
func.func @tuning_register_stream_cp_async() attributes {a = #humming.tuning<block = [8, 32, 64], warp = [8, 32, 4], swap_ab = true, register_stream = true>} {
  return
}

// -----

// l2_prefetch is the register-stream loop's, 0..16 rounds.
// expected-error@+1 {{l2_prefetch (0..16 rounds) is the register_stream loop's without lane_queue, got 2 without register_stream}}
func.func @tuning_l2_prefetch_staged() attributes {a = #humming.tuning<block = [8, 32, 64], warp = [8, 32, 64], stages = 4, swap_ab = true, l2_prefetch = 2>} {
  return
}

// -----

// expected-error@+1 {{l2_prefetch (0..16 rounds) is the register_stream loop's without lane_queue, got 17}}
func.func @tuning_l2_prefetch_far() attributes {a = #humming.tuning<block = [8, 32, 64], warp = [8, 32, 4], cp_async = false, swap_ab = true, register_stream = true, l2_prefetch = 17>} {
  return
}

// -----

// expected-error@+1 {{l2_prefetch (0..16 rounds) is the register_stream loop's without lane_queue, got 2 with lane_queue}}
func.func @tuning_l2_prefetch_lane_queue() attributes {a = #humming.tuning<block = [8, 32, 64], warp = [8, 32, 4], swap_ab = true, register_stream = true, lane_queue = true, l2_prefetch = 2>} {
  return
}

// -----

// expected-error@+1 {{lane_queue is a form of register_stream}}
func.func @tuning_lane_queue_staged() attributes {a = #humming.tuning<block = [8, 32, 64], warp = [8, 32, 64], swap_ab = true, lane_queue = true>} {
  return
}

// -----

// activations_l1 is for cp.async activation copies: not the register-stream
// loop's loads into registers, not tma.
// expected-error@+1 {{activations_l1 caches the cp_async activation copies in L1; register_stream without lane_queue loads its activations into registers (already through L1)}}
func.func @tuning_activations_l1_register_loads() attributes {a = #humming.tuning<block = [8, 32, 64], warp = [8, 32, 4], cp_async = false, swap_ab = true, register_stream = true, activations_l1 = true>} {
  return
}

// -----

// expected-error@+1 {{activations_l1 caches the cp_async activation copies in L1; tma copies do not go through L1}}
func.func @tuning_activations_l1_tma() attributes {a = #humming.tuning<block = [128, 128, 64], warp = [64, 64, 64], tma = true, cp_async = false, activations_l1 = true>} {
  return
}

// -----

// Without register_stream the warps along K split a k-block into k16 steps.
// expected-error@+1 {{warp K extent 4 is not a multiple of 16}}
func.func @tuning_k_interleave_without_register_stream() attributes {a = #humming.tuning<block = [8, 32, 64], warp = [8, 32, 4], cp_async = false, swap_ab = true>} {
  return
}

// -----

// TuningAttr: ctas_per_sm in [1, 32]
// expected-error@+1 {{ctas_per_sm must be in [1, 32], got 0}}
func.func @tuning_ctas_per_sm() attributes {a = #humming.tuning<block = [128, 128, 64], warp = [64, 64, 64], ctas_per_sm = 0>} {
  return
}

// -----

// TuningAttr: multicast a power of two in [1, 16]
// expected-error@+1 {{multicast must be a power of two in [1, 16], got 3}}
func.func @tuning_multicast_pow2() attributes {a = #humming.tuning<block = [128, 128, 64], warp = [64, 64, 64], tma = true, multicast = 3>} {
  return
}

// -----

// TuningAttr: multicast needs tma
// expected-error@+1 {{multicast 2 needs tma}}
func.func @tuning_multicast_tma() attributes {a = #humming.tuning<block = [128, 128, 64], warp = [64, 64, 64], multicast = 2>} {
  return
}

// -----

// TargetAttr: resources and rates >= 0
// expected-error@+1 {{target resources and rates must be >= 0}}
func.func @target_negative() attributes {a = #humming.target<arch = sm_90a, sms = -1>} {
  return
}

// -----

// TargetAttr: a known chip fixes the arch
// expected-error@+1 {{chip 'h100' is sm_90a, not sm_80}}
func.func @target_chip_arch() attributes {a = #humming.target<chip = "h100", arch = sm_80>} {
  return
}

// -----

// WeightLayoutAttr: the standard layout takes no tile
// expected-error@+1 {{the standard layout takes no tile}}
func.func @layout_standard_tile() attributes {a = #humming.weight_layout<kind = standard, tile = [64, 64]>} {
  return
}

// -----

// WeightLayoutAttr: a kernel layout needs a tile
// expected-error@+1 {{a kernel layout needs tile = [tn, tk]}}
func.func @layout_missing_tile() attributes {a = #humming.weight_layout<kind = mma_sync>} {
  return
}

// -----

// WeightLayoutAttr: tile multiples of [8, 16]
// expected-error@+1 {{layout tile [64, 40] must be positive multiples of [8, 16]}}
func.func @layout_tile_multiple() attributes {a = #humming.weight_layout<kind = wgmma, tile = [64, 40]>} {
  return
}

// -----

// The discardable humming.target must be a #humming.target; any other value
// would silently disable every arch rule of the nested ops.
// expected-error@+1 {{'humming.target' must be a #humming.target attribute, got "sm_75"}}
module attributes {humming.target = "sm_75"} {
}

// -----

// Discardable attributes in the humming namespace are checked: a typo in
// `humming.target` must not pass silently.
// expected-error@+1 {{unknown humming attribute 'humming.targte'}}
module attributes {humming.targte = #humming.target<arch = sm_90a>} {
}

// -----

// verifyOperationAttribute: the passes' decisions live on a humming.gemm only
// expected-error@+1 {{'humming.decode' belongs on a humming.gemm}}
func.func @decode_on_a_func() attributes {humming.decode = #humming.decode<bits = 4>} {
  return
}

// -----

// verifyOperationAttribute: humming.decode must be a #humming.decode
func.func @decode_wrong_kind(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256xf16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{'humming.decode' must be a #humming.decode, got 4 : i64}}
  %c = humming.gemm %a, %w scales(%s : tensor<256xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = channel>,
      activation_scheme = #humming.activation<format = f16>,
      layer = #humming.layer<n = 256, k = 256>, humming.decode = 4}
    : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %c : tensor<?x256xf16>
}

// -----

// verifyOperationAttribute: humming.dequant must be a #humming.dequant
func.func @dequant_wrong_kind(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256xf16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{'humming.dequant' must be a #humming.dequant, got #humming.decode<bits = 4>}}
  %c = humming.gemm %a, %w scales(%s : tensor<256xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = channel>,
      activation_scheme = #humming.activation<format = f16>,
      layer = #humming.layer<n = 256, k = 256>,
      humming.dequant = #humming.decode<bits = 4>}
    : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %c : tensor<?x256xf16>
}

// -----

// verifyOperationAttribute: humming.kernels must be a symbol reference
func.func @kernels_wrong_kind(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256xf16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{'humming.kernels' must be a symbol reference, got "k"}}
  %c = humming.gemm %a, %w scales(%s : tensor<256xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = channel>,
      activation_scheme = #humming.activation<format = f16>,
      layer = #humming.layer<n = 256, k = 256>, humming.kernels = "k"}
    : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %c : tensor<?x256xf16>
}

// -----

// verifyOperationAttribute: humming.dispatch must be a non-empty array of
// #humming.dispatch_entry
func.func @dispatch_empty(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256xf16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{'humming.dispatch' must be a non-empty array of #humming.dispatch_entry, got []}}
  %c = humming.gemm %a, %w scales(%s : tensor<256xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = channel>,
      activation_scheme = #humming.activation<format = f16>,
      layer = #humming.layer<n = 256, k = 256>, humming.dispatch = []}
    : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %c : tensor<?x256xf16>
}

// -----

// k_blocks_per_iteration: 1, 2, 4 or 8, dividing the stages with as many more
// in flight.
// expected-error@+1 {{k_blocks_per_iteration 4 must be 1, 2, 4 or 8, dividing the stages with as many more in flight, got stages = 6}}
func.func @tuning_k_blocks_per_iteration_stages() attributes {a = #humming.tuning<block = [64, 128, 64], warp = [64, 64, 64], stages = 6, pipeline = wgmma, k_blocks_per_iteration = 4>} {
  return
}

// -----

// expected-error@+1 {{k_blocks_per_iteration 3 must be 1, 2, 4 or 8, dividing the stages with as many more in flight, got stages = 12}}
func.func @tuning_k_blocks_per_iteration_three() attributes {a = #humming.tuning<block = [64, 128, 64], warp = [64, 64, 64], stages = 12, pipeline = wgmma, k_blocks_per_iteration = 3>} {
  return
}

// -----

// The register-stream loops' iterations are rounds.
// expected-error@+1 {{k_blocks_per_iteration 1 is for staged loops, not register_stream (its iterations are rounds)}}
func.func @tuning_k_blocks_per_iteration_register_stream() attributes {a = #humming.tuning<block = [8, 64, 64], warp = [8, 32, 8], stages = 3, swap_ab = true, register_stream = true, lane_queue = true, k_blocks_per_iteration = 1>} {
  return
}
