"""Kernel tables of the peers that the harness steers (no torch here, so
the lit suite can test it on any machine).

Humming's heuristics (its tune/ package) give one kernel per M range up to
M = 8192, as [lo, hi, config] entries matched as lo < M <= hi (its
launcher's find_kernel_configs_target_index), about 30 a layer, all
compiled at the layer's first call. The harness keeps the entries that hold
an M it measures: each such M runs the kernel the whole table gives it.
"""


def entries_holding(table, ms):
    """The entries of a (lo, hi] table that hold one of `ms` or M = 1 (its
    launcher looks M = 1's entry up on every call), in table order."""
    need = set(ms) | {1}
    return [e for e in table if any(e[0] < m <= e[1] for m in need)]
