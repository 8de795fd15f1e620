// What the CUDA probes under bench/ share (cluster_probe.cu, copy_probe.cu):
// the error check of their host code and the 16-byte-load streaming reader
// they time the other readers against.
#ifndef HUMMING_BENCH_PROBE_COMMON_CUH
#define HUMMING_BENCH_PROBE_COMMON_CUH

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <vector>

#define CHECK(x)                                                               \
  do {                                                                         \
    cudaError_t err_ = (x);                                                    \
    if (err_ != cudaSuccess) {                                                 \
      std::fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x,           \
                   cudaGetErrorString(err_));                                  \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

// The XOR of `words` 16-byte words from `src`, read by the CTA's threads with
// streaming 16-byte loads, 4 in flight per thread (the XOR keeps the loads
// alive; each thread returns its part).
__device__ inline int xorStream(const int4 *__restrict__ src, size_t words) {
  int acc = 0;
  for (size_t i = threadIdx.x; i < words; i += 4 * blockDim.x) {
    int4 v[4];
#pragma unroll
    for (int u = 0; u < 4; ++u) {
      size_t j = i + u * blockDim.x;
      v[u] = j < words ? __ldcs(src + j) : make_int4(0, 0, 0, 0);
    }
#pragma unroll
    for (int u = 0; u < 4; ++u)
      acc ^= v[u].x ^ v[u].y ^ v[u].z ^ v[u].w;
  }
  return acc;
}

// Event-timed launches, each after a write of `flushBytes` that evicts L2:
// 3 untimed, then 30 timed; their times in microseconds, sorted.
template <typename Launch>
std::vector<float> timeColdLaunches(char *flush, size_t flushBytes,
                                    cudaStream_t stream, Launch launch) {
  static cudaEvent_t a = nullptr, b = nullptr;
  if (!a) {
    CHECK(cudaEventCreate(&a));
    CHECK(cudaEventCreate(&b));
  }
  std::vector<float> us;
  for (int rep = 0; rep < 33; ++rep) {
    CHECK(cudaMemsetAsync(flush, rep, flushBytes, stream));
    CHECK(cudaEventRecord(a, stream));
    launch();
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(b, stream));
    CHECK(cudaEventSynchronize(b));
    float ms;
    CHECK(cudaEventElapsedTime(&ms, a, b));
    if (rep >= 3)
      us.push_back(ms * 1000);
  }
  std::sort(us.begin(), us.end());
  return us;
}

#endif
