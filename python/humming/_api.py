"""Layer and the module functions over the C API of include/humming-c/Runtime.h."""

import contextlib
import ctypes
import json
import sys
from typing import Any, Dict, Iterable, List, Optional

import numpy as np

from . import _lib
from ._buffers import (Buffer, allocate, buffer, check_size, host_array, is_tensor,
                       numpy_dtype)
from ._errors import HummingError, invalid_argument, unsupported
from ._spec import SpecInfo, format_bits, parse_spec, spec_text

WEIGHT_OPERANDS = ("weight", "scale", "zero_point")
OPERANDS = WEIGHT_OPERANDS + ("bias",)

# The A and C types Layer.run can pass (canonical format names, also torch dtype names).
_RUN_ACTIVATIONS = ("float16", "bfloat16")
_RUN_OUTPUTS = ("float16", "bfloat16", "float32")
_ALIGNMENT = 16


def _c_text(text: str) -> bytes:
    if not isinstance(text, str):
        raise TypeError("expected a str, got {}".format(type(text).__name__))
    if "\0" in text:
        raise invalid_argument("{!r} contains a NUL character".format(text))
    return text.encode("utf-8")


def _operand_hint(info: SpecInfo, name: str) -> str:
    if name == "weight":
        return "int32 words [N, K*bits/32]"
    if name == "scale":
        return "{} values".format(info.scale_type)
    if name == "zero_point":
        if info.zero_point == "float":
            return "{} values".format(info.scale_type)
        return "one byte per code"
    return "{} values".format(info.output)


def _check_presence(name: str, x: Any, expected: int, owner: str) -> bool:
    """Whether operand `name` is to be passed; refuses a missing or extra one."""
    if expected == 0:
        if x is not None:
            raise invalid_argument(
                "{}: {} has no {} operand; pass None".format(name, owner, name))
        return False
    if x is None:
        raise invalid_argument(
            "{} is required: {} takes {} bytes of it".format(name, owner, expected))
    return True


def _host_buffer(x: Any, name: str) -> Buffer:
    arr = host_array(x, name)
    return Buffer(arr.ctypes.data, arr.nbytes, None, arr)


def _ptr(buf: Optional[Buffer]) -> Optional[int]:
    return None if buf is None else buf.c_ptr


def check_spec(spec: Any) -> None:
    """Raises HummingError unless the spec can be compiled (scheme, support
    matrix and pipeline rules; the layer planned as compiling plans it, every
    entry of a ``dispatch=`` table or of the planner's table checked);
    generates no code."""
    _lib.call("humming_spec_check", _c_text(spec_text(spec)))


def spec_operand_bytes(spec: Any, which: str) -> int:
    """Bytes of operand `which` ("weight", "scale", "zero_point", "bias") of a
    spec in the standard layout; 0 when the spec has no such operand. Nothing
    is compiled."""
    text = spec_text(spec)
    size = ctypes.c_size_t()
    _lib.call("humming_spec_operand_bytes", _c_text(text), _c_text(which), ctypes.byref(size))
    return size.value


def _common_cuda_device(buffers: Iterable[Optional[Buffer]]):
    device = None
    for buf in buffers:
        if buf is None or buf.device is None:
            continue
        if device is not None and buf.device != device:
            raise invalid_argument(
                "operands live on different GPUs ({} and {})".format(device, buf.device))
        device = buf.device
    return device


def _stream_handle(stream: Any, device: Any) -> Optional[int]:
    """The CUstream value of `stream` (None: NULL, the default stream)."""
    if stream is None:
        if device is None:
            return None
        torch = sys.modules["torch"]
        return torch.cuda.current_stream(device).cuda_stream or None
    if isinstance(stream, bool):
        raise invalid_argument("stream: expected a stream, got a bool")
    if isinstance(stream, int):
        return stream or None
    if isinstance(stream, ctypes.c_void_p):
        return stream.value
    for attr in ("cuda_stream", "ptr"):  # torch.cuda.Stream, cupy.cuda.Stream
        value = getattr(stream, attr, None)
        if isinstance(value, int) and not isinstance(value, bool):
            return value or None
    raise invalid_argument(
        "stream: expected None, an int (CUstream / cudaStream_t) or a torch.cuda.Stream, "
        "got {}".format(type(stream).__name__))


def _device_guard(device: Any):
    if device is None:
        return contextlib.nullcontext()
    return sys.modules["torch"].cuda.device(device)


