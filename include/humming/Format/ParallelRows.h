//===- ParallelRows.h - Host loops over independent rows -------*- C++ -*-===//
//
// The host reference's loops over weight rows (dequantization, the
// reference GEMM's output columns) on the machine's cores: at model widths
// (57344 x 8192) one thread took 15-17 s a call, longer than the GPU
// checks that wait on it allow. Each row is computed by one thread exactly
// as before, so the results do not depend on the thread count.
//
//===----------------------------------------------------------------------===//

#ifndef HUMMING_FORMAT_PARALLELROWS_H
#define HUMMING_FORMAT_PARALLELROWS_H

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <thread>
#include <vector>

namespace humming::format {

/// A thread-count setting ($HUMMING_HOST_THREADS, $HUMMING_COMPILE_THREADS):
/// a count from 1 to 1024, else 0.
inline int64_t parseThreadCount(const char *v) {
  char *end = nullptr;
  long n = std::strtol(v, &end, 10);
  return end != v && *end == '\0' && n >= 1 && n <= 1024 ? n : 0;
}

/// Threads for host loops: $HUMMING_HOST_THREADS if set and valid (the C
/// API refuses an invalid one before any loop runs), else the machine's
/// hardware threads.
inline int64_t hostThreads() {
  if (const char *v = std::getenv("HUMMING_HOST_THREADS"))
    if (int64_t n = parseThreadCount(v))
      return n;
  return std::max<int64_t>(1, std::thread::hardware_concurrency());
}

/// Calls fn(begin, end) on contiguous chunks covering [0, rows), on up to
/// hostThreads() threads, each chunk at least 2^20 / workPerRow rows (about
/// a million operations; smaller loops stay on the caller's thread). fn
/// must only write what its rows own.
template <typename Fn>
void parallelRows(int64_t rows, int64_t workPerRow, Fn &&fn) {
  if (rows <= 0)
    return;
  const int64_t minRows = std::max<int64_t>(
      1, (int64_t(1) << 20) / std::max<int64_t>(workPerRow, 1));
  const int64_t threads =
      std::min(hostThreads(), std::max<int64_t>(1, rows / minRows));
  if (threads <= 1) {
    fn(int64_t(0), rows);
    return;
  }
  const int64_t chunk = (rows + threads - 1) / threads;
  std::vector<std::thread> pool;
  for (int64_t t = 1; t < threads; ++t) {
    int64_t b = t * chunk, e = std::min(rows, b + chunk);
    if (b < e)
      pool.emplace_back([&fn, b, e] { fn(b, e); });
  }
  fn(int64_t(0), std::min(rows, chunk));
  for (auto &t : pool)
    t.join();
}

} // namespace humming::format

#endif // HUMMING_FORMAT_PARALLELROWS_H
