// A 4-bit-weight GEMM for 1..8 rows whose warps stream the weight codes
// straight into registers, with no shared-memory stage and no CTA barrier
// in the loop (bench/NOTES.md section 72). The question: section 62 and
// "Why the absolute targets are missed" name the cost of our M <= 16 loop
// latency, not issue, and "more warps per scheduler without a
// per-iteration CTA barrier" the one thing that would hide it. This probe
// is that kernel, measured beside ours before anything is built into the
// kernel builder.
//
//   nvcc -O3 -arch=sm_90a -shared -Xcompiler -fPIC -o gemv_probe.so \
//        bench/gemv_probe.cu
//   (driven by bench/gemv_probe.py: correctness, then timing)
//
// The kernel: swapped mma.sync m16n8k16 (the weights are the A operand, 16
// output columns; the activations the B operand, 8 rows, those past M zero),
// fp32 accumulators. K is permuted inside each 64-wide chunk so that a
// thread's activations are 16 contiguous halves of one row (two 16-byte
// loads from the row-major activations, only in lanes whose row < M) and
// its weight codes for the chunk's four k16 steps one 16-byte word
// (gemv_probe.py packs them; the permutation is applied to both operands,
// so the sum is the same). A CTA owns TILES x 16 output columns and all of
// K; its WARPS warps take its 64-wide chunks in turn and keep DEPTH chunks'
// loads in flight each; one shared-memory reduction over the warps at the
// end, the channel scale applied there.
#include <cstdint>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

