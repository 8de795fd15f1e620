//===- Toolchain.cpp - PTX to cubin: nvJitLink in process, ptxas fallback -===//
//
// nvJitLink's C ABI is re-declared here so that no CUDA header or library is
// needed at build time. Its header maps every public name to a versioned
// alias through static inline wrappers (nvJitLinkCreate ->
// __nvJitLinkCreate_13_0); CUDA 13 (and 12.3+) also export the plain names,
// but CUDA 12.0-12.2 and some distribution builds export only the aliases,
// so each entry point is looked up under its plain name first and then under
// the aliases. nvJitLinkVersion has no alias and is missing before 12.3.
//
// ptxas runs through posix_spawn (no shell, so nothing in the arch string or
// paths is interpreted) on files made with mkstemps.
//
//===----------------------------------------------------------------------===//

#include "humming/Runtime/Toolchain.h"
#include "humming/Runtime/FileIO.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

extern char **environ;

using namespace humming::runtime;

namespace {

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

std::string envOr(const char *name) {
  const char *v = std::getenv(name);
  return v ? v : "";
}

/// Toolkit roots in search order; empty and duplicate entries dropped.
std::vector<std::string> toolkitRoots() {
  std::vector<std::string> roots;
  for (std::string r : {envOr("HUMMING_CUDA_HOME"), envOr("CUDA_HOME"),
                        std::string("/usr/local/cuda")}) {
    if (r.empty())
      continue;
    bool seen = false;
    for (const std::string &s : roots)
      seen |= s == r;
    if (!seen)
      roots.push_back(r);
  }
  return roots;
}

std::string trimRight(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r' ||
                        s.back() == ' ' || s.back() == '\t' || s.back() == 0))
    s.pop_back();
  return s;
}

/// Accepts "sm_NN" with an optional one-letter suffix ("sm_90a",
/// "sm_100f"). Anything else never reaches an assembler: it would be a
/// malformed option rather than a target the assembler could judge, and
/// compute_NN would make nvJitLink emit PTX, not a cubin.
bool isWellFormedArch(const std::string &arch) {
  if (arch.rfind("sm_", 0) != 0)
    return false;
  size_t pos = 3, digits = 0;
  while (pos < arch.size() && arch[pos] >= '0' && arch[pos] <= '9')
    ++pos, ++digits;
  if (digits < 2 || digits > 4)
    return false;
  if (pos < arch.size() && arch[pos] >= 'a' && arch[pos] <= 'z')
    ++pos;
  return pos == arch.size();
}

//===----------------------------------------------------------------------===//
// nvJitLink
//===----------------------------------------------------------------------===//

// The ABI of nvJitLink.h (CUDA 12.0 - 13.x): results and input kinds are C
// enums (int-sized), the handle is an opaque pointer.
using NvJitLinkHandle = struct nvJitLink *;
using NvJitLinkResult = int;
constexpr NvJitLinkResult kNvJitLinkSuccess = 0;
constexpr int kNvJitLinkInputPtx = 2; // NVJITLINK_INPUT_PTX (CUBIN is 1)

const char *nvJitLinkResultName(NvJitLinkResult r) {
  static const char *const names[] = {
      "NVJITLINK_SUCCESS",
      "NVJITLINK_ERROR_UNRECOGNIZED_OPTION",
      "NVJITLINK_ERROR_MISSING_ARCH",
      "NVJITLINK_ERROR_INVALID_INPUT",
      "NVJITLINK_ERROR_PTX_COMPILE",
      "NVJITLINK_ERROR_NVVM_COMPILE",
      "NVJITLINK_ERROR_INTERNAL",
      "NVJITLINK_ERROR_THREADPOOL",
      "NVJITLINK_ERROR_UNRECOGNIZED_INPUT",
      "NVJITLINK_ERROR_FINALIZE",
      "NVJITLINK_ERROR_NULL_INPUT",
      "NVJITLINK_ERROR_INCOMPATIBLE_OPTIONS",
      "NVJITLINK_ERROR_INCORRECT_INPUT_TYPE",
      "NVJITLINK_ERROR_ARCH_MISMATCH",
      "NVJITLINK_ERROR_OUTDATED_LIBRARY",
      "NVJITLINK_ERROR_MISSING_FATBIN",
      "NVJITLINK_ERROR_UNRECOGNIZED_ARCH",
      "NVJITLINK_ERROR_UNSUPPORTED_ARCH",
      "NVJITLINK_ERROR_LTO_NOT_ENABLED",
  };
  if (r >= 0 && size_t(r) < sizeof(names) / sizeof(names[0]))
    return names[r];
  return "NVJITLINK_ERROR (unknown code)";
}

