// How fast a streaming read runs with each way of staging it through shared
// memory: the question behind bulk (TMA) copies for the weight codes
// (bench/NOTES.md section 35). Our kernels stage the codes with per-thread
// cp.async (LDGSTS, 16 bytes a thread) and a CTA barrier per iteration;
// a bulk copy moves one stage's bytes with one instruction of one thread
// and signals an mbarrier when they landed.
//
// Built and run on the GPU machine (results/h200/2026-12-01-session-m):
//   nvcc -O2 -arch=sm_90a -o copy_probe bench/copy_probe.cu
//   ./copy_probe > probe.json
//
// Every variant reads the same bytes once (33.5 MB: W4A16 8192 x 8192's
// codes; 67.1 MB: W8A16's), each CTA one contiguous chunk, the L2
// access-policy window our launches set (streaming), median of 30
// event-timed launches, each after a 256 MB write that evicts L2:
//  * "ldg": 16-byte loads to registers, 4 in flight per thread (section
//    32's reader);
//  * "ldgsts": S stages of B bytes, every thread copies 16-byte chunks with
//    cp.async, one commit group per stage, wait_group(S - 2) + a CTA
//    barrier per stage, then the stage is read (one 16-byte word per
//    thread) and refilled: our cooperative pipeline without the math;
//  * "bulk": the same stages, filled by cp.async.bulk of one thread per
//    stage with mbarrier::complete_tx; the readers wait on the stage's
//    mbarrier phase, read, and a CTA barrier releases the stage;
//  * "bulk_ef": bulk with an L2 evict-first policy on the copy.
// And two changes to "ldgsts" alone (session t, shared library only): the
// copies' L2 prefetch size (`.L2::128B` / `.L2::256B`, "ldgsts_pf128" /
// "ldgsts_pf256"), and the order the CTAs read in ("ldgsts_striped": stage
// t of CTA b is chunk t x grid + b, so the CTAs march through one window of
// grid x stageBytes instead of each streaming its own region; our weight
// streams are regions, 64-512 KB apart); and "piped", our kernels' own
// pipeline (several stages per wait) over regions or over a row layout of
// the weights (bench/NOTES.md section 50).
// One JSON object per line.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#include "probe_common.cuh"
#include <vector>


struct Params {
  const int4 *src;
  size_t bytesPerCta;
  int stages, stageBytes;
  int *sink;
  /// Where a CTA's stages come from (stageChunk): runStages 0, its own
  /// region; R > 0, runs of R contiguous stages, the CTAs forming `windows`
  /// groups (CTA b in group b % windows, like the K splits of one output
  /// tile in our grids) whose members' runs lie side by side, [group][run
  /// row][member][R stages]: weights laid out as rows of R k-blocks per
  /// 64-column tile. R = 1 is the striped order, each group marching
  /// through its own window.
  int windows = 1;
  int runStages = 0;
};

/// The stage-sized chunk of the source that stage `step` of this CTA reads.
__device__ inline size_t stageChunk(const Params &p, size_t step,
                                    size_t steps) {
  if (!p.runStages)
    return blockIdx.x * steps + step;
  const size_t R = p.runStages, rows = steps / R;
  const unsigned members = gridDim.x / p.windows;
  const unsigned group = blockIdx.x % p.windows, member = blockIdx.x / p.windows;
  return ((group * rows + step / R) * members + member) * R + step % R;
}

__global__ void ldg(Params p) {
  int acc = xorStream(p.src + blockIdx.x * (p.bytesPerCta / 16),
                      p.bytesPerCta / 16);
  if (acc == 0x7fffffff)
    p.sink[0] = acc;
}

__device__ unsigned sharedAddr(const void *ptr) {
  return unsigned(__cvta_generic_to_shared(ptr));
}

// The L2 prefetch size of an "ldgsts" reader's cp.async.
enum CopyMode { kPlain = 0, kPrefetch128 = 1, kPrefetch256 = 2 };

template <int Mode>
__device__ inline void copy16(char *dst, const char *src) {
  if (Mode & kPrefetch256)
    asm volatile("cp.async.cg.shared.global.L2::256B [%0], [%1], 16;" ::"r"(
                     sharedAddr(dst)),
                 "l"(src)
                 : "memory");
  else if (Mode & kPrefetch128)
    asm volatile("cp.async.cg.shared.global.L2::128B [%0], [%1], 16;" ::"r"(
                     sharedAddr(dst)),
                 "l"(src)
                 : "memory");
  else
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(
                     sharedAddr(dst)),
                 "l"(src)
                 : "memory");
}

