//===- Layer.cpp - A compiled layer: weights, kernels, dispatch by M -------===//

#include "humming/Runtime/Layer.h"
#include "humming/Kernel/DispatchText.h"
#include "humming/Target/Capability.h"

#include <algorithm>
#include <cstring>
#include <sstream>

using namespace humming;
using namespace humming::runtime;

const DiskCache &humming::runtime::runtimeCache() {
  static DiskCache cache;
  return cache;
}

namespace {
Status invalid(std::string msg) {
  return Status::error(StatusCode::InvalidArgument, std::move(msg));
}

std::string jsonEscape(const std::string &s) {
  std::string o;
  for (char c : s) {
    if (c == '"' || c == '\\')
      o += '\\';
    if (c == '\n') {
      o += "\\n";
      continue;
    }
    o += c;
  }
  return o;
}

/// Where a pointer lives: 0 host (or unknown to CUDA), else the CUDA memory
/// type.
unsigned memoryType(CudaDriver *drv, const void *p) {
  if (!drv || !p)
    return 0;
  unsigned type = 0;
  int attr = kPointerAttrMemoryType;
  void *data[1] = {&type};
  if (drv->cuPointerGetAttributes(1, &attr, data, CUdeviceptr(p)) != 0)
    return 0;
  return type;
}
} // namespace

kernel::KernelOperandPlan Layer::operandPlan() const {
  return {compiled_.spec.problem, compiled_.decode, compiled_.dequant};
}

