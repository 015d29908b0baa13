// PLACEHOLDER until the generator lands: one println of a value derived from the program's seed.
#include "fuzz/gen/generate.h"

namespace cairn::fuzz {

namespace {
uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
}  // namespace

std::string_view construct_name(Construct c) {
  switch (c) {
#define C(Id, name) \
  case Construct::Id: return name;
#include "fuzz/gen/constructs.def"
#undef C
  }
  return "?";
}

std::vector<Construct> all_constructs() {
  return {
#define C(Id, name) Construct::Id,
#include "fuzz/gen/constructs.def"
#undef C
  };
}

uint64_t program_seed(uint64_t seed, uint64_t index) {
  uint64_t state = seed;
  uint64_t out = 0;
  for (uint64_t i = 0; i <= index; ++i) out = splitmix64(state);
  return out;
}

Generated generate(uint64_t seed, uint64_t index) {
  uint64_t s = program_seed(seed, index);
  Generated g;
  g.text = "fn main() -> i32 {\n  let x: i32 = " + std::to_string(s % 1000) + ";\n  println(x);\n  return 0;\n}\n";
  g.constructs = {Construct::Int, Construct::Println};
  return g;
}

}  // namespace cairn::fuzz