struct NvJitLink {
  NvJitLinkResult (*create)(NvJitLinkHandle *, uint32_t, const char **) =
      nullptr;
  NvJitLinkResult (*destroy)(NvJitLinkHandle *) = nullptr;
  NvJitLinkResult (*addData)(NvJitLinkHandle, int, const void *, size_t,
                             const char *) = nullptr;
  NvJitLinkResult (*complete)(NvJitLinkHandle) = nullptr;
  NvJitLinkResult (*getLinkedCubinSize)(NvJitLinkHandle, size_t *) = nullptr;
  NvJitLinkResult (*getLinkedCubin)(NvJitLinkHandle, void *) = nullptr;
  NvJitLinkResult (*getErrorLogSize)(NvJitLinkHandle, size_t *) = nullptr;
  NvJitLinkResult (*getErrorLog)(NvJitLinkHandle, char *) = nullptr;
  NvJitLinkResult (*getInfoLogSize)(NvJitLinkHandle, size_t *) = nullptr;
  NvJitLinkResult (*getInfoLog)(NvJitLinkHandle, char *) = nullptr;
  NvJitLinkResult (*version)(unsigned *, unsigned *) = nullptr; // optional

  bool available = false;
  std::string identity; ///< "nvJitLink 13.0"
  std::string problem;  ///< why it is not available
};

/// Resolves `name` as exported plain, or as one of the header's versioned
/// aliases (__nvJitLinkCreate_13_0, ..._12_0).
template <typename Fn>
bool resolveNvJitLink(void *handle, Fn &fn, const char *name,
                      unsigned major) {
  std::vector<std::string> candidates = {name};
  std::vector<unsigned> majors = {13, 12};
  if (major && major != 13 && major != 12)
    majors.insert(majors.begin(), major);
  for (unsigned m : majors)
    candidates.push_back("__" + std::string(name) + "_" + std::to_string(m) +
                         "_0");
  for (const std::string &c : candidates)
    if (void *sym = dlsym(handle, c.c_str())) {
      fn = reinterpret_cast<Fn>(sym);
      return true;
    }
  return false;
}

/// Opens the first loadable nvJitLink library in the header's search order.
void *openNvJitLink(std::string &problem, std::string &openedAs) {
  static const char *const names[] = {"libnvJitLink.so.13",
                                      "libnvJitLink.so.12", "libnvJitLink.so"};
  std::string firstError;
  auto tryOpen = [&](const std::string &path) -> void * {
    dlerror();
    void *h = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (h)
      openedAs = path;
    else if (firstError.empty() && path.find('/') != std::string::npos &&
             access(path.c_str(), F_OK) == 0) {
      // Only a file that exists but fails to load is worth reporting.
      const char *e = dlerror();
      firstError = e ? e : path;
    }
    return h;
  };
  for (const std::string &root : toolkitRoots())
    for (const char *sub : {"/lib64/", "/lib/"})
      for (const char *n : names)
        if (void *h = tryOpen(root + sub + n))
          return h;
  for (const char *n : names)
    if (void *h = tryOpen(n))
      return h;
  problem = "nvJitLink not found (looked for libnvJitLink.so.13/.so.12/.so in "
            "$HUMMING_CUDA_HOME, $CUDA_HOME, /usr/local/cuda and the loader "
            "path)";
  if (!firstError.empty())
    problem += ": " + firstError;
  return nullptr;
}

