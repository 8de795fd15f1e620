"""Humming-MLIR from Python: quantized GEMM layers compiled and run by the JIT
runtime, reached through its C API (include/humming-c/Runtime.h) with ctypes.

No compiled extension: the package loads libHummingRuntime on first use (see
humming._lib for where it looks; $HUMMING_LIBRARY overrides). numpy is
required; torch is optional and only needed for Layer.run and for passing
torch tensors.

    import humming, torch
    spec = humming.LayerSpec(n=4096, k=4096, weight="uint4", scale="group",
                             group_size=128)
    q = humming.quantize_weights(w, spec)          # w: float32 [N, K]
    with humming.Layer(spec) as layer:
        layer.load_weights(**q)
        c = layer.run(a)                           # a: torch.float16 [M, K] on CUDA

Every failure raises HummingError, whose .status names the humming_status
("INVALID_ARGUMENT", "UNSUPPORTED", "COMPILE", "CUDA", "NO_DEVICE", "IO",
"INTERNAL"; "NO_LIBRARY" when the library cannot be loaded).
"""

from ._api import (Layer, cache_dir, check_spec, clear_cache, dequantize_weights, library_path,
                   quantize_weights,
                   reference_gemm, spec_operand_bytes, version)
from ._buffers import bf16_to_float32, float32_to_bf16
from ._errors import HummingError
from ._spec import LayerSpec, canonical_format, format_bits

__all__ = [
    "HummingError",
    "Layer",
    "LayerSpec",
    "bf16_to_float32",
    "cache_dir",
    "check_spec",
    "canonical_format",
    "clear_cache",
    "dequantize_weights",
    "float32_to_bf16",
    "format_bits",
    "library_path",
    "quantize_weights",
    "reference_gemm",
    "spec_operand_bytes",
    "version",
]

__version__ = "0.3.0"
