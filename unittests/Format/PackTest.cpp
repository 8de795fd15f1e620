//===- PackTest.cpp - Standard packed layout --------------------------===//

#include "humming/Format/Pack.h"

#include <gtest/gtest.h>

#include <random>

using namespace humming::format;

namespace {
/// Naive bit-by-bit packer written from the layout definition.
std::vector<uint32_t> naivePack(const std::vector<uint32_t> &codes,
                                int64_t rows, int64_t k, unsigned bits) {
  int64_t wpr = k * bits / 32;
  std::vector<uint32_t> words(size_t(rows * wpr), 0);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t i = 0; i < k; ++i)
      for (unsigned b = 0; b < bits; ++b) {
        int64_t streamBit = i * bits + b;
        if ((codes[r * k + i] >> b) & 1)
          words[r * wpr + streamBit / 32] |= 1u << (streamBit % 32);
      }
  return words;
}
} // namespace

TEST(Pack, RoundTripEveryBitWidth) {
  std::mt19937 rng(11);
  for (unsigned bits = 1; bits <= 8; ++bits) {
    int64_t kUnit = 32; // K * bits % 32 == 0 for every width
    for (int64_t e : {1, 3})
      for (int64_t n : {1, 7, 13})
        for (int64_t k : {kUnit, 3 * kUnit, 5 * kUnit}) {
          SCOPED_TRACE("bits " + std::to_string(bits) + " E " +
                       std::to_string(e) + " N " + std::to_string(n) + " K " +
                       std::to_string(k));
          std::vector<uint32_t> codes(size_t(e * n * k));
          for (uint32_t &c : codes)
            c = rng() & ((1u << bits) - 1);
          std::string err;
          auto packed = packCodes(codes.data(), e, n, k, bits, &err);
          ASSERT_TRUE(packed) << err;
          ASSERT_EQ(int64_t(packed->size()), e * n * k * bits / 32);
          std::vector<uint32_t> expected = naivePack(codes, e * n, k, bits);
          for (size_t i = 0; i < expected.size(); ++i)
            ASSERT_EQ(uint32_t((*packed)[i]), expected[i]) << "word " << i;
          auto unpacked = unpackCodes(packed->data(), e, n, k, bits, &err);
          ASSERT_TRUE(unpacked) << err;
          ASSERT_EQ(*unpacked, codes);
        }
  }
}

TEST(Pack, SmallerKWhenAligned) {
  // 4-bit: K = 8 fills one word; 8-bit: K = 4; 2-bit: K = 16.
  std::vector<uint32_t> codes = {1, 2, 3, 4, 5, 6, 7, 15};
  auto p = packCodes(codes, 1, 8, 4);
  ASSERT_TRUE(p);
  ASSERT_EQ(p->size(), 1u);
  EXPECT_EQ(uint32_t((*p)[0]), 0xF7654321u);
  auto p8 = packCodes({0x01, 0x80, 0xFF, 0x7F}, 1, 4, 8);
  ASSERT_TRUE(p8);
  EXPECT_EQ(uint32_t((*p8)[0]), 0x7FFF8001u);
}

TEST(Pack, ThreeBitCodeStraddlesWords) {
  // The worked example of docs/formats.md: uint3, K = 32 (3 words per row).
  // Code k = 10 occupies stream bits 30, 31, 32: it straddles words 0 and 1.
  std::vector<uint32_t> codes(32, 0);
  codes[0] = 3;  // bits 0-1
  codes[10] = 5; // 0b101: bit 30 = 1, bit 31 = 0, bit 32 (word 1 bit 0) = 1
  codes[21] = 6; // 0b110: stream bits 63 (word 1 bit 31) = 0, 64..65 = 1, 1
  codes[31] = 7; // stream bits 93..95 = word 2 bits 29..31
  auto p = packCodes(codes, 1, 32, 3);
  ASSERT_TRUE(p);
  ASSERT_EQ(p->size(), 3u);
  EXPECT_EQ(uint32_t((*p)[0]), 0x40000003u);
  EXPECT_EQ(uint32_t((*p)[1]), 0x00000001u);
  EXPECT_EQ(uint32_t((*p)[2]), 0xE0000003u);
  auto u = unpackCodes(*p, 1, 32, 3);
  ASSERT_TRUE(u);
  EXPECT_EQ(*u, codes);
}

TEST(Pack, Errors) {
  std::string err;
  EXPECT_FALSE(packedWordsPerRow(3, 16, &err));
  EXPECT_NE(err.find("K * bits = 16 * 3 = 48 is not a multiple of 32"),
            std::string::npos)
      << err;
  EXPECT_FALSE(packedWordsPerRow(9, 32, &err));
  EXPECT_NE(err.find("not 1 to 8 bits"), std::string::npos) << err;
  EXPECT_FALSE(packedWordsPerRow(0, 32, &err));
  EXPECT_EQ(packedWordsPerRow(5, 64).value_or(-1), 10);
  std::vector<uint32_t> codes(32, 0);
  codes[5] = 8;
  EXPECT_FALSE(packCodes(codes, 1, 32, 3, &err));
  EXPECT_NE(err.find("code 8 at row 0, k 5 does not fit in 3 bits"),
            std::string::npos)
      << err;
  EXPECT_FALSE(packCodes(codes, 2, 32, 3, &err)); // size mismatch
  EXPECT_FALSE(unpackCodes(std::vector<int32_t>(5), 1, 32, 4, &err));
}
