//===- Pack.h - The standard packed layout of weight codes ----------------===//
//
// Standard layout: the codes of one row (one output channel n) are a
// contiguous little-endian bit stream along K: code k occupies bits
// [k*bits, (k+1)*bits) of the row, and bit b of the stream is bit (b % 32) of
// int32 word b / 32 (LSB first). A code may straddle two words (3, 5, 6, 7
// bits). Shape: [N, K*bits/32] words, or [E, N, K*bits/32] with a leading
// expert dimension (experts are just E*N consecutive rows). K*bits must be a
// multiple of 32. See docs/formats.md for a worked example.
//
// No exceptions: errors come back as nullopt plus a message.
//
//===----------------------------------------------------------------------===//

#ifndef HUMMING_FORMAT_PACK_H
#define HUMMING_FORMAT_PACK_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace humming::format {

/// int32 words per packed row (K*bits/32), or nullopt when bits is not in
/// 1..8, k < 0, or K*bits is not a multiple of 32.
std::optional<int64_t> packedWordsPerRow(unsigned bits, int64_t k,
                                         std::string *error = nullptr);

/// Packs codes [E, N, K] (row-major, one uint32 per code, only the low
/// `bits` bits may be set) into words [E, N, K*bits/32]. Fails on a bad
/// shape or a code that does not fit in `bits` bits.
std::optional<std::vector<int32_t>> packCodes(const uint32_t *codes,
                                              int64_t experts, int64_t n,
                                              int64_t k, unsigned bits,
                                              std::string *error = nullptr);
inline std::optional<std::vector<int32_t>>
packCodes(const std::vector<uint32_t> &codes, int64_t n, int64_t k,
          unsigned bits, std::string *error = nullptr) {
  if (int64_t(codes.size()) != n * k) {
    if (error)
      *error = "packCodes: " + std::to_string(codes.size()) +
               " codes given for a [" + std::to_string(n) + ", " +
               std::to_string(k) + "] tensor";
    return std::nullopt;
  }
  return packCodes(codes.data(), 1, n, k, bits, error);
}

/// Inverse of packCodes: words [E, N, K*bits/32] -> codes [E, N, K].
std::optional<std::vector<uint32_t>> unpackCodes(const int32_t *words,
                                                 int64_t experts, int64_t n,
                                                 int64_t k, unsigned bits,
                                                 std::string *error = nullptr);
inline std::optional<std::vector<uint32_t>>
unpackCodes(const std::vector<int32_t> &words, int64_t n, int64_t k,
            unsigned bits, std::string *error = nullptr) {
  auto wpr = packedWordsPerRow(bits, k, error);
  if (!wpr)
    return std::nullopt;
  if (int64_t(words.size()) != n * *wpr) {
    if (error)
      *error = "unpackCodes: " + std::to_string(words.size()) +
               " words given, expected " + std::to_string(n * *wpr);
    return std::nullopt;
  }
  return unpackCodes(words.data(), 1, n, k, bits, error);
}

/// The code at (row, k) of a packed tensor with `wordsPerRow` words per row
/// (row = e*N + n). No checks: for inner loops of the reference.
inline uint32_t packedCodeAt(const int32_t *words, int64_t wordsPerRow,
                             int64_t row, int64_t k, unsigned bits) {
  const uint32_t *w =
      reinterpret_cast<const uint32_t *>(words) + row * wordsPerRow;
  uint64_t bit = uint64_t(k) * bits;
  uint64_t lo = w[bit / 32];
  uint64_t hi = (bit % 32) + bits > 32 ? uint64_t(w[bit / 32 + 1]) : 0;
  return uint32_t(((lo | (hi << 32)) >> (bit % 32)) & ((1u << bits) - 1));
}

} // namespace humming::format

#endif // HUMMING_FORMAT_PACK_H
