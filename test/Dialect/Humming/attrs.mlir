// RUN: humming-opt %s | humming-opt | FileCheck %s

// Every humming attribute, standalone, round-tripped through humming-opt
// twice. Aliases print back as canonical names; default-valued parameters
// are elided.

// #humming.format: canonical names and every alias.
// CHECK-LABEL: func.func @format_aliases()
// CHECK-SAME: f00 = #humming.format<float16>
// CHECK-SAME: f01 = #humming.format<bfloat16>
// CHECK-SAME: f02 = #humming.format<float32>
// CHECK-SAME: f03 = #humming.format<float8e4m3>
// CHECK-SAME: f04 = #humming.format<float8e5m2>
// CHECK-SAME: f05 = #humming.format<float8e8m0>
// CHECK-SAME: f06 = #humming.format<float8e8m0>
// CHECK-SAME: f07 = #humming.format<float4e2m1>
// CHECK-SAME: f08 = #humming.format<float4e2m1>
// CHECK-SAME: f09 = #humming.format<float16>
// CHECK-SAME: f10 = #humming.format<float16>
// CHECK-SAME: f11 = #humming.format<float32>
// CHECK-SAME: f12 = #humming.format<float8e4m3>
// CHECK-SAME: f13 = #humming.format<float8e4m3>
func.func @format_aliases() attributes {
  f00 = #humming.format<f16>,
  f01 = #humming.format<bf16>,
  f02 = #humming.format<f32>,
  f03 = #humming.format<e4m3>,
  f04 = #humming.format<e5m2>,
  f05 = #humming.format<ue8m0>,
  f06 = #humming.format<e8m0>,
  f07 = #humming.format<e2m1>,
  f08 = #humming.format<fp4>,
  f09 = #humming.format<half>,
  f10 = #humming.format<fp16>,
  f11 = #humming.format<fp32>,
  f12 = #humming.format<e4m3fn>,
  f13 = #humming.format<float8e4m3fn>
} {
  return
}

// CHECK-LABEL: func.func @format_canonical()
// CHECK-SAME: f00 = #humming.format<uint1>
// CHECK-SAME: f01 = #humming.format<uint4>
// CHECK-SAME: f02 = #humming.format<uint8>
// CHECK-SAME: f03 = #humming.format<int2>
// CHECK-SAME: f04 = #humming.format<int8>
// CHECK-SAME: f05 = #humming.format<float16>
// CHECK-SAME: f06 = #humming.format<bfloat16>
// CHECK-SAME: f07 = #humming.format<float32>
// CHECK-SAME: f08 = #humming.format<float8e4m3>
// CHECK-SAME: f09 = #humming.format<float8e5m2>
// CHECK-SAME: f10 = #humming.format<float8e8m0>
// CHECK-SAME: f11 = #humming.format<float4e2m1>
// CHECK-SAME: f12 = #humming.format<float4e0m3>
// CHECK-SAME: f13 = #humming.format<float3e2m1>
// CHECK-SAME: f14 = #humming.format<float6e3m2>
// CHECK-SAME: f15 = #humming.format<float1e1m0>
// CHECK-SAME: f16 = #humming.format<float16>
// CHECK-SAME: f17 = #humming.format<bfloat16>
// CHECK-SAME: f18 = #humming.format<float32>
// CHECK-SAME: f19 = #humming.format<uint3>
func.func @format_canonical() attributes {
  f00 = #humming.format<uint1>,
  f01 = #humming.format<uint4>,
  f02 = #humming.format<uint8>,
  f03 = #humming.format<int2>,
  f04 = #humming.format<int8>,
  f05 = #humming.format<float16>,
  f06 = #humming.format<bfloat16>,
  f07 = #humming.format<float32>,
  f08 = #humming.format<float8e4m3>,
  f09 = #humming.format<float8e5m2>,
  f10 = #humming.format<float8e8m0>,
  f11 = #humming.format<float4e2m1>,
  f12 = #humming.format<float4e0m3>,
  f13 = #humming.format<float3e2m1>,
  f14 = #humming.format<float6e3m2>,
  f15 = #humming.format<float1e1m0>,
  f16 = #humming.format<float16e5m10>,
  f17 = #humming.format<float16e8m7>,
  f18 = #humming.format<float32e8m23>,
  f19 = #humming.format<"uint3">
} {
  return
}

// -----