Expected<std::unique_ptr<Layer>> Layer::create(const std::string &text) {
  auto spec = parseLayerSpec(text);
  if (!spec)
    return spec.takeStatus();
  auto compiled = compileLayer(*spec, runtimeCache());
  if (!compiled)
    return compiled.takeStatus();
  std::unique_ptr<Layer> layer(new Layer());
  layer->compiled_ = std::move(*compiled);
  std::string err;
  auto sizes = kernel::operandSizes(layer->operandPlan(), &err);
  if (!sizes)
    return invalid(err);
  layer->sizes_ = *sizes;
  layer->specText_ = layer->compiled_.spec.canonical();
  const kernel::GemmProblem &p = layer->compiled_.spec.problem;
  for (const CompiledKernel &k : layer->compiled_.kernels) {
    layer->ptx_ += k.ptx;
    if (kernel::reducesPartials(k.tile)) {
      int64_t mMax = k.tile.mMax ? k.tile.mMax : k.tile.blockM;
      layer->workspaceBytes_ = std::max(layer->workspaceBytes_,
                                        kernel::workspaceBytes(k.tile, p, mMax));
      layer->counterCount_ = std::max(layer->counterCount_,
                                      kernel::counterCount(k.tile, p, mMax));
    }
  }

  std::ostringstream js;
  const CompiledLayer &c = layer->compiled_;
  js << "{\"spec\": \"" << jsonEscape(c.spec.canonical()) << "\", "
     << "\"target\": \"" << p.chip.arch.name() << "\", \"chip\": \""
     << p.chip.name << "\", \"sms\": " << p.chip.smCount
     << ", \"decode\": {\"strategy\": \"" << kernel::toString(c.decode.strategy)
     << "\", \"bits\": " << c.decode.bits
     << ", \"flip_sign\": " << (c.decode.flipSign ? "true" : "false")
     << ", \"subtract\": " << c.decode.constantSubtract
     << ", \"zero_offset\": " << c.decode.zeroPointOffset
     << ", \"exponent_offset\": " << c.decode.exponentOffset << "}"
     << ", \"dequant\": {\"zero_point\": \""
     << kernel::toString(c.dequant.zeroPoint) << "\", \"scale\": \""
     << kernel::toString(c.dequant.scale) << "\", \"bias\": \""
     << kernel::toString(c.dequant.bias) << "\"}, \"dispatch\": [";
  for (size_t i = 0; i < c.kernels.size(); ++i) {
    const CompiledKernel &k = c.kernels[i];
    js << (i ? ", " : "") << "{\"kernel\": \"" << k.name
       << "\", \"m_min\": " << k.tile.mMin << ", \"m_max\": " << k.tile.mMax
       << ", \"block\": [" << k.tile.blockM << ", " << k.tile.blockN << ", "
       << k.tile.blockK << "], \"warps\": [" << k.tile.warpsM << ", "
       << k.tile.warpsN << ", " << k.tile.warpsK << "], \"stages\": " << k.tile.stages
       << ", \"split_k\": " << k.tile.splitK
       << ", \"stream_k\": " << (k.tile.streamK ? "true" : "false")
       << ", \"cluster_split\": " << (k.tile.clusterSplit ? "true" : "false")
       << ", \"pipeline\": \"" << target::toString(k.tile.wgmma ? target::PipelineKind::Wgmma
                                          : target::PipelineKind::MmaSync)
       << "\", \"warp_specialized\": "
       << (k.tile.warpSpecialized ? "true" : "false")
       << ", \"swap_ab\": " << (k.tile.swapAB ? "true" : "false")
       << ", \"fragment_scales\": " << (k.tile.fragmentScales ? "true" : "false")
       << ", \"register_stream\": " << (k.tile.registerStream ? "true" : "false")
       << ", \"lane_queue\": " << (k.tile.laneQueue ? "true" : "false")
       << ", \"l2_prefetch\": " << k.tile.l2PrefetchRounds
       << ", \"activations_l1\": " << (k.tile.activationsL1 ? "true" : "false")
       << ", \"ctas_per_sm\": " << k.tile.ctasPerSm
       << ", \"k_blocks_per_iteration\": " << kernel::kBlocksPerIteration(k.tile)
       << ", \"group_scale_blocks\": "
       << kernel::groupScaleBlocks(k.tile, p) << ", \"threads\": "
       << k.tile.threads() << ", \"smem\": " << k.smemBytes
       << ", \"from_cache\": " << (k.fromCache ? "true" : "false")
       << ", \"milliseconds\": " << k.milliseconds
       << ", \"lower_milliseconds\": " << k.lowerMilliseconds
       << ", \"assemble_milliseconds\": " << k.assembleMilliseconds
       << ", \"assembler\": \""
       << jsonEscape(k.assembler) << "\", \"cubin_bytes\": " << k.cubin.size()
       << "}";
  }
  // The same table as dispatch text (a spec's `dispatch=`), to edit into
  // a variant of the planner's table.
  std::vector<kernel::TileConfig> table;
  for (const CompiledKernel &k : c.kernels)
    table.push_back(k.tile);
  js << "], \"dispatch_text\": \"" << jsonEscape(kernel::formatDispatch(table))
     << "\"";
  js << ", \"repack_kernels\": [";
  for (size_t i = 0; i < c.repackKernels.size(); ++i)
    js << (i ? ", " : "") << "\"" << c.repackKernels[i].name << "\"";
  js << "], \"repack_from_cache\": " << (c.repack.fromCache ? "true" : "false");
  const kernel::OperandSizes &s = layer->sizes_;
  js << ", \"operand_bytes\": {\"weight\": " << s.weight
     << ", \"scale\": " << s.scale << ", \"zero_point\": " << s.zeroPoint
     << ", \"bias\": " << s.bias << "}, \"kernel_operand_bytes\": {\"weight\": "
     << s.kWeight << ", \"group_scale\": " << s.kGroupScale
     << ", \"zero_point\": " << s.kZero << ", \"channel_scale\": "
     << s.kChannelScale << ", \"bias\": " << s.kBias
     << "}, \"workspace_bytes\": " << layer->workspaceBytes_
     << ", \"plan_milliseconds\": " << c.planMilliseconds
     << ", \"compile_milliseconds\": " << c.totalMilliseconds
     << ", \"cache_dir\": \"" << jsonEscape(runtimeCache().directory())
     << "\", \"version\": \"" << jsonEscape(versionString()) << "\"}";
  layer->description_ = js.str();
  return layer;
}

Layer::~Layer() {
  if (!driver_)
    return;
  for (CUdeviceptr p : {weight_, groupScale_, zero_, channelScale_, bias_})
    if (p)
      driver_->cuMemFree(p);
  for (auto &[stream, ws] : workspaces_) {
    if (ws.partials)
      driver_->cuMemFree(ws.partials);
    if (ws.counters)
      driver_->cuMemFree(ws.counters);
  }
  for (CUmodule m : modules_)
    if (m)
      driver_->cuModuleUnload(m);
}

