//===- Quantize.cpp - Reference quantization ------------------------------===//
//
// Recipes are documented in Quantize.h and docs/formats.md. Does not call the
// functions of Scheme.cpp, so that it can be tested on its own.
//
//===----------------------------------------------------------------------===//

#include "humming/Format/Quantize.h"

#include "humming/Format/ParallelRows.h"

#include <algorithm>
#include <cmath>

using namespace humming::format;

namespace {

template <typename T> std::optional<T> fail(std::string *error, std::string m) {
  if (error)
    *error = std::move(m);
  return std::nullopt;
}

/// A legal group size (Scheme.h's rule) that divides K.
std::optional<std::string> checkGroup(const char *what, int64_t g, int64_t k) {
  if (auto m = checkGroupSize(what, g))
    return m;
  if (k % g != 0)
    return "group size " + std::to_string(g) + " does not divide K = " +
           std::to_string(k);
  return std::nullopt;
}

/// Guarded scale: raw == 0 -> roundScale(1); underflow -> smallest positive.
RoundedScale guardedScale(const NumericFormat &f, double raw) {
  RoundedScale r = roundScale(f, raw > 0 ? raw : 1.0);
  if (!(r.value > 0) || !std::isfinite(r.value)) {
    r.code = f.encode(f.minPositive());
    r.value = f.decode(r.code);
  }
  return r;
}

} // namespace

RoundedScale humming::format::roundScale(const NumericFormat &f, double raw) {
  RoundedScale r;
  if (f.specials() == FloatSpecials::E8M0) {
    if (!(raw > std::ldexp(1.0, -127))) {
      r.code = 0;
    } else if (raw >= std::ldexp(1.0, 127)) {
      r.code = 254;
    } else {
      int e;
      double frac = std::frexp(raw, &e); // raw = frac * 2^e, frac in [.5, 1)
      int p = frac == 0.5 ? e - 1 : e;   // smallest 2^p >= raw
      r.code = uint32_t(p + 127);
    }
  } else {
    r.code = f.encode(raw);
  }
  r.value = f.decode(r.code);
  return r;
}

std::optional<ScaleLayout>
humming::format::weightScaleLayout(const WeightScheme &s, int64_t n, int64_t k,
                                   std::string *error) {
  if (n < 0 || k < 1)
    return fail<ScaleLayout>(error, "weight shape [" + std::to_string(n) +
                                        ", " + std::to_string(k) +
                                        "] is empty or negative");
  if (s.scale == ScaleGranularity::None)
    return fail<ScaleLayout>(error, "the scheme has no scales");
  if (s.scale == ScaleGranularity::Group)
    if (auto m = checkGroup("weight", s.groupSize, k))
      return fail<ScaleLayout>(error, *m);
  if (s.scale == ScaleGranularity::Block && (s.blockN < 1 || s.blockK < 1))
    return fail<ScaleLayout>(error, "block shape [" + std::to_string(s.blockN) +
                                        ", " + std::to_string(s.blockK) +
                                        "] must be positive");
  ScaleLayout l;
  l.shape = *scaleShape(s, n, k);
  switch (s.scale) {
  case ScaleGranularity::Channel:
    l.rows = n, l.cols = 1, l.rowDiv = 1, l.colDiv = k;
    break;
  case ScaleGranularity::Group:
    l.rows = n, l.cols = k / s.groupSize, l.rowDiv = 1, l.colDiv = s.groupSize;
    break;
  case ScaleGranularity::Block:
    l.rows = l.shape[0], l.cols = l.shape[1];
    l.rowDiv = s.blockN, l.colDiv = s.blockK;
    break;
  default: // Tensor
    l.rows = 1, l.cols = 1, l.rowDiv = std::max<int64_t>(n, 1), l.colDiv = k;
    break;
  }
  return l;
}

std::optional<ScaleLayout>
humming::format::activationScaleLayout(const ActivationScheme &s, int64_t m,
                                       int64_t k, std::string *error) {
  if (m < 0 || k < 1)
    return fail<ScaleLayout>(error, "activation shape [" + std::to_string(m) +
                                        ", " + std::to_string(k) +
                                        "] is empty or negative");
  if (s.scale == ActivationScaleGranularity::None)
    return fail<ScaleLayout>(error, "the activation scheme has no scales");
  if (s.scale == ActivationScaleGranularity::Group)
    if (auto msg = checkGroup("activation", s.groupSize, k))
      return fail<ScaleLayout>(error, *msg);
  ScaleLayout l;
  l.shape = *activationScaleShape(s, m, k);
  switch (s.scale) {
  case ActivationScaleGranularity::Token:
    l.rows = m, l.cols = 1, l.colDiv = k;
    break;
  case ActivationScaleGranularity::Group:
    l.rows = m, l.cols = k / s.groupSize, l.colDiv = s.groupSize;
    break;
  default: // Tensor
    l.rows = 1, l.cols = 1, l.rowDiv = std::max<int64_t>(m, 1), l.colDiv = k;
    break;
  }
  return l;
}