namespace {

struct Params {
  const int4 *codes;   // [N / (16 TILES)][K / 64][TILES][32 lanes] words
  const __half *act;   // [M][K] row-major
  const __half *scale; // [N]
  __half *out;         // [M][N]
  int m, n, k;
};

// How the weight words are loaded: 0 ld.global.nc.L1::no_allocate, 1 the
// same with an L2 evict-first cache policy, 2 ld.global.cs.
template <int Load> __device__ inline int4 loadCodes(const int4 *p,
                                                     uint64_t policy) {
  int4 v;
  if (Load == 1)
    asm volatile("ld.global.nc.L1::no_allocate.L2::cache_hint.v4.s32 "
                 "{%0,%1,%2,%3}, [%4], %5;"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                 : "l"(p), "l"(policy));
  else if (Load == 2)
    v = __ldcs(p);
  else
    asm volatile("ld.global.nc.L1::no_allocate.v4.s32 {%0,%1,%2,%3}, [%4];"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                 : "l"(p));
  return v;
}

__device__ inline uint32_t lop3F(uint32_t x, uint32_t mask) {
  uint32_t r;
  // (x & mask) | 0x64006400: two f16 1024 + code (mask 0x000F000F) or
  // 1024 + 16 code (mask 0x00F000F0).
  asm("lop3.b32 %0, %1, %2, %3, 0xEA;"
      : "=r"(r)
      : "r"(x), "r"(mask), "r"(0x64006400u));
  return r;
}

__device__ inline uint32_t h2sub(uint32_t a, uint32_t b) {
  uint32_t r;
  asm("sub.f16x2 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
  return r;
}

__device__ inline uint32_t h2fma(uint32_t a, uint32_t b, uint32_t c) {
  uint32_t r;
  asm("fma.rn.f16x2 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
  return r;
}

// One k16 step: the word's 8 codes (unsigned, implicit zero 8) as the A
// fragment, nibbles [0,16 | 4,20 | 8,24 | 12,28] = a0, a1, a2, a3.
__device__ inline void mmaStep(float (&c)[4], uint32_t word, uint32_t b0,
                               uint32_t b1) {
  const uint32_t k1032 = 0x64086408u;  // f16x2 1032, 1032
  const uint32_t k16th = 0x2c002c00u;  // 1 / 16
  const uint32_t km72 = 0xd480d480u;   // -72
  uint32_t hi = word >> 8;
  uint32_t a0 = h2sub(lop3F(word, 0x000F000Fu), k1032);
  uint32_t a1 = h2fma(lop3F(word, 0x00F000F0u), k16th, km72);
  uint32_t a2 = h2sub(lop3F(hi, 0x000F000Fu), k1032);
  uint32_t a3 = h2fma(lop3F(hi, 0x00F000F0u), k16th, km72);
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
               "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
               : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
               : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
}

template <int M, int WARPS, int TILES, int DEPTH, int Load, bool NoMath>
__global__ void __launch_bounds__(WARPS * 32)
    gemvKernel(Params p) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int g = lane >> 2, t = lane & 3;
  const int chunks = p.k / 64;
  const int4 *codes =
      p.codes + (size_t)blockIdx.x * chunks * TILES * 32 + lane;
  // The thread's 16 halves of activation row g in a chunk: k = 16 t .. + 15.
  const bool hasRow = g < M && g < p.m;
  const int4 *act = (const int4 *)(p.act + (size_t)(hasRow ? g : 0) * p.k +
                                   16 * t);
  uint64_t policy = 0;
  if (Load == 1)
    asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;"
                 : "=l"(policy));

  int4 w[DEPTH][TILES];
  int4 a[DEPTH][2];
  auto load = [&](int d, int chunk) {
#pragma unroll
    for (int tile = 0; tile < TILES; ++tile)
      w[d][tile] = loadCodes<Load>(codes + ((size_t)chunk * TILES + tile) * 32,
                                   policy);
    if (hasRow) {
      a[d][0] = __ldg(act + chunk * 8);
      a[d][1] = __ldg(act + chunk * 8 + 1);
    } else {
      a[d][0] = a[d][1] = make_int4(0, 0, 0, 0);
    }
  };
  float c[TILES][4] = {};
  int sink = 0;
#pragma unroll
  for (int d = 0; d < DEPTH; ++d)
    if (warp + d * WARPS < chunks)
      load(d, warp + d * WARPS);
  for (int base = warp; base < chunks; base += DEPTH * WARPS) {
#pragma unroll
    for (int d = 0; d < DEPTH; ++d) {
      const int chunk = base + d * WARPS;
      if (chunk < chunks) {
        if (NoMath) {
#pragma unroll
          for (int tile = 0; tile < TILES; ++tile)
            sink ^= w[d][tile].x ^ w[d][tile].w;
          sink ^= a[d][0].x ^ a[d][1].y;
        } else {
          const uint32_t *av = (const uint32_t *)&a[d][0];
#pragma unroll
          for (int tile = 0; tile < TILES; ++tile) {
            const uint32_t *wv = (const uint32_t *)&w[d][tile];
#pragma unroll
            for (int j = 0; j < 4; ++j)
              mmaStep(c[tile], wv[j], av[2 * j], av[2 * j + 1]);
          }
        }
        const int next = chunk + DEPTH * WARPS;
        if (next < chunks)
          load(d, next);
      }
    }
  }
  if (NoMath) {
    if (sink == 0x7fffffff)
      p.out[0] = __float2half(1.0f);
    return;
  }
  // The warps' partial sums: c0 (column g, row 2t), c1 (g, 2t + 1), c2
  // (g + 8, 2t), c3 (g + 8, 2t + 1) of each 16-column tile.
  __shared__ float red[WARPS][TILES][16][8];
#pragma unroll
  for (int tile = 0; tile < TILES; ++tile) {
    red[warp][tile][g][2 * t] = c[tile][0];
    red[warp][tile][g][2 * t + 1] = c[tile][1];
    red[warp][tile][g + 8][2 * t] = c[tile][2];
    red[warp][tile][g + 8][2 * t + 1] = c[tile][3];
  }
  __syncthreads();
  for (int i = threadIdx.x; i < TILES * 16 * M; i += WARPS * 32) {
    const int row = i % M, col = i / M; // col in [0, 16 TILES)
    if (row >= p.m)
      continue;
    float s = 0;
#pragma unroll
    for (int wp = 0; wp < WARPS; ++wp)
      s += red[wp][col / 16][col % 16][row];
    const int n = blockIdx.x * TILES * 16 + col;
    p.out[(size_t)row * p.n + n] = __float2half(s * __half2float(p.scale[n]));
  }
}

template <int M, int WARPS, int TILES, int DEPTH, int Load, bool NoMath>
int launchOne(const Params &p, cudaStream_t stream) {
  auto k = gemvKernel<M, WARPS, TILES, DEPTH, Load, NoMath>;
  k<<<p.n / (16 * TILES), WARPS * 32, 0, stream>>>(p);
  return int(cudaGetLastError());
}

// The configurations the driver sweeps (config index -> template).
template <int M, bool NoMath>
int launchConfig(int config, const Params &p, cudaStream_t s) {
  switch (config) {
  case 0: return launchOne<M, 8, 2, 4, 0, NoMath>(p, s);
  case 1: return launchOne<M, 8, 2, 4, 1, NoMath>(p, s);
  case 2: return launchOne<M, 8, 2, 4, 2, NoMath>(p, s);
  case 3: return launchOne<M, 4, 2, 8, 1, NoMath>(p, s);
  case 4: return launchOne<M, 16, 2, 2, 1, NoMath>(p, s);
  case 5: return launchOne<M, 8, 1, 4, 1, NoMath>(p, s);
  case 6: return launchOne<M, 8, 1, 8, 1, NoMath>(p, s);
  case 7: return launchOne<M, 16, 1, 4, 1, NoMath>(p, s);
  case 8: return launchOne<M, 4, 4, 4, 1, NoMath>(p, s);
  case 9: return launchOne<M, 8, 4, 2, 1, NoMath>(p, s);
  default: return int(cudaErrorInvalidValue);
  }
}

} // namespace

// Columns per CTA of each configuration (N must be a multiple).
extern "C" int gemv_probe_tile_columns(int config) {
  static const int tiles[] = {2, 2, 2, 2, 2, 1, 1, 1, 4, 4};
  return config >= 0 && config < 10 ? 16 * tiles[config] : 0;
}

extern "C" int gemv_probe_launch(int config, int noMath, const void *codes,
                                 const void *act, const void *scale, void *out,
                                 int m, int n, int k, void *stream) {
  const int cols = gemv_probe_tile_columns(config);
  if (!cols || n % cols || k % 64 || m < 1 || m > 8)
    return int(cudaErrorInvalidValue);
  Params p{(const int4 *)codes, (const __half *)act, (const __half *)scale,
           (__half *)out, m, n, k};
  cudaStream_t s = (cudaStream_t)stream;
  if (noMath)
    return launchConfig<1, true>(config, p, s);
  if (m == 1)
    return launchConfig<1, false>(config, p, s);
  if (m <= 4)
    return launchConfig<4, false>(config, p, s);
  return launchConfig<8, false>(config, p, s);
}
