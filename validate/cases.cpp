// Case generation (tools.md §5.2): parameter shapes, extent sizes, view patterns, scalar edges, and the five
// phases deduplicated up to the budget. Every draw comes from splitmix64 seeded with the policy's seed.
#include "validate/cases.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <set>

#include "core/float_bits.h"
#include "core/value_format.h"

namespace cairn::validate {
namespace {

using Wide = __int128;
using check::Scalar;

// A decision: the largest extent generated is at most 2^20 elements (the largest tile), whatever the domain
// admits, so that one case never holds more than 8 MiB per view and generation cannot exhaust memory.
constexpr uint64_t kMaxExtent = uint64_t{1} << 20;

Wide type_min(Scalar s) {
  if (!check::scalar_is_signed(s)) return 0;
  return -(Wide{1} << (check::scalar_bits(s) - 1));
}
Wide type_max(Scalar s) {
  if (s == Scalar::Bool) return 1;
  unsigned bits = check::scalar_bits(s) - (check::scalar_is_signed(s) ? 1 : 0);
  return (Wide{1} << bits) - 1;
}
Wide range_lo(const Range& r) { return r.lo_negative ? Wide{static_cast<int64_t>(r.lo)} : Wide{r.lo}; }
Wide range_hi(const Range& r) { return r.hi_negative ? Wide{static_cast<int64_t>(r.hi)} : Wide{r.hi}; }

// A float bound as an integer bound, kept inside [tlo, thi] before the conversion.
Wide int_of(double d, Wide tlo, Wide thi) {
  if (std::isnan(d)) return tlo;
  if (d <= static_cast<double>(tlo)) return tlo;
  if (d >= static_cast<double>(thi)) return thi;
  return static_cast<Wide>(d);
}

uint64_t encode_int(Wide v) { return static_cast<uint64_t>(v); }  // two's complement: sign-extended
uint64_t encode_float(Scalar s, double d) {
  return s == Scalar::F32 ? sem::bits_of(static_cast<float>(d)) : sem::bits_of(d);
}
Wide clamp_int(const ValueBounds& b, Wide v) { return std::clamp(v, b.lo, b.hi); }
// A float clamped to the bounds and rounded once to its width, stepped back inside when the rounding left them.
uint64_t float_in(Scalar s, const ValueBounds& b, double d) {
  d = std::clamp(d, b.flo, b.fhi);
  if (s != Scalar::F32) return sem::bits_of(d);
  float f = static_cast<float>(d);
  if (f > b.fhi) f = std::nextafter(f, -INFINITY);
  if (f < b.flo) f = std::nextafter(f, INFINITY);
  return sem::bits_of(f);
}

struct Choice {
  uint64_t bits = 0;
  std::string text;
};

std::vector<Choice> int_edges(Scalar s, const ValueBounds& b) {
  std::vector<Wide> all = {0, 1, 2, -1, b.lo, b.hi, b.lo + 1, b.hi - 1, b.lo + (b.hi - b.lo) / 2};
  std::vector<Choice> out;
  std::set<Wide> seen;
  for (Wide v : all)
    if (v >= b.lo && v <= b.hi && seen.insert(v).second)
      out.push_back({encode_int(v), sem::format_scalar(s, encode_int(v))});
  return out;
}

std::vector<Choice> float_edges(Scalar s, const ValueBounds& b) {
  double big = s == Scalar::F32 ? 3.0e38 : 1.0e300;
  std::vector<double> all = {0.0, -0.0, 1.0, -1.0, 0.5, 3.0, 1e-30, 1e7, big, -big};
  std::vector<Choice> out;
  std::set<uint64_t> seen;  // by bits, so -0.0 stays apart from 0.0
  auto keep = [&](double d) {
    uint64_t bits = encode_float(s, d);
    double w = s == Scalar::F32 ? static_cast<double>(sem::f32_of(bits)) : sem::f64_of(bits);
    if (w >= b.flo && w <= b.fhi && seen.insert(bits).second) out.push_back({bits, sem::format_scalar(s, bits)});
  };
  for (double d : all) keep(d);
  // A decision: a domain admitting none of the edges gives its bounds and midpoint instead.
  if (out.empty())
    for (double d : {b.flo, b.fhi, b.flo + (b.fhi - b.flo) / 2}) keep(d);
  if (out.empty()) {  // a range narrower than the f32 spacing: its low end, as near as f32 comes
    uint64_t bits = float_in(s, b, b.flo);
    out.push_back({bits, sem::format_scalar(s, bits)});
  }
  return out;
}

std::vector<Choice> scalar_edges(Scalar s, const ValueBounds& b) {
  return b.is_float ? float_edges(s, b) : int_edges(s, b);
}

struct Size {
  uint64_t n = 0;
  std::string label;
};

// The extent sizes of §5.2 inside the extent's range, ascending (a decision: sorted so that each round grows);
// a size found twice keeps its first label (small sizes, then tiles in increasing order, then the largest).
std::vector<Size> extent_sizes(const Policy& policy, const std::string& name,
                               const std::map<uint64_t, std::string>& tiles) {
  uint64_t lo = least_extent(policy, name), hi = policy.largest_extent;
  auto it = policy.extents.find(name);
  if (it != policy.extents.end()) {
    const Range& r = it->second;
    hi = r.is_float ? static_cast<uint64_t>(int_of(std::floor(r.fhi), 0, kMaxExtent))
                    : static_cast<uint64_t>(std::max<Wide>(range_hi(r), 0));
  }
  hi = std::min(hi, kMaxExtent);
  lo = std::min(lo, hi);
  std::vector<Size> all = {{0, "empty"}, {1, "a small size"}, {2, "a small size"}, {3, "a small size"}};
  for (const auto& [t, why] : tiles) {
    std::string from = ", " + std::to_string(t) + " from " + why;
    all.insert(all.end(), {{t - 1, "a tile minus one" + from}, {t, "a tile" + from}, {t + 1, "a tile plus one" + from},
                           {2 * t - 1, "a partial second tile" + from}, {2 * t, "two tiles" + from},
                           {3 * t + 1, "three tiles plus one" + from}});
  }
  all.push_back({hi, "the largest admitted"});
  std::vector<Size> out;
  for (Size& s : all)
    if (s.n >= lo && s.n <= hi) out.push_back(std::move(s));
  std::stable_sort(out.begin(), out.end(), [](const Size& a, const Size& b) { return a.n < b.n; });
  out.erase(std::unique(out.begin(), out.end(), [](const Size& a, const Size& b) { return a.n == b.n; }), out.end());
  return out;
}

enum class Pattern : uint8_t { Zeroed, Ones, Ascending, Largest, Alternating, Random };
constexpr unsigned kPatterns = 6;
const char* pattern_why(Pattern p) {
  switch (p) {
    case Pattern::Zeroed: return "zeroed views";
    case Pattern::Ones: return "all-ones views";
    case Pattern::Ascending: return "ascending views";
    case Pattern::Largest: return "views of the largest value";
    case Pattern::Alternating: return "alternating views";
    case Pattern::Random: return "random views";
  }
  return "";
}

// The dedup key: every argument's bits and elements, then the offsets when any is nonzero.
std::string case_key(const Case& c) {
  std::string k;
  auto put = [&k](uint64_t v) { k.append(reinterpret_cast<const char*>(&v), sizeof v); };
  for (const sem::ArgValue& a : c.args) {
    put(a.is_view ? 1 : 0);
    put(a.bits);
    put(a.elems.size());
    for (uint64_t e : a.elems) put(e);
  }
  if (std::any_of(c.offsets.begin(), c.offsets.end(), [](uint64_t o) { return o != 0; }))
    for (uint64_t o : c.offsets) put(o);
  return k;
}

std::string join(const std::vector<std::string>& parts, const char* sep) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : sep) + p;
  return out;
}

