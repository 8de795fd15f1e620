//===- RuntimeSupportTests.cpp - Status, driver, assembler, disk cache ----===//
//
// Runs on machines without a GPU or driver: the driver test checks the clean
// NoDevice path, and the assembler tests skip (saying why) when no CUDA
// toolkit is installed.
//
//===----------------------------------------------------------------------===//

#include "humming/Runtime/CudaDriver.h"
#include "humming/Runtime/DiskCache.h"
#include "humming/Runtime/Status.h"
#include "humming/Runtime/Toolchain.h"

#include <gtest/gtest.h>

#include <dirent.h>
#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

using namespace humming::runtime;

namespace {

bool fileExists(const std::string &path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0;
}

std::string readBytes(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void writeBytes(const std::string &path, const std::string &data) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << data;
}

/// A fresh directory under $TMPDIR (or /tmp), removed with its contents.
class TempDir {
public:
  TempDir() {
    const char *base = std::getenv("TMPDIR");
    std::string tmpl =
        std::string(base && *base ? base : "/tmp") + "/humming-test-XXXXXX";
    std::vector<char> buf(tmpl.begin(), tmpl.end());
    buf.push_back('\0');
    if (mkdtemp(buf.data()))
      path_ = buf.data();
  }
  ~TempDir() {
    if (!path_.empty())
      nftw(
          path_.c_str(),
          [](const char *p, const struct stat *, int, struct FTW *) {
            return remove(p);
          },
          16, FTW_DEPTH | FTW_PHYS);
  }
  const std::string &path() const { return path_; }

private:
  std::string path_;
};

/// Sets (or unsets, for nullptr) an environment variable for one scope.
class ScopedEnv {
public:
  ScopedEnv(const char *name, const char *value) : name_(name) {
    if (const char *old = std::getenv(name))
      old_ = old, hadOld_ = true;
    if (value)
      setenv(name, value, 1);
    else
      unsetenv(name);
  }
  ~ScopedEnv() {
    if (hadOld_)
      setenv(name_.c_str(), old_.c_str(), 1);
    else
      unsetenv(name_.c_str());
  }

private:
  std::string name_, old_;
  bool hadOld_ = false;
};

} // namespace

//===----------------------------------------------------------------------===//
// Status
//===----------------------------------------------------------------------===//

TEST(Status, CodeNames) {
  EXPECT_STREQ(toString(StatusCode::Ok), "ok");
  EXPECT_STREQ(toString(StatusCode::NoDevice), "no device");
  EXPECT_STREQ(toString(StatusCode::CompileError), "compile error");
  EXPECT_STREQ(toString(StatusCode(99)), "unknown status");
  Status s = Status::error(StatusCode::IoError, "disk full");
  EXPECT_FALSE(s.isOk());
  EXPECT_EQ(s.code(), StatusCode::IoError);
  EXPECT_TRUE(Status::ok().isOk());
}

//===----------------------------------------------------------------------===//
// SHA-256
//===----------------------------------------------------------------------===//