size_t Layer::entryFor(int64_t m) const {
  const auto &ks = compiled_.kernels;
  for (size_t i = 0; i < ks.size(); ++i)
    if (m >= ks[i].tile.mMin && (ks[i].tile.mMax == 0 || m <= ks[i].tile.mMax))
      return i;
  return ks.size() - 1;
}

Status Layer::repackHost(const void *weight, const void *scale,
                         const void *zeroPoint, void *weightOut,
                         void *scaleOut, void *zeroPointOut) const {
  std::string err;
  auto ops = kernel::repackOnHost(operandPlan(),
                                  static_cast<const int32_t *>(weight),
                                  static_cast<const uint16_t *>(scale),
                                  zeroPoint, nullptr, &err);
  if (!ops)
    return invalid(err);
  // The B-fragment scale (group) or the fp32 channel scale is "the scale".
  if (!weightOut)
    return invalid("repack: weight_out is NULL");
  std::memcpy(weightOut, ops->weight.data(), ops->weight.size() * 4);
  if (scaleOut) {
    if (!ops->groupScale.empty())
      std::memcpy(scaleOut, ops->groupScale.data(), ops->groupScale.size() * 2);
    else if (!ops->channelScale.empty())
      std::memcpy(scaleOut, ops->channelScale.data(),
                  ops->channelScale.size() * 4);
  }
  if (zeroPointOut && !ops->zero.empty())
    std::memcpy(zeroPointOut, ops->zero.data(), ops->zero.size() * 2);
  return Status::ok();
}

Status Layer::ensureModulesLoaded() {
  if (!modules_.empty())
    return Status::ok();
  auto drv = CudaDriver::get();
  if (!drv)
    return drv.takeStatus();
  driver_ = *drv;
  if (Status s = driver_->ensureContext(); !s)
    return s;
  driver_->cuCtxGetCurrent(&context_);
  auto arch = deviceArch(0);
  if (!arch)
    return arch.takeStatus();
  const std::string &target = compiled_.spec.problem.chip.arch.name();
  // A cubin runs only on its own arch; PTX of an older arch is compiled by
  // the driver for this GPU (how sm_80/86/89 kernels run on an H200).
  bool useCubin = *arch == target;
  if (!useCubin) {
    auto dev = target::Arch::parse(*arch);
    auto tgt = compiled_.spec.problem.chip.arch;
    if (!dev || tgt.version > dev->version || tgt.archSpecific)
      return Status::error(StatusCode::Unsupported,
                           "kernels compiled for " + target +
                               " cannot run on this " + *arch + " GPU");
  }
  // The kernels that read each weight byte once (one M tile serves their
  // range) launch with an L2 access-policy window marking the weights
  // streaming (evict first): as the weights stream in they displace each
  // other, not what L2 holds for the rest of the model (measured on the
  // H200: without it, W8A16 at M <= 16 paid 1.7-2.9 us for writing back the
  // dirty lines the weights evicted; bench/NOTES.md, section 12). A launch
  // attribute rather than a cache hint in the kernel: ptxas 13.0 miscompiled
  // the hinted cp.async of some kernels.
  if (driver_->cuLaunchKernelEx) {
    CUdevice dev = 0;
    int maxWindow = 0;
    driver_->cuCtxGetDevice(&dev);
    if (driver_->cuDeviceGetAttribute(&maxWindow,
                                      kAttrMaxAccessPolicyWindowSize, dev) == 0 &&
        maxWindow > 0)
      streamingWindowBytes_ =
          size_t(std::min<int64_t>(maxWindow, sizes_.kWeight));
  }
  for (const CompiledKernel &k : compiled_.kernels) {
    CUmodule mod = nullptr;
    const std::string &image = useCubin && !k.cubin.empty() ? k.cubin : k.ptx;
    if (Status s = driver_->check(driver_->cuModuleLoadData(&mod, image.c_str()),
                                  "loading kernel module");
        !s)
      return s;
    modules_.push_back(mod);
    CUfunction fn = nullptr;
    if (Status s = driver_->check(
            driver_->cuModuleGetFunction(&fn, mod, k.name.c_str()),
            "finding kernel");
        !s)
      return s;
    if (k.smemBytes > 48 * 1024)
      if (Status s = driver_->check(
              driver_->cuFuncSetAttribute(fn, kFuncAttrMaxDynamicSharedBytes,
                                          int(k.smemBytes)),
              "raising the kernel's shared-memory limit");
          !s)
        return s;
    // A plan of several CTAs per SM needs the shared-memory carveout to hold
    // them all (plus 1 KB of system use each); the driver's own choice may
    // be smaller. A hint: the driver may still pick another configuration,
    // which residentCtasPerSm() reports.
    if (k.tile.ctasPerSm > 1) {
      CUdevice dev = 0;
      int perSm = 0;
      driver_->cuCtxGetDevice(&dev);
      if (driver_->cuDeviceGetAttribute(
              &perSm, kAttrMaxSharedMemoryPerMultiprocessor, dev) == 0 &&
          perSm > 0) {
        int64_t need = k.tile.ctasPerSm * (k.smemBytes + 1024);
        int percent = int(std::min<int64_t>(100, (need * 100 + perSm - 1) / perSm));
        driver_->cuFuncSetAttribute(fn, kFuncAttrPreferredSharedCarveout,
                                    percent);
      }
    }
    functions_.push_back(fn);
  }
  // The repack kernels: one module, one function per operand.
  const CompiledKernel &r = compiled_.repack;
  CUmodule mod = nullptr;
  const std::string &image = useCubin && !r.cubin.empty() ? r.cubin : r.ptx;
  if (Status s = driver_->check(driver_->cuModuleLoadData(&mod, image.c_str()),
                                "loading the repack kernels");
      !s)
    return s;
  modules_.push_back(mod);
  for (const kernel::RepackKernelInfo &k : compiled_.repackKernels) {
    CUfunction fn = nullptr;
    if (Status s = driver_->check(
            driver_->cuModuleGetFunction(&fn, mod, k.name.c_str()),
            "finding the repack kernel");
        !s)
      return s;
    repackFunctions_.push_back(fn);
  }
  return Status::ok();
}