class Generator {
 public:
  Generator(const check::FnInfo& fn, const std::map<uint64_t, std::string>& tiles, const Policy& policy)
      : fn_(fn), policy_(policy), rng_(policy.seed), shapes_(param_shapes(fn)) {
    for (size_t i = 0; i < shapes_.size(); ++i) {
      const std::string& name = fn.params[i].name;
      if (shapes_[i].kind == ParamShape::Kind::Extent) {
        extents_.push_back(i);
        sizes_.push_back(extent_sizes(policy, name, tiles));
        if (sizes_.back().empty()) sizes_.back().push_back({least_extent(policy, name), "the least admitted"});
        rounds_ = std::max(rounds_, sizes_.back().size());
      } else if (shapes_[i].kind == ParamShape::Kind::Scalar) {
        scalars_.push_back(i);
        edges_.push_back(scalar_edges(shapes_[i].scalar, value_bounds(shapes_[i].scalar, policy, name)));
      } else if (shapes_[i].kind == ParamShape::Kind::View) {
        has_views_ = true;
      }
    }
    make_combos();
  }

  std::vector<Case> run() {
    for (size_t r = 0; r < rounds_ && !full(); ++r) {  // phase 1
      add(r, Pattern::Zeroed, r % combos_.size(), false);
      add(r, Pattern::Ones, r % combos_.size(), false);
    }
    size_t added = 0;  // phase 2: up to half the budget
    for (size_t k = 0; k < combos_.size() && added < policy_.budget / 2 && !full(); ++k)
      added += add(k % rounds_, Pattern::Ascending, k, false) ? 1 : 0;
    for (size_t r = 0; r < rounds_ && !full(); ++r)  // phase 3
      for (Pattern p : {Pattern::Ascending, Pattern::Largest, Pattern::Alternating, Pattern::Random})
        add(r, p, r % combos_.size(), false);
    for (size_t r = 0; r < rounds_ && !full(); ++r) add(r, Pattern::Ascending, r % combos_.size(), true);  // phase 4
    // Phase 5: random round, pattern, scalar combination and offset. A decision: at most 16 draws per budgeted
    // case, so a function with few distinct cases (one bool) ends instead of drawing forever.
    for (uint64_t tries = 0; tries < uint64_t{16} * policy_.budget + 16 && !full(); ++tries) {
      size_t r = rng_.uniform(0, rounds_ - 1);
      auto p = static_cast<Pattern>(rng_.uniform(0, kPatterns - 1));
      size_t k = rng_.uniform(0, combos_.size() - 1);
      bool off = rng_.uniform(0, 1) == 1;
      add(r, p, k, off);
    }
    return std::move(out_);
  }

