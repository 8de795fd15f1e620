//===- Compiler.cpp - A layer spec to PTX and cubins, in process -----------===//

#include "humming/Runtime/Compiler.h"

#include "humming/Kernel/DispatchText.h"
#include "humming/Kernel/EntryRules.h"

#include "humming/Dialect/Humming/IR/HummingDialect.h"
#include "humming/Dialect/Humming/IR/HummingOps.h"
#include "humming/Runtime/Toolchain.h"
#include "humming/Target/Capability.h"
#include "humming/Transforms/Passes.h"
#include "humming/Transforms/PlanAttrs.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/GPUCommon/GPUToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVM/NVVM/Target.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <elf.h>
#include <link.h>
#include <cstring>
#include <mutex>
#include <atomic>
#include <thread>

using namespace mlir;
using namespace ::humming::runtime;
namespace hm = mlir::humming;
namespace format = ::humming::format;
namespace kernel = ::humming::kernel;
namespace target = ::humming::target;

#ifndef HUMMING_VERSION
#define HUMMING_VERSION "0.3.0"
#endif

namespace {
/// The GNU build-id of the binary holding this code (libHummingRuntime.so,
/// or a program the runtime is linked into). It changes with any change to
/// the compiler's code, so the disk cache never serves kernels an older
/// build of the kernel builder made. Read from the loaded ELF notes: no file
/// I/O, microseconds.
std::string buildId() {
  struct Search {
    uintptr_t addr;
    std::string id;
  } search{reinterpret_cast<uintptr_t>(&buildId), ""};
  dl_iterate_phdr(
      [](dl_phdr_info *info, size_t, void *data) -> int {
        auto *s = static_cast<Search *>(data);
        bool holdsUs = false;
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const ElfW(Phdr) &ph = info->dlpi_phdr[i];
          uintptr_t start = info->dlpi_addr + ph.p_vaddr;
          holdsUs |= ph.p_type == PT_LOAD && s->addr >= start &&
                     s->addr < start + ph.p_memsz;
        }
        if (!holdsUs)
          return 0;
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const ElfW(Phdr) &ph = info->dlpi_phdr[i];
          if (ph.p_type != PT_NOTE)
            continue;
          const char *p = reinterpret_cast<const char *>(info->dlpi_addr + ph.p_vaddr);
          const char *end = p + ph.p_memsz;
          while (p + sizeof(ElfW(Nhdr)) <= end) {
            auto *note = reinterpret_cast<const ElfW(Nhdr) *>(p);
            const char *name = p + sizeof(ElfW(Nhdr));
            auto *desc = reinterpret_cast<const unsigned char *>(
                name + ((note->n_namesz + 3) & ~3u));
            if (note->n_type == NT_GNU_BUILD_ID && note->n_namesz == 4 &&
                std::memcmp(name, "GNU", 4) == 0) {
              static const char *hex = "0123456789abcdef";
              for (unsigned b = 0; b < note->n_descsz; ++b) {
                s->id += hex[desc[b] >> 4];
                s->id += hex[desc[b] & 15];
              }
              return 1;
            }
            p = reinterpret_cast<const char *>(desc) + ((note->n_descsz + 3) & ~3u);
          }
        }
        return 1;
      },
      &search);
  // CMake links with --build-id; "unknown" only for a foreign link.
  return search.id.empty() ? std::string("unknown") : search.id;
}
} // namespace

const char *::humming::runtime::versionString() {
  static const std::string v = std::string("humming-mlir " HUMMING_VERSION
                                           " (LLVM ") +
                               LLVM_VERSION_STRING + ", build " + buildId() +
                               ")";
  return v.c_str();
}

namespace {

double msSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - t0)
      .count();
}

const DialectRegistry &registry() {
  static DialectRegistry *r = [] {
    auto *reg = new DialectRegistry();
    // Only what a layer module and its lowering use, so the statically
    // linked library carries no unused dialects.
    reg->insert<hm::HummingDialect, func::FuncDialect, gpu::GPUDialect,
                NVVM::NVVMDialect, LLVM::LLVMDialect, scf::SCFDialect,
                arith::ArithDialect, cf::ControlFlowDialect,
                vector::VectorDialect, index::IndexDialect, ub::UBDialect,
                tensor::TensorDialect>();
    arith::registerConvertArithToLLVMInterface(*reg);
    cf::registerConvertControlFlowToLLVMInterface(*reg);
    registerConvertFuncToLLVMInterface(*reg);
    gpu::registerConvertGpuToLLVMInterface(*reg);
    index::registerConvertIndexToLLVMInterface(*reg);
    registerConvertNVVMToLLVMInterface(*reg);
    ub::registerConvertUBToLLVMInterface(*reg);
    NVVM::registerNVVMTargetInterfaceExternalModels(*reg);
    registerBuiltinDialectTranslation(*reg);
    registerLLVMDialectTranslation(*reg);
    registerNVVMDialectTranslation(*reg);
    registerGPUDialectTranslation(*reg);
    return reg;
  }();
  return *r;
}

