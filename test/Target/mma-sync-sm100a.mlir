// The humming-to-cubin pipeline for sm_100a (b200) and sm_120a (rtx5090),
// whose kernels are the mma.sync pipeline's until tcgen05 exists. Their
// PTX must be at least 8.6 / 8.7: the default +ptx80 is raised to what the
// arch needs (LLVM aborted the process on "PTX version 8.0 does not
// support target 'sm_100a'"), a newer request is kept.
// RUN: humming-opt %s '--humming-to-cubin=target=b200 format=isa entry=0' | sed -e 's/\\0A/\n/g' -e 's/\\09/ /g' | FileCheck %s --check-prefix=B200
// RUN: humming-opt %s '--humming-to-cubin=target=rtx5090 format=isa entry=0' | sed -e 's/\\0A/\n/g' -e 's/\\09/ /g' | FileCheck %s --check-prefix=RTX5090
// RUN: humming-opt %s '--humming-to-cubin=target=b200 format=isa entry=0 ptx=+ptx88' | FileCheck %s --check-prefix=NEWER
// RUN: not humming-opt %s '--humming-to-cubin=target=b200 format=isa entry=0 ptx=ptx8.6' 2>&1 | FileCheck %s --check-prefix=BAD
// A version LLVM's NVPTX backend does not know is refused: LLVM would only
// warn and write PTX of its default version.
// RUN: not humming-opt %s '--humming-to-cubin=target=b200 format=isa entry=0 ptx=+ptx99' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: %if ptxas %{ humming-opt %s '--humming-to-cubin=target=b200 format=bin' | FileCheck %s --check-prefix=BIN %}

// B200: #nvvm.target<O = 3, chip = "sm_100a", features = "+ptx86">
// B200: .version 8.6
// B200: .target sm_100a
// B200: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// RTX5090: #nvvm.target<O = 3, chip = "sm_120a", features = "+ptx87">
// RTX5090: .version 8.7
// RTX5090: .target sm_120a
// NEWER: #nvvm.target<O = 3, chip = "sm_100a", features = "+ptx88">
// BAD: error: humming-attach-nvvm-target: malformed PTX feature 'ptx8.6' (expected +ptx<version>, e.g. +ptx80)
// UNKNOWN-NOT: is not a recognized feature
// UNKNOWN: error: humming-attach-nvvm-target: PTX feature '+ptx99' is not one LLVM's NVPTX backend knows ({{.*}}ptx86, ptx87, ptx88{{.*}})
// UNKNOWN-NOT: is not a recognized feature
// BIN: gpu.binary @layer_0_kernels {{.*}}#nvvm.target<O = 3, chip = "sm_100a", features = "+ptx86">{{.*}}bin = "\7FELF

module {
  func.func @layer(%a: tensor<?x1024xf16>, %w: tensor<1000x128xi32>, %s: tensor<1000xf16>) -> tensor<?x1000xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<1000xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 1000, k = 1024>} : tensor<?x1024xf16>, tensor<1000x128xi32> -> tensor<?x1000xf16>
    return %c : tensor<?x1000xf16>
  }
}
