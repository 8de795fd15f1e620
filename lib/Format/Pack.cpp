//===- Pack.cpp - The standard packed layout of weight codes --------------===//

#include "humming/Format/Pack.h"

using namespace humming::format;

std::optional<int64_t> humming::format::packedWordsPerRow(unsigned bits,
                                                          int64_t k,
                                                          std::string *error) {
  auto fail = [&](std::string msg) -> std::optional<int64_t> {
    if (error)
      *error = std::move(msg);
    return std::nullopt;
  };
  if (bits < 1 || bits > 8)
    return fail("packing: code width " + std::to_string(bits) +
                " is not 1 to 8 bits");
  if (k < 0)
    return fail("packing: negative K " + std::to_string(k));
  if ((k * int64_t(bits)) % 32 != 0)
    return fail("packing: K * bits = " + std::to_string(k) + " * " +
                std::to_string(bits) + " = " + std::to_string(k * bits) +
                " is not a multiple of 32");
  return k * int64_t(bits) / 32;
}

static bool checkRows(int64_t experts, int64_t n, std::string *error) {
  if (experts < 0 || n < 0) {
    if (error)
      *error = "packing: negative E or N (" + std::to_string(experts) + ", " +
               std::to_string(n) + ")";
    return false;
  }
  return true;
}

std::optional<std::vector<int32_t>>
humming::format::packCodes(const uint32_t *codes, int64_t experts, int64_t n,
                           int64_t k, unsigned bits, std::string *error) {
  auto wpr = packedWordsPerRow(bits, k, error);
  if (!wpr || !checkRows(experts, n, error))
    return std::nullopt;
  int64_t rows = experts * n;
  std::vector<uint32_t> words(size_t(rows * *wpr), 0u);
  uint32_t mask = (1u << bits) - 1;
  for (int64_t r = 0; r < rows; ++r) {
    uint32_t *row = words.data() + r * *wpr;
    for (int64_t i = 0; i < k; ++i) {
      uint32_t c = codes[r * k + i];
      if (c & ~mask) {
        if (error)
          *error = "packing: code " + std::to_string(c) + " at row " +
                   std::to_string(r) + ", k " + std::to_string(i) +
                   " does not fit in " + std::to_string(bits) + " bits";
        return std::nullopt;
      }
      uint64_t bit = uint64_t(i) * bits;
      uint64_t shifted = uint64_t(c) << (bit % 32);
      row[bit / 32] |= uint32_t(shifted);
      if (shifted >> 32)
        row[bit / 32 + 1] |= uint32_t(shifted >> 32);
    }
  }
  std::vector<int32_t> out(words.size());
  for (size_t i = 0; i < words.size(); ++i)
    out[i] = int32_t(words[i]);
  return out;
}

std::optional<std::vector<uint32_t>>
humming::format::unpackCodes(const int32_t *words, int64_t experts, int64_t n,
                             int64_t k, unsigned bits, std::string *error) {
  auto wpr = packedWordsPerRow(bits, k, error);
  if (!wpr || !checkRows(experts, n, error))
    return std::nullopt;
  int64_t rows = experts * n;
  std::vector<uint32_t> out(size_t(rows * k));
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t i = 0; i < k; ++i)
      out[r * k + i] = packedCodeAt(words, *wpr, r, i, bits);
  return out;
}
