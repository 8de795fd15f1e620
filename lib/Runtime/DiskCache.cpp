//===- DiskCache.cpp - Compiled kernels on disk, keyed by their full config ===//
//
// Entry file layout (integers little-endian, whatever the host):
//   "HMKCACHE"           8-byte magic
//   u32 version          kFormatVersion
//   u64 keySize, key     the full key text, compared on load (so a SHA-256
//                        collision of file names can never return the wrong
//                        kernel)
//   u64 payloadSize
//   u8[32]               SHA-256 of the payload
//   payload
// The SHA-256 is a plain FIPS 180-4 implementation, so this library needs
// neither LLVM nor a crypto library.
//
//===----------------------------------------------------------------------===//

#include "humming/Runtime/DiskCache.h"
#include "humming/Runtime/FileIO.h"

#include <dirent.h>
#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <thread>
#include <vector>

using namespace humming::runtime;

namespace {

//===----------------------------------------------------------------------===//
// SHA-256 (FIPS 180-4)
//===----------------------------------------------------------------------===//

class Sha256 {
public:
  void update(const void *data, size_t size) {
    const auto *p = static_cast<const uint8_t *>(data);
    length_ += uint64_t(size);
    while (size > 0) {
      size_t take = std::min(size, sizeof(block_) - used_);
      std::memcpy(block_ + used_, p, take);
      used_ += take, p += take, size -= take;
      if (used_ == sizeof(block_)) {
        compress(block_);
        used_ = 0;
      }
    }
  }

  std::array<uint8_t, 32> finish() {
    uint64_t bits = length_ * 8;
    // Padding: one 1 bit, zeros up to 56 mod 64, then the 64-bit length.
    const uint8_t one = 0x80, zero = 0;
    update(&one, 1);
    while (used_ != 56)
      update(&zero, 1);
    uint8_t len[8];
    for (int i = 0; i < 8; ++i)
      len[i] = uint8_t(bits >> (56 - 8 * i));
    update(len, 8);
    std::array<uint8_t, 32> out;
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < 4; ++j)
        out[size_t(4 * i + j)] = uint8_t(h_[i] >> (24 - 8 * j));
    return out;
  }

private:
  static uint32_t rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