/// A context with every dialect loaded up front (no lazy loading from several
/// threads) and no thread pool of its own: the runtime parallelizes across
/// dispatch entries instead.
std::unique_ptr<MLIRContext> makeContext() {
  auto ctx = std::make_unique<MLIRContext>(registry(),
                                           MLIRContext::Threading::DISABLED);
  ctx->loadAllAvailableDialects();
  return ctx;
}

/// Collects diagnostics as text instead of printing them.
struct DiagnosticCollector {
  std::string text;
  ScopedDiagnosticHandler handler;
  explicit DiagnosticCollector(MLIRContext *ctx)
      : handler(ctx, [this](Diagnostic &d) {
          if (d.getSeverity() != DiagnosticSeverity::Error)
            return success();
          // The parser's follow-up ("failed to parse Humming_DispatchEntryAttr
          // parameter 'tuning' ...") repeats where, not why.
          if (!text.empty() && StringRef(d.str()).starts_with("failed to parse "))
            return success();
          if (!text.empty())
            text += "; ";
          text += d.str();
          for (const Diagnostic &n : d.getNotes())
            if (n.str().find("see current operation") == std::string::npos)
              text += " (" + n.str() + ")";
          return success();
        }) {}
};

Type elementType(MLIRContext *ctx, const format::NumericFormat &f) {
  return hm::getElementTypeFor(ctx, f);
}

/// func.func @layer(a, w, scales?, zeros?, bias?) { humming.gemm }.
OwningOpRef<ModuleOp> buildLayerModule(MLIRContext *ctx, const LayerSpec &s) {
  const kernel::GemmProblem &p = s.problem;
  OpBuilder b(ctx);
  Location loc = b.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  const target::ChipDesc &c = p.chip;
  (*module)->setAttr(
      hm::HummingDialect::getTargetAttrName(),
      hm::TargetAttr::get(ctx, c.name, c.arch, c.smCount, c.smemPerBlock,
                          c.l2Bytes, c.memoryBandwidthGBps, c.peakF16Tflops,
                          c.peakFp8Tflops, c.peakInt8Tops, c.peakFp4Tflops));
  b.setInsertionPointToEnd(module->getBody());

  const auto &w = p.weight;
  Type actTy = elementType(ctx, p.activation.format);
  auto aTy = RankedTensorType::get({ShapedType::kDynamic, p.k}, actTy);
  auto wShape = format::packedWeightShape(w, p.n, p.k);
  auto wTy = RankedTensorType::get(wShape, b.getI32Type());
  SmallVector<Type> args{aTy, wTy};
  std::optional<RankedTensorType> sTy, zTy, biasTy;
  if (auto shape = format::scaleShape(w, p.n, p.k)) {
    sTy = RankedTensorType::get(*shape, elementType(ctx, w.scaleFormat));
    args.push_back(*sTy);
    if (w.zeroPoint != format::ZeroPointKind::None) {
      zTy = RankedTensorType::get(
          *shape, w.zeroPoint == format::ZeroPointKind::Integer
                      ? Type(b.getI8Type())
                      : elementType(ctx, w.scaleFormat));
      args.push_back(*zTy);
    }
  }
  Type outTy = elementType(ctx, p.output);
  if (p.bias) {
    biasTy = RankedTensorType::get({p.n}, outTy);
    args.push_back(*biasTy);
  }
  auto cTy = RankedTensorType::get({ShapedType::kDynamic, p.n}, outTy);
  auto fn = func::FuncOp::create(b, loc, "layer", b.getFunctionType(args, cTy));
  Block *body = fn.addEntryBlock();
  b.setInsertionPointToStart(body);
  unsigned i = 2;
  Value scales = sTy ? body->getArgument(i++) : Value();
  Value zeros = zTy ? body->getArgument(i++) : Value();
  Value bias = biasTy ? body->getArgument(i++) : Value();
  auto ws = hm::WeightSchemeAttr::get(
      ctx, w.format, static_cast<hm::ScaleGranularity>(w.scale), w.groupSize,
      {}, w.scaleFormat, static_cast<hm::ZeroPointKind>(w.zeroPoint),
      w.implicitZero, hm::SecondaryScaleKind::none,
      format::NumericFormat::f32());
  auto as = hm::ActivationSchemeAttr::get(
      ctx, p.activation.format, hm::ActivationScaleGranularity::none, 0,
      format::NumericFormat::f32());
  auto layer = hm::LayerAttr::get(ctx, p.n, p.k, 0, 0, 0, p.bias);
  OperationState st(loc, hm::GemmOp::getOperationName());
  hm::GemmOp::build(b, st, cTy, body->getArgument(0), body->getArgument(1),
                    scales, zeros, Value(), Value(), bias, ws, as, layer,
                    hm::ComputeAttr(), hm::TuningAttr(), hm::TargetAttr());
  Operation *gemm = b.create(st);
  func::ReturnOp::create(b, loc, gemm->getResult(0));
  // A given dispatch table is attached for humming-select-pipeline to keep
  // (humming-lower-gemm checks it). Without a decode plan the layer is
  // refused by the passes, with their message.
  // An entry that breaks a rule of the tuning attribute is an error here,
  // through the context's diagnostics, and no module; every such error
  // names the entry, so a long table's offender is found at once.
  if (!s.dispatch.empty())
    if (auto d = kernel::planDecode(p)) {
      SmallVector<Attribute> entries;
      for (const kernel::TileConfig &c : s.dispatch) {
        auto emitError = [&] {
          InFlightDiagnostic diag = mlir::emitError(loc);
          diag << "dispatch entry " << entries.size() << " ("
               << kernel::formatDispatch({c}) << "): ";
          return diag;
        };
        // sharedMemoryBytes assumes whole warp tiles; toAttr checks the rest.
        std::string why;
        if (!kernel::warpGridDivides(c, &why)) {
          emitError() << why;
          return nullptr;
        }
        auto entry = hm::toAttr(emitError, ctx, c,
                                kernel::sharedMemoryBytes(c, p, d->bits),
                                kernel::dispatchKernelName("layer_0", c.mMin),
                                target::hasAsyncCopies(p.chip.arch));
        if (!entry)
          return nullptr;
        // What the kernel builders and the launch take, for every entry
        // before any is compiled (humming-select-pipeline checks the same,
        // but its refusal would read as an unsupported layer).
        if (auto why = kernel::dispatchEntryProblem(c, p, d->bits)) {
          emitError() << *why;
          return nullptr;
        }
        entries.push_back(entry);
      }
      gemm->setAttr(hm::kDispatchAttrName, ArrayAttr::get(ctx, entries));
    }
  return module;
}