// #humming.weight: defaults elided, every parameter, every enum value.
// CHECK-LABEL: func.func @weight_schemes()
// CHECK-SAME: w0 = #humming.weight<format = uint4>
// CHECK-SAME: w1 = #humming.weight<format = uint4, scale = group, group_size = 64, scale_type = bfloat16, zero_point = float, implicit_zero = false, secondary = channel, secondary_type = float16>
// CHECK-SAME: w2 = #humming.weight<format = float8e4m3, scale = block, block = [128, 128], scale_type = float32, secondary = tensor, secondary_type = bfloat16>
// CHECK-SAME: w3 = #humming.weight<format = int8, scale = tensor, scale_type = float32>
// CHECK-SAME: w4 = #humming.weight<format = float4e2m1, scale = none>
// CHECK-SAME: w5 = #humming.weight<format = uint8, zero_point = integer>
// CHECK-SAME: w6 = #humming.weight<format = float4e2m1, scale = group, group_size = 32, scale_type = float8e8m0>
// CHECK-SAME: w7 = #humming.weight<format = float4e2m1, scale = group, group_size = 16, scale_type = float8e4m3, secondary = tensor>
// CHECK-SAME: w8 = #humming.weight<format = uint4, scale = group, group_size = 1024, scale_type = float8e5m2>
// CHECK-SAME: w9 = #humming.weight<format = uint2>
func.func @weight_schemes() attributes {
  w0 = #humming.weight<format = uint4>,
  w1 = #humming.weight<format = uint4, scale = group, group_size = 64,
                       block = [], scale_type = bf16, zero_point = float,
                       implicit_zero = false, secondary = channel,
                       secondary_type = f16>,
  w2 = #humming.weight<format = e4m3, scale = block, block = [128, 128],
                       scale_type = f32, zero_point = none,
                       implicit_zero = true, secondary = tensor,
                       secondary_type = bf16>,
  w3 = #humming.weight<format = int8, scale = tensor, group_size = 0,
                       scale_type = float32>,
  w4 = #humming.weight<format = e2m1, scale = none>,
  w5 = #humming.weight<format = uint8, scale = channel, scale_type = float16,
                       zero_point = integer, secondary = none,
                       secondary_type = float32>,
  w6 = #humming.weight<format = fp4, scale = group, group_size = 32,
                       scale_type = ue8m0>,
  w7 = #humming.weight<format = float4e2m1, scale = group, group_size = 16,
                       scale_type = float8e4m3, secondary = tensor>,
  w8 = #humming.weight<format = uint4, scale = group, group_size = 1024,
                       scale_type = e5m2>,
  w9 = #humming.weight<format = uint2, secondary = none>
} {
  return
}

// -----

// #humming.activation: every format and input-scale granularity.
// CHECK-LABEL: func.func @activation_schemes()
// CHECK-SAME: a0 = #humming.activation<format = float16>
// CHECK-SAME: a1 = #humming.activation<format = bfloat16>
// CHECK-SAME: a2 = #humming.activation<format = float8e4m3, scale = token>
// CHECK-SAME: a3 = #humming.activation<format = float8e5m2, scale = tensor, scale_type = float16>
// CHECK-SAME: a4 = #humming.activation<format = int8, scale = group, group_size = 128>
// CHECK-SAME: a5 = #humming.activation<format = int4, scale = token, scale_type = bfloat16>
// CHECK-SAME: a6 = #humming.activation<format = float4e2m1, scale = group, group_size = 16, scale_type = float8e4m3>
// CHECK-SAME: a7 = #humming.activation<format = float4e2m1, scale = group, group_size = 32, scale_type = float8e8m0>
func.func @activation_schemes() attributes {
  a0 = #humming.activation<format = f16>,
  a1 = #humming.activation<format = bf16, scale = none, group_size = 0,
                           scale_type = f32>,
  a2 = #humming.activation<format = e4m3, scale = token>,
  a3 = #humming.activation<format = e5m2, scale = tensor, scale_type = half>,
  a4 = #humming.activation<format = int8, scale = group, group_size = 128,
                           scale_type = float32>,
  a5 = #humming.activation<format = int4, scale = token, scale_type = bf16>,
  a6 = #humming.activation<format = e2m1, scale = group, group_size = 16,
                           scale_type = e4m3>,
  a7 = #humming.activation<format = fp4, scale = group, group_size = 32,
                           scale_type = e8m0>
} {
  return
}

// -----

// #humming.layer
// CHECK-LABEL: func.func @layers()
// CHECK-SAME: l0 = #humming.layer<n = 4096, k = 4096>
// CHECK-SAME: l1 = #humming.layer<n = 4000, k = 1000, experts = 64, pad_n = 96, pad_k = 24, bias = true>
// CHECK-SAME: l2 = #humming.layer<n = 1, k = 1>
func.func @layers() attributes {
  l0 = #humming.layer<n = 4096, k = 4096>,
  l1 = #humming.layer<n = 4000, k = 1000, experts = 64, pad_n = 96,
                      pad_k = 24, bias = true>,
  l2 = #humming.layer<n = 1, k = 1, experts = 0, pad_n = 0, pad_k = 0,
                      bias = false>
} {
  return
}