// wait_group needs an immediate: the steady state keeps stages - 2 groups in
// flight, so the template fixes the stage count.
template <int S, int Mode = kPlain> __global__ void ldgstsS(Params p) {
  extern __shared__ __align__(128) char smem[];
  const int chunks = p.stageBytes / 16;
  const size_t steps = p.bytesPerCta / p.stageBytes;
  auto fill = [&](size_t step) {
    char *stage = smem + (step % S) * p.stageBytes;
    const char *src =
        (const char *)p.src + stageChunk(p, step, steps) * p.stageBytes;
    for (int c = threadIdx.x; c < chunks; c += blockDim.x)
      copy16<Mode>(stage + 16 * c, src + 16 * c);
  };
  for (int s = 0; s < S - 1; ++s) {
    if (s < steps)
      fill(s);
    asm volatile("cp.async.commit_group;" ::: "memory");
  }
  int acc = 0;
  for (size_t step = 0; step < steps; ++step) {
    // Every group but the newest S - 2 landed: this step's stage.
    asm volatile("cp.async.wait_group %0;" ::"n"(S - 2) : "memory");
    __syncthreads();
    if (step + S - 1 < steps)
      fill(step + S - 1);
    asm volatile("cp.async.commit_group;" ::: "memory");
    const int4 *stage = (const int4 *)(smem + (step % S) * p.stageBytes);
    if (threadIdx.x < chunks) {
      int4 v = stage[threadIdx.x];
      acc ^= v.x ^ v.w;
    }
  }
  if (acc == 0x7fffffff)
    p.sink[0] = acc;
}

template <bool EvictFirst> __global__ void bulk(Params p) {
  extern __shared__ __align__(128) char smem[];
  // The stages' mbarriers after the stages.
  unsigned long long *bars =
      (unsigned long long *)(smem + p.stages * p.stageBytes);
  const char *src = (const char *)p.src + blockIdx.x * p.bytesPerCta;
  const size_t steps = p.bytesPerCta / p.stageBytes;
  unsigned long long policy = 0;
  if (EvictFirst)
    asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;"
                 : "=l"(policy));
  if (threadIdx.x == 0) {
    for (int s = 0; s < p.stages; ++s)
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(
                       sharedAddr(&bars[s]))
                   : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  auto fill = [&](size_t step) {
    int s = step % p.stages;
    unsigned bar = sharedAddr(&bars[s]);
    asm volatile(
        "mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar),
        "r"(p.stageBytes)
        : "memory");
    if (EvictFirst)
      asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx"
                   "::bytes.L2::cache_hint [%0], [%1], %2, [%3], %4;" ::"r"(
                       sharedAddr(smem + s * p.stageBytes)),
                   "l"(src + step * p.stageBytes), "r"(p.stageBytes),
                   "r"(bar), "l"(policy)
                   : "memory");
    else
      asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx"
                   "::bytes [%0], [%1], %2, [%3];" ::"r"(
                       sharedAddr(smem + s * p.stageBytes)),
                   "l"(src + step * p.stageBytes), "r"(p.stageBytes),
                   "r"(bar)
                   : "memory");
  };
  if (threadIdx.x == 0)
    for (int s = 0; s < p.stages - 1 && s < steps; ++s)
      fill(s);
  int acc = 0;
  const int chunks = p.stageBytes / 16;
  for (size_t step = 0; step < steps; ++step) {
    int s = step % p.stages;
    unsigned parity = (step / p.stages) & 1;
    asm volatile("{\n.reg .pred done;\nwait:\n"
                 "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
                 "@!done bra wait;\n}" ::"r"(sharedAddr(&bars[s])),
                 "r"(parity)
                 : "memory");
    // The stage read last step is free once every thread passed this
    // barrier: refill it.
    __syncthreads();
    if (threadIdx.x == 0 && step + p.stages - 1 < steps)
      fill(step + p.stages - 1);
    const int4 *stage = (const int4 *)(smem + s * p.stageBytes);
    if (threadIdx.x < chunks) {
      int4 v = stage[threadIdx.x];
      acc ^= v.x ^ v.w;
    }
  }
  if (acc == 0x7fffffff)
    p.sink[0] = acc;
}

