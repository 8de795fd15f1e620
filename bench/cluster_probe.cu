// Thread-block clusters on this GPU: how many are resident at once, where
// they land, and what a cluster launch costs a streaming kernel.
//
// The diagnostic of bench/NOTES.md section 32 (our K splits as clusters of
// 3..8 CTAs measured 5-9 us slower than the same splits without clusters,
// pairs not). Built and run on the GPU machine (see
// results/h200/2026-12-01-session-l/call1.sh and call3.sh):
//   nvcc -O2 -arch=sm_90a -o cluster_probe bench/cluster_probe.cu
//   ./cluster_probe > probe.json
//
// Three experiments, one JSON object per line:
//  * "gpcs": the SMs that clusters of 16 CTAs (one per SM) share: every
//    cluster lies in one GPC, so the union of the SM sets seen together is
//    the GPC map (SMs never seen in a 16-cluster stay singletons).
//  * "occupancy": cudaOccupancyMaxActiveClusters per cluster size and CTAs
//    per SM (set through the dynamic shared memory), and how a grid of our
//    kernels' size actually ran: every CTA spins 20 us; "late_ctas" started
//    after the first CTA had finished (not resident in the first wave),
//    "sms_used" counts distinct SMs (fewer than CTAs: SMs took two).
//  * "stream": a kernel that reads 33.5 MB once (W4A16 8192 x 8192's
//    weights) with 16-byte loads, 128 CTAs of 256 threads at one or two
//    CTAs per SM: without clusters, with the L2 access-policy window our
//    launches set, with the cluster shape as a launch attribute or fixed at
//    compile time (as our kernels are), and with our cluster split's end
//    (sums in shared memory, cluster barriers, rank 0 reading the others
//    through distributed shared memory); median of 30 event-timed launches,
//    each after a 256 MB write that evicts L2.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#include "probe_common.cuh"
#include <set>
#include <vector>


struct Record {
  unsigned smid, rank;
  unsigned long long start, end;
};

__device__ unsigned long long globalTimer() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t));
  return t;
}

__device__ unsigned smId() {
  unsigned s;
  asm volatile("mov.u32 %0, %smid;" : "=r"(s));
  return s;
}

__device__ unsigned clusterRank() {
  unsigned r;
  asm volatile("mov.u32 %0, %cluster_ctarank;" : "=r"(r));
  return r;
}

// Every CTA records where and when it ran, holding its SM for spinNs.
__global__ void spin(Record *rec, unsigned long long spinNs) {
  extern __shared__ char smem[];
  unsigned long long t0 = globalTimer();
  if (threadIdx.x == 0)
    smem[0] = 1; // the shared memory is the occupancy knob; touch it
  while (globalTimer() - t0 < spinNs) {
  }
  if (threadIdx.x == 0)
    rec[blockIdx.x] = {smId(), clusterRank(), t0, globalTimer()};
}

// Each CTA reads one contiguous chunk with 16-byte loads, 4 in flight per
// thread; the XOR keeps the loads alive. With clusterEnd, the end of our
// cluster split: every CTA stores 16 KB of "sums" in shared memory, a cluster
// barrier, rank 0 reads the others' through distributed shared memory, a
// second barrier.
__device__ void streamBody(const int4 *__restrict__ src, size_t wordsPerCta,
                           int *sink, bool clusterEnd) {
  extern __shared__ int4 smem4[];
  int acc = xorStream(src + blockIdx.x * wordsPerCta, wordsPerCta);
  if (clusterEnd) {
    for (int c = 0; c < 4; ++c)
      smem4[c * blockDim.x + threadIdx.x] = make_int4(acc, c, 0, 0);
    asm volatile("barrier.cluster.arrive.release;\n"
                 "barrier.cluster.wait.acquire;" ::: "memory");
    unsigned rank, ranks;
    asm volatile("mov.u32 %0, %cluster_ctarank;" : "=r"(rank));
    asm volatile("mov.u32 %0, %cluster_nctarank;" : "=r"(ranks));
    if (rank == 0)
      for (unsigned r = 1; r < ranks; ++r)
        for (int c = 0; c < 4; ++c) {
          unsigned local = unsigned(__cvta_generic_to_shared(
              &smem4[c * blockDim.x + threadIdx.x]));
          unsigned remote;
          int4 v;
          asm volatile("mapa.shared::cluster.u32 %0, %1, %2;"
                       : "=r"(remote) : "r"(local), "r"(r));
          asm volatile("ld.shared::cluster.v4.s32 {%0, %1, %2, %3}, [%4];"
                       : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                       : "r"(remote));
          acc += v.x ^ v.y;
        }
    asm volatile("barrier.cluster.arrive.release;\n"
                 "barrier.cluster.wait.acquire;" ::: "memory");
  }
  if (acc == 0x7fffffff)
    sink[0] = acc;
}

