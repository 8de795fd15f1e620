//===- CppApiTest.cpp - The C++ runtime API --------------------------------===//

#include "humming/Runtime/Layer.h"

#include <gtest/gtest.h>

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