const NvJitLink &nvJitLink() {
  static const NvJitLink lib = [] {
    NvJitLink l;
    std::string openedAs;
    void *h = openNvJitLink(l.problem, openedAs);
    if (!h)
      return l;
    // Never dlclose()d: the table lives as long as the process.
    unsigned major = 0, minor = 0;
    bool haveVersion = false;
    l.version = reinterpret_cast<decltype(l.version)>(
        dlsym(h, "nvJitLinkVersion"));
    if (l.version && l.version(&major, &minor) == kNvJitLinkSuccess)
      haveVersion = true;

    struct Entry {
      bool ok;
      const char *name;
    };
    const Entry entries[] = {
        {resolveNvJitLink(h, l.create, "nvJitLinkCreate", major),
         "nvJitLinkCreate"},
        {resolveNvJitLink(h, l.destroy, "nvJitLinkDestroy", major),
         "nvJitLinkDestroy"},
        {resolveNvJitLink(h, l.addData, "nvJitLinkAddData", major),
         "nvJitLinkAddData"},
        {resolveNvJitLink(h, l.complete, "nvJitLinkComplete", major),
         "nvJitLinkComplete"},
        {resolveNvJitLink(h, l.getLinkedCubinSize,
                          "nvJitLinkGetLinkedCubinSize", major),
         "nvJitLinkGetLinkedCubinSize"},
        {resolveNvJitLink(h, l.getLinkedCubin, "nvJitLinkGetLinkedCubin",
                          major),
         "nvJitLinkGetLinkedCubin"},
        {resolveNvJitLink(h, l.getErrorLogSize, "nvJitLinkGetErrorLogSize",
                          major),
         "nvJitLinkGetErrorLogSize"},
        {resolveNvJitLink(h, l.getErrorLog, "nvJitLinkGetErrorLog", major),
         "nvJitLinkGetErrorLog"},
        {resolveNvJitLink(h, l.getInfoLogSize, "nvJitLinkGetInfoLogSize",
                          major),
         "nvJitLinkGetInfoLogSize"},
        {resolveNvJitLink(h, l.getInfoLog, "nvJitLinkGetInfoLog", major),
         "nvJitLinkGetInfoLog"},
    };
    for (const Entry &e : entries)
      if (!e.ok) {
        l.problem = openedAs + " lacks " + e.name + " (and its __" + e.name +
                    "_<major>_0 alias)";
        dlclose(h);
        return l;
      }

    if (haveVersion) {
      l.identity = "nvJitLink " + std::to_string(major) + "." +
                   std::to_string(minor);
    } else {
      // Before 12.3 there is no version call; the real file name
      // (libnvJitLink.so.12.1.105) still tells builds apart in cache keys.
      std::string name = openedAs;
      Dl_info info;
      if (dladdr(reinterpret_cast<void *>(l.create), &info) &&
          info.dli_fname) {
        char real[PATH_MAX];
        name = realpath(info.dli_fname, real) ? real : info.dli_fname;
      }
      size_t slash = name.rfind('/');
      l.identity = "nvJitLink " +
                   (slash == std::string::npos ? name : name.substr(slash + 1));
    }
    l.available = true;
    return l;
  }();
  return lib;
}

std::string nvJitLinkLog(const NvJitLink &l, NvJitLinkHandle h, bool error) {
  size_t size = 0;
  auto sizeFn = error ? l.getErrorLogSize : l.getInfoLogSize;
  auto logFn = error ? l.getErrorLog : l.getInfoLog;
  if (sizeFn(h, &size) != kNvJitLinkSuccess || size == 0)
    return {};
  std::string log(size, '\0');
  if (logFn(h, &log[0]) != kNvJitLinkSuccess)
    return {};
  return trimRight(std::move(log));
}

Expected<AssembleResult> assembleWithNvJitLink(const NvJitLink &l,
                                               const std::string &ptx,
                                               const std::string &arch) {
  std::string archOpt = "-arch=" + arch;
  const char *options[] = {archOpt.c_str(), "-O3"};
  NvJitLinkHandle h = nullptr;
  NvJitLinkResult r = l.create(&h, 2, options);
  if (r != kNvJitLinkSuccess) {
    // A failed create may still hand back a handle holding the error log.
    std::string log = h ? nvJitLinkLog(l, h, true) : std::string();
    if (h)
      l.destroy(&h);
    return Status::error(StatusCode::CompileError,
                         l.identity + " rejected options \"" + archOpt +
                             " -O3\": " + nvJitLinkResultName(r) +
                             (log.empty() ? "" : ": " + log));
  }
  // Destroys the handle on every path below.
  struct Guard {
    const NvJitLink &l;
    NvJitLinkHandle &h;
    ~Guard() { l.destroy(&h); }
  } guard{l, h};

  auto fail = [&](const char *step, NvJitLinkResult res) {
    std::string log = nvJitLinkLog(l, h, true);
    std::string info = nvJitLinkLog(l, h, false);
    if (!info.empty())
      log += (log.empty() ? "" : "\n") + info;
    return Status::error(StatusCode::CompileError,
                         l.identity + " " + step + " failed for " + arch +
                             ": " + nvJitLinkResultName(res) +
                             (log.empty() ? "" : ": " + log));
  };
  // c_str() is NUL-terminated; the size excludes the terminator, as the
  // PTX text itself does.
  if ((r = l.addData(h, kNvJitLinkInputPtx, ptx.c_str(), ptx.size(),
                     "humming.ptx")) != kNvJitLinkSuccess)
    return fail("nvJitLinkAddData", r);
  if ((r = l.complete(h)) != kNvJitLinkSuccess)
    return fail("nvJitLinkComplete", r);
  size_t size = 0;
  if ((r = l.getLinkedCubinSize(h, &size)) != kNvJitLinkSuccess)
    return fail("nvJitLinkGetLinkedCubinSize", r);
  AssembleResult out;
  out.cubin.resize(size);
  if (size && (r = l.getLinkedCubin(h, &out.cubin[0])) != kNvJitLinkSuccess)
    return fail("nvJitLinkGetLinkedCubin", r);
  out.tool = l.identity;
  out.log = nvJitLinkLog(l, h, false);
  return out;
}

