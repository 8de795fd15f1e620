// The 33..64-row wgmma loop without its stream: today's register-operand
// form against a shared-memory-operand form, in cycles per k-block.
//
// The diagnostic of bench/NOTES.md section 58. Section 57 found the
// planner's 64-row kernels 96-98 % as slow with their weights in L2 as
// cold, so their k-block loop, not the stream, sets their time; the
// "why missed" section names a design (decoded weights through shared
// memory, MMAs of one k-block in flight while the next one decodes) and
// bounds it by shared-memory bandwidth on paper. This probe measures both
// loops on synthetic data that sits in shared memory (no global traffic in
// the loop), 2 warpgroups per CTA, one CTA per SM, 132 CTAs:
//  * "rs": the planner's 33..64 kernel's loop. Each warpgroup owns 64
//    weight columns; per k16 step each warp loads one code word a lane,
//    decodes 8 int4 values (LOP3 / sub / fma magic numbers, as our decode)
//    into the A fragment, wgmma.fence, then `wgmma m64n64k16` with the
//    weights as A from registers and the 64 activation rows as B from a
//    128-byte-swizzled stage; four k-blocks per iteration, then
//    wait_group 0 and a CTA barrier (registers may not stay in flight).
//  * "ss": each warpgroup owns 128 weight columns; per k-block each warp
//    decodes its 32 columns x 64 k and stores them with stmatrix into a
//    128-byte-swizzled K-major buffer (two buffers, by k-block parity);
//    fence.proxy.async, a warpgroup barrier, then four `wgmma m64n128k16`
//    with the activations as A and the decoded weights as B, both from
//    shared memory; wait_group 1, so one k-block's MMAs run while the next
//    one decodes (safe: no register operand is in flight). A CTA barrier
//    every `barrierEvery` k-blocks stands for the stage ring's release.
//  * "ss0": the same with wait_group 0 (no MMA in flight across k-blocks).
//  * "rs-pipe" (and "-nofence", "-resident-acts"): rs with the planner's
//    memory pipeline, streaming its codes and activations from global
//    memory through a 16-stage cp.async ring (rsPipe below), at the
//    planner's grid for 8192^2 M = 64, hot and cold (256 MB write first);
//    "-refill-after-first" / "-refill-spread": the refill copies after the
//    first k-block's MMAs, or one k-block's after each k-block's MMAs;
//    "-resident-codes": only the activations streamed; "-8-per-iteration":
//    eight k-blocks per wait and barrier instead of four; "-acts-4-bytes":
//    the activation copies move 4 of each chunk's 16 bytes (timing only:
//    its result is wrong by design and its mismatches are expected; the
//    warp still reads every sector); "-acts-half-sectors" /
//    "-quarter-sectors": one chunk in 2 / 4 read, the others zero-filled
//    by the same instruction (1/2 or 1/4 of the sectors; wrong by design);
//    "-reg-codes-8" / "-16": the codes loaded straight into registers 8 /
//    16 k-blocks ahead, no code stages (rsPipeRegCodes);
//    "-tma-acts": the activation stages by bulk tensor copies (rsPipeTma),
//    "-prefetch" with the tensor map prefetched, "-producer-warp" issued
//    by a ninth warp as each stage is released; "rs-pipe-tma-all-producer-
//    warp": the codes too by one bulk copy per stage from that warp (no
//    cp.async, no CTA barrier in the loop); "-8-copies": eight copies of
//    the activations, so 8 CTAs share each line instead of 64.
// Every variant's result is checked against a host reference of the same
// codes and activations (exact: small integers, fp32 sums).
//   nvcc -O3 -gencode arch=compute_90a,code=sm_90a -o wgmma_probe \
//       bench/wgmma_probe.cu -lcuda && ./wgmma_probe
// Prints one JSON object per variant: cycles per k-block of 64 x 128 x 64
// MACs (the rs k-block; an ss k-block is two of them), median over CTAs.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cuda.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <functional>
#include <vector>

#include "probe_common.cuh"