Status Layer::allocateKernelOperands() {
  auto alloc = [&](CUdeviceptr &dst, int64_t bytes) -> Status {
    if (dst || !bytes)
      return Status::ok();
    return driver_->check(driver_->cuMemAlloc(&dst, size_t(bytes)),
                          "allocating the layer's weights");
  };
  for (auto [ptr, bytes] :
       {std::pair<CUdeviceptr *, int64_t>{&weight_, sizes_.kWeight},
        {&groupScale_, sizes_.kGroupScale},
        {&zero_, sizes_.kZero},
        {&channelScale_, sizes_.kChannelScale},
        {&bias_, sizes_.kBias}})
    if (Status s = alloc(*ptr, bytes); !s)
      return s;
  return Status::ok();
}

Status Layer::repackOnDevice(const void *weight, const void *scale,
                             const void *zeroPoint, const void *bias,
                             CUstream stream) {
  if (Status s = allocateKernelOperands(); !s)
    return s;
  for (size_t i = 0; i < compiled_.repackKernels.size(); ++i) {
    const kernel::RepackKernelInfo &k = compiled_.repackKernels[i];
    CUdeviceptr src = 0, dst = 0;
    switch (k.operand) {
    case kernel::RepackOperand::Weight:
      src = CUdeviceptr(weight), dst = weight_;
      break;
    case kernel::RepackOperand::Scale:
      src = CUdeviceptr(scale), dst = groupScale_;
      break;
    case kernel::RepackOperand::ZeroPoint:
      src = CUdeviceptr(zeroPoint), dst = zero_;
      break;
    case kernel::RepackOperand::ChannelScale:
      src = CUdeviceptr(scale), dst = channelScale_;
      break;
    case kernel::RepackOperand::Bias:
      src = CUdeviceptr(bias), dst = bias_;
      break;
    }
    if (!src || !dst)
      return invalid("load_weights: an operand the layer needs is missing");
    void *params[2] = {&src, &dst};
    if (Status s = driver_->check(
            driver_->cuLaunchKernel(repackFunctions_[i], unsigned(k.grid), 1, 1,
                                    unsigned(k.block), 1, 1, 0, stream, params,
                                    nullptr),
            "launching the repack kernel");
        !s)
      return s;
  }
  // The layer's weights must be complete before a run on any stream.
  return driver_->check(driver_->cuStreamSynchronize(stream),
                        "repacking the weights");
}

