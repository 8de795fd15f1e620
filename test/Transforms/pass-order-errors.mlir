// Each humming pass refuses to run out of order or without a target, with a
// diagnostic naming what is missing (no crash, no IR generated).
// RUN: humming-opt %s -split-input-file -verify-diagnostics --humming-select-pipeline
// RUN: not humming-opt %s --humming-lower-gemm 2>&1 | FileCheck %s --check-prefix=LOWER
// RUN: not humming-opt %s --humming-attach-target 2>&1 | FileCheck %s --check-prefix=NOTARGET
// RUN: not humming-opt %s --humming-attach-target=target=sm_42 2>&1 | FileCheck %s --check-prefix=BADTARGET
// RUN: echo 'module {}' | not humming-opt --humming-attach-nvvm-target 2>&1 | FileCheck %s --check-prefix=NVVM

// LOWER: needs humming.decode, humming.dequant and humming.dispatch: run the earlier humming passes first
// NOTARGET: humming-attach-target needs target=<chip or arch>
// BADTARGET: unknown target 'sm_42'
// NVVM: humming-attach-nvvm-target: the module has no humming.target

module attributes {humming.target = #humming.target<chip = "h200", arch = sm_90a, sms = 132>} {
  func.func @not_decoded(%a: tensor<?x256xf16>, %w: tensor<256x32xi32>, %s: tensor<256xf16>) -> tensor<?x256xf16> {
    // expected-error@+1 {{needs humming.decode and humming.dequant: run humming-decode-formats and humming-fuse-dequant first}}
    %c = humming.gemm %a, %w scales(%s : tensor<256xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 256, k = 256>} : tensor<?x256xf16>, tensor<256x32xi32> -> tensor<?x256xf16>
    return %c : tensor<?x256xf16>
  }
}