// Our kernels' pipeline without the math (MmaSyncKernel.cpp): S stages, G
// of them per iteration, one wait_group(S - 2G) + CTA barrier per
// iteration, then G stages refilled (a commit each) and read. Where the
// stages come from: stageChunk.
template <int S, int G> __global__ void pipelined(Params p) {
  extern __shared__ __align__(128) char smem[];
  const int chunks = p.stageBytes / 16;
  const size_t steps = p.bytesPerCta / p.stageBytes;
  auto fill = [&](size_t step) {
    if (step < steps) {
      char *stage = smem + (step % S) * p.stageBytes;
      const char *src =
          (const char *)p.src + stageChunk(p, step, steps) * p.stageBytes;
      for (int c = threadIdx.x; c < chunks; c += blockDim.x)
        copy16<kPlain>(stage + 16 * c, src + 16 * c);
    }
    asm volatile("cp.async.commit_group;" ::: "memory");
  };
  for (int s = 0; s < S - G; ++s)
    fill(s);
  int acc = 0;
  for (size_t step = 0; step < steps; step += G) {
    asm volatile("cp.async.wait_group %0;" ::"n"(S - 2 * G) : "memory");
    __syncthreads();
    for (int g = 0; g < G; ++g)
      fill(step + S - G + g);
    for (int g = 0; g < G; ++g) {
      const int4 *stage = (const int4 *)(smem + ((step + g) % S) * p.stageBytes);
      if (threadIdx.x < chunks) {
        int4 v = stage[threadIdx.x];
        acc ^= v.x ^ v.w;
      }
    }
  }
  if (acc == 0x7fffffff)
    p.sink[0] = acc;
}

#ifdef COPY_PROBE_LIB
// The same kernels as a shared library for bench/read_floor.py --staged,
// which times them like the GEMMs (kernel-only profiler time):
//   nvcc -O2 -arch=sm_90a -shared -Xcompiler -fPIC -DCOPY_PROBE_LIB \
//        -o copy_probe.so bench/copy_probe.cu
// kind: 0 ldg, 1 ldgsts, 2 bulk, 3 bulk with evict-first, 4 / 5 ldgsts
// with the 128 / 256-byte L2 prefetch, 6 ldgsts striped, 7 striped with
// the 256-byte prefetch (striped over `windows` groups of CTAs, which
// divides `grid`: runs of one stage, whatever `runStages` says), 8 our
// pipeline (16 stages 4 a wait, or 8 stages 2 a wait; `windows` and
// `runStages` as in Params). `bytes` split evenly over `grid` CTAs (a
// multiple of stageBytes each). Returns the launch's cudaError_t.
template <int Mode> static void (*ldgstsKernel(int stages))(Params) {
  return stages == 4    ? ldgstsS<4, Mode>
         : stages == 6  ? ldgstsS<6, Mode>
         : stages == 8  ? ldgstsS<8, Mode>
         : stages == 12 ? ldgstsS<12, Mode>
         : stages == 16 ? ldgstsS<16, Mode>
                        : nullptr;
}