Status Layer::uploadKernelOperands(const kernel::KernelOperands &ops) {
  if (Status s = allocateKernelOperands(); !s)
    return s;
  struct Upload {
    CUdeviceptr dst;
    const void *src;
    size_t bytes;
  } uploads[] = {
      {weight_, ops.weight.data(), ops.weight.size() * 4},
      {groupScale_, ops.groupScale.data(), ops.groupScale.size() * 2},
      {zero_, ops.zero.data(), ops.zero.size() * 2},
      {channelScale_, ops.channelScale.data(), ops.channelScale.size() * 4},
      {bias_, ops.bias.data(), ops.bias.size() * 4}};
  for (const Upload &u : uploads)
    if (u.bytes)
      if (Status s = driver_->check(driver_->cuMemcpyHtoD(u.dst, u.src, u.bytes),
                                    "copying weights");
          !s)
        return s;
  return Status::ok();
}

Expected<int> Layer::residentCtasPerSm(size_t entry) {
  if (entry >= compiled_.kernels.size())
    return invalid("dispatch entry " + std::to_string(entry) +
                   " does not exist; the layer has " +
                   std::to_string(compiled_.kernels.size()));
  std::lock_guard<std::mutex> lock(mutex_);
  if (Status s = ensureModulesLoaded(); !s)
    return s;
  const CompiledKernel &k = compiled_.kernels[entry];
  int ctas = 0;
  if (Status s = driver_->check(
          driver_->cuOccupancyMaxActiveBlocksPerMultiprocessor(
              &ctas, functions_[entry], int(k.tile.threads()),
              size_t(k.smemBytes)),
          "querying the kernel's occupancy");
      !s)
    return s;
  return ctas;
}

Status Layer::loadWeights(const void *weight, const void *scale,
                          const void *zeroPoint, const void *bias,
                          CUstream stream) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (Status s = ensureModulesLoaded(); !s)
    return s;
  // Presence is checked before anything is launched.
  if (auto e = kernel::checkOperandsPresent(sizes_, weight, scale, zeroPoint,
                                            bias, "load_weights"))
    return invalid(*e);
  // All operands on the GPU: repack there. Otherwise device data is brought
  // to the host once, in the standard layout, and repacked with host data.
  bool allDevice = true;
  for (const void *p : {weight, scale, zeroPoint, bias})
    if (p) {
      unsigned type = memoryType(driver_, p);
      allDevice &= type == kMemoryTypeDevice || type == kMemoryTypeUnified;
    }
  if (allDevice) {
    if (Status st = repackOnDevice(weight, scale, zeroPoint, bias, stream); !st)
      return st;
    weightsLoaded_ = true;
    return Status::ok();
  }
  struct Staged {
    std::vector<uint8_t> host;
    const void *ptr = nullptr;
  };
  auto stage = [&](const void *p, int64_t bytes, const char *what,
                   Staged &out) -> Status {
    out.ptr = p;
    if (!p || !bytes)
      return Status::ok();
    unsigned type = memoryType(driver_, p);
    if (type == kMemoryTypeDevice || type == kMemoryTypeUnified) {
      out.host.resize(size_t(bytes));
      if (Status s = driver_->check(driver_->cuStreamSynchronize(stream),
                                    "waiting for the weights' stream");
          !s)
        return s;
      if (Status s = driver_->check(
              driver_->cuMemcpyDtoH(out.host.data(), CUdeviceptr(p), bytes),
              (std::string("reading ") + what).c_str());
          !s)
        return s;
      out.ptr = out.host.data();
    }
    return Status::ok();
  };
  Staged w, s, z, b;
  if (Status st = stage(weight, sizes_.weight, "weight", w); !st)
    return st;
  if (Status st = stage(scale, sizes_.scale, "scale", s); !st)
    return st;
  if (Status st = stage(zeroPoint, sizes_.zeroPoint, "zero point", z); !st)
    return st;
  if (Status st = stage(bias, sizes_.bias, "bias", b); !st)
    return st;
  std::string err;
  auto ops = kernel::repackOnHost(
      operandPlan(), static_cast<const int32_t *>(w.ptr),
      static_cast<const uint16_t *>(s.ptr), z.ptr,
      static_cast<const uint16_t *>(b.ptr), &err);
  if (!ops)
    return invalid(err);
  if (Status st = uploadKernelOperands(*ops); !st)
    return st;
  weightsLoaded_ = true;
  return Status::ok();
}

