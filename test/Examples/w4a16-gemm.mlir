// The README's example: a W4A16 layer (int4 codes stored as symmetric uint4,
// fp16 group-128 scales, bias) for an H200, M left dynamic for dispatch.
// RUN: humming-opt %s | FileCheck %s
// RUN: humming-opt %s | humming-opt | FileCheck %s

module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a,
    sms = 132, smem_per_block = 232448, l2_bytes = 52428800,
    bandwidth_gbps = 4800, peak_f16_tflops = 989, peak_fp8_tflops = 1979,
    peak_int8_tops = 1979>} {
  func.func @w4a16(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>,
                   %s: tensor<4096x32xf16>, %b: tensor<4096xf16>)
      -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096x32xf16>)
        bias(%b : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = group,
                                        group_size = 128, scale_type = f16>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096, bias = true>}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// CHECK: module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132
// CHECK-LABEL: func.func @w4a16
// CHECK: humming.gemm %{{.*}}, %{{.*}} scales(%{{.*}} : tensor<4096x32xf16>) bias(%{{.*}} : tensor<4096xf16>)
// CHECK-SAME: activation_scheme = #humming.activation<format = float16>
// CHECK-SAME: layer = #humming.layer<n = 4096, k = 4096, bias = true>
// CHECK-SAME: weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>
// CHECK-SAME: : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
