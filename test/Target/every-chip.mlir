// Every known chip either compiles a layer to PTX or refuses it with a
// diagnostic: none may reach an LLVM abort ("Cannot select", an unsupported
// PTX version), which would take the caller's process down. The first
// dispatch entry of a small uint4 g128 layer, per chip.
// RUN: humming-opt %s '--humming-to-cubin=target=a100 format=isa entry=0' | FileCheck %s --check-prefix=A100
// RUN: humming-opt %s '--humming-to-cubin=target=a10 format=isa entry=0' | FileCheck %s --check-prefix=A10
// RUN: humming-opt %s '--humming-to-cubin=target=rtx4090 format=isa entry=0' | FileCheck %s --check-prefix=RTX4090
// RUN: humming-opt %s '--humming-to-cubin=target=l40s format=isa entry=0' | FileCheck %s --check-prefix=L40S
// RUN: humming-opt %s '--humming-to-cubin=target=h100 format=isa entry=0' | FileCheck %s --check-prefix=H100
// RUN: humming-opt %s '--humming-to-cubin=target=h200 format=isa entry=0' | FileCheck %s --check-prefix=H200
// RUN: humming-opt %s '--humming-to-cubin=target=b200 format=isa entry=0' | FileCheck %s --check-prefix=B200
// RUN: humming-opt %s '--humming-to-cubin=target=rtx5090 format=isa entry=0' | FileCheck %s --check-prefix=RTX5090
// RUN: humming-opt %s '--humming-to-cubin=target=t4 format=isa entry=0' | FileCheck %s --check-prefix=T4

// A100: chip = "sm_80", features = "+ptx80"
// A10: chip = "sm_86", features = "+ptx80"
// RTX4090: chip = "sm_89", features = "+ptx80"
// L40S: chip = "sm_89", features = "+ptx80"
// H100: chip = "sm_90a", features = "+ptx81"
// H200: chip = "sm_90a", features = "+ptx81"
// B200: chip = "sm_100a", features = "+ptx86"
// RTX5090: chip = "sm_120a", features = "+ptx87"
// T4: chip = "sm_75", features = "+ptx80"

module {
  func.func @layer(%a: tensor<?x1024xf16>, %w: tensor<1000x128xi32>, %s: tensor<1000x8xf16>) -> tensor<?x1000xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<1000x8xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = group, group_size = 128>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 1000, k = 1024>} : tensor<?x1024xf16>, tensor<1000x128xi32> -> tensor<?x1000xf16>
    return %c : tensor<?x1000xf16>
  }
}
