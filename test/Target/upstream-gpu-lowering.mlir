// humming-opt carries the upstream GPU lowering and the NVVM target, so a
// gpu.module written in IR lowers to PTX (and, with ptxas, to a cubin).
// RUN: humming-opt %s --nvvm-attach-target="chip=sm_90a" --convert-gpu-to-nvvm --reconcile-unrealized-casts --gpu-module-to-binary="format=isa" | FileCheck %s --check-prefix=PTX
// RUN: %if ptxas %{ humming-opt %s --nvvm-attach-target="chip=sm_90a" --convert-gpu-to-nvvm --reconcile-unrealized-casts --gpu-module-to-binary="format=bin" | FileCheck %s --check-prefix=BIN %}

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale(%buf: memref<256xf32>, %factor: f32) kernel {
      %tid = gpu.thread_id x
      %v = memref.load %buf[%tid] : memref<256xf32>
      %r = arith.mulf %v, %factor : f32
      memref.store %r, %buf[%tid] : memref<256xf32>
      gpu.return
    }
  }
}

// PTX: gpu.binary @kernels
// PTX-SAME: .target sm_90a
// PTX-SAME: .entry scale(
// PTX-SAME: mul.rn.f32
// BIN: gpu.binary @kernels {{.*}}#nvvm.target<chip = "sm_90a">{{.*}}bin = "\7FELF