 private:
  bool full() const { return out_.size() >= policy_.budget; }

  bool add(size_t round, Pattern p, size_t combo, bool off) {
    if (full()) return false;
    Case c = make(round, p, combo, off);
    if (!seen_.insert(case_key(c)).second) return false;
    out_.push_back(std::move(c));
    return true;
  }

  // Fully crossed when the product is at most four times the budget; else diagonal tuples and random picks up
  // to the budget. With no scalar parameter, one empty combination.
  void make_combos() {
    uint64_t product = 1, limit = uint64_t{4} * policy_.budget, widest = 1;
    for (const auto& e : edges_) {
      product = std::min<uint64_t>(product * e.size(), limit + 1);
      widest = std::max<uint64_t>(widest, e.size());
    }
    if (product <= limit) {
      std::vector<size_t> t(edges_.size(), 0);
      for (uint64_t k = 0; k < product; ++k) {
        combos_.push_back(t);
        for (size_t i = t.size(); i-- > 0;) {  // the last parameter steps fastest
          if (++t[i] < edges_[i].size()) break;
          t[i] = 0;
        }
      }
      return;
    }
    for (uint64_t d = 0; d < widest && combos_.size() < policy_.budget; ++d) {
      std::vector<size_t> t;
      for (const auto& e : edges_) t.push_back(d % e.size());
      combos_.push_back(std::move(t));
    }
    while (combos_.size() < policy_.budget) {
      std::vector<size_t> t;
      for (const auto& e : edges_) t.push_back(rng_.uniform(0, e.size() - 1));
      combos_.push_back(std::move(t));
    }
  }

  std::vector<uint64_t> fill(Scalar s, const ValueBounds& b, Pattern p, uint64_t n) {
    std::vector<uint64_t> out(n);
    for (uint64_t i = 0; i < n; ++i) out[i] = b.is_float ? float_element(s, b, p, i) : int_element(b, p, i);
    return out;
  }

