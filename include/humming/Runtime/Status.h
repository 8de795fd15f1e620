//===- Status.h - Error values of the runtime ------------------------------===//
//
// The runtime never aborts its host process on a bad request: every fallible
// call returns a Status (or an Expected<T>) whose message is one line that
// names what was wrong. The codes match the C API's humming_status values.
//
//===----------------------------------------------------------------------===//

#ifndef HUMMING_RUNTIME_STATUS_H
#define HUMMING_RUNTIME_STATUS_H

#include <cstddef>
#include <optional>
#include <string>
#include <utility>

namespace humming::runtime {

enum class StatusCode : int {
  Ok = 0,
  InvalidArgument = 1, ///< bad spec, shape, pointer, alignment or dtype
  Unsupported = 2,     ///< legal request this build / arch cannot serve
  CompileError = 3,    ///< the MLIR pipeline, nvJitLink or ptxas failed
  CudaError = 4,       ///< a CUDA driver call failed
  NoDevice = 5,        ///< no CUDA driver or no GPU on this machine
  IoError = 6,         ///< cache directory or file trouble
  Internal = 7,        ///< a bug: please report
};

const char *toString(StatusCode code);

class [[nodiscard]] Status {
public:
  Status() = default;
  static Status ok() { return Status(); }
  static Status error(StatusCode code, std::string message) {
    Status s;
    s.code_ = code;
    s.message_ = std::move(message);
    return s;
  }
  bool isOk() const { return code_ == StatusCode::Ok; }
  explicit operator bool() const { return isOk(); }
  StatusCode code() const { return code_; }
  const std::string &message() const { return message_; }

private:
  StatusCode code_ = StatusCode::Ok;
  std::string message_;
};

/// A value or the Status that explains its absence.
template <typename T> class [[nodiscard]] Expected {
public:
  Expected(T value) : value_(std::move(value)) {}
  Expected(Status status) : status_(std::move(status)) {}
  bool isOk() const { return value_.has_value(); }
  explicit operator bool() const { return isOk(); }
  T &operator*() { return *value_; }
  const T &operator*() const { return *value_; }
  T *operator->() { return &*value_; }
  const T *operator->() const { return &*value_; }
  const Status &status() const { return status_; }
  Status takeStatus() { return std::move(status_); }

private:
  std::optional<T> value_;
  Status status_;
};

/// The thread count in environment variable `name` (1..1024); 0 when it is
/// unset, InvalidArgument naming the variable when it is not such a count.
Expected<size_t> threadCountFromEnv(const char *name);

} // namespace humming::runtime

#endif