namespace {

constexpr int kThreads = 256; // two warpgroups
constexpr int kRows = 64;     // activation rows (M)
constexpr int kStages = 4;    // a ring of stages, filled once (hot)
constexpr int kActStage = kRows * 64 * 2; // 8 KB: 64 rows x 64 k fp16
constexpr int kSsCols = 256, kRsCols = 128;

// The 128-byte swizzle of a K-major operand: row r's 16-byte chunk c of a
// 64-k row lies at chunk c ^ (r % 8); 8-row atoms of 1 KB.
__host__ __device__ inline uint32_t swizzled(int row, int chunk) {
  return (row / 8) * 1024 + (row % 8) * 128 + ((chunk ^ (row % 8)) * 16);
}

// K-major, 128-byte swizzle, 8-row atoms 1 KB apart (as our kernels'
// activation descriptor, lib/Conversion/GemmCompute.cpp).
__device__ inline uint64_t descriptor(uint32_t smemAddr) {
  return uint64_t((smemAddr >> 4) & 0x3FFF) | (uint64_t(1) << 16) |
         (uint64_t(1024 >> 4) << 32) | (uint64_t(1) << 62);
}

__device__ inline uint32_t lop3Or(uint32_t a, uint32_t mask, uint32_t c) {
  uint32_t r;
  asm("lop3.b32 %0, %1, %2, %3, 0xea;" : "=r"(r) : "r"(a), "r"(mask), "r"(c));
  return r;
}

// 8 int4 codes -> 4 f16x2 values q - 8: r0 = nibbles (0, 4), r1 = (1, 5),
// r2 = (2, 6), r3 = (3, 7) (low half first), the magic-number decode of
// our kernels (one LOP3 per two values plus a sub or an fma).
__device__ inline void decode(uint32_t w, uint32_t r[4]) {
  const uint32_t magic = 0x64006400, bias = 0x64086408; // 1032
  const uint32_t sixteenth = 0x2c002c00, hiBias = 0xd480d480; // 1/16, -72
  uint32_t w2 = w >> 8;
  uint32_t lo = lop3Or(w, 0x000f000f, magic), hi = lop3Or(w, 0x00f000f0, magic);
  uint32_t lo2 = lop3Or(w2, 0x000f000f, magic), hi2 = lop3Or(w2, 0x00f000f0, magic);
  asm("sub.f16x2 %0, %1, %2;" : "=r"(r[0]) : "r"(lo), "r"(bias));
  asm("fma.rn.f16x2 %0, %1, %2, %3;" : "=r"(r[1]) : "r"(hi), "r"(sixteenth), "r"(hiBias));
  asm("sub.f16x2 %0, %1, %2;" : "=r"(r[2]) : "r"(lo2), "r"(bias));
  asm("fma.rn.f16x2 %0, %1, %2, %3;" : "=r"(r[3]) : "r"(hi2), "r"(sixteenth), "r"(hiBias));
}

__device__ inline void fenceOperands(float *d, int n) {
  for (int i = 0; i < n; ++i)
    asm volatile("" : "+f"(d[i])::"memory");
}

// d (32 f32) += A (64 weight columns x k16, registers) x B (desc: 64 rows).
__device__ inline void wgmmaRs(float *d, const uint32_t *a, uint64_t descB,
                               int scaleD) {
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %37, 0;\n"
                 "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {"
                 "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, {%32, %33, %34, %35}, %36, p, 1, 1, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(descB), "r"(scaleD));}

// d (64 f32) += A (desc: 64 rows x k16) x B (desc: 128 columns x k16).
__device__ inline void wgmmaSs(float *d, uint64_t descA, uint64_t descB,
                               int scaleD) {
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\n"
                 "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {"
                 "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
                 : "l"(descA), "l"(descB), "r"(scaleD));}

__device__ inline void wgmmaFence() { asm volatile("wgmma.fence.sync.aligned;" ::: "memory"); }
__device__ inline void wgmmaCommit() { asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory"); }
template <int N> __device__ inline void wgmmaWait() {
  asm volatile("wgmma.wait_group.sync.aligned %0;" ::"n"(N) : "memory");
}

__device__ inline uint32_t smemAddr(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

// Shared memory: activation stages (swizzled), code stages, and for ss two
// decoded-weight buffers of 256 columns x 64 k (swizzled, 32 KB each).
struct Layout {
  int codeStage, total, acts, codes, decoded;
  __host__ __device__ explicit Layout(bool ss) {
    codeStage = (ss ? kSsCols : kRsCols) * 64 / 2; // 4-bit codes of a k-block
    acts = 0;
    codes = acts + kStages * kActStage;
    decoded = codes + kStages * codeStage;
    total = decoded + (ss ? 2 * kSsCols * 128 : 0);
  }
};

// Fills the stages from global memory once: activations [stage][row][k]
// (f16, written swizzled), codes [stage][word] (copied as they are).
__device__ void fillStages(char *smem, const Layout &l, const __half *acts,
                           const uint32_t *codes) {
  for (int i = threadIdx.x; i < kStages * kRows * 64; i += blockDim.x) {
    int st = i / (kRows * 64), row = (i / 64) % kRows, k = i % 64;
    *reinterpret_cast<__half *>(smem + l.acts + st * kActStage +
                                swizzled(row, k / 8) + (k % 8) * 2) = acts[i];
  }
  for (int i = threadIdx.x; i < kStages * l.codeStage / 4; i += blockDim.x)
    reinterpret_cast<uint32_t *>(smem + l.codes)[i] = codes[i];
  __syncthreads();
}

// rs's accumulators are the swapped D[weight column][row]: stores them as
// out[row][column] of a 64 x 128 tile.
__device__ inline void storeSwappedTile(float *out, const float *d, int wg, int warp,
                                        int lane) {
  const int col = wg * 64 + warp * 16 + lane / 4;
  for (int i = 0; i < 8; ++i) {
    const int row = 8 * i + 2 * (lane % 4);
    out[row * kRsCols + col] = d[4 * i];
    out[(row + 1) * kRsCols + col] = d[4 * i + 1];
    out[row * kRsCols + col + 8] = d[4 * i + 2];
    out[(row + 1) * kRsCols + col + 8] = d[4 * i + 3];
  }
}

// rs, one k-block: per k16 step the warp's code word a lane (codes of a
// stage as [warpgroup][warp][step][lane] words), decoded into the A
// fragment, a fence, and `wgmma m64n64k16` on the activation stage.
__device__ inline void rsStep(float *d, uint32_t word, uint64_t desc, int s) {
  uint32_t a[4];
  decode(word, a);
  wgmmaFence();
  wgmmaRs(d, a, desc + 2 * s, 1);
}

__device__ inline void rsKBlock(float *d, const char *actStage, const char *codeStage, int wg,
                                int warp, int lane) {
  const uint32_t *c = reinterpret_cast<const uint32_t *>(codeStage) + ((wg * 4 + warp) * 4) * 32 +
                      lane;
  const uint64_t desc = descriptor(smemAddr(actStage));
#pragma unroll
  for (int s = 0; s < 4; ++s)
    rsStep(d, c[s * 32], desc, s);
}

// rs, one k-block with the lane's four code words (one per k16 step) in
// registers.
__device__ inline void rsKBlockWords(float *d, const char *actStage, const uint4 &w) {
  const uint64_t desc = descriptor(smemAddr(actStage));
  rsStep(d, w.x, desc, 0);
  rsStep(d, w.y, desc, 1);
  rsStep(d, w.z, desc, 2);
  rsStep(d, w.w, desc, 3);
}

// rs, the end of an iteration: its MMAs one group, all retired (no register
// operand may stay in flight across the back edge).
__device__ inline void rsRetire(float *d) {
  wgmmaCommit();
  wgmmaWait<0>();
  fenceOperands(d, 32);
}

// 16 bytes global -> shared, cp.async (L2 only, as our kernels' copies).
__device__ inline void copy16(char *dst, const uint4 *src) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(smemAddr(dst)), "l"(src)
               : "memory");
}

// One k-block's activations (512 16-byte chunks from `src`, row c / 8,
// k-chunk c % 8) into a swizzled stage, two chunks a thread.
__device__ inline void copyActStage(char *stage, const uint4 *src) {
  for (int i = 0; i < 2; ++i) {
    const int c = threadIdx.x + i * kThreads;
    copy16(stage + swizzled(c / 8, c % 8), src + c);
  }
}

// rs: codes of a stage as [warpgroup][warp][step][lane] words.
__global__ void __launch_bounds__(kThreads, 1)
    rsLoop(const __half *acts, const uint32_t *codes, int kBlocks, float *out,
           long long *cycles) {
  extern __shared__ __align__(1024) char smem[];
  const Layout l(false);
  fillStages(smem, l, acts, codes);
  const int wg = threadIdx.x / 128, warp = (threadIdx.x / 32) % 4, lane = threadIdx.x % 32;
  float d[32];
  for (int i = 0; i < 32; ++i) d[i] = 0.f;
  long long t0 = clock64();
  for (int kb0 = 0; kb0 < kBlocks; kb0 += 4) {
#pragma unroll
    for (int kb = 0; kb < 4; ++kb) {
      const int st = (kb0 + kb) % kStages;
      rsKBlock(d, smem + l.acts + st * kActStage, smem + l.codes + st * l.codeStage, wg, warp,
               lane);
    }
    rsRetire(d);
    __syncthreads();
  }
  long long t1 = clock64();
  storeSwappedTile(out, d, wg, warp, lane);
  if (threadIdx.x == 0) cycles[blockIdx.x] = t1 - t0;
}

// ss: codes of a stage as [warpgroup][warp][step][16-column half][lane].
template <int WaitPending, int BarrierEvery>
__global__ void __launch_bounds__(kThreads, 1)
    ssLoop(const __half *acts, const uint32_t *codes, int kBlocks, float *out,
           long long *cycles) {
  extern __shared__ __align__(1024) char smem[];
  const Layout l(true);
  fillStages(smem, l, acts, codes);
  const int wg = threadIdx.x / 128, warp = (threadIdx.x / 32) % 4, lane = threadIdx.x % 32;
  // stmatrix: lane i gives row i % 8 of matrix i / 8; matrix m holds
  // columns + 8 (m & 1) and k-chunk + (m >> 1) of the 16 x 16 block.
  const int mat = lane / 8;
  // Not zeroed: the first MMA overwrites them (scale-d = 0). Zeroing them
  // with ordinary instructions makes ptxas serialize every MMA of a loop
  // that keeps a group in flight (its C7515 warning).
  float d[64];
  long long t0 = clock64();
  for (int kb = 0; kb < kBlocks; ++kb) {
    const int st = kb % kStages;
    if (kb % BarrierEvery == 0)
      __syncthreads();
    const uint32_t *c = reinterpret_cast<const uint32_t *>(smem + l.codes + st * l.codeStage) +
                        ((wg * 4 + warp) * 4 * 2) * 32 + lane;
    char *buf = smem + l.decoded + (kb % 2) * (kSsCols * 128);
#pragma unroll
    for (int s = 0; s < 4; ++s) {
#pragma unroll
      for (int j = 0; j < 2; ++j) {
        uint32_t r[4];
        decode(c[(s * 2 + j) * 32], r);
        const int colRow = wg * 128 + warp * 32 + j * 16 + (lane % 8) + 8 * (mat & 1);
        const uint32_t addr = smemAddr(buf + swizzled(colRow, 2 * s + (mat >> 1)));
        asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};"
                     ::"r"(addr), "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]) : "memory");
      }
    }
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    asm volatile("bar.sync %0, 128;" ::"r"(1 + wg) : "memory");
    const uint64_t descA = descriptor(smemAddr(smem + l.acts + st * kActStage));
    const uint64_t descB = descriptor(smemAddr(buf + wg * 128 * 128));
    wgmmaFence();
#pragma unroll
    for (int s = 0; s < 4; ++s)
      wgmmaSs(d, descA + 2 * s, descB + 2 * s, (kb | s) != 0);
    wgmmaCommit();
    wgmmaWait<WaitPending>();
    // Touching the accumulators while a group is pending would make ptxas
    // serialize the MMAs (its C7515 warning); only after the last wait.
    if (WaitPending == 0)
      fenceOperands(d, 64);
  }
  wgmmaWait<0>();
  fenceOperands(d, 64);
  long long t1 = clock64();
  const int row = warp * 16 + lane / 4;
  for (int i = 0; i < 16; ++i) {
    const int col = wg * 128 + 8 * i + 2 * (lane % 4);
    out[row * kSsCols + col] = d[4 * i];
    out[row * kSsCols + col + 1] = d[4 * i + 1];
    out[(row + 8) * kSsCols + col] = d[4 * i + 2];
    out[(row + 8) * kSsCols + col + 1] = d[4 * i + 3];
  }
  if (threadIdx.x == 0) cycles[blockIdx.x] = t1 - t0;
}