  uint64_t int_element(const ValueBounds& b, Pattern p, uint64_t i) {
    switch (p) {
      case Pattern::Zeroed: return encode_int(clamp_int(b, 0));
      case Pattern::Ones: return encode_int(clamp_int(b, 1));
      case Pattern::Ascending: return encode_int(clamp_int(b, Wide{i}));
      case Pattern::Largest: return encode_int(b.hi);
      case Pattern::Alternating: return encode_int(i % 2 ? b.hi : b.lo);
      case Pattern::Random: return encode_int(b.lo + Wide{rng_.uniform(0, static_cast<uint64_t>(b.hi - b.lo))});
    }
    return 0;
  }

  // Random floats: uniform in the range met with [-1000, 1000] (a decision: the whole range when they do not
  // meet), drawn in binary64 and rounded once to the element's width.
  uint64_t float_element(Scalar s, const ValueBounds& b, Pattern p, uint64_t i) {
    switch (p) {
      case Pattern::Zeroed: return float_in(s, b, 0.0);
      case Pattern::Ones: return float_in(s, b, 1.0);
      case Pattern::Ascending: return float_in(s, b, static_cast<double>(i));
      case Pattern::Largest: return float_in(s, b, b.fhi);
      case Pattern::Alternating: return float_in(s, b, i % 2 ? b.fhi : b.flo);
      case Pattern::Random: {
        double lo = std::max(b.flo, -1000.0), hi = std::min(b.fhi, 1000.0);
        if (lo > hi) lo = b.flo, hi = b.fhi;
        return float_in(s, b, rng_.uniform_real(lo, hi));
      }
    }
    return 0;
  }

  Case make(size_t round, Pattern p, size_t combo, bool off) {
    Case c;
    c.args.resize(shapes_.size());
    std::vector<std::string> why, scalars;
    for (size_t j = 0; j < extents_.size(); ++j) {
      const Size& s = sizes_[j][(round + j) % sizes_[j].size()];  // extents step with an offset of one each
      c.args[extents_[j]].bits = s.n;
      why.push_back(fn_.params[extents_[j]].name + " = " + std::to_string(s.n) + ": " + s.label);
    }
    for (size_t k = 0; k < scalars_.size(); ++k) {
      const Choice& ch = edges_[k][combos_[combo][k]];
      c.args[scalars_[k]].bits = ch.bits;
      scalars.push_back(fn_.params[scalars_[k]].name + " = " + ch.text);
    }
    if (!scalars.empty()) why.push_back(join(scalars, ", "));
    for (size_t i = 0; i < shapes_.size(); ++i) {
      const ParamShape& sh = shapes_[i];
      if (sh.kind != ParamShape::Kind::View) continue;
      uint64_t n = sh.extent_param >= 0 ? c.args[sh.extent_param].bits : sh.fixed;
      c.args[i].is_view = true;
      c.args[i].elems = fill(sh.scalar, value_bounds(sh.scalar, policy_, fn_.params[i].name), p, n);
      if (off) {
        c.offsets.resize(shapes_.size(), 0);
        c.offsets[i] = 1;
      }
    }
    if (has_views_) why.push_back(pattern_why(p));
    if (!c.offsets.empty()) why.push_back("views 1 element off");
    c.why = why.empty() ? "no parameters" : join(why, "; ");
    return c;
  }

  const check::FnInfo& fn_;
  const Policy& policy_;
  Rng rng_;
  std::vector<ParamShape> shapes_;
  std::vector<size_t> extents_;           // parameter indexes of the extents
  std::vector<std::vector<Size>> sizes_;  // per extent
  std::vector<size_t> scalars_;           // parameter indexes of the other scalars
  std::vector<std::vector<Choice>> edges_;
  std::vector<std::vector<size_t>> combos_;
  size_t rounds_ = 1;
  bool has_views_ = false;
  std::vector<Case> out_;
  std::set<std::string> seen_;
};

const char* kind_text(const check::Type* t) {
  switch (t->kind) {
    case check::TypeKind::Record: return "a record";
    case check::TypeKind::Sum: return "a sum";
    case check::TypeKind::Buf: return "an owner";
    case check::TypeKind::Array: return "an array";
    case check::TypeKind::Borrow: return "a single borrow";
    case check::TypeKind::Fn: return "a function value";
    case check::TypeKind::View:
      if (t->elem && t->elem->kind == check::TypeKind::Record) return "a view of records";
      if (t->elem && t->elem->kind == check::TypeKind::Scalar) return "a view without an extent it can be given";
      return "a view of values that are not scalars";
    default: return "of a type that cannot be generated";
  }
}

}  // namespace

