// The planner's dispatch tables over a matrix of chips x weight schemes x
// layer shapes, against a committed snapshot (plan-snapshot.txt beside this
// file). Every tile rule (lib/Kernel/TileCandidates.cpp) is a measured one,
// so a change to any table should be deliberate and visible in review: a
// planner commit regenerates the snapshot, and its diff lists exactly the
// layers that change on every chip, not only the one the change was
// measured on.
//   HUMMING_UPDATE_PLAN_SNAPSHOT=1 build/unittests/Kernel/KernelTests \
//     --gtest_filter='PlanSnapshot.*'
#include "humming/Kernel/DispatchText.h"
#include "humming/Kernel/EntryRules.h"
#include "humming/Kernel/GemmPlan.h"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

using namespace humming;
using namespace humming::kernel;
using format::NumericFormat;
using format::ScaleGranularity;

namespace {
struct SchemeCase {
  const char *name;
  NumericFormat format;
  ScaleGranularity scale;
  int64_t groupSize;
};

/// fn(label, problem) for each layer of the matrix: chips x weight schemes
/// x shapes; label is "<chip> <scheme> <n>x<k>".
template <typename F> void forEachLayer(F fn) {
  const char *chips[] = {"a100", "a10", "rtx4090", "l40s", "h100", "h200", "b200"};
  const SchemeCase schemes[] = {
      {"uint4-channel", NumericFormat::uintN(4), ScaleGranularity::Channel, 0},
      {"uint4-g128", NumericFormat::uintN(4), ScaleGranularity::Group, 128},
      {"float4e2m1-g32", NumericFormat::floatN(4, 2, 1), ScaleGranularity::Group, 32},
      {"int8-channel", NumericFormat::intN(8), ScaleGranularity::Channel, 0},
      {"uint2-g64", NumericFormat::uintN(2), ScaleGranularity::Group, 64},
      // 4-bit g64: the wgmma tiles hold sums of runs of one k-block.
      {"uint4-g64", NumericFormat::uintN(4), ScaleGranularity::Group, 64},
  };
  // The five shapes of the small-batch targets, more model widths (the
  // planner's general rules: 5120^2, 2048 x 7168, 3584 x 18944; the 3- and
  // 5-CTA tiles of wide layers: 18944 x 3584, 37888 x 3584), N an odd
  // multiple of 64 (Falcon-7B's 4544 x 18176; 37900 x 4096, 593 tiles of
  // 64), and odd ones (N and K tails; K a multiple of 128 for the group
  // schemes).
  const std::pair<int64_t, int64_t> shapes[] = {
      {4096, 4096},  {8192, 8192},  {11008, 4096}, {4096, 11008},
      {28672, 4096}, {14336, 4096}, {5120, 5120},  {2048, 7168},
      {3584, 18944}, {18944, 3584}, {37888, 3584}, {4544, 18176},
      {37900, 4096}, {4000, 4224},  {1000, 1024}};
  for (const char *chip : chips)
    for (const SchemeCase &s : schemes)
      for (auto [n, k] : shapes) {
        GemmProblem p;
        p.weight.format = s.format;
        p.weight.scale = s.scale;
        p.weight.groupSize = s.groupSize;
        p.n = n;
        p.k = k;
        p.chip = *target::lookupChip(chip);
        fn(std::string(chip) + " " + s.name + " " + std::to_string(n) + "x" +
               std::to_string(k),
           p);
      }
}

/// One line per (chip, scheme, shape): "<chip> <scheme> <n>x<k>: <table>",
/// or the reason the layer is refused.
std::string planSnapshot() {
  std::ostringstream out;
  forEachLayer([&](const std::string &label, const GemmProblem &p) {
    out << label << ": ";
    // planDecode refuses what checkMmaSyncProblem refuses, with its
    // message.
    std::string error;
    if (auto decode = planDecode(p, &error))
      out << formatDispatch(selectTiles(p, decode->bits)) << "\n";
    else
      out << "refused: " << error << "\n";
  });
  return out.str();
}

std::vector<std::string> lines(const std::string &text) {
  std::vector<std::string> v;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);)
    v.push_back(l);
  return v;
}
} // namespace

TEST(PlanSnapshot, TablesMatchTheCommittedSnapshot) {
  const std::string path =
      std::string(HUMMING_SOURCE_DIR) + "/unittests/Kernel/plan-snapshot.txt";
  const std::string now = planSnapshot();
  if (const char *update = std::getenv("HUMMING_UPDATE_PLAN_SNAPSHOT");
      update && std::string(update) == "1") {
    std::ofstream(path) << now;
    GTEST_SKIP() << "wrote " << path;
  }
  std::ifstream in(path);
  ASSERT_TRUE(in) << "no snapshot at " << path;
  std::stringstream committed;
  committed << in.rdbuf();
  if (committed.str() == now)
    return;
  // Name the layers whose tables changed (same line order both sides).
  std::vector<std::string> was = lines(committed.str()), is = lines(now);
  std::ostringstream diff;
  int changed = 0;
  for (size_t i = 0; i < std::max(was.size(), is.size()); ++i) {
    std::string a = i < was.size() ? was[i] : "", b = i < is.size() ? is[i] : "";
    if (a != b && ++changed <= 20)
      diff << "- " << a << "\n+ " << b << "\n";
  }
  ADD_FAILURE() << changed << " layers' tables differ from " << path
                << " (if deliberate, regenerate it with "
                   "HUMMING_UPDATE_PLAN_SNAPSHOT=1 and commit the diff; the "
                   "first 20):\n"
                << diff.str();
}

// Every entry the planner gives, over the same matrix, is one the kernel
// builders emit and the runtime launches (EntryRules.h): a hand table is
// refused on these rules, and the planner must never need the refusal.
TEST(PlanSnapshot, EveryPlannedEntryKeepsTheBuildersAndLaunchRules) {
  int entries = 0;
  forEachLayer([&](const std::string &label, const GemmProblem &p) {
    auto decode = planDecode(p);
    if (!decode)
      return;
    for (const TileConfig &c : selectTiles(p, decode->bits)) {
      ++entries;
      auto why = dispatchEntryProblem(c, p, decode->bits);
      EXPECT_FALSE(why) << label << " " << formatDispatch({c}) << ": " << *why;
    }
  });
  EXPECT_GT(entries, 1000);
}