// rs with the planner's memory pipeline ("rs-pipe"): a ring of 16 stages
// (activations 8 KB + codes 4 KB), refilled by 16-byte cp.async from
// global memory like our kernels' (three copies a thread per k-block, one
// commit group per k-block, four k-blocks per iteration): at the top of
// an iteration wait until its four stages landed (8 groups may stay
// pending), fence.proxy.async (cp.async writes through the generic proxy,
// wgmma reads through the async one; `Fence` false leaves it out, not
// correct, to time it), the CTA barrier, then refill the four stages the
// previous iteration used. Each CTA streams its own codes (like a weight
// tile's K split), the activations of its split (CTA parity) are shared.
// `StreamActs` false: only the codes are copied, the activations of the
// 16 stages loaded once (what keeping them resident would give).
constexpr int kPipeStages = 16;
constexpr int kPipeStage = kActStage + kRsCols * 64 / 2; // 12 KB

// `Refill`: where an iteration issues the copies that refill the previous
// iteration's four stages: 0 right after the barrier (the planner's
// kernels), 1 all four after the first k-block's MMAs (NOTES section 26),
// 2 one k-block's after each k-block's MMAs.
// `StreamCodes` false: only the activations are copied, the codes of the
// 16 stages loaded once (what reading the codes outside shared memory, or
// keeping them resident, would leave).
// `PerIter`: k-blocks per iteration (one wait, fence and barrier each):
// 4 as the planner's 16-stage kernels (12 stages ahead at the wait), or 8
// (one iteration's refills ahead: half the waits and barriers).
// `ActBytes`: 16, or 4 (the same activation copy instructions moving a
// quarter of the bytes: the result is wrong by design, timed only, to
// tell the copies' instructions from their bytes; but the warp still
// touches every 32-byte sector, so the L2 -> SM traffic is the same).
// `ActShare`: 0 (copy16), or 2 / 4: the copy with a source-size operand,
// one chunk in 2 / 4 read and the others zero-filled (source size 0): the
// same instructions (SASS: LDGSTS with the zero-fill predicate), 1/2 or
// 1/4 of the bytes and sectors from L2 (wrong by design, timed only).
template <bool Fence, bool StreamActs, int Refill = 0, bool StreamCodes = true,
          int PerIter = 4, int ActBytes = 16, int ActShare = 0>
