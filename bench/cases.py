"""The benchmark's cases: name -> (code bits, group size or None, layer spec
fragment), and its shapes. Apart from gemm_bench.py (which needs torch) so
that shell scripts can read a case's spec (bench/variants.sh: case_spec) and
the shapes (scripts/plan-registers.sh)."""

CASES = {
    "w4a16-int4-channel": (4, None, "weight=int4 scale=channel"),
    "w4a16-int4-g128": (4, 128, "weight=int4 scale=group group_size=128"),
    "w8a16-int8-channel": (8, None, "weight=int8 scale=channel"),
    # Not a target of "Small-batch speed": run only when asked (--cases).
    "w4a16-int4-g32": (4, 32, "weight=int4 scale=group group_size=32"),
    "w4a16-int4-g64": (4, 64, "weight=int4 scale=group group_size=64"),
    "w8a16-int8-g128": (8, 128, "weight=int8 scale=group group_size=128"),
    "w4a16-int4-g512": (4, 512, "weight=int4 scale=group group_size=512"),
    "w8a16-int8-g64": (8, 64, "weight=int8 scale=group group_size=64"),
    # The smallest and largest groups the 224-row tile's rule covers
    # (bench/NOTES.md sections 141, 143).
    "w4a16-int4-g16": (4, 16, "weight=int4 scale=group group_size=16"),
    "w4a16-int4-g1024": (4, 1024, "weight=int4 scale=group group_size=1024"),
    # e2m1 codes (OCP MX fp4 values) with fp16 group scales: our kernels and
    # cuBLAS only (the peers are called with symmetric int codes).
    "w4a16-fp4-g32": (4, 32, "weight=float4e2m1 scale=group group_size=32"),
}
DEFAULT_CASES = ["w4a16-int4-channel", "w4a16-int4-g128", "w8a16-int8-channel"]
# The (N, K) shapes every sweep covers by default.
SHAPES = [(4096, 4096), (8192, 8192), (11008, 4096), (4096, 11008), (28672, 4096)]

if __name__ == "__main__":
    import sys
    if sys.argv[1:] == ["--shapes"]:
        print(" ".join("%dx%d" % s for s in SHAPES))
        sys.exit(0)
    if len(sys.argv) != 2 or sys.argv[1] not in CASES:
        sys.exit("usage: python3 bench/cases.py CASE (one of %s) | --shapes"
                 % ", ".join(CASES))
    print(CASES[sys.argv[1]][2])
