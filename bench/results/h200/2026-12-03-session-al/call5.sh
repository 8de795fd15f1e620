#!/bin/bash
# Session al, call 5 (carry ["dist"]; the session's last ~290 s of device
# time): Nsight Compute on c19ed9e's 16-row lane-queue kernels at 8192^2
# M = 16 (g128 and channel): after section 86's whole rings, is the loop
# still bound by issue (section 84: issue slots 47 %, not-selected and
# math-pipe stalls as large as fixed latency) or now by memory?
set -u
source scripts/runtime-env.sh
date +%T
timeout 70 bash bench/profile.sh "n=8192 k=8192 weight=int4 scale=group group_size=128 target=h200" 16
timeout 60 bash bench/profile.sh "n=8192 k=8192 weight=int4 scale=channel target=h200" 16
date +%T
bash scripts/bundle-out.sh