  void compress(const uint8_t *block) {
    static const uint32_t k[64] = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
        0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
        0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
        0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
        0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
        0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
        0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
        0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
        0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
    uint32_t w[64];
    for (int t = 0; t < 16; ++t)
      w[t] = uint32_t(block[4 * t]) << 24 | uint32_t(block[4 * t + 1]) << 16 |
             uint32_t(block[4 * t + 2]) << 8 | uint32_t(block[4 * t + 3]);
    for (int t = 16; t < 64; ++t) {
      uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
      uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
      w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    uint32_t a = h_[0], b = h_[1], c = h_[2], d = h_[3], e = h_[4], f = h_[5],
             g = h_[6], h = h_[7];
    for (int t = 0; t < 64; ++t) {
      uint32_t s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      uint32_t ch = (e & f) ^ (~e & g);
      uint32_t t1 = h + s1 + ch + k[t] + w[t];
      uint32_t s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      uint32_t maj = (a & b) ^ (a & c) ^ (b & c);
      uint32_t t2 = s0 + maj;
      h = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
    }
    h_[0] += a, h_[1] += b, h_[2] += c, h_[3] += d;
    h_[4] += e, h_[5] += f, h_[6] += g, h_[7] += h;
  }

  uint32_t h_[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  uint8_t block_[64] = {};
  size_t used_ = 0;
  uint64_t length_ = 0;
};

std::array<uint8_t, 32> sha256(const void *data, size_t size) {
  Sha256 s;
  s.update(data, size);
  return s.finish();
}

//===----------------------------------------------------------------------===//
// Entry encoding
//===----------------------------------------------------------------------===//

constexpr char kMagic[8] = {'H', 'M', 'K', 'C', 'A', 'C', 'H', 'E'};
constexpr uint32_t kFormatVersion = 1;
/// Magic, version, key size, payload size, payload hash (key excluded).
constexpr size_t kFixedHeaderSize = 8 + 4 + 8 + 8 + 32;

void putLE(std::string &out, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i)
    out.push_back(char(uint8_t(v >> (8 * i))));
}

uint64_t getLE(const std::string &in, size_t pos, int bytes) {
  uint64_t v = 0;
  for (int i = 0; i < bytes; ++i)
    v |= uint64_t(uint8_t(in[pos + size_t(i)])) << (8 * i);
  return v;
}

std::string encodeHeader(const std::string &key, const std::string &payload) {
  std::string h;
  h.reserve(kFixedHeaderSize + key.size());
  h.append(kMagic, sizeof kMagic);
  putLE(h, kFormatVersion, 4);
  putLE(h, key.size(), 8);
  h += key;
  putLE(h, payload.size(), 8);
  std::array<uint8_t, 32> digest = sha256(payload.data(), payload.size());
  h.append(reinterpret_cast<const char *>(digest.data()), digest.size());
  return h;
}

/// The payload of a well-formed entry for `key`, or nullopt.
std::optional<std::string> decodeEntry(const std::string &file,
                                       const std::string &key) {
  if (file.size() < kFixedHeaderSize ||
      std::memcmp(file.data(), kMagic, sizeof kMagic) != 0 ||
      getLE(file, 8, 4) != kFormatVersion)
    return std::nullopt;
  uint64_t keySize = getLE(file, 12, 8);
  // Compared before any arithmetic so a huge stored size cannot overflow.
  if (keySize != key.size() || keySize > file.size() - kFixedHeaderSize ||
      file.compare(20, key.size(), key) != 0)
    return std::nullopt;
  size_t pos = 20 + key.size();
  uint64_t payloadSize = getLE(file, pos, 8);
  pos += 8;
  const size_t hashPos = pos;
  pos += 32;
  if (payloadSize != file.size() - pos)
    return std::nullopt;
  std::array<uint8_t, 32> digest = sha256(file.data() + pos, file.size() - pos);
  if (std::memcmp(digest.data(), file.data() + hashPos, 32) != 0)
    return std::nullopt;
  return file.substr(pos);
}

//===----------------------------------------------------------------------===//
// File system helpers
//===----------------------------------------------------------------------===//

std::string errnoText() { return std::strerror(errno); }

/// mkdir -p with mode 0755; an existing directory is fine.
bool makeDirectories(const std::string &dir, std::string &error) {
  std::string path;
  size_t pos = 0;
  while (pos <= dir.size()) {
    size_t slash = dir.find('/', pos);
    if (slash == std::string::npos)
      slash = dir.size();
    path = dir.substr(0, slash);
    pos = slash + 1;
    if (path.empty() || path == "." || path.back() == '/')
      continue;
    if (mkdir(path.c_str(), 0755) != 0 && errno != EEXIST) {
      error = "cannot create directory " + path + ": " + errnoText();
      return false;
    }
  }
  struct stat st;
  if (stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    error = dir + " is not a directory";
    return false;
  }
  return true;
}

bool isEntryName(const char *name) {
  size_t i = 0;
  for (; name[i]; ++i)
    if (!((name[i] >= '0' && name[i] <= '9') ||
          (name[i] >= 'a' && name[i] <= 'f')))
      return false;
  return i == 64;
}

} // namespace

std::string humming::runtime::sha256Hex(const std::string &data) {
  static const char hex[] = "0123456789abcdef";
  std::array<uint8_t, 32> d = sha256(data.data(), data.size());
  std::string out(64, '0');
  for (size_t i = 0; i < 32; ++i) {
    out[2 * i] = hex[d[i] >> 4];
    out[2 * i + 1] = hex[d[i] & 15];
  }
  return out;
}

DiskCache::DiskCache(std::string dir)
    : dir_(dir.empty() ? defaultDirectory() : std::move(dir)) {
  // "a/b/" and "a/b" name the same entries.
  while (dir_.size() > 1 && dir_.back() == '/')
    dir_.pop_back();
}

std::string DiskCache::defaultDirectory() {
  auto env = [](const char *name) -> std::string {
    const char *v = std::getenv(name);
    return v ? v : "";
  };
  std::string dir = env("HUMMING_CACHE_DIR");
  if (!dir.empty())
    return dir;
  // The XDG spec says relative values are invalid and must be ignored.
  dir = env("XDG_CACHE_HOME");
  if (!dir.empty() && dir[0] == '/')
    return dir + "/humming";
  std::string home = env("HOME");
  if (home.empty()) {
    // Daemons and some containers run without $HOME.
    struct passwd pw, *result = nullptr;
    std::vector<char> buf(16384);
    if (getpwuid_r(getuid(), &pw, buf.data(), buf.size(), &result) == 0 &&
        result && result->pw_dir)
      home = result->pw_dir;
  }
  // Empty means "no usable location": load() misses and store() fails.
  return home.empty() ? std::string() : home + "/.cache/humming";
}

