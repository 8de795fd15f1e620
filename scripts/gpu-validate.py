#!/usr/bin/env python3
"""The GPU correctness suite of docs/validation/: compiles a matrix of layers
(formats x activations x scales x zero points x shapes), checks each at many
M with humming.validation.check_layer, and writes the results.

    python3 scripts/gpu-validate.py --tier formats --out DIR [--budget S]

Tiers:
  smoke    the README example and a handful of formats (minutes)
  formats  every legal weight format x {f16, bf16} x {channel, g32, g64, g128}
           x {none, integer, float zero point}, (N, K) = (1000, 1024), all M;
           formats:NxK at another shape, formats:NxK:i/n its i-th shard of n
  shapes   representative formats at every (N, K) of the issue, all M
  partitions  stream-K and K splits forced by hand dispatch tables at odd
           shapes, and the planner's stream-K at 28672 x 4096
  tiles    warp tiles half a weight tile wide (32 columns) in every M range,
           with K splits and stream-K, at odd shapes, for the even code
           widths (2, 4, 6, 8 bits) that allow them
  swapped  mma.sync with the weights as the A operand (8-row M tiles) in
           every M range, K splits, stream-K and cluster pairs, at odd shapes
  wgmma    warpgroup MMA (sm_90a), cooperative and warp-specialized, in every
           M range, M tiles of 8-256 rows,
           K splits and stream-K, at odd shapes, 4- and 8-bit codes
  models   the planner's own tables at model widths whose rules the five
           shapes never reach (3, 4 and 5 CTAs per SM in one wave, N an odd
           multiple of 64, group scales in the B fragment), M at both ends
           of every range up to 65
  TIER:I   one table of a hand-table tier (partitions excepted), I a Python
           index: wgmma:-1 the last
  TIER@sm_80  a tier's layers compiled for another target (older archs run
           on a newer GPU through the driver's PTX JIT)
Layers compile on a thread pool while the GPU checks run; --budget stops
starting new layers after S seconds and the results say what was covered.
--shard i/n takes every n-th job of the whole list (scripts/device-validate.sh
runs n such processes over the machine's GPUs and cores); --merge combines
their JSON files into one.
"""
import argparse
import concurrent.futures as cf
import json
import lzma
import os
import platform
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "python"))
import humming  # noqa: E402
from humming import validation as V  # noqa: E402

MS = [1, 7, 16, 33, 128, 1000, 4096]
SHAPES = [(4096, 4096), (8192, 8192), (11008, 4096), (4096, 11008), (1000, 1024)]


# Model widths whose planner rules the benchmark's five shapes never reach
# (bench/NOTES.md sections 113-120): wide layers at 3, 4 or 5 CTAs per SM
# in one wave (57344: 4 at 17..32 rows), odd multiples of 64 (4544,
# 37900), and the layers of the rules for 4-bit g64 and 8-bit g128 on
# them; and the M values at both ends of each of the planner's ranges up
# to 65 rows.
MODEL_SHAPES = [(37888, 3584), (37900, 4096), (4544, 4544), (18944, 3584),
                (22016, 4096), (13824, 5120), (14336, 4096), (57344, 8192)]
MODEL_MS = [1, 8, 9, 16, 17, 32, 33, 64, 65]


# M values at both ends of every range of the hand tables below.
HAND_TABLE_MS = [1, 7, 16, 17, 31, 33, 64, 65, 128, 200]


def planner_specs(shapes, layers, ms, target):
    """The planner's own tables: layers (weight, activation, scale, group,
    zero point, bias) x shapes, the legal ones, each at the M values `ms`."""
    return [(sp, ms) for sp in (V.spec_text(w, a, sc, g, z, n, k, b, target)
                                for n, k in shapes for w, a, sc, g, z, b in layers)
            if V.is_legal(sp)]