/// Serialized cache payload: "HKRN1\n" <ptx size> "\n" <ptx> <cubin>.
std::string encodePayload(const CompiledKernel &k) {
  return "HKRN1\n" + std::to_string(k.ptx.size()) + "\n" + k.ptx + k.cubin +
         "\n" + k.assembler;
}
bool decodePayload(const std::string &s, CompiledKernel &k) {
  if (s.compare(0, 6, "HKRN1\n") != 0)
    return false;
  size_t nl = s.find('\n', 6);
  if (nl == std::string::npos)
    return false;
  size_t ptxSize = std::strtoull(s.c_str() + 6, nullptr, 10);
  size_t lastNl = s.rfind('\n');
  if (nl + 1 + ptxSize > lastNl)
    return false;
  k.ptx = s.substr(nl + 1, ptxSize);
  k.cubin = s.substr(nl + 1 + ptxSize, lastNl - (nl + 1 + ptxSize));
  k.assembler = s.substr(lastNl + 1);
  return true;
}

/// Threads compiling a layer's jobs: the option, else
/// $HUMMING_COMPILE_THREADS (a positive integer), else the hardware threads.
Expected<size_t> compileThreads(const CompileOptions &options) {
  if (options.threads)
    return size_t(options.threads);
  auto fromEnv = threadCountFromEnv("HUMMING_COMPILE_THREADS");
  if (!fromEnv || *fromEnv)
    return fromEnv;
  return size_t(std::max(1u, std::thread::hardware_concurrency()));
}

