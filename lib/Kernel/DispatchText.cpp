//===- DispatchText.cpp - A dispatch table as one spec value ---------------===//

#include "humming/Kernel/DispatchText.h"
#include "humming/Kernel/IterationKBlocks.h"

#include <cctype>
#include <cstdlib>
#include <sstream>

using namespace humming::kernel;

namespace {
std::vector<std::string> split(const std::string &s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  std::istringstream in(s);
  while (std::getline(in, cur, sep))
    out.push_back(cur);
  if (!s.empty() && s.back() == sep)
    out.push_back("");
  return out;
}

bool parsePositive(const std::string &s, int64_t &out) {
  if (s.empty() || s.size() > 9)
    return false;
  char *end = nullptr;
  long v = std::strtol(s.c_str(), &end, 10);
  if (*end != '\0' || v <= 0)
    return false;
  out = v;
  return true;
}

/// "AxBxC" into three positive integers.
bool parseTriple(const std::string &s, int64_t &a, int64_t &b, int64_t &c) {
  std::vector<std::string> v = split(s, 'x');
  return v.size() == 3 && parsePositive(v[0], a) && parsePositive(v[1], b) &&
         parsePositive(v[2], c);
}
} // namespace

std::optional<std::vector<TileConfig>>
humming::kernel::parseDispatch(const std::string &text, std::string *error) {
  auto fail = [&](const std::string &entry, const std::string &why) {
    if (error)
      *error = "dispatch entry '" + entry + "': " + why;
    return std::nullopt;
  };
  std::vector<TileConfig> table;
  int64_t nextM = 1;
  for (const std::string &entry : split(text, ',')) {
    if (!table.empty() && table.back().mMax == 0)
      return fail(entry, "follows the unbounded range");
    std::vector<std::string> f = split(entry, ':');
    // Too many fields is "has fields after ..." below, naming the extra one.
    if (f.size() < 5)
      return fail(entry, "expected <mMin>-<mMax>:<bm>x<bn>x<bk>:"
                         "<wm>x<wn>x<wk>:s<stages>:(k<split>|kc<split>|sk)"
                         "[:c<ctas>][:wg|:ws|:sw|:rs[:pf<n>]|:rq][:l1][:bf]"
                         "[:i<n>]");
    TileConfig c;
    size_t dash = f[0].find('-');
    if (dash == std::string::npos || !parsePositive(f[0].substr(0, dash), c.mMin))
      return fail(entry, "'" + f[0] + "' is not an M range like 1-16 or 129-");
    std::string hi = f[0].substr(dash + 1);
    if (!hi.empty() && (!parsePositive(hi, c.mMax) || c.mMax < c.mMin))
      return fail(entry, "'" + f[0] + "' is not an M range like 1-16 or 129-");
    if (c.mMin != nextM)
      return fail(entry, "starts at M = " + std::to_string(c.mMin) +
                             ", expected " + std::to_string(nextM) +
                             " (ranges cover M = 1, 2, ... without gaps)");
    nextM = c.mMax + 1;
    if (!parseTriple(f[1], c.blockM, c.blockN, c.blockK))
      return fail(entry, "'" + f[1] + "' is not a block tile like 16x256x64");
    if (!parseTriple(f[2], c.warpsM, c.warpsN, c.warpsK))
      return fail(entry, "'" + f[2] + "' is not a warp grid like 1x4x2");
    if (std::string why; !warpGridDivides(c, &why))
      return fail(entry, why);
    if (f[3].size() < 2 || f[3][0] != 's' || !parsePositive(f[3].substr(1), c.stages))
      return fail(entry, "'" + f[3] + "' is not a stage count like s4");
    if (f[4] == "sk") {
      c.streamK = true;
    } else {
      // kc<n>: the n splits of a tile are one thread-block cluster.
      c.clusterSplit = f[4].rfind("kc", 0) == 0;
      const size_t digits = c.clusterSplit ? 2 : 1;
      if (f[4].size() <= digits || f[4][0] != 'k' ||
          !parsePositive(f[4].substr(digits), c.splitK) ||
          (c.clusterSplit && c.splitK < 2))
        return fail(entry, "'" + f[4] + "' is not a K split like k1, kc2 "
                           "(the splits as one cluster) or sk (stream-K)");
    }
    // Optional fields, in this order: c<ctas>, then wg (warpgroup MMA; the
    // warp grid then counts warpgroups), ws (the same, warp-specialized) or
    // sw (mma.sync with the weights as the A operand) or rs (the same as
    // the register-stream loop, optionally followed by pf<n>) or rq (the
    // register-stream loop through each lane's queue), then l1, then bf,
    // then i<n>.
    size_t next = 5;
    auto isPipeline = [](const std::string &s) {
      return s == "wg" || s == "ws" || s == "sw" || s == "rs" || s == "rq";
    };
    // The fields after the pipeline's: l1, bf and i<n> (any may stand
    // right after the split, with no CTA count or pipeline before it).
    auto isTrailingFlag = [](const std::string &s) {
      return s == "l1" || s == "bf" ||
             (s.size() >= 2 && s[0] == 'i' &&
              std::isdigit(static_cast<unsigned char>(s[1])));
    };
    auto isFlag = [&](const std::string &s) {
      return isPipeline(s) || isTrailingFlag(s);
    };
    if (next < f.size() && !isFlag(f[next])) {
      if (f[next].size() < 2 || f[next][0] != 'c' ||
          !parsePositive(f[next].substr(1), c.ctasPerSm))
        return fail(entry,
                    "'" + f[next] + "' is not a CTAs-per-SM count like c2");
      ++next;
    }
    if (next < f.size() && !isTrailingFlag(f[next])) {
      if (!isPipeline(f[next]))
        return fail(entry, "'" + f[next] + "' is not 'wg' (warpgroup MMA), "
                                           "'ws' (warp-specialized warpgroup "
                                           "MMA), 'sw' (mma.sync, weights "
                                           "as the A operand), 'rs' (the same, "
                                           "register-stream loop), 'rq' (that "
                                           "loop through lane queues), 'l1' "
                                           "(activation copies through L1), "
                                           "'bf' (group scales in the B "
                                           "fragment) or i<n> (k-blocks per "
                                           "iteration)");
      c.laneQueue = f[next] == "rq";
      c.registerStream = f[next] == "rs" || c.laneQueue;
      c.swapAB = f[next] == "sw" || c.registerStream;
      c.wgmma = !c.swapAB;
      c.warpSpecialized = f[next] == "ws";
      ++next;
    }
    // After rs, pf<n>: the register-stream loop's L2 prefetch, n rounds on.
    if (c.registerStream && !c.laneQueue && next < f.size() &&
        f[next].rfind("pf", 0) == 0) {
      if (!parsePositive(f[next].substr(2), c.l2PrefetchRounds) ||
          c.l2PrefetchRounds > 16)
        return fail(entry, "'" + f[next] + "' is not an L2 prefetch distance "
                           "like pf2 (1..16 rounds)");
      ++next;
    }
    // Then l1: activation copies cached in L1 too (the copied kernels).
    if (next < f.size() && f[next] == "l1") {
      if (c.registerStream && !c.laneQueue)
        return fail(entry, "':l1' caches activation copies in L1; the 'rs' "
                           "loop loads its activations into registers "
                           "(already through L1) and copies none");
      c.activationsL1 = true;
      ++next;
    }
    // Then bf: group scales in the B fragment, never on per-group sums.
    if (next < f.size() && f[next] == "bf") {
      c.fragmentScales = true;
      ++next;
    }
    // Then i<n>: k-blocks per iteration of a staged loop (1, 2, 4 or 8).
    if (next < f.size() && f[next].size() >= 2 && f[next][0] == 'i') {
      if (!parsePositive(f[next].substr(1), c.iterationKBlocks) ||
          !iterationKBlocksFit(c.iterationKBlocks, c.stages) ||
          c.registerStream)
        return fail(entry, "'" + f[next] + "' is not a count of k-blocks per "
                           "iteration like i4 (" + kIterationKBlocksRule +
                           "; not for 'rs' / 'rq', whose iterations are "
                           "rounds)");
      ++next;
    }
    if (next != f.size())
      return fail(entry, "has fields after ':" + f[next - 1] + "'");
    if (c.mMax == 0 && reducesPartials(c))
      return fail(entry, "the unbounded range cannot split K (its split-K "
                         "workspace grows with M); bound it and add a "
                         "data-parallel range after it");
    table.push_back(c);
  }
  if (table.empty() || table.back().mMax != 0) {
    if (error)
      *error = "dispatch '" + text + "': the last range must be unbounded "
               "(like 129-)";
    return std::nullopt;
  }
  return table;
}

