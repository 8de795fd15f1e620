//===- CudaDriver.h - The CUDA driver API, loaded at run time -------------===//
//
// The runtime links no CUDA library: it dlopen()s libcuda.so.1 on first use,
// so the library builds, and its non-GPU tests run, on machines without a
// driver. Only the few driver entry points the runtime needs are declared
// here, with the driver's own ABI types re-declared (no cuda.h needed).
//
//===----------------------------------------------------------------------===//

#ifndef HUMMING_RUNTIME_CUDADRIVER_H
#define HUMMING_RUNTIME_CUDADRIVER_H

#include "humming/Runtime/Status.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace humming::runtime {

// The driver ABI (identical to cuda.h; pointers are opaque).
using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;

/// Device attributes the runtime reads (values of CUdevice_attribute).
enum CudaDeviceAttribute : int {
  kAttrMultiprocessorCount = 16,
  kAttrComputeCapabilityMajor = 75,
  kAttrComputeCapabilityMinor = 76,
  kAttrMaxSharedMemoryPerMultiprocessor = 81,
  kAttrMaxSharedMemoryPerBlockOptin = 97,
  kAttrMaxAccessPolicyWindowSize = 109,
};
/// CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES.
constexpr int kFuncAttrMaxDynamicSharedBytes = 8;
/// CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT (percent of the
/// shared/L1 storage to configure as shared memory).
constexpr int kFuncAttrPreferredSharedCarveout = 9;
/// CU_POINTER_ATTRIBUTE_MEMORY_TYPE and its values.
constexpr int kPointerAttrMemoryType = 2;
constexpr unsigned kMemoryTypeHost = 1, kMemoryTypeDevice = 2,
                   kMemoryTypeUnified = 4;

/// cuLaunchKernelEx's configuration (CUlaunchConfig, CUlaunchAttribute and
/// CUaccessPolicyWindow of cuda.h), for the one attribute the runtime sets:
/// an L2 access-policy window over the weights.
struct CudaAccessPolicyWindow {
  void *basePtr;
  size_t numBytes;
  float hitRatio;
  int hitProp, missProp; ///< CUaccessProperty
};
constexpr int kLaunchAttrAccessPolicyWindow = 1; ///< CU_LAUNCH_ATTRIBUTE_...
constexpr int kAccessPropertyNormal = 0, kAccessPropertyStreaming = 1;
struct CudaLaunchAttribute {
  int id;
  char pad[4];
  union {
    char bytes[64];
    CudaAccessPolicyWindow accessPolicyWindow;
  } value;
};
struct CudaLaunchConfig {
  unsigned gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ;
  unsigned sharedMemBytes;
  CUstream hStream;
  CudaLaunchAttribute *attrs;
  unsigned numAttrs;
};
// The driver's ABI (64-bit): the layouts of cuda.h's structs.
static_assert(sizeof(CudaAccessPolicyWindow) == 32, "CUaccessPolicyWindow");
static_assert(offsetof(CudaLaunchAttribute, value) == 8 &&
                  sizeof(CudaLaunchAttribute) == 72,
              "CUlaunchAttribute");
static_assert(offsetof(CudaLaunchConfig, hStream) == 32 &&
                  offsetof(CudaLaunchConfig, attrs) == 40 &&
                  offsetof(CudaLaunchConfig, numAttrs) == 48 &&
                  sizeof(CudaLaunchConfig) == 56,
              "CUlaunchConfig");

/// The loaded driver: a table of entry points. get() loads it once
/// (thread-safe) and returns nullptr with a NoDevice status when there is no
/// driver or no GPU; nothing here ever aborts.
class CudaDriver {
public:
  static Expected<CudaDriver *> get();

  /// Makes the device's primary context current on the calling thread (when
  /// no context is current) and returns it.
  Status ensureContext(int device = 0);
  /// Formats a failed driver call as "<what>: CUDA_ERROR_... (<text>)".
  Status check(CUresult result, const char *what) const;

  CUresult (*cuInit)(unsigned);
  CUresult (*cuDriverGetVersion)(int *);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuCtxGetCurrent)(CUcontext *);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuCtxGetDevice)(CUdevice *);
  CUresult (*cuCtxSynchronize)();
  CUresult (*cuModuleLoadData)(CUmodule *, const void *);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuFuncSetAttribute)(CUfunction, int, int);
  CUresult (*cuOccupancyMaxActiveBlocksPerMultiprocessor)(int *, CUfunction,
                                                          int, size_t);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, unsigned, CUstream,
                             void **, void **);
  /// Optional (CUDA 11.8+ drivers): nullptr when the driver lacks it.
  CUresult (*cuLaunchKernelEx)(const CudaLaunchConfig *, CUfunction, void **,
                               void **) = nullptr;
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
  CUresult (*cuMemFree)(CUdeviceptr);
  CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void *, size_t);
  CUresult (*cuMemcpyDtoH)(void *, CUdeviceptr, size_t);
  CUresult (*cuMemcpyHtoDAsync)(CUdeviceptr, const void *, size_t, CUstream);
  CUresult (*cuMemcpyDtoHAsync)(void *, CUdeviceptr, size_t, CUstream);
  CUresult (*cuMemsetD8Async)(CUdeviceptr, unsigned char, size_t, CUstream);
  CUresult (*cuMemsetD32Async)(CUdeviceptr, unsigned, size_t, CUstream);
  CUresult (*cuStreamSynchronize)(CUstream);
  CUresult (*cuPointerGetAttribute)(void *, int, CUdeviceptr);
  /// Unlike cuPointerGetAttribute, succeeds (with zeroed attributes) for
  /// memory CUDA does not know, so probing a host pointer is not an error.
  CUresult (*cuPointerGetAttributes)(unsigned, int *, void **, CUdeviceptr);
  CUresult (*cuGetErrorName)(CUresult, const char **);
  CUresult (*cuGetErrorString)(CUresult, const char **);

private:
  CudaDriver() = default;
  void *handle_ = nullptr;
};

/// Compute capability of `device` as "sm_XY" (with the "a" suffix for 9.0
/// and 10.x, whose arch-specific features the compiler may use).
Expected<std::string> deviceArch(int device = 0);

} // namespace humming::runtime

#endif