// -----

// #humming.compute: every kind and flag.
// CHECK-LABEL: func.func @computes()
// CHECK-SAME: c0 = #humming.compute<>
// CHECK-SAME: c1 = #humming.compute<kind = indexed, f16_accumulation = true, batch_invariant = true>
// CHECK-SAME: c2 = #humming.compute<kind = grouped_contiguous>
// CHECK-SAME: c3 = #humming.compute<kind = grouped_masked, batch_invariant = true>
// CHECK-SAME: c4 = #humming.compute<f16_accumulation = true>
func.func @computes() attributes {
  c0 = #humming.compute<kind = dense>,
  c1 = #humming.compute<kind = indexed, f16_accumulation = true,
                        batch_invariant = true>,
  c2 = #humming.compute<kind = grouped_contiguous, f16_accumulation = false>,
  c3 = #humming.compute<kind = grouped_masked, batch_invariant = true>,
  c4 = #humming.compute<f16_accumulation = true>
} {
  return
}

// -----

// #humming.tuning: every pipeline and partition, every parameter.
// CHECK-LABEL: func.func @tunings()
// CHECK-SAME: t0 = #humming.tuning<block = [128, 128, 64], warp = [64, 64, 64]>
// CHECK-SAME: t1 = #humming.tuning<block = [64, 256, 32], warp = [32, 64, 32], stages = 5, partition = striped, ctas_per_sm = 2>
// (The attributes print sorted: t10 after t1.) 16 rows through lane queues with the activation copies cached in
// L1 as well.
// CHECK-SAME: t10 = #humming.tuning<block = [16, 32, 64], warp = [16, 32, 8], stages = 3, ctas_per_sm = 2, swap_ab = true, register_stream = true, lane_queue = true, activations_l1 = true>
// 12 stages computing 4 k-blocks an iteration.
// CHECK-SAME: t11 = #humming.tuning<block = [64, 128, 64], warp = [64, 64, 64], stages = 12, pipeline = wgmma, partition = cluster, k_blocks_per_iteration = 4>
// CHECK-SAME: t2 = #humming.tuning<block = [128, 256, 64], warp = [64, 256, 64], stages = 4, pipeline = wgmma, tma = true, cp_async = false, warp_specialized = true, partition = stream_k, multicast = 2>
// CHECK-SAME: t3 = #humming.tuning<block = [256, 128, 128], warp = [128, 128, 128], stages = 3, pipeline = tcgen05, tma = true, warp_specialized = true, multicast = 4>
// CHECK-SAME: t4 = #humming.tuning<block = [16, 64, 16], warp = [16, 16, 16], stages = 1, cp_async = false>
// CHECK-SAME: t5 = #humming.tuning<block = [128, 128, 32], warp = [64, 64, 32], tma = true, warp_specialized = true>
// mma.sync warps may split the stage's K too (here 4 ways: 16 warps).
// CHECK-SAME: t6 = #humming.tuning<block = [16, 256, 64], warp = [16, 64, 16], stages = 6>
// The register-stream loop: 16 warps along K taking whole k-blocks (the warp
// K extent only counts them), no copy engine.
// CHECK-SAME: t7 = #humming.tuning<block = [8, 32, 64], warp = [8, 32, 4], cp_async = false, swap_ab = true, register_stream = true>
// The same with 16 rows (two n8 B operands) and an L2 prefetch 2 rounds on.
// CHECK-SAME: t8 = #humming.tuning<block = [16, 32, 64], warp = [16, 32, 4], stages = 1, cp_async = false, swap_ab = true, register_stream = true, l2_prefetch = 2>
// The lane-queue form: its operands copied 3 rounds ahead into each lane's
// slots of shared memory.
// CHECK-SAME: t9 = #humming.tuning<block = [8, 32, 64], warp = [8, 32, 4], stages = 3, swap_ab = true, register_stream = true, lane_queue = true>
func.func @tunings() attributes {
  t0 = #humming.tuning<block = [128, 128, 64], warp = [64, 64, 64]>,
  t1 = #humming.tuning<block = [64, 256, 32], warp = [32, 64, 32], stages = 5,
                       pipeline = mma_sync, partition = striped,
                       ctas_per_sm = 2>,
  t2 = #humming.tuning<block = [128, 256, 64], warp = [64, 256, 64],
                       stages = 4, pipeline = wgmma, tma = true,
                       cp_async = false, warp_specialized = true,
                       partition = stream_k, ctas_per_sm = 1, multicast = 2>,
  t3 = #humming.tuning<block = [256, 128, 128], warp = [128, 128, 128],
                       stages = 3, pipeline = tcgen05, tma = true,
                       warp_specialized = true, partition = data_parallel,
                       multicast = 4>,
  t4 = #humming.tuning<block = [16, 64, 16], warp = [16, 16, 16], stages = 1,
                       cp_async = false>,
  t5 = #humming.tuning<block = [128, 128, 32], warp = [64, 64, 32],
                       stages = 2, tma = true, cp_async = true,
                       warp_specialized = true>,
  t6 = #humming.tuning<block = [16, 256, 64], warp = [16, 64, 16], stages = 6>,
  t7 = #humming.tuning<block = [8, 32, 64], warp = [8, 32, 4], stages = 2,
                       cp_async = false, swap_ab = true, register_stream = true>,
  t8 = #humming.tuning<block = [16, 32, 64], warp = [16, 32, 4], stages = 1,
                       cp_async = false, swap_ab = true, register_stream = true,
                       l2_prefetch = 2>,
  t9 = #humming.tuning<block = [8, 32, 64], warp = [8, 32, 4], stages = 3,
                       swap_ab = true, register_stream = true,
                       lane_queue = true>,
  t10 = #humming.tuning<block = [16, 32, 64], warp = [16, 32, 8], stages = 3,
                        ctas_per_sm = 2, swap_ab = true, register_stream = true,
                        lane_queue = true, activations_l1 = true>,
  t11 = #humming.tuning<block = [64, 128, 64], warp = [64, 64, 64], stages = 12,
                        pipeline = wgmma, partition = cluster,
                        k_blocks_per_iteration = 4>
} {
  return
}

