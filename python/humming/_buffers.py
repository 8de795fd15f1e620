"""numpy / torch buffers as (pointer, size) pairs, and bfloat16 bit helpers.

torch is optional: it is imported only when a torch tensor shows up (a tensor
can only exist once torch is imported) or when Layer.run needs it.
"""

import sys
from typing import Any, Optional, Tuple

import numpy as np

from ._errors import HummingError, invalid_argument

_SCALE_DTYPES = {"float32": np.float32, "float16": np.float16, "bfloat16": np.uint16}


def torch_module():
    """The torch module if it is installed, else None."""
    torch = sys.modules.get("torch")
    if torch is not None:
        return torch
    try:
        import torch  # noqa: F811
    except ImportError:
        return None
    return torch


def require_torch(what: str):
    torch = torch_module()
    if torch is None:
        raise HummingError("UNSUPPORTED", "{} needs PyTorch, which is not installed".format(what))
    return torch


def is_tensor(x: Any) -> bool:
    torch = sys.modules.get("torch")
    return torch is not None and isinstance(x, torch.Tensor)


def numpy_dtype(fmt: str):
    """numpy dtype holding one value of a scale / zero-point format.

    float32 and float16 map to themselves; bfloat16 has no numpy dtype and is
    held as uint16 bit patterns (see bf16_to_float32); formats of 8 bits or
    fewer (float8e4m3, float8e8m0, ...) are held as uint8 codes.
    """
    return np.dtype(_SCALE_DTYPES.get(fmt, np.uint8))


class Buffer:
    """A contiguous operand: its address, size and device (None: host).

    Holds a reference to the object the address belongs to, so the memory
    stays alive as long as the Buffer.
    """

    __slots__ = ("ptr", "nbytes", "device", "owner")

    def __init__(self, ptr: int, nbytes: int, device: Any, owner: Any):
        self.ptr = ptr
        self.nbytes = nbytes
        self.device = device
        self.owner = owner

    @property
    def c_ptr(self) -> Optional[int]:
        return self.ptr if self.nbytes else None


def _torch_buffer(x: Any, name: str) -> Buffer:
    torch = sys.modules["torch"]
    if x.layout != torch.strided:
        raise invalid_argument("{}: a {} tensor has no plain memory; pass a dense tensor".format(
            name, x.layout))
    if getattr(x, "is_conj", None) is not None and x.is_conj():
        raise invalid_argument("{}: a lazily conjugated tensor; call .resolve_conj()".format(name))
    if getattr(x, "is_neg", None) is not None and x.is_neg():
        raise invalid_argument("{}: a lazily negated tensor; call .resolve_neg()".format(name))
    if not x.is_contiguous():
        raise invalid_argument(
            "{}: tensor of shape {} and strides {} is not contiguous; call .contiguous()".format(
                name, tuple(x.shape), tuple(x.stride())))
    device = x.device if x.device.type == "cuda" else None
    if x.device.type not in ("cuda", "cpu"):
        raise invalid_argument("{}: tensors on {} are not supported (CPU or CUDA only)".format(
            name, x.device))
    return Buffer(x.data_ptr(), x.numel() * x.element_size(), device, x)


def buffer(x: Any, name: str) -> Buffer:
    """A Buffer over a numpy array or a torch tensor (CPU or CUDA), no copy.

    Raises INVALID_ARGUMENT for a non-contiguous or unsupported object.
    """
    if is_tensor(x):
        return _torch_buffer(x, name)
    if isinstance(x, np.ndarray):
        if not x.flags["C_CONTIGUOUS"]:
            raise invalid_argument(
                "{}: array of shape {} and strides {} is not C-contiguous; "
                "use numpy.ascontiguousarray".format(name, x.shape, x.strides))
        return Buffer(x.ctypes.data, x.nbytes, None, x)
    raise invalid_argument("{}: expected a numpy array or a torch tensor, got {}".format(
        name, type(x).__name__))


def host_array(x: Any, name: str) -> np.ndarray:
    """A C-contiguous numpy array with the data of `x` on the host.

    torch tensors are moved to the CPU; torch types numpy lacks keep their
    bits: bfloat16 becomes uint16, the float8 types uint8. Non-contiguous
    inputs are copied.
    """
    if is_tensor(x):
        torch = sys.modules["torch"]
        t = x.detach()
        if t.device.type != "cpu":
            t = t.cpu()
        t = t.resolve_conj().resolve_neg() if hasattr(t, "resolve_conj") else t
        t = t.contiguous()
        if t.dtype == torch.bfloat16:
            return t.view(torch.int16).numpy().view(np.uint16)
        if t.element_size() == 1 and t.dtype not in (torch.uint8, torch.int8, torch.bool):
            return t.view(torch.uint8).numpy()
        return t.numpy()
    if isinstance(x, np.ndarray):
        return np.ascontiguousarray(x)
    raise invalid_argument("{}: expected a numpy array or a torch tensor, got {}".format(
        name, type(x).__name__))


def check_size(buf: Buffer, name: str, expected: int, what: str) -> None:
    if buf.nbytes != expected:
        raise invalid_argument(
            "{}: {} bytes, but {} takes {} bytes".format(name, buf.nbytes, what, expected))


def allocate(nbytes: int, dtype: Any, shape: Optional[Tuple[int, ...]]) -> np.ndarray:
    """A zeroed array of exactly `nbytes` bytes: `shape` of `dtype` when that
    fits, else 1-D `dtype`, else 1-D uint8."""
    dtype = np.dtype(dtype)
    if shape is not None and int(np.prod(shape, dtype=np.int64)) * dtype.itemsize == nbytes:
        return np.zeros(shape, dtype=dtype)
    if nbytes % dtype.itemsize == 0:
        return np.zeros(nbytes // dtype.itemsize, dtype=dtype)
    return np.zeros(nbytes, dtype=np.uint8)


def bf16_to_float32(bits: Any) -> np.ndarray:
    """float32 values of bfloat16 bit patterns (uint16 or int16 array), exact."""
    a = np.asarray(bits)
    if a.dtype == np.int16:
        a = a.view(np.uint16)
    if a.dtype != np.uint16:
        raise invalid_argument("bf16_to_float32: expected uint16 bfloat16 bit patterns, got {}"
                               .format(a.dtype))
    return (a.astype(np.uint32) << np.uint32(16)).view(np.float32)


def float32_to_bf16(values: Any) -> np.ndarray:
    """bfloat16 bit patterns (uint16) of float values, rounded to nearest even.

    Like torch's conversion: overflow gives +-inf, NaN gives 0x7FC0 (with its
    sign).
    """
    with np.errstate(over="ignore"):  # float64 -> float32 overflow gives inf, as intended
        x = np.array(values, dtype=np.float32, order="C")
    u = x.view(np.uint32)
    with np.errstate(over="ignore"):  # NaN payloads may wrap; they are replaced below
        rounded = (u + np.uint32(0x7FFF) + ((u >> np.uint32(16)) & np.uint32(1))) >> np.uint32(16)
    nan = (u & np.uint32(0x7FFFFFFF)) > np.uint32(0x7F800000)
    canonical_nan = ((u >> np.uint32(16)) & np.uint32(0x8000)) | np.uint32(0x7FC0)
    return np.asarray(np.where(nan, canonical_nan, rounded)).astype(np.uint16)