__global__ void __launch_bounds__(kThreads, 1)
    rsPipe(const uint4 *acts, const uint4 *codes, int kBlocks, float *out, long long *cycles,
           int actSources) {
  extern __shared__ __align__(1024) char smem[];
  const int wg = threadIdx.x / 128, warp = (threadIdx.x / 32) % 4, lane = threadIdx.x % 32;
  // The activations this CTA reads: its split's (CTA parity), from one of
  // actSources / 2 identical copies (how many CTAs share each line).
  const int split = blockIdx.x % actSources, t = threadIdx.x;
  auto issue = [&](int kb, bool withActs, bool withCodes = StreamCodes) {
    if (kb < kBlocks) {
      char *stage = smem + (kb % kPipeStages) * kPipeStage;
      if (withActs)
        for (int i = 0; i < 2; ++i) {
          const int c = t + i * kThreads; // 512 chunks: row c / 8, k-chunk c % 8
          const uint4 *src = acts + (size_t(split) * kBlocks + kb) * 512 + c;
          if constexpr (ActShare > 0) // zero-fill (src-size 0: nothing read) but one in ActShare
            asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;"
                         ::"r"(smemAddr(stage + swizzled(c / 8, c % 8))), "l"(src),
                         "r"(c % ActShare == 0 ? 16 : 0) : "memory");
          else if (ActBytes == 16)
            copy16(stage + swizzled(c / 8, c % 8), src);
          else
            asm volatile("cp.async.ca.shared.global [%0], [%1], 4;"
                         ::"r"(smemAddr(stage + swizzled(c / 8, c % 8))), "l"(src) : "memory");
        }
      if (withCodes)
        copy16(stage + kActStage + 16 * t,
               codes + (size_t(blockIdx.x) * kBlocks + kb) * 256 + t);
    }
    asm volatile("cp.async.commit_group;" ::: "memory");
  };
  for (int kb = 0; kb < kPipeStages - PerIter; ++kb)
    issue(kb, true, true);
  if (!StreamCodes) // the last stages' codes; every later k-block reuses a stage's
    for (int kb = kPipeStages - PerIter; kb < kPipeStages; ++kb)
      copy16(smem + kb * kPipeStage + kActStage + 16 * t,
             codes + (size_t(blockIdx.x) * kBlocks + kb) * 256 + t);
  if (!StreamActs)
    for (int kb = kPipeStages - PerIter; kb < kPipeStages; ++kb)
      copyActStage(smem + kb * kPipeStage, acts + (size_t(split) * kBlocks + kb) * 512);
  float d[32];
  for (int i = 0; i < 32; ++i) d[i] = 0.f;
  long long t0 = clock64();
  for (int kb0 = 0; kb0 < kBlocks; kb0 += PerIter) {
    asm volatile("cp.async.wait_group %0;" ::"n"(kPipeStages - 2 * PerIter) : "memory");
    if (Fence)
      asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    if (Refill == 0)
      for (int kb = kb0 + kPipeStages - PerIter; kb < kb0 + kPipeStages; ++kb)
        issue(kb, StreamActs);
#pragma unroll
    for (int kb = 0; kb < PerIter; ++kb) {
      const char *stage = smem + ((kb0 + kb) % kPipeStages) * kPipeStage;
      rsKBlock(d, stage, stage + kActStage, wg, warp, lane);
      if (Refill == 1 && kb == 0)
        for (int r = kb0 + kPipeStages - PerIter; r < kb0 + kPipeStages; ++r)
          issue(r, StreamActs);
      if (Refill == 2)
        issue(kb0 + kPipeStages - PerIter + kb, StreamActs);
    }
    rsRetire(d);
  }
  long long t1 = clock64();
  asm volatile("cp.async.wait_group 0;" ::: "memory");
  storeSwappedTile(out + size_t(blockIdx.x) * kRows * kRsCols, d, wg, warp, lane);
  if (threadIdx.x == 0) cycles[blockIdx.x] = t1 - t0;
}

