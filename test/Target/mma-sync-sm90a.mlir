// The humming-to-cubin pipeline for sm_90a: float4e2m1 weights, bf16 activations. The PTX
// has the mma.sync pipeline's instructions, and ptxas assembles it for sm_90a.
// RUN: humming-opt %s '--humming-to-cubin=target=h200 format=isa entry=0' | sed -e 's/\\0A/\n/g' -e 's/\\09/ /g' | FileCheck %s
// RUN: humming-opt %s '--humming-to-cubin=target=h200 format=isa entry=1' | sed -e 's/\\0A/\n/g' -e 's/\\09/ /g' | FileCheck %s --check-prefix=M9
// RUN: %if ptxas %{ humming-opt %s '--humming-to-cubin=target=h200 format=bin' | FileCheck %s --check-prefix=BIN %}

// CHECK: gpu.binary @layer_0_kernels
// CHECK: .target sm_90a
// CHECK: .entry layer_0_m1(
// CHECK-DAG: cp.async.cg.shared.global [%{{[a-z0-9]+}}], [%{{[a-z0-9]+}}], 16{{(, [%a-z0-9]+)?}};
// CHECK-DAG: cp.async.wait_group 4;
// CHECK-DAG: ldmatrix.sync.aligned.m8n8.x2.shared.b16
// CHECK-DAG: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// 1..8 rows (entry 0) run the swapped kernel: the weights are the MMA's A
// operand, 8 activation rows its B (ldmatrix.x2); 9..16 (entry 1) load a
// 16-row A fragment (ldmatrix.x4).
// M9: .entry layer_0_m9(
// M9-DAG: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// M9-DAG: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32

// Every dispatch entry becomes one kernel of the cubin.
// BIN: gpu.binary @layer_0_kernels {{.*}}#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx81">{{.*}}bin = "\7FELF

module {
  func.func @layer(%a: tensor<?x1024xbf16>, %w: tensor<1000x128xi32>, %s: tensor<1000x16xbf16>) -> tensor<?x1000xbf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<1000x16xbf16>) {
        weight_scheme = #humming.weight<format = float4e2m1, scale = group, group_size = 64, scale_type = bf16>,
        activation_scheme = #humming.activation<format = bf16>,
        layer = #humming.layer<n = 1000, k = 1024>} : tensor<?x1024xbf16>, tensor<1000x128xi32> -> tensor<?x1000xbf16>
    return %c : tensor<?x1000xbf16>
  }
}
