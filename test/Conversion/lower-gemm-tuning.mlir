// A dispatch table written by hand (or by an autotuner) instead of
// humming-select-pipeline: humming-lower-gemm follows it as given, and the
// humming-to-cubin pipeline (whose select-pipeline keeps an existing table)
// compiles it. A tuning of several CTAs per SM becomes nvvm.minctasm, and
// the PTX asks ptxas for that occupancy (.minnctapersm next to .reqntid).
// RUN: humming-opt %s --humming-lower-gemm=entry=0 | FileCheck %s
// RUN: humming-opt %s --humming-to-cubin="entry=0 format=isa" | FileCheck %s --check-prefix=PTX

// CHECK: gpu.func @tuned_0_m1({{.*}}) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 3 : i32}
// PTX: .maxntid 128, 1, 1
// PTX: .minnctapersm 3

module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @tuned(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096x32xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096x32xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.decode = #humming.decode<bits = 4, subtract = 1032>,
        humming.dequant = #humming.dequant<zero_point = decode_constant, scale = b_fragment>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 16, tuning = <block = [16, 256, 64], warp = [16, 64, 64], stages = 4, partition = striped, ctas_per_sm = 3>, split_k = 4, threads = 128, smem = 43024, kernel = "tuned_0_m1">,
                            #humming.dispatch_entry<m_min = 17, m_max = 0, tuning = <block = [16, 256, 64], warp = [16, 64, 64], stages = 4>, threads = 128, smem = 43024, kernel = "tuned_0_m17">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}