__global__ void stream(const int4 *__restrict__ src, size_t wordsPerCta,
                       int *sink) {
  streamBody(src, wordsPerCta, sink, false);
}

// Clusters fixed at compile time (.reqnctapercluster), as our kernels are.
template <bool End>
__global__ void __cluster_dims__(4, 1, 1)
    streamC4(const int4 *__restrict__ src, size_t wordsPerCta, int *sink) {
  streamBody(src, wordsPerCta, sink, End);
}
template <bool End>
__global__ void __cluster_dims__(2, 1, 1)
    streamC2(const int4 *__restrict__ src, size_t wordsPerCta, int *sink) {
  streamBody(src, wordsPerCta, sink, End);
}

static cudaAccessPolicyWindow window = {}; // num_bytes 0: no window

template <typename Kernel, typename... Args>
static void launch(Kernel kernel, int grid, int cluster, size_t smem,
                   Args... args) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(grid);
  cfg.blockDim = dim3(256);
  cfg.dynamicSmemBytes = smem;
  cudaLaunchAttribute attr[2];
  int n = 0;
  if (cluster > 0) { // 0: the kernel's own (compile-time) cluster shape
    attr[n].id = cudaLaunchAttributeClusterDimension;
    attr[n].val.clusterDim.x = cluster;
    attr[n].val.clusterDim.y = 1;
    attr[n].val.clusterDim.z = 1;
    ++n;
  }
  if (window.num_bytes) {
    attr[n].id = cudaLaunchAttributeAccessPolicyWindow;
    attr[n].val.accessPolicyWindow = window;
    ++n;
  }
  cfg.attrs = attr;
  cfg.numAttrs = n;
  CHECK(cudaLaunchKernelEx(&cfg, kernel, args...));
}

template <typename Kernel>
static int maxActiveClusters(Kernel kernel, int grid, int cluster,
                             size_t smem) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(grid);
  cfg.blockDim = dim3(256);
  cfg.dynamicSmemBytes = smem;
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeClusterDimension;
  attr[0].val.clusterDim.x = cluster;
  attr[0].val.clusterDim.y = 1;
  attr[0].val.clusterDim.z = 1;
  cfg.attrs = attr;
  cfg.numAttrs = 1;
  int n = -1;
  CHECK(cudaOccupancyMaxActiveClusters(&n, kernel, &cfg));
  return n;
}