//===----------------------------------------------------------------------===//
// ptxas
//===----------------------------------------------------------------------===//

bool isExecutableFile(const std::string &path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
         access(path.c_str(), X_OK) == 0;
}

std::string findPtxas() {
  for (const std::string &root : toolkitRoots())
    if (isExecutableFile(root + "/bin/ptxas"))
      return root + "/bin/ptxas";
  std::string path = envOr("PATH");
  size_t start = 0;
  while (start <= path.size()) {
    size_t end = path.find(':', start);
    if (end == std::string::npos)
      end = path.size();
    // An empty PATH element means the current directory.
    std::string dir = end > start ? path.substr(start, end - start) : ".";
    if (isExecutableFile(dir + "/ptxas"))
      return dir + "/ptxas";
    start = end + 1;
  }
  return {};
}

/// Runs `argv` (argv[0] is the program path) with stdin from /dev/null and
/// stdout + stderr captured together. Returns false with `error` set when the
/// process could not run or did not exit with status 0.
bool runProcess(const std::vector<std::string> &argv, std::string &output,
                std::string &error) {
  int fds[2];
  // Close-on-exec keeps this pipe out of children other threads spawn.
  if (pipe2(fds, O_CLOEXEC) != 0) {
    error = std::string("pipe: ") + std::strerror(errno);
    return false;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
  posix_spawn_file_actions_adddup2(&actions, fds[1], 2);

  std::vector<char *> args;
  for (const std::string &a : argv)
    args.push_back(const_cast<char *>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  int rc = posix_spawn(&pid, argv[0].c_str(), &actions, nullptr, args.data(),
                       environ);
  posix_spawn_file_actions_destroy(&actions);
  close(fds[1]);
  if (rc != 0) {
    close(fds[0]);
    error = "cannot run " + argv[0] + ": " + std::strerror(rc);
    return false;
  }

  readAll(fds[0], output); // the log is informative: a read error ends it
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      error = "waitpid(" + argv[0] + "): " + std::strerror(errno);
      return false;
    }
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
    return true;
  if (WIFEXITED(status))
    error = argv[0] + " exited with status " +
            std::to_string(WEXITSTATUS(status));
  else if (WIFSIGNALED(status))
    error = argv[0] + " was killed by signal " +
            std::to_string(WTERMSIG(status));
  else
    error = argv[0] + " ended abnormally";
  return false;
}

struct Ptxas {
  std::string path;
  bool available = false;
  std::string identity; ///< "ptxas 13.0.88"
  std::string problem;
};

const Ptxas &ptxas() {
  static const Ptxas tool = [] {
    Ptxas t;
    t.path = findPtxas();
    if (t.path.empty()) {
      t.problem = "ptxas not found (looked in $HUMMING_CUDA_HOME/bin, "
                  "$CUDA_HOME/bin, /usr/local/cuda/bin and PATH)";
      return t;
    }
    std::string out, err;
    if (!runProcess({t.path, "--version"}, out, err)) {
      t.problem = t.path + " --version failed: " + err;
      return t;
    }
    // "Cuda compilation tools, release 13.0, V13.0.88": the V... token is the
    // full version; fall back to the last line for unexpected formats.
    std::string version;
    size_t v = out.find(", V");
    if (v != std::string::npos) {
      size_t end = out.find_first_of(" \r\n", v + 3);
      version = out.substr(v + 3, end == std::string::npos ? std::string::npos
                                                           : end - v - 3);
    } else {
      std::string text = trimRight(out);
      size_t nl = text.rfind('\n');
      version = nl == std::string::npos ? text : text.substr(nl + 1);
    }
    t.identity = "ptxas " + (version.empty() ? t.path : version);
    t.available = true;
    return t;
  }();
  return tool;
}

std::string tempDirectory() {
  std::string dir = envOr("TMPDIR");
  return dir.empty() ? "/tmp" : dir;
}

/// A temporary file removed when this goes out of scope.
struct TempFile {
  std::string path;
  ~TempFile() {
    if (!path.empty())
      unlink(path.c_str());
  }
};

/// Creates an empty unique file "<tmp>/humming-XXXXXX<suffix>"; -1 on error.
int makeTemp(TempFile &file, const char *suffix, std::string &error) {
  std::string tmpl = tempDirectory() + "/humming-XXXXXX" + suffix;
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  int fd = mkostemps(buf.data(), int(std::strlen(suffix)), O_CLOEXEC);
  if (fd < 0) {
    error = "cannot create a temporary file " + tmpl + ": " +
            std::strerror(errno);
    return -1;
  }
  file.path = buf.data();
  return fd;
}

bool readFile(const std::string &path, std::string &data) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  bool ok = readAll(fd, data);
  close(fd);
  return ok;
}

