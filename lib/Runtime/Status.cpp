//===- Status.cpp - Names of the runtime's status codes -------------------===//

#include "humming/Runtime/Status.h"

#include "humming/Format/ParallelRows.h"

#include <cstdlib>

using namespace humming::runtime;

const char *humming::runtime::toString(StatusCode code) {
  switch (code) {
  case StatusCode::Ok:
    return "ok";
  case StatusCode::InvalidArgument:
    return "invalid argument";
  case StatusCode::Unsupported:
    return "unsupported";
  case StatusCode::CompileError:
    return "compile error";
  case StatusCode::CudaError:
    return "CUDA error";
  case StatusCode::NoDevice:
    return "no device";
  case StatusCode::IoError:
    return "I/O error";
  case StatusCode::Internal:
    return "internal error";
  }
  // A value cast from an int the enum does not name (e.g. from the C API).
  return "unknown status";
}

Expected<size_t> humming::runtime::threadCountFromEnv(const char *name) {
  const char *v = std::getenv(name);
  if (!v)
    return size_t(0);
  if (int64_t n = format::parseThreadCount(v))
    return size_t(n);
  return Status::error(StatusCode::InvalidArgument,
                       std::string(name) +
                           " must be a count of threads "
                           "(1..1024), not '" +
                           v + "'");
}
