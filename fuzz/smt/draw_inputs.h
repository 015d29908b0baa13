// Admitted inputs for one function's encoding, drawn from a splitmix64 stream (tools.md §6.4): one value per
// input leaf, views of at most 16 elements, extents pinned, top-level sum tags naming a variant.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "smt/encode.h"

namespace cairn::fuzz {

// The splitmix64 generator (the same stream family the generator's programs come from).
class Splitmix {
 public:
  explicit Splitmix(uint64_t seed) : state_(seed) {}
  uint64_t next();
  uint64_t below(uint64_t n);  // uniform enough in 0..n-1 (n > 0)

 private:
  uint64_t state_;
};

// A scalar value of type t as the model's bits (the low bits of its width), edge values and small numbers
// weighted up.
uint64_t draw_scalar(check::Scalar t, Splitmix& rng);

// One admitted input: a value per leaf of `in` (model bits), or nullopt when no admitted input holds views
// of at most 16 elements (a literal extent above 16).
std::optional<std::vector<uint64_t>> draw_input(const smt::Inputs& in, Splitmix& rng);

}  // namespace cairn::fuzz
