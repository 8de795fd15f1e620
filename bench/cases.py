"""The benchmark's cases: name -> (code bits, group size or None, layer spec
fragment). Apart from gemm_bench.py (which needs torch) so that shell
scripts can read a case's spec (bench/variants.sh: case_spec)."""

CASES = {
    "w4a16-int4-channel": (4, None, "weight=int4 scale=channel"),
    "w4a16-int4-g128": (4, 128, "weight=int4 scale=group group_size=128"),
    "w8a16-int8-channel": (8, None, "weight=int8 scale=channel"),
    # Not a target of "Small-batch speed": run only when asked (--cases).
    "w4a16-int4-g64": (4, 64, "weight=int4 scale=group group_size=64"),
    "w8a16-int8-g128": (8, 128, "weight=int8 scale=group group_size=128"),
    "w4a16-int4-g512": (4, 512, "weight=int4 scale=group group_size=512"),
}
DEFAULT_CASES = ["w4a16-int4-channel", "w4a16-int4-g128", "w8a16-int8-channel"]

if __name__ == "__main__":
    import sys
    if len(sys.argv) != 2 or sys.argv[1] not in CASES:
        sys.exit("usage: python3 bench/cases.py CASE (one of %s)" % ", ".join(CASES))
    print(CASES[sys.argv[1]][2])