Expected<Layer::Workspace> Layer::workspaceFor(CUstream stream) {
  auto it = workspaces_.find(stream);
  if (it != workspaces_.end())
    return it->second;
  Workspace ws;
  if (workspaceBytes_ > 0) {
    if (Status s = driver_->check(
            driver_->cuMemAlloc(&ws.partials, size_t(workspaceBytes_)),
            "allocating the split-K workspace");
        !s)
      return s;
    if (Status s = driver_->check(
            driver_->cuMemAlloc(&ws.counters, size_t(counterCount_) * 4),
            "allocating the split-K counters");
        !s)
      return s;
    // Counters start at zero; each reduction leaves them at zero again.
    if (Status s = driver_->check(
            driver_->cuMemsetD32Async(ws.counters, 0, size_t(counterCount_),
                                      stream),
            "clearing the split-K counters");
        !s)
      return s;
  }
  workspaces_[stream] = ws;
  return ws;
}

Status Layer::run(const void *a, void *c, int64_t m, CUstream stream) {
  const kernel::GemmProblem &p = compiled_.spec.problem;
  if (m < 0)
    return invalid("run: m = " + std::to_string(m) + " is negative");
  if (m == 0)
    return Status::ok();
  if (m > (int64_t(1) << 30) / std::max<int64_t>(p.k, p.n))
    return invalid("run: m = " + std::to_string(m) + " is too large");
  if (!a || !c)
    return invalid("run: the activation and output pointers must not be NULL");
  if (reinterpret_cast<uintptr_t>(a) % 16 || reinterpret_cast<uintptr_t>(c) % 16)
    return invalid("run: the activation and output must be 16-byte aligned");
  std::unique_lock<std::mutex> lock(mutex_);
  if (!weightsLoaded_)
    return invalid("run: the layer has no weights; call load_weights first");
  for (auto [ptr, what] : {std::pair<const void *, const char *>{a, "activation"},
                           {c, "output"}}) {
    unsigned type = memoryType(driver_, ptr);
    if (type != kMemoryTypeDevice && type != kMemoryTypeUnified)
      return invalid(std::string("run: the ") + what +
                     " is not device memory");
  }
  if (Status s = driver_->ensureContext(); !s)
    return s;
  auto ws = workspaceFor(stream);
  if (!ws)
    return ws.takeStatus();
  size_t entry = entryFor(m);
  CUfunction fn = functions_[entry];
  lock.unlock();

  const CompiledKernel &k = compiled_.kernels[entry];
  CUdeviceptr args[9] = {CUdeviceptr(a), weight_,       groupScale_,
                         zero_,          channelScale_, bias_,
                         CUdeviceptr(c), ws->partials,  ws->counters};
  int32_t m32 = int32_t(m);
  void *params[10];
  for (int i = 0; i < 9; ++i)
    params[i] = &args[i];
  params[9] = &m32;
  unsigned grid = unsigned(kernel::gridSize(k.tile, p, m));
  const bool readsOnce = k.tile.mMax != 0 && k.tile.mMax <= k.tile.blockM;
  if (readsOnce && streamingWindowBytes_ > 0 && !windowRefused_.load()) {
    CudaLaunchAttribute attr = {};
    attr.id = kLaunchAttrAccessPolicyWindow;
    attr.value.accessPolicyWindow = {reinterpret_cast<void *>(weight_),
                                     streamingWindowBytes_, 1.0f,
                                     kAccessPropertyStreaming,
                                     kAccessPropertyNormal};
    CudaLaunchConfig config = {grid, 1, 1, unsigned(k.tile.threads()), 1, 1,
                               unsigned(k.smemBytes), stream, &attr, 1};
    if (driver_->cuLaunchKernelEx(&config, fn, params, nullptr) == 0)
      return Status::ok();
    // A driver that refuses the window (the kernel did not run): launch
    // without it from now on; a failure that is not the window's fails the
    // plain launch below too and is reported from there.
    windowRefused_.store(true);
  }
  return driver_->check(
      driver_->cuLaunchKernel(fn, grid, 1, 1, unsigned(k.tile.threads()), 1, 1,
                              unsigned(k.smemBytes), stream, params, nullptr),
      "launching the GEMM kernel");
}
