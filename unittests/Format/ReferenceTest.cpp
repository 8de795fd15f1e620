//===- ReferenceTest.cpp - Reference dequantization and GEMM --------------===//

#include "humming/Format/Pack.h"
#include "humming/Format/Quantize.h"
#include "humming/Format/Reference.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <random>

using namespace humming::format;

TEST(Reference, DequantizeChannelHandComputed) {
  // uint4 symmetric (implicit zero 8), channel scales [0.5, 2], K = 8.
  WeightScheme s;
  s.format = NumericFormat::uintN(4);
  s.scale = ScaleGranularity::Channel;
  std::vector<uint32_t> codes = {0, 1, 2, 3, 4, 5, 6, 7,
                                 8, 9, 10, 11, 12, 13, 14, 15};
  std::vector<double> scales = {0.5, 2};
  std::vector<double> expected = {-4, -3.5, -3, -2.5, -2, -1.5, -1, -0.5,
                                  0,  2,    4,  6,    8,  10,   12, 14};
  WeightOperands ops;
  ops.codes = codes;
  ops.scales = scales;
  auto w = dequantizeWeights(s, 2, 8, ops);
  ASSERT_TRUE(w);
  EXPECT_EQ(*w, expected);
  // The same from packed words and from f16 scale codes.
  std::vector<int32_t> packed = {int32_t(0x76543210u), int32_t(0xFEDCBA98u)};
  std::vector<uint32_t> scaleCodes = {0x3800, 0x4000}; // f16 0.5, 2.0
  WeightOperands ops2;
  ops2.packed = packed;
  ops2.scaleCodes = scaleCodes;
  auto w2 = dequantizeWeights(s, 2, 8, ops2);
  ASSERT_TRUE(w2);
  EXPECT_EQ(*w2, expected);
  auto wf = dequantizeWeightsF32(s, 2, 8, ops2);
  ASSERT_TRUE(wf);
  EXPECT_EQ((*wf)[15], 14.f);
}

TEST(Reference, DequantizeBlockGroupZeroSecondary) {
  // Block 2x4 scales on a [3, 8] int8 weight, all codes 1 (and -1 in row 2).
  WeightScheme b;
  b.format = NumericFormat::intN(8);
  b.scale = ScaleGranularity::Block;
  b.blockN = 2, b.blockK = 4;
  std::vector<uint32_t> codes(24, 1);
  for (int c = 0; c < 8; ++c)
    codes[16 + c] = 0xFF; // -1
  std::vector<double> scales = {1, 2, 3, 4}; // [ceil(3/2), 8/4] = [2, 2]
  WeightOperands ops;
  ops.codes = codes;
  ops.scales = scales;
  auto w = dequantizeWeights(b, 3, 8, ops);
  ASSERT_TRUE(w);
  std::vector<double> expected = {1,  1,  1,  1,  2,  2,  2,  2,  //
                                  1,  1,  1,  1,  2,  2,  2,  2,  //
                                  -3, -3, -3, -3, -4, -4, -4, -4};
  EXPECT_EQ(*w, expected);

  // uint4 group 16 with integer zero points: (5 - 3) * 1, (5 - 10) * 0.5.
  WeightScheme g;
  g.format = NumericFormat::uintN(4);
  g.scale = ScaleGranularity::Group;
  g.groupSize = 16;
  g.zeroPoint = ZeroPointKind::Integer;
  std::vector<uint32_t> c5(32, 5), zc = {3, 10};
  std::vector<double> gs = {1, 0.5};
  WeightOperands og;
  og.codes = c5;
  og.scales = gs;
  og.zeroPointCodes = zc;
  auto wg = dequantizeWeights(g, 1, 32, og);
  ASSERT_TRUE(wg);
  for (int i = 0; i < 32; ++i)
    EXPECT_EQ((*wg)[size_t(i)], i < 16 ? 2.0 : -2.5) << i;
  // Float zero point 2.25: (5 - 2.25) * 1.
  g.zeroPoint = ZeroPointKind::Float;
  std::vector<double> zf = {2.25, 2.25};
  og.zeroPointCodes = {};
  og.zeroPoints = zf;
  wg = dequantizeWeights(g, 1, 32, og);
  ASSERT_TRUE(wg);
  EXPECT_EQ((*wg)[0], 2.75);
  EXPECT_EQ((*wg)[31], 1.375);

  // e2m1 code 2 (= 1.0), channel scales [2, 4], tensor secondary 0.25, then
  // channel secondary [1, 3].
  WeightScheme e;
  e.format = NumericFormat::e2m1();
  e.scale = ScaleGranularity::Channel;
  e.secondary = SecondaryScale::Tensor;
  std::vector<uint32_t> ec(16, 2);
  std::vector<double> es = {2, 4}, s2t = {0.25}, s2c = {1, 3};
  WeightOperands oe;
  oe.codes = ec;
  oe.scales = es;
  oe.secondaryScales = s2t;
  auto we = dequantizeWeights(e, 2, 8, oe);
  ASSERT_TRUE(we);
  EXPECT_EQ((*we)[0], 0.5);
  EXPECT_EQ((*we)[8], 1.0);
  e.secondary = SecondaryScale::Channel;
  oe.secondaryScales = s2c;
  we = dequantizeWeights(e, 2, 8, oe);
  ASSERT_TRUE(we);
  EXPECT_EQ((*we)[0], 2.0);
  EXPECT_EQ((*we)[8], 12.0);
  // Tensor scale, no secondary: uint8 plain.
  WeightScheme t;
  t.format = NumericFormat::uintN(8);
  t.implicitZero = false;
  t.scale = ScaleGranularity::Tensor;
  std::vector<uint32_t> tc = {0, 1, 255, 128};
  std::vector<double> ts = {0.5};
  WeightOperands ot;
  ot.codes = tc;
  ot.scales = ts;
  auto wt = dequantizeWeights(t, 1, 4, ot);
  ASSERT_TRUE(wt);
  EXPECT_EQ(*wt, (std::vector<double>{0, 0.5, 127.5, 64}));
}