/// Lowers one dispatch entry of the planned module to PTX.
Expected<std::string> lowerEntryToPtx(const std::string &plannedIR, int entry,
                                      const std::string &ptxFeature) {
  auto ctx = makeContext();
  DiagnosticCollector diags(ctx.get());
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(plannedIR, ParserConfig(ctx.get()));
  if (!module)
    return Status::error(StatusCode::Internal,
                         "re-parsing the planned module failed: " + diags.text);
  PassManager pm(ctx.get());
  pm.addPass(hm::createHummingLowerGemm(hm::HummingLowerGemmOptions{entry}));
  hm::buildKernelToBinaryPasses(pm, "isa", ptxFeature);
  if (failed(pm.run(*module)))
    return Status::error(StatusCode::CompileError,
                         "lowering dispatch entry " + std::to_string(entry) +
                             " failed: " + diags.text);
  std::string ptx;
  module->walk([&](gpu::BinaryOp bin) {
    for (Attribute a : bin.getObjects())
      if (auto obj = dyn_cast<gpu::ObjectAttr>(a))
        ptx = obj.getObject().getValue().str();
  });
  if (ptx.empty())
    return Status::error(StatusCode::Internal,
                         "the pipeline produced no PTX for entry " +
                             std::to_string(entry));
  return ptx;
}

/// The layer's humming.gemm module before any pass, or compileLayer's error
/// for it: a hand dispatch table that breaks a rule of the kernel builders
/// or the launch, or IR that does not verify.
Expected<OwningOpRef<ModuleOp>> checkedLayerModule(MLIRContext *ctx,
                                                   const LayerSpec &spec) {
  DiagnosticCollector diags(ctx);
  OwningOpRef<ModuleOp> module = buildLayerModule(ctx, spec);
  if (!module)
    return Status::error(StatusCode::InvalidArgument,
                         "the dispatch table is invalid: " + diags.text);
  if (failed(mlir::verify(*module)))
    return Status::error(StatusCode::InvalidArgument,
                         "the layer's IR does not verify: " + diags.text);
  return module;
}

/// checkedLayerModule after format decode, dequant fusion and pipeline
/// selection (the dispatch table planned, or a hand one checked against the
/// kernel builders' and the launch's rules), or the passes' error: every
/// refusal that comes before any code is generated.
Expected<OwningOpRef<ModuleOp>> plannedLayerModule(MLIRContext *ctx,
                                                   const LayerSpec &spec) {
  auto checked = checkedLayerModule(ctx, spec);
  if (!checked)
    return checked.takeStatus();
  OwningOpRef<ModuleOp> module = std::move(*checked);
  DiagnosticCollector diags(ctx);
  PassManager pm(ctx);
  pm.addPass(hm::createHummingDecodeFormats());
  pm.addPass(hm::createHummingFuseDequant());
  pm.addPass(hm::createHummingSelectPipeline());
  if (failed(pm.run(*module)))
    return Status::error(StatusCode::Unsupported, diags.text);
  return module;
}
} // namespace

Status (::humming::runtime::checkLayerTable)(const LayerSpec &spec) {
  auto ctx = makeContext();
  auto module = plannedLayerModule(ctx.get(), spec);
  return module ? Status::ok() : module.takeStatus();
}

