/*===- humming-c/Runtime.h - C API of the Humming-MLIR JIT runtime ------===*\
|*                                                                            *|
|* Every language binding goes through this header. Plain C, no CUDA headers: *|
|* device pointers and streams are passed as integers / void pointers.        *|
|*                                                                            *|
|* Errors: every function returns a humming_status; on failure the calling   *|
|* thread's humming_last_error() says why in one line. Nothing here aborts   *|
|* the process on a bad request. All functions are thread-safe; one layer    *|
|* may be run from several threads and streams at once.                      *|
|*                                                                            *|
|* A layer is described by a spec string of space-separated key=value pairs  *|
|* (docs/runtime.md lists them all), for example                             *|
|*   "n=4096 k=4096 weight=uint4 activation=float16 scale=group              *|
|*    group_size=128 scale_type=float16 zero_point=none bias=1"               *|
|* The target defaults to the current GPU (or target=sm_90a / target=h200).  *|
\*===----------------------------------------------------------------------===*/

#ifndef HUMMING_C_RUNTIME_H
#define HUMMING_C_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define HUMMING_C_API __declspec(dllexport)
#else
#define HUMMING_C_API __attribute__((visibility("default")))
#endif

typedef enum humming_status {
  HUMMING_OK = 0,
  HUMMING_ERROR_INVALID_ARGUMENT = 1,
  HUMMING_ERROR_UNSUPPORTED = 2,
  HUMMING_ERROR_COMPILE = 3,
  HUMMING_ERROR_CUDA = 4,
  HUMMING_ERROR_NO_DEVICE = 5,
  HUMMING_ERROR_IO = 6,
  HUMMING_ERROR_INTERNAL = 7,
} humming_status;

typedef struct humming_layer_s *humming_layer;

/* The message of the last failed call on this thread ("" when none). */
HUMMING_C_API const char *humming_last_error(void);
/* Library version string, e.g. "humming-mlir 0.3.0 (LLVM 22.1.8, build 0a11...)". */
HUMMING_C_API const char *humming_version(void);

/* Compiles (or loads from the disk cache) the kernel set of a layer. The
 * spec may name target=...; without it the current GPU's arch is used and a
 * machine without a GPU gets HUMMING_ERROR_NO_DEVICE. Nothing runs on the GPU. */
HUMMING_C_API humming_status humming_layer_create(const char *spec,
                                                  humming_layer *out);
HUMMING_C_API void humming_layer_destroy(humming_layer layer);

/* The same from MLIR text holding one humming.gemm (the first one found is
 * compiled; its module's humming.target, or target_override when not NULL,
 * decides the target). */
HUMMING_C_API humming_status humming_layer_create_from_ir(
    const char *ir, const char *target_override, humming_layer *out);

/* The spec text of a layer (canonical, every key), owned by the layer. */
HUMMING_C_API const char *humming_layer_spec(humming_layer layer);

/* JSON describing the layer: the normalized spec, the target, the dispatch
 * table (M ranges -> kernel, tile, stages, split; "dispatch_text": the same
 * as a spec's dispatch= text), the byte sizes of every
 * operand in the standard and the kernel layout, compile/cache timings and
 * whether each kernel came from the cache (per entry "milliseconds", and of
 * a cold compile "lower_milliseconds", MLIR + LLVM to PTX, and
 * "assemble_milliseconds", ptxas or nvJitLink; both 0 from the cache). The
 * string lives as long as the layer. */
HUMMING_C_API const char *humming_layer_describe(humming_layer layer);

/* The PTX of the layer's kernels (owned by the layer). */
HUMMING_C_API const char *humming_layer_ptx(humming_layer layer);

/* How many CTAs of dispatch entry `entry` (0-based, in the order of
 * humming_layer_describe's "dispatch") the GPU keeps resident on one SM
 * (cuOccupancyMaxActiveBlocksPerMultiprocessor), to compare with the plan's
 * "ctas_per_sm". Loads the layer's kernels: needs a GPU
 * (HUMMING_ERROR_NO_DEVICE otherwise). */