TEST(Reference, DequantizeErrors) {
  WeightScheme s;
  s.format = NumericFormat::intN(4);
  s.scale = ScaleGranularity::Group;
  s.groupSize = 16;
  std::vector<uint32_t> codes(64, 0);
  std::vector<double> scales(3, 1.0);
  WeightOperands ops;
  ops.codes = codes;
  ops.scales = scales;
  std::string err;
  EXPECT_FALSE(dequantizeWeights(s, 2, 32, ops, &err));
  EXPECT_NE(err.find("scales: 3 elements given, expected 4"),
            std::string::npos)
      << err;
  EXPECT_FALSE(dequantizeWeights(s, 3, 32, ops, &err));
  EXPECT_NE(err.find("codes: 64 given, expected 96"), std::string::npos)
      << err;
  WeightOperands none;
  EXPECT_FALSE(dequantizeWeights(s, 2, 32, none, &err));
}

TEST(Reference, GemmHandComputed) {
  // A [2, 2], W [3, 2], bias [3].
  std::vector<double> a = {1, 2, 3, 4}, w = {1, 0, 1, 1, 0, -1},
                      bias = {0.5, 0, 1};
  std::vector<double> expected = {1.5, 3, -1, 3.5, 7, -3};
  for (Accumulate acc : {Accumulate::F32, Accumulate::F64}) {
    GemmOptions o;
    o.accumulate = acc;
    auto c = referenceGemm(2, 3, 2, a, w, bias, o);
    ASSERT_TRUE(c);
    EXPECT_EQ(*c, expected);
  }
  auto noBias = referenceGemm(2, 3, 2, a, w, {}, GemmOptions());
  ASSERT_TRUE(noBias);
  EXPECT_EQ(*noBias, (std::vector<double>{1, 3, -2, 3, 7, -4}));
}

