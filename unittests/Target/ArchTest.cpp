#include "humming/Target/Arch.h"

#include <gtest/gtest.h>

using humming::target::Arch;

TEST(Arch, ParsesAndPrintsEveryKnownVersion) {
  for (unsigned v : humming::target::knownArchVersions()) {
    std::string name = "sm_" + std::to_string(v);
    auto a = Arch::parse(name);
    ASSERT_TRUE(a) << name;
    EXPECT_EQ(a->version, v);
    EXPECT_FALSE(a->archSpecific);
    EXPECT_EQ(a->name(), name);
    auto suffixed = Arch::parse(name + "a");
    EXPECT_EQ(bool(suffixed), v >= 90) << name << "a";
    if (suffixed) {
      EXPECT_EQ(suffixed->name(), name + "a");
    }
  }
}

TEST(Arch, RejectsUnknownAndMalformed) {
  std::string err;
  EXPECT_FALSE(Arch::parse("sm_70", &err));
  EXPECT_NE(err.find("unsupported architecture 'sm_70'"), std::string::npos);
  EXPECT_FALSE(Arch::parse("sm_80a", &err));
  EXPECT_NE(err.find("no arch-specific"), std::string::npos);
  EXPECT_FALSE(Arch::parse("gfx90a", &err));
  EXPECT_NE(err.find("malformed"), std::string::npos);
  EXPECT_FALSE(Arch::parse("sm_", &err));
  EXPECT_FALSE(Arch::parse("sm_9000", &err));
}

TEST(Arch, KnownChipsAreConsistent) {
  auto h200 = humming::target::lookupChip("h200");
  ASSERT_TRUE(h200);
  EXPECT_EQ(h200->arch.name(), "sm_90a");
  EXPECT_EQ(h200->smCount, 132);
  EXPECT_FALSE(humming::target::lookupChip("h300"));
  for (const auto &c : humming::target::knownChips()) {
    EXPECT_GT(c.smCount, 0) << c.name;
    EXPECT_GT(c.smemPerBlock, 0) << c.name;
    EXPECT_GT(c.memoryBandwidthGBps, 0) << c.name;
    EXPECT_GT(c.peakF16Tflops, 0) << c.name;
    EXPECT_TRUE(Arch::parse(c.arch.name())) << c.name;
  }
}
