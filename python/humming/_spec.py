"""Layer spec strings: building, parsing, and what this binding reads from them.

A spec is the space-separated ``key=value`` text every runtime entry point
takes (``"n=4096 k=4096 weight=uint4 activation=float16 scale=group
group_size=128"``). The library parses and validates it; this module only
builds it from keyword arguments and reads the few fields the binding needs
to shape numpy / torch buffers (n, k, formats, scale granularity).
"""

import math
import operator
import re
from typing import Any, Dict, Iterator, Mapping, Optional, Tuple

from ._errors import invalid_argument

# Names docs/formats.md accepts besides the canonical ones.
_FORMAT_ALIASES = {
    "f16": "float16",
    "fp16": "float16",
    "half": "float16",
    "float16e5m10": "float16",
    "bf16": "bfloat16",
    "float16e8m7": "bfloat16",
    "f32": "float32",
    "fp32": "float32",
    "float32e8m23": "float32",
    "e4m3": "float8e4m3",
    "e4m3fn": "float8e4m3",
    "float8e4m3fn": "float8e4m3",
    "e5m2": "float8e5m2",
    "ue8m0": "float8e8m0",
    "e8m0": "float8e8m0",
    "e2m1": "float4e2m1",
    "fp4": "float4e2m1",
}
_INT_FORMAT = re.compile(r"^u?int([1-9][0-9]*)$")
_SMALL_FLOAT = re.compile(r"^float([1-9][0-9]*)e([0-9]+)m([0-9]+)$")
_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_.-]*$")
_TRUE = ("1", "true", "yes", "on")


def canonical_format(name: str) -> str:
    """The canonical name of a format name or alias (unknown names unchanged)."""
    return _FORMAT_ALIASES.get(name, name)


def format_bits(name: str) -> Optional[int]:
    """Bits per code of a format, or None for a name this binding cannot read."""
    name = canonical_format(name)
    if name in ("float16", "bfloat16"):
        return 16
    if name == "float32":
        return 32
    match = _INT_FORMAT.match(name) or _SMALL_FLOAT.match(name)
    return int(match.group(1)) if match else None


def _value_text(key: str, value: Any) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (tuple, list)):
        text = "x".join(_value_text(key, v) for v in value)
    else:
        text = str(value)
    if not text or any(c.isspace() or c in "=\0" for c in text):
        raise invalid_argument(
            "spec value {}={!r}: values must be non-empty, without spaces, '=' or NUL"
            .format(key, text))
    return text


def _int_text(key: str, value: Any) -> str:
    if isinstance(value, bool):
        raise invalid_argument("spec value {}={!r}: expected an integer".format(key, value))
    try:
        return str(operator.index(value))
    except TypeError:
        raise invalid_argument(
            "spec value {}={!r}: expected an integer".format(key, value)) from None


class LayerSpec:
    """A layer spec built from keyword arguments; ``str(spec)`` is the text.

    Keywords (None leaves a key out, so the library's default applies):

    * ``n``, ``k``: the GEMM extents (output features, input features);
    * ``weight``: the weight code format (``uint4``, ``int8``, ``float8e4m3``,
      ``float4e2m1``, ...);
    * ``activation``: the A format (default ``float16``);
    * ``output``: the C type (float16 / bfloat16 / float32); default: the
      library's (the activation type for 16-bit activations);
    * ``scale``: ``channel`` (default), ``group``, ``block``, ``tensor`` or
      ``none``; ``group_size`` with ``scale="group"``;
    * ``scale_type``: the scale format (library default ``float16``);
    * ``zero_point``: ``none`` (default), ``integer`` or ``float``;
    * ``bias``: bool;
    * ``target``: ``sm_90a``, ``h200``, ... (default: the current GPU);
    * anything else: passed through as ``key=value`` (booleans as 1/0,
      tuples and lists as ``AxB``), e.g. ``implicit_zero=False``.

    ``LayerSpec.parse(text)`` reads a spec string back.
    """

    __slots__ = ("_items",)

    def __init__(self, *, n: int, k: int, weight: str, activation: str = "float16",
                 output: Optional[str] = None, scale: str = "channel",
                 group_size: Optional[int] = None, scale_type: Optional[str] = None,
                 zero_point: str = "none", bias: bool = False,
                 target: Optional[str] = None, **extra: Any):
        items: Dict[str, str] = {}
        items["n"] = _int_text("n", n)
        items["k"] = _int_text("k", k)
        fields = (("weight", weight), ("activation", activation), ("output", output),
                  ("scale", scale), ("group_size", group_size),
                  ("scale_type", scale_type), ("zero_point", zero_point))
        for key, value in fields:
            if value is None:
                continue
            items[key] = _int_text(key, value) if key == "group_size" else _value_text(key, value)
        items["bias"] = _value_text("bias", bool(bias))
        if target is not None:
            items["target"] = _value_text("target", target)
        for key, value in extra.items():
            if value is None:
                continue
            if not _KEY.match(key):
                raise invalid_argument("spec key {!r} is not a valid key".format(key))
            items[key] = _value_text(key, value)
        self._items = items

    @classmethod
    def parse(cls, text: str) -> "LayerSpec":
        """A LayerSpec holding the key=value pairs of `text` (not validated)."""
        spec = cls.__new__(cls)
        spec._items = parse_spec(text)
        return spec

    def replace(self, **changes: Any) -> "LayerSpec":
        """A copy with some keys changed (None removes a key)."""
        spec = LayerSpec.__new__(LayerSpec)
        items = dict(self._items)
        for key, value in changes.items():
            if value is None:
                items.pop(key, None)
            elif key in ("n", "k", "group_size"):
                items[key] = _int_text(key, value)
            else:
                if not _KEY.match(key):
                    raise invalid_argument("spec key {!r} is not a valid key".format(key))
                items[key] = _value_text(key, value)
        spec._items = items
        return spec

    def to_dict(self) -> Dict[str, str]:
        return dict(self._items)

    def get(self, key: str, default: Optional[str] = None) -> Optional[str]:
        return self._items.get(key, default)

    def __getitem__(self, key: str) -> str:
        return self._items[key]

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def items(self):
        return self._items.items()

    def __str__(self) -> str:
        return " ".join("{}={}".format(k, v) for k, v in self._items.items())

    def __repr__(self) -> str:
        return "LayerSpec.parse({!r})".format(str(self))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LayerSpec):
            return self._items == other._items
        return NotImplemented

    def __hash__(self) -> int:
        return hash(str(self))


