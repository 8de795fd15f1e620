// RUN: humming-opt %s --verify-diagnostics --humming-fuse-dequant

module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132>} {
  func.func @no_decode(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256xf16>) -> tensor<?x256xf16> {
    // expected-error @+1 {{has no humming.decode: run humming-decode-formats first}}
    %c = humming.gemm %a, %w scales(%s : tensor<256xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 256, k = 256>} : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
    return %c : tensor<?x256xf16>
  }
}