// rs-pipe with the codes off the copy path ("rs-pipe-reg-codes-<4P>"):
// each thread loads its four code words of a k-block (one 16-byte load,
// the codes laid out [cta][k-block][thread][step]) straight into
// registers, 4P k-blocks ahead (a ring of P iterations of uint4 per
// thread, the loop unrolled P times so the ring's indices are constants);
// no code stages, copies or LDS. The activations are rs-pipe's.
__device__ inline uint4 loadStreaming(const uint4 *p) {
  uint4 v;
  asm volatile("ld.global.nc.L1::no_allocate.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p));
  return v;
}

template <int P>
__global__ void __launch_bounds__(kThreads, 1)
    rsPipeRegCodes(const uint4 *acts, const uint4 *codes, int kBlocks, float *out,
                   long long *cycles, int actSources) {
  extern __shared__ __align__(1024) char smem[];
  const int wg = threadIdx.x / 128, warp = (threadIdx.x / 32) % 4, lane = threadIdx.x % 32;
  const int split = blockIdx.x % actSources, t = threadIdx.x;
  auto issueActs = [&](int kb) {
    if (kb < kBlocks)
      copyActStage(smem + (kb % kPipeStages) * kPipeStage,
                   acts + (size_t(split) * kBlocks + kb) * 512);
    asm volatile("cp.async.commit_group;" ::: "memory");
  };
  auto loadCodes = [&](int kb) {
    return kb < kBlocks ? loadStreaming(codes + (size_t(blockIdx.x) * kBlocks + kb) * kThreads + t)
                        : make_uint4(0, 0, 0, 0);
  };
  for (int kb = 0; kb < kPipeStages - 4; ++kb)
    issueActs(kb);
  uint4 w[P][4];
#pragma unroll
  for (int p = 0; p < P; ++p)
#pragma unroll
    for (int j = 0; j < 4; ++j)
      w[p][j] = loadCodes(4 * p + j);
  float d[32];
  for (int i = 0; i < 32; ++i) d[i] = 0.f;
  long long t0 = clock64();
  for (int kb00 = 0; kb00 < kBlocks; kb00 += 4 * P) {
#pragma unroll
    for (int p = 0; p < P; ++p) {
      const int kb0 = kb00 + 4 * p;
      asm volatile("cp.async.wait_group %0;" ::"n"(kPipeStages - 8) : "memory");
      asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
      __syncthreads();
      for (int kb = kb0 + kPipeStages - 4; kb < kb0 + kPipeStages; ++kb)
        issueActs(kb);
#pragma unroll
      for (int j = 0; j < 4; ++j) {
        rsKBlockWords(d, smem + ((kb0 + j) % kPipeStages) * kPipeStage, w[p][j]);
        w[p][j] = loadCodes(kb0 + 4 * P + j);
      }
      rsRetire(d);
    }
  }
  long long t1 = clock64();
  asm volatile("cp.async.wait_group 0;" ::: "memory");
  storeSwappedTile(out + size_t(blockIdx.x) * kRows * kRsCols, d, wg, warp, lane);
  if (threadIdx.x == 0) cycles[blockIdx.x] = t1 - t0;
}

// rs-pipe with the activation stages filled by bulk tensor copies (TMA)
// instead of per-thread cp.async ("rs-pipe-tma-acts"): one thread issues
// one `cp.async.bulk.tensor` of the 64-row x 64-k box per stage, the tensor
// map's 128-byte swizzle writing the layout the wgmma descriptor reads,
// completing on the stage's "full" mbarrier; the codes stay per-thread
// cp.async. TMA writes through the async proxy, which wgmma reads, and the
// codes are read by ordinary loads, so no proxy fence. The activations are
// the tensor [2 x kBlocks x 64 rows][64 k] f16 of rsPipe's layout.
// `Prefetch`: prefetch.tensormap once before the first copy.
// `Producer`: a ninth warp issues the copies (after the stage's "empty"
// mbarrier says both warpgroups retired it), so no MMA warp carries them
// and a stage is refilled as soon as it is free ("-producer-warp");
// otherwise thread 0 issues them after the iteration's barrier, as rsPipe
// issues its copies.
constexpr int kProducerThreads = kThreads + 32;

template <bool Prefetch, bool Producer, bool BulkCodes = false>
__global__ void __launch_bounds__(kProducerThreads, 1)
    rsPipeTma(const __grid_constant__ CUtensorMap actsMap, const uint4 *codes, int kBlocks,
              float *out, long long *cycles, int actSources) {
  extern __shared__ __align__(1024) char smem[];
  // The stages' barriers after the stages (no static shared memory, which
  // would move the 1024-byte-aligned stages the swizzle needs).
  uint64_t *full = reinterpret_cast<uint64_t *>(smem + kPipeStages * kPipeStage);
  uint64_t *empty = full + kPipeStages;
  const int wg = threadIdx.x / 128, warp = (threadIdx.x / 32) % 4, lane = threadIdx.x % 32;
  // The activations this CTA reads: its split's (CTA parity), from one of
  // actSources / 2 identical copies (how many CTAs share each line).
  const int split = blockIdx.x % actSources, t = threadIdx.x;
  const bool producer = t >= kThreads;
  if (t == 0) {
    for (int st = 0; st < kPipeStages; ++st) {
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smemAddr(&full[st])));
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 2;" ::"r"(smemAddr(&empty[st])));
    }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  if (Prefetch && (Producer ? t == kThreads : t == 0))
    asm volatile("prefetch.tensormap [%0];" ::"l"(&actsMap) : "memory");
  __syncthreads();
  auto waitParity = [](uint64_t *barrier, uint32_t phase) {
    const uint32_t bar = smemAddr(barrier);
    uint32_t done = 0;
    while (!done)
      asm volatile("{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
                   "selp.u32 %0, 1, 0, p;\n}" : "=r"(done) : "r"(bar), "r"(phase) : "memory");
  };
  auto stageOf = [&](int kb) { return smem + (kb % kPipeStages) * kPipeStage; };
  auto codesOf = [&](int kb) { return codes + (size_t(blockIdx.x) * kBlocks + kb) * 256; };
  auto copyActs = [&](int kb) {
    const uint32_t bar = smemAddr(&full[kb % kPipeStages]);
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;"
                 ::"r"(bar), "n"(BulkCodes ? kPipeStage : kActStage) : "memory");
    if (BulkCodes) // the stage's 4 KB of codes, one bulk copy on the same barrier
      asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes"
                   " [%0], [%1], %2, [%3];"
                   ::"r"(smemAddr(stageOf(kb) + kActStage)), "l"(codesOf(kb)),
                   "n"(kPipeStage - kActStage), "r"(bar) : "memory");
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%2, %3}], [%4];"
                 ::"r"(smemAddr(stageOf(kb))), "l"(&actsMap),
                 "r"(0), "r"((split * kBlocks + kb) * kRows), "r"(bar) : "memory");
  };
  if (producer) {
    if (Producer && t == kThreads)
      for (int kb = 0; kb < kBlocks; ++kb) {
        if (kb >= kPipeStages) // the stage's previous use retired by both warpgroups
          waitParity(&empty[kb % kPipeStages], (kb / kPipeStages - 1) & 1);
        copyActs(kb);
      }
    return;
  }
  auto issue = [&](int kb) {
    if (BulkCodes) // the producer warp copies everything
      return;
    if (kb < kBlocks) {
      if (!Producer && t == 0)
        copyActs(kb);
      copy16(stageOf(kb) + kActStage + 16 * t, codesOf(kb) + t);
    }
    asm volatile("cp.async.commit_group;" ::: "memory");
  };
  for (int kb = 0; kb < kPipeStages - 4; ++kb)
    issue(kb);
  float d[32];
  for (int i = 0; i < 32; ++i) d[i] = 0.f;
  long long t0 = clock64();
  for (int kb0 = 0; kb0 < kBlocks; kb0 += 4) {
    if (!BulkCodes)
      asm volatile("cp.async.wait_group 8;" ::: "memory");
    for (int kb = kb0; kb < kb0 + 4 && kb < kBlocks; ++kb)
      waitParity(&full[kb % kPipeStages], (kb / kPipeStages) & 1);
    // The consumers only (named barrier 1): the producer warp runs ahead.
    // With every copy the producer's, the barriers alone order the stages.
    if (!BulkCodes)
      asm volatile("bar.sync 1, %0;" ::"n"(kThreads) : "memory");
    for (int kb = kb0 + kPipeStages - 4; kb < kb0 + kPipeStages; ++kb)
      issue(kb);
#pragma unroll
    for (int kb = 0; kb < 4; ++kb) {
      const char *stage = smem + ((kb0 + kb) % kPipeStages) * kPipeStage;
      rsKBlock(d, stage, stage + kActStage, wg, warp, lane);
    }
    rsRetire(d);
    if (Producer && t % 128 == 0) // this warpgroup is done with the four stages
      for (int kb = kb0; kb < kb0 + 4; ++kb)
        asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];"
                     ::"r"(smemAddr(&empty[kb % kPipeStages])) : "memory");
  }
  long long t1 = clock64();
  asm volatile("cp.async.wait_group 0;" ::: "memory");
  storeSwappedTile(out + size_t(blockIdx.x) * kRows * kRsCols, d, wg, warp, lane);
  if (threadIdx.x == 0) cycles[blockIdx.x] = t1 - t0;
}

