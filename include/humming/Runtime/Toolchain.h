//===- Toolchain.h - PTX to cubin: nvJitLink in process, ptxas fallback ---===//
//
// nvJitLink is dlopen()ed (libnvJitLink.so.13, .so.12, .so, from
// $HUMMING_CUDA_HOME / $CUDA_HOME / /usr/local/cuda lib64 or the loader path);
// when it is missing or fails to load, ptxas (found the same way, or on PATH)
// runs as a child process on temporary files. Neither is linked at build time.
//
//===----------------------------------------------------------------------===//

#ifndef HUMMING_RUNTIME_TOOLCHAIN_H
#define HUMMING_RUNTIME_TOOLCHAIN_H

#include "humming/Runtime/Status.h"

#include <string>

namespace humming::runtime {

enum class Assembler { Auto, NvJitLink, Ptxas };

struct AssembleResult {
  std::string cubin;
  /// "nvJitLink 13.0" or "ptxas 13.0.88": goes into the cache key.
  std::string tool;
  /// Any log text the assembler printed (warnings).
  std::string log;
};

/// Assembles `ptx` for `arch` ("sm_90a", "sm_80", ...). Auto tries nvJitLink,
/// then ptxas. Thread-safe. Errors carry the assembler's log.
/// Errors: InvalidArgument for an empty `ptx` or an `arch` that is not
/// "sm_" + 2-4 digits + an optional letter (checked before any assembler
/// runs); Unsupported when the requested assembler is missing; CompileError
/// when it rejects the input or the arch (its log is in the message); IoError
/// for temporary-file trouble (ptxas only).
Expected<AssembleResult> assemblePtx(const std::string &ptx,
                                     const std::string &arch,
                                     Assembler which = Assembler::Auto);

/// The identity of the assembler Auto would use ("nvJitLink 13.0",
/// "ptxas 13.0.88"), or an error when neither is available. Cached.
Expected<std::string> assemblerIdentity(Assembler which = Assembler::Auto);

} // namespace humming::runtime

#endif