TEST(Reference, GemmAccumulationAndOutputRounding) {
  // fp32 accumulation loses the 1 in 1e8 + 1; fp64 keeps it.
  std::vector<double> a = {1e8, 1, -1e8}, w = {1, 1, 1};
  GemmOptions o32, o64;
  o64.accumulate = Accumulate::F64;
  EXPECT_EQ((*referenceGemm(1, 1, 3, a, w, {}, o32))[0], 0.0);
  EXPECT_EQ((*referenceGemm(1, 1, 3, a, w, {}, o64))[0], 1.0);
  // Output rounding: 1 + 3*2^-12 -> f16 1 + 2^-10, bf16 1, f32 exact.
  std::vector<double> one = {1}, x = {1 + 3 * 0x1p-12};
  GemmOptions o;
  o.outputFormat = NumericFormat::f16();
  EXPECT_EQ((*referenceGemm(1, 1, 1, one, x, {}, o))[0], 1 + 0x1p-10);
  o.outputFormat = NumericFormat::bf16();
  EXPECT_EQ((*referenceGemm(1, 1, 1, one, x, {}, o))[0], 1.0);
  o.outputFormat = NumericFormat::f32();
  EXPECT_EQ((*referenceGemm(1, 1, 1, one, x, {}, o))[0], 1 + 3 * 0x1p-12);
  // Saturation of the output format.
  std::vector<double> big = {1e6};
  o.outputFormat = NumericFormat::f16();
  EXPECT_EQ((*referenceGemm(1, 1, 1, one, big, {}, o))[0], 65504.0);
  std::string err;
  o.outputFormat = NumericFormat::intN(8);
  EXPECT_FALSE(referenceGemm(1, 1, 1, one, x, {}, o, &err));
  EXPECT_NE(err.find("not float16, bfloat16 or float32"), std::string::npos);
  EXPECT_FALSE(referenceGemm(2, 1, 1, one, x, {}, GemmOptions(), &err));
  EXPECT_NE(err.find("A has 1 elements, expected M*K = 2"), std::string::npos)
      << err;
}

TEST(Reference, GemmRandomAgainstNaiveLoop) {
  const int64_t M = 5, N = 7, K = 64;
  std::mt19937 rng(42);
  std::uniform_real_distribution<double> u(-2, 2);
  std::vector<double> a(M * K), w(N * K), bias(N);
  for (double &v : a)
    v = u(rng);
  for (double &v : w)
    v = u(rng);
  for (double &v : bias)
    v = u(rng);
  GemmOptions o64, o32;
  o64.accumulate = Accumulate::F64;
  auto c64 = referenceGemm(M, N, K, a, w, bias, o64);
  auto c32 = referenceGemm(M, N, K, a, w, bias, o32);
  ASSERT_TRUE(c64 && c32);
  for (int64_t i = 0; i < M; ++i)
    for (int64_t j = 0; j < N; ++j) {
      long double exact = bias[j], absSum = std::fabs(bias[j]);
      for (int64_t l = 0; l < K; ++l) {
        exact += (long double)a[i * K + l] * w[j * K + l];
        absSum += std::fabs(a[i * K + l] * w[j * K + l]);
      }
      double got64 = (*c64)[i * N + j], got32 = (*c32)[i * N + j];
      EXPECT_NEAR(got64, double(exact), double(absSum) * 1e-14);
      // fp32: inputs, products and K+1 additions each within 2^-24.
      EXPECT_NEAR(got32, double(exact), double(absSum) * (K + 4) * 0x1p-24);
      EXPECT_EQ(got32, double(float(got32)));
    }
}