// The decoded weight (q - 8) of code word `w`'s register `reg`, half `h`.
int nibbleValue(uint32_t w, int reg, int h) {
  return int((w >> (4 * (reg + 4 * h))) & 0xf) - 8;
}

// One k-block's code words, laid out [warpgroup][warp][step][16-column
// group][lane] (one group for rs, two for ss), as the weights they decode
// to, w[column][k], by the fragment layout (register 0: rows r, k
// 2c..2c+1; 1: rows r + 8; 2: k + 8; 3: both).
void decodeBlock(const uint32_t *words, bool ss, int *w) {
  const int groups = ss ? 2 : 1;
  for (int wg = 0; wg < 2; ++wg)
    for (int warp = 0; warp < 4; ++warp)
      for (int s = 0; s < 4; ++s)
        for (int j = 0; j < groups; ++j)
          for (int lane = 0; lane < 32; ++lane) {
            const uint32_t word = words[(((wg * 4 + warp) * 4 + s) * groups + j) * 32 + lane];
            const int col0 = ss ? wg * 128 + warp * 32 + j * 16 + lane / 4
                                : wg * 64 + warp * 16 + lane / 4;
            const int k0 = 16 * s + 2 * (lane % 4);
            for (int reg = 0; reg < 4; ++reg)
              for (int h = 0; h < 2; ++h)
                w[(col0 + 8 * (reg & 1)) * 64 + k0 + 8 * (reg >> 1) + h] =
                    nibbleValue(word, reg, h);
          }
}

// Reference: out[row][col] = (kBlocks / kStages) x sum over stages and k of
// acts[st][row][k] x W[st][col][k], W each stage's decodeBlock.
std::vector<float> reference(bool ss, const std::vector<__half> &acts,
                             const std::vector<uint32_t> &codes, int kBlocks) {
  const int cols = ss ? kSsCols : kRsCols;
  const int wordsPerStage = cols * 64 / 8;
  std::vector<int> w(size_t(kStages) * cols * 64);
  for (int st = 0; st < kStages; ++st)
    decodeBlock(codes.data() + st * wordsPerStage, ss, w.data() + size_t(st) * cols * 64);
  std::vector<float> out(size_t(kRows) * cols);
  for (int row = 0; row < kRows; ++row)
    for (int col = 0; col < cols; ++col) {
      double sum = 0;
      for (int st = 0; st < kStages; ++st)
        for (int k = 0; k < 64; ++k)
          sum += double(__half2float(acts[(size_t(st) * kRows + row) * 64 + k])) *
                 w[(size_t(st) * cols + col) * 64 + k];
      out[size_t(row) * cols + col] = float(sum * (kBlocks / kStages));
    }
  return out;
}

template <typename Kernel>
void run(const char *name, Kernel kernel, bool ss, int barrierEvery, int waitPending,
         int kBlocks, int ctas) {
  const Layout l(ss);
  const int cols = ss ? kSsCols : kRsCols;
  std::vector<__half> acts(size_t(kStages) * kRows * 64);
  std::vector<uint32_t> codes(size_t(kStages) * l.codeStage / 4);
  srand(1234);
  for (auto &a : acts) a = __float2half(float(rand() % 3)); // 0, 1, 2
  for (auto &c : codes) c = uint32_t(rand()) ^ (uint32_t(rand()) << 16);
  __half *dActs;
  uint32_t *dCodes;
  float *dOut;
  long long *dCycles;
  CHECK(cudaMalloc(&dActs, acts.size() * sizeof(__half)));
  CHECK(cudaMalloc(&dCodes, codes.size() * 4));
  CHECK(cudaMalloc(&dOut, size_t(ctas) * kRows * cols * 4));
  CHECK(cudaMalloc(&dCycles, ctas * sizeof(long long)));
  CHECK(cudaMemcpy(dActs, acts.data(), acts.size() * sizeof(__half), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dCodes, codes.data(), codes.size() * 4, cudaMemcpyHostToDevice));
  const int smemBytes = l.total + 1024;
  CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smemBytes));
  std::vector<long long> all;
  std::vector<float> got(size_t(kRows) * cols);
  for (int rep = 0; rep < 5; ++rep) {
    // Every CTA writes the same tile; the last one's is checked.
    kernel<<<ctas, kThreads, smemBytes>>>(dActs, dCodes, kBlocks, dOut, dCycles);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    std::vector<long long> cyc(ctas);
    CHECK(cudaMemcpy(cyc.data(), dCycles, ctas * sizeof(long long), cudaMemcpyDeviceToHost));
    if (rep > 0) all.insert(all.end(), cyc.begin(), cyc.end());
  }
  CHECK(cudaMemcpy(got.data(), dOut, got.size() * 4, cudaMemcpyDeviceToHost));
  const std::vector<float> ref = reference(ss, acts, codes, kBlocks);
  int bad = 0;
  for (size_t i = 0; i < ref.size(); ++i)
    bad += got[i] != ref[i];
  std::sort(all.begin(), all.end());
  const double med = double(all[all.size() / 2]);
  // Per k-block of 64 x 128 x 64 MACs (an ss k-block is two).
  const double perRsBlock = med / kBlocks / (ss ? 2 : 1);
  std::printf("{\"variant\": \"%s\", \"k_blocks\": %d, \"ctas\": %d, \"barrier_every\": %d, "
              "\"wait_pending\": %d, \"cycles_median\": %.0f, \"cycles_max\": %lld, "
              "\"cycles_per_64x128x64\": %.1f, \"tensor_busy\": %.2f, "
              "\"mismatches\": %d, \"example\": [%g, %g]}\n",
              name, kBlocks, ctas, barrierEvery, waitPending, med, all.back(), perRsBlock,
              // 64 x 128 x 64 MACs at 2048 per cycle per SM: 256 cycles.
              256.0 / perRsBlock, bad, got[1], ref[1]);
  CHECK(cudaFree(dActs));
  CHECK(cudaFree(dCodes));
  CHECK(cudaFree(dOut));
  CHECK(cudaFree(dCycles));
}