def hand_table_specs(tables, layers, shapes, target, ms=HAND_TABLE_MS):
    """Every layer at every shape with every hand dispatch table. A table
    given as (text, code widths) is for layers of those widths only (its
    stages fit shared memory for them alone)."""
    out = []
    for n, k in shapes:
        for w, a, sc, g, z, b in layers:
            for t in tables:
                text, widths = (t, None) if isinstance(t, str) else t
                if widths is None or humming.format_bits(w) in widths:
                    out.append((V.spec_text(w, a, sc, g, z, n, k, b, target)
                                + " dispatch=" + text, ms))
    return out


ODD_SHAPES = [(1000, 1000), (2000, 3000), (250, 3968)]

# Tiers that are hand dispatch tables x layers (weight, activation, scale,
# group, zero point, bias) x shapes, at the M values `ms`.
HAND_TABLE_TIERS = {
    # Warps of 16 / 32 / 64 rows x 32 columns, 1-2 along K, 4-8 along N,
    # 1 or 2 CTAs per SM;
    # (1000, 1024) and (250, 3968) take every group size, 1000 and 3000
    # only channel scales.
    "tiles": {
        "tables": [
            "1-16:16x128x64:1x4x2:s8:k3,17-32:32x128x64:1x4x2:s8:k2,"
            "33-64:64x128x64:1x4x2:s6:k1,65-:128x128x64:2x4x1:s4:k1",
            "1-16:16x256x64:1x8x2:s6:sk,17-32:32x256x64:1x8x1:s8:k1,"
            "33-64:64x256x64:1x8x1:s6:sk,65-:64x128x64:1x4x1:s4:k1",
            # 2 CTAs per SM (the planner's 17..32 shape with 2-4 splits)
            "1-16:16x128x64:1x4x1:s8:k4:c2,17-32:32x128x64:1x4x1:s8:k3:c2,"
            "33-64:64x128x64:1x4x1:s6:k2:c2,65-:128x128x64:2x2x1:s4:k1",
            # Deep pipelines (16-20 stages, four k-blocks per iteration; a
            # unit's last iteration then has 1-3): 64-column tiles, 2-4
            # warps along K, split, stream-K and whole.
            "1-16:16x64x64:1x2x4:s16:k3,17-32:32x64x64:1x2x2:s20:k2,"
            "33-64:64x64x64:1x2x1:s16:sk,65-:64x64x64:1x2x1:s16:k1",
            # The planner's 9..16-row tiles (24 stages; 16 at 2 CTAs per
            # SM) beside a 1..8 range of their own.
            "1-8:16x64x64:1x2x4:s24:k2,9-16:16x64x64:1x2x4:s16:k1:c2,"
            "17-64:32x128x64:1x4x1:s8:k2,65-:128x128x64:2x2x1:s4:k1",
            # K splits as one cluster (partials through distributed shared
            # memory; sm_90+): 2-4 splits, 1-2 CTAs per SM, warps along K.
            "1-16:16x64x64:1x2x4:s16:kc4,17-32:32x128x64:1x4x1:s8:kc3:c2,"
            "33-64:64x128x64:1x4x2:s6:kc2,65-:128x128x64:2x2x1:s4:k1"],
        "layers": [("int4", "float16", "channel", None, "none", True),
                   ("uint4", "bfloat16", "group", 128, "integer", False),
                   ("int8", "float16", "channel", None, "none", False),
                   ("uint2", "float16", "group", 32, "float", False),
                   ("float6e3m2", "bfloat16", "group", 64, "none", True),
                   ("float8e4m3", "float16", "channel", None, "none", False)],
        "shapes": ODD_SHAPES + [(1000, 1024)],
        "ms": HAND_TABLE_MS},
    # mma.sync with the weights as the A operand (`:sw`): M tiles of 8 rows
    # (several side by side past M = 8), warps of 32 or 64 columns, 1-4
    # along K, K splits, stream-K and cluster pairs, 1-2 CTAs per SM, at
    # odd shapes, for the even code widths of half-tile warps.
    "swapped": {
        "tables": [
            "1-8:8x128x64:1x4x1:s8:k4:c2:sw,9-24:8x128x64:1x2x2:s8:k2:sw,"
            "25-64:8x64x64:1x1x4:s12:k1:sw,65-:128x128x64:2x2x1:s4:k1",
            "1-8:8x128x64:1x4x1:s8:sk:sw,9-16:8x256x64:1x4x2:s6:kc2:sw,"
            "17-:128x128x64:2x2x1:s4:k1"],
        "layers": [("int4", "float16", "channel", None, "none", True),
                   ("uint4", "bfloat16", "group", 128, "integer", False),
                   ("int8", "float16", "channel", None, "none", False),
                   ("uint2", "float16", "group", 32, "float", False),
                   ("float4e2m1", "bfloat16", "group", 32, "none", True),
                   ("float8e4m3", "float16", "channel", None, "none", False)],
        "shapes": ODD_SHAPES + [(1000, 1024)],
        "ms": [1, 2, 5, 8, 9, 13, 16, 17, 24, 25, 40, 64, 65, 100]},
    # Blocks of 32 columns (half a weight tile, one warp along N; the even
    # code widths, whose tile halves the kernel layout keeps apart): swapped
    # and not, 1-4 warps along K, several M tiles side by side, K splits,
    # stream-K and cluster pairs, 1-3 CTAs per SM, beside whole- and
    # half-tile kernels of the same layout, at odd shapes (N = 1000 and 250: a
    # last block partly or wholly in the padding).
    "narrow": {
        "tables": [
            "1-8:8x32x64:1x1x4:s16:k1:c2:sw,9-16:16x32x64:1x1x4:s16:k1:c2,"
            "17-64:32x32x64:2x1x2:s8:k2,65-:128x128x64:2x2x1:s4:k1",
            "1-24:8x32x64:1x1x4:s32:k1:c3:sw,25-32:16x32x64:1x1x2:s6:sk,"
            "33-64:64x128x64:1x4x1:s6:k2,65-:64x32x64:4x1x1:s4:k1",
            "1-8:8x32x64:1x1x2:s8:k3:sw,9-16:16x32x64:1x1x1:s6:kc2,"
            "17-:64x64x64:1x2x1:s4:k1"],
        "layers": [("int4", "float16", "channel", None, "none", True),
                   ("uint4", "bfloat16", "group", 128, "integer", False),
                   ("int8", "float16", "channel", None, "none", False),
                   ("uint2", "float16", "group", 32, "float", False),
                   ("float4e2m1", "bfloat16", "group", 32, "none", True),
                   ("float6e3m2", "float16", "group", 64, "none", False),
                   ("float8e4m3", "float16", "channel", None, "none", False)],
        "shapes": ODD_SHAPES + [(1000, 1024)],
        "ms": [1, 2, 5, 8, 9, 13, 16, 17, 24, 25, 33, 40, 64, 65, 100]},
    # Turing's copies through registers (sm_75: a stage's loads before the
    # iteration's barrier, their shared stores after its MMAs; run it as
    # turing@sm_75) where the planner's tables (2 stages, one k-block an
    # iteration) do not reach: 3-4 stages, two k-blocks an iteration (`:i2`,
    # a unit's last iteration then has one), even and uneven K splits and
    # stream-K (a copy past the unit's end is predicated off), 2 CTAs per
    # SM, warps along K, swapped and 32-column tiles, the register stream
    # and group scales in the B fragment, in the T4's 64 KB of shared
    # memory, f16 activations (bf16 MMA is sm_80+). Legal on sm_80+ too.
    "turing": {
        "tables": [
            "1-8:8x64x64:1x2x4:s2:k1:c2:sw,9-16:16x64x64:1x2x4:s3:k3,"
            "17-32:32x128x64:1x4x1:s4:k2:c2,33-64:64x128x64:1x4x1:s2:sk,"
            "65-:128x128x64:2x4x1:s2:k1",
            "1-16:16x128x64:1x4x2:s4:k2:i2,17-64:64x64x64:1x2x1:s4:k5:i2,"
            "65-128:64x128x64:1x4x1:s3:sk,129-:64x128x64:1x4x1:s3:k1",
            "1-8:8x32x64:1x1x4:s3:k1:rs,9-16:16x32x64:1x1x2:s3:k2,"
            "17-32:32x32x64:2x1x2:s2:k3,33-:64x64x64:1x2x1:s2:k1",
            "1-8:8x128x64:1x4x1:s3:sk:sw,9-24:8x128x64:1x2x2:s2:k2:sw,"
            "25-64:32x128x64:1x4x1:s2:k1,65-128:128x64x64:2x2x1:s2:k2,"
            "129-:128x64x64:2x2x1:s2:k1",
            ("1-16:16x64x64:1x2x4:s3:k2:bf,17-64:64x128x64:1x4x1:s4:k3:bf:i2,"
             "65-:128x128x64:2x4x1:s2:k1", {2, 4})],
        "layers": [("int4", "float16", "channel", None, "none", True),
                   ("uint4", "float16", "group", 128, "integer", False),
                   ("int8", "float16", "channel", None, "none", False),
                   ("uint2", "float16", "group", 32, "float", False),
                   ("float4e2m1", "float16", "group", 32, "none", True),
                   ("float8e4m3", "float16", "group", 64, "none", False)],
        "shapes": ODD_SHAPES + [(1000, 1024), (1000, 4160)],
        "ms": [1, 2, 5, 8, 9, 13, 16, 17, 24, 25, 32, 33, 40, 64, 65, 100, 200]},
    # Warpgroup MMA (sm_90a) in every M range: M tiles of 8 to 256 rows (the
    # MMA's N), 1-4 warpgroups of 1-2 weight tiles, K splits (odd unit
    # counts: the main loop's last iteration then has one k-block) and
    # stream-K, cooperative and warp-specialized, at odd shapes, for the 4-
    # and 8-bit codes it takes.
    "wgmma": {
        "tables": [
            "1-8:8x128x64:1x2x1:s8:k3:wg,9-16:16x256x64:1x2x1:s6:k2:wg,"
            "17-32:32x256x64:1x4x1:s6:sk:wg,33-64:64x256x64:1x2x1:s6:k1:wg,"
            "65-:128x128x64:1x1x1:s4:k1:wg",
            "1-16:16x128x64:1x1x1:s8:sk:wg,17-64:64x128x64:1x2x1:s6:k5:wg,"
            "65-:256x128x64:1x2x1:s3:k1:wg",
            # Warp-specialized: a producer warpgroup, per-stage mbarriers
            # (stream-K: several units per CTA carry the stage phases).
            "1-8:8x128x64:1x1x1:s8:sk:ws,9-32:32x256x64:1x2x1:s6:k3:ws,"
            "33-64:64x128x64:1x2x1:s12:k2:ws,65-:128x128x64:1x1x1:s4:k1:ws",
            # 16 stages: four k-blocks per iteration, cooperative and
            # warp-specialized.
            "1-16:16x128x64:1x2x1:s16:k3:wg,17-32:32x128x64:1x1x1:s16:sk:ws,"
            "33-64:64x64x64:1x1x1:s16:k2:ws,65-:64x64x64:1x1x1:s16:k1:wg",
            # One warpgroup of one weight tile at 3 CTAs per SM, 6 stages
            # (the planner's 17..64 shape where 2-3 splits fill 3 x the SMs).
            "1-16:16x64x64:1x1x1:s6:k3:c3:wg,17-32:32x64x64:1x1x1:s6:k2:c3:wg,"
            "33-64:64x64x64:1x1x1:s6:k3:c3:wg,65-:128x128x64:2x2x1:s4:k1",
            # K splits as one cluster (distributed shared memory).
            "1-16:16x128x64:1x2x1:s8:kc4:wg,17-32:32x64x64:1x1x1:s6:kc3:c3:wg,"
            "33-64:64x128x64:1x2x1:s12:kc2:wg,65-:128x128x64:2x2x1:s4:k1",
            # The 128 x 256 tile as two warpgroups of two weight tiles (the
            # planner's until section 121; 128 activation rows as the MMA's
            # N) from 65 rows on.
            "1-64:64x128x64:1x2x1:s6:k2:wg,65-:128x256x64:1x2x1:s6:k1:wg",
            # The same tile with K splits through the workspace (even and
            # odd counts) and as a cluster pair, as the planner's 65..512
            # ranges took it.
            "1-64:64x128x64:1x2x1:s6:k2:wg,65-128:128x256x64:1x2x1:s6:k4:wg,"
            "129-200:128x256x64:1x2x1:s6:kc2:wg,201-300:128x256x64:1x2x1:s6:k3:wg,"
            "301-:128x256x64:1x2x1:s6:k1:wg",
            # The same tile with its splits as clusters of 6, 8 and 3
            # (every CTA reduces a share of the tile, 32 chunks a thread: 6
            # or 5 each, 4, and 11 or 10), and with 5 stages (one k-block
            # per iteration).
            "1-64:64x128x64:1x2x1:s6:k2:wg,65-100:128x256x64:1x2x1:s6:kc6:wg,"
            "101-150:128x256x64:1x2x1:s6:kc8:wg,"
            "151-200:128x256x64:1x2x1:s5:kc3:wg,201-:128x256x64:1x2x1:s5:k1:wg",
        ] + [
            # The same tile as four warpgroups at the planner's depths for
            # channel codes on long units: 8-bit at 4 stages, 2 k-blocks an
            # iteration (units of 128+ k-blocks, bench/NOTES.md section
            # 127), 4-bit at 8 stages, 4 an iteration (64+, section 125; 8
            # stages fit shared memory for 4-bit codes only). Splits through
            # the workspace (even and odd; K = 1000's 4-block units end in
            # their first iteration), as a cluster pair, unsplit.
            ("1-64:64x128x64:1x2x1:s6:k2:wg,65-128:{t}:k4:wg:{i},"
             "129-200:{t}:kc2:wg:{i},201-300:{t}:k3:wg:{i},"
             "301-:{t}:k1:wg:{i}".format(t="128x256x64:1x4x1:" + depth, i=i),
             {bits})
            for bits, depth, i in ((8, "s4", "i2"), (4, "s8", "i4"))] + [
            # The same tile as four warpgroups of one weight tile (512
            # threads at 128 registers), group scales in the B fragment:
            # the planner's since bench/NOTES.md section 121. Its splits
            # through the workspace (even and odd), as a cluster pair and of
            # 6 and 3, 6 and 5 stages.
            "1-64:64x128x64:1x2x1:s6:k2:wg,65-128:128x256x64:1x4x1:s6:k4:wg:bf,"
            "129-200:128x256x64:1x4x1:s6:kc2:wg:bf,201-300:128x256x64:1x4x1:s6:k3:wg:bf,"
            "301-:128x256x64:1x4x1:s6:k1:wg:bf",
            "1-64:64x128x64:1x2x1:s6:k2:wg,65-100:128x256x64:1x4x1:s6:kc6:wg:bf,"
            "101-200:128x256x64:1x4x1:s5:kc3:wg:bf,201-:128x256x64:1x4x1:s5:k1:wg:bf"] + [
            # Tiles of one weight tile per warpgroup that the planner takes
            # where it estimates them cheaper: 128 rows, 8 stages, at
            # 65..256 (bench/NOTES.md section 69); 192 rows, 5 stages, at
            # 129..192 (section 71); 96 rows, 8 stages, at 65..96 (section
            # 73). Each as a cluster of 3, with 4 splits through the
            # workspace, as a cluster pair and unsplit (192 rows at M =
            # 300: a second M tile of 108 rows; 96 rows: partial last M
            # tiles of 32, 8 and 12 rows at M = 128, 200 and 300).
            "1-64:64x128x64:1x2x1:s6:k2:wg,65-100:{t}:kc3:wg,101-150:{t}:k4:wg,"
            "151-250:{t}:kc2:wg,251-:{t}:k1:wg".format(t=t)
            for t in ("128x128x64:1x2x1:s8", "192x128x64:1x2x1:s5",
                      "96x128x64:1x2x1:s8")],
        "layers": [("int4", "float16", "channel", None, "none", True),
                   ("uint4", "bfloat16", "group", 128, "integer", False),
                   ("int8", "float16", "channel", None, "none", False),
                   ("uint8", "bfloat16", "group", 32, "float", True),
                   ("float4e2m1", "float16", "group", 32, "none", False),
                   ("float8e4m3", "bfloat16", "channel", None, "none", False),
                   # groups of one k-block: 2-4 sets of sums per iteration
                   ("uint4", "float16", "group", 64, "none", False)],
        # K = 4160: units of 65 k-blocks, where 4-bit channel codes load an
        # iteration's first code words before its refill copies (the
        # builder's operandsBeforeRefill; shorter units never do).
        "shapes": ODD_SHAPES + [(1000, 1024), (1000, 4160)],
        "ms": [1, 5, 8, 9, 16, 17, 31, 33, 64, 65, 128, 200, 300]},
}


