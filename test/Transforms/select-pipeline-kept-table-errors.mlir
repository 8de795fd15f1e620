// A dispatch table already in the IR (by hand or an autotuner) is kept by
// humming-select-pipeline, and checked there against what the kernel
// builders and the launch take (Kernel/EntryRules.h): a bad entry is refused
// with its index and kernel before any kernel of the table is built.
// RUN: humming-opt %s -split-input-file -verify-diagnostics --humming-decode-formats --humming-fuse-dequant --humming-select-pipeline

// The launch's rule: more shared memory than the chip has.
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @toobig(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    // expected-error @+1 {{dispatch entry 0 (toobig_0_m1): needs 328720 bytes of shared memory, more than h200 has}}
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [16, 256, 64], warp = [16, 64, 64], stages = 32>, threads = 128, smem = 328720, kernel = "toobig_0_m1">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// The builder's rule, in the second entry: every entry is checked, and the
// message names the one that breaks a rule.
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @second(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    // expected-error @+1 {{dispatch entry 1 (second_0_m17): tile config 24x64x64 (warps 1x1x1, stages 3) is not one the mma.sync builder can emit (blockM a multiple of 16 rows per warp along M)}}
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 16, tuning = <block = [16, 64, 64], warp = [16, 64, 64], stages = 3>, threads = 32, smem = 16400, kernel = "second_0_m1">,
                            #humming.dispatch_entry<m_min = 17, m_max = 0, tuning = <block = [24, 64, 64], warp = [24, 64, 64], stages = 3>, threads = 32, smem = 16400, kernel = "second_0_m17">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// The arch's rule: a wgmma entry for an sm_80 target.
module attributes {humming.target = #humming.target<chip = "a100", arch = sm_80, sms = 108, smem_per_block = 166912>} {
  func.func @wga(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    // expected-error @+1 {{dispatch entry 0 (wga_0_m1): wgmma pipeline needs sm_90a, target is sm_80}}
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [64, 128, 64], warp = [64, 128, 64], stages = 4, pipeline = wgmma>, threads = 128, smem = 49680, kernel = "wga_0_m1">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}