// -----

// #humming.target: minimal, full, string arch, custom chip, and as the
// module-level humming.target.
// CHECK-LABEL: module attributes {humming.target = #humming.target<chip = "h100", arch = sm_90a, sms = 132>}
// CHECK-LABEL: func.func @targets()
// CHECK-SAME: g0 = #humming.target<arch = sm_80>
// CHECK-SAME: g1 = #humming.target<chip = "b200", arch = sm_100a, sms = 148, smem_per_block = 232448, l2_bytes = 132120576, bandwidth_gbps = 8000, peak_f16_tflops = 2250, peak_fp8_tflops = 4500, peak_int8_tops = 4500, peak_fp4_tflops = 9000>
// CHECK-SAME: g2 = #humming.target<arch = sm_89>
// CHECK-SAME: g3 = #humming.target<chip = "my-gpu", arch = sm_120a, sms = 4>
// CHECK-SAME: g4 = #humming.target<arch = sm_75>
// CHECK-SAME: g5 = #humming.target<arch = sm_103a>
// CHECK-SAME: g6 = #humming.target<arch = sm_121>
module attributes {humming.target = #humming.target<chip = "h100", arch = sm_90a, sms = 132>} {
  func.func @targets() attributes {
    g0 = #humming.target<arch = sm_80>,
    g1 = #humming.target<chip = "b200", arch = sm_100a, sms = 148,
                         smem_per_block = 232448, l2_bytes = 132120576,
                         bandwidth_gbps = 8000, peak_f16_tflops = 2250,
                         peak_fp8_tflops = 4500, peak_int8_tops = 4500,
                         peak_fp4_tflops = 9000>,
    g2 = #humming.target<chip = "custom", arch = "sm_89", sms = 0>,
    g3 = #humming.target<chip = "my-gpu", arch = sm_120a, sms = 4>,
    g4 = #humming.target<arch = sm_75>,
    g5 = #humming.target<arch = sm_103a>,
    g6 = #humming.target<arch = sm_121>
  } {
    return
  }
}

// -----

// #humming.weight_layout: standard (the default) and every kernel layout.
// CHECK-LABEL: func.func @weight_layouts()
// CHECK-SAME: k0 = #humming.weight_layout<>
// CHECK-SAME: k1 = #humming.weight_layout<>
// CHECK-SAME: k2 = #humming.weight_layout<kind = mma_sync, tile = [64, 64]>
// CHECK-SAME: k3 = #humming.weight_layout<kind = wgmma, tile = [8, 16]>
// CHECK-SAME: k4 = #humming.weight_layout<kind = tcgen05, tile = [128, 256]>
func.func @weight_layouts() attributes {
  k0 = #humming.weight_layout<>,
  k1 = #humming.weight_layout<kind = standard, tile = []>,
  k2 = #humming.weight_layout<kind = mma_sync, tile = [64, 64]>,
  k3 = #humming.weight_layout<kind = wgmma, tile = [8, 16]>,
  k4 = #humming.weight_layout<kind = tcgen05, tile = [128, 256]>
} {
  return
}
