"""Tests of the humming Python package.

Three tiers:
  * pure Python (spec building, bf16 helpers, library search): always run;
  * library tests (quantization, reference GEMM, compiling for an explicit
    target, operand checks): need libHummingRuntime, no GPU; skipped with the
    loader's message when it cannot be loaded, unless
    HUMMING_REQUIRE_LIBRARY=1, which turns the skip into a failure (for CI
    that has built the library);
  * GPU tests: also need torch with CUDA.
"""

import math
import os
import pickle
import json

import numpy as np
import pytest

import humming
from humming import HummingError, LayerSpec

TARGET = "sm_90a"


def _load_library():
    try:
        return humming.library_path(), ""
    except HummingError as e:
        return None, e.message


LIBRARY_PATH, LIBRARY_PROBLEM = _load_library()
REQUIRE_LIBRARY = os.environ.get("HUMMING_REQUIRE_LIBRARY", "") not in ("", "0")

needs_library = pytest.mark.skipif(
    LIBRARY_PATH is None and not REQUIRE_LIBRARY,
    reason="libHummingRuntime cannot be loaded: build it or set HUMMING_LIBRARY "
    "(the pytest header lists the places tried)")


def _torch_cuda():
    try:
        import torch
    except ImportError:
        return None, "torch is not installed"
    if not torch.cuda.is_available():
        return None, "torch.cuda.is_available() is False"
    return torch, ""


if LIBRARY_PATH is not None or REQUIRE_LIBRARY:
    TORCH, NO_GPU_REASON = _torch_cuda()
else:
    TORCH, NO_GPU_REASON = None, "the library cannot be loaded"

needs_gpu = pytest.mark.skipif(
    TORCH is None, reason="needs libHummingRuntime, torch and a CUDA GPU: " + NO_GPU_REASON)


# -- numpy versions of docs/formats.md ----------------------------------------