HUMMING_C_API humming_status humming_layer_resident_ctas(humming_layer layer,
                                                         int entry,
                                                         int *ctas_per_sm);

/* Sizes in bytes of the operands in the standard layout (what the caller
 * passes to humming_layer_load_weights) and the kernel layout.
 * which: "weight", "scale", "zero_point", "bias". 0 when absent. */
HUMMING_C_API humming_status humming_layer_operand_bytes(humming_layer layer,
                                                         const char *which,
                                                         int kernel_layout,
                                                         size_t *bytes);

/* Repacks standard-layout operands (host memory) into the kernel layout
 * (host memory, sizes from humming_layer_operand_bytes(kernel_layout=1)).
 * Pointers for absent operands must be NULL. Pure CPU; no GPU needed. */
HUMMING_C_API humming_status humming_layer_repack_host(
    humming_layer layer, const void *weight, const void *scale,
    const void *zero_point, void *weight_out, void *scale_out,
    void *zero_point_out);

/* Gives the layer its weights in the standard layout. Each pointer may be
 * host or device memory (detected); device data is repacked on the GPU, host
 * data on the CPU, and the layer keeps its own device copy in the kernel
 * layout. bias may be NULL when the spec has bias=0. */
HUMMING_C_API humming_status humming_layer_load_weights(
    humming_layer layer, const void *weight, const void *scale,
    const void *zero_point, const void *bias, void *stream);

/* C[M, N] = A[M, K] x dequant(W)[N, K]^T (+ bias), on `stream` (a CUstream or
 * cudaStream_t; NULL for the default stream). a and c are device pointers,
 * row-major with leading dimensions K and N, 16-byte aligned. Asynchronous:
 * no host synchronization, no allocation after the first call on a stream. */
HUMMING_C_API humming_status humming_layer_run(humming_layer layer,
                                               const void *a, void *c,
                                               int64_t m, void *stream);

/* Whether a spec can be compiled (scheme, support-matrix and mma.sync
 * pipeline rules; the layer planned as compiling plans it, every entry of a
 * `dispatch=` table or of the planner's table checked against the kernel
 * builders' and the launch's rules and the chip's shared memory), without
 * generating code: HUMMING_OK, or the error a humming_layer_create would
 * return before generating any code. */
HUMMING_C_API humming_status humming_spec_check(const char *spec);

/* Sizes in bytes of a spec's operands in the standard layout, without
 * compiling anything. which: "weight", "scale", "zero_point", "bias". */
HUMMING_C_API humming_status humming_spec_operand_bytes(const char *spec,
                                                        const char *which,
                                                        size_t *bytes);

/* Host-side quantization with the format library: w is fp32 [N, K]
 * row-major; the outputs are the standard layout (weight: int32 words
 * [N, K*bits/32]; scale: [N] per channel or [N, K/group] in scale_type;
 * zero_point: int8
 * codes or scale_type values, same shape as scale). NULL for absent ones. */
HUMMING_C_API humming_status humming_quantize_weights(const char *spec,
                                                      const float *w,
                                                      void *weight_out,
                                                      void *scale_out,
                                                      void *zero_point_out);

/* The reference GEMM of docs/formats.md on host data: a is [M, K] in the
 * activation type, the weights in the standard layout, bias in the output
 * type or NULL; c_out is fp32 [M, N], accumulated in fp32 over the
 * dequantized weights (fp64 when high_precision != 0). */
HUMMING_C_API humming_status humming_reference_gemm(
    const char *spec, const void *a, int64_t m, const void *weight,
    const void *scale, const void *zero_point, const void *bias, float *c_out,
    int high_precision);

/* The dequantized weights of docs/formats.md, fp32 [N, K] (host data in the
 * standard layout, as for humming_reference_gemm). */
HUMMING_C_API humming_status humming_dequantize_weights(
    const char *spec, const void *weight, const void *scale,
    const void *zero_point, float *w_out);

/* The disk cache directory in use, and a way to empty it. */
HUMMING_C_API const char *humming_cache_dir(void);
HUMMING_C_API humming_status humming_cache_clear(void);

#ifdef __cplusplus
}
#endif

#endif /* HUMMING_C_RUNTIME_H */
