//===- Passes.td - humming passes --------------------------*- tablegen -*-===//
//
// The lowering of humming.gemm, one pass per decision (docs/architecture.md):
// attach-target -> decode-formats -> fuse-dequant -> select-pipeline ->
// lower-gemm, then the upstream GPU lowering (the humming-to-cubin pipeline).
// Every pass records its decision as an attribute, so humming-opt can stop
// after any of them and a lit test can check it.
//
//===----------------------------------------------------------------------===//

#ifndef HUMMING_TRANSFORMS_PASSES_TD
#define HUMMING_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def HummingAttachTarget : Pass<"humming-attach-target", "::mlir::ModuleOp"> {
  let summary = "Sets the module's humming.target from a chip or arch name";
  let description = [{
    `target` is a known chip (`h200`, `a100`, `l40s`, ...) or an arch
    (`sm_80`, `sm_86`, `sm_89`, `sm_90a`), which stands for the known chip of
    that arch. An existing `humming.target` is replaced.
  }];
  let options = [Option<"target", "target", "std::string", "\"\"",
                        "chip or arch name">];
}

def HummingDecodeFormats : Pass<"humming-decode-formats", "::mlir::ModuleOp"> {
  let summary = "Chooses how each GEMM's weight codes are decoded";
  let description = [{
    Checks every `humming.gemm` against the support matrix of its target
    (errors name the rule; nothing is generated for an illegal request),
    normalizes the weight scheme to the standard format (intN codes become
    uintN with an implicit zero of 2^(N-1)) and records the decode strategy
    per (weight format, activation type, arch) as `humming.decode`.
  }];
}

def HummingFuseDequant : Pass<"humming-fuse-dequant", "::mlir::ModuleOp"> {
  let summary = "Places zero points, scales and bias where they cost least";
  let description = [{
    Records `humming.dequant`: channel scales on the fp32 accumulators,
    group scales in the B fragment, implicit zeros folded into the decode
    constant, explicit zero points in the B fragment, bias in the epilogue.
    Needs `humming.decode`.
  }];
}

def HummingSelectPipeline : Pass<"humming-select-pipeline", "::mlir::ModuleOp"> {
  let summary = "Builds each GEMM's M-range dispatch table from the target";
  let description = [{
    From the target's SM count, shared memory and bandwidth, picks per M
    range the CTA and warp tiles, pipeline stages and the K split, and
    records them as `humming.dispatch` (an array of
    `#humming.dispatch_entry`). `target` overrides the module's target.
    A GEMM that already has a `humming.dispatch` (written by hand or by an
    autotuner) keeps it, after checking every entry against what the kernel
    builders and the launch take (humming/Kernel/EntryRules.h): a bad entry
    is an error naming it; remove the attribute to plan it again.
  }];
  let options = [Option<"target", "target", "std::string", "\"\"",
                        "chip or arch name (default: the module's target)">];
}

def HummingLowerGemm : Pass<"humming-lower-gemm", "::mlir::ModuleOp"> {
  let summary = "Builds the kernels of each GEMM's dispatch table";
  let description = [{
    For every `humming.gemm` with a dispatch table, emits a `gpu.module`
    holding one `gpu.func` kernel (NVVM, LLVM, arith and scf ops) per
    dispatch entry, plus the kernels that repack standard-layout operands
    into the kernel layout on the GPU (`<gemm>_repack_*`), and marks the op
    with `humming.kernels`. `entry` limits the output (the runtime compiles
    each part in parallel): `i >= 0` the kernel of dispatch entry i only,
    `-2` the repack kernels only, `-1` (default) everything.
  }];
  let options = [Option<"entry", "entry", "int", "-1",
                        "dispatch entry i, -2: repack kernels, -1: all">];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

def HummingAttachNVVMTarget
    : Pass<"humming-attach-nvvm-target", "::mlir::ModuleOp"> {
  let summary = "Gives every gpu.module the #nvvm.target of humming.target";
  let description = [{
    Reads the module's `humming.target` arch and sets the `#nvvm.target`
    (chip, PTX feature, optimization level) of each `gpu.module`, so the
    module's own target decides the PTX and cubin. The PTX feature is the
    requested one raised to the oldest PTX version that names the arch
    (sm_100 needs 8.6, sm_120 8.7: LLVM aborts on an older one).
  }];
  let options = [
    Option<"ptx", "ptx", "std::string", "\"+ptx80\"",
           "PTX ISA feature (a minimum: raised to what the arch needs)">,
    Option<"optLevel", "O", "int", "3", "LLVM optimization level">];
  let dependentDialects = ["::mlir::NVVM::NVVMDialect"];
}

#endif
