// RUN: humming-opt %s | humming-opt | FileCheck %s
// RUN: humming-opt %s --mlir-print-op-generic | humming-opt | FileCheck %s

// Round trip of every humming op with every optional operand, through the
// custom and the generic form. Attributes print in alphabetical order and
// default-valued parameters are elided.

// W4A16 GPTQ: uint4, group 128, integer zero points, dynamic M. The alias
// `half` prints back as float16, the default scale_type f16 is elided.
// CHECK-LABEL: func.func @gemm_w4a16_gptq
// CHECK: humming.gemm %{{.*}}, %{{.*}} scales(%{{.*}} : tensor<4096x32xf16>) zero_points(%{{.*}} : tensor<4096x32xi8>) {
// CHECK-SAME: activation_scheme = #humming.activation<format = float16>
// CHECK-SAME: layer = #humming.layer<n = 4096, k = 4096>
// CHECK-SAME: weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128, zero_point = integer>}
// CHECK-SAME: : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
func.func @gemm_w4a16_gptq(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>,
                           %s: tensor<4096x32xf16>, %z: tensor<4096x32xi8>)
    -> tensor<?x4096xf16> {
  %c = humming.gemm %a, %w scales(%s : tensor<4096x32xf16>)
      zero_points(%z : tensor<4096x32xi8>) {
    weight_scheme = #humming.weight<format = uint4, scale = group,
                                    group_size = 128, scale_type = f16,
                                    zero_point = integer>,
    activation_scheme = #humming.activation<format = half>,
    layer = #humming.layer<n = 4096, k = 4096>}
    : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
  return %c : tensor<?x4096xf16>
}

// -----

// AWQ-like: uint4, group 128, float zero points in the bf16 scale type,
// bf16 activations and output, with compute, tuning and an sm_80 target.
// CHECK-LABEL: func.func @gemm_awq_float_zero_point
// CHECK: humming.gemm %{{.*}}, %{{.*}} scales(%{{.*}} : tensor<11008x32xbf16>) zero_points(%{{.*}} : tensor<11008x32xbf16>) {
// CHECK-SAME: activation_scheme = #humming.activation<format = bfloat16>
// CHECK-SAME: compute = #humming.compute<batch_invariant = true>
// CHECK-SAME: layer = #humming.layer<n = 11008, k = 4096>
// CHECK-SAME: target = #humming.target<chip = "a100", arch = sm_80, sms = 108>
// CHECK-SAME: tuning = #humming.tuning<block = [128, 128, 64], warp = [64, 32, 64], stages = 4, partition = striped>
// CHECK-SAME: weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128, scale_type = bfloat16, zero_point = float>}
// CHECK-SAME: -> tensor<?x11008xbf16>
func.func @gemm_awq_float_zero_point(%a: tensor<?x4096xbf16>,
                                     %w: tensor<11008x512xi32>,
                                     %s: tensor<11008x32xbf16>,
                                     %z: tensor<11008x32xbf16>)
    -> tensor<?x11008xbf16> {
  %c = humming.gemm %a, %w scales(%s : tensor<11008x32xbf16>)
      zero_points(%z : tensor<11008x32xbf16>) {
    weight_scheme = #humming.weight<format = uint4, scale = group,
                                    group_size = 128, scale_type = bf16,
                                    zero_point = float>,
    activation_scheme = #humming.activation<format = bf16>,
    layer = #humming.layer<n = 11008, k = 4096>,
    compute = #humming.compute<kind = dense, batch_invariant = true>,
    tuning = #humming.tuning<block = [128, 128, 64], warp = [64, 32, 64],
                             stages = 4, pipeline = mma_sync,
                             partition = striped>,
    target = #humming.target<chip = "a100", arch = sm_80, sms = 108>}
    : tensor<?x4096xbf16>, tensor<11008x512xi32> -> tensor<?x11008xbf16>
  return %c : tensor<?x11008xbf16>
}

// -----

// W8A16: int8 per-channel f16 scales, a bias, f32 output, f16 accumulation.
// CHECK-LABEL: func.func @gemm_w8a16_channel_bias
// CHECK: humming.gemm %{{.*}}, %{{.*}} scales(%{{.*}} : tensor<1024xf16>) bias(%{{.*}} : tensor<1024xf32>) {
// CHECK-SAME: activation_scheme = #humming.activation<format = float16>
// CHECK-SAME: compute = #humming.compute<f16_accumulation = true>
// CHECK-SAME: layer = #humming.layer<n = 1024, k = 2048, bias = true>
// CHECK-SAME: weight_scheme = #humming.weight<format = int8>}
// CHECK-SAME: : tensor<16x2048xf16>, tensor<1024x512xi32> -> tensor<16x1024xf32>
func.func @gemm_w8a16_channel_bias(%a: tensor<16x2048xf16>,
                                   %w: tensor<1024x512xi32>,
                                   %s: tensor<1024xf16>, %b: tensor<1024xf32>)
    -> tensor<16x1024xf32> {
  %c = humming.gemm %a, %w scales(%s : tensor<1024xf16>)
      bias(%b : tensor<1024xf32>) {
    weight_scheme = #humming.weight<format = int8, scale = channel>,
    activation_scheme = #humming.activation<format = float16>,
    layer = #humming.layer<n = 1024, k = 2048, bias = true>,
    compute = #humming.compute<f16_accumulation = true>}
    : tensor<16x2048xf16>, tensor<1024x512xi32> -> tensor<16x1024xf32>
  return %c : tensor<16x1024xf32>
}

// -----

// FP8 block scales (DeepSeek style): float8e4m3 weights with [128, 128]
// f32 block scales, per-token e4m3 activations, wgmma on sm_90a.
// CHECK-LABEL: func.func @gemm_fp8_block
// CHECK: humming.gemm %{{.*}}, %{{.*}} scales(%{{.*}} : tensor<56x56xf32>) input_scales(%{{.*}} : tensor<?xf32>) {
// CHECK-SAME: activation_scheme = #humming.activation<format = float8e4m3, scale = token>
// CHECK-SAME: layer = #humming.layer<n = 7168, k = 7168>
// CHECK-SAME: target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448, l2_bytes = 52428800, bandwidth_gbps = 4800, peak_f16_tflops = 989, peak_fp8_tflops = 1979, peak_int8_tops = 1979>
// CHECK-SAME: tuning = #humming.tuning<block = [128, 256, 128], warp = [64, 256, 128], stages = 4, pipeline = wgmma, tma = true, warp_specialized = true, partition = stream_k, multicast = 2>
// CHECK-SAME: weight_scheme = #humming.weight<format = float8e4m3, scale = block, block = [128, 128], scale_type = float32>}
// CHECK-SAME: : tensor<?x7168xf8E4M3FN>, tensor<7168x1792xi32> -> tensor<?x7168xbf16>
func.func @gemm_fp8_block(%a: tensor<?x7168xf8E4M3FN>, %w: tensor<7168x1792xi32>,
                          %s: tensor<56x56xf32>, %as: tensor<?xf32>)
    -> tensor<?x7168xbf16> {
  %c = humming.gemm %a, %w scales(%s : tensor<56x56xf32>)
      input_scales(%as : tensor<?xf32>) {
    weight_scheme = #humming.weight<format = e4m3, scale = block,
                                    block = [128, 128], scale_type = f32>,
    activation_scheme = #humming.activation<format = float8e4m3fn,
                                            scale = token, scale_type = float32>,
    layer = #humming.layer<n = 7168, k = 7168>,
    tuning = #humming.tuning<block = [128, 256, 128], warp = [64, 256, 128],
                             stages = 4, pipeline = wgmma, tma = true,
                             cp_async = true, warp_specialized = true,
                             partition = stream_k, ctas_per_sm = 1,
                             multicast = 2>,
    target = #humming.target<chip = "h200", arch = sm_90a, sms = 132,
                             smem_per_block = 232448, l2_bytes = 52428800,
                             bandwidth_gbps = 4800, peak_f16_tflops = 989,
                             peak_fp8_tflops = 1979, peak_int8_tops = 1979,
                             peak_fp4_tflops = 0>}
    : tensor<?x7168xf8E4M3FN>, tensor<7168x1792xi32> -> tensor<?x7168xbf16>
  return %c : tensor<?x7168xbf16>
}

// -----

// MXFP4: float4e2m1 weights with float8e8m0 scales per 32 codes and e4m3
// activations with per-token scales.
// CHECK-LABEL: func.func @gemm_mxfp4
// CHECK: humming.gemm %{{.*}}, %{{.*}} scales(%{{.*}} : tensor<2880x90xf8E8M0FNU>) input_scales(%{{.*}} : tensor<?xf32>) {
// CHECK-SAME: activation_scheme = #humming.activation<format = float8e4m3, scale = token>
// CHECK-SAME: layer = #humming.layer<n = 2880, k = 2880>
// CHECK-SAME: weight_scheme = #humming.weight<format = float4e2m1, scale = group, group_size = 32, scale_type = float8e8m0>}
func.func @gemm_mxfp4(%a: tensor<?x2880xf8E4M3FN>, %w: tensor<2880x360xi32>,
                      %s: tensor<2880x90xf8E8M0FNU>, %as: tensor<?xf32>)
    -> tensor<?x2880xbf16> {
  %c = humming.gemm %a, %w scales(%s : tensor<2880x90xf8E8M0FNU>)
      input_scales(%as : tensor<?xf32>) {
    weight_scheme = #humming.weight<format = fp4, scale = group,
                                    group_size = 32, scale_type = e8m0>,
    activation_scheme = #humming.activation<format = e4m3, scale = token>,
    layer = #humming.layer<n = 2880, k = 2880>}
    : tensor<?x2880xf8E4M3FN>, tensor<2880x360xi32> -> tensor<?x2880xbf16>
  return %c : tensor<?x2880xbf16>
}

// -----

// NVFP4: float4e2m1 weights, e4m3 scales per 16 codes and a tensor f32
// secondary scale; float4e2m1 activations with e4m3 group-16 input scales;
// tcgen05 on sm_100a (target from the enclosing module).
// CHECK-LABEL: module attributes {humming.target = #humming.target<chip = "b200", arch = sm_100a>}
// CHECK-LABEL: func.func @gemm_nvfp4
// CHECK: humming.gemm %{{.*}}, %{{.*}} scales(%{{.*}} : tensor<4096x256xf8E4M3FN>) secondary_scales(%{{.*}} : tensor<f32>) input_scales(%{{.*}} : tensor<?x256xf8E4M3FN>) {
// CHECK-SAME: activation_scheme = #humming.activation<format = float4e2m1, scale = group, group_size = 16, scale_type = float8e4m3>
// CHECK-SAME: tuning = #humming.tuning<block = [128, 128, 256], warp = [64, 128, 256], stages = 3, pipeline = tcgen05, tma = true, cp_async = false, warp_specialized = true>
// CHECK-SAME: weight_scheme = #humming.weight<format = float4e2m1, scale = group, group_size = 16, scale_type = float8e4m3, secondary = tensor>}
// CHECK-SAME: : tensor<?x4096xf4E2M1FN>, tensor<4096x512xi32> -> tensor<?x4096xbf16>
module attributes {humming.target = #humming.target<chip = "b200", arch = sm_100a>} {
  func.func @gemm_nvfp4(%a: tensor<?x4096xf4E2M1FN>, %w: tensor<4096x512xi32>,
                        %s: tensor<4096x256xf8E4M3FN>, %s2: tensor<f32>,
                        %as: tensor<?x256xf8E4M3FN>) -> tensor<?x4096xbf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096x256xf8E4M3FN>)
        secondary_scales(%s2 : tensor<f32>)
        input_scales(%as : tensor<?x256xf8E4M3FN>) {
      weight_scheme = #humming.weight<format = e2m1, scale = group,
                                      group_size = 16, scale_type = e4m3,
                                      secondary = tensor,
                                      secondary_type = float32>,
      activation_scheme = #humming.activation<format = float4e2m1,
                                              scale = group, group_size = 16,
                                              scale_type = e4m3>,
      layer = #humming.layer<n = 4096, k = 4096>,
      tuning = #humming.tuning<block = [128, 128, 256], warp = [64, 128, 256],
                               stages = 3, pipeline = tcgen05, tma = true,
                               cp_async = false, warp_specialized = true>}
      : tensor<?x4096xf4E2M1FN>, tensor<4096x512xi32> -> tensor<?x4096xbf16>
    return %c : tensor<?x4096xbf16>
  }
}

// -----

// W4A8 (QQQ style): int4 weights with group f16 scales and a channel f32
// secondary scale, int8 activations with per-token scales.
// CHECK-LABEL: func.func @gemm_w4a8_token
// CHECK: humming.gemm %{{.*}}, %{{.*}} scales(%{{.*}} : tensor<4096x32xf16>) secondary_scales(%{{.*}} : tensor<4096xf32>) input_scales(%{{.*}} : tensor<?xf32>) {
// CHECK-SAME: activation_scheme = #humming.activation<format = int8, scale = token>
// CHECK-SAME: weight_scheme = #humming.weight<format = int4, scale = group, group_size = 128, secondary = channel>}
// CHECK-SAME: : tensor<?x4096xi8>, tensor<4096x512xi32> -> tensor<?x4096xf16>
func.func @gemm_w4a8_token(%a: tensor<?x4096xi8>, %w: tensor<4096x512xi32>,
                           %s: tensor<4096x32xf16>, %s2: tensor<4096xf32>,
                           %as: tensor<?xf32>) -> tensor<?x4096xf16> {
  %c = humming.gemm %a, %w scales(%s : tensor<4096x32xf16>)
      secondary_scales(%s2 : tensor<4096xf32>) input_scales(%as : tensor<?xf32>) {
    weight_scheme = #humming.weight<format = int4, scale = group,
                                    group_size = 128, secondary = channel>,
    activation_scheme = #humming.activation<format = int8, scale = token>,
    layer = #humming.layer<n = 4096, k = 4096>}
    : tensor<?x4096xi8>, tensor<4096x512xi32> -> tensor<?x4096xf16>
  return %c : tensor<?x4096xf16>
}

// -----

// W4A8 with int8 group-128 input scales and integer zero points (uint4).
// CHECK-LABEL: func.func @gemm_w4a8_group_input_scales
// CHECK: humming.gemm %{{.*}}, %{{.*}} scales(%{{.*}} : tensor<512xf16>) zero_points(%{{.*}} : tensor<512xi8>) input_scales(%{{.*}} : tensor<8x8xf32>) {
// CHECK-SAME: activation_scheme = #humming.activation<format = int8, scale = group, group_size = 128>
// CHECK-SAME: weight_scheme = #humming.weight<format = uint4, zero_point = integer>}
func.func @gemm_w4a8_group_input_scales(%a: tensor<8x1024xi8>,
                                        %w: tensor<512x128xi32>,
                                        %s: tensor<512xf16>,
                                        %z: tensor<512xi8>,
                                        %as: tensor<8x8xf32>)
    -> tensor<8x512xf16> {
  %c = humming.gemm %a, %w scales(%s : tensor<512xf16>)
      zero_points(%z : tensor<512xi8>) input_scales(%as : tensor<8x8xf32>) {
    weight_scheme = #humming.weight<format = uint4, zero_point = integer>,
    activation_scheme = #humming.activation<format = int8, scale = group,
                                            group_size = 128>,
    layer = #humming.layer<n = 512, k = 1024>}
    : tensor<8x1024xi8>, tensor<512x128xi32> -> tensor<8x512xf16>
  return %c : tensor<8x512xf16>
}

// -----

// W4A4: int4 weights and int4 activations with a tensor input scale and a
// tensor weight scale.
// CHECK-LABEL: func.func @gemm_w4a4_tensor_scales
// CHECK: humming.gemm %{{.*}}, %{{.*}} scales(%{{.*}} : tensor<f32>) input_scales(%{{.*}} : tensor<f32>) {
// CHECK-SAME: activation_scheme = #humming.activation<format = int4, scale = tensor>
// CHECK-SAME: weight_scheme = #humming.weight<format = int4, scale = tensor, scale_type = float32>}
func.func @gemm_w4a4_tensor_scales(%a: tensor<?x256xi4>, %w: tensor<256x32xi32>,
                                   %s: tensor<f32>, %as: tensor<f32>)
    -> tensor<?x256xf16> {
  %c = humming.gemm %a, %w scales(%s : tensor<f32>)
      input_scales(%as : tensor<f32>) {
    weight_scheme = #humming.weight<format = int4, scale = tensor,
                                    scale_type = f32>,
    activation_scheme = #humming.activation<format = int4, scale = tensor>,
    layer = #humming.layer<n = 256, k = 256>}
    : tensor<?x256xi4>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %c : tensor<?x256xf16>
}

// -----

// uint4 weights with fp8 e5m2 activations and a tensor input scale:
// symmetric uint4 values (-8..7) are exact in e5m2.
// CHECK-LABEL: func.func @gemm_uint4_e5m2_tensor
// CHECK: humming.gemm %{{.*}}, %{{.*}} scales(%{{.*}} : tensor<256x2xf16>) input_scales(%{{.*}} : tensor<f32>) {
// CHECK-SAME: activation_scheme = #humming.activation<format = float8e5m2, scale = tensor>
// CHECK-SAME: weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>}
func.func @gemm_uint4_e5m2_tensor(%a: tensor<?x256xf8E5M2>,
                                  %w: tensor<256x32xi32>,
                                  %s: tensor<256x2xf16>, %as: tensor<f32>)
    -> tensor<?x256xf16> {
  %c = humming.gemm %a, %w scales(%s : tensor<256x2xf16>)
      input_scales(%as : tensor<f32>) {
    weight_scheme = #humming.weight<format = uint4, scale = group,
                                    group_size = 128>,
    activation_scheme = #humming.activation<format = e5m2, scale = tensor>,
    layer = #humming.layer<n = 256, k = 256>}
    : tensor<?x256xf8E5M2>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %c : tensor<?x256xf16>
}

// -----

// An e0 float format (float4e0m3: a sign and three mantissa bits).
// CHECK-LABEL: func.func @gemm_float4e0m3
// CHECK: humming.gemm
// CHECK-SAME: weight_scheme = #humming.weight<format = float4e0m3>}
func.func @gemm_float4e0m3(%a: tensor<?x512xf16>, %w: tensor<128x64xi32>,
                           %s: tensor<128xf16>) -> tensor<?x128xf16> {
  %c = humming.gemm %a, %w scales(%s : tensor<128xf16>) {
    weight_scheme = #humming.weight<format = float4e0m3>,
    activation_scheme = #humming.activation<format = float16>,
    layer = #humming.layer<n = 128, k = 512>}
    : tensor<?x512xf16>, tensor<128x64xi32> -> tensor<?x128xf16>
  return %c : tensor<?x128xf16>
}

// -----

// An unsigned float format (float3e2m1, no sign bit): K * 3 bits fill
// whole words for K = 512.
// CHECK-LABEL: func.func @gemm_float3e2m1
// CHECK: humming.gemm
// CHECK-SAME: weight_scheme = #humming.weight<format = float3e2m1, scale = group, group_size = 64, scale_type = bfloat16>}
func.func @gemm_float3e2m1(%a: tensor<?x512xbf16>, %w: tensor<128x48xi32>,
                           %s: tensor<128x8xbf16>) -> tensor<?x128xbf16> {
  %c = humming.gemm %a, %w scales(%s : tensor<128x8xbf16>) {
    weight_scheme = #humming.weight<format = float3e2m1, scale = group,
                                    group_size = 64, scale_type = bfloat16>,
    activation_scheme = #humming.activation<format = bfloat16>,
    layer = #humming.layer<n = 128, k = 512>}
    : tensor<?x512xbf16>, tensor<128x48xi32> -> tensor<?x128xbf16>
  return %c : tensor<?x128xbf16>
}

// -----

// Padding: the stored weights and scales are 4096 x 4096, the logical layer
// 4000 x 4000 (input, result and bias use the logical extents).
// CHECK-LABEL: func.func @gemm_padded
// CHECK: humming.gemm %{{.*}}, %{{.*}} scales(%{{.*}} : tensor<4096x32xf16>) bias(%{{.*}} : tensor<4000xf16>) {
// CHECK-SAME: layer = #humming.layer<n = 4000, k = 4000, pad_n = 96, pad_k = 96, bias = true>
// CHECK-SAME: : tensor<?x4000xf16>, tensor<4096x512xi32> -> tensor<?x4000xf16>
func.func @gemm_padded(%a: tensor<?x4000xf16>, %w: tensor<4096x512xi32>,
                       %s: tensor<4096x32xf16>, %b: tensor<4000xf16>)
    -> tensor<?x4000xf16> {
  %c = humming.gemm %a, %w scales(%s : tensor<4096x32xf16>)
      bias(%b : tensor<4000xf16>) {
    weight_scheme = #humming.weight<format = uint4, scale = group,
                                    group_size = 128>,
    activation_scheme = #humming.activation<format = float16>,
    layer = #humming.layer<n = 4000, k = 4000, pad_n = 96, pad_k = 96,
                           bias = true>}
    : tensor<?x4000xf16>, tensor<4096x512xi32> -> tensor<?x4000xf16>
  return %c : tensor<?x4000xf16>
}

// -----

// No scales at all: uint8 codes used as raw values (implicit_zero = false).
// CHECK-LABEL: func.func @gemm_unscaled_uint8
// CHECK: humming.gemm %{{.*}}, %{{.*}} {
// CHECK-SAME: weight_scheme = #humming.weight<format = uint8, scale = none, implicit_zero = false>}
func.func @gemm_unscaled_uint8(%a: tensor<4x64xf16>, %w: tensor<32x16xi32>)
    -> tensor<4x32xf16> {
  %c = humming.gemm %a, %w {
    weight_scheme = #humming.weight<format = uint8, scale = none,
                                    implicit_zero = false>,
    activation_scheme = #humming.activation<format = float16>,
    layer = #humming.layer<n = 32, k = 64>}
    : tensor<4x64xf16>, tensor<32x16xi32> -> tensor<4x32xf16>
  return %c : tensor<4x32xf16>
}

// -----

// MoE, indexed (fused-MoE style): 8 experts, top_k = 2, block_m = 64,
// topk_weights, per-expert bias, target sm_89 (fp8 activations).
// CHECK-LABEL: func.func @moe_indexed
// CHECK: humming.moe_gemm %{{.*}}, %{{.*}} scales(%{{.*}} : tensor<8x1024x16xf16>) input_scales(%{{.*}} : tensor<?xf32>) bias(%{{.*}} : tensor<8x1024xf16>) sorted_token_ids(%{{.*}} : tensor<?xi32>) expert_ids(%{{.*}} : tensor<?xi32>) num_tokens_post_padded(%{{.*}} : tensor<1xi32>) topk_weights(%{{.*}} : tensor<?x2xf32>) {
// CHECK-SAME: activation_scheme = #humming.activation<format = float8e4m3, scale = token>
// CHECK-SAME: block_m = 64 : i64
// CHECK-SAME: compute = #humming.compute<kind = indexed>
// CHECK-SAME: layer = #humming.layer<n = 1024, k = 2048, experts = 8, bias = true>
// CHECK-SAME: target = #humming.target<arch = sm_89>
// CHECK-SAME: top_k = 2 : i64
// CHECK-SAME: weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>}
// CHECK-SAME: : tensor<?x2048xf8E4M3FN>, tensor<8x1024x256xi32> -> tensor<?x1024xf16>
func.func @moe_indexed(%a: tensor<?x2048xf8E4M3FN>, %w: tensor<8x1024x256xi32>,
                       %s: tensor<8x1024x16xf16>, %as: tensor<?xf32>,
                       %b: tensor<8x1024xf16>, %ids: tensor<?xi32>,
                       %eids: tensor<?xi32>, %npad: tensor<1xi32>,
                       %tw: tensor<?x2xf32>) -> tensor<?x1024xf16> {
  %c = humming.moe_gemm %a, %w scales(%s : tensor<8x1024x16xf16>)
      input_scales(%as : tensor<?xf32>) bias(%b : tensor<8x1024xf16>)
      sorted_token_ids(%ids : tensor<?xi32>) expert_ids(%eids : tensor<?xi32>)
      num_tokens_post_padded(%npad : tensor<1xi32>)
      topk_weights(%tw : tensor<?x2xf32>) {
    weight_scheme = #humming.weight<format = uint4, scale = group,
                                    group_size = 128>,
    activation_scheme = #humming.activation<format = e4m3, scale = token>,
    layer = #humming.layer<n = 1024, k = 2048, experts = 8, bias = true>,
    compute = #humming.compute<kind = indexed>,
    top_k = 2, block_m = 64,
    target = #humming.target<arch = sm_89>}
    : tensor<?x2048xf8E4M3FN>, tensor<8x1024x256xi32> -> tensor<?x1024xf16>
  return %c : tensor<?x1024xf16>
}

// -----

// MoE, indexed with static extents: 16 tokens, top_k 1 (elided), 256 padded
// rows in blocks of 16, no topk_weights.
// CHECK-LABEL: func.func @moe_indexed_static
// CHECK: humming.moe_gemm %{{.*}}, %{{.*}} scales(%{{.*}} : tensor<4x256xbf16>) sorted_token_ids(%{{.*}} : tensor<256xi32>) expert_ids(%{{.*}} : tensor<16xi32>) num_tokens_post_padded(%{{.*}} : tensor<1xi32>) {
// CHECK-SAME: activation_scheme = #humming.activation<format = bfloat16>
// CHECK-SAME: block_m = 16 : i64
// CHECK-NOT: top_k
// CHECK-SAME: weight_scheme = #humming.weight<format = int8, scale_type = bfloat16>}
// CHECK-SAME: : tensor<16x512xbf16>, tensor<4x256x128xi32> -> tensor<16x256xbf16>
func.func @moe_indexed_static(%a: tensor<16x512xbf16>, %w: tensor<4x256x128xi32>,
                              %s: tensor<4x256xbf16>, %ids: tensor<256xi32>,
                              %eids: tensor<16xi32>, %npad: tensor<1xi32>)
    -> tensor<16x256xbf16> {
  %c = humming.moe_gemm %a, %w scales(%s : tensor<4x256xbf16>)
      sorted_token_ids(%ids : tensor<256xi32>) expert_ids(%eids : tensor<16xi32>)
      num_tokens_post_padded(%npad : tensor<1xi32>) {
    weight_scheme = #humming.weight<format = int8, scale_type = bfloat16>,
    activation_scheme = #humming.activation<format = bfloat16>,
    layer = #humming.layer<n = 256, k = 512, experts = 4>,
    compute = #humming.compute<kind = indexed>, top_k = 1, block_m = 16}
    : tensor<16x512xbf16>, tensor<4x256x128xi32> -> tensor<16x256xbf16>
  return %c : tensor<16x256xbf16>
}

// -----

// MoE, indexed with a static token count and top_k = 2: the result has
// tokens * top_k = 32 rows while the input has 16.
// NOTE: rejected by the current verifier (verifyActivationSide checks the
// result against the input rows before the indexed rule); see the bug list.
// CHECK-LABEL: func.func @moe_indexed_static_top_k
// CHECK: humming.moe_gemm %{{.*}}, %{{.*}} scales(%{{.*}} : tensor<4x256xf16>) sorted_token_ids(%{{.*}} : tensor<256xi32>) expert_ids(%{{.*}} : tensor<4xi32>) num_tokens_post_padded(%{{.*}} : tensor<1xi32>) topk_weights(%{{.*}} : tensor<16x2xf32>) {
// CHECK-SAME: top_k = 2 : i64
// CHECK-SAME: : tensor<16x256xf16>, tensor<4x256x32xi32> -> tensor<32x256xf16>
func.func @moe_indexed_static_top_k(%a: tensor<16x256xf16>,
                                    %w: tensor<4x256x32xi32>,
                                    %s: tensor<4x256xf16>,
                                    %ids: tensor<256xi32>, %eids: tensor<4xi32>,
                                    %npad: tensor<1xi32>, %tw: tensor<16x2xf32>)
    -> tensor<32x256xf16> {
  %c = humming.moe_gemm %a, %w scales(%s : tensor<4x256xf16>)
      sorted_token_ids(%ids : tensor<256xi32>) expert_ids(%eids : tensor<4xi32>)
      num_tokens_post_padded(%npad : tensor<1xi32>)
      topk_weights(%tw : tensor<16x2xf32>) {
    weight_scheme = #humming.weight<format = uint4>,
    activation_scheme = #humming.activation<format = float16>,
    layer = #humming.layer<n = 256, k = 256, experts = 4>,
    compute = #humming.compute<kind = indexed>, top_k = 2, block_m = 64}
    : tensor<16x256xf16>, tensor<4x256x32xi32> -> tensor<32x256xf16>
  return %c : tensor<32x256xf16>
}

// -----

// MoE, grouped_contiguous: rows sorted by expert, i64 expert offsets,
// per-expert integer zero points (GPTQ MoE).
// CHECK-LABEL: func.func @moe_grouped_contiguous
// CHECK: humming.moe_gemm %{{.*}}, %{{.*}} scales(%{{.*}} : tensor<8x1024x16xf16>) zero_points(%{{.*}} : tensor<8x1024x16xi8>) expert_offsets(%{{.*}} : tensor<9xi64>) {
// CHECK-SAME: compute = #humming.compute<kind = grouped_contiguous>
// CHECK-SAME: layer = #humming.layer<n = 1024, k = 2048, experts = 8>
// CHECK-SAME: : tensor<?x2048xf16>, tensor<8x1024x256xi32> -> tensor<?x1024xf16>
func.func @moe_grouped_contiguous(%a: tensor<?x2048xf16>,
                                  %w: tensor<8x1024x256xi32>,
                                  %s: tensor<8x1024x16xf16>,
                                  %z: tensor<8x1024x16xi8>,
                                  %off: tensor<9xi64>) -> tensor<?x1024xf16> {
  %c = humming.moe_gemm %a, %w scales(%s : tensor<8x1024x16xf16>)
      zero_points(%z : tensor<8x1024x16xi8>) expert_offsets(%off : tensor<9xi64>) {
    weight_scheme = #humming.weight<format = uint4, scale = group,
                                    group_size = 128, zero_point = integer>,
    activation_scheme = #humming.activation<format = float16>,
    layer = #humming.layer<n = 1024, k = 2048, experts = 8>,
    compute = #humming.compute<kind = grouped_contiguous>}
    : tensor<?x2048xf16>, tensor<8x1024x256xi32> -> tensor<?x1024xf16>
  return %c : tensor<?x1024xf16>
}

// -----

// MoE, grouped_masked (DeepEP low-latency style): [E, M_max, k] input,
// NVFP4 weights with per-expert channel secondary scales, fp8 per-token
// input scales of shape [E, M_max], f32 output.
// CHECK-LABEL: func.func @moe_grouped_masked
// CHECK: humming.moe_gemm %{{.*}}, %{{.*}} scales(%{{.*}} : tensor<4x512x64xf8E4M3FN>) secondary_scales(%{{.*}} : tensor<4x512xf32>) input_scales(%{{.*}} : tensor<4x?xf32>) expert_counts(%{{.*}} : tensor<4xi32>) {
// CHECK-SAME: compute = #humming.compute<kind = grouped_masked>
// CHECK-SAME: weight_scheme = #humming.weight<format = float4e2m1, scale = group, group_size = 16, scale_type = float8e4m3, secondary = channel>}
// CHECK-SAME: : tensor<4x?x1024xf8E4M3FN>, tensor<4x512x128xi32> -> tensor<4x?x512xf32>
func.func @moe_grouped_masked(%a: tensor<4x?x1024xf8E4M3FN>,
                              %w: tensor<4x512x128xi32>,
                              %s: tensor<4x512x64xf8E4M3FN>,
                              %s2: tensor<4x512xf32>, %as: tensor<4x?xf32>,
                              %cnt: tensor<4xi32>) -> tensor<4x?x512xf32> {
  %c = humming.moe_gemm %a, %w scales(%s : tensor<4x512x64xf8E4M3FN>)
      secondary_scales(%s2 : tensor<4x512xf32>) input_scales(%as : tensor<4x?xf32>)
      expert_counts(%cnt : tensor<4xi32>) {
    weight_scheme = #humming.weight<format = float4e2m1, scale = group,
                                    group_size = 16, scale_type = float8e4m3,
                                    secondary = channel>,
    activation_scheme = #humming.activation<format = float8e4m3, scale = token>,
    layer = #humming.layer<n = 512, k = 1024, experts = 4>,
    compute = #humming.compute<kind = grouped_masked>}
    : tensor<4x?x1024xf8E4M3FN>, tensor<4x512x128xi32> -> tensor<4x?x512xf32>
  return %c : tensor<4x?x512xf32>
}

// -----

// Quantize per token (e4m3), per K-group (int8) and per tensor (e2m1).
// CHECK-LABEL: func.func @quantize_token
// CHECK: humming.quantize %{{.*}} {activation_scheme = #humming.activation<format = float8e4m3, scale = token>} : tensor<?x4096xf16> -> tensor<?x4096xf8E4M3FN>, tensor<?xf32>
func.func @quantize_token(%x: tensor<?x4096xf16>)
    -> (tensor<?x4096xf8E4M3FN>, tensor<?xf32>) {
  %q, %s = humming.quantize %x {
    activation_scheme = #humming.activation<format = e4m3, scale = token>}
    : tensor<?x4096xf16> -> tensor<?x4096xf8E4M3FN>, tensor<?xf32>
  return %q, %s : tensor<?x4096xf8E4M3FN>, tensor<?xf32>
}

// CHECK-LABEL: func.func @quantize_group
// CHECK: humming.quantize %{{.*}} {activation_scheme = #humming.activation<format = int8, scale = group, group_size = 128, scale_type = float16>} : tensor<16x4096xbf16> -> tensor<16x4096xi8>, tensor<16x32xf16>
func.func @quantize_group(%x: tensor<16x4096xbf16>)
    -> (tensor<16x4096xi8>, tensor<16x32xf16>) {
  %q, %s = humming.quantize %x {
    activation_scheme = #humming.activation<format = int8, scale = group,
                                            group_size = 128, scale_type = f16>}
    : tensor<16x4096xbf16> -> tensor<16x4096xi8>, tensor<16x32xf16>
  return %q, %s : tensor<16x4096xi8>, tensor<16x32xf16>
}

// CHECK-LABEL: func.func @quantize_tensor
// CHECK: humming.quantize %{{.*}} {activation_scheme = #humming.activation<format = float4e2m1, scale = tensor>} : tensor<?x256xf32> -> tensor<?x256xf4E2M1FN>, tensor<f32>
func.func @quantize_tensor(%x: tensor<?x256xf32>)
    -> (tensor<?x256xf4E2M1FN>, tensor<f32>) {
  %q, %s = humming.quantize %x {
    activation_scheme = #humming.activation<format = fp4, scale = tensor>}
    : tensor<?x256xf32> -> tensor<?x256xf4E2M1FN>, tensor<f32>
  return %q, %s : tensor<?x256xf4E2M1FN>, tensor<f32>
}

// -----

// Dequantize: GPTQ with zero points, MoE experts and padding; NVFP4 with
// a secondary scale; an unscaled e2m1 weight.
// CHECK-LABEL: func.func @dequantize_gptq_moe
// CHECK: humming.dequantize %{{.*}} scales(%{{.*}} : tensor<2x256x4xf16>) zero_points(%{{.*}} : tensor<2x256x4xi8>) {
// CHECK-SAME: layer = #humming.layer<n = 250, k = 500, experts = 2, pad_n = 6, pad_k = 12>
// CHECK-SAME: weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128, zero_point = integer>}
// CHECK-SAME: : tensor<2x256x64xi32> -> tensor<2x256x512xf32>
func.func @dequantize_gptq_moe(%w: tensor<2x256x64xi32>, %s: tensor<2x256x4xf16>,
                               %z: tensor<2x256x4xi8>) -> tensor<2x256x512xf32> {
  %r = humming.dequantize %w scales(%s : tensor<2x256x4xf16>)
      zero_points(%z : tensor<2x256x4xi8>) {
    weight_scheme = #humming.weight<format = uint4, scale = group,
                                    group_size = 128, zero_point = integer>,
    layer = #humming.layer<n = 250, k = 500, experts = 2, pad_n = 6,
                           pad_k = 12>}
    : tensor<2x256x64xi32> -> tensor<2x256x512xf32>
  return %r : tensor<2x256x512xf32>
}

// CHECK-LABEL: func.func @dequantize_nvfp4
// CHECK: humming.dequantize %{{.*}} scales(%{{.*}} : tensor<128x16xf8E4M3FN>) secondary_scales(%{{.*}} : tensor<f32>) {
// CHECK-SAME: : tensor<128x32xi32> -> tensor<128x256xbf16>
func.func @dequantize_nvfp4(%w: tensor<128x32xi32>, %s: tensor<128x16xf8E4M3FN>,
                            %s2: tensor<f32>) -> tensor<128x256xbf16> {
  %r = humming.dequantize %w scales(%s : tensor<128x16xf8E4M3FN>)
      secondary_scales(%s2 : tensor<f32>) {
    weight_scheme = #humming.weight<format = e2m1, scale = group,
                                    group_size = 16, scale_type = e4m3,
                                    secondary = tensor>,
    layer = #humming.layer<n = 128, k = 256>}
    : tensor<128x32xi32> -> tensor<128x256xbf16>
  return %r : tensor<128x256xbf16>
}

// CHECK-LABEL: func.func @dequantize_unscaled
// CHECK: humming.dequantize %{{.*}} {layer = #humming.layer<n = 64, k = 64>, weight_scheme = #humming.weight<format = float4e2m1, scale = none>} : tensor<64x8xi32> -> tensor<64x64xf16>
func.func @dequantize_unscaled(%w: tensor<64x8xi32>) -> tensor<64x64xf16> {
  %r = humming.dequantize %w {
    weight_scheme = #humming.weight<format = float4e2m1, scale = none>,
    layer = #humming.layer<n = 64, k = 64>}
    : tensor<64x8xi32> -> tensor<64x64xf16>
  return %r : tensor<64x64xf16>
}

// -----

// Repack from the standard layout to the mma_sync layout (tile [64, 64] of
// uint4: 512 words per tile) and back with an explicit source layout.
// CHECK-LABEL: func.func @repack_round_trip
// CHECK: humming.repack %{{.*}} {layer = #humming.layer<n = 4096, k = 4096>, target_layout = #humming.weight_layout<kind = mma_sync, tile = [64, 64]>, weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>} : tensor<4096x512xi32> -> tensor<64x64x512xi32>
// CHECK: humming.repack %{{.*}} {layer = #humming.layer<n = 4096, k = 4096>, source_layout = #humming.weight_layout<kind = mma_sync, tile = [64, 64]>, target_layout = #humming.weight_layout<>, weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>} : tensor<64x64x512xi32> -> tensor<4096x512xi32>
func.func @repack_round_trip(%w: tensor<4096x512xi32>) -> tensor<4096x512xi32> {
  %p = humming.repack %w {
    weight_scheme = #humming.weight<format = uint4, scale = group,
                                    group_size = 128>,
    layer = #humming.layer<n = 4096, k = 4096>,
    target_layout = #humming.weight_layout<kind = mma_sync, tile = [64, 64]>}
    : tensor<4096x512xi32> -> tensor<64x64x512xi32>
  %u = humming.repack %p {
    weight_scheme = #humming.weight<format = uint4, scale = group,
                                    group_size = 128>,
    layer = #humming.layer<n = 4096, k = 4096>,
    source_layout = #humming.weight_layout<kind = mma_sync, tile = [64, 64]>,
    target_layout = #humming.weight_layout<kind = standard>}
    : tensor<64x64x512xi32> -> tensor<4096x512xi32>
  return %u : tensor<4096x512xi32>
}

// CHECK-LABEL: func.func @repack_moe_tcgen05
// CHECK: humming.repack %{{.*}} {layer = #humming.layer<n = 256, k = 512, experts = 4>, source_layout = #humming.weight_layout<kind = wgmma, tile = [64, 128]>, target_layout = #humming.weight_layout<kind = tcgen05, tile = [128, 128]>, weight_scheme = #humming.weight<format = float8e4m3, scale = block, block = [128, 128], scale_type = float32>} : tensor<4x4x4x2048xi32> -> tensor<4x2x4x4096xi32>
func.func @repack_moe_tcgen05(%w: tensor<4x4x4x2048xi32>) -> tensor<4x2x4x4096xi32> {
  %p = humming.repack %w {
    weight_scheme = #humming.weight<format = float8e4m3, scale = block,
                                    block = [128, 128], scale_type = float32>,
    layer = #humming.layer<n = 256, k = 512, experts = 4>,
    source_layout = #humming.weight_layout<kind = wgmma, tile = [64, 128]>,
    target_layout = #humming.weight_layout<kind = tcgen05, tile = [128, 128]>}
    : tensor<4x4x4x2048xi32> -> tensor<4x2x4x4096xi32>
  return %p : tensor<4x2x4x4096xi32>
}

// -----

// Turing (sm_75, no cp.async): a staged mma.sync tuning copies through
// registers, cp_async = false.
// CHECK-LABEL: func.func @gemm_sm75_register_copies
// CHECK: tuning = #humming.tuning<block = [64, 128, 64], warp = [64, 32, 64], cp_async = false>
func.func @gemm_sm75_register_copies(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>,
                                     %s: tensor<256x2xf16>) -> tensor<?x256xf16> {
  %c = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) {
    weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
    activation_scheme = #humming.activation<format = f16>,
    layer = #humming.layer<n = 256, k = 256>,
    tuning = #humming.tuning<block = [64, 128, 64], warp = [64, 32, 64],
                             stages = 2, cp_async = false>,
    target = #humming.target<chip = "t4", arch = sm_75, sms = 40>}
    : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %c : tensor<?x256xf16>
}
