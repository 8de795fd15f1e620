// humming-fuse-dequant: where each zero point, scale and bias is applied.
// RUN: humming-opt %s --split-input-file --verify-diagnostics --humming-decode-formats --humming-fuse-dequant | FileCheck %s

// Channel scales go on the fp32 accumulators; the symmetric zero is folded
// into the decode constant; bias in the epilogue.
// CHECK-LABEL: func.func @channel_bias
// CHECK: humming.dequant = #humming.dequant<zero_point = decode_constant, scale = accumulator, bias = epilogue>
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132>} {
  func.func @channel_bias(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256xf16>, %b: tensor<256xf16>) -> tensor<?x256xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<256xf16>) bias(%b : tensor<256xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 256, k = 256, bias = true>} : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
    return %c : tensor<?x256xf16>
  }
}

// -----

// Group scales and explicit zero points go in the B fragment.
// CHECK-LABEL: func.func @group_zero_point
// CHECK: humming.dequant = #humming.dequant<zero_point = b_fragment, scale = b_fragment>
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132>} {
  func.func @group_zero_point(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256x4xf16>, %z: tensor<256x4xf16>) -> tensor<?x256xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<256x4xf16>) zero_points(%z : tensor<256x4xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 64, zero_point = float>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 256, k = 256>} : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
    return %c : tensor<?x256xf16>
  }
}

// -----

// A float weight has no zero to fold.
// CHECK-LABEL: func.func @float_weight
// CHECK: humming.dequant = #humming.dequant<scale = accumulator>
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132>} {
  func.func @float_weight(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256xf16>) -> tensor<?x256xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<256xf16>) {
        weight_scheme = #humming.weight<format = float4e2m1, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 256, k = 256>} : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
    return %c : tensor<?x256xf16>
  }
}
