// Shrinking a failing case (tools.md §5.5): greedy passes over extents, alignment and values toward zero, each
// trial kept only when it still fails (a timeout does not count), never more than `probes` trials.
#include "validate/shrink.h"

#include <algorithm>
#include <cmath>

#include "core/float_bits.h"
#include "validate/cases.h"

namespace cairn::validate {
namespace {

using Wide = __int128;
using check::Scalar;

Wide magnitude(Wide v) { return v < 0 ? -v : v; }

// Candidates toward zero for an integer (bool: 0..1), nearest zero first, only smaller magnitudes, inside bounds.
std::vector<uint64_t> int_candidates(Scalar s, uint64_t bits, const ValueBounds& b) {
  Wide v = check::scalar_is_signed(s) ? Wide{static_cast<int64_t>(bits)} : Wide{bits};
  std::vector<Wide> all;
  if (v > 0) all = {0, 1, v / 2, v - 1};
  if (v < 0) all = {0, -1, -(magnitude(v) / 2), v + 1};
  std::stable_sort(all.begin(), all.end(), [](Wide a, Wide c) { return magnitude(a) < magnitude(c); });
  std::vector<uint64_t> out;
  for (Wide c : all) {
    uint64_t e = static_cast<uint64_t>(c);
    if (magnitude(c) < magnitude(v) && c >= b.lo && c <= b.hi && std::find(out.begin(), out.end(), e) == out.end())
      out.push_back(e);
  }
  return out;
}

// Floats: 0.0, 1.0, trunc(v), only smaller magnitudes (a decision: a NaN counts as larger than any value, so
// 0.0 and 1.0 are tried for it), inside bounds, at the element's width.
std::vector<uint64_t> float_candidates(Scalar s, uint64_t bits, const ValueBounds& b) {
  double v = s == Scalar::F32 ? static_cast<double>(sem::f32_of(bits)) : sem::f64_of(bits);
  double mag = std::isnan(v) ? INFINITY : std::fabs(v);
  std::vector<double> all = {0.0, 1.0, std::trunc(v)};
  std::stable_sort(all.begin(), all.end(), [](double a, double c) { return std::fabs(a) < std::fabs(c); });
  std::vector<uint64_t> out;
  for (double c : all) {
    uint64_t e = s == Scalar::F32 ? sem::bits_of(static_cast<float>(c)) : sem::bits_of(c);
    bool smaller = (std::fabs(c) < mag) || (std::isinf(v) && std::isfinite(c));
    if (smaller && c >= b.flo && c <= b.fhi && std::find(out.begin(), out.end(), e) == out.end()) out.push_back(e);
  }
  return out;
}

std::vector<uint64_t> toward_zero(Scalar s, uint64_t bits, const ValueBounds& b) {
  return b.is_float ? float_candidates(s, bits, b) : int_candidates(s, bits, b);
}

class Shrinker {
 public:
  Shrinker(const check::FnInfo& fn, const Case& failing, const Policy& policy, unsigned probes,
           const std::function<Trial(const Case&)>& still_fails)
      : fn_(fn), policy_(policy), probes_(probes), still_fails_(still_fails), shapes_(param_shapes(fn)) {
    out_.c = failing;
  }

  // A case that does not fit the parameters is returned as it is, without a trial. Should `still_fails` throw,
  // the last failing case is returned (nothing escapes the library).
  Shrunk run() {
    if (!fits()) return out_;
    try {
      while (!spent()) {
        bool changed = extents();
        changed = alignment() || changed;
        changed = values() || changed;
        if (!changed) break;
      }
    } catch (const std::exception&) {
    }
    return out_;
  }

  bool fits() const {
    if (out_.c.args.size() != shapes_.size()) return false;
    for (size_t i = 0; i < shapes_.size(); ++i)
      if (shapes_[i].kind == ParamShape::Kind::Other ||
          out_.c.args[i].is_view != (shapes_[i].kind == ParamShape::Kind::View))
        return false;
    return true;
  }

 private:
  bool spent() const { return out_.probes >= probes_; }

  bool attempt(Case trial) {
    if (spent()) return false;
    ++out_.probes;
    if (still_fails_(trial) != Trial::Fails) return false;
    out_.c = std::move(trial);
    return true;
  }

