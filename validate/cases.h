// Case generation (tools.md §5.2): tiles from the condition, the body's literals and plan items; extent sizes;
// view patterns; scalar edges; the five phases, deduplicated, up to the budget; all randomness from splitmix64.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "front/check/sema.h"
#include "validate/policy.h"
#include "validate/regressions.h"

namespace cairn::validate {

// splitmix64 and the two draws of §5.2 (rejection for integers, 53-bit fraction for floats).
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t next();
  uint64_t uniform(uint64_t lo, uint64_t hi);   // inclusive, no modulo bias
  double uniform_real(double a, double b);      // a + u * (b - a), u = (x >> 11) * 2^-53

 private:
  uint64_t state_;
};

// How a parameter is fed (shared by generation and shrinking).
struct ParamShape {
  enum class Kind : uint8_t { Scalar, Extent, View, Other } kind = Kind::Other;
  check::Scalar scalar = check::Scalar::Bool;  // Scalar and Extent: its type; View: its element type
  int extent_param = -1;                       // View: the extent parameter's index, -1 for a fixed extent
  uint64_t fixed = 0;                          // View with a fixed extent (a literal, constant or natural)
};
std::vector<ParamShape> param_shapes(const check::FnInfo& fn);

// The values a scalar parameter (or every element of a view) admits: the type's range met with the domain's
// `values` range for it. Integers (and bool as 0..1) in [lo, hi], floats in [flo, fhi] (finite).
struct ValueBounds {
  bool is_float = false;
  __int128 lo = 0, hi = 0;
  double flo = 0, fhi = 0;
};
ValueBounds value_bounds(check::Scalar s, const Policy& policy, const std::string& param);
// The least extent the domain admits for an extent parameter (its `extents` lower bound, else 0).
uint64_t least_extent(const Policy& policy, const std::string& param);

// Why a parameter cannot be fed ("its parameter p is a record"), or "" when every parameter can.
std::string unfeedable(const check::FnInfo& fn);

// The tiles of an implementation (2 <= t <= 2^20), each with the reason it was found.
std::map<uint64_t, std::string> find_tiles(const check::FnInfo& impl);

// The generated cases for `impl` (its parameters are the reference's), in the order of §5.2, at most
// policy.budget, deduplicated by arguments and offsets.
std::vector<Case> generate_cases(const check::FnInfo& impl, const std::map<uint64_t, std::string>& tiles,
                                 const Policy& policy);

}  // namespace cairn::validate
