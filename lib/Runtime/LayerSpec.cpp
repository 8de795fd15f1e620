//===- LayerSpec.cpp - Parsing and printing layer specs --------------------===//

#include "humming/Runtime/LayerSpec.h"

#include "humming/Kernel/DispatchText.h"
#include "humming/Runtime/CudaDriver.h"
#include "humming/Target/Capability.h"

#include <map>
#include <set>
#include <sstream>

using namespace humming;
using namespace humming::runtime;
using format::NumericFormat;

namespace {
Status invalid(std::string msg) {
  return Status::error(StatusCode::InvalidArgument, "layer spec: " + msg);
}

bool parseInt(const std::string &s, int64_t &out) {
  if (s.empty())
    return false;
  char *end = nullptr;
  long long v = std::strtoll(s.c_str(), &end, 10);
  if (*end != '\0')
    return false;
  out = v;
  return true;
}

/// `value`'s entry among `choices` (name, enum value) into `out`; false when
/// it names none of them.
template <typename E>
bool parseChoice(const std::string &value,
                 std::initializer_list<std::pair<const char *, E>> choices,
                 E &out) {
  for (const auto &[name, e] : choices)
    if (value == name) {
      out = e;
      return true;
    }
  return false;
}

bool parseBool(const std::string &s, bool &out) {
  if (s == "1" || s == "true") {
    out = true;
    return true;
  }
  if (s == "0" || s == "false") {
    out = false;
    return true;
  }
  return false;
}

/// The chip the current GPU is: the known chip of its arch with the SM count
/// and shared memory the driver reports.
Expected<target::ChipDesc> currentDeviceChip() {
  auto arch = deviceArch(0);
  if (!arch)
    return arch.takeStatus();
  auto drv = CudaDriver::get();
  if (!drv)
    return drv.takeStatus();
  target::ChipDesc chip;
  auto parsed = target::Arch::parse(*arch);
  if (!parsed)
    return Status::error(StatusCode::Unsupported,
                         "this GPU's arch " + *arch + " is not supported");
  for (const target::ChipDesc &c : target::knownChips())
    if (c.arch == *parsed) {
      chip = c;
      break;
    }
  chip.arch = *parsed;
  chip.name = "device";
  CUdevice dev = 0;
  int sms = 0, smem = 0;
  (*drv)->cuDeviceGet(&dev, 0);
  if ((*drv)->cuDeviceGetAttribute(&sms, kAttrMultiprocessorCount, dev) == 0)
    chip.smCount = sms;
  if ((*drv)->cuDeviceGetAttribute(&smem, kAttrMaxSharedMemoryPerBlockOptin,
                                   dev) == 0)
    chip.smemPerBlock = smem;
  return chip;
}
} // namespace