std::vector<ParamShape> param_shapes(const check::FnInfo& fn) {
  std::vector<ParamShape> out(fn.params.size());
  for (size_t i = 0; i < fn.params.size(); ++i) {
    const check::Type* t = fn.params[i].type;
    ParamShape& s = out[i];
    if (!t) continue;
    if (t->kind == check::TypeKind::Scalar) {
      s.kind = ParamShape::Kind::Scalar;
      s.scalar = t->scalar;
    } else if (t->kind == check::TypeKind::View && t->elem && t->elem->kind == check::TypeKind::Scalar) {
      const check::ExtentSpec& e = fn.params[i].extent;
      s.scalar = t->elem->scalar;
      if (e.kind == check::ExtentSpec::Kind::Value) s.kind = ParamShape::Kind::View, s.fixed = e.value;
      if (e.kind == check::ExtentSpec::Kind::Param && e.value < i) {
        s.kind = ParamShape::Kind::View;
        s.extent_param = static_cast<int>(e.value);
      }
    }
  }
  for (ParamShape& s : out) {  // a usize that some view names as its extent is that view's extent
    if (s.kind != ParamShape::Kind::View || s.extent_param < 0) continue;
    ParamShape& e = out[s.extent_param];
    if (e.kind == ParamShape::Kind::Scalar && e.scalar == Scalar::Usize) e.kind = ParamShape::Kind::Extent;
    if (e.kind != ParamShape::Kind::Extent) s.kind = ParamShape::Kind::Other;
  }
  return out;
}

// A domain range that admits nothing of the type (the policy reader refuses these) falls back to the type's range.
ValueBounds value_bounds(Scalar s, const Policy& policy, const std::string& param) {
  ValueBounds b;
  b.is_float = check::scalar_is_float(s);
  double fmax = s == Scalar::F32 ? FLT_MAX : DBL_MAX;
  b.lo = b.is_float ? 0 : type_min(s);
  b.hi = b.is_float ? 0 : type_max(s);
  b.flo = -fmax, b.fhi = fmax;
  auto it = policy.values.find(param);
  if (it == policy.values.end()) return b;
  const Range& r = it->second;
  ValueBounds d = b;
  if (b.is_float) {
    d.flo = std::max(b.flo, r.is_float ? r.flo : static_cast<double>(range_lo(r)));
    d.fhi = std::min(b.fhi, r.is_float ? r.fhi : static_cast<double>(range_hi(r)));
  } else {
    d.lo = std::max(b.lo, r.is_float ? int_of(std::ceil(r.flo), b.lo, b.hi) : range_lo(r));
    d.hi = std::min(b.hi, r.is_float ? int_of(std::floor(r.fhi), b.lo, b.hi) : range_hi(r));
  }
  bool empty = b.is_float ? !(d.flo <= d.fhi) : d.lo > d.hi;
  return empty ? b : d;
}

uint64_t least_extent(const Policy& policy, const std::string& param) {
  auto it = policy.extents.find(param);
  if (it == policy.extents.end()) return 0;
  const Range& r = it->second;
  if (r.is_float) return static_cast<uint64_t>(int_of(std::ceil(r.flo), 0, kMaxExtent));
  return r.lo_negative ? 0 : std::min(r.lo, kMaxExtent);
}

std::string unfeedable(const check::FnInfo& fn) {
  std::vector<ParamShape> shapes = param_shapes(fn);
  for (size_t i = 0; i < shapes.size(); ++i) {
    if (shapes[i].kind != ParamShape::Kind::Other) continue;
    const check::Type* t = fn.params[i].type;
    return "its parameter " + fn.params[i].name + " is " + (t ? kind_text(t) : "of an unknown type");
  }
  return "";
}

std::vector<Case> generate_cases(const check::FnInfo& impl, const std::map<uint64_t, std::string>& tiles,
                                 const Policy& policy) {
  if (!unfeedable(impl).empty() || policy.budget == 0) return {};
  try {
    return Generator(impl, tiles, policy).run();
  } catch (const std::exception&) {  // out of memory: no cases rather than an exception out of the library
    return {};
  }
}

}  // namespace cairn::validate
