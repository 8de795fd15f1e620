//===- Arch.cpp - Architectures and known chips ---------------------------===//

#include "humming/Target/Arch.h"

#include <algorithm>
#include <cctype>

namespace humming::target {

const std::vector<unsigned> &knownArchVersions() {
  static const std::vector<unsigned> versions = {75, 80, 86, 87, 89, 90,
                                                 100, 103, 110, 120, 121};
  return versions;
}

/// Architectures that have an "a" (arch-specific) variant.
static bool hasArchSpecificVariant(unsigned v) { return v >= 90; }

std::optional<Arch> Arch::parse(std::string_view s, std::string *error) {
  auto fail = [&](const std::string &msg) -> std::optional<Arch> {
    if (error)
      *error = msg;
    return std::nullopt;
  };
  std::string_view body = s;
  if (body.substr(0, 3) == "sm_")
    body.remove_prefix(3);
  bool suffix = false;
  if (!body.empty() && body.back() == 'a') {
    suffix = true;
    body.remove_suffix(1);
  }
  if (body.empty() || body.size() > 3 ||
      !std::all_of(body.begin(), body.end(),
                   [](char c) { return std::isdigit((unsigned char)c); }))
    return fail("malformed architecture '" + std::string(s) +
                "' (expected sm_<version>[a], e.g. sm_90a)");
  unsigned v = unsigned(std::stoul(std::string(body)));
  const auto &known = knownArchVersions();
  if (std::find(known.begin(), known.end(), v) == known.end()) {
    std::string list;
    for (unsigned k : known)
      list += (list.empty() ? "sm_" : ", sm_") + std::to_string(k);
    return fail("unsupported architecture '" + std::string(s) +
                "' (known: " + list + ")");
  }
  if (suffix && !hasArchSpecificVariant(v))
    return fail("architecture 'sm_" + std::to_string(v) +
                "' has no arch-specific 'a' variant");
  return Arch{v, suffix};
}

unsigned minimumPtxVersion(const Arch &arch) {
  // LLVM 22's NVPTX subtarget table (an older version makes llc abort).
  switch (arch.version) {
  case 75:
    // ldmatrix and mma.m16n8k8, which the sm_75 kernels use, are PTX 6.5.
    return 65;
  case 80:
    return 70;
  case 87:
    return 74;
  case 86:
  case 89:
    return 78;
  case 90:
    // st.async (the cluster split's end, GemmUnitEnd.cpp) is PTX 8.1.
    return 81;
  case 100:
    return 86;
  case 120:
    return 87;
  case 103:
  case 121:
    return 88;
  case 110:
    return 90;
  }
  return 90;
}

std::optional<std::string> ptxFeatureFor(const Arch &arch,
                                         std::string_view requested,
                                         std::string *error) {
  std::string_view digits = requested;
  if (digits.substr(0, 4) == "+ptx")
    digits.remove_prefix(4);
  if (digits.size() < 2 || digits.size() > 3 ||
      !std::all_of(digits.begin(), digits.end(),
                   [](char c) { return std::isdigit((unsigned char)c); })) {
    if (error)
      *error = "malformed PTX feature '" + std::string(requested) +
               "' (expected +ptx<version>, e.g. +ptx80)";
    return std::nullopt;
  }
  unsigned v = std::max(unsigned(std::stoul(std::string(digits))),
                        minimumPtxVersion(arch));
  return "+ptx" + std::to_string(v);
}

std::string Arch::name() const {
  return "sm_" + std::to_string(version) + (archSpecific ? "a" : "");
}

const std::vector<ChipDesc> &knownChips() {
  // Public spec-sheet figures (dense tensor-core peaks, no sparsity). They
  // steer heuristics only; a target attribute in IR can override any field.
  static const std::vector<ChipDesc> chips = {
      {"t4", {75, false}, 40, 65536, 4 << 20, 320, 65, 0, 130, 0},
      {"a100", {80, false}, 108, 166912, 40 << 20, 2039, 312, 0, 624, 0},
      {"a10", {86, false}, 72, 101376, 6 << 20, 600, 125, 0, 250, 0},
      {"rtx4090", {89, false}, 128, 101376, 72 << 20, 1008, 165, 330, 660, 0},
      {"l40s", {89, false}, 142, 101376, 96 << 20, 864, 362, 733, 733, 0},
      {"h100", {90, true}, 132, 232448, 50 << 20, 3350, 989, 1979, 1979, 0},
      {"h200", {90, true}, 132, 232448, 50 << 20, 4800, 989, 1979, 1979, 0},
      {"b200", {100, true}, 148, 232448, 126 << 20, 8000, 2250, 4500, 4500,
       9000},
      {"rtx5090", {120, true}, 170, 101376, 96 << 20, 1792, 209, 419, 838,
       838},
  };
  return chips;
}

std::optional<ChipDesc> lookupChip(std::string_view name) {
  for (const ChipDesc &c : knownChips())
    if (c.name == name)
      return c;
  return std::nullopt;
}

} // namespace humming::target
