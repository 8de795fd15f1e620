//===- CudaDriver.cpp - The CUDA driver API, loaded at run time -----------===//
//
// libcuda is opened once and never closed: unloading the driver while other
// libraries (or atexit handlers) may still hold contexts is a known source of
// crashes at exit, and the table is process-wide anyway. Every symbol is
// looked up under the name cuda.h maps it to (cuMemAlloc -> cuMemAlloc_v2
// and so on); cuCtxSynchronize_v2 and cuCtxGetDevice_v2 are different
// functions (they take a context), not remaps, so the plain names are used.
//
//===----------------------------------------------------------------------===//

#include "humming/Runtime/CudaDriver.h"

#include <dlfcn.h>

#include <mutex>
#include <vector>

using namespace humming::runtime;

namespace {

constexpr CUresult kCudaSuccess = 0;

/// Looks `name` up in `handle`; false (and `fn` null) when it is missing.
template <typename Fn> bool resolve(void *handle, Fn &fn, const char *name) {
  fn = reinterpret_cast<Fn>(dlsym(handle, name));
  return fn != nullptr;
}

std::string dlErrorText() {
  const char *err = dlerror();
  return err ? err : "unknown dlopen error";
}

/// Primary contexts this process retained, by device ordinal: each one is
/// retained once and kept for the life of the process, so threads that call
/// ensureContext() repeatedly do not grow the driver's reference count.
std::mutex primaryMutex;
std::vector<CUcontext> primaryContexts;

} // namespace

