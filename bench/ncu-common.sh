# What bench/profile.sh and bench/profile-impls.sh ask of Nsight Compute
# (sourced by both):
#   ncu_setup CALLER   sets NCU (the ncu binary: PATH, else the CUDA
#                      install), NCU_SECTIONS (the report's sections; with
#                      HUMMING_PROFILE_SOURCE set, also the per-instruction
#                      source counters) and NCU_STALLS (the stall reasons
#                      per issued instruction); fails where ncu is missing.
ncu_setup() {
  NCU="$(command -v ncu || ls /usr/local/cuda/nsight-compute*/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)"
  [ -n "$NCU" ] || { echo "$1: ncu not found" >&2; return 1; }
  NCU_SECTIONS=(--section SpeedOfLight --section Occupancy --section LaunchStats
                --section SchedulerStats --section WarpStateStats
                --section MemoryWorkloadAnalysis --section ComputeWorkloadAnalysis)
  if [ -n "${HUMMING_PROFILE_SOURCE:-}" ]; then
    NCU_SECTIONS+=(--section SourceCounters --import-source no)
  fi
  NCU_STALLS='regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio'
}