def parse_spec(text: str) -> Dict[str, str]:
    """key -> value of a spec string (the last of repeated keys wins).

    Lenient on purpose: tokens without '=' are skipped here; the library
    refuses them with a precise message.
    """
    items: Dict[str, str] = {}
    for token in text.split():
        key, sep, value = token.partition("=")
        if sep:
            items[key] = value
    return items


def spec_text(spec: Any = None, **kwargs: Any) -> str:
    """The spec string of a str, a LayerSpec, a mapping, or LayerSpec keywords."""
    if spec is not None and kwargs:
        raise TypeError(
            "give either a spec (string or LayerSpec) or LayerSpec keywords, not both "
            "(got spec and {})".format(", ".join(sorted(kwargs))))
    if spec is None:
        if not kwargs:
            raise TypeError("a layer spec is required: a string, a LayerSpec or keywords")
        text = str(LayerSpec(**kwargs))
    elif isinstance(spec, LayerSpec):
        text = str(spec)
    elif isinstance(spec, str):
        text = spec
    elif isinstance(spec, Mapping):
        text = str(LayerSpec(**dict(spec)))
    else:
        raise TypeError("spec must be a str, a LayerSpec or a mapping, not {}".format(
            type(spec).__name__))
    if "\0" in text:
        raise invalid_argument("spec contains a NUL character")
    return text.strip()


class SpecInfo:
    """The fields of a spec this binding needs, with the library's defaults."""

    def __init__(self, items: Mapping[str, str]):
        self.items = dict(items)
        self.n = self._int("n")
        self.k = self._int("k")
        self.weight = canonical_format(items.get("weight", ""))
        self.activation = canonical_format(items.get("activation", "float16"))
        output = items.get("output")
        if output is None:
            output = self.activation if self.activation in ("float16", "bfloat16") else "float16"
        self.output = canonical_format(output)
        self.scale = items.get("scale", "channel")
        self.scale_type = canonical_format(items.get("scale_type", "float16"))
        self.zero_point = items.get("zero_point", "none")
        self.bias = items.get("bias", "0").lower() in _TRUE

    @classmethod
    def of(cls, text: str) -> "SpecInfo":
        return cls(parse_spec(text))

    def _int(self, key: str) -> Optional[int]:
        try:
            return int(self.items[key])
        except (KeyError, ValueError):
            return None

    def block(self) -> Optional[Tuple[int, int]]:
        """(bn, bk) of a block-scaled spec, when the spec spells it out."""
        text = self.items.get("block")
        try:
            if text is not None:
                parts = [p for p in re.split(r"[x,\[\]]", text) if p]
                if len(parts) == 2:
                    return int(parts[0]), int(parts[1])
            if "block_n" in self.items and "block_k" in self.items:
                return int(self.items["block_n"]), int(self.items["block_k"])
        except ValueError:
            pass
        return None

    def scale_shape(self, count: int) -> Optional[Tuple[int, ...]]:
        """Shape of `count` primary scales (or zero points), None if unknown."""
        n, k = self.n, self.k
        if n is None or n <= 0:
            return None
        if self.scale == "channel" and count == n:
            return (n,)
        if self.scale == "group" and count % n == 0:
            return (n, count // n)
        if self.scale == "tensor" and count == 1:
            return ()
        if self.scale == "block" and k is not None:
            block = self.block()
            if block is not None and block[0] > 0 and block[1] > 0:
                shape = (math.ceil(n / block[0]), math.ceil(k / block[1]))
                if shape[0] * shape[1] == count:
                    return shape
        return None