std::string DiskCache::pathFor(const std::string &key) const {
  return dir_ + "/" + sha256Hex(key);
}

std::optional<std::string> DiskCache::load(const std::string &key) const {
  if (dir_.empty())
    return std::nullopt;
  std::string path = pathFor(key);
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return std::nullopt; // a miss, or unreadable: leave it alone
  struct stat st;
  bool readOk = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
  std::string file;
  if (readOk) {
    file.reserve(size_t(st.st_size));
    readOk = readAll(fd, file);
  }
  close(fd);
  if (!readOk)
    return std::nullopt;
  if (std::optional<std::string> payload = decodeEntry(file, key))
    return payload;
  // Corrupt, truncated or someone else's key. Remove it only if the path
  // still names the file we read: a concurrent store() may have renamed a
  // good entry into place meanwhile.
  struct stat now;
  if (stat(path.c_str(), &now) == 0 && now.st_ino == st.st_ino &&
      now.st_dev == st.st_dev)
    unlink(path.c_str());
  return std::nullopt;
}

Status DiskCache::store(const std::string &key,
                        const std::string &payload) const {
  if (dir_.empty())
    return Status::error(StatusCode::IoError,
                         "no kernel cache directory: set HUMMING_CACHE_DIR "
                         "(neither XDG_CACHE_HOME nor HOME is set)");
  std::string error;
  if (!makeDirectories(dir_, error))
    return Status::error(StatusCode::IoError, error);

  // Unique per process, thread and call, so concurrent writers of the same
  // key never share a temporary; O_EXCL guards against leftovers.
  static std::atomic<uint64_t> counter{0};
  std::string path = pathFor(key);
  std::string tmp =
      path + ".tmp." + std::to_string(getpid()) + "." +
      std::to_string(std::hash<std::thread::id>()(std::this_thread::get_id())) +
      "." + std::to_string(counter.fetch_add(1));
  int fd = open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0)
    return Status::error(StatusCode::IoError,
                         "cannot create " + tmp + ": " + errnoText());
  std::string header = encodeHeader(key, payload);
  bool ok = writeAll(fd, header.data(), header.size()) &&
            writeAll(fd, payload.data(), payload.size());
  int savedErrno = errno;
  // No fsync: after a crash a torn entry fails verification on load and is
  // rebuilt, which is cheaper than syncing every store.
  if (close(fd) != 0 && ok) {
    ok = false;
    savedErrno = errno;
  }
  if (!ok) {
    unlink(tmp.c_str());
    return Status::error(StatusCode::IoError, "cannot write " + tmp + ": " +
                                                  std::strerror(savedErrno));
  }
  if (rename(tmp.c_str(), path.c_str()) != 0) {
    savedErrno = errno;
    unlink(tmp.c_str());
    return Status::error(StatusCode::IoError,
                         "cannot rename " + tmp + " to " + path + ": " +
                             std::strerror(savedErrno));
  }
  return Status::ok();
}

Status DiskCache::clear() const {
  if (dir_.empty())
    return Status::ok();
  DIR *d = opendir(dir_.c_str());
  if (!d) {
    if (errno == ENOENT)
      return Status::ok(); // nothing was ever stored
    return Status::error(StatusCode::IoError,
                         "cannot open " + dir_ + ": " + errnoText());
  }
  // Only entry-named files: the directory may be shared with other tools,
  // and in-flight temporaries belong to concurrent writers.
  std::string firstError;
  while (struct dirent *e = readdir(d)) {
    if (!isEntryName(e->d_name))
      continue;
    std::string path = dir_ + "/" + e->d_name;
    if (unlink(path.c_str()) != 0 && errno != ENOENT && firstError.empty())
      firstError = "cannot remove " + path + ": " + errnoText();
  }
  closedir(d);
  if (!firstError.empty())
    return Status::error(StatusCode::IoError, firstError);
  return Status::ok();
}
