// The humming-to-cubin pipeline for sm_75 (Turing: no cp.async, no
// mma.m16n8k16): uint4 channel-scale weights, f16 activations, N and K of 1000 (a partial last
// k-block). The
// stages are copied through registers (a 16-byte global load, then a
// 16-byte shared store; past K the load is skipped and zeros stored), each
// k16 step's MMA is two m16n8k8, and ptxas assembles it for sm_75.
// RUN: humming-opt %s '--humming-to-cubin=target=t4 format=isa entry=0' | sed -e 's/\\0A/\n/g' -e 's/\\09/ /g' | FileCheck %s
// RUN: humming-opt %s '--humming-to-cubin=target=t4 format=isa entry=2' | sed -e 's/\\0A/\n/g' -e 's/\\09/ /g' | FileCheck %s --check-prefix=M17
// RUN: humming-opt %s '--humming-to-cubin=target=t4 format=isa' | sed -e 's/\\0A/\n/g' -e 's/\\09/ /g' | FileCheck %s --check-prefix=ALL
// The loop's refill is double-buffered in registers: its loads come before
// the iteration's barrier and their shared stores after its MMAs (the
// memory operations, barriers and MMAs in order, repeats folded).
// RUN: humming-opt %s '--humming-to-cubin=target=t4 format=isa entry=2' | sed -e 's/\\0A/\n/g' | grep -oE 'ld\.global\.v4|st\.shared\.v4|bar\.sync|mma\.sync' | uniq | tr '\n' ' ' | FileCheck %s --check-prefix=ORDER
// RUN: %if ptxas %{ humming-opt %s '--humming-to-cubin=target=t4 format=bin' | FileCheck %s --check-prefix=BIN %}
// The planner's tuning says so: cp_async = false, 2 stages, no lane queue.
// RUN: humming-opt %s '--humming-attach-target=target=t4' --humming-decode-formats --humming-fuse-dequant --humming-select-pipeline | FileCheck %s --check-prefix=PLAN
// RUN: humming-opt %s '--humming-attach-target=target=t4' --humming-decode-formats --humming-fuse-dequant --humming-select-pipeline | grep -o 'tuning = <[^>]*>' | not grep -v 'cp_async = false'

// CHECK: gpu.binary @layer_0_kernels
// CHECK: .target sm_75
// CHECK: .entry layer_0_m1(
// CHECK-DAG: ld.global.v4.b32
// CHECK-DAG: st.shared.v4.b32
// CHECK-DAG: ldmatrix.sync.aligned.m8n8.x2.shared.b16
// CHECK-DAG: mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32
// M17: .entry layer_0_m17(
// M17-DAG: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// M17-DAG: mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32
// ORDER: ld.global.v4 bar.sync mma.sync st.shared.v4 bar.sync
// ALL-NOT: cp.async
// ALL-NOT: m16n8k16

// BIN: gpu.binary @layer_0_kernels {{.*}}#nvvm.target<O = 3, chip = "sm_75", features = "+ptx80">{{.*}}bin = "\7FELF

// (stages = 2 is the default, so it is not printed; nor is cp_async = true,
// hence the grep: every entry's tuning says cp_async = false.)
// PLAN: humming.dispatch = [#humming.dispatch_entry<m_min = 1, m_max = 8, tuning = <block = [8, 128, 64], warp = [8, 32, 32], cp_async = false,
// PLAN-NOT: stages =
// PLAN-NOT: lane_queue

module {
  func.func @layer(%a: tensor<?x1000xf16>, %w: tensor<1000x125xi32>, %s: tensor<1000xf16>) -> tensor<?x1000xf16> {
    %c = humming.gemm %a, %w scales(%s : tensor<1000xf16>) {
        weight_scheme = #humming.weight<format = uint4, scale = channel>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = 1000, k = 1000>} : tensor<?x1000xf16>, tensor<1000x125xi32> -> tensor<?x1000xf16>
    return %c : tensor<?x1000xf16>
  }
}