Expected<AssembleResult> assembleWithPtxas(const Ptxas &t,
                                           const std::string &ptx,
                                           const std::string &arch) {
  std::string error;
  TempFile in, out;
  int inFd = makeTemp(in, ".ptx", error);
  if (inFd < 0)
    return Status::error(StatusCode::IoError, error);
  bool written = writeAll(inFd, ptx);
  int savedErrno = errno;
  close(inFd);
  if (!written)
    return Status::error(StatusCode::IoError, "cannot write " + in.path +
                                                  ": " +
                                                  std::strerror(savedErrno));
  int outFd = makeTemp(out, ".cubin", error);
  if (outFd < 0)
    return Status::error(StatusCode::IoError, error);
  close(outFd);

  std::string log;
  if (!runProcess({t.path, "-arch=" + arch, "-O3", "-o", out.path, in.path},
                  log, error))
    return Status::error(StatusCode::CompileError,
                         t.identity + " failed for " + arch + " (" + error +
                             ")" + (log.empty() ? "" : ": " + trimRight(log)));
  AssembleResult result;
  if (!readFile(out.path, result.cubin))
    return Status::error(StatusCode::IoError, "cannot read " + out.path +
                                                  ": " +
                                                  std::strerror(errno));
  if (result.cubin.empty())
    return Status::error(StatusCode::CompileError,
                         t.identity + " produced an empty cubin for " + arch +
                             (log.empty() ? "" : ": " + trimRight(log)));
  result.tool = t.identity;
  result.log = trimRight(std::move(log));
  return result;
}

} // namespace

Expected<AssembleResult>
humming::runtime::assemblePtx(const std::string &ptx, const std::string &arch,
                              Assembler which) {
  if (!isWellFormedArch(arch))
    return Status::error(StatusCode::InvalidArgument,
                         "bad target arch \"" + arch +
                             "\" (expected sm_NN with an optional suffix "
                             "letter, e.g. sm_80 or sm_90a)");
  if (ptx.empty())
    return Status::error(StatusCode::InvalidArgument, "empty PTX");
  if (which != Assembler::Ptxas) {
    const NvJitLink &l = nvJitLink();
    if (l.available)
      return assembleWithNvJitLink(l, ptx, arch);
    if (which == Assembler::NvJitLink)
      return Status::error(StatusCode::Unsupported, l.problem);
  }
  const Ptxas &t = ptxas();
  if (t.available)
    return assembleWithPtxas(t, ptx, arch);
  if (which == Assembler::Ptxas)
    return Status::error(StatusCode::Unsupported, t.problem);
  return Status::error(StatusCode::Unsupported,
                       "no PTX assembler: " + nvJitLink().problem + "; " +
                           t.problem);
}

Expected<std::string> humming::runtime::assemblerIdentity(Assembler which) {
  // Both tables are computed once (function-local statics), so this is cheap
  // and thread-safe after the first call.
  if (which != Assembler::Ptxas) {
    const NvJitLink &l = nvJitLink();
    if (l.available)
      return l.identity;
    if (which == Assembler::NvJitLink)
      return Status::error(StatusCode::Unsupported, l.problem);
  }
  const Ptxas &t = ptxas();
  if (t.available)
    return t.identity;
  if (which == Assembler::Ptxas)
    return Status::error(StatusCode::Unsupported, t.problem);
  return Status::error(StatusCode::Unsupported,
                       "no PTX assembler: " + nvJitLink().problem + "; " +
                           t.problem);
}