// rs-pipe: CTA b's tile against the host reference (activations and codes
// of k-block kb, or of k-block kb % 16 where they stay resident).
int checkPipeTile(int b, const std::vector<__half> &acts, const std::vector<uint32_t> &codes,
                  int kBlocks, bool streamActs, bool streamCodes, const float *got) {
  const int split = b % 2, wordsPerBlock = kRsCols * 64 / 8;
  std::vector<double> ref(size_t(kRows) * kRsCols, 0.0);
  std::vector<int> w(size_t(kRsCols) * 64);
  for (int kb = 0; kb < kBlocks; ++kb) {
    const int cb = streamCodes ? kb : kb % kPipeStages;
    decodeBlock(codes.data() + (size_t(b) * kBlocks + cb) * wordsPerBlock, false, w.data());
    const int ab = streamActs ? kb : kb % kPipeStages;
    const __half *a = acts.data() + (size_t(split) * kBlocks + ab) * kRows * 64;
    for (int row = 0; row < kRows; ++row)
      for (int col = 0; col < kRsCols; ++col) {
        double sum = 0;
        for (int k = 0; k < 64; ++k)
          sum += double(__half2float(a[row * 64 + k])) * w[size_t(col) * 64 + k];
        ref[size_t(row) * kRsCols + col] += sum;
      }
  }
  int bad = 0;
  for (size_t i = 0; i < ref.size(); ++i)
    bad += got[i] != float(ref[i]);
  return bad;
}

// What a rs-pipe kernel is launched with.
struct PipeArgs {
  const __half *acts;
  const uint32_t *codes;
  int kBlocks, ctas, smemBytes;
  float *out;
  long long *cycles;
  int actSources; // 2 x the copies of the activations
};

// The launch of one of the rsPipe kernels (dynamic shared memory raised
// once, here).
template <typename Kernel>
std::function<void(const PipeArgs &)> plainLaunch(Kernel kernel) {
  return [kernel](const PipeArgs &a) {
    CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                               a.smemBytes));
    kernel<<<a.ctas, kThreads, a.smemBytes>>>(reinterpret_cast<const uint4 *>(a.acts),
                                              reinterpret_cast<const uint4 *>(a.codes),
                                              a.kBlocks, a.out, a.cycles, a.actSources);
  };
}

// rsPipeTma's launch: the activations' tensor map, [actSources x kBlocks
// x 64 rows][64 k] f16, boxes of 64 x 64 with the 128-byte swizzle.
template <bool Prefetch, bool Producer, bool BulkCodes = false>
std::function<void(const PipeArgs &)> tmaLaunch() {
  return [](const PipeArgs &a) {
    CUtensorMap map;
    const cuuint64_t dims[2] = {64, cuuint64_t(a.actSources) * a.kBlocks * kRows};
    const cuuint64_t strides[1] = {64 * 2};
    const cuuint32_t box[2] = {64, kRows}, elementStrides[2] = {1, 1};
    CUresult r = cuTensorMapEncodeTiled(
        &map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, const_cast<__half *>(a.acts), dims, strides,
        box, elementStrides, CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
        CU_TENSOR_MAP_L2_PROMOTION_L2_128B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r != CUDA_SUCCESS) {
      std::fprintf(stderr, "cuTensorMapEncodeTiled: error %d\n", int(r));
      std::exit(1);
    }
    CHECK(cudaFuncSetAttribute(rsPipeTma<Prefetch, Producer, BulkCodes>,
                               cudaFuncAttributeMaxDynamicSharedMemorySize, a.smemBytes));
    rsPipeTma<Prefetch, Producer, BulkCodes><<<a.ctas, Producer ? kProducerThreads : kThreads,
                                   a.smemBytes>>>(map, reinterpret_cast<const uint4 *>(a.codes),
                                                 a.kBlocks, a.out, a.cycles, a.actSources);
  };
}

