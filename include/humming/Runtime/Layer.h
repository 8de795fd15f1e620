//===- Layer.h - A compiled layer: weights, kernels, dispatch by M ---------===//
//
// The C++ face of the runtime (the C API wraps it one to one). A Layer owns
// its compiled kernel set, its weights in the kernel layout on the GPU, and a
// split-K workspace per CUDA stream. run() picks the dispatch entry for M and
// launches on the caller's stream with no allocation (after the first call on
// a stream) and no host synchronization, so it can be captured in a CUDA
// graph. All methods are thread-safe.
//
//===----------------------------------------------------------------------===//

#ifndef HUMMING_RUNTIME_LAYER_H
#define HUMMING_RUNTIME_LAYER_H

#include "humming/Kernel/KernelLayout.h"
#include "humming/Runtime/Compiler.h"
#include "humming/Runtime/CudaDriver.h"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>

namespace humming::runtime {

class Layer {
public:
  static Expected<std::unique_ptr<Layer>> create(const std::string &spec);
  ~Layer();

  const CompiledLayer &compiled() const { return compiled_; }
  const kernel::OperandSizes &sizes() const { return sizes_; }
  kernel::KernelOperandPlan operandPlan() const;
  /// JSON: spec, target, plans, dispatch table, operand sizes, timings.
  const std::string &describe() const { return description_; }
  /// The PTX of every kernel, concatenated.
  const std::string &ptx() const { return ptx_; }
  /// The canonical spec text.
  const std::string &specText() const { return specText_; }

  /// Standard -> kernel layout on the CPU into caller buffers.
  Status repackHost(const void *weight, const void *scale,
                    const void *zeroPoint, void *weightOut, void *scaleOut,
                    void *zeroPointOut) const;
  /// Host or device pointers (detected), standard layout.
  Status loadWeights(const void *weight, const void *scale,
                     const void *zeroPoint, const void *bias, CUstream stream);
  Status run(const void *a, void *c, int64_t m, CUstream stream);

  /// CTAs of dispatch entry `entry` the GPU keeps resident on one SM
  /// (cuOccupancyMaxActiveBlocksPerMultiprocessor), to compare with the
  /// plan's ctas_per_sm. Loads the kernels: needs a GPU.
  Expected<int> residentCtasPerSm(size_t entry);

  /// Index of the dispatch entry serving M.
  size_t entryFor(int64_t m) const;

private:
  Layer() = default;
  Status ensureModulesLoaded();
  Status allocateKernelOperands();
  Status uploadKernelOperands(const kernel::KernelOperands &ops);
  /// All operands in device memory: repack with the GPU kernels on `stream`.
  Status repackOnDevice(const void *weight, const void *scale,
                        const void *zeroPoint, const void *bias,
                        CUstream stream);

  struct Workspace {
    CUdeviceptr partials = 0, counters = 0;
  };
  Expected<Workspace> workspaceFor(CUstream stream);

  CompiledLayer compiled_;
  kernel::OperandSizes sizes_;
  std::string description_, ptx_, specText_;

  std::mutex mutex_;
  CudaDriver *driver_ = nullptr;
  CUcontext context_ = nullptr;
  std::vector<CUmodule> modules_;
  std::vector<CUfunction> functions_;
  std::vector<CUfunction> repackFunctions_; ///< per compiled_.repackKernels
  bool weightsLoaded_ = false;
  CUdeviceptr weight_ = 0, groupScale_ = 0, zero_ = 0, channelScale_ = 0,
              bias_ = 0;
  int64_t workspaceBytes_ = 0, counterCount_ = 0;
  /// Bytes of the weights an L2 access-policy window covers (the device's
  /// maximum window, at most the weights); 0: launches without one.
  size_t streamingWindowBytes_ = 0;
  std::atomic<bool> windowRefused_{false};
  std::map<CUstream, Workspace> workspaces_;
};

/// The cache the runtime uses ($HUMMING_CACHE_DIR or the default).
const DiskCache &runtimeCache();

} // namespace humming::runtime

#endif