std::optional<QuantizedWeights>
humming::format::quantizeWeights(const WeightScheme &s, const float *w,
                                 int64_t n, int64_t k, std::string *error) {
  using R = QuantizedWeights;
  const NumericFormat &q = s.format;
  if (auto m = validate(s))
    return fail<R>(error, *m);

  QuantizedWeights out;
  out.n = n, out.k = k;
  out.codes.resize(size_t(std::max<int64_t>(n, 0) * std::max<int64_t>(k, 0)));

  if (s.scale == ScaleGranularity::None) {
    if (n < 0 || k < 1)
      return fail<R>(error, "weight shape is empty or negative");
    double z = s.implicitZeroValue();
    for (size_t i = 0; i < out.codes.size(); ++i)
      out.codes[i] = q.encode(double(w[i]) + z);
    return out;
  }
  auto layout = weightScaleLayout(s, n, k, error);
  if (!layout)
    return std::nullopt;
  const ScaleLayout &L = *layout;
  out.scaleLayout = L;

  // Per scale group: min, max, amax.
  size_t numGroups = size_t(L.size());
  std::vector<double> lo(numGroups, INFINITY), hi(numGroups, -INFINITY),
      amax(numGroups, 0);
  auto groupStats = [&](int64_t rowBegin, int64_t rowEnd) {
    for (int64_t r = rowBegin; r < rowEnd; ++r)
      for (int64_t c = 0; c < k; ++c) {
        double v = w[r * k + c];
        size_t g = size_t(L.indexOf(r, c));
        lo[g] = std::min(lo[g], v);
        hi[g] = std::max(hi[g], v);
        amax[g] = std::max(amax[g], std::fabs(v));
      }
  };
  // Rows on the host's cores where no group spans two rows (channel and
  // group scales); block and tensor groups do, and stay on one thread.
  if (L.rowDiv == 1)
    parallelRows(n, k, groupStats);
  else
    groupStats(0, n);

  double qmax = 1; // the code range the raw scale maps the group onto
  double implicitZ = s.implicitZeroValue();
  std::vector<double> raw(numGroups);
  for (size_t g = 0; g < numGroups; ++g) {
    double r = 0;
    switch (s.zeroPoint) {
    case ZeroPointKind::None:
      if (q.isSigned()) {
        qmax = q.maxValue();
        r = amax[g] / qmax;
      } else if (implicitZ != 0) {
        qmax = implicitZ - 1;
        r = amax[g] / qmax;
      } else {
        qmax = q.maxValue();
        r = std::max(0.0, hi[g]) / qmax;
      }
      break;
    case ZeroPointKind::Integer:
      qmax = q.maxValue();
      lo[g] = std::min(lo[g], 0.0);
      hi[g] = std::max(hi[g], 0.0);
      r = (hi[g] - lo[g]) / qmax;
      break;
    case ZeroPointKind::Float:
      qmax = q.maxValue();
      if (!(hi[g] > lo[g])) {
        lo[g] = std::min(lo[g], 0.0);
        hi[g] = std::max(hi[g], 0.0);
      }
      r = (hi[g] - lo[g]) / qmax;
      break;
    }
    raw[g] = r;
  }

  // Secondary scales.
  auto secondaryOfRow = [&](int64_t row) -> double {
    if (s.secondary == SecondaryScale::None)
      return 1.0;
    return out.secondaryScales[s.secondary == SecondaryScale::Tensor ? 0
                                                                     : row];
  };
  if (s.secondary != SecondaryScale::None) {
    size_t count = s.secondary == SecondaryScale::Tensor ? 1 : size_t(n);
    std::vector<double> maxRaw(count, 0);
    for (int64_t r = 0; r < L.rows; ++r)
      for (int64_t c = 0; c < L.cols; ++c) {
        size_t i = s.secondary == SecondaryScale::Tensor ? 0 : size_t(r);
        maxRaw[i] = std::max(maxRaw[i], raw[size_t(r * L.cols + c)]);
      }
    double scaleMax = s.scaleFormat.maxValue();
    for (size_t i = 0; i < count; ++i) {
      RoundedScale r2 = guardedScale(s.secondaryFormat, maxRaw[i] / scaleMax);
      out.secondaryScales.push_back(r2.value);
      out.secondaryScaleCodes.push_back(r2.code);
    }
  }

  // Primary scales and zero points. With a channel secondary the primary
  // layout has one row per channel (channel / group), so row r is channel r.
  out.scales.resize(numGroups);
  out.scaleCodes.resize(numGroups);
  if (s.zeroPoint != ZeroPointKind::None) {
    out.zeroPoints.resize(numGroups);
    out.zeroPointCodes.resize(numGroups);
  }
  for (int64_t r = 0; r < L.rows; ++r)
    for (int64_t c = 0; c < L.cols; ++c) {
      size_t g = size_t(r * L.cols + c);
      double s2 = secondaryOfRow(r);
      RoundedScale sc = guardedScale(s.scaleFormat, raw[g] / s2);
      out.scales[g] = sc.value;
      out.scaleCodes[g] = sc.code;
      double eff = sc.value * s2;
      if (s.zeroPoint == ZeroPointKind::Integer) {
        uint32_t zc = q.encode(-lo[g] / eff); // RNE, clamped to the codes
        out.zeroPoints[g] = q.decode(zc);
        out.zeroPointCodes[g] = zc;
      } else if (s.zeroPoint == ZeroPointKind::Float) {
        uint32_t zc = s.scaleFormat.encode(-lo[g] / eff);
        out.zeroPoints[g] = s.scaleFormat.decode(zc);
        out.zeroPointCodes[g] = zc;
      }
    }

  // Codes, each row on its own (the host's cores).
  parallelRows(n, k, [&](int64_t rowBegin, int64_t rowEnd) {
    for (int64_t r = rowBegin; r < rowEnd; ++r)
      for (int64_t c = 0; c < k; ++c) {
        size_t g = size_t(L.indexOf(r, c));
        double eff = out.scales[g] * secondaryOfRow(r);
        double z =
            s.zeroPoint == ZeroPointKind::None ? implicitZ : out.zeroPoints[g];
        out.codes[size_t(r * k + c)] = q.encode(double(w[r * k + c]) / eff + z);
      }
  });
  return out;
}

