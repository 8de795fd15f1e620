// A hand-written dispatch table must agree with its tunings: the runtime
// launches each kernel with the entry's threads and shared memory, so
// humming-lower-gemm refuses an entry that says otherwise.
// RUN: humming-opt %s --split-input-file --verify-diagnostics --humming-lower-gemm=entry=0

// Warps along K (warp K extent 32 of 64): 4 x 2 warps = 256 threads, and
// the smem of 4 stages (the warp-K sums fit in them), the split-K flag and
// the channel scales of the block.
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @threads(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    // expected-error @+1 {{dispatch entry 0 (threads_0_m1) says threads = 128, smem = 40976; its tuning needs threads = 256, smem = 42000}}
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.decode = #humming.decode<bits = 4, subtract = 1032>,
        humming.dequant = #humming.dequant<zero_point = decode_constant, scale = accumulator>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [16, 256, 64], warp = [16, 64, 32], stages = 4, partition = striped>, split_k = 4, threads = 128, smem = 40976, kernel = "threads_0_m1">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// 16 stages of 10 KB: more shared memory than the entry says (and than an
// H200 block may have).
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @smem(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    // expected-error @+1 {{dispatch entry 0 (smem_0_m1) says threads = 128, smem = 40976; its tuning needs threads = 128, smem = 164880}}
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.decode = #humming.decode<bits = 4, subtract = 1032>,
        humming.dequant = #humming.dequant<zero_point = decode_constant, scale = accumulator>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [16, 256, 64], warp = [16, 64, 64], stages = 16, partition = striped>, split_k = 4, threads = 128, smem = 40976, kernel = "smem_0_m1">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @toobig(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    // expected-error @+1 {{dispatch entry 0 (toobig_0_m1) needs 296976 bytes of shared memory, more than h200 has}}
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.decode = #humming.decode<bits = 4, subtract = 1032>,
        humming.dequant = #humming.dequant<zero_point = decode_constant, scale = accumulator>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [16, 512, 64], warp = [16, 64, 64], stages = 16, partition = striped>, split_k = 4, threads = 256, smem = 296976, kernel = "toobig_0_m1">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// Partial sums over an unbounded M range: the runtime sizes the workspace
// for the largest M of a range, which this one does not have.
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @unbounded(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    // expected-error @+1 {{dispatch entry 0 (unbounded_0_m1) reduces partial sums (split_k = 1, stream_k) over an unbounded M range; its workspace would grow with M: bound the range}}
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.decode = #humming.decode<bits = 4, subtract = 1032>,
        humming.dequant = #humming.dequant<zero_point = decode_constant, scale = accumulator>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [16, 256, 64], warp = [16, 64, 64], stages = 4, partition = stream_k>, threads = 128, smem = 42000, kernel = "unbounded_0_m1">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @both(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    // expected-error @+1 {{dispatch entry 0 (both_0_m1) is stream_k with split_k = 4; stream-K takes split_k = 1}}
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.decode = #humming.decode<bits = 4, subtract = 1032>,
        humming.dequant = #humming.dequant<zero_point = decode_constant, scale = accumulator>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 16, tuning = <block = [16, 256, 64], warp = [16, 64, 64], stages = 4, partition = stream_k>, split_k = 4, threads = 128, smem = 42000, kernel = "both_0_m1">,
                            #humming.dispatch_entry<m_min = 17, m_max = 0, tuning = <block = [16, 256, 64], warp = [16, 64, 64], stages = 4>, threads = 128, smem = 42000, kernel = "both_0_m17">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// A K split as one thread-block cluster needs sm_90 (distributed shared
// memory, cluster barriers): refused before any IR is generated.
module attributes {humming.target = #humming.target<chip = "a100", arch = sm_80, sms = 108, smem_per_block = 166912>} {
  func.func @clarch(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    // expected-error @+1 {{humming: thread-block clusters (a K split reduced through distributed shared memory) need sm_90 or newer, target is sm_80}}
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.decode = #humming.decode<bits = 4, subtract = 1032>,
        humming.dequant = #humming.dequant<zero_point = decode_constant, scale = accumulator>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 16, tuning = <block = [16, 256, 64], warp = [16, 32, 64], stages = 8, partition = cluster>, split_k = 4, threads = 256, smem = 82960, kernel = "clarch_0_m1">,
                            #humming.dispatch_entry<m_min = 17, m_max = 0, tuning = <block = [128, 128, 64], warp = [64, 64, 64], stages = 4>, threads = 128, smem = 82448, kernel = "clarch_0_m17">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// ... and every unit resident at once: at M = 64 the 16-row tiles make 4 M
// tiles x 16 N tiles x 4 splits = 256 CTAs, more than the 132 slots.
module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132, smem_per_block = 232448>} {
  func.func @clwave(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    // expected-error @+1 {{a K split as one cluster needs 2..8 splits, no stream-K or warp specialization, and a bounded M range whose units (here 256 at M = 64) fit the 132 CTA slots at once}}
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.decode = #humming.decode<bits = 4, subtract = 1032>,
        humming.dequant = #humming.dequant<zero_point = decode_constant, scale = accumulator>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 64, tuning = <block = [16, 256, 64], warp = [16, 32, 64], stages = 8, partition = cluster>, split_k = 4, threads = 256, smem = 82960, kernel = "clwave_0_m1">,
                            #humming.dispatch_entry<m_min = 17, m_max = 0, tuning = <block = [128, 128, 64], warp = [64, 64, 64], stages = 4>, threads = 128, smem = 82448, kernel = "clwave_0_m17">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}

// -----

// A planned module edited by hand skips humming-select-pipeline's check of
// the table: the builder still refuses what it cannot emit, before any IR
// (the NVPTX backend aborts on a wgmma for sm_80).
module attributes {humming.target = #humming.target<chip = "a100", arch = sm_80, sms = 108, smem_per_block = 166912>} {
  func.func @wga(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    // expected-error @+1 {{humming: wgmma pipeline needs sm_90a, target is sm_80}}
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.decode = #humming.decode<bits = 4, subtract = 1032>,
        humming.dequant = #humming.dequant<zero_point = decode_constant, scale = accumulator>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 0, tuning = <block = [64, 128, 64], warp = [64, 128, 64], stages = 4, pipeline = wgmma>, threads = 128, smem = 49680, kernel = "wga_0_m1">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}