std::string humming::kernel::formatDispatch(const std::vector<TileConfig> &t) {
  std::ostringstream os;
  for (size_t i = 0; i < t.size(); ++i) {
    const TileConfig &c = t[i];
    os << (i ? "," : "") << c.mMin << "-";
    if (c.mMax)
      os << c.mMax;
    os << ":" << c.blockM << "x" << c.blockN << "x" << c.blockK << ":"
       << c.warpsM << "x" << c.warpsN << "x" << c.warpsK << ":s" << c.stages
       << ":";
    if (c.streamK)
      os << "sk";
    else
      os << (c.clusterSplit ? "kc" : "k") << c.splitK;
    if (c.ctasPerSm != 1)
      os << ":c" << c.ctasPerSm;
    if (c.wgmma)
      os << (c.warpSpecialized ? ":ws" : ":wg");
    if (c.swapAB)
      os << (c.laneQueue ? ":rq" : c.registerStream ? ":rs" : ":sw");
    if (c.l2PrefetchRounds)
      os << ":pf" << c.l2PrefetchRounds;
    if (c.activationsL1)
      os << ":l1";
    if (c.fragmentScales)
      os << ":bf";
    if (c.iterationKBlocks)
      os << ":i" << c.iterationKBlocks;
  }
  return os.str();
}
