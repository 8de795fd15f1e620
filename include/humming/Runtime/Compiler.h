//===- Compiler.h - A layer spec to PTX and cubins, in process -------------===//
//
// compileLayer() builds the humming.gemm module of a spec, runs the humming
// passes up to humming-select-pipeline once (the dispatch table), then
// compiles every dispatch entry in its own thread and MLIRContext (lower-gemm
// + the upstream GPU lowering to PTX, then nvJitLink / ptxas). Each entry is
// cached on disk under a key that covers the planned IR, the entry, the PTX
// ISA, the LLVM and Humming versions and the assembler.
//
//===----------------------------------------------------------------------===//

#ifndef HUMMING_RUNTIME_COMPILER_H
#define HUMMING_RUNTIME_COMPILER_H

#include "humming/Kernel/GemmPlan.h"
#include "humming/Kernel/KernelLayout.h"
#include "humming/Runtime/DiskCache.h"
#include "humming/Runtime/LayerSpec.h"
#include "humming/Runtime/Status.h"

#include <string>
#include <vector>

namespace humming::runtime {

struct CompiledKernel {
  std::string name;
  kernel::TileConfig tile;
  int64_t smemBytes = 0;
  std::string ptx;
  std::string cubin; ///< empty when no assembler was available
  std::string assembler;
  bool fromCache = false;
  double milliseconds = 0; ///< compile (or cache load) time of this entry
  /// Of a cold compile: MLIR + LLVM to PTX, and the assembler (ptxas or
  /// nvJitLink) to a cubin; 0 when loaded from the cache.
  double lowerMilliseconds = 0, assembleMilliseconds = 0;
};

struct CompiledLayer {
  LayerSpec spec;
  kernel::DecodePlan decode;
  kernel::DequantPlan dequant;
  std::string plannedIR; ///< the module after humming-select-pipeline
  std::vector<CompiledKernel> kernels;
  /// The GPU repack kernels (one module; `name` unused) and their launches.
  CompiledKernel repack;
  std::vector<kernel::RepackKernelInfo> repackKernels;
  double planMilliseconds = 0, totalMilliseconds = 0;
};

struct CompileOptions {
  /// Compile threads: 0 takes $HUMMING_COMPILE_THREADS, else the machine's
  /// hardware threads; never more than the layer's jobs (entries + repack).
  unsigned threads = 0;
  bool useCache = true;
  std::string ptxFeature = "+ptx80";
};

Expected<CompiledLayer> compileLayer(const LayerSpec &spec,
                                     const DiskCache &cache,
                                     const CompileOptions &options = {});

/// The layer planned as compileLayer plans it before generating any code
/// (format decode, dequant fusion, pipeline selection; a hand dispatch
/// table, spec.dispatch, checked entry by entry against the kernel
/// builders' and the launch's rules and the tuning attribute's verifier):
/// OK, or compileLayer's error. Builds and plans IR, compiles nothing.
Status checkLayerTable(const LayerSpec &spec);

/// "humming-mlir <version> (LLVM <version>)".
const char *versionString();

} // namespace humming::runtime

#endif

namespace humming::runtime {
/// The spec of the first humming.gemm in an MLIR module's text (its schemes,
/// layer and target), as canonical spec text. `targetOverride` replaces the
/// module's target when not empty.
Expected<std::string> specFromIR(const std::string &ir,
                                 const std::string &targetOverride);
} // namespace humming::runtime