Expected<CompiledLayer> 
(::humming::runtime::compileLayer)(const LayerSpec &spec, const DiskCache &cache,
                               const CompileOptions &options) {
  auto t0 = std::chrono::steady_clock::now();
  CompiledLayer out;
  out.spec = spec;

  // Plan once: decode, dequant, dispatch table.
  {
    auto ctx = makeContext();
    auto planned = plannedLayerModule(ctx.get(), spec);
    if (!planned)
      return planned.takeStatus();
    OwningOpRef<ModuleOp> module = std::move(*planned);
    hm::GemmOp gemm;
    module->walk([&](hm::GemmOp op) { gemm = op; });
    out.decode = hm::fromAttr(gemm->getAttrOfType<hm::DecodeAttr>(
        hm::kDecodeAttrName));
    out.dequant = hm::fromAttr(gemm->getAttrOfType<hm::DequantAttr>(
        hm::kDequantAttrName));
    for (Attribute a :
         gemm->getAttrOfType<ArrayAttr>(hm::kDispatchAttrName)) {
      auto e = cast<hm::DispatchEntryAttr>(a);
      CompiledKernel k;
      k.name = e.getKernel().str();
      k.tile = hm::fromAttr(e);
      k.smemBytes = e.getSmem();
      out.kernels.push_back(std::move(k));
    }
    llvm::raw_string_ostream os(out.plannedIR);
    module->print(os);
    std::string base = kernel::kernelPrefixOf(out.kernels.front().name);
    out.repack.name = base + "_repack";
    out.repackKernels = kernel::planRepackKernels(
        {spec.problem, out.decode, out.dequant}, base);
  }
  out.planMilliseconds = msSince(t0);

  // The assembler is part of every key; without one the PTX is kept and the
  // driver compiles it at load time.
  auto assembler = assemblerIdentity();
  std::string assemblerId = assembler ? *assembler : "none";
  std::string keyBase = std::string(versionString()) + "\nptx " +
                        options.ptxFeature + "\nassembler " + assemblerId +
                        "\narch " + spec.problem.chip.arch.name() + "\n" +
                        out.plannedIR;

  auto threadCount = compileThreads(options);
  if (!threadCount)
    return threadCount.takeStatus();
  // Jobs 0 .. n-1: the dispatch entries; job n: the repack kernels
  // (humming-lower-gemm entry=-2).
  const size_t jobs = out.kernels.size() + 1;
  std::vector<Status> errors(jobs);
  auto compileOne = [&](size_t i) {
    auto ti = std::chrono::steady_clock::now();
    bool isRepack = i == out.kernels.size();
    CompiledKernel &k = isRepack ? out.repack : out.kernels[i];
    int entry = isRepack ? -2 : int(i);
    std::string key = keyBase + "\nentry " + std::to_string(entry);
    if (options.useCache) {
      if (auto payload = cache.load(key)) {
        CompiledKernel cached = k;
        if (decodePayload(*payload, cached)) {
          k = std::move(cached);
          k.fromCache = true;
          k.milliseconds = msSince(ti);
          return;
        }
      }
    }
    auto tl = std::chrono::steady_clock::now();
    auto ptx = lowerEntryToPtx(out.plannedIR, entry, options.ptxFeature);
    if (!ptx) {
      errors[i] = ptx.takeStatus();
      return;
    }
    k.ptx = std::move(*ptx);
    k.lowerMilliseconds = msSince(tl);
    if (assembler) {
      auto ta = std::chrono::steady_clock::now();
      auto bin = assemblePtx(k.ptx, spec.problem.chip.arch.name());
      if (!bin) {
        errors[i] = bin.takeStatus();
        return;
      }
      k.cubin = std::move(bin->cubin);
      k.assembler = bin->tool;
      k.assembleMilliseconds = msSince(ta);
    }
    if (options.useCache)
      (void)cache.store(key, encodePayload(k)); // a failed store only costs time
    k.milliseconds = msSince(ti);
  };
  // A fixed pool takes the jobs largest first (the dispatch entries grow with
  // M, so the last entry first; the repack kernels, small, last), so a
  // machine with fewer cores than jobs runs each job alone on a core and
  // reports that job's own time.
  const size_t entries = out.kernels.size();
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t j; (j = next.fetch_add(1)) < jobs;)
      compileOne(j < entries ? entries - 1 - j : entries);
  };
  const size_t threads = std::min(*threadCount, jobs);
  std::vector<std::thread> pool;
  for (size_t t = 1; t < threads; ++t)
    pool.emplace_back(worker);
  worker();
  for (auto &t : pool)
    t.join();
  for (Status &s : errors)
    if (!s.isOk())
      return std::move(s);
  out.totalMilliseconds = msSince(t0);
  return out;
}

Expected<std::string>
(::humming::runtime::specFromIR)(const std::string &ir,
                             const std::string &targetOverride) {
  auto ctx = makeContext();
  DiagnosticCollector diags(ctx.get());
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(ir, ParserConfig(ctx.get()));
  if (!module)
    return Status::error(StatusCode::InvalidArgument,
                         "the IR does not parse or verify: " + diags.text);
  hm::GemmOp gemm;
  module->walk([&](hm::GemmOp op) {
    if (!gemm)
      gemm = op;
  });
  if (!gemm)
    return Status::error(StatusCode::InvalidArgument,
                         "the IR holds no humming.gemm");
  if (!targetOverride.empty()) {
    std::string error;
    hm::TargetAttr t = hm::resolveTarget(ctx.get(), targetOverride, error);
    if (!t)
      return Status::error(StatusCode::InvalidArgument, error);
    gemm->setAttr("target", t);
  }
  // The same problem the passes see, printed as the runtime's spec text.
  auto p = hm::problemFor(gemm);
  if (failed(p))
    return Status::error(StatusCode::InvalidArgument, diags.text);
  LayerSpec spec;
  spec.problem = *p;
  // A dispatch table in the IR (hand-written or autotuned) is compiled as is.
  if (auto table = gemm->getAttrOfType<ArrayAttr>(hm::kDispatchAttrName))
    for (Attribute a : table)
      if (auto e = dyn_cast<hm::DispatchEntryAttr>(a))
        spec.dispatch.push_back(hm::fromAttr(e));
  return spec.canonical();
}