TEST(Reference, QuantizedGemmMatchesManualDequantization) {
  const int64_t M = 3, N = 6, K = 64;
  std::mt19937 rng(9);
  std::normal_distribution<float> nd;
  std::vector<float> a(M * K), w(N * K);
  for (float &v : a)
    v = nd(rng);
  for (float &v : w)
    v = nd(rng);
  ActivationScheme as;
  as.format = NumericFormat::intN(8);
  as.scale = ActivationScaleGranularity::Token;
  WeightScheme ws;
  ws.format = NumericFormat::intN(4);
  ws.scale = ScaleGranularity::Group;
  ws.groupSize = 32;
  auto qa = quantizeActivations(as, a.data(), M, K);
  auto qw = quantizeWeights(ws, w.data(), N, K);
  ASSERT_TRUE(qa && qw);
  std::vector<double> bias = {1, 2, 3, 4, 5, 6};
  GemmOptions o;
  o.accumulate = Accumulate::F64;
  std::string err;
  auto c = referenceQuantizedGemm(M, N, K, as, qa->codes, qa->scales, ws,
                                  WeightOperands(*qw), bias, o, &err);
  ASSERT_TRUE(c) << err;
  NumericFormat i8 = NumericFormat::intN(8), i4 = NumericFormat::intN(4);
  for (int64_t i = 0; i < M; ++i)
    for (int64_t j = 0; j < N; ++j) {
      double acc = 0;
      for (int64_t l = 0; l < K; ++l) {
        double av = i8.decode(qa->codes[i * K + l]) * qa->scales[i];
        double wv = i4.decode(qw->codes[j * K + l]) * qw->scales[j * 2 + l / 32];
        acc += av * wv;
      }
      EXPECT_DOUBLE_EQ((*c)[i * N + j], acc + bias[j]);
      // And close to the unquantized product.
      double exact = bias[j];
      for (int64_t l = 0; l < K; ++l)
        exact += double(a[i * K + l]) * w[j * K + l];
      EXPECT_NEAR((*c)[i * N + j], exact, 2.5);
    }
}

// Rows one at a time (WeightRowDequantizer, packed codes read in place) equal
// the whole dequantization, and the whole dequantization does not depend on
// how many host threads share its rows (ParallelRows.h).
TEST(Reference, RowDequantizerAndThreadsMatchTheWholeTensor) {
  WeightScheme s;
  s.format = NumericFormat::uintN(3);
  s.scale = ScaleGranularity::Group;
  s.groupSize = 32;
  s.zeroPoint = ZeroPointKind::Integer;
  const int64_t n = 3100, k = 1024; // 3 threads of at least 2^20 values
  std::mt19937 rng(7);
  std::vector<uint32_t> codes(size_t(n * k)), zeros(size_t(n * k / 32));
  std::vector<double> scales(size_t(n * k / 32));
  for (auto &c : codes)
    c = rng() % 8;
  for (auto &z : zeros)
    z = rng() % 8;
  for (auto &x : scales)
    x = 0.01 * (1 + rng() % 100);
  auto packed = packCodes(codes.data(), 1, n, k, 3);
  ASSERT_TRUE(packed);
  WeightOperands fromCodes, fromPacked;
  fromCodes.codes = codes;
  fromPacked.packed = *packed;
  for (WeightOperands *o : {&fromCodes, &fromPacked}) {
    o->scales = scales;
    o->zeroPointCodes = zeros;
  }
  setenv("HUMMING_HOST_THREADS", "1", 1);
  auto one = dequantizeWeights(s, n, k, fromCodes);
  setenv("HUMMING_HOST_THREADS", "3", 1);
  auto three = dequantizeWeights(s, n, k, fromPacked);
  unsetenv("HUMMING_HOST_THREADS");
  ASSERT_TRUE(one && three);
  EXPECT_EQ(*one, *three);
  auto rows = WeightRowDequantizer::make(s, n, k, fromPacked);
  ASSERT_TRUE(rows);
  std::vector<double> row(static_cast<size_t>(k));
  for (int64_t r : {int64_t(0), int64_t(777), n - 1}) {
    rows->row(r, row.data());
    EXPECT_TRUE(std::equal(row.begin(), row.end(), one->begin() + r * k)) << r;
    // A hand-computed element: (code - zero) * scale.
    size_t g = size_t(r * (k / 32) + 5);
    EXPECT_EQ(row[5 * 32 + 1],
              (double(codes[size_t(r * k + 5 * 32 + 1)]) - double(zeros[g])) *
                  scales[g]);
  }
  // Operand sizes are checked by make, as by dequantizeWeights.
  WeightOperands shortCodes = fromCodes;
  shortCodes.codes = ArrayView<uint32_t>(codes.data(), codes.size() - 1);
  std::string err;
  EXPECT_FALSE(WeightRowDequantizer::make(s, n, k, shortCodes, &err));
  EXPECT_NE(err.find("codes"), std::string::npos) << err;
}