Expected<LayerSpec> humming::runtime::parseLayerSpec(const std::string &text,
                                                     bool forCompile) {
  static const std::set<std::string> known = {
      "n",          "k",          "weight",     "activation",    "output",
      "scale",      "group_size", "scale_type", "zero_point",    "implicit_zero",
      "bias",       "target",     "sms",        "smem",          "dispatch"};
  std::map<std::string, std::string> kv;
  std::istringstream in(text);
  std::string tok;
  while (in >> tok) {
    size_t eq = tok.find('=');
    if (eq == std::string::npos || eq == 0)
      return invalid("'" + tok + "' is not key=value");
    std::string key = tok.substr(0, eq), value = tok.substr(eq + 1);
    if (!known.count(key))
      return invalid("unknown key '" + key + "'");
    if (kv.count(key))
      return invalid("key '" + key + "' given twice");
    kv[key] = value;
  }
  LayerSpec spec;
  kernel::GemmProblem &p = spec.problem;
  for (const char *req : {"n", "k", "weight"})
    if (!kv.count(req))
      return invalid(std::string("missing required key '") + req + "'");
  if (!parseInt(kv["n"], p.n) || p.n <= 0)
    return invalid("n = '" + kv["n"] + "' is not a positive integer");
  if (!parseInt(kv["k"], p.k) || p.k <= 0)
    return invalid("k = '" + kv["k"] + "' is not a positive integer");
  auto fmt = [&](const std::string &key, const std::string &dflt,
                 NumericFormat &out) -> Status {
    std::string name = kv.count(key) ? kv[key] : dflt;
    std::string err;
    auto f = NumericFormat::parse(name, &err);
    if (!f)
      return invalid(key + " = '" + name + "': " + err);
    out = *f;
    return Status::ok();
  };
  if (Status s = fmt("weight", "", p.weight.format); !s)
    return s;
  if (Status s = fmt("activation", "float16", p.activation.format); !s)
    return s;
  // Output and scales default to the activation type when it is a 16-bit
  // float; quantized activations (fp8, int8, ...) give float16 ones.
  const NumericFormat &act = p.activation.format;
  std::string outName = act == NumericFormat::f16() || act == NumericFormat::bf16()
                            ? act.name()
                            : NumericFormat::f16().name();
  if (Status s = fmt("output", outName, p.output); !s)
    return s;
  if (Status s = fmt("scale_type", outName, p.weight.scaleFormat); !s)
    return s;
  using format::ScaleGranularity;
  std::string scale = kv.count("scale") ? kv["scale"] : "channel";
  if (!parseChoice(scale,
                   {{"channel", ScaleGranularity::Channel},
                    {"group", ScaleGranularity::Group},
                    {"none", ScaleGranularity::None}},
                   p.weight.scale))
    return invalid("scale = '" + scale + "': expected channel, group or none");
  if (kv.count("group_size") && !parseInt(kv["group_size"], p.weight.groupSize))
    return invalid("group_size = '" + kv["group_size"] + "' is not an integer");
  using format::ZeroPointKind;
  std::string zp = kv.count("zero_point") ? kv["zero_point"] : "none";
  if (!parseChoice(zp,
                   {{"none", ZeroPointKind::None},
                    {"integer", ZeroPointKind::Integer},
                    {"float", ZeroPointKind::Float}},
                   p.weight.zeroPoint))
    return invalid("zero_point = '" + zp + "': expected none, integer or float");
  if (kv.count("implicit_zero") &&
      !parseBool(kv["implicit_zero"], p.weight.implicitZero))
    return invalid("implicit_zero = '" + kv["implicit_zero"] + "': expected 0 or 1");
  if (kv.count("bias") && !parseBool(kv["bias"], p.bias))
    return invalid("bias = '" + kv["bias"] + "': expected 0 or 1");

  if (kv.count("target")) {
    spec.targetName = kv["target"];
    if (auto chip = target::lookupChip(spec.targetName)) {
      p.chip = *chip;
    } else {
      std::string err;
      auto arch = target::Arch::parse(spec.targetName, &err);
      if (!arch)
        return invalid("target = '" + spec.targetName +
                       "': neither a known chip nor an arch (" + err + ")");
      bool found = false;
      for (const target::ChipDesc &c : target::knownChips())
        if (c.arch == *arch) {
          p.chip = c;
          found = true;
          break;
        }
      if (!found) {
        // Name the archs there are chips of: "sm_90" is usually meant as
        // sm_90a, the arch-specific target the H100 and H200 kernels need.
        std::string known;
        for (const target::ChipDesc &c : target::knownChips())
          known += (known.empty() ? "" : ", ") + c.arch.name() + " (" +
                   c.name + ")";
        return Status::error(StatusCode::Unsupported,
                             "target " + arch->name() +
                                 ": no known chip of this arch; known: " +
                                 known);
      }
    }
  } else if (forCompile) {
    spec.targetName = "device";
    auto chip = currentDeviceChip();
    if (!chip)
      return Status::error(chip.status().code(),
                           chip.status().message() +
                               " (name target=... to compile without a GPU)");
    p.chip = *chip;
  }

  // The chip's SM count and shared memory can be overridden (the spec of a
  // layer compiled for "the current GPU" records them this way).
  for (auto [key, field] : {std::pair<const char *, int64_t *>{"sms", &p.chip.smCount},
                            {"smem", &p.chip.smemPerBlock}})
    if (kv.count(key) && (!parseInt(kv[key], *field) || *field <= 0))
      return invalid(std::string(key) + " = '" + kv[key] +
                     "' is not a positive integer");

  if (kv.count("dispatch")) {
    std::string err;
    auto table = kernel::parseDispatch(kv["dispatch"], &err);
    if (!table)
      return invalid(err);
    spec.dispatch = std::move(*table);
  }

  // Scheme rules are argument errors; arch and pipeline rules are
  // "unsupported" (a legal request this target cannot serve).
  if (auto e = format::validate(p.weight))
    return invalid(*e);
  if (auto e = format::validateShape(p.weight, p.n, p.k))
    return invalid(*e);
  if (!forCompile)
    return spec;
  if (auto e = kernel::checkMmaSyncProblem(p))
    return Status::error(StatusCode::Unsupported,
                         "layer cannot be compiled for " + p.chip.arch.name() +
                             ": " + *e);
  return spec;
}

std::string LayerSpec::canonical() const {
  const kernel::GemmProblem &p = problem;
  std::ostringstream os;
  os << "n=" << p.n << " k=" << p.k << " weight=" << p.weight.format.name()
     << " activation=" << p.activation.format.name()
     << " output=" << p.output.name()
     << " scale=" << format::toString(p.weight.scale);
  if (p.weight.scale == format::ScaleGranularity::Group)
    os << " group_size=" << p.weight.groupSize;
  os << " scale_type=" << p.weight.scaleFormat.name()
     << " zero_point=" << format::toString(p.weight.zeroPoint)
     << " implicit_zero=" << (p.weight.implicitZero ? 1 : 0)
     << " bias=" << (p.bias ? 1 : 0) << " target="
     << (target::lookupChip(p.chip.name) ? p.chip.name : p.chip.arch.name())
     << " sms=" << p.chip.smCount << " smem=" << p.chip.smemPerBlock;
  if (!dispatch.empty())
    os << " dispatch=" << kernel::formatDispatch(dispatch);
  return os.str();
}