void runPipe(const char *name, const std::function<void(const PipeArgs &)> &launchKernel,
             bool streamActs, int kBlocks, int ctas, bool streamCodes = true, int copies = 1,
             bool threadMajorCodes = false) {
  // Activations [split][k-block][row][k] f16; codes [cta][k-block][1024 words].
  std::vector<__half> acts(size_t(2) * kBlocks * kRows * 64);
  std::vector<uint32_t> codes(size_t(ctas) * kBlocks * kRsCols * 64 / 8);
  srand(4321);
  for (auto &a : acts) a = __float2half(float(rand() % 3));
  for (auto &c : codes) c = uint32_t(rand()) ^ (uint32_t(rand()) << 16);
  // The swizzled copy takes 16-byte chunks of a row-major [row][k] block.
  __half *dActs;
  uint32_t *dCodes;
  float *dOut;
  long long *dCycles;
  char *flush;
  const size_t flushBytes = size_t(256) << 20;
  CHECK(cudaMalloc(&dActs, copies * acts.size() * sizeof(__half)));
  CHECK(cudaMalloc(&dCodes, codes.size() * 4));
  CHECK(cudaMalloc(&dOut, size_t(ctas) * kRows * kRsCols * 4));
  CHECK(cudaMalloc(&dCycles, ctas * sizeof(long long)));
  CHECK(cudaMalloc(&flush, flushBytes));
  for (int c = 0; c < copies; ++c)
    CHECK(cudaMemcpy(dActs + c * acts.size(), acts.data(), acts.size() * sizeof(__half),
                     cudaMemcpyHostToDevice));
  // rsPipeRegCodes reads [cta][k-block][thread][step] (a thread's words of
  // a k-block in one 16-byte load).
  std::vector<uint32_t> upload = codes;
  if (threadMajorCodes)
    for (size_t blk = 0; blk < size_t(ctas) * kBlocks; ++blk)
      for (int t = 0; t < kThreads; ++t)
        for (int step = 0; step < 4; ++step)
          upload[blk * 1024 + t * 4 + step] =
              codes[blk * 1024 + ((t / 32) * 4 + step) * 32 + t % 32];
  CHECK(cudaMemcpy(dCodes, upload.data(), upload.size() * 4, cudaMemcpyHostToDevice));
  const PipeArgs args{dActs, dCodes,  kBlocks,   ctas, kPipeStages * kPipeStage + 1024,
                      dOut,  dCycles, 2 * copies};
  auto launch = [&] { launchKernel(args); };
  for (int cold = 0; cold < 2; ++cold) {
    std::vector<long long> all;
    std::vector<float> us;
    cudaEvent_t a, b;
    CHECK(cudaEventCreate(&a));
    CHECK(cudaEventCreate(&b));
    for (int rep = 0; rep < 12; ++rep) {
      if (cold)
        CHECK(cudaMemsetAsync(flush, rep, flushBytes));
      CHECK(cudaEventRecord(a));
      launch();
      CHECK(cudaGetLastError());
      CHECK(cudaEventRecord(b));
      CHECK(cudaEventSynchronize(b));
      float ms;
      CHECK(cudaEventElapsedTime(&ms, a, b));
      std::vector<long long> cyc(ctas);
      CHECK(cudaMemcpy(cyc.data(), dCycles, ctas * sizeof(long long), cudaMemcpyDeviceToHost));
      if (rep >= 2) {
        all.insert(all.end(), cyc.begin(), cyc.end());
        us.push_back(ms * 1000);
      }
    }
    std::vector<float> got(size_t(ctas) * kRows * kRsCols);
    CHECK(cudaMemcpy(got.data(), dOut, got.size() * 4, cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int blk : {0, 1, ctas - 1})
      bad += checkPipeTile(blk, acts, codes, kBlocks, streamActs, streamCodes,
                           got.data() + size_t(blk) * kRows * kRsCols);
    std::sort(all.begin(), all.end());
    std::sort(us.begin(), us.end());
    const double med = double(all[all.size() / 2]);
    std::printf("{\"variant\": \"%s\", \"l2\": \"%s\", \"k_blocks\": %d, \"ctas\": %d, "
                "\"cycles_median\": %.0f, \"cycles_max\": %lld, \"cycles_per_64x128x64\": %.1f, "
                "\"tensor_busy\": %.2f, \"event_us_median\": %.2f, \"mismatches\": %d}\n",
                name, cold ? "cold" : "hot", kBlocks, ctas, med, all.back(), med / kBlocks,
                256.0 * kBlocks / med, us[us.size() / 2], bad);
    CHECK(cudaEventDestroy(a));
    CHECK(cudaEventDestroy(b));
  }
  CHECK(cudaFree(dActs));
  CHECK(cudaFree(dCodes));
  CHECK(cudaFree(dOut));
  CHECK(cudaFree(dCycles));
  CHECK(cudaFree(flush));
}

} // namespace

int main() {
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  // 8192^2 at M = 64: the planner's rs kernel runs 64 k-blocks per CTA
  // (2 K splits of 64-column... 128-column tiles); ss tiles of 256 columns
  // with 4 splits run 32. Both also long, for the steady state.
  for (int kBlocks : {64, 1024}) {
    run("rs", rsLoop, false, 4, 0, kBlocks, sms);
    run("ss", ssLoop<1, 1>, true, 1, 1, kBlocks / 2, sms);
    run("ss-barrier4", ssLoop<1, 4>, true, 4, 1, kBlocks / 2, sms);
    run("ss0", ssLoop<0, 1>, true, 1, 0, kBlocks / 2, sms);
  }
  // The planner's grid at 8192^2 M = 64: 128 CTAs (64 tiles x 2 splits) of
  // 64 k-blocks; the codes 33.5 MB in all, as the layer's weights.
  runPipe("rs-pipe", plainLaunch(rsPipe<true, true>), true, 64, 128);
  runPipe("rs-pipe-nofence", plainLaunch(rsPipe<false, true>), true, 64, 128);
  runPipe("rs-pipe-resident-acts", plainLaunch(rsPipe<true, false>), false, 64, 128);
  runPipe("rs-pipe-refill-after-first", plainLaunch(rsPipe<true, true, 1>), true, 64, 128);
  runPipe("rs-pipe-refill-spread", plainLaunch(rsPipe<true, true, 2>), true, 64, 128);
  runPipe("rs-pipe-resident-codes", plainLaunch(rsPipe<true, true, 0, false>), true, 64, 128, false);
  runPipe("rs-pipe-8-per-iteration", plainLaunch(rsPipe<true, true, 0, true, 8>), true, 64, 128);
  runPipe("rs-pipe-tma-acts", tmaLaunch<false, false>(), true, 64, 128);
  runPipe("rs-pipe-tma-acts-prefetch", tmaLaunch<true, false>(), true, 64, 128);
  runPipe("rs-pipe-tma-acts-producer-warp", tmaLaunch<true, true>(), true, 64, 128);
  runPipe("rs-pipe-tma-all-producer-warp", tmaLaunch<true, true, true>(), true, 64, 128);
  runPipe("rs-pipe-reg-codes-8", plainLaunch(rsPipeRegCodes<2>), true, 64, 128, true, 1, true);
  runPipe("rs-pipe-reg-codes-16", plainLaunch(rsPipeRegCodes<4>), true, 64, 128, true, 1, true);
  // Each activation line read by 8 CTAs instead of 64 (8 copies, 8 MB).
  runPipe("rs-pipe-8-copies", plainLaunch(rsPipe<true, true>), true, 64, 128, true, 8);
  runPipe("rs-pipe-tma-acts-producer-warp-8-copies", tmaLaunch<true, true>(), true, 64, 128,
          true, 8);
  // Wrong by design (a quarter of each activation chunk copied): its
  // mismatch count is not a failure.
  runPipe("rs-pipe-acts-4-bytes", plainLaunch(rsPipe<true, true, 0, true, 4, 4>), true, 64, 128);
  runPipe("rs-pipe-acts-half-sectors", plainLaunch(rsPipe<true, true, 0, true, 4, 16, 2>), true,
          64, 128);
  runPipe("rs-pipe-acts-quarter-sectors", plainLaunch(rsPipe<true, true, 0, true, 4, 16, 4>),
          true, 64, 128);
  return 0;
}