def _json_text(value: Any) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def _normalized_spec(description: Any) -> Dict[str, str]:
    """The key=value pairs of the normalized spec in a describe() dict."""
    if not isinstance(description, dict):
        return {}
    for key in ("spec", "normalized_spec"):
        value = description.get(key)
        if isinstance(value, str):
            return parse_spec(value)
        if isinstance(value, dict):
            return {str(k): _json_text(v) for k, v in value.items()
                    if not isinstance(v, (dict, list)) and v is not None}
    return {}


class Layer:
    """One quantized linear layer: its compiled kernels and, once loaded, its
    weights on the GPU.

    ``Layer("n=4096 k=4096 weight=uint4 scale=group group_size=128")``,
    ``Layer(LayerSpec(...))`` or ``Layer(n=4096, k=4096, weight="uint4", ...)``.
    Creating compiles the kernel set (or loads it from the disk cache); with
    ``target=`` in the spec it needs no GPU. Release it with close(), a
    ``with`` block, or by dropping the last reference.

    Thread safety: every method may be called from several threads at once,
    except close(), which must not overlap any other call on the layer.
    """

    def __init__(self, spec: Any = None, **kwargs: Any):
        self._handle: Optional[int] = None
        self._spec = spec_text(spec, **kwargs)
        lib = _lib.get()
        handle = ctypes.c_void_p()
        lib.call("humming_layer_create", _c_text(self._spec), ctypes.byref(handle))
        if not handle.value:
            raise HummingError("INTERNAL", "humming_layer_create succeeded without a layer")
        self._lib = lib
        self._handle = handle.value
        self._info: Optional[SpecInfo] = None

    @classmethod
    def from_ir(cls, ir: str, target: Optional[str] = None) -> "Layer":
        """Compiles the first humming.gemm of MLIR text (or of a .mlir file
        path); ``target`` overrides the module's humming.target."""
        if "\n" not in ir and ir.endswith(".mlir"):
            with open(ir) as f:
                ir = f.read()
        lib = _lib.get()
        handle = ctypes.c_void_p()
        lib.call("humming_layer_create_from_ir", _c_text(ir),
                 _c_text(target) if target else None, ctypes.byref(handle))
        self = cls.__new__(cls)
        self._lib = lib
        self._handle = handle.value
        self._info = None
        self._spec = _lib.decode(lib.humming_layer_spec(handle.value))
        return self

    # -- lifetime -----------------------------------------------------------

    def close(self) -> None:
        """Destroys the layer (its kernels and device weights). Idempotent."""
        handle, self._handle = self._handle, None
        if handle is not None:
            self._lib.humming_layer_destroy(handle)

    @property
    def closed(self) -> bool:
        return self._handle is None

    def __enter__(self) -> "Layer":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            if getattr(self, "_handle", None) is not None:
                self.close()
        except Exception:  # interpreter shutdown: ctypes may be gone
            pass

    def __reduce__(self):
        raise TypeError("a Layer owns native resources and cannot be pickled or copied; "
                        "create another one from layer.spec")

    def __copy__(self):
        self.__reduce__()

    def __deepcopy__(self, memo: Any):
        self.__reduce__()

    def __repr__(self) -> str:
        state = " (closed)" if self.closed else ""
        return "humming.Layer({!r}){}".format(self._spec, state)

    def _live(self) -> int:
        handle = self._handle
        if handle is None:
            raise invalid_argument("the layer is closed")
        return handle

    # -- description --------------------------------------------------------

    @property
    def spec(self) -> str:
        """The spec string the layer was created from."""
        return self._spec

    def _spec_info(self) -> SpecInfo:
        info = self._info
        if info is None:
            items = parse_spec(self._spec)
            items.update(_normalized_spec(self.describe()))
            info = SpecInfo(items)
            self._info = info
        return info

    @property
    def n(self) -> int:
        return self._spec_info().n  # type: ignore[return-value]

    @property
    def k(self) -> int:
        return self._spec_info().k  # type: ignore[return-value]

    @property
    def activation(self) -> str:
        """Canonical name of the A format."""
        return self._spec_info().activation

    @property
    def output(self) -> str:
        """Canonical name of the C type."""
        return self._spec_info().output

    def describe(self) -> Dict[str, Any]:
        """The layer's description (humming_layer_describe) as a dict: the
        normalized spec, the target, the dispatch table, operand sizes,
        compile / cache timings and cache hits."""
        text = self._lib.humming_layer_describe(self._live())
        if text is None:
            raise HummingError("INTERNAL", "humming_layer_describe returned NULL: "
                               + self._lib.last_error())
        try:
            return json.loads(_lib.decode(text))
        except ValueError as e:
            raise HummingError("INTERNAL",
                               "humming_layer_describe returned invalid JSON: {}".format(e))

    @property
    def ptx(self) -> str:
        """The PTX of the layer's kernels."""
        text = self._lib.humming_layer_ptx(self._live())
        if text is None:
            raise HummingError("INTERNAL", "humming_layer_ptx returned NULL: "
                               + self._lib.last_error())
        return _lib.decode(text)

    def operand_bytes(self, which: str, kernel_layout: bool = False) -> int:
        """Bytes of operand `which` ("weight", "scale", "zero_point", "bias")
        in the standard layout (what load_weights takes) or, with
        kernel_layout=True, the kernel layout; 0 when absent."""
        size = ctypes.c_size_t()
        self._lib.call("humming_layer_operand_bytes", self._live(), _c_text(which),
                       1 if kernel_layout else 0, ctypes.byref(size))
        return size.value

    def resident_ctas(self) -> List[int]:
        """Per dispatch entry (describe()["dispatch"] order): the CTAs the
        GPU keeps resident on one SM, to compare with the plan's
        "ctas_per_sm". Loads the kernels, so it needs a GPU."""
        out = []
        for i in range(len(self.describe()["dispatch"])):
            ctas = ctypes.c_int()
            self._lib.call("humming_layer_resident_ctas", self._live(), i, ctypes.byref(ctas))
            out.append(ctas.value)
        return out

    # -- weights ------------------------------------------------------------

    def repack_host(self, weight: Any, scale: Any = None,
                    zero_point: Any = None) -> Dict[str, Optional[np.ndarray]]:
        """Repacks standard-layout operands into the kernel layout on the CPU.

        Takes numpy arrays (torch tensors are copied to the host) and returns
        ``{"weight", "scale", "zero_point"}`` -> uint8 arrays of exactly
        operand_bytes(which, kernel_layout=True) bytes, or None for operands
        the layer does not have.
        """
        handle = self._live()
        info = self._spec_info()
        inputs = _standard_operands({"weight": weight, "scale": scale,
                                     "zero_point": zero_point},
                                    self.operand_bytes, "this layer", info)
        outputs: Dict[str, Optional[np.ndarray]] = {}
        for name in WEIGHT_OPERANDS:
            kernel_bytes = self.operand_bytes(name, kernel_layout=True)
            outputs[name] = (np.zeros(kernel_bytes, dtype=np.uint8)
                             if inputs[name] is not None and kernel_bytes else None)
        out_ptrs = [None if outputs[name] is None else outputs[name].ctypes.data
                    for name in WEIGHT_OPERANDS]
        self._lib.call("humming_layer_repack_host", handle,
                       *[_ptr(inputs[name]) for name in WEIGHT_OPERANDS], *out_ptrs)
        return outputs

    def load_weights(self, weight: Any, scale: Any = None, zero_point: Any = None,
                     bias: Any = None, stream: Any = None) -> None:
        """Gives the layer its weights in the standard layout.

        Each operand is a numpy array or a torch tensor (CPU or CUDA), C
        contiguous, of exactly operand_bytes(which) bytes (quantize_weights()
        makes them; bias holds N values of the output type). When every
        operand is a CUDA tensor the repack into the kernel layout runs on the
        GPU, otherwise on the CPU; the layer keeps its own device copy, so the
        inputs may be freed afterwards. stream (for the
        copies and the repacking): None picks torch's current stream of the
        operands' GPU when any operand is a CUDA tensor, else the default
        stream; or an int CUstream / a torch.cuda.Stream.
        """
        handle = self._live()
        info = self._spec_info()
        bufs = _standard_operands({"weight": weight, "scale": scale, "zero_point": zero_point,
                                   "bias": bias}, self.operand_bytes, "this layer", info,
                                  to_buffer=buffer)
        device = _common_cuda_device(bufs.values())
        stream_handle = _stream_handle(stream, device)
        with _device_guard(device):
            self._lib.call("humming_layer_load_weights", handle,
                           *[_ptr(bufs[name]) for name in OPERANDS], stream_handle)

    # -- running ------------------------------------------------------------

    def _check_run_tensor(self, x: Any, name: str, shape: Any, dtype: Any, device: Any) -> None:
        torch = sys.modules["torch"]
        if not is_tensor(x):
            raise invalid_argument("{}: expected a torch CUDA tensor, got {}".format(
                name, type(x).__name__))
        if x.device.type != "cuda":
            raise invalid_argument("{}: on {}, but Layer.run takes CUDA tensors".format(
                name, x.device))
        if device is not None and x.device != device:
            raise invalid_argument("{}: on {}, but a is on {}".format(name, x.device, device))
        if x.layout != torch.strided:
            raise invalid_argument("{}: a {} tensor; pass a dense one".format(name, x.layout))
        if x.dim() != 2:
            raise invalid_argument("{}: expected a 2-D tensor, got shape {}".format(
                name, tuple(x.shape)))
        if x.dtype != dtype:
            raise invalid_argument("{}: dtype {}, but the layer takes {}".format(
                name, x.dtype, dtype))
        for axis, (got, want) in enumerate(zip(x.shape, shape)):
            if want is not None and got != want:
                raise invalid_argument(
                    "{}: shape {}, expected {} (dimension {} should be {})".format(
                        name, tuple(x.shape),
                        "[" + ", ".join("?" if s is None else str(s) for s in shape) + "]",
                        axis, want))
        if not x.is_contiguous():
            raise invalid_argument(
                "{}: strides {} are not row-major contiguous; call .contiguous()".format(
                    name, tuple(x.stride())))
        if x.numel() and x.data_ptr() % _ALIGNMENT:
            raise invalid_argument(
                "{}: data pointer {:#x} is not {}-byte aligned (a view at an offset?); "
                "pass .clone() or a freshly allocated tensor".format(
                    name, x.data_ptr(), _ALIGNMENT))

    def run(self, a: Any, out: Any = None, stream: Any = None) -> Any:
        """C[M, N] = A[M, K] x dequant(W)^T (+ bias) on the GPU; returns C.

        a: a contiguous torch CUDA tensor [M, K] of the layer's activation
        type (torch.float16 / torch.bfloat16), 16-byte aligned. out: None to
        allocate [M, N] of the output type on a's device, or such a tensor.
        stream: None for torch's current stream of a's device, an int
        CUstream, or a torch.cuda.Stream. Asynchronous like any CUDA kernel.
        With a stream other than torch's current one, keep a and out alive
        until the stream is done (torch's allocator only knows the current
        stream; see Tensor.record_stream).
        """
        handle = self._live()
        info = self._spec_info()
        if not is_tensor(a):
            raise invalid_argument("a: expected a torch CUDA tensor, got {}".format(
                type(a).__name__))
        torch = sys.modules["torch"]
        if info.activation not in _RUN_ACTIVATIONS:
            raise unsupported(
                "Layer.run passes float16 / bfloat16 activations; this layer's activation "
                "is {}".format(info.activation))
        if info.output not in _RUN_OUTPUTS:
            raise unsupported("Layer.run: output type {} has no torch dtype".format(info.output))
        a_dtype = getattr(torch, info.activation)
        out_dtype = getattr(torch, info.output)
        self._check_run_tensor(a, "a", (None, info.k), a_dtype, None)
        m = int(a.shape[0])
        if out is None:
            out = torch.empty((m, info.n), dtype=out_dtype, device=a.device)
        else:
            self._check_run_tensor(out, "out", (m, info.n), out_dtype, a.device)
            if m and _overlap(a, out):
                raise invalid_argument("out overlaps a")
        if m == 0:
            return out
        stream_handle = _stream_handle(stream, a.device)
        with torch.cuda.device(a.device):
            self._lib.call("humming_layer_run", handle, a.data_ptr(), out.data_ptr(), m,
                           stream_handle)
        return out

    __call__ = run


