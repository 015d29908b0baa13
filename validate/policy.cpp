// The validation policy (tools.md §5.9): strict reading with the code of each refusal, the pinned form, weaker().
#include "validate/policy.h"

#include <cmath>
#include <string_view>
#include <vector>

namespace cairn::validate {

namespace {

using json = nlohmann::json;

// Neither file nests more than five levels; a bound keeps every later walk of the document (copies, dumps)
// shallow.
constexpr size_t kMaxDepth = 64;

// Builds the document from SAX events, refusing a key already present in its object.
class StrictBuilder {
 public:
  json root;
  std::string error;

  bool null() { return put(json(nullptr)); }
  bool boolean(bool b) { return put(json(b)); }
  bool number_integer(json::number_integer_t v) { return put(json(v)); }
  bool number_unsigned(json::number_unsigned_t v) { return put(json(v)); }
  bool number_float(json::number_float_t v, const json::string_t&) { return put(json(v)); }
  bool string(json::string_t& s) { return put(json(std::move(s))); }
  bool binary(json::binary_t&) { return fail("a binary value"); }
  bool start_object(std::size_t) { return open(json::object()); }
  bool start_array(std::size_t) { return open(json::array()); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool key(json::string_t& k) {
    if (open_.back()->contains(k)) return fail("a duplicate key \"" + k + "\"");
    key_ = std::move(k);
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& ex) {
    if (error.empty()) {
      std::string what = ex.what();
      size_t cut = what.find("] ");
      error = cut == std::string::npos ? what : what.substr(cut + 2);
    }
    return false;
  }

 private:
  std::vector<json*> open_;
  std::string key_;

  bool fail(std::string why) {
    error = std::move(why);
    return false;
  }
  json* place(json v) {
    if (open_.empty()) {
      root = std::move(v);
      return &root;
    }
    json* top = open_.back();
    if (top->is_array()) {
      top->push_back(std::move(v));
      return &top->back();
    }
    json& slot = (*top)[key_];
    slot = std::move(v);
    return &slot;
  }
  bool put(json v) {
    place(std::move(v));
    return true;
  }
  bool open(json v) {
    if (open_.size() >= kMaxDepth) return fail("arrays and objects nested deeper than " + std::to_string(kMaxDepth));
    open_.push_back(place(std::move(v)));
    return true;
  }
  bool close() {
    open_.pop_back();
    return true;
  }
};

// A value in a message: its JSON, cut after 60 bytes.
std::string shown(const json& j) {
  std::string s = j.dump(-1, ' ', false, json::error_handler_t::replace);
  if (s.size() <= 60) return s;
  size_t n = 57;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;  // a character boundary
  return s.substr(0, n) + "...";
}

// One refusal: the code and the sentence "In FILE, KEY TEXT."
struct Refuser {
  const std::string& file;
  PolicyError& error;
  bool operator()(Code code, const std::string& key, const std::string& text) const {
    error.code = code;
    error.message = "In " + file + ", " + key + " " + text + ".";
    return false;
  }
};

bool only_keys(const json& j, std::initializer_list<std::string_view> keys, const std::string& where,
               const Refuser& refuse) {
  if (!j.is_object()) return refuse(Code::Validation, where, "must be an object, got " + shown(j));
  for (const auto& [k, v] : j.items()) {
    bool known = false;
    for (std::string_view want : keys) known = known || k == want;
    if (!known) return refuse(Code::Validation, where.empty() ? "\"" + k + "\"" : where + "." + k, "is an unknown key");
  }
  return true;
}

bool read_tolerance(const json& j, const std::string& key, double& out, const Refuser& refuse) {
  if (!j.is_number()) return refuse(Code::Validation, key, "must be a number, got " + shown(j));
  double v = j.get<double>();
  if (!std::isfinite(v) || v < 0) return refuse(Code::Tolerance, key, "must be finite and at least 0, got " + shown(j));
  out = v == 0 ? 0.0 : v;  // -0.0 reads as 0.0
  return true;
}

// An integer in [lo, hi] (budget, seed, probes, seconds): neither a tolerance nor a domain, so a wrong type and a
// value out of range are both E-VALIDATION.
bool read_count(const json& j, const std::string& key, uint64_t lo, uint64_t hi, uint64_t& out, const Refuser& refuse) {
  std::string want = "must be an integer in " + std::to_string(lo) + ".." + std::to_string(hi) + ", got " + shown(j);
  if (!j.is_number_unsigned() || j.get<uint64_t>() < lo || j.get<uint64_t>() > hi)
    return refuse(Code::Validation, key, want);
  out = j.get<uint64_t>();
  return true;
}

// One bound of a range, exactly: an integer (two's complement when negative) or a float.
struct Bound {
  bool is_float = false, negative = false;
  uint64_t u = 0;
  double d = 0;
};

Bound lo_of(const Range& r) { return {r.is_float, r.lo_negative, r.lo, r.flo}; }
Bound hi_of(const Range& r) { return {r.is_float, r.hi_negative, r.hi, r.fhi}; }

// -1, 0, 1 as an integer compares with a finite double, exactly.
int compare_int_double(bool negative, uint64_t u, double d) {
  if (negative) {
    auto v = static_cast<int64_t>(u);
    if (d < -9223372036854775808.0) return 1;
    if (d >= 9223372036854775808.0) return -1;
    auto t = static_cast<int64_t>(std::trunc(d));
    if (v != t) return v < t ? -1 : 1;
  } else {
    if (d < 0) return 1;
    if (d >= 18446744073709551616.0) return -1;
    auto t = static_cast<uint64_t>(std::trunc(d));
    if (u != t) return u < t ? -1 : 1;
  }
  double frac = d - std::trunc(d);
  return frac > 0 ? -1 : frac < 0 ? 1 : 0;
}

int compare(const Bound& a, const Bound& b) {
  if (a.is_float && b.is_float) return a.d < b.d ? -1 : a.d > b.d ? 1 : 0;
  if (a.is_float) return -compare_int_double(b.negative, b.u, a.d);
  if (b.is_float) return compare_int_double(a.negative, a.u, b.d);
  if (a.negative != b.negative) return a.negative ? -1 : 1;
  auto sa = static_cast<int64_t>(a.u), sb = static_cast<int64_t>(b.u);
  if (a.negative) return sa < sb ? -1 : sa > sb ? 1 : 0;
  return a.u < b.u ? -1 : a.u > b.u ? 1 : 0;
}

// A bound of domain.values: any JSON number (floats finite).
bool read_value_bound(const json& j, const std::string& key, Bound& b, const Refuser& refuse) {
  if (j.is_number_unsigned()) {
    b.u = j.get<uint64_t>();
  } else if (j.is_number_integer()) {
    b.negative = true;
    b.u = static_cast<uint64_t>(j.get<int64_t>());
  } else if (j.is_number_float()) {
    b.is_float = true;
    b.d = j.get<double>();
    if (!std::isfinite(b.d)) return refuse(Code::Domain, key, "must be finite, got " + shown(j));
  } else {
    return refuse(Code::Validation, key, "must be a number, got " + shown(j));
  }
  return true;
}

// A bound of domain.extents: a non-negative integer.
bool read_extent_bound(const json& j, const std::string& key, Bound& b, const Refuser& refuse) {
  if (j.is_number_unsigned()) {
    b.u = j.get<uint64_t>();
    return true;
  }
  if (j.is_number_integer()) return refuse(Code::Domain, key, "must not be negative (an extent), got " + shown(j));
  if (j.is_number()) return refuse(Code::Domain, key, "must be an integer extent, got " + shown(j));
  return refuse(Code::Validation, key, "must be an integer, got " + shown(j));
}

// A float range's bound; an integer one's value rounded once (the floats of a mixed range).
double as_double(const Bound& b) {
  if (b.is_float) return b.d;
  return b.negative ? static_cast<double>(static_cast<int64_t>(b.u)) : static_cast<double>(b.u);
}

bool read_range(const json& j, const std::string& key, bool extent, Range& out, const Refuser& refuse) {
  if (!j.is_array() || j.size() != 2) return refuse(Code::Validation, key, "must be [lo, hi], got " + shown(j));
  Bound lo, hi;
  auto bound = extent ? read_extent_bound : read_value_bound;
  if (!bound(j[0], key + "[0]", lo, refuse) || !bound(j[1], key + "[1]", hi, refuse)) return false;
  if (compare(lo, hi) > 0) return refuse(Code::Domain, key, "has its lo above its hi: " + shown(j));
  out = Range{};
  out.is_float = lo.is_float || hi.is_float;
  out.lo_negative = lo.negative;
  out.hi_negative = hi.negative;
  out.lo = lo.u;
  out.hi = hi.u;
  out.flo = as_double(lo);
  out.fhi = as_double(hi);
  return true;
}

bool read_ranges(const json& j, const std::string& key, bool extent, std::map<std::string, Range>& out,
                 const Refuser& refuse) {
  if (!j.is_object()) return refuse(Code::Validation, key, "must be an object of parameter ranges, got " + shown(j));
  for (const auto& [name, v] : j.items()) {
    if (name.empty()) return refuse(Code::Validation, key, "names an empty parameter");
    if (!read_range(v, key + "." + name, extent, out[name], refuse)) return false;
  }
  return true;
}

bool read_domain(const json& j, Policy& p, const Refuser& refuse) {
  if (!only_keys(j, {"largest_extent", "extents", "values"}, "domain", refuse)) return false;
  if (j.contains("largest_extent")) {
    const json& v = j["largest_extent"];
    Bound b;
    if (!read_extent_bound(v, "domain.largest_extent", b, refuse)) return false;
    if (b.u == 0) return refuse(Code::Domain, "domain.largest_extent", "must be at least 1, got 0");
    p.largest_extent = b.u;
  }
  if (j.contains("extents") && !read_ranges(j["extents"], "domain.extents", true, p.extents, refuse)) return false;
  return !j.contains("values") || read_ranges(j["values"], "domain.values", false, p.values, refuse);
}

bool read_policy(const json& j, Policy& p, const Refuser& refuse) {
  if (!only_keys(j, {"tolerance", "domain", "budget", "seed", "probes", "seconds"}, "", refuse)) return false;
  if (j.contains("tolerance")) {
    const json& t = j["tolerance"];
    if (!only_keys(t, {"absolute", "relative"}, "tolerance", refuse)) return false;
    if (t.contains("absolute") && !read_tolerance(t["absolute"], "tolerance.absolute", p.absolute, refuse))
      return false;
    if (t.contains("relative") && !read_tolerance(t["relative"], "tolerance.relative", p.relative, refuse))
      return false;
  }
  if (j.contains("domain") && !read_domain(j["domain"], p, refuse)) return false;
  uint64_t v = 0;
  if (j.contains("budget")) {
    if (!read_count(j["budget"], "budget", 1, 4096, v, refuse)) return false;
    p.budget = static_cast<uint32_t>(v);
  }
  if (j.contains("seed") && !read_count(j["seed"], "seed", 0, UINT64_MAX, p.seed, refuse)) return false;
  if (j.contains("probes")) {
    if (!read_count(j["probes"], "probes", 0, 4096, v, refuse)) return false;
    p.probes = static_cast<uint32_t>(v);
  }
  if (j.contains("seconds")) {
    if (!read_count(j["seconds"], "seconds", 1, 60, v, refuse)) return false;
    p.seconds = static_cast<uint32_t>(v);
  }
  return true;
}

nlohmann::ordered_json bound_json(bool is_float, bool negative, uint64_t u, double d) {
  if (is_float) return d;
  if (negative) return static_cast<int64_t>(u);
  return u;
}

nlohmann::ordered_json ranges_json(const std::map<std::string, Range>& ranges) {
  nlohmann::ordered_json o = nlohmann::ordered_json::object();
  for (const auto& [name, r] : ranges)
    o[name] = {bound_json(r.is_float, r.lo_negative, r.lo, r.flo), bound_json(r.is_float, r.hi_negative, r.hi, r.fhi)};
  return o;
}

// Every value `b` admits is admitted by `a` ([lo, hi] of a contains that of b).
bool contains(const Range& a, const Range& b) {
  return compare(lo_of(a), lo_of(b)) <= 0 && compare(hi_of(a), hi_of(b)) >= 0;
}

Range extent_range(const Policy& p, const std::string& name) {
  auto it = p.extents.find(name);
  if (it != p.extents.end()) return it->second;
  Range r;
  r.hi = p.largest_extent;
  return r;
}

// Some input `b`'s domain admits that `a`'s does not.
bool domain_admits_less(const Policy& a, const Policy& b) {
  Range none_a = extent_range(a, ""), none_b = extent_range(b, "");
  if (!contains(none_a, none_b)) return true;  // an extent neither names
  std::map<std::string, bool> names;
  for (const auto& [n, r] : a.extents) names[n] = true;
  for (const auto& [n, r] : b.extents) names[n] = true;
  for (const auto& [n, unused] : names)
    if (!contains(extent_range(a, n), extent_range(b, n))) return true;
  for (const auto& [n, r] : a.values) {
    auto it = b.values.find(n);
    if (it == b.values.end() || !contains(r, it->second)) return true;  // b: the whole type
  }
  return false;
}

}  // namespace

bool parse_json_strict(const std::string& text, nlohmann::json& out, std::string& error) {
  try {
    StrictBuilder b;
    if (!json::sax_parse(text, &b, json::input_format_t::json, true) || !b.error.empty()) {
      error = b.error.empty() ? "not a JSON value" : b.error;
      return false;
    }
    out = std::move(b.root);
    return true;
  } catch (const std::exception& e) {
    error = e.what();
    return false;
  }
}

std::optional<Policy> parse_policy(const std::string& text, const std::string& file, PolicyError& error) {
  if (text.size() > kMaxPolicyBytes) {
    error = {Code::Validation, "The policy " + file + " has " + std::to_string(text.size()) +
                                   " bytes, more than the 200,000 a policy may have."};
    return std::nullopt;
  }
  json j;
  std::string why;
  if (!parse_json_strict(text, j, why)) {
    error = {Code::Validation, "The policy " + file + " is not strict JSON: " + why + "."};
    return std::nullopt;
  }
  return policy_from_json(j, file, error);
}

std::optional<Policy> policy_from_json(const nlohmann::json& j, const std::string& file, PolicyError& error) {
  try {
    if (!j.is_object()) {
      error = {Code::Validation, "The policy " + file + " is not a JSON object."};
      return std::nullopt;
    }
    Policy p;
    if (!read_policy(j, p, Refuser{file, error})) return std::nullopt;
    return p;
  } catch (const std::exception& e) {
    error = {Code::Validation, "The policy " + file + " could not be read: " + e.what() + "."};
    return std::nullopt;
  }
}

nlohmann::ordered_json policy_json(const Policy& p) {
  nlohmann::ordered_json j;
  j["tolerance"]["absolute"] = p.absolute;
  j["tolerance"]["relative"] = p.relative;
  j["domain"]["largest_extent"] = p.largest_extent;
  j["domain"]["extents"] = ranges_json(p.extents);
  j["domain"]["values"] = ranges_json(p.values);
  j["budget"] = p.budget;
  j["seed"] = p.seed;
  j["probes"] = p.probes;
  j["seconds"] = p.seconds;
  return j;
}

bool weaker(const Policy& a, const Policy& b) {
  if (a.budget < b.budget) return true;
  if (a.absolute > b.absolute || a.relative > b.relative) return true;
  return domain_admits_less(a, b);
}

}  // namespace cairn::validate