Expected<CudaDriver *> CudaDriver::get() {
  struct Loaded {
    CudaDriver *driver = nullptr;
    Status status;
  };
  // A function-local static is initialized exactly once, thread-safely.
  static const Loaded loaded = [] {
    Loaded out;
    auto fail = [&](std::string msg) {
      out.status = Status::error(StatusCode::NoDevice, std::move(msg));
      return out;
    };
    dlerror();
    void *handle = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      std::string first = dlErrorText();
      // Some installs (stub-only or unusual layouts) provide just the
      // unversioned name.
      handle = dlopen("libcuda.so", RTLD_NOW | RTLD_LOCAL);
      if (!handle)
        return fail("no CUDA driver (libcuda.so.1 not found): " + first);
    }

    // Value-initialization zeroes every entry point before resolution.
    CudaDriver *d = new CudaDriver();
    d->handle_ = handle;
    struct Entry {
      bool ok;
      const char *name;
    };
    const Entry entries[] = {
        {resolve(handle, d->cuInit, "cuInit"), "cuInit"},
        {resolve(handle, d->cuDriverGetVersion, "cuDriverGetVersion"),
         "cuDriverGetVersion"},
        {resolve(handle, d->cuDeviceGet, "cuDeviceGet"), "cuDeviceGet"},
        {resolve(handle, d->cuDeviceGetCount, "cuDeviceGetCount"),
         "cuDeviceGetCount"},
        {resolve(handle, d->cuDeviceGetAttribute, "cuDeviceGetAttribute"),
         "cuDeviceGetAttribute"},
        {resolve(handle, d->cuDeviceGetName, "cuDeviceGetName"),
         "cuDeviceGetName"},
        {resolve(handle, d->cuDevicePrimaryCtxRetain,
                 "cuDevicePrimaryCtxRetain"),
         "cuDevicePrimaryCtxRetain"},
        {resolve(handle, d->cuCtxGetCurrent, "cuCtxGetCurrent"),
         "cuCtxGetCurrent"},
        {resolve(handle, d->cuCtxSetCurrent, "cuCtxSetCurrent"),
         "cuCtxSetCurrent"},
        {resolve(handle, d->cuCtxGetDevice, "cuCtxGetDevice"),
         "cuCtxGetDevice"},
        {resolve(handle, d->cuCtxSynchronize, "cuCtxSynchronize"),
         "cuCtxSynchronize"},
        {resolve(handle, d->cuModuleLoadData, "cuModuleLoadData"),
         "cuModuleLoadData"},
        {resolve(handle, d->cuModuleUnload, "cuModuleUnload"),
         "cuModuleUnload"},
        {resolve(handle, d->cuModuleGetFunction, "cuModuleGetFunction"),
         "cuModuleGetFunction"},
        {resolve(handle, d->cuFuncSetAttribute, "cuFuncSetAttribute"),
         "cuFuncSetAttribute"},
        {resolve(handle, d->cuOccupancyMaxActiveBlocksPerMultiprocessor,
                 "cuOccupancyMaxActiveBlocksPerMultiprocessor"),
         "cuOccupancyMaxActiveBlocksPerMultiprocessor"},
        {resolve(handle, d->cuLaunchKernel, "cuLaunchKernel"),
         "cuLaunchKernel"},
        {resolve(handle, d->cuMemAlloc, "cuMemAlloc_v2"), "cuMemAlloc_v2"},
        {resolve(handle, d->cuMemFree, "cuMemFree_v2"), "cuMemFree_v2"},
        {resolve(handle, d->cuMemcpyHtoD, "cuMemcpyHtoD_v2"),
         "cuMemcpyHtoD_v2"},
        {resolve(handle, d->cuMemcpyDtoH, "cuMemcpyDtoH_v2"),
         "cuMemcpyDtoH_v2"},
        {resolve(handle, d->cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2"),
         "cuMemcpyHtoDAsync_v2"},
        {resolve(handle, d->cuMemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2"),
         "cuMemcpyDtoHAsync_v2"},
        {resolve(handle, d->cuMemsetD8Async, "cuMemsetD8Async"),
         "cuMemsetD8Async"},
        {resolve(handle, d->cuMemsetD32Async, "cuMemsetD32Async"),
         "cuMemsetD32Async"},
        {resolve(handle, d->cuStreamSynchronize, "cuStreamSynchronize"),
         "cuStreamSynchronize"},
        {resolve(handle, d->cuPointerGetAttribute, "cuPointerGetAttribute"),
         "cuPointerGetAttribute"},
        {resolve(handle, d->cuPointerGetAttributes, "cuPointerGetAttributes"),
         "cuPointerGetAttributes"},
        {resolve(handle, d->cuGetErrorName, "cuGetErrorName"),
         "cuGetErrorName"},
        {resolve(handle, d->cuGetErrorString, "cuGetErrorString"),
         "cuGetErrorString"},
    };
    for (const Entry &e : entries)
      if (!e.ok) {
        delete d;
        dlclose(handle);
        return fail(std::string("no CUDA driver (libcuda lacks ") + e.name +
                    "; the driver is too old or not a CUDA driver)");
      }
    // Optional entry points: the runtime works without them.
    resolve(handle, d->cuLaunchKernelEx, "cuLaunchKernelEx");

    CUresult r = d->cuInit(0);
    if (r != kCudaSuccess) {
      // The library stays loaded: cuInit may have started driver threads or
      // registered handlers, and unloading under them is not safe.
      std::string why = d->check(r, "cuInit").message();
      delete d;
      return fail("no CUDA device (" + why + ")");
    }
    int count = 0;
    r = d->cuDeviceGetCount(&count);
    if (r != kCudaSuccess) {
      std::string why = d->check(r, "cuDeviceGetCount").message();
      delete d;
      return fail("no CUDA device (" + why + ")");
    }
    if (count <= 0) {
      delete d;
      return fail("no CUDA device (the driver reports 0 devices)");
    }
    out.driver = d;
    return out;
  }();
  if (!loaded.driver)
    return loaded.status;
  return loaded.driver;
}

Status CudaDriver::check(CUresult result, const char *what) const {
  if (result == kCudaSuccess)
    return Status::ok();
  const char *name = nullptr, *text = nullptr;
  if (cuGetErrorName && cuGetErrorName(result, &name) != kCudaSuccess)
    name = nullptr;
  if (cuGetErrorString && cuGetErrorString(result, &text) != kCudaSuccess)
    text = nullptr;
  std::string msg = std::string(what ? what : "CUDA driver call") + ": ";
  msg += name ? name : "CUDA error " + std::to_string(result);
  if (text)
    msg += std::string(" (") + text + ")";
  return Status::error(StatusCode::CudaError, std::move(msg));
}

Status CudaDriver::ensureContext(int device) {
  CUcontext current = nullptr;
  if (Status s = check(cuCtxGetCurrent(&current), "cuCtxGetCurrent"); !s)
    return s;
  // The caller (e.g. a framework) already made a context current: use it.
  if (current)
    return Status::ok();
  if (device < 0)
    return Status::error(StatusCode::InvalidArgument,
                         "negative CUDA device ordinal " +
                             std::to_string(device));

  CUcontext ctx = nullptr;
  {
    std::lock_guard<std::mutex> lock(primaryMutex);
    if (size_t(device) < primaryContexts.size())
      ctx = primaryContexts[size_t(device)];
    if (!ctx) {
      CUdevice dev = 0;
      if (Status s = check(cuDeviceGet(&dev, device),
                           ("cuDeviceGet(" + std::to_string(device) + ")")
                               .c_str());
          !s)
        return s;
      if (Status s =
              check(cuDevicePrimaryCtxRetain(&ctx, dev),
                    "cuDevicePrimaryCtxRetain");
          !s)
        return s;
      if (primaryContexts.size() <= size_t(device))
        primaryContexts.resize(size_t(device) + 1, nullptr);
      primaryContexts[size_t(device)] = ctx;
    }
  }
  return check(cuCtxSetCurrent(ctx), "cuCtxSetCurrent");
}

Expected<std::string> humming::runtime::deviceArch(int device) {
  Expected<CudaDriver *> drv = CudaDriver::get();
  if (!drv)
    return drv.status();
  CudaDriver &d = **drv;
  if (device < 0)
    return Status::error(StatusCode::InvalidArgument,
                         "negative CUDA device ordinal " +
                             std::to_string(device));
  CUdevice dev = 0;
  if (Status s = d.check(d.cuDeviceGet(&dev, device),
                         ("cuDeviceGet(" + std::to_string(device) + ")")
                             .c_str());
      !s)
    return s;
  int major = 0, minor = 0;
  if (Status s = d.check(
          d.cuDeviceGetAttribute(&major, kAttrComputeCapabilityMajor, dev),
          "cuDeviceGetAttribute(compute capability major)");
      !s)
    return s;
  if (Status s = d.check(
          d.cuDeviceGetAttribute(&minor, kAttrComputeCapabilityMinor, dev),
          "cuDeviceGetAttribute(compute capability minor)");
      !s)
    return s;
  std::string arch = "sm_" + std::to_string(major) + std::to_string(minor);
  // The arch-specific ("a") targets carry wgmma/tcgen05 and friends, which
  // the compiler uses on Hopper and datacenter Blackwell; PTX for them only
  // runs on exactly that compute capability, which is the device's own.
  if ((major == 9 && minor == 0) || major == 10)
    arch += "a";
  return arch;
}