def tier_specs(tier, target):
    if tier == "smoke":
        base = [("uint4", "float16", "group", 128, "none"), ("int4", "float16", "channel", None, "none"),
                ("uint4", "bfloat16", "group", 64, "integer"), ("int8", "float16", "channel", None, "none"),
                ("uint8", "bfloat16", "group", 32, "float"), ("float4e2m1", "float16", "group", 32, "none"),
                ("float8e4m3", "bfloat16", "channel", None, "none"), ("uint3", "float16", "group", 128, "integer"),
                ("float8e0m7", "float16", "channel", None, "none"), ("int2", "bfloat16", "group", 128, "none"),
                # the smallest and largest groups (4 groups per 64-deep stage,
                # and one group for 16 stages)
                ("uint4", "float16", "group", 16, "integer"), ("uint2", "bfloat16", "group", 1024, "float")]
        specs = [V.spec_text(w, a, s, g, z, 1000, 1024, True, target) for w, a, s, g, z in base]
        specs.append(V.spec_text("uint4", "float16", "group", 128, "none", 4096, 4096, True, target))
        return [(s, MS) for s in specs if V.is_legal(s)]
    if tier == "formats" or tier.startswith("formats:"):
        # "formats" runs the matrix at (1000, 1024); "formats:4096x4096" at
        # another shape; "formats:4096x4096:2/3" the second third of it.
        parts = tier.split(":")
        n, k = (1000, 1024) if len(parts) < 2 else map(int, parts[1].split("x"))
        specs = V.matrix(["float16", "bfloat16"], ["channel", 32, 64, 128],
                         ["none", "integer", "float"], V.weight_formats(), n, k, target)
        if len(parts) == 3:
            i, total = map(int, parts[2].split("/"))
            specs = specs[i - 1::total]
        return [(s, MS) for s in specs]
    if tier == "shapes":
        # (Warpgroup tiles of only their range's rows on sm_90a: 80 the
        # 80-row tile of 65..80 in full, 112 the 112-row one of 97..112,
        # 41 / 48 the 48-row tile of 33..48, 129 / 144 the 144-row tile of
        # 129..144 at one row and in full, 145 / 160 the 160-row one, 161 /
        # 175 the 176-row one, 177 the 192-row one of 177..192, 201 / 224
        # the 224-row one of 193..224 and 225 the kernel after it;
        # bench/NOTES.md sections 71, 73 and 136-140)
        return planner_specs(SHAPES, [("uint4", "float16", "group", 128, "none", True),
                                      ("int4", "float16", "channel", None, "none", False),
                                      ("int8", "bfloat16", "channel", None, "none", True),
                                      ("uint4", "bfloat16", "group", 64, "integer", False),
                                      ("float4e2m1", "float16", "group", 32, "none", False),
                                      ("float8e4m3", "bfloat16", "group", 128, "float", False)],
                             MS + [41, 48, 80, 112, 129, 144, 145, 160, 161, 175, 177,
                                   201, 224, 225], target)
    if tier == "models":
        return planner_specs(MODEL_SHAPES, [("uint4", "float16", "group", 128, "none", True),
                                            ("int4", "bfloat16", "channel", None, "none", False),
                                            ("int8", "float16", "channel", None, "none", True),
                                            ("uint4", "bfloat16", "group", 64, "integer", False),
                                            ("int8", "float16", "group", 128, "none", False),
                                            ("uint8", "bfloat16", "group", 128, "integer", True)],
                             MODEL_MS, target)
    if tier == "partitions":
        # Hand tables that force stream-K and uneven K splits in every M
        # range at odd shapes (one to many segments per tile, partial load
        # groups, several M tiles side by side), and the planner's stream-K
        # at 28672 x 4096; M values at both ends of every range.
        tables = [
            "1-16:16x256x64:1x4x2:s8:sk,17-32:32x128x64:1x2x2:s8:sk,"
            "33-64:32x128x64:1x2x2:s8:sk,65-128:128x128x64:2x2x1:s4:sk,"
            "129-:128x128x64:2x2x1:s4:k1",
            "1-16:16x256x64:1x4x2:s8:k3,17-64:32x128x64:1x2x2:s8:k5,"
            "65-:128x128x64:2x2x1:s4:k1"]
        layers = [("int4", "float16", "channel", None, "none", True),
                  ("uint4", "bfloat16", "group", 128, "integer", False),
                  ("int8", "float16", "channel", None, "none", False)]
        out = hand_table_specs(tables, layers, ODD_SHAPES, target)
        for w, a, sc, g, z, b in layers[:2]:
            out.append((V.spec_text(w, a, sc, g, z, 28672, 4096, b, target), HAND_TABLE_MS))
        return [(sp, m) for sp, m in out if V.is_legal(sp)]
    name, _, index = tier.partition(":")
    if name in HAND_TABLE_TIERS:
        # "wgmma" runs all of the tier's tables; "wgmma:-1" its last alone
        # (a Python index: the table a change added).
        t = HAND_TABLE_TIERS[name]
        tables = [t["tables"][int(index)]] if index else t["tables"]
        out = hand_table_specs(tables, t["layers"], t["shapes"], target, t["ms"])
        return [(sp, m) for sp, m in out if V.is_legal(sp)]
    raise SystemExit("unknown tier " + tier)


