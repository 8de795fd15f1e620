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

TEST(Arch, PtxFeatureIsRaisedToWhatTheArchNeeds) {
  auto feature = [](const char *arch, const char *requested) {
    return humming::target::ptxFeatureFor(*Arch::parse(arch), requested)
        .value_or("(none)");
  };
  // The default +ptx80 stands below sm_90 ...
  EXPECT_EQ(feature("sm_80", "+ptx80"), "+ptx80");
  // ... is raised to 8.1 for sm_90 / sm_90a, whose cluster-split kernels
  // end with st.async ...
  EXPECT_EQ(feature("sm_90a", "+ptx80"), "+ptx81");
  EXPECT_EQ(feature("sm_90", "+ptx80"), "+ptx81");
  // ... and further for the newer archs (LLVM aborts on an older one).
  EXPECT_EQ(feature("sm_100a", "+ptx80"), "+ptx86");
  EXPECT_EQ(feature("sm_103a", "+ptx80"), "+ptx88");
  EXPECT_EQ(feature("sm_110", "+ptx80"), "+ptx90");
  EXPECT_EQ(feature("sm_120a", "+ptx80"), "+ptx87");
  EXPECT_EQ(feature("sm_121", "+ptx80"), "+ptx88");
  // A newer request is kept; the "+ptx" prefix is optional.
  EXPECT_EQ(feature("sm_100a", "+ptx88"), "+ptx88");
  EXPECT_EQ(feature("sm_89", "84"), "+ptx84");
  // Every known arch has a minimum.
  for (unsigned v : humming::target::knownArchVersions())
    EXPECT_GE(humming::target::minimumPtxVersion(*Arch::parse(
                  "sm_" + std::to_string(v))),
              63u);
  std::string err;
  EXPECT_FALSE(humming::target::ptxFeatureFor(*Arch::parse("sm_90a"),
                                              "ptx8.0", &err));
  EXPECT_NE(err.find("malformed PTX feature 'ptx8.0'"), std::string::npos);
  EXPECT_FALSE(humming::target::ptxFeatureFor(*Arch::parse("sm_90a"), "+ptx"));
}
