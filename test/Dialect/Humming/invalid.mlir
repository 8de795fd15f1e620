// RUN: humming-opt %s -split-input-file -verify-diagnostics

// One case per rule of the humming op verifiers (HummingOps.cpp), of
// validateShape (Scheme.cpp) and of the weight/activation pair and arch rules
// (Capability.cpp). Each case is valid except for the rule named above it.

// GemmOp: a dense gemm has no experts
func.func @gemm_with_experts(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{is dense but the layer has 2 experts; use humming.moe_gemm}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256, experts = 2>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// GemmOp: compute kind must be dense
func.func @gemm_moe_kind(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{compute kind indexed needs humming.moe_gemm; humming.gemm is dense}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>,
      compute = #humming.compute<kind = indexed>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// GemmOp: input is rank 2
func.func @gemm_input_rank(%a: tensor<2x?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>) -> tensor<2x?x256xf16> {
  // expected-error@+1 {{input must be rank 2 [M, k], got rank 3}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<2x?x256xf16>, tensor<256x32xi32> -> tensor<2x?x256xf16>
  return %r : tensor<2x?x256xf16>
}

// -----

// validateShape: K * bits must fill whole i32 words
func.func @gemm_k_not_whole_words(%a: tensor<?x100xf16>, %w: tensor<256x12xi32>, %s: tensor<256xf16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{K = 100 of uint4 codes does not fill whole int32 words (K * 4 must be a multiple of 32)}}
  %r = humming.gemm %a, %w scales(%s : tensor<256xf16>) {
      weight_scheme = #humming.weight<format = uint4>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 100>}
      : tensor<?x100xf16>, tensor<256x12xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// validateShape: the group size divides the stored K
func.func @gemm_group_not_dividing_k(%a: tensor<?x192xf16>, %w: tensor<256x24xi32>, %s: tensor<256x1xf16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{group size 128 does not divide K = 192}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x1xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 192>}
      : tensor<?x192xf16>, tensor<256x24xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyQuantWeights: packed weight shape
func.func @gemm_weight_shape(%a: tensor<?x256xf16>, %w: tensor<256x64xi32>, %s: tensor<256x2xf16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{weight has shape [256, 64], expected [256, 32] (256 x 256 uint4 codes packed into i32 words)}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x256xf16>, tensor<256x64xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyQuantWeights: scales required by the scheme
func.func @gemm_missing_scales(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>) -> tensor<?x256xf16> {
  // expected-error@+1 {{requires scales (the weight scheme has group scales of group size 128)}}
  %r = humming.gemm %a, %w {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyQuantWeights: scales given with scale = none
func.func @gemm_stray_scales(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{has scales but the weight scheme has scale = none}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = none>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyQuantWeights: scales shape
func.func @gemm_scales_shape(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x4xf16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{scales has shape [256, 4], expected [256, 2] (group scales of group size 128)}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x4xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyQuantWeights: scales element type
func.func @gemm_scales_type(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xbf16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{scales element type 'bf16' does not match the scheme's scale_type (expected 'f16')}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xbf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyQuantWeights: zero points required by the scheme
func.func @gemm_missing_zero_points(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{requires zero_points (the weight scheme has zero_point = integer)}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128, zero_point = integer>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyQuantWeights: zero points given with zero_point = none
func.func @gemm_stray_zero_points(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>, %z: tensor<256x2xi8>) -> tensor<?x256xf16> {
  // expected-error@+1 {{has zero_points but the weight scheme has zero_point = none}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) zero_points(%z : tensor<256x2xi8>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyQuantWeights: zero point shape
func.func @gemm_zero_points_shape(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>, %z: tensor<256xi8>) -> tensor<?x256xf16> {
  // expected-error@+1 {{zero_points has shape [256], expected [256, 2] (zero points follow the group scales of group size 128)}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) zero_points(%z : tensor<256xi8>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128, zero_point = integer>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyQuantWeights: integer zero points are i8
func.func @gemm_integer_zero_points_type(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>, %z: tensor<256x2xf16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{zero_points element type 'f16' does not match integer zero points (codes held in i8) (expected 'i8')}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) zero_points(%z : tensor<256x2xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128, zero_point = integer>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyQuantWeights: float zero points use the scale_type
func.func @gemm_float_zero_points_type(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>, %z: tensor<256x2xi8>) -> tensor<?x256xf16> {
  // expected-error@+1 {{zero_points element type 'i8' does not match float zero points (the scale_type) (expected 'f16')}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) zero_points(%z : tensor<256x2xi8>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128, zero_point = float>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyQuantWeights: secondary scales required by the scheme
func.func @gemm_missing_secondary(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{requires secondary_scales (the weight scheme has secondary = channel)}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128, secondary = channel>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyQuantWeights: secondary scales given with secondary = none
func.func @gemm_stray_secondary(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>, %t: tensor<f32>) -> tensor<?x256xf16> {
  // expected-error@+1 {{has secondary_scales but the weight scheme has secondary = none}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) secondary_scales(%t : tensor<f32>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyQuantWeights: secondary scale shape
func.func @gemm_secondary_shape(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>, %t: tensor<f32>) -> tensor<?x256xf16> {
  // expected-error@+1 {{secondary_scales has shape [], expected [256] (channel secondary scale)}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) secondary_scales(%t : tensor<f32>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128, secondary = channel>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyQuantWeights: secondary scale element type
func.func @gemm_secondary_type(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>, %t: tensor<256xf16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{secondary_scales element type 'f16' does not match the scheme's secondary_type (expected 'f32')}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) secondary_scales(%t : tensor<256xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128, secondary = channel>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyActivationSide: input columns are the logical k
func.func @gemm_input_shape(%a: tensor<?x128xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{input has shape [?, 128], expected [?, 256] (rows x k = 256)}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x128xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyActivationSide: input element type is the activation format
func.func @gemm_input_type(%a: tensor<?x256xbf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{input element type 'bf16' does not match the activation format float16 (expected 'f16')}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x256xbf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyActivationSide: the activation group divides k
func.func @gemm_act_group_not_dividing_k(%a: tensor<?x192xi8>, %w: tensor<256x24xi32>, %s: tensor<256xf16>, %t: tensor<?x1xf32>) -> tensor<?x256xf16> {
  // expected-error@+1 {{activation group size 128 does not divide k = 192}}
  %r = humming.gemm %a, %w scales(%s : tensor<256xf16>) input_scales(%t : tensor<?x1xf32>) {
      weight_scheme = #humming.weight<format = int4>,
      activation_scheme = #humming.activation<format = int8, scale = group, group_size = 128>,
      layer = #humming.layer<n = 256, k = 192>}
      : tensor<?x192xi8>, tensor<256x24xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyActivationSide: input scales required by the scheme
func.func @gemm_missing_input_scales(%a: tensor<?x256xi8>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{requires input_scales (the activation scheme has scale = token)}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = int8, scale = token>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x256xi8>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyActivationSide: input scales with 16-bit activations
func.func @gemm_stray_input_scales(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>, %t: tensor<?xf32>) -> tensor<?x256xf16> {
  // expected-error@+1 {{has input_scales but the activation scheme has scale = none}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) input_scales(%t : tensor<?xf32>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyActivationSide: input scale shape
func.func @gemm_input_scales_shape(%a: tensor<8x256xi8>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>, %t: tensor<16xf32>) -> tensor<8x256xf16> {
  // expected-error@+1 {{input_scales has shape [16], expected [8] (token input scales)}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) input_scales(%t : tensor<16xf32>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = int8, scale = token>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<8x256xi8>, tensor<256x32xi32> -> tensor<8x256xf16>
  return %r : tensor<8x256xf16>
}

// -----

// verifyActivationSide: input scale element type
func.func @gemm_input_scales_type(%a: tensor<?x256xi8>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>, %t: tensor<f16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{input_scales element type 'f16' does not match the activation scale_type (expected 'f32')}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) input_scales(%t : tensor<f16>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = int8, scale = tensor>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x256xi8>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyActivationSide: result element type
func.func @gemm_result_type(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>) -> tensor<?x256xi32> {
  // expected-error@+1 {{result element type 'i32' is not f16, bf16 or f32}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xi32>
  return %r : tensor<?x256xi32>
}

// -----

// verifyActivationSide: result shape
func.func @gemm_result_shape(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>) -> tensor<?x128xf16> {
  // expected-error@+1 {{result has shape [?, 128], expected [?, 256] (input rows x n = 256)}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x128xf16>
  return %r : tensor<?x128xf16>
}

// -----

// verifyActivationSide: bias required by the layer
func.func @gemm_missing_bias(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{requires bias (the layer has bias = true)}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256, bias = true>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyActivationSide: bias given with bias = false
func.func @gemm_stray_bias(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>, %b: tensor<256xf16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{has bias but the layer has bias = false}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) bias(%b : tensor<256xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyActivationSide: bias shape
func.func @gemm_bias_shape(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>, %b: tensor<128xf16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{bias has shape [128], expected [256] (one value per output feature)}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) bias(%b : tensor<128xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256, bias = true>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyActivationSide: bias element type is the result element type
func.func @gemm_bias_type(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>, %b: tensor<256xf32>) -> tensor<?x256xf16> {
  // expected-error@+1 {{bias element type 'f32' does not match the result element type (expected 'f16')}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) bias(%b : tensor<256xf32>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256, bias = true>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// checkWeightActivationPair: float weights need float activations
func.func @pair_float_weights_int_act(%a: tensor<?x256xi8>, %w: tensor<256x32xi32>, %s: tensor<256x8xf8E8M0FNU>, %t: tensor<?xf32>) -> tensor<?x256xf16> {
  // expected-error@+1 {{float weights (float4e2m1) need a float activation type, not int8}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x8xf8E8M0FNU>) input_scales(%t : tensor<?xf32>) {
      weight_scheme = #humming.weight<format = float4e2m1, scale = group, group_size = 32, scale_type = e8m0>,
      activation_scheme = #humming.activation<format = int8, scale = token>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x256xi8>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// checkWeightActivationPair: no float zero points with integer activations
func.func @pair_float_zero_points_int_act(%a: tensor<?x256xi8>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>, %z: tensor<256x2xf16>, %t: tensor<?xf32>) -> tensor<?x256xf16> {
  // expected-error@+1 {{float zero points cannot be used with integer activations (int8)}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) zero_points(%z : tensor<256x2xf16>) input_scales(%t : tensor<?xf32>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128, zero_point = float>,
      activation_scheme = #humming.activation<format = int8, scale = token>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x256xi8>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// checkWeightActivationPair: integer weights no wider than integer activations
func.func @pair_int_weights_too_wide(%a: tensor<?x256xi4>, %w: tensor<256x64xi32>, %s: tensor<256xf16>, %t: tensor<f32>) -> tensor<?x256xf16> {
  // expected-error@+1 {{integer weights int8 are wider than the int4 activations}}
  %r = humming.gemm %a, %w scales(%s : tensor<256xf16>) input_scales(%t : tensor<f32>) {
      weight_scheme = #humming.weight<format = int8>,
      activation_scheme = #humming.activation<format = int4, scale = tensor>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x256xi4>, tensor<256x64xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// checkWeightActivationPair: float weights no wider than float activations
func.func @pair_float_weights_too_wide(%a: tensor<?x256xf8E5M2>, %w: tensor<256x64xi32>, %s: tensor<256xf16>, %t: tensor<?xf32>) -> tensor<?x256xf16> {
  // expected-error@+1 {{float weights float8e4m3 (e4m3) need exponent and mantissa no wider than the activation float8e5m2 (e5m2)}}
  %r = humming.gemm %a, %w scales(%s : tensor<256xf16>) input_scales(%t : tensor<?xf32>) {
      weight_scheme = #humming.weight<format = float8e4m3>,
      activation_scheme = #humming.activation<format = float8e5m2, scale = token>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x256xf8E5M2>, tensor<256x64xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// checkWeightActivationPair: symmetric integer weights exact in float activations
func.func @pair_int_weights_symmetric_not_exact(%a: tensor<?x256xf8E4M3FN>, %w: tensor<256x64xi32>, %s: tensor<256xf16>, %t: tensor<?xf32>) -> tensor<?x256xf16> {
  // expected-error@+1 {{integer weights int8 (symmetric) produce values up to 128, not exact in the activation float8e4m3: bits must be <= mantissa + 2 = 5}}
  %r = humming.gemm %a, %w scales(%s : tensor<256xf16>) input_scales(%t : tensor<?xf32>) {
      weight_scheme = #humming.weight<format = int8>,
      activation_scheme = #humming.activation<format = float8e4m3, scale = token>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x256xf8E4M3FN>, tensor<256x64xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// checkWeightActivationPair: integer weights with a zero point exact in float activations
func.func @pair_int_weights_zero_point_not_exact(%a: tensor<?x256xf8E4M3FN>, %w: tensor<256x64xi32>, %s: tensor<256xf16>, %z: tensor<256xi8>, %t: tensor<?xf32>) -> tensor<?x256xf16> {
  // expected-error@+1 {{integer weights uint8 (with a zero point or unsigned) produce values up to 255, not exact in the activation float8e4m3: bits must be <= mantissa + 1 = 4}}
  %r = humming.gemm %a, %w scales(%s : tensor<256xf16>) zero_points(%z : tensor<256xi8>) input_scales(%t : tensor<?xf32>) {
      weight_scheme = #humming.weight<format = uint8, zero_point = integer>,
      activation_scheme = #humming.activation<format = float8e4m3, scale = token>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<?x256xf8E4M3FN>, tensor<256x64xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyComputeRules: f16_accumulation needs f16 or fp8 activations
func.func @f16_accumulation_bf16(%a: tensor<?x256xbf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xbf16>) -> tensor<?x256xbf16> {
  // expected-error@+1 {{f16_accumulation needs float16 or fp8 activations, not bfloat16}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xbf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128, scale_type = bf16>,
      activation_scheme = #humming.activation<format = bfloat16>,
      layer = #humming.layer<n = 256, k = 256>,
      compute = #humming.compute<f16_accumulation = true>}
      : tensor<?x256xbf16>, tensor<256x32xi32> -> tensor<?x256xbf16>
  return %r : tensor<?x256xbf16>
}

// -----

// checkActivationOnArch: fp8 activations need sm_89 (target on the op)
func.func @arch_fp8_on_sm86_op_target(%a: tensor<?x256xf8E4M3FN>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>, %t: tensor<?xf32>) -> tensor<?x256xf16> {
  // expected-error@+1 {{float8e4m3 activations need sm_89 or newer, target is sm_86}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) input_scales(%t : tensor<?xf32>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = float8e4m3, scale = token>,
      layer = #humming.layer<n = 256, k = 256>,
      target = #humming.target<arch = sm_86>}
      : tensor<?x256xf8E4M3FN>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// checkActivationOnArch: bf16 activations need sm_80 (target on the enclosing module)
module attributes {humming.target = #humming.target<chip = "t4", arch = sm_75>} {
  func.func @arch_bf16_on_sm75_module_target(%a: tensor<?x256xbf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>) -> tensor<?x256xf16> {
    // expected-error@+1 {{bfloat16 activations need sm_80 or newer, target is sm_75}}
    %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
        activation_scheme = #humming.activation<format = bfloat16>,
        layer = #humming.layer<n = 256, k = 256>}
        : tensor<?x256xbf16>, tensor<256x32xi32> -> tensor<?x256xf16>
    return %r : tensor<?x256xf16>
  }
}

// -----

// checkActivationOnArch: float4e2m1 activations need sm_100
func.func @arch_e2m1_on_sm90a(%a: tensor<?x256xf4E2M1FN>, %w: tensor<256x32xi32>, %s: tensor<256x16xf8E4M3FN>, %t: tensor<?x16xf8E4M3FN>) -> tensor<?x256xf16> {
  // expected-error@+1 {{float4e2m1 activations need sm_100 or newer, target is sm_90a}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x16xf8E4M3FN>) input_scales(%t : tensor<?x16xf8E4M3FN>) {
      weight_scheme = #humming.weight<format = float4e2m1, scale = group, group_size = 16, scale_type = e4m3>,
      activation_scheme = #humming.activation<format = float4e2m1, scale = group, group_size = 16, scale_type = e4m3>,
      layer = #humming.layer<n = 256, k = 256>,
      target = #humming.target<arch = sm_90a>}
      : tensor<?x256xf4E2M1FN>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// getEffectiveTarget: the op's own target wins over the module's
module attributes {humming.target = #humming.target<arch = sm_90a>} {
  func.func @arch_op_target_overrides_module(%a: tensor<?x256xf8E4M3FN>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>, %t: tensor<?xf32>) -> tensor<?x256xf16> {
    // expected-error@+1 {{float8e4m3 activations need sm_89 or newer, target is sm_80}}
    %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) input_scales(%t : tensor<?xf32>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
        activation_scheme = #humming.activation<format = float8e4m3, scale = token>,
        layer = #humming.layer<n = 256, k = 256>,
        target = #humming.target<arch = sm_80>}
        : tensor<?x256xf8E4M3FN>, tensor<256x32xi32> -> tensor<?x256xf16>
    return %r : tensor<?x256xf16>
  }
}

// -----

// checkPipelineOnArch: wgmma needs sm_90a (target on the enclosing func)
func.func @arch_wgmma_on_sm80_func_target(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>) -> tensor<?x256xf16> attributes {humming.target = #humming.target<arch = sm_80>} {
  // expected-error@+1 {{wgmma pipeline needs sm_90a, target is sm_80}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>,
      tuning = #humming.tuning<block = [128, 128, 64], warp = [64, 64, 64], pipeline = wgmma>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// checkPipelineOnArch: wgmma needs the arch-specific sm_90a, not sm_90
func.func @arch_wgmma_on_sm90(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{wgmma pipeline needs sm_90a, target is sm_90}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>,
      tuning = #humming.tuning<block = [128, 128, 64], warp = [64, 64, 64], pipeline = wgmma>,
      target = #humming.target<arch = sm_90>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// checkPipelineOnArch: tcgen05 needs sm_100a or sm_103a
func.func @arch_tcgen05_on_sm90a(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{tcgen05 pipeline needs sm_100a or sm_103a, target is sm_90a}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>,
      tuning = #humming.tuning<block = [128, 128, 64], warp = [64, 64, 64], pipeline = tcgen05, tma = true>,
      target = #humming.target<arch = sm_90a>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyComputeRules: a K split as one cluster needs sm_90
func.func @arch_cluster_on_sm80(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{thread-block clusters (a K split reduced through distributed shared memory) need sm_90 or newer, target is sm_80}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>,
      tuning = #humming.tuning<block = [16, 256, 64], warp = [16, 64, 64], partition = cluster>,
      target = #humming.target<arch = sm_80>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyComputeRules: tma needs sm_90
func.func @arch_tma_on_sm80(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{tma needs sm_90 or newer, target is sm_80}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>,
      tuning = #humming.tuning<block = [128, 128, 64], warp = [64, 64, 64], tma = true>,
      target = #humming.target<chip = "a100", arch = sm_80>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// verifyComputeRules: cp_async (the tuning's default) needs sm_80; sm_75's
// kernels copy through registers (cp_async = false, below).
func.func @arch_cp_async_on_sm75(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>) -> tensor<?x256xf16> {
  // expected-error@+1 {{cp_async needs sm_80 or newer, target is sm_75 (its kernels copy through registers: cp_async = false)}}
  %r = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>,
      tuning = #humming.tuning<block = [128, 128, 64], warp = [64, 64, 64]>,
      target = #humming.target<arch = sm_75>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// MoeGemmOp: the layer has experts
func.func @moe_no_experts(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256xf16>, %i: tensor<256xi32>, %e: tensor<4xi32>, %p: tensor<1xi32>) -> tensor<?x256xf16> {
  // expected-error@+1 {{needs a layer with experts > 0}}
  %r = humming.moe_gemm %a, %w scales(%s : tensor<256xf16>) sorted_token_ids(%i : tensor<256xi32>) expert_ids(%e : tensor<4xi32>) num_tokens_post_padded(%p : tensor<1xi32>) {
      weight_scheme = #humming.weight<format = uint4>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256>,
      compute = #humming.compute<kind = indexed>,
      block_m = 64}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// MoeGemmOp: a routing kind is required
func.func @moe_no_kind(%a: tensor<?x256xf16>, %w: tensor<4x256x32xi32>, %s: tensor<4x256xf16>, %i: tensor<256xi32>, %e: tensor<4xi32>, %p: tensor<1xi32>) -> tensor<?x256xf16> {
  // expected-error@+1 {{needs compute kind indexed, grouped_contiguous or grouped_masked}}
  %r = humming.moe_gemm %a, %w scales(%s : tensor<4x256xf16>) sorted_token_ids(%i : tensor<256xi32>) expert_ids(%e : tensor<4xi32>) num_tokens_post_padded(%p : tensor<1xi32>) {
      weight_scheme = #humming.weight<format = uint4>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256, experts = 4>,
      block_m = 64}
      : tensor<?x256xf16>, tensor<4x256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// MoeGemmOp: indexed needs sorted_token_ids
func.func @moe_missing_sorted_token_ids(%a: tensor<?x256xf16>, %w: tensor<4x256x32xi32>, %s: tensor<4x256xf16>, %e: tensor<4xi32>, %p: tensor<1xi32>) -> tensor<?x256xf16> {
  // expected-error@+1 {{requires sorted_token_ids (compute kind indexed uses it)}}
  %r = humming.moe_gemm %a, %w scales(%s : tensor<4x256xf16>) expert_ids(%e : tensor<4xi32>) num_tokens_post_padded(%p : tensor<1xi32>) {
      weight_scheme = #humming.weight<format = uint4>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256, experts = 4>,
      compute = #humming.compute<kind = indexed>,
      block_m = 64}
      : tensor<?x256xf16>, tensor<4x256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// MoeGemmOp: indexed does not use expert_offsets
func.func @moe_stray_expert_offsets(%a: tensor<?x256xf16>, %w: tensor<4x256x32xi32>, %s: tensor<4x256xf16>, %i: tensor<256xi32>, %e: tensor<4xi32>, %p: tensor<1xi32>, %o: tensor<5xi64>) -> tensor<?x256xf16> {
  // expected-error@+1 {{has expert_offsets but compute kind indexed does not use it}}
  %r = humming.moe_gemm %a, %w scales(%s : tensor<4x256xf16>) sorted_token_ids(%i : tensor<256xi32>) expert_ids(%e : tensor<4xi32>) num_tokens_post_padded(%p : tensor<1xi32>) expert_offsets(%o : tensor<5xi64>) {
      weight_scheme = #humming.weight<format = uint4>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256, experts = 4>,
      compute = #humming.compute<kind = indexed>,
      block_m = 64}
      : tensor<?x256xf16>, tensor<4x256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// MoeGemmOp: grouped_masked needs expert_counts
func.func @moe_missing_expert_counts(%a: tensor<4x?x256xf16>, %w: tensor<4x256x32xi32>, %s: tensor<4x256xf16>) -> tensor<4x?x256xf16> {
  // expected-error@+1 {{requires expert_counts (compute kind grouped_masked uses it)}}
  %r = humming.moe_gemm %a, %w scales(%s : tensor<4x256xf16>) {
      weight_scheme = #humming.weight<format = uint4>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256, experts = 4>,
      compute = #humming.compute<kind = grouped_masked>}
      : tensor<4x?x256xf16>, tensor<4x256x32xi32> -> tensor<4x?x256xf16>
  return %r : tensor<4x?x256xf16>
}

// -----

// MoeGemmOp: topk_weights only with indexed
func.func @moe_stray_topk_weights(%a: tensor<?x256xf16>, %w: tensor<4x256x32xi32>, %s: tensor<4x256xf16>, %k: tensor<?x1xf32>, %o: tensor<5xi64>) -> tensor<?x256xf16> {
  // expected-error@+1 {{has topk_weights but compute kind grouped_contiguous does not use it}}
  %r = humming.moe_gemm %a, %w scales(%s : tensor<4x256xf16>) topk_weights(%k : tensor<?x1xf32>) expert_offsets(%o : tensor<5xi64>) {
      weight_scheme = #humming.weight<format = uint4>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256, experts = 4>,
      compute = #humming.compute<kind = grouped_contiguous>}
      : tensor<?x256xf16>, tensor<4x256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// MoeGemmOp: top_k and block_m only with indexed
func.func @moe_stray_top_k(%a: tensor<?x256xf16>, %w: tensor<4x256x32xi32>, %s: tensor<4x256xf16>, %o: tensor<5xi32>) -> tensor<?x256xf16> {
  // expected-error@+1 {{top_k and block_m only apply to compute kind indexed}}
  %r = humming.moe_gemm %a, %w scales(%s : tensor<4x256xf16>) expert_offsets(%o : tensor<5xi32>) {
      weight_scheme = #humming.weight<format = uint4>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256, experts = 4>,
      compute = #humming.compute<kind = grouped_contiguous>,
      top_k = 2}
      : tensor<?x256xf16>, tensor<4x256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// MoeGemmOp: grouped_masked input is rank 3
func.func @moe_masked_input_rank(%a: tensor<?x256xf16>, %w: tensor<4x256x32xi32>, %s: tensor<4x256xf16>, %n: tensor<4xi32>) -> tensor<?x256xf16> {
  // expected-error@+1 {{input of compute kind grouped_masked must be rank 3, got rank 2}}
  %r = humming.moe_gemm %a, %w scales(%s : tensor<4x256xf16>) expert_counts(%n : tensor<4xi32>) {
      weight_scheme = #humming.weight<format = uint4>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256, experts = 4>,
      compute = #humming.compute<kind = grouped_masked>}
      : tensor<?x256xf16>, tensor<4x256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// MoeGemmOp: top_k >= 1
func.func @moe_top_k_zero(%a: tensor<?x256xf16>, %w: tensor<4x256x32xi32>, %s: tensor<4x256xf16>, %i: tensor<256xi32>, %e: tensor<4xi32>, %p: tensor<1xi32>) -> tensor<?x256xf16> {
  // expected-error@+1 {{top_k must be >= 1, got 0}}
  %r = humming.moe_gemm %a, %w scales(%s : tensor<4x256xf16>) sorted_token_ids(%i : tensor<256xi32>) expert_ids(%e : tensor<4xi32>) num_tokens_post_padded(%p : tensor<1xi32>) {
      weight_scheme = #humming.weight<format = uint4>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256, experts = 4>,
      compute = #humming.compute<kind = indexed>,
      block_m = 64,
      top_k = 0}
      : tensor<?x256xf16>, tensor<4x256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// MoeGemmOp: indexed needs a power-of-two block_m
func.func @moe_block_m_not_pow2(%a: tensor<?x256xf16>, %w: tensor<4x256x32xi32>, %s: tensor<4x256xf16>, %i: tensor<256xi32>, %e: tensor<4xi32>, %p: tensor<1xi32>) -> tensor<?x256xf16> {
  // expected-error@+1 {{compute kind indexed needs block_m, a power of two}}
  %r = humming.moe_gemm %a, %w scales(%s : tensor<4x256xf16>) sorted_token_ids(%i : tensor<256xi32>) expert_ids(%e : tensor<4xi32>) num_tokens_post_padded(%p : tensor<1xi32>) {
      weight_scheme = #humming.weight<format = uint4>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256, experts = 4>,
      compute = #humming.compute<kind = indexed>,
      block_m = 48}
      : tensor<?x256xf16>, tensor<4x256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// MoeGemmOp: sorted_token_ids is rank 1
func.func @moe_sorted_token_ids_shape(%a: tensor<?x256xf16>, %w: tensor<4x256x32xi32>, %s: tensor<4x256xf16>, %i: tensor<4x64xi32>, %e: tensor<4xi32>, %p: tensor<1xi32>) -> tensor<?x256xf16> {
  // expected-error@+1 {{sorted_token_ids has shape [4, 64], expected [?] (one id per padded row)}}
  %r = humming.moe_gemm %a, %w scales(%s : tensor<4x256xf16>) sorted_token_ids(%i : tensor<4x64xi32>) expert_ids(%e : tensor<4xi32>) num_tokens_post_padded(%p : tensor<1xi32>) {
      weight_scheme = #humming.weight<format = uint4>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256, experts = 4>,
      compute = #humming.compute<kind = indexed>,
      block_m = 64}
      : tensor<?x256xf16>, tensor<4x256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// MoeGemmOp: one expert id per block_m rows
func.func @moe_expert_ids_shape(%a: tensor<?x256xf16>, %w: tensor<4x256x32xi32>, %s: tensor<4x256xf16>, %i: tensor<256xi32>, %e: tensor<8xi32>, %p: tensor<1xi32>) -> tensor<?x256xf16> {
  // expected-error@+1 {{expert_ids has shape [8], expected [4] (one expert per block_m rows of sorted_token_ids)}}
  %r = humming.moe_gemm %a, %w scales(%s : tensor<4x256xf16>) sorted_token_ids(%i : tensor<256xi32>) expert_ids(%e : tensor<8xi32>) num_tokens_post_padded(%p : tensor<1xi32>) {
      weight_scheme = #humming.weight<format = uint4>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256, experts = 4>,
      compute = #humming.compute<kind = indexed>,
      block_m = 64}
      : tensor<?x256xf16>, tensor<4x256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// MoeGemmOp: num_tokens_post_padded is a single count
func.func @moe_num_tokens_post_padded_shape(%a: tensor<?x256xf16>, %w: tensor<4x256x32xi32>, %s: tensor<4x256xf16>, %i: tensor<256xi32>, %e: tensor<4xi32>, %p: tensor<2xi32>) -> tensor<?x256xf16> {
  // expected-error@+1 {{num_tokens_post_padded has shape [2], expected [1] (a single count)}}
  %r = humming.moe_gemm %a, %w scales(%s : tensor<4x256xf16>) sorted_token_ids(%i : tensor<256xi32>) expert_ids(%e : tensor<4xi32>) num_tokens_post_padded(%p : tensor<2xi32>) {
      weight_scheme = #humming.weight<format = uint4>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256, experts = 4>,
      compute = #humming.compute<kind = indexed>,
      block_m = 64}
      : tensor<?x256xf16>, tensor<4x256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// MoeGemmOp: sorted_token_ids length is a multiple of block_m
func.func @moe_sorted_len_not_multiple(%a: tensor<?x256xf16>, %w: tensor<4x256x32xi32>, %s: tensor<4x256xf16>, %i: tensor<100xi32>, %e: tensor<1xi32>, %p: tensor<1xi32>) -> tensor<?x256xf16> {
  // expected-error@+1 {{sorted_token_ids length 100 is not a multiple of block_m 64}}
  %r = humming.moe_gemm %a, %w scales(%s : tensor<4x256xf16>) sorted_token_ids(%i : tensor<100xi32>) expert_ids(%e : tensor<1xi32>) num_tokens_post_padded(%p : tensor<1xi32>) {
      weight_scheme = #humming.weight<format = uint4>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256, experts = 4>,
      compute = #humming.compute<kind = indexed>,
      block_m = 64}
      : tensor<?x256xf16>, tensor<4x256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// MoeGemmOp: topk_weights is [tokens, top_k]
func.func @moe_topk_weights_shape(%a: tensor<?x256xf16>, %w: tensor<4x256x32xi32>, %s: tensor<4x256xf16>, %i: tensor<256xi32>, %e: tensor<4xi32>, %p: tensor<1xi32>, %k: tensor<?x4xf32>) -> tensor<?x256xf16> {
  // expected-error@+1 {{topk_weights has shape [?, 4], expected [?, 2] (one weight per token and choice)}}
  %r = humming.moe_gemm %a, %w scales(%s : tensor<4x256xf16>) sorted_token_ids(%i : tensor<256xi32>) expert_ids(%e : tensor<4xi32>) num_tokens_post_padded(%p : tensor<1xi32>) topk_weights(%k : tensor<?x4xf32>) {
      weight_scheme = #humming.weight<format = uint4>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256, experts = 4>,
      compute = #humming.compute<kind = indexed>,
      block_m = 64,
      top_k = 2}
      : tensor<?x256xf16>, tensor<4x256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// MoeGemmOp: indexed result has tokens * top_k rows
func.func @moe_indexed_result_rows(%a: tensor<16x256xf16>, %w: tensor<4x256x32xi32>, %s: tensor<4x256xf16>, %i: tensor<256xi32>, %e: tensor<4xi32>, %p: tensor<1xi32>) -> tensor<16x256xf16> {
  // expected-error@+1 {{result has shape [16, 256], expected [32, 256] (tokens * top_k rows x n = 256)}}
  %r = humming.moe_gemm %a, %w scales(%s : tensor<4x256xf16>) sorted_token_ids(%i : tensor<256xi32>) expert_ids(%e : tensor<4xi32>) num_tokens_post_padded(%p : tensor<1xi32>) {
      weight_scheme = #humming.weight<format = uint4>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256, experts = 4>,
      compute = #humming.compute<kind = indexed>,
      block_m = 64,
      top_k = 2}
      : tensor<16x256xf16>, tensor<4x256x32xi32> -> tensor<16x256xf16>
  return %r : tensor<16x256xf16>
}

// -----

// MoeGemmOp: experts + 1 expert offsets
func.func @moe_expert_offsets_shape(%a: tensor<?x256xf16>, %w: tensor<4x256x32xi32>, %s: tensor<4x256xf16>, %o: tensor<4xi64>) -> tensor<?x256xf16> {
  // expected-error@+1 {{expert_offsets has shape [4], expected [5] (experts + 1 ascending offsets)}}
  %r = humming.moe_gemm %a, %w scales(%s : tensor<4x256xf16>) expert_offsets(%o : tensor<4xi64>) {
      weight_scheme = #humming.weight<format = uint4>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256, experts = 4>,
      compute = #humming.compute<kind = grouped_contiguous>}
      : tensor<?x256xf16>, tensor<4x256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// MoeGemmOp: one expert count per expert
func.func @moe_expert_counts_shape(%a: tensor<4x?x256xf16>, %w: tensor<4x256x32xi32>, %s: tensor<4x256xf16>, %n: tensor<5xi32>) -> tensor<4x?x256xf16> {
  // expected-error@+1 {{expert_counts has shape [5], expected [4] (one row count per expert)}}
  %r = humming.moe_gemm %a, %w scales(%s : tensor<4x256xf16>) expert_counts(%n : tensor<5xi32>) {
      weight_scheme = #humming.weight<format = uint4>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256, experts = 4>,
      compute = #humming.compute<kind = grouped_masked>}
      : tensor<4x?x256xf16>, tensor<4x256x32xi32> -> tensor<4x?x256xf16>
  return %r : tensor<4x?x256xf16>
}

// -----

// MoeGemmOp: weights carry the expert dimension
func.func @moe_weight_without_expert_dim(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<4x256xf16>, %o: tensor<5xi64>) -> tensor<?x256xf16> {
  // expected-error@+1 {{weight has shape [256, 32], expected [4, 256, 32] (256 x 256 uint4 codes packed into i32 words per expert)}}
  %r = humming.moe_gemm %a, %w scales(%s : tensor<4x256xf16>) expert_offsets(%o : tensor<5xi64>) {
      weight_scheme = #humming.weight<format = uint4>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256, experts = 4>,
      compute = #humming.compute<kind = grouped_contiguous>}
      : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// MoeGemmOp: bias carries the expert dimension
func.func @moe_bias_without_expert_dim(%a: tensor<?x256xf16>, %w: tensor<4x256x32xi32>, %s: tensor<4x256xf16>, %b: tensor<256xf16>, %o: tensor<5xi64>) -> tensor<?x256xf16> {
  // expected-error@+1 {{bias has shape [256], expected [4, 256] (one value per output feature)}}
  %r = humming.moe_gemm %a, %w scales(%s : tensor<4x256xf16>) bias(%b : tensor<256xf16>) expert_offsets(%o : tensor<5xi64>) {
      weight_scheme = #humming.weight<format = uint4>,
      activation_scheme = #humming.activation<format = float16>,
      layer = #humming.layer<n = 256, k = 256, experts = 4, bias = true>,
      compute = #humming.compute<kind = grouped_contiguous>}
      : tensor<?x256xf16>, tensor<4x256x32xi32> -> tensor<?x256xf16>
  return %r : tensor<?x256xf16>
}

// -----

// MoeGemmOp: grouped_masked token scales are [E, M_max]
func.func @moe_masked_input_scales_shape(%a: tensor<4x?x256xi8>, %w: tensor<4x256x32xi32>, %s: tensor<4x256xf16>, %t: tensor<?xf32>, %n: tensor<4xi32>) -> tensor<4x?x256xf16> {
  // expected-error@+1 {{input_scales has shape [?], expected [4, ?] (token input scales)}}
  %r = humming.moe_gemm %a, %w scales(%s : tensor<4x256xf16>) input_scales(%t : tensor<?xf32>) expert_counts(%n : tensor<4xi32>) {
      weight_scheme = #humming.weight<format = uint4>,
      activation_scheme = #humming.activation<format = int8, scale = token>,
      layer = #humming.layer<n = 256, k = 256, experts = 4>,
      compute = #humming.compute<kind = grouped_masked>}
      : tensor<4x?x256xi8>, tensor<4x256x32xi32> -> tensor<4x?x256xf16>
  return %r : tensor<4x?x256xf16>
}

// -----

// MoeGemmOp: the arch rules apply to moe_gemm too
module attributes {humming.target = #humming.target<arch = sm_80>} {
  func.func @moe_arch_rule(%a: tensor<?x256xf8E4M3FN>, %w: tensor<4x256x32xi32>, %s: tensor<4x256xf16>, %t: tensor<?xf32>, %o: tensor<5xi64>) -> tensor<?x256xf16> {
    // expected-error@+1 {{float8e4m3 activations need sm_89 or newer, target is sm_80}}
    %r = humming.moe_gemm %a, %w scales(%s : tensor<4x256xf16>) input_scales(%t : tensor<?xf32>) expert_offsets(%o : tensor<5xi64>) {
        weight_scheme = #humming.weight<format = uint4>,
        activation_scheme = #humming.activation<format = float8e4m3, scale = token>,
        layer = #humming.layer<n = 256, k = 256, experts = 4>,
        compute = #humming.compute<kind = grouped_contiguous>}
        : tensor<?x256xf8E4M3FN>, tensor<4x256x32xi32> -> tensor<?x256xf16>
    return %r : tensor<?x256xf16>
  }
}

// -----

// QuantizeOp: 16-bit activations are not quantized
func.func @quantize_16bit(%x: tensor<8x256xf16>) -> (tensor<8x256xbf16>, tensor<8xf32>) {
  // expected-error@+1 {{quantizes to a low-bit format; bfloat16 activations need no quantize}}
  %q, %s = humming.quantize %x {activation_scheme = #humming.activation<format = bfloat16>}
      : tensor<8x256xf16> -> tensor<8x256xbf16>, tensor<8xf32>
  return %q, %s : tensor<8x256xbf16>, tensor<8xf32>
}

// -----

// QuantizeOp: input is f16, bf16 or f32
func.func @quantize_input_type(%x: tensor<8x256xi8>) -> (tensor<8x256xf8E4M3FN>, tensor<8xf32>) {
  // expected-error@+1 {{input element type 'i8' is not f16, bf16 or f32}}
  %q, %s = humming.quantize %x {activation_scheme = #humming.activation<format = float8e4m3, scale = token>}
      : tensor<8x256xi8> -> tensor<8x256xf8E4M3FN>, tensor<8xf32>
  return %q, %s : tensor<8x256xf8E4M3FN>, tensor<8xf32>
}

// -----

// QuantizeOp: input has a K dimension
func.func @quantize_rank0(%x: tensor<f16>) -> (tensor<f8E4M3FN>, tensor<f32>) {
  // expected-error@+1 {{input must have a K dimension}}
  %q, %s = humming.quantize %x {activation_scheme = #humming.activation<format = float8e4m3, scale = token>}
      : tensor<f16> -> tensor<f8E4M3FN>, tensor<f32>
  return %q, %s : tensor<f8E4M3FN>, tensor<f32>
}

// -----

// QuantizeOp: group scales need a static K the group divides
func.func @quantize_group_dynamic_k(%x: tensor<8x?xf16>) -> (tensor<8x?xi8>, tensor<8x?xf32>) {
  // expected-error@+1 {{group size 128 must divide a static K, got [?]}}
  %q, %s = humming.quantize %x {activation_scheme = #humming.activation<format = int8, scale = group, group_size = 128>}
      : tensor<8x?xf16> -> tensor<8x?xi8>, tensor<8x?xf32>
  return %q, %s : tensor<8x?xi8>, tensor<8x?xf32>
}

// -----

// QuantizeOp: codes have the input's shape
func.func @quantize_codes_shape(%x: tensor<8x256xf16>) -> (tensor<8x128xf8E4M3FN>, tensor<8xf32>) {
  // expected-error@+1 {{codes has shape [8, 128], expected [8, 256] (the input's shape)}}
  %q, %s = humming.quantize %x {activation_scheme = #humming.activation<format = float8e4m3, scale = token>}
      : tensor<8x256xf16> -> tensor<8x128xf8E4M3FN>, tensor<8xf32>
  return %q, %s : tensor<8x128xf8E4M3FN>, tensor<8xf32>
}

// -----

// QuantizeOp: codes element type is the activation format
func.func @quantize_codes_type(%x: tensor<8x256xf16>) -> (tensor<8x256xf8E5M2>, tensor<8xf32>) {
  // expected-error@+1 {{codes element type 'f8E5M2' does not match the activation format float8e4m3 (expected 'f8E4M3FN')}}
  %q, %s = humming.quantize %x {activation_scheme = #humming.activation<format = float8e4m3, scale = token>}
      : tensor<8x256xf16> -> tensor<8x256xf8E5M2>, tensor<8xf32>
  return %q, %s : tensor<8x256xf8E5M2>, tensor<8xf32>
}

// -----

// QuantizeOp: scales shape follows the granularity
func.func @quantize_scales_shape(%x: tensor<8x256xf16>) -> (tensor<8x256xi8>, tensor<8xf32>) {
  // expected-error@+1 {{scales has shape [8], expected [8, 2] (group scales)}}
  %q, %s = humming.quantize %x {activation_scheme = #humming.activation<format = int8, scale = group, group_size = 128>}
      : tensor<8x256xf16> -> tensor<8x256xi8>, tensor<8xf32>
  return %q, %s : tensor<8x256xi8>, tensor<8xf32>
}

// -----

// QuantizeOp: scales element type is the scale_type
func.func @quantize_scales_type(%x: tensor<8x256xf16>) -> (tensor<8x256xf8E4M3FN>, tensor<8xf16>) {
  // expected-error@+1 {{scales element type 'f16' does not match the activation scale_type (expected 'f32')}}
  %q, %s = humming.quantize %x {activation_scheme = #humming.activation<format = float8e4m3, scale = token>}
      : tensor<8x256xf16> -> tensor<8x256xf8E4M3FN>, tensor<8xf16>
  return %q, %s : tensor<8x256xf8E4M3FN>, tensor<8xf16>
}

// -----

// DequantizeOp: the weight operands follow the scheme
func.func @dequantize_missing_scales(%w: tensor<256x32xi32>) -> tensor<256x256xf32> {
  // expected-error@+1 {{requires scales (the weight scheme has channel scales)}}
  %r = humming.dequantize %w {
      weight_scheme = #humming.weight<format = uint4>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<256x32xi32> -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}

// -----

// DequantizeOp: result element type
func.func @dequantize_result_type(%w: tensor<256x32xi32>, %s: tensor<256xf16>) -> tensor<256x256xi8> {
  // expected-error@+1 {{result element type 'i8' is not f16, bf16 or f32}}
  %r = humming.dequantize %w scales(%s : tensor<256xf16>) {
      weight_scheme = #humming.weight<format = uint4>,
      layer = #humming.layer<n = 256, k = 256>}
      : tensor<256x32xi32> -> tensor<256x256xi8>
  return %r : tensor<256x256xi8>
}

// -----

// DequantizeOp: result has the stored (padded) extents
func.func @dequantize_result_shape(%w: tensor<256x64xi32>, %s: tensor<256xf16>) -> tensor<250x500xf32> {
  // expected-error@+1 {{result has shape [250, 500], expected [256, 512] (the stored weight extents)}}
  %r = humming.dequantize %w scales(%s : tensor<256xf16>) {
      weight_scheme = #humming.weight<format = uint4>,
      layer = #humming.layer<n = 250, k = 500, pad_n = 6, pad_k = 12>}
      : tensor<256x64xi32> -> tensor<250x500xf32>
  return %r : tensor<250x500xf32>
}

// -----

// RepackOp: validateShape (48 uint3 codes are 4.5 words)
func.func @repack_k_not_whole_words(%w: tensor<256x4xi32>) -> tensor<4x3x96xi32> {
  // expected-error@+1 {{K = 48 of uint3 codes does not fill whole int32 words (K * 3 must be a multiple of 32)}}
  %r = humming.repack %w {
      weight_scheme = #humming.weight<format = uint3>,
      layer = #humming.layer<n = 256, k = 48>,
      target_layout = #humming.weight_layout<kind = mma_sync, tile = [64, 16]>}
      : tensor<256x4xi32> -> tensor<4x3x96xi32>
  return %r : tensor<4x3x96xi32>
}

// -----

// RepackOp: the layout tile divides the stored extents
func.func @repack_tile_not_dividing(%w: tensor<200x32xi32>) -> tensor<3x4x512xi32> {
  // expected-error@+1 {{layout tile [64, 64] does not divide the stored weight extents [200, 256]}}
  %r = humming.repack %w {
      weight_scheme = #humming.weight<format = uint4>,
      layer = #humming.layer<n = 200, k = 256>,
      target_layout = #humming.weight_layout<kind = mma_sync, tile = [64, 64]>}
      : tensor<200x32xi32> -> tensor<3x4x512xi32>
  return %r : tensor<3x4x512xi32>
}

// -----

// RepackOp: source and target differ
func.func @repack_same_layouts(%w: tensor<256x32xi32>) -> tensor<256x32xi32> {
  // expected-error@+1 {{source and target layouts are the same}}
  %r = humming.repack %w {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      layer = #humming.layer<n = 256, k = 256>,
      target_layout = #humming.weight_layout<kind = standard>}
      : tensor<256x32xi32> -> tensor<256x32xi32>
  return %r : tensor<256x32xi32>
}

// -----

// RepackOp: weight in the source layout
func.func @repack_weight_shape(%w: tensor<256x32xi32>) -> tensor<256x32xi32> {
  // expected-error@+1 {{weight has shape [256, 32], expected [4, 4, 512] (packed words in the source layout)}}
  %r = humming.repack %w {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      layer = #humming.layer<n = 256, k = 256>,
      source_layout = #humming.weight_layout<kind = mma_sync, tile = [64, 64]>,
      target_layout = #humming.weight_layout<kind = standard>}
      : tensor<256x32xi32> -> tensor<256x32xi32>
  return %r : tensor<256x32xi32>
}

// -----

// RepackOp: result in the target layout
func.func @repack_result_shape(%w: tensor<256x32xi32>) -> tensor<4x4x128xi32> {
  // expected-error@+1 {{result has shape [4, 4, 128], expected [4, 4, 512] (packed words in the target layout)}}
  %r = humming.repack %w {
      weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
      layer = #humming.layer<n = 256, k = 256>,
      target_layout = #humming.weight_layout<kind = mma_sync, tile = [64, 64]>}
      : tensor<256x32xi32> -> tensor<4x4x128xi32>
  return %r : tensor<4x4x128xi32>
}