def pack_codes(codes, bits):
    """Standard layout: each row an LSB-first bit stream along K in int32 words."""
    codes = np.asarray(codes, dtype=np.uint64)
    n, k = codes.shape
    assert (k * bits) % 32 == 0
    words = np.zeros((n, k * bits // 32), dtype=np.uint64)
    for j in range(k):
        bit = j * bits
        word, shift = divmod(bit, 32)
        words[:, word] |= (codes[:, j] << np.uint64(shift)) & np.uint64(0xFFFFFFFF)
        if shift + bits > 32:
            words[:, word + 1] |= codes[:, j] >> np.uint64(32 - shift)
    return words.astype(np.uint32).view(np.int32)


def unpack_codes(words, n, k, bits):
    """Codes [N, K] (int64) of standard-layout words [N, K*bits/32]."""
    w = np.ascontiguousarray(words).view(np.uint32).reshape(n, -1).astype(np.uint64)
    stream_bit = np.arange(k, dtype=np.uint64) * np.uint64(bits)
    word = (stream_bit // np.uint64(32)).astype(np.int64)
    shift = stream_bit % np.uint64(32)
    low = w[:, word] >> shift
    straddles = shift + np.uint64(bits) > np.uint64(32)
    nxt = np.minimum(word + 1, w.shape[1] - 1)
    high = np.where(straddles, w[:, nxt] << (np.uint64(32) - shift), np.uint64(0))
    return ((low | high) & np.uint64((1 << bits) - 1)).astype(np.int64)


def decode_int(codes, bits, signed):
    if signed:
        return np.where(codes >= (1 << (bits - 1)), codes - (1 << bits), codes)
    return codes


def scale_values(scale, scale_type):
    if scale_type == "bfloat16":
        return humming.bf16_to_float32(scale).astype(np.float64)
    return np.asarray(scale).astype(np.float64)


def dequantize_int(q, n, k, bits, signed, scale_type, group_size=None):
    """w[n,k] = (decode(q) - z) * s for symmetric integer weights."""
    codes = unpack_codes(q["weight"], n, k, bits)
    values = decode_int(codes, bits, signed).astype(np.float64)
    if not signed:
        values -= 1 << (bits - 1)  # the implicit zero of a symmetric uintN
    s = scale_values(q["scale"], scale_type)
    if group_size is None:
        return values * s[:, None]
    return values * np.repeat(s, group_size, axis=1)


def _unit_activations(rng, m, k):
    return (rng.standard_normal((m, k)) / math.sqrt(k)).astype(np.float32)


# -- pure Python ----------------------------------------------------------------


def test_pack_helpers_follow_formats_md():
    codes = np.zeros((1, 32), dtype=np.int64)
    codes[0, [0, 10, 21, 31]] = [3, 5, 6, 7]
    words = pack_codes(codes, 3)
    assert words.view(np.uint32).tolist() == [[0x40000003, 0x00000001, 0xE0000003]]
    np.testing.assert_array_equal(unpack_codes(words, 1, 32, 3), codes)
    four = np.array([[1, 2, 3, 4, 5, 6, 7, 15]])
    assert pack_codes(four, 4).view(np.uint32).tolist() == [[0xF7654321]]
    rng = np.random.default_rng(1)
    for bits in range(1, 9):
        c = rng.integers(0, 1 << bits, size=(3, 64))
        np.testing.assert_array_equal(unpack_codes(pack_codes(c, bits), 3, 64, bits), c)


def test_layer_spec_text():
    spec = LayerSpec(n=4096, k=11008, weight="uint4", scale="group", group_size=128,
                     scale_type="bfloat16", activation="bfloat16", bias=True, target=TARGET)
    assert str(spec) == ("n=4096 k=11008 weight=uint4 activation=bfloat16 scale=group "
                         "group_size=128 scale_type=bfloat16 zero_point=none bias=1 "
                         "target=sm_90a")
    assert str(LayerSpec(n=64, k=128, weight="int8")) == (
        "n=64 k=128 weight=int8 activation=float16 scale=channel zero_point=none bias=0")
    extra = LayerSpec(n=64, k=128, weight="uint4", implicit_zero=False, output="float32",
                      block=(128, 128), secondary=None)
    assert "implicit_zero=0" in str(extra) and "output=float32" in str(extra)
    assert "block=128x128" in str(extra) and "secondary" not in str(extra)
    assert LayerSpec.parse(str(spec)) == spec
    assert LayerSpec.parse(str(spec))["group_size"] == "128"
    changed = spec.replace(target=None, n=np.int64(256))
    assert "target" not in changed and changed["n"] == "256" and spec["n"] == "4096"
    assert repr(spec).startswith("LayerSpec.parse(")


def test_layer_spec_refuses_malformed_values():
    for kwargs in (dict(weight="uint 4"), dict(weight="uint4", scale="a=b"),
                   dict(weight="uint4", target="")):
        with pytest.raises(HummingError) as e:
            LayerSpec(n=64, k=128, **kwargs)
        assert e.value.status == "INVALID_ARGUMENT"
    with pytest.raises(HummingError) as e:
        LayerSpec(n=64.5, k=128, weight="uint4")
    assert e.value.status == "INVALID_ARGUMENT" and "n=" in e.value.message
    with pytest.raises(HummingError):
        LayerSpec(n=True, k=128, weight="uint4")
    with pytest.raises(HummingError):
        LayerSpec(n=64, k=128, weight="uint4", **{"bad key": 1})
    with pytest.raises(TypeError):
        LayerSpec(64, 128, "uint4")  # keywords only


def test_spec_arguments_are_one_or_the_other():
    with pytest.raises(TypeError):
        humming.spec_operand_bytes(None, "weight")
    with pytest.raises(TypeError):
        humming.Layer("n=64 k=64 weight=uint4", n=64)
    with pytest.raises(TypeError):
        humming.Layer()


def test_format_names():
    assert humming.canonical_format("bf16") == "bfloat16"
    assert humming.canonical_format("e4m3fn") == "float8e4m3"
    assert [humming.format_bits(f) for f in ("uint4", "int8", "float4e2m1", "e5m2", "bf16")] \
        == [4, 8, 4, 8, 16]
    assert humming.format_bits("nonsense") is None


def test_bf16_helpers():
    x = np.array([1.0, -2.5, 3.14159274, 1.00390625, 1.01171875, 65504.0, -0.0,
                  np.inf, -np.inf, np.nan, 3.4e38, 1e-40], dtype=np.float32)
    bits = humming.float32_to_bf16(x)
    assert bits.dtype == np.uint16 and bits.shape == x.shape
    assert bits[:5].tolist() == [0x3F80, 0xC020, 0x4049, 0x3F80, 0x3F82]  # ties to even
    assert bits[6] == 0x8000 and bits[7] == 0x7F80 and bits[8] == 0xFF80
    assert bits[9] == 0x7FC0 and bits[10] == 0x7F80  # NaN canonical; overflow to inf
    back = humming.bf16_to_float32(bits)
    assert back.dtype == np.float32
    finite = np.isfinite(x) & (np.abs(x) < 3e38) & (np.abs(x) > 1e-37)
    np.testing.assert_allclose(back[finite], x[finite], rtol=2 ** -8)
    np.testing.assert_array_equal(humming.bf16_to_float32(bits.view(np.int16)), back)
    assert humming.float32_to_bf16(np.float32(1.0)).shape == ()
    every = np.arange(1 << 16, dtype=np.uint16)
    values = humming.bf16_to_float32(every)
    same = ~np.isnan(values)
    np.testing.assert_array_equal(humming.float32_to_bf16(values)[same], every[same])
    with pytest.raises(HummingError):
        humming.bf16_to_float32(np.zeros(3, dtype=np.float16))


def test_missing_library_lists_every_place(tmp_path):
    not_a_library = tmp_path / "libHummingRuntime.so"
    not_a_library.write_text("not an ELF file")
    missing = str(tmp_path / "nowhere" / "libHummingRuntime.so")
    with pytest.raises(HummingError) as e:
        humming._lib.load([(missing, missing), (str(not_a_library), str(not_a_library))])
    assert e.value.status == "NO_LIBRARY" and e.value.code is None
    assert missing in e.value.message and str(not_a_library) in e.value.message
    assert "no such file" in e.value.message
    assert "HUMMING_LIBRARY" in e.value.message


def test_library_search_order(monkeypatch, tmp_path):
    monkeypatch.setenv("HUMMING_LIBRARY", str(tmp_path / "x.so"))
    monkeypatch.setenv("HUMMING_BUILD_DIR", str(tmp_path / "b"))
    paths = [path for path, _ in humming._lib.candidates()]
    repo = humming._lib.REPO_DIR
    name = humming._lib.LIBRARY_FILE
    assert paths == [
        str(tmp_path / "x.so"),
        os.path.join(humming._lib.PACKAGE_DIR, "lib", name),
        os.path.join(str(tmp_path / "b"), "lib", name),
        os.path.join(repo, "build", "lib", name),
        os.path.join(repo, "build-static", "lib", name),
        name,
    ]
    assert os.path.isfile(os.path.join(repo, "include", "humming-c", "Runtime.h"))


def test_error_object():
    e = HummingError("UNSUPPORTED", "bf16 needs sm_80")
    assert e.status == "UNSUPPORTED" and e.code == 2 and e.message == "bf16 needs sm_80"
    assert "UNSUPPORTED" in str(e) and "sm_80" in str(e)
    again = pickle.loads(pickle.dumps(e))
    assert (again.status, again.message) == (e.status, e.message)


# -- library, no GPU -------------------------------------------------------------

N, K = 256, 512
UINT4_G128 = LayerSpec(n=N, k=K, weight="uint4", scale="group", group_size=128,
                       scale_type="float16", target=TARGET)


@needs_library
def test_version_and_cache():
    assert humming.version()
    assert isinstance(humming.cache_dir(), str) and humming.cache_dir()
    assert os.path.isfile(humming.library_path())


@needs_library
@pytest.mark.parametrize("spec, needle", [
    ("n=64 k=128 weight=uint9 activation=float16 target=sm_90a", "uint9"),
    ("n=64 k=128 weight=uint4 scale=group group_size=100 target=sm_90a", "100"),
    ("n=64 k=128 weight=nonsense target=sm_90a", "nonsense"),
    ("this is not a spec", ""),
    ("n=64 weight=uint4 target=sm_90a", ""),
])
def test_bad_spec_is_invalid_argument(spec, needle):
    for attempt in (lambda: humming.Layer(spec),
                    lambda: humming.spec_operand_bytes(spec, "weight")):
        with pytest.raises(HummingError) as e:
            attempt()
        assert e.value.status == "INVALID_ARGUMENT", e.value
        assert e.value.code == 1
        assert e.value.message and needle in e.value.message


@needs_library
def test_bad_hand_table_is_invalid_argument():
    # Every entry of a dispatch table is checked before any kernel is
    # compiled; the message names the entry that breaks a rule.
    spec = ("n=200 k=256 weight=uint4 scale=group group_size=64 target=sm_90a "
            "dispatch=1-16:16x64x64:1x1x1:s3:k1,17-:24x64x64:1x1x1:s3:k1")
    with pytest.raises(HummingError) as e:
        humming.Layer(spec)
    assert e.value.status == "INVALID_ARGUMENT", e.value
    assert "dispatch entry 1 (17-:24x64x64:1x1x1:s3:k1)" in e.value.message
    assert "builder can emit" in e.value.message
    # check_spec, which compiles nothing, refuses it with the same message,
    # and one over the chip's shared memory too.
    with pytest.raises(HummingError) as c:
        humming.check_spec(spec)
    assert (c.value.status, c.value.message) == (e.value.status, e.value.message)
    with pytest.raises(HummingError) as c:
        humming.check_spec("n=200 k=256 weight=uint4 target=sm_90a "
                           "dispatch=1-:16x256x64:1x4x1:s32:k1")
    assert c.value.status == "INVALID_ARGUMENT", c.value
    assert "bytes of shared memory, more than" in c.value.message
    humming.check_spec("n=200 k=256 weight=uint4 scale=group group_size=64 target=sm_90a "
                       "dispatch=1-16:16x64x64:1x1x1:s3:k1,17-:64x64x64:1x1x1:s3:k1")


@needs_library
@pytest.mark.parametrize("spec", [
    # float8e8m0 codes (exponent 8 bits) are not exact in float16 (5 bits).
    "n=256 k=512 weight=float8e8m0 activation=float16 target=sm_90a",
    # uint8 x bfloat16 is a legal pair, but bfloat16 MMA needs sm_80.
    "n=256 k=512 weight=uint8 activation=bfloat16 target=sm_75",
    # fp8 activations need sm_89 (and no kernel builder takes them yet).
    "n=256 k=512 weight=uint4 activation=float8e4m3 target=a100",
])
def test_unsupported_request_is_refused(spec):
    with pytest.raises(HummingError) as e:
        humming.Layer(spec)
    assert e.value.status == "UNSUPPORTED", e.value
    assert e.value.message


@needs_library
@pytest.mark.parametrize("kwargs", [
    dict(weight="uint8", activation="float16"),
    dict(weight="float8e5m2", activation="bfloat16"),
])
def test_legal_pairs_compile(kwargs):
    with humming.Layer(n=N, k=K, target=TARGET, **kwargs) as layer:
        assert layer.operand_bytes("weight") == N * K


@needs_library
def test_turing_layer_compiles_without_cp_async():
    # sm_75 has no cp.async and no m16n8k16: its kernels copy through
    # registers and run two m16n8k8 per k16 step.
    with humming.Layer(n=N, k=K, weight="uint4", scale="group", group_size=128,
                       target="t4") as layer:
        assert layer.describe()["target"] == "sm_75"
        ptx = layer.ptx
        assert ".target sm_75" in ptx and "m16n8k8" in ptx
        assert "cp.async" not in ptx and "m16n8k16" not in ptx


@needs_library
def test_layer_compiles_for_explicit_target_without_gpu():
    with humming.Layer(UINT4_G128) as layer:
        d = layer.describe()
        assert isinstance(d, dict)
        dispatch = [key for key in d if "dispatch" in key.lower()]
        assert dispatch, "describe() has no dispatch table: {}".format(sorted(d))
        assert d[dispatch[0]], "empty dispatch table"
        assert TARGET in json.dumps(d)
        ptx = layer.ptx
        assert ".entry" in ptx and ".target" in ptx
        assert (layer.n, layer.k, layer.activation, layer.output) == (N, K, "float16", "float16")
        assert layer.operand_bytes("weight") == N * K // 2
        assert layer.operand_bytes("scale") == N * (K // 128) * 2
        assert layer.operand_bytes("zero_point") == 0
        assert layer.operand_bytes("bias") == 0
        assert layer.operand_bytes("weight", kernel_layout=True) > 0
        with pytest.raises(HummingError) as e:
            layer.operand_bytes("nonsense")
        assert e.value.status == "INVALID_ARGUMENT"
        assert "sm_90a" in repr(layer)
    assert layer.closed
    with pytest.raises(HummingError) as e:
        layer.describe()
    assert e.value.status == "INVALID_ARGUMENT" and "closed" in e.value.message
    layer.close()  # idempotent
    with pytest.raises(TypeError):
        pickle.dumps(humming.Layer(UINT4_G128))


@needs_library
def test_resident_ctas_per_dispatch_entry():
    with humming.Layer(UINT4_G128) as layer:
        entries = layer.describe()["dispatch"]
        assert all(e["ctas_per_sm"] >= 1 for e in entries)
        try:
            ctas = layer.resident_ctas()
        except HummingError as e:
            assert e.status == "NO_DEVICE", e  # no GPU: the kernels cannot load
        else:
            assert len(ctas) == len(entries) and all(c >= 1 for c in ctas), ctas


@needs_library
def test_layer_without_target_needs_a_gpu():
    spec = "n={} k={} weight=uint4 scale=group group_size=128".format(N, K)
    try:
        layer = humming.Layer(spec)
    except HummingError as e:
        assert e.status == "NO_DEVICE", e  # a machine without a usable GPU
    else:
        layer.close()


@needs_library
def test_spec_operand_bytes():
    assert humming.spec_operand_bytes(UINT4_G128, "weight") == N * K // 2
    assert humming.spec_operand_bytes(str(UINT4_G128), "scale") == N * (K // 128) * 2
    assert humming.spec_operand_bytes(UINT4_G128, "zero_point") == 0
    with_bias = UINT4_G128.replace(bias=True, zero_point="integer")
    assert humming.spec_operand_bytes(with_bias, "bias") == N * 2
    assert humming.spec_operand_bytes(with_bias, "zero_point") == N * (K // 128)


@needs_library
@pytest.mark.parametrize("kwargs, weight_cols, scale_shape, scale_dtype, zp", [
    (dict(weight="uint4", scale="group", group_size=128), K // 8, (N, K // 128), np.float16,
     None),
    (dict(weight="int4", scale="channel"), K // 8, (N,), np.float16, None),
    (dict(weight="uint4", scale="group", group_size=64, scale_type="bfloat16",
          activation="bfloat16"), K // 8, (N, K // 64), np.uint16, None),
    (dict(weight="uint8", scale="group", group_size=32, zero_point="integer"), K // 4,
     (N, K // 32), np.float16, np.uint8),
    (dict(weight="uint3", scale="channel", scale_type="float32"), K * 3 // 32, (N,),
     np.float32, None),
    (dict(weight="uint4", scale="group", group_size=128, zero_point="float"), K // 8,
     (N, K // 128), np.float16, np.float16),
])
def test_quantize_weights_shapes(kwargs, weight_cols, scale_shape, scale_dtype, zp):
    w = np.random.default_rng(2).standard_normal((N, K)).astype(np.float32)
    q = humming.quantize_weights(w, n=N, k=K, **kwargs)
    assert set(q) == {"weight", "scale", "zero_point"}
    assert q["weight"].dtype == np.int32 and q["weight"].shape == (N, weight_cols)
    assert q["scale"].dtype == scale_dtype and q["scale"].shape == scale_shape
    s = scale_values(q["scale"], kwargs.get("scale_type", "float16"))
    assert np.all(np.isfinite(s)) and np.all(s > 0)
    if zp is None:
        assert q["zero_point"] is None
    else:
        assert q["zero_point"].dtype == zp and q["zero_point"].shape == scale_shape
    # n and k default to w's shape; a spec string gives the same result.
    again = humming.quantize_weights(w, **kwargs)
    text = str(LayerSpec(n=N, k=K, **kwargs))
    third = humming.quantize_weights(w, text)
    for name in q:
        if q[name] is not None:
            np.testing.assert_array_equal(q[name], again[name])
            np.testing.assert_array_equal(q[name], third[name])


@needs_library
def test_quantize_weights_error_bound():
    rng = np.random.default_rng(3)
    w = rng.standard_normal((N, K)).astype(np.float32)
    q = humming.quantize_weights(w, UINT4_G128)
    dq = dequantize_int(q, N, K, 4, signed=False, scale_type="float16", group_size=128)
    bound = 0.5 * np.repeat(q["scale"].astype(np.float64), 128, axis=1) * 1.002
    assert np.all(np.abs(dq - w) <= bound)


@needs_library
def test_quantize_weights_refuses_mismatched_w():
    w = np.zeros((N, K), dtype=np.float32)
    with pytest.raises(HummingError) as e:
        humming.quantize_weights(w, UINT4_G128.replace(k=K * 2))
    assert e.value.status == "INVALID_ARGUMENT" and "shape" in e.value.message
    with pytest.raises(HummingError) as e:
        humming.quantize_weights(np.zeros(K, dtype=np.float32), UINT4_G128)
    assert e.value.status == "INVALID_ARGUMENT"
    with pytest.raises(HummingError) as e:
        humming.quantize_weights(w, UINT4_G128.replace(weight="uint9"))
    assert e.value.status == "INVALID_ARGUMENT" and "uint9" in e.value.message


@needs_library
@pytest.mark.parametrize("high_precision", [False, True])
def test_reference_gemm_int4_channel_matches_numpy(high_precision):
    rng = np.random.default_rng(4)
    codes = rng.integers(0, 16, size=(N, K))
    scale = (rng.uniform(0.5, 1.5, size=N) / 8).astype(np.float16)
    weight = pack_codes(codes, 4)
    spec = LayerSpec(n=N, k=K, weight="int4", scale="channel", output="float32")
    dq = decode_int(codes, 4, signed=True) * scale.astype(np.float64)[:, None]
    a = _unit_activations(rng, 5, K).astype(np.float16)
    expected = a.astype(np.float64) @ dq.T
    c = humming.reference_gemm(spec, a, weight, scale, high_precision=high_precision)
    assert c.dtype == np.float32 and c.shape == (5, N)
    np.testing.assert_allclose(c, expected, rtol=1e-4, atol=5e-4)
    # bias (output type float32 here) and a float16 output, which rounds C.
    bias = rng.standard_normal(N).astype(np.float32)
    c = humming.reference_gemm(spec.replace(bias=True), a, weight, scale, bias=bias,
                               high_precision=high_precision)
    np.testing.assert_allclose(c, expected + bias, rtol=1e-4, atol=5e-4)
    c16 = humming.reference_gemm(spec.replace(output="float16"), a, weight, scale,
                                 high_precision=high_precision)
    np.testing.assert_allclose(c16, expected, rtol=1e-3, atol=1e-3)


@needs_library
def test_reference_gemm_bf16_group_matches_numpy():
    rng = np.random.default_rng(5)
    spec = LayerSpec(n=N, k=K, weight="uint4", scale="group", group_size=128,
                     scale_type="bfloat16", activation="bfloat16", output="float32")
    w = rng.standard_normal((N, K)).astype(np.float32)
    q = humming.quantize_weights(w, spec)
    dq = dequantize_int(q, N, K, 4, signed=False, scale_type="bfloat16", group_size=128)
    a_bits = humming.float32_to_bf16(_unit_activations(rng, 3, K))
    expected = humming.bf16_to_float32(a_bits).astype(np.float64) @ dq.T
    c = humming.reference_gemm(spec, a_bits, **q)
    np.testing.assert_allclose(c, expected, rtol=1e-4, atol=5e-4)
    with pytest.raises(HummingError) as e:  # float16 values are not bf16 bits
        humming.reference_gemm(spec, a_bits.view(np.float16), **q)
    assert e.value.status == "INVALID_ARGUMENT" and "bfloat16" in e.value.message


@needs_library
def test_reference_gemm_refuses_bad_operands():
    q = humming.quantize_weights(np.ones((N, K), dtype=np.float32), UINT4_G128)
    a = np.zeros((2, K), dtype=np.float16)
    cases = [
        (dict(a=a.astype(np.float32)), "dtype"),
        (dict(a=np.zeros((2, K + 8), dtype=np.float16)), "bytes"),
        (dict(a=np.zeros(K, dtype=np.float16)), "2-D"),
        (dict(weight=q["weight"][:, 1:]), "weight"),
        (dict(scale=None), "scale is required"),
        (dict(scale=q["scale"].astype(np.float32)), "scale"),
        (dict(zero_point=np.zeros((N, K // 128), np.uint8)), "zero_point"),
        (dict(bias=np.zeros(N, np.float16)), "bias"),
    ]
    for change, needle in cases:
        args = dict(a=a, weight=q["weight"], scale=q["scale"], zero_point=None, bias=None)
        args.update(change)
        with pytest.raises(HummingError) as e:
            humming.reference_gemm(UINT4_G128, **args)
        assert e.value.status == "INVALID_ARGUMENT", change
        assert needle in e.value.message, (needle, e.value.message)
    empty = humming.reference_gemm(UINT4_G128, np.zeros((0, K), np.float16), **q)
    assert empty.shape == (0, N)


@needs_library
def test_repack_host_sizes():
    q = humming.quantize_weights(np.random.default_rng(6).standard_normal((N, K))
                                 .astype(np.float32), UINT4_G128)
    with humming.Layer(UINT4_G128) as layer:
        packed = layer.repack_host(**q)
        assert set(packed) == {"weight", "scale", "zero_point"}
        assert packed["zero_point"] is None
        for name in ("weight", "scale"):
            assert packed[name].dtype == np.uint8
            assert packed[name].nbytes == layer.operand_bytes(name, kernel_layout=True)
        again = layer.repack_host(q["weight"], q["scale"])
        np.testing.assert_array_equal(packed["weight"], again["weight"])
        np.testing.assert_array_equal(packed["scale"], again["scale"])
        # Non-contiguous host inputs are copied, not refused.
        strided = np.repeat(q["weight"], 2, axis=1)[:, ::2]
        np.testing.assert_array_equal(layer.repack_host(strided, q["scale"])["weight"],
                                      packed["weight"])


@needs_library
def test_wrong_operands_are_refused_before_the_library():
    q = humming.quantize_weights(np.ones((N, K), dtype=np.float32), UINT4_G128)
    with humming.Layer(UINT4_G128) as layer:
        for call in (layer.repack_host, layer.load_weights):
            with pytest.raises(HummingError) as e:
                call(q["weight"][:, :-1].copy(), q["scale"])
            assert e.value.status == "INVALID_ARGUMENT"
            assert "weight" in e.value.message and str(N * K // 2) in e.value.message
            with pytest.raises(HummingError) as e:
                call(q["weight"])
            assert e.value.status == "INVALID_ARGUMENT" and "scale is required" in e.value.message
            with pytest.raises(HummingError) as e:
                call(q["weight"], q["scale"], zero_point=np.zeros((N, 4), np.uint8))
            assert e.value.status == "INVALID_ARGUMENT" and "zero_point" in e.value.message
        with pytest.raises(HummingError) as e:
            layer.load_weights(q["weight"], q["scale"], bias=np.zeros(N, np.float16))
        assert e.value.status == "INVALID_ARGUMENT" and "bias" in e.value.message
        with pytest.raises(HummingError) as e:
            layer.load_weights(np.asfortranarray(q["weight"]), q["scale"])
        assert e.value.status == "INVALID_ARGUMENT" and "contiguous" in e.value.message
        with pytest.raises(HummingError) as e:
            layer.load_weights(q["weight"].tolist(), q["scale"])
        assert e.value.status == "INVALID_ARGUMENT" and "numpy" in e.value.message
        with pytest.raises(HummingError) as e:
            layer.run(np.zeros((1, K), np.float16))
        assert e.value.status == "INVALID_ARGUMENT" and "CUDA tensor" in e.value.message


# -- GPU ------------------------------------------------------------------------

GN, GK = 512, 1024
GPU_CASES = {
    "uint4-g128-f16": dict(weight="uint4", activation="float16", scale="group",
                           group_size=128, scale_type="float16"),
    "uint4-g128-bf16": dict(weight="uint4", activation="bfloat16", scale="group",
                            group_size=128, scale_type="bfloat16"),
    "uint4-g128-f16-bias": dict(weight="uint4", activation="float16", scale="group",
                                group_size=128, scale_type="float16", bias=True),
}


def _cuda_tensor(array):
    torch = TORCH
    if array.dtype == np.uint16:  # bf16 bits: same bytes, a dtype torch has
        array = array.view(np.int16)
    return torch.from_numpy(np.ascontiguousarray(array)).cuda()


def _quantized(case, seed=0):
    """The spec and the operands of load_weights for a GPU case: weights of
    unit variance, and a bias of unit variance when the case has one."""
    spec = LayerSpec(n=GN, k=GK, **GPU_CASES[case])
    rng = np.random.default_rng(seed)
    w = rng.standard_normal((GN, GK)).astype(np.float32)
    operands = dict(humming.quantize_weights(w, spec), bias=None)
    if GPU_CASES[case].get("bias"):
        bias = rng.standard_normal(GN).astype(np.float32)
        if GPU_CASES[case]["activation"] == "bfloat16":
            operands["bias"] = humming.float32_to_bf16(bias)
        else:
            operands["bias"] = bias.astype(np.float16)
    return spec, operands


@needs_gpu
@pytest.mark.parametrize("source", ["torch_cuda", "numpy"])
@pytest.mark.parametrize("case", sorted(GPU_CASES))
def test_gpu_matches_reference(case, source):
    torch = TORCH
    spec, q = _quantized(case)
    dtype = getattr(torch, GPU_CASES[case]["activation"])
    gen = torch.Generator(device="cuda").manual_seed(7)
    with humming.Layer(spec) as layer:
        if source == "numpy":
            layer.load_weights(**q)
        else:
            layer.load_weights(**{k: None if v is None else _cuda_tensor(v)
                                  for k, v in q.items()})
        for m in (1, 7, 33):
            a = (torch.randn(m, GK, device="cuda", generator=gen) / math.sqrt(GK)).to(dtype)
            out = torch.full((m, GN), float("nan"), dtype=dtype, device="cuda")
            assert layer.run(a, out=out) is out
            fresh = layer.run(a)
            torch.cuda.synchronize()
            assert fresh.shape == (m, GN) and fresh.dtype == dtype
            assert not torch.isnan(out).any(), "NaN left in out at M={}".format(m)
            reference = humming.reference_gemm(spec, a, **q)
            # (split-K kernels may sum in another order from run to run: no bit equality)
            for c in (out, fresh):
                np.testing.assert_allclose(c.float().cpu().numpy(), reference,
                                           rtol=0.03, atol=0.1, err_msg="M={}".format(m))


@needs_gpu
def test_gpu_explicit_stream_and_empty_batch():
    torch = TORCH
    spec, q = _quantized("uint4-g128-f16", seed=1)
    with humming.Layer(spec) as layer:
        layer.load_weights(**q)
        a = (torch.randn(4, GK, device="cuda") / math.sqrt(GK)).half()
        reference = humming.reference_gemm(spec, a, **q)
        stream = torch.cuda.Stream()
        out = torch.empty((4, GN), dtype=torch.float16, device="cuda")
        for handle in (stream, stream.cuda_stream):
            out.fill_(float("nan"))
            torch.cuda.synchronize()  # a and the NaNs are in place before the side stream runs
            assert layer.run(a, out=out, stream=handle) is out
            stream.synchronize()
            assert not torch.isnan(out).any()
            np.testing.assert_allclose(out.float().cpu().numpy(), reference, rtol=0.03, atol=0.1)
        empty = layer.run(a[:0])
        assert empty.shape == (0, GN) and empty.dtype == torch.float16


@needs_gpu
def test_gpu_run_refuses_bad_inputs():
    torch = TORCH
    spec, q = _quantized("uint4-g128-f16", seed=2)
    with humming.Layer(spec) as layer:
        m = 7
        flat = torch.zeros(m * GK + 8, dtype=torch.float16, device="cuda")
        bad_inputs = {
            "dtype": torch.zeros(m, GK, dtype=torch.float32, device="cuda"),
            "contiguous": torch.zeros(GK, m, dtype=torch.float16, device="cuda").t(),
            "aligned": flat[1:1 + m * GK].view(m, GK),
            "dimension 1": torch.zeros(m, GK + 64, dtype=torch.float16, device="cuda"),
            "2-D": torch.zeros(m * GK, dtype=torch.float16, device="cuda"),
            "CUDA": torch.zeros(m, GK, dtype=torch.float16),
        }
        for needle, a in bad_inputs.items():
            with pytest.raises(HummingError) as e:
                layer.run(a)
            assert e.value.status == "INVALID_ARGUMENT", needle
            assert needle in e.value.message, (needle, e.value.message)
        a = torch.zeros(m, GK, dtype=torch.float16, device="cuda")
        bad_outputs = {
            "dtype": torch.zeros(m, GN, dtype=torch.float32, device="cuda"),
            "shape": torch.zeros(m + 1, GN, dtype=torch.float16, device="cuda"),
            "CUDA": torch.zeros(m, GN, dtype=torch.float16),
            "aligned": torch.zeros(m * GN + 8, dtype=torch.float16,
                                   device="cuda")[1:1 + m * GN].view(m, GN),
        }
        for needle, out in bad_outputs.items():
            with pytest.raises(HummingError) as e:
                layer.run(a, out=out)
            assert e.value.status == "INVALID_ARGUMENT", needle
            assert needle in e.value.message, (needle, e.value.message)
        with pytest.raises(HummingError):  # no weights loaded yet
            layer.run(a)
            torch.cuda.synchronize()
        with pytest.raises(HummingError) as e:  # device operand of the wrong size
            layer.load_weights(_cuda_tensor(q["weight"])[:, 1:].contiguous(),
                               _cuda_tensor(q["scale"]))
        assert e.value.status == "INVALID_ARGUMENT"
        with pytest.raises(HummingError) as e:
            layer.load_weights(_cuda_tensor(q["weight"]).t(), _cuda_tensor(q["scale"]))
        assert e.value.status == "INVALID_ARGUMENT" and "contiguous" in e.value.message