def gpu_clocks():
    try:
        return subprocess.run(["nvidia-smi", "--query-gpu=name,clocks.sm,clocks.mem,driver_version",
                               "--format=csv,noheader"], capture_output=True, text=True,
                              timeout=20).stdout.strip()
    except Exception as e:  # noqa: BLE001
        return "unavailable: %s" % e


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tier", action="append")
    ap.add_argument("--shard", default="1/1", help="i/n: every n-th job, from the i-th")
    ap.add_argument("--merge", nargs="+", help="JSON files of shards to merge into --out")
    ap.add_argument("--target", default="sm_90a")
    ap.add_argument("--out", required=True)
    ap.add_argument("--budget", type=float, default=1e9)
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--skip-passed", action="append", default=[],
                    help="results JSON (.json or .json.xz) of an earlier run at the same "
                         "library: layers that passed there are not run again")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    if args.merge:
        return merge(args.merge, args.out)
    if not args.tier:
        ap.error("--tier is required")
    start = time.time()
    jobs = []
    for t in args.tier:
        # "tier@sm_80": the tier's layers compiled for another target.
        name, _, target = t.partition("@")
        jobs += [(t, s, ms) for s, ms in tier_specs(name, target or args.target)]
    passed = set()
    for name in args.skip_passed:
        opener = lzma.open if name.endswith(".xz") else open
        with opener(name, "rt") as f:
            earlier = json.load(f)["results"]
        failed = {r["spec"] for r in earlier if not r["pass"]}
        passed |= {r["spec"] for r in earlier} - failed
    jobs = [j for j in jobs if j[1] not in passed]
    shard, shards = map(int, args.shard.split("/"))
    jobs = jobs[shard - 1::shards]
    results, errors, skipped = [], [], []
    pool = cf.ThreadPoolExecutor(max_workers=args.workers)
    futures = []
    for job in jobs:
        futures.append((job, pool.submit(humming.Layer, job[1])))
    for i, (job, fut) in enumerate(futures):
        tier, spec, ms = job
        if time.time() - start > args.budget:
            skipped.append(spec)
            fut.cancel()
            continue
        try:
            layer = fut.result()
        except humming.HummingError as e:
            errors.append({"tier": tier, "spec": spec, "stage": "compile", "error": str(e)})
            print("COMPILE-ERROR", spec, e, flush=True)
            continue
        try:
            # The format matrix at the large shapes quantizes 1000 channels
            # and repeats them along N (check_layer's row_period).
            rs = V.check_layer(layer, ms, seed=i,
                               row_period=1000 if tier.startswith("formats:") else None)
        except Exception as e:  # noqa: BLE001
            errors.append({"tier": tier, "spec": spec, "stage": "run", "error": repr(e)})
            print("RUN-ERROR", spec, repr(e), flush=True)
            layer.close()
            continue
        if tier == "smoke":
            same = V.repack_paths_agree(layer, seed=i)
            for r in rs:
                r["repack_paths_agree"] = same
                r["pass"] = r["pass"] and same
            print("REPACK %s %s" % ("SAME" if same else "DIFFERENT", spec), flush=True)
        compile_ms = layer.describe().get("compile_milliseconds")
        layer.close()
        for r in rs:
            r["tier"] = tier
            r["compile_ms"] = compile_ms
        results += rs
        ok = all(r["pass"] for r in rs)
        print("%s %s  worst=%.4g  unwritten=%d" % ("PASS" if ok else "FAIL", spec,
              max(r["max_abs_err"] for r in rs), sum(r["unwritten"] for r in rs)), flush=True)
    pool.shutdown(wait=False, cancel_futures=True)
    summary = {
        "date": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
        "commit": os.environ.get("HUMMING_COMMIT", "unknown"),
        "gpu": gpu_clocks(), "host": platform.node(), "target": args.target,
        "tiers": args.tier, "shard": args.shard, "rtol": V.RTOL, "atol": V.ATOL,
        "layers_checked": len({r["spec"] for r in results}),
        "checks": len(results), "passed": sum(r["pass"] for r in results),
        "failed": [r for r in results if not r["pass"]], "errors": errors,
        "not_run_budget": skipped, "seconds": time.time() - start,
        "library": humming.version(),
    }
    tag = "-".join(args.tier).replace(":", "_").replace("/", "of").replace("@", "-")
    if shards > 1:
        tag += "-shard%dof%d" % (shard, shards)
    with open(os.path.join(args.out, "validation-%s.json" % tag), "w") as f:
        json.dump({"summary": summary, "results": results}, f, indent=1)
    print(json.dumps({k: v for k, v in summary.items() if k not in ("failed",)}, indent=1)[:3000])
    print("FAILED CHECKS:", len(summary["failed"]), "ERRORS:", len(errors))
    return 0 if not summary["failed"] and not errors else 1