TEST(Sha256, KnownVectors) {
  EXPECT_EQ(sha256Hex(""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256Hex("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256Hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, PaddingBoundaries) {
  // Lengths around the 55/56/64-byte padding edges (expected values from
  // Python's hashlib on bytes (i * 7 + 3) % 256).
  const std::pair<size_t, const char *> cases[] = {
      {55, "e7313d333c272e639f790978283f9eb392e843d0f29b7016828bb1daa4aac70b"},
      {56, "4324d65f3c103567f5589c710bc08f8523f929a9272e3af36fc968e52abc6c27"},
      {57, "35df609437dcfea3279283ab79fd554e2bf78f8f7ae2de532d8ee300b09e8f73"},
      {63, "81c80242132f230c3bd41b3e63bbcff16107339549214a99614ff26664625055"},
      {64, "39e3d7b6b5d075d37d053ad89b24b41bef4f3c29760c84447cab3f3be1882241"},
      {65, "aacca6ff74fdbb296d165a45cecfa04e5127bc008770fbbdd48006f2d2fae95e"},
      {119, "9ce7368e4daf32341631b492e80359dc9f594b48453cd0dd5bf0b19279cc177e"},
      {120, "7836b787757e95e58b3ca5aec90b1b004e8deba1e50e9675af9cabf1a13a04b5"},
      {128, "d2742f1f4ac6bb7ca2b239ee18402ba8b3f9f8e652d2a72973c2b9ba11c08cf6"},
  };
  for (const auto &[n, hex] : cases) {
    std::string data;
    for (size_t i = 0; i < n; ++i)
      data.push_back(char((i * 7 + 3) % 256));
    EXPECT_EQ(sha256Hex(data), hex) << "length " << n;
  }
}

//===----------------------------------------------------------------------===//
// DiskCache
//===----------------------------------------------------------------------===//

TEST(DiskCache, StoreLoadRoundTrip) {
  TempDir tmp;
  ASSERT_FALSE(tmp.path().empty());
  // A directory that does not exist yet: store() creates it.
  DiskCache cache(tmp.path() + "/a/b/c");
  std::string key = "gemm m=128 n=256 k=512 scheme=w4a16 arch=sm_90a";
  std::string payload("\x7f"
                      "ELF\0\1\2 binary with a NUL",
                      26);
  ASSERT_TRUE(cache.store(key, payload).isOk());
  EXPECT_TRUE(fileExists(cache.pathFor(key)));
  EXPECT_EQ(cache.pathFor(key), tmp.path() + "/a/b/c/" + sha256Hex(key));
  std::optional<std::string> got = cache.load(key);
  ASSERT_TRUE(got.has_value());
  EXPECT_EQ(*got, payload);

  // Overwriting replaces the payload; an empty payload is a valid entry.
  ASSERT_TRUE(cache.store(key, "second").isOk());
  EXPECT_EQ(cache.load(key).value_or("<miss>"), "second");
  ASSERT_TRUE(cache.store("empty", "").isOk());
  EXPECT_EQ(cache.load("empty").value_or("<miss>"), "");

  // No temporary is left behind.
  int entries = 0;
  if (DIR *d = opendir(cache.directory().c_str())) {
    while (struct dirent *e = readdir(d))
      entries += e->d_name[0] != '.';
    closedir(d);
  }
  EXPECT_EQ(entries, 2);
}

TEST(DiskCache, Miss) {
  TempDir tmp;
  DiskCache cache(tmp.path());
  EXPECT_FALSE(cache.load("never stored").has_value());
  DiskCache nowhere(tmp.path() + "/does/not/exist");
  EXPECT_FALSE(nowhere.load("k").has_value());
}

TEST(DiskCache, CorruptEntriesAreDeletedAndMiss) {
  TempDir tmp;
  DiskCache cache(tmp.path());
  const std::string key = "the key";
  const std::string payload(1000, 'p');

  auto corruptWith = [&](auto mutate, const char *what) {
    ASSERT_TRUE(cache.store(key, payload).isOk());
    std::string path = cache.pathFor(key);
    std::string bytes = readBytes(path);
    ASSERT_GT(bytes.size(), payload.size());
    mutate(bytes);
    writeBytes(path, bytes);
    EXPECT_FALSE(cache.load(key).has_value()) << what;
    EXPECT_FALSE(fileExists(path)) << what << ": corrupt entry not removed";
  };
  corruptWith([](std::string &b) { b[b.size() - 10] ^= 1; },
              "flipped payload byte");
  corruptWith([](std::string &b) { b.resize(b.size() / 2); }, "truncated");
  corruptWith([](std::string &b) { b.resize(10); }, "truncated into header");
  corruptWith([](std::string &b) { b.clear(); }, "empty file");
  // The key text starts after magic (8), version (4) and key size (8).
  corruptWith([](std::string &b) { b[20] = 'X'; }, "header key overwritten");
  corruptWith([](std::string &b) { b[0] = 'X'; }, "bad magic");
  corruptWith([](std::string &b) { b[8] = 99; }, "unknown version");
  corruptWith([](std::string &b) { b += "trailing"; }, "trailing bytes");

  // An intact entry of another key under this key's name (a file-name
  // collision) is never returned.
  ASSERT_TRUE(cache.store("other key", "other payload").isOk());
  writeBytes(cache.pathFor(key), readBytes(cache.pathFor("other key")));
  EXPECT_FALSE(cache.load(key).has_value());
  EXPECT_FALSE(fileExists(cache.pathFor(key)));
  EXPECT_EQ(cache.load("other key").value_or("<miss>"), "other payload");
}

TEST(DiskCache, ConcurrentStoreLoadOfOneKey) {
  TempDir tmp;
  DiskCache cache(tmp.path() + "/concurrent");
  const std::string key = "shared key";
  constexpr int kThreads = 8, kRounds = 40;
  // Large, distinct payloads so that a torn or interleaved write would show.
  std::vector<std::string> payloads;
  for (int t = 0; t < kThreads; ++t)
    payloads.push_back(std::string(1, char('A' + t)) +
                       std::string(200000, char('a' + t)));
  std::atomic<int> wrong{0}, storeErrors{0}, hits{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < kRounds; ++i) {
        if (!cache.store(key, payloads[size_t(t)]).isOk())
          ++storeErrors;
        if (std::optional<std::string> got = cache.load(key)) {
          ++hits;
          int who = (*got)[0] - 'A';
          if (who < 0 || who >= kThreads || *got != payloads[size_t(who)])
            ++wrong;
        }
      }
    });
  for (std::thread &th : threads)
    th.join();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_EQ(storeErrors.load(), 0);
  EXPECT_GT(hits.load(), 0);
  std::optional<std::string> last = cache.load(key);
  ASSERT_TRUE(last.has_value());
  EXPECT_EQ(*last, payloads[size_t((*last)[0] - 'A')]);
}

TEST(DiskCache, ClearRemovesOnlyEntries) {
  TempDir tmp;
  DiskCache cache(tmp.path());
  for (const char *k : {"a", "b", "c"})
    ASSERT_TRUE(cache.store(k, std::string("payload ") + k).isOk());
  writeBytes(tmp.path() + "/README", "not an entry");
  ASSERT_TRUE(cache.clear().isOk());
  for (const char *k : {"a", "b", "c"})
    EXPECT_FALSE(cache.load(k).has_value()) << k;
  EXPECT_TRUE(fileExists(tmp.path() + "/README"));
  // Clearing a directory that was never created is not an error.
  EXPECT_TRUE(DiskCache(tmp.path() + "/missing").clear().isOk());
}

TEST(DiskCache, DefaultDirectory) {
  {
    ScopedEnv a("HUMMING_CACHE_DIR", "/x/humming-cache");
    ScopedEnv b("XDG_CACHE_HOME", "/xdg");
    EXPECT_EQ(DiskCache::defaultDirectory(), "/x/humming-cache");
    EXPECT_EQ(DiskCache().directory(), "/x/humming-cache");
  }
  {
    ScopedEnv a("HUMMING_CACHE_DIR", nullptr);
    ScopedEnv b("XDG_CACHE_HOME", "/xdg");
    EXPECT_EQ(DiskCache::defaultDirectory(), "/xdg/humming");
  }
  {
    ScopedEnv a("HUMMING_CACHE_DIR", nullptr);
    ScopedEnv b("XDG_CACHE_HOME", nullptr);
    ScopedEnv c("HOME", "/home/someone");
    EXPECT_EQ(DiskCache::defaultDirectory(), "/home/someone/.cache/humming");
  }
  EXPECT_EQ(DiskCache("/some/dir/").directory(), "/some/dir");
}

//===----------------------------------------------------------------------===//
// CUDA driver
//===----------------------------------------------------------------------===//

TEST(CudaDriver, LoadsOrReportsNoDevice) {
  Expected<CudaDriver *> drv = CudaDriver::get();
  Expected<CudaDriver *> again = CudaDriver::get();
  EXPECT_EQ(drv.isOk(), again.isOk());
  if (!drv) {
    // The expected outcome on a build machine without a driver or GPU.
    EXPECT_EQ(drv.status().code(), StatusCode::NoDevice)
        << drv.status().message();
    EXPECT_NE(drv.status().message().find("no CUDA"), std::string::npos)
        << drv.status().message();
    Expected<std::string> arch = deviceArch(0);
    ASSERT_FALSE(arch.isOk());
    EXPECT_EQ(arch.status().code(), StatusCode::NoDevice);
    return;
  }
  EXPECT_EQ(*drv, *again);
  ASSERT_TRUE((*drv)->ensureContext(0).isOk());
  Expected<std::string> arch = deviceArch(0);
  ASSERT_TRUE(arch.isOk()) << arch.status().message();
  EXPECT_EQ(arch->rfind("sm_", 0), 0u) << *arch;
  Status bad = (*drv)->check(1, "cuTest"); // CUDA_ERROR_INVALID_VALUE
  EXPECT_EQ(bad.code(), StatusCode::CudaError);
  EXPECT_NE(bad.message().find("cuTest: CUDA_ERROR_INVALID_VALUE"),
            std::string::npos)
      << bad.message();
}

//===----------------------------------------------------------------------===//
// PTX assembler
//===----------------------------------------------------------------------===//

namespace {

const char *const kTinyPtx = ".version 8.0\n"
                             ".target sm_80\n"
                             ".address_size 64\n"
                             ".visible .entry k() { ret; }\n";

const char *const kBadPtx = ".version 8.0\n"
                            ".target sm_80\n"
                            ".address_size 64\n"
                            ".visible .entry k() { no_such_instruction; }\n";

bool toolkitHas(const char *relative) {
  return fileExists(std::string("/usr/local/cuda/") + relative);
}

/// Whether `which` should be testable here: it must be available when the
/// default toolkit has it; otherwise the test is skipped.
bool expectAssembler(Assembler which, const char *toolkitFile,
                     std::string &why) {
  Expected<std::string> id = assemblerIdentity(which);
  if (id)
    return true;
  why = id.status().message();
  EXPECT_FALSE(toolkitHas(toolkitFile))
      << "/usr/local/cuda/" << toolkitFile
      << " exists but the assembler is unavailable: " << why;
  return false;
}

void checkAssembles(Assembler which, const char *toolPrefix) {
  for (const char *arch : {"sm_80", "sm_90a"}) {
    Expected<AssembleResult> r = assemblePtx(kTinyPtx, arch, which);
    ASSERT_TRUE(r.isOk()) << arch << ": " << r.status().message();
    ASSERT_GE(r->cubin.size(), 4u);
    EXPECT_EQ(r->cubin.substr(0, 4), "\x7f"
                                     "ELF");
    EXPECT_EQ(r->tool.rfind(toolPrefix, 0), 0u) << r->tool;
    EXPECT_EQ(r->tool, *assemblerIdentity(which));
  }
}

void checkBadPtx(Assembler which) {
  Expected<AssembleResult> r = assemblePtx(kBadPtx, "sm_80", which);
  ASSERT_FALSE(r.isOk());
  EXPECT_EQ(r.status().code(), StatusCode::CompileError);
  // The assembler's own log names the offending instruction.
  EXPECT_NE(r.status().message().find("no_such_instruction"),
            std::string::npos)
      << r.status().message();
}

void checkBadArch(Assembler which) {
  // Malformed: rejected before any assembler runs.
  for (const char *arch : {"", "sm90", "sm_", "sm_90 -O0", "compute_90",
                           "sm_9x", "--help"}) {
    Expected<AssembleResult> r = assemblePtx(kTinyPtx, arch, which);
    ASSERT_FALSE(r.isOk()) << arch;
    EXPECT_EQ(r.status().code(), StatusCode::InvalidArgument) << arch;
  }
  Expected<AssembleResult> empty = assemblePtx("", "sm_80", which);
  ASSERT_FALSE(empty.isOk());
  EXPECT_EQ(empty.status().code(), StatusCode::InvalidArgument);
  // Well-formed but unknown to the assembler: its error, cleanly.
  Expected<AssembleResult> r = assemblePtx(kTinyPtx, "sm_12", which);
  ASSERT_FALSE(r.isOk());
  EXPECT_EQ(r.status().code(), StatusCode::CompileError)
      << r.status().message();
  EXPECT_NE(r.status().message().find("sm_12"), std::string::npos)
      << r.status().message();
}

} // namespace

TEST(Toolchain, NvJitLinkAssembles) {
  std::string why;
  if (!expectAssembler(Assembler::NvJitLink, "lib64/libnvJitLink.so", why))
    GTEST_SKIP() << "nvJitLink unavailable: " << why;
  checkAssembles(Assembler::NvJitLink, "nvJitLink ");
  checkBadPtx(Assembler::NvJitLink);
  checkBadArch(Assembler::NvJitLink);
}

TEST(Toolchain, PtxasAssembles) {
  std::string why;
  if (!expectAssembler(Assembler::Ptxas, "bin/ptxas", why))
    GTEST_SKIP() << "ptxas unavailable: " << why;
  checkAssembles(Assembler::Ptxas, "ptxas ");
  checkBadPtx(Assembler::Ptxas);
  checkBadArch(Assembler::Ptxas);
}

TEST(Toolchain, AutoPrefersNvJitLinkAndIsThreadSafe) {
  Expected<std::string> id = assemblerIdentity();
  if (!id)
    GTEST_SKIP() << "no PTX assembler: " << id.status().message();
  if (Expected<std::string> nv = assemblerIdentity(Assembler::NvJitLink)) {
    EXPECT_EQ(*id, *nv);
  }
  EXPECT_EQ(*id, *assemblerIdentity());
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 3; ++i) {
        Expected<AssembleResult> r = assemblePtx(kTinyPtx, "sm_80");
        if (!r || r->cubin.substr(0, 4) != "\x7f"
                                           "ELF")
          ++failures;
      }
    });
  for (std::thread &th : threads)
    th.join();
  EXPECT_EQ(failures.load(), 0);
}
