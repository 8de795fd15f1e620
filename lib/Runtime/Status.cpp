//===- Status.cpp - Names of the runtime's status codes -------------------===//

#include "humming/Runtime/Status.h"

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