def merge(files, out):
    """One JSON (and one summary) from the shards' files."""
    parts = [json.load(open(f)) for f in files]
    sums = [p["summary"] for p in parts]
    results = [r for p in parts for r in p["results"]]
    summary = dict(sums[0])
    summary.update({
        "shard": "merged from %d shards" % len(parts),
        "tiers": sorted({t for s in sums for t in s["tiers"]}),
        "targets": sorted({r["spec"].split("target=")[1].split()[0] for r in results}),
        "layers_checked": len({(r["spec"]) for r in results}),
        "checks": len(results), "passed": sum(r["pass"] for r in results),
        "failed": [r for r in results if not r["pass"]],
        "errors": [e for s in sums for e in s["errors"]],
        "not_run_budget": [x for s in sums for x in s["not_run_budget"]],
        "seconds": max(s["seconds"] for s in sums),
    })
    name = os.path.join(out, "validation-merged.json")
    with open(name, "w") as f:
        json.dump({"summary": summary, "results": results}, f, indent=1)
    print(json.dumps({k: v for k, v in summary.items() if k not in ("failed",)}, indent=1)[:3000])
    print("FAILED CHECKS:", len(summary["failed"]), "ERRORS:", len(summary["errors"]))
    return 0 if not summary["failed"] and not summary["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