int main() {
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  int smemMax = 0;
  CHECK(cudaDeviceGetAttribute(&smemMax,
                               cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
  for (auto k : {(const void *)spin, (const void *)stream,
                 (const void *)streamC4<false>, (const void *)streamC4<true>,
                 (const void *)streamC2<false>, (const void *)streamC2<true>}) {
    CHECK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize,
                               smemMax));
    CHECK(cudaFuncSetAttribute(
        k, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
  }
  Record *rec;
  CHECK(cudaMalloc(&rec, 4096 * sizeof(Record)));
  std::vector<Record> host(4096);
  auto run = [&](int grid, int cluster, size_t smem) {
    CHECK(cudaMemset(rec, 0, grid * sizeof(Record)));
    launch(spin, grid, cluster, smem, rec, 20000ull);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(host.data(), rec, grid * sizeof(Record),
                     cudaMemcpyDeviceToHost));
  };

  // The GPC map: clusters of 16 (one CTA per SM), 20 launches.
  {
    std::vector<int> parent(sms);
    for (int i = 0; i < sms; ++i)
      parent[i] = i;
    auto find = [&](int x) {
      while (parent[x] != x)
        x = parent[x] = parent[parent[x]];
      return x;
    };
    int cluster = 16;
    while (cluster > 1 &&
           maxActiveClusters(spin, cluster * 4, cluster, smemMax) <= 0)
      cluster /= 2;
    for (int rep = 0; rep < 20; ++rep) {
      int grid = (sms / cluster) * cluster;
      run(grid, cluster, smemMax);
      for (int c = 0; c < grid / cluster; ++c)
        for (int i = 1; i < cluster; ++i)
          parent[find(host[c * cluster + i].smid)] =
              find(host[c * cluster].smid);
    }
    std::vector<std::vector<int>> groups(sms);
    for (int i = 0; i < sms; ++i)
      groups[find(i)].push_back(i);
    std::printf("{\"kind\": \"gpcs\", \"sms\": %d, \"cluster\": %d, \"groups\": [",
                sms, cluster);
    bool first = true;
    for (auto &g : groups) {
      if (g.empty())
        continue;
      std::printf("%s[", first ? "" : ", ");
      for (size_t i = 0; i < g.size(); ++i)
        std::printf("%s%d", i ? ", " : "", g[i]);
      std::printf("]");
      first = false;
    }
    std::printf("]}\n");
  }

  // Occupancy and waves. The shared memory sets the CTAs per SM: 1, 2, 3.
  const int grids[] = {128, 129, 132, 256, 264, 384, 396};
  for (int perSm : {1, 2, 3}) {
    size_t smem = size_t(smemMax / perSm) - 2048;
    for (int cluster : {1, 2, 3, 4, 6, 8}) {
      int active = maxActiveClusters(spin, cluster * 8, cluster, smem);
      for (int g : grids) {
        if (g > sms * perSm)
          continue;
        int grid = g / cluster * cluster;
        run(grid, cluster, smem);
        unsigned long long firstEnd = ~0ull, t0 = ~0ull, last = 0;
        for (int i = 0; i < grid; ++i) {
          firstEnd = std::min(firstEnd, host[i].end);
          t0 = std::min(t0, host[i].start);
          last = std::max(last, host[i].end);
        }
        int late = 0;
        std::set<unsigned> smsUsed;
        for (int i = 0; i < grid; ++i) {
          late += host[i].start >= firstEnd;
          smsUsed.insert(host[i].smid);
        }
        std::printf("{\"kind\": \"occupancy\", \"ctas_per_sm\": %d, "
                    "\"smem\": %zu, \"cluster\": %d, "
                    "\"max_active_clusters\": %d, \"grid\": %d, "
                    "\"clusters\": %d, \"late_ctas\": %d, \"sms_used\": %zu, "
                    "\"span_us\": %.2f}\n",
                    perSm, smem, cluster, active, grid, grid / cluster, late,
                    smsUsed.size(), (last - t0) / 1000.0);
      }
    }
  }

  // A streaming read with clusters.
  {
    const size_t bytes = 8192ull * 8192 / 2, flushBytes = 256ull << 20;
    int4 *src;
    char *flush;
    int *sink;
    CHECK(cudaMalloc(&src, bytes));
    CHECK(cudaMalloc(&flush, flushBytes));
    CHECK(cudaMalloc(&sink, 4));
    CHECK(cudaMemset(src, 1, bytes));
    const int grid = 128;
    const size_t words = bytes / 16 / grid;
    int maxWindow = 0;
    CHECK(cudaDeviceGetAttribute(&maxWindow,
                                 cudaDevAttrMaxAccessPolicyWindowSize, 0));
    using StreamKernel = void (*)(const int4 *, size_t, int *);
    struct Variant {
      const char *name;
      StreamKernel kernel;
      int cluster; // launch attribute; 0 none
      bool window;
    } variants[] = {
        {"plain", stream, 0, false},
        {"window", stream, 0, true},
        {"attr_c2", stream, 2, false},
        {"attr_c4", stream, 4, false},
        {"attr_c8", stream, 8, false},
        {"attr_c4_window", stream, 4, true},
        {"static_c4", streamC4<false>, 0, false},
        {"static_c4_window", streamC4<false>, 0, true},
        {"static_c4_end", streamC4<true>, 0, false},
        {"static_c4_end_window", streamC4<true>, 0, true},
        {"static_c2_end_window", streamC2<true>, 0, true},
    };
    for (int perSm : {1, 2}) {
      size_t smem = size_t(smemMax / perSm) - 2048;
      for (const Variant &v : variants) {
        window = {};
        if (v.window) {
          window.base_ptr = src;
          window.num_bytes = std::min<size_t>(bytes, maxWindow);
          window.hitRatio = 1.0f;
          window.hitProp = cudaAccessPropertyStreaming;
          window.missProp = cudaAccessPropertyNormal;
        }
        std::vector<float> us = timeColdLaunches(flush, flushBytes, 0, [&] {
          launch(v.kernel, grid, v.cluster, smem, (const int4 *)src, words,
                 sink);
        });
        std::printf("{\"kind\": \"stream\", \"variant\": \"%s\", "
                    "\"bytes\": %zu, \"grid\": %d, \"ctas_per_sm\": %d, "
                    "\"median_us\": %.2f, \"min_us\": %.2f, "
                    "\"max_us\": %.2f}\n",
                    v.name, bytes, grid, perSm, us[us.size() / 2], us.front(),
                    us.back());
      }
      window = {};
    }
  }
  return 0;
}
