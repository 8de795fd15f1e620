// humming-decode-formats: the decode strategy per (weight format, activation
// type), the intN -> uintN normalization, and legality errors before any IR
// is generated.
// RUN: humming-opt %s --split-input-file --verify-diagnostics --humming-decode-formats | FileCheck %s

// CHECK-LABEL: func.func @uint4_f16_symmetric
// CHECK: humming.decode = #humming.decode<bits = 4, subtract = 1032>
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132>} {
  func.func @uint4_f16_symmetric(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xf16>) -> tensor<?x256xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<256x2xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 256, k = 256>} : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
    return %c : tensor<?x256xf16>
  }
}

// -----

// int4 becomes uint4 with its sign bit flipped: magic 1024 + offset 8.
// CHECK-LABEL: func.func @int4_f16
// CHECK: humming.decode = #humming.decode<bits = 4, flip_sign = true, subtract = 1032>
module attributes {humming.target = #humming.target<chip = "a100", arch = sm_80, sms = 108>} {
  func.func @int4_f16(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256xf16>) -> tensor<?x256xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<256xf16>) {
        weight_scheme = #humming.weight<format = int4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 256, k = 256>} : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
    return %c : tensor<?x256xf16>
  }
}

// -----

// An integer zero point is not folded: the repack adds the magic base (128
// for bf16) to every zero point.
// CHECK-LABEL: func.func @uint4_bf16_zero_point
// CHECK: humming.decode = #humming.decode<strategy = int_magic_bf16, bits = 4, zero_offset = 128>
module attributes {humming.target = #humming.target<chip = "l40s", arch = sm_89, sms = 142>} {
  func.func @uint4_bf16_zero_point(%a: tensor<?x256xbf16>, %w: tensor<256x32xi32>, %s: tensor<256x2xbf16>, %z: tensor<256x2xi8>) -> tensor<?x256xbf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<256x2xbf16>) zero_points(%z : tensor<256x2xi8>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128, scale_type = bf16, zero_point = integer>,
        activation_scheme = #humming.activation<format = bf16>,
        layer = #humming.layer<n = 256, k = 256>} : tensor<?x256xbf16>, tensor<256x32xi32> -> tensor<?x256xbf16>
    return %c : tensor<?x256xbf16>
  }
}

// -----

// 8-bit codes overflow bf16's 128 magic: decode through f32.
// CHECK-LABEL: func.func @uint8_bf16
// CHECK: humming.decode = #humming.decode<strategy = int_via_f32, bits = 8, subtract = 128>
module attributes {humming.target = #humming.target<chip = "a10", arch = sm_86, sms = 72>} {
  func.func @uint8_bf16(%a: tensor<?x256xbf16>, %w: tensor<256x64xi32>, %s: tensor<256xbf16>) -> tensor<?x256xbf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<256xbf16>) {
        weight_scheme = #humming.weight<format = uint8, scale = channel, scale_type = bf16>,
        activation_scheme = #humming.activation<format = bf16>,
        layer = #humming.layer<n = 256, k = 256>} : tensor<?x256xbf16>, tensor<256x64xi32> -> tensor<?x256xbf16>
    return %c : tensor<?x256xbf16>
  }
}

// -----

// e2m1 (bias 1) into f16 positions (bias 15): x 2^14.
// CHECK-LABEL: func.func @e2m1_f16
// CHECK: humming.decode = #humming.decode<strategy = float_exponent_offset, bits = 4, exponent_offset = 14>
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132>} {
  func.func @e2m1_f16(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x8xf16>) -> tensor<?x256xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<256x8xf16>) {
        weight_scheme = #humming.weight<format = float4e2m1, scale = group, group_size = 32>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 256, k = 256>} : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
    return %c : tensor<?x256xf16>
  }
}

// -----

// e4m3 (bias 7) into f32 positions (bias 127) for bf16: x 2^120.
// CHECK-LABEL: func.func @e4m3_bf16
// CHECK: humming.decode = #humming.decode<strategy = float_exponent_offset, bits = 8, exponent_offset = 120>
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132>} {
  func.func @e4m3_bf16(%a: tensor<?x256xbf16>, %w: tensor<256x64xi32>, %s: tensor<256xbf16>) -> tensor<?x256xbf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<256xbf16>) {
        weight_scheme = #humming.weight<format = e4m3, scale = channel, scale_type = bf16>,
        activation_scheme = #humming.activation<format = bf16>,
        layer = #humming.layer<n = 256, k = 256>} : tensor<?x256xbf16>, tensor<256x64xi32> -> tensor<?x256xbf16>
    return %c : tensor<?x256xbf16>
  }
}

// -----

func.func @no_target(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256xf16>) -> tensor<?x256xf16> {
  // expected-error @+1 {{has no target: set humming.target on the module or run humming-attach-target{target=...}}}
  %c = humming.gemm %a, %w scales(%s : tensor<256xf16>) {
      weight_scheme = #humming.weight<format = uint4, scale = channel>,
      activation_scheme = #humming.activation<format = f16>,
      layer = #humming.layer<n = 256, k = 256>} : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
  return %c : tensor<?x256xf16>
}

// -----

module attributes {humming.target = #humming.target<chip = "t4", arch = sm_75, sms = 40>} {
  func.func @bf16_on_sm75(%a: tensor<?x256xbf16>, %w: tensor<256x32xi32>, %s: tensor<256xbf16>) -> tensor<?x256xbf16> {
    // The op verifier already holds the arch rules: no pass runs on it.
    // expected-error @+1 {{bfloat16 activations need sm_80 or newer, target is sm_75}}
    %c = humming.gemm %a, %w scales(%s : tensor<256xbf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel, scale_type = bf16>,
        activation_scheme = #humming.activation<format = bf16>,
        layer = #humming.layer<n = 256, k = 256>} : tensor<?x256xbf16>, tensor<256x32xi32> -> tensor<?x256xbf16>
    return %c : tensor<?x256xbf16>
  }
}

// -----

module attributes {humming.target = #humming.target<chip = "t4", arch = sm_75, sms = 40>} {
  // Turing takes f16 activations (the mma.sync kernels copy through
  // registers and run m16n8k8 there).
  // CHECK-LABEL: func.func @f16_on_sm75
  // CHECK: humming.decode = #humming.decode<bits = 4, subtract = 1032>
  func.func @f16_on_sm75(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256xf16>) -> tensor<?x256xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<256xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 256, k = 256>} : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
    return %c : tensor<?x256xf16>
  }
}

// -----

module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132>} {
  func.func @f32_output(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256xf16>) -> tensor<?x256xf32> {
    // expected-error @+1 {{result element type 'f32' is not supported by the mma.sync pipeline (float16 or bfloat16)}}
    %c = humming.gemm %a, %w scales(%s : tensor<256xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 256, k = 256>} : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf32>
    return %c : tensor<?x256xf32>
  }
}