  // One value of the current case changed in place (no copy of large views): kept when it still fails.
  bool attempt_value(uint64_t& slot, uint64_t value) {
    if (spent()) return false;
    ++out_.probes;
    uint64_t old = slot;
    slot = value;
    Trial t = Trial::Passes;
    try {
      t = still_fails_(out_.c);
    } catch (...) {
      slot = old;  // the case stays the last failing one
      throw;
    }
    if (t == Trial::Fails) return true;
    slot = old;
    return false;
  }

  // Sizes below n from {least, n / 2, n - 1, least .. least + 3}, ascending; each view of the extent is cut to
  // its prefix. The first (smallest) size that still fails is kept.
  bool extents() {
    bool changed = false;
    for (size_t i = 0; i < shapes_.size(); ++i) {
      if (shapes_[i].kind != ParamShape::Kind::Extent) continue;
      uint64_t n = out_.c.args[i].bits, least = least_extent(policy_, fn_.params[i].name);
      std::vector<uint64_t> sizes = {least, n / 2, n - 1, least + 1, least + 2, least + 3};
      std::sort(sizes.begin(), sizes.end());
      sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
      for (uint64_t s : sizes) {
        if (n == 0 || s < least || s >= n) continue;
        if (attempt(cut(i, s))) {
          changed = true;
          break;
        }
      }
    }
    return changed;
  }

  Case cut(size_t extent, uint64_t s) const {
    Case t = out_.c;
    t.args[extent].bits = s;
    for (size_t j = 0; j < shapes_.size(); ++j)
      if (shapes_[j].kind == ParamShape::Kind::View && shapes_[j].extent_param == static_cast<int>(extent))
        t.args[j].elems.resize(std::min<uint64_t>(s, t.args[j].elems.size()));
    return t;
  }

  bool alignment() {
    const auto& o = out_.c.offsets;
    if (std::none_of(o.begin(), o.end(), [](uint64_t x) { return x != 0; })) return false;
    Case t = out_.c;
    t.offsets.clear();
    return attempt(std::move(t));
  }

  bool values() {
    bool changed = false;
    for (size_t i = 0; i < shapes_.size(); ++i)
      if (shapes_[i].kind == ParamShape::Kind::View) changed = view_values(i) || changed;
    for (size_t i = 0; i < shapes_.size(); ++i)
      if (shapes_[i].kind == ParamShape::Kind::Scalar) changed = scalar_value(i) || changed;
    return changed;
  }

  // The whole view zeroed; else each element in turn toward zero. Zero is all-zero bits in every scalar type.
  bool view_values(size_t i) {
    const ValueBounds b = value_bounds(shapes_[i].scalar, policy_, fn_.params[i].name);
    const auto& elems = out_.c.args[i].elems;
    if (std::all_of(elems.begin(), elems.end(), [](uint64_t e) { return e == 0; })) return false;
    bool zero_ok = b.is_float ? (b.flo <= 0.0 && b.fhi >= 0.0) : (b.lo <= 0 && b.hi >= 0);
    if (zero_ok) {
      Case t = out_.c;
      std::fill(t.args[i].elems.begin(), t.args[i].elems.end(), 0);
      if (attempt(std::move(t))) return true;
    }
    bool changed = false;
    for (size_t k = 0; k < out_.c.args[i].elems.size() && !spent(); ++k) {
      for (uint64_t c : toward_zero(shapes_[i].scalar, out_.c.args[i].elems[k], b)) {
        if (attempt_value(out_.c.args[i].elems[k], c)) {
          changed = true;
          break;
        }
      }
    }
    return changed;
  }

  bool scalar_value(size_t i) {
    const ValueBounds b = value_bounds(shapes_[i].scalar, policy_, fn_.params[i].name);
    for (uint64_t c : toward_zero(shapes_[i].scalar, out_.c.args[i].bits, b))
      if (attempt_value(out_.c.args[i].bits, c)) return true;
    return false;
  }

  const check::FnInfo& fn_;
  const Policy& policy_;
  unsigned probes_;
  const std::function<Trial(const Case&)>& still_fails_;
  std::vector<ParamShape> shapes_;
  Shrunk out_;
};

}  // namespace

Shrunk shrink(const check::FnInfo& fn, const Case& failing, const Policy& policy, unsigned probes,
              const std::function<Trial(const Case&)>& still_fails) {
  return Shrinker(fn, failing, policy, probes, still_fails).run();
}

}  // namespace cairn::validate