def _overlap(x: Any, y: Any) -> bool:
    x0, y0 = x.data_ptr(), y.data_ptr()
    x1 = x0 + x.numel() * x.element_size()
    y1 = y0 + y.numel() * y.element_size()
    return x0 < y1 and y0 < x1


# -- host-side functions ------------------------------------------------------


def quantize_weights(w: Any, spec: Any = None, **kwargs: Any) -> Dict[str, Optional[np.ndarray]]:
    """Quantizes fp32 weights W[N, K] on the CPU into the standard layout.

    ``quantize_weights(w, spec)`` with a spec string / LayerSpec, or
    ``quantize_weights(w, weight="uint4", scale="group", group_size=128, ...)``
    with LayerSpec keywords (n and k default to w's shape). w: a numpy array
    or torch tensor [N, K], converted to float32 by value on the host (so a
    numpy array of bfloat16 bits must go through bf16_to_float32 first).

    Returns {"weight", "scale", "zero_point"} -> numpy arrays or None when the
    spec has no such operand:

    * weight: int32 [N, K*bits/32], codes packed LSB-first along K;
    * scale: [N] (channel), [N, K/group_size] (group), [ceil(N/bn), ceil(K/bk)]
      (block) or [] (tensor), in scale_type: numpy float16 / float32 for those
      types, uint16 bit patterns for bfloat16 (bf16_to_float32 reads them),
      uint8 codes for 8-bit and smaller formats;
    * zero_point: the shape of scale; uint8 codes of the weight format
      (zero_point=integer) or scale_type values like scale (zero_point=float).
    """
    if is_tensor(w):
        w = w.detach().float()  # by value: bfloat16 / float8 tensors too
    arr = host_array(w, "w")
    if arr.dtype.kind not in "fiu":
        raise invalid_argument("w: dtype {} is not a real number type".format(arr.dtype))
    if arr.ndim != 2:
        raise invalid_argument("w: expected a 2-D [N, K] array, got shape {}".format(arr.shape))
    if arr.dtype != np.float32:
        arr = arr.astype(np.float32)
    if spec is None:
        kwargs.setdefault("n", arr.shape[0])
        kwargs.setdefault("k", arr.shape[1])
    text = spec_text(spec, **kwargs)
    sizes = {name: spec_operand_bytes(text, name) for name in WEIGHT_OPERANDS}
    info = SpecInfo.of(text)
    if (info.n, info.k) != tuple(arr.shape):
        raise invalid_argument("w: shape {}, but the spec has n={} k={} (w is [N, K])".format(
            tuple(arr.shape), info.n, info.k))
    n = arr.shape[0]
    weight_bytes = sizes["weight"]
    weight_shape = (n, weight_bytes // (4 * n)) if n and weight_bytes % (4 * n) == 0 else None
    outputs: Dict[str, Optional[np.ndarray]] = {
        "weight": allocate(weight_bytes, np.int32, weight_shape), "scale": None,
        "zero_point": None}
    scale_dtype = numpy_dtype(info.scale_type)
    if sizes["scale"]:
        count = sizes["scale"] // scale_dtype.itemsize
        outputs["scale"] = allocate(sizes["scale"], scale_dtype, info.scale_shape(count))
    if sizes["zero_point"]:
        zp_dtype = scale_dtype if info.zero_point == "float" else np.dtype(np.uint8)
        count = sizes["zero_point"] // zp_dtype.itemsize
        outputs["zero_point"] = allocate(sizes["zero_point"], zp_dtype, info.scale_shape(count))
    ptrs = [None if outputs[name] is None else outputs[name].ctypes.data
            for name in WEIGHT_OPERANDS]
    _lib.call("humming_quantize_weights", _c_text(text), arr.ctypes.data, *ptrs)
    return outputs


def _host_activation(a: Any, info: SpecInfo) -> np.ndarray:
    fmt = info.activation
    if is_tensor(a):
        torch = sys.modules["torch"]
        names = {"float16": "float16", "bfloat16": "bfloat16", "float32": "float32",
                 "float8e4m3": "float8_e4m3fn", "float8e5m2": "float8_e5m2", "int8": "int8"}
        want = getattr(torch, names.get(fmt, ""), None)
        if want is not None and a.dtype != want:
            raise invalid_argument("a: dtype {}, but the spec's activation is {} ({})".format(
                a.dtype, fmt, want))
    arr = host_array(a, "a")
    bits = format_bits(fmt)
    if fmt == "float16":
        allowed, hint = (np.float16,), "numpy float16"
    elif fmt == "bfloat16":
        allowed = (np.uint16, np.int16)
        hint = "uint16 bfloat16 bit patterns (humming.float32_to_bf16 makes them)"
    elif fmt == "float32":
        allowed, hint = (np.float32,), "numpy float32"
    elif bits is not None and bits <= 8:
        allowed, hint = (np.uint8, np.int8), "uint8 / int8 codes"
    else:
        raise unsupported("reference_gemm: activation format {!r} is not supported here"
                          .format(fmt))
    if arr.dtype not in [np.dtype(t) for t in allowed]:
        raise invalid_argument("a: dtype {} cannot hold {} activations; expected {}".format(
            arr.dtype, fmt, hint))
    if arr.ndim != 2:
        raise invalid_argument("a: expected a 2-D [M, K] array, got shape {}".format(arr.shape))
    if bits is None or info.k is None:
        raise invalid_argument("the spec lacks k or a readable activation format")
    if (info.k * bits) % 8:
        raise invalid_argument("a: K={} {} codes do not fill whole bytes".format(info.k, fmt))
    row = info.k * bits // 8
    if arr.nbytes != arr.shape[0] * row:
        raise invalid_argument(
            "a: shape {} ({} bytes), but M={} rows of K={} {} take {} bytes".format(
                arr.shape, arr.nbytes, arr.shape[0], info.k, fmt, arr.shape[0] * row))
    return arr


def _standard_operands(given: Dict[str, Any], expected_bytes: Any, owner: str,
                       info: SpecInfo, to_buffer: Any = None) -> Dict[str, Optional[Buffer]]:
    """Buffers of the standard-layout operands named in `given`, each checked
    for presence and exact size (expected_bytes(name)) before any C call.
    to_buffer: _host_buffer (host copies) or buffer (host or CUDA)."""
    to_buffer = to_buffer or _host_buffer
    bufs: Dict[str, Optional[Buffer]] = {}
    for name, value in given.items():
        expected = expected_bytes(name)
        bufs[name] = None
        if not _check_presence(name, value, expected, owner):
            continue
        buf = to_buffer(value, name)
        check_size(buf, name, expected, "{}'s {} ({}, standard layout)".format(
            owner.replace("this", "the"), name, _operand_hint(info, name)))
        bufs[name] = buf
    return bufs


def reference_gemm(spec: Any, a: Any, weight: Any, scale: Any = None, zero_point: Any = None,
                   bias: Any = None, high_precision: bool = False) -> np.ndarray:
    """The reference GEMM of docs/formats.md on the CPU: float32 C[M, N].

    spec: a spec string or LayerSpec (a Layer's spec works: layer.spec).
    a: [M, K] in the activation type: numpy float16 for float16, uint16
    bfloat16 bit patterns for bfloat16, or a torch tensor of that dtype (moved
    to the CPU). weight / scale / zero_point: the standard layout, as
    quantize_weights returns them; bias: N values of the output type (uint16
    bits for bfloat16). Accumulates in fp32 over the dequantized weights, or
    fp64 with high_precision=True.
    """
    text = spec_text(spec)
    info = SpecInfo.of(text)
    arr = _host_activation(a, info)
    bufs = _standard_operands({"weight": weight, "scale": scale, "zero_point": zero_point,
                               "bias": bias}, lambda n: spec_operand_bytes(text, n),
                              "the spec", info)
    m = arr.shape[0]
    c = np.zeros((m, info.n or 0), dtype=np.float32)
    if m == 0:
        return c
    _lib.call("humming_reference_gemm", _c_text(text), arr.ctypes.data, m,
              *[_ptr(bufs[name]) for name in OPERANDS], c.ctypes.data,
              1 if high_precision else 0)
    return c


def dequantize_weights(spec: Any, weight: Any, scale: Any = None,
                       zero_point: Any = None) -> np.ndarray:
    """The dequantized weights of docs/formats.md: float32 [N, K].

    Same operands as reference_gemm (the standard layout on the host); use
    it to build a GPU reference (A.float() @ W.T) for large M.
    """
    text = spec_text(spec)
    info = SpecInfo.of(text)
    bufs = _standard_operands({"weight": weight, "scale": scale, "zero_point": zero_point},
                              lambda n: spec_operand_bytes(text, n), "the spec", info)
    w = np.zeros((info.n or 0, info.k or 0), dtype=np.float32)
    _lib.call("humming_dequantize_weights", _c_text(text), _ptr(bufs["weight"]),
              _ptr(bufs["scale"]), _ptr(bufs["zero_point"]), w.ctypes.data)
    return w


def version() -> str:
    """The library's version string, e.g. "humming-mlir 0.3.0 (LLVM 22.1.8, build 0a11...)"."""
    return _lib.decode(_lib.function("humming_version")())


def cache_dir() -> str:
    """The disk cache directory in use ($HUMMING_CACHE_DIR, else
    $XDG_CACHE_HOME/humming, else ~/.cache/humming)."""
    return _lib.decode(_lib.function("humming_cache_dir")())


def clear_cache() -> None:
    """Removes every compiled kernel from the disk cache."""
    _lib.call("humming_cache_clear")


def library_path() -> str:
    """The path of the loaded libHummingRuntime (loading it if needed)."""
    return _lib.get().path