std::optional<QuantizedActivations>
humming::format::quantizeActivations(const ActivationScheme &s, const float *a,
                                     int64_t m, int64_t k,
                                     std::string *error) {
  using R = QuantizedActivations;
  const NumericFormat &f = s.format;
  if (auto msg = validate(s))
    return fail<R>(error, *msg);
  if (m < 0 || k < 1)
    return fail<R>(error, "activation shape [" + std::to_string(m) + ", " +
                              std::to_string(k) + "] is empty or negative");
  QuantizedActivations out;
  out.m = m, out.k = k;
  out.codes.resize(size_t(m * k));
  if (s.scale == ActivationScaleGranularity::None) {
    for (size_t i = 0; i < out.codes.size(); ++i)
      out.codes[i] = f.encode(double(a[i]));
    return out;
  }
  auto layout = activationScaleLayout(s, m, k, error);
  if (!layout)
    return std::nullopt;
  const ScaleLayout &L = *layout;
  out.scaleLayout = L;
  std::vector<double> amax(size_t(L.size()), 0);
  for (int64_t r = 0; r < m; ++r)
    for (int64_t c = 0; c < k; ++c) {
      size_t g = size_t(L.indexOf(r, c));
      amax[g] = std::max(amax[g], std::fabs(double(a[r * k + c])));
    }
  out.scales.resize(amax.size());
  out.scaleCodes.resize(amax.size());
  for (size_t g = 0; g < amax.size(); ++g) {
    RoundedScale sc = guardedScale(s.scaleFormat, amax[g] / f.maxValue());
    out.scales[g] = sc.value;
    out.scaleCodes[g] = sc.code;
  }
  for (int64_t r = 0; r < m; ++r)
    for (int64_t c = 0; c < k; ++c)
      out.codes[size_t(r * k + c)] =
          f.encode(double(a[r * k + c]) / out.scales[size_t(L.indexOf(r, c))]);
  return out;
}
