// The register-stream loop's L2 prefetch (l2_prefetch, `:pf<n>`) on every
// arch of the mma.sync pipeline. LLVM 22's NVPTX backend selects
// llvm.nvvm.prefetch.global.L2 for sm_90+ only and aborted the whole
// process ("Cannot select: intrinsic") on sm_80 / 86 / 89 (scripts/fuzz.py,
// seed 66005); the PTX instruction is sm_20+, so there the builder writes
// it out. sm_90a keeps the intrinsic (the same PTX instruction).
// RUN: humming-opt %s '--humming-to-cubin=target=a100 format=isa entry=0' | sed -e 's/\\0A/\n/g' -e 's/\\09/ /g' | FileCheck %s --check-prefixes=CHECK,SM80
// RUN: humming-opt %s '--humming-to-cubin=target=a10 format=isa entry=0' | sed -e 's/\\0A/\n/g' -e 's/\\09/ /g' | FileCheck %s --check-prefixes=CHECK,SM86
// RUN: humming-opt %s '--humming-to-cubin=target=l40s format=isa entry=0' | sed -e 's/\\0A/\n/g' -e 's/\\09/ /g' | FileCheck %s --check-prefixes=CHECK,SM89
// RUN: humming-opt %s '--humming-to-cubin=target=h200 format=isa entry=0' | sed -e 's/\\0A/\n/g' -e 's/\\09/ /g' | FileCheck %s --check-prefixes=CHECK,SM90A
// RUN: %if ptxas %{ humming-opt %s '--humming-to-cubin=target=l40s format=bin' | FileCheck %s --check-prefix=BIN %}

// SM80: .target sm_80
// SM86: .target sm_86
// SM89: .target sm_89
// SM90A: .target sm_90a
// CHECK: .entry rspf_0_m1(
// CHECK: prefetch.global.L2 {{ *}}[%rd{{[0-9]+}}{{(\+[0-9]+)?}}];
// BIN: gpu.binary @rspf_0_kernels {{.*}}chip = "sm_89"{{.*}}bin = "\7FELF

module {
  func.func @rspf(%a: tensor<?x4096xf16>, %w: tensor<4096x512xi32>, %s: tensor<4096xf16>) -> tensor<?x4096xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<4096xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 4096, k = 4096>,
        humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 8, tuning = <block = [8, 32, 64], warp = [8, 32, 4], stages = 1, cp_async = false, ctas_per_sm = 2, swap_ab = true, register_stream = true, l2_prefetch = 3>, threads = 512, smem = 15504, kernel = "rspf_0_m1">,
                            #humming.dispatch_entry<m_min = 9, m_max = 0, tuning = <block = [128, 128, 64], warp = [64, 64, 64], stages = 4>, threads = 128, smem = 82448, kernel = "rspf_0_m9">]}
      : tensor<?x4096xf16>, tensor<4096x512xi32> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
}