extern "C" int copy_probe_launch(int kind, int stages, int stageBytes,
                                 const void *src, size_t bytes, int grid,
                                 int *sink, void *stream, int windows,
                                 int runStages) {
  using Kernel = void (*)(Params);
  Kernel k = nullptr;
  if (kind == 0)
    k = ldg;
  else if (kind == 1)
    k = ldgstsKernel<kPlain>(stages);
  else if (kind == 4)
    k = ldgstsKernel<kPrefetch128>(stages);
  else if (kind == 5)
    k = ldgstsKernel<kPrefetch256>(stages);
  else if (kind == 6)
    k = ldgstsKernel<kPlain>(stages);
  else if (kind == 7)
    k = ldgstsKernel<kPrefetch256>(stages);
  else if (kind == 8)
    k = stages == 16 ? pipelined<16, 4> : stages == 8 ? pipelined<8, 2> : nullptr;
  else if (kind == 2)
    k = bulk<false>;
  else if (kind == 3)
    k = bulk<true>;
  if (!k)
    return int(cudaErrorInvalidValue);
  const size_t bytesPerCta = bytes / grid;
  if (kind != 0 && (bytesPerCta % stageBytes || bytes % grid))
    return int(cudaErrorInvalidValue);
  size_t smem = kind ? size_t(stages) * stageBytes + 256 : 0;
  cudaError_t err = cudaFuncSetAttribute(
      (const void *)k, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem));
  if (err != cudaSuccess)
    return int(err);
  if (windows < 1 || grid % windows)
    return int(cudaErrorInvalidValue);
  if (kind == 6 || kind == 7) // striped: the row layout, runs of one stage
    runStages = 1;
  if (runStages && (bytesPerCta / stageBytes) % runStages)
    return int(cudaErrorInvalidValue);
  Params p{(const int4 *)src, bytesPerCta, stages, stageBytes, sink, windows,
           runStages};
  k<<<grid, 256, smem, (cudaStream_t)stream>>>(p);
  return int(cudaGetLastError());
}
#else
int main() {
  int smemMax = 0, sms = 0, maxWindow = 0;
  CHECK(cudaDeviceGetAttribute(&smemMax,
                               cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  CHECK(cudaDeviceGetAttribute(&maxWindow,
                               cudaDevAttrMaxAccessPolicyWindowSize, 0));
  using Kernel = void (*)(Params);
  for (auto k : {(const void *)ldg, (const void *)ldgstsS<4>,
                 (const void *)ldgstsS<6>, (const void *)ldgstsS<8>,
                 (const void *)ldgstsS<12>, (const void *)ldgstsS<16>,
                 (const void *)bulk<false>, (const void *)bulk<true>})
    CHECK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize,
                               smemMax));
  const size_t maxBytes = 8192ull * 8192, flushBytes = 256ull << 20;
  char *src, *flush;
  int *sink;
  CHECK(cudaMalloc(&src, maxBytes));
  CHECK(cudaMalloc(&flush, flushBytes));
  CHECK(cudaMalloc(&sink, 4));
  CHECK(cudaMemset(src, 1, maxBytes));
  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));

  struct Variant {
    const char *name;
    Kernel kernel;
    int stages, stageBytes;
  };
  std::vector<Variant> variants = {{"ldg", ldg, 0, 0}};
  for (int sb : {2048, 4096, 8192}) {
    variants.push_back({"ldgsts", ldgstsS<8>, 8, sb});
    variants.push_back({"ldgsts", ldgstsS<16>, 16, sb});
    variants.push_back({"bulk", bulk<false>, 8, sb});
    variants.push_back({"bulk", bulk<false>, 16, sb});
    variants.push_back({"bulk_ef", bulk<true>, 16, sb});
  }
  variants.push_back({"bulk", bulk<false>, 4, 16384});
  variants.push_back({"bulk", bulk<false>, 8, 16384});
  variants.push_back({"ldgsts", ldgstsS<4>, 4, 16384});
  // Deeper: more bytes in flight per CTA (call 3).
  variants.push_back({"ldgsts", ldgstsS<6>, 6, 16384});
  variants.push_back({"ldgsts", ldgstsS<8>, 8, 16384});
  variants.push_back({"ldgsts", ldgstsS<12>, 12, 16384});
  variants.push_back({"ldgsts", ldgstsS<4>, 4, 32768});
  variants.push_back({"ldgsts", ldgstsS<6>, 6, 32768});

  for (size_t bytes : {maxBytes / 2, maxBytes}) {
    cudaStreamAttrValue attr = {};
    attr.accessPolicyWindow.base_ptr = src;
    attr.accessPolicyWindow.num_bytes = std::min<size_t>(bytes, maxWindow);
    attr.accessPolicyWindow.hitRatio = 1.0f;
    attr.accessPolicyWindow.hitProp = cudaAccessPropertyStreaming;
    attr.accessPolicyWindow.missProp = cudaAccessPropertyNormal;
    CHECK(cudaStreamSetAttribute(stream, cudaStreamAttributeAccessPolicyWindow,
                                 &attr));
    for (int grid : {128, sms, 2 * sms}) {
      for (const Variant &v : variants) {
        // Whole 32 KB runs per CTA for every variant, so that they all
        // read the same bytes (at 132 CTAs a few per cent fewer than
        // `bytes`: "bytes_read").
        const size_t bytesPerCta = bytes / grid / 32768 * 32768;
        const int perSm = grid > sms ? 2 : 1;
        size_t smem = v.stages ? size_t(v.stages) * v.stageBytes + 256 : 0;
        if (smem * perSm > size_t(smemMax))
          continue;
        if (!v.stages) // the plain reader: occupancy set by shared memory
          smem = size_t(smemMax / perSm) - 2048;
        Params p{(const int4 *)src, bytesPerCta, v.stages, v.stageBytes, sink};
        std::vector<float> us = timeColdLaunches(flush, flushBytes, stream, [&] {
          v.kernel<<<grid, 256, smem, stream>>>(p);
        });
        std::printf("{\"variant\": \"%s\", \"bytes_read\": %zu, \"grid\": %d, "
                    "\"stages\": %d, \"stage_bytes\": %d, "
                    "\"median_us\": %.2f, \"min_us\": %.2f, "
                    "\"max_us\": %.2f}\n",
                    v.name, bytesPerCta * grid, grid, v.stages, v.stageBytes,
                    us[us.size() / 2], us.front(), us.back());
        std::fflush(stdout);
      }
    }
  }
  return 0;
}
#endif
