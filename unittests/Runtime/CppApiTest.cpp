//===- CppApiTest.cpp - The C++ runtime API --------------------------------===//

#include "humming/Runtime/Compiler.h"
#include "humming/Runtime/DiskCache.h"
#include "humming/Runtime/Layer.h"
#include "humming/Runtime/LayerSpec.h"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace humming::runtime;

TEST(CppApi, ErrorsComeBackAsStatuses) {
  auto bad = Layer::create("n=64 k=64 weight=uint4 activation=bfloat16 target=sm_75");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.status().code(), StatusCode::Unsupported);
  auto ok = Layer::create("n=64 k=64 weight=int8 scale=channel target=sm_86");
  ASSERT_TRUE(ok) << ok.status().message();
  EXPECT_EQ((*ok)->entryFor(1), 0u);
  EXPECT_EQ((*ok)->entryFor(1 << 20), (*ok)->compiled().kernels.size() - 1);
  Status s = (*ok)->run(nullptr, nullptr, 1, nullptr);
  EXPECT_EQ(s.code(), StatusCode::InvalidArgument);
}

namespace {
/// The small g128 layer of these tests, with a hand dispatch table.
LayerSpec smallLayer(const std::string &dispatch) {
  auto spec = parseLayerSpec(
      "n=256 k=512 weight=uint4 scale=group group_size=128 target=sm_90a "
      "dispatch=" + dispatch);
  EXPECT_TRUE(spec) << spec.status().message();
  return spec ? *spec : LayerSpec{};
}
/// Compile options that neither read nor write a cache: the tests' cache
/// directory is never used ("/nonexistent" is creatable when run as root).
CompileOptions uncached(unsigned threads = 0) {
  CompileOptions o;
  o.threads = threads;
  o.useCache = false;
  return o;
}
const DiskCache unused("/nonexistent");
} // namespace

// A table built in C++ (not parsed from text) is checked as strictly: a
// warp grid that does not divide the block, or a tile the tuning attribute
// refuses, is the caller's error, not a division by zero.
TEST(CppApi, ATableBuiltInCodeIsChecked) {
  auto refused = [](const LayerSpec &spec, const char *needle) {
    auto r = compileLayer(spec, unused, uncached());
    ASSERT_FALSE(r) << needle;
    EXPECT_EQ(r.status().code(), StatusCode::InvalidArgument);
    EXPECT_NE(r.status().message().find(needle), std::string::npos)
        << r.status().message();
  };
  LayerSpec grid = smallLayer("1-:64x128x64:2x2x1:s3:k1");
  grid.dispatch[0].warpsM = 128;
  refused(grid, "(M: 64 over 128)");
  LayerSpec big = smallLayer("1-:64x128x64:2x2x1:s3:k1");
  big.dispatch[0].warpsM = 16;
  big.dispatch[0].warpsN = 4;
  big.dispatch[0].blockM = 256;
  refused(big, "needs 64 warps");
}

// The compile pool: one thread compiles every job of a several-entry table,
// uncached, to the same PTX the default pool makes; a malformed
// HUMMING_COMPILE_THREADS is the caller's error, not a silent default.
TEST(CppApi, CompileThreads) {
  LayerSpec spec =
      smallLayer("1-16:16x64x64:1x2x2:s3:k2,17-:64x128x64:2x2x1:s3:k1");
  auto serial = compileLayer(spec, unused, uncached(1));
  ASSERT_TRUE(serial) << serial.status().message();
  auto parallel = compileLayer(spec, unused, uncached());
  ASSERT_TRUE(parallel) << parallel.status().message();
  ASSERT_EQ(serial->kernels.size(), 2u);
  ASSERT_EQ(parallel->kernels.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_FALSE(serial->kernels[i].ptx.empty());
    EXPECT_EQ(serial->kernels[i].ptx, parallel->kernels[i].ptx) << i;
  }
  EXPECT_FALSE(serial->repack.ptx.empty());
  EXPECT_EQ(serial->repack.ptx, parallel->repack.ptx);

  for (const char *bad : {"0", "two", "-3", "4x", ""}) {
    setenv("HUMMING_COMPILE_THREADS", bad, 1);
    auto refused = compileLayer(spec, unused, uncached());
    unsetenv("HUMMING_COMPILE_THREADS");
    ASSERT_FALSE(refused) << bad;
    EXPECT_EQ(refused.status().code(), StatusCode::InvalidArgument);
    EXPECT_NE(refused.status().message().find("HUMMING_COMPILE_THREADS"),
              std::string::npos)
        << refused.status().message();
  }
  setenv("HUMMING_COMPILE_THREADS", "3", 1);
  auto three = compileLayer(spec, unused, uncached());
  unsetenv("HUMMING_COMPILE_THREADS");
  ASSERT_TRUE(three) << three.status().message();
  EXPECT_EQ(three->kernels[1].ptx, serial->kernels[1].ptx);
}
