// The program generator of cairn fuzz (tools.md §6.1): program I of seed S, well-typed, terminating and
// deterministic by construction, printing a checksum of its state.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cairn::fuzz {

enum class Construct : uint8_t {
#define C(Id, name) Id,
#include "fuzz/gen/constructs.def"
#undef C
};
std::string_view construct_name(Construct c);
std::vector<Construct> all_constructs();

struct Generated {
  std::string text;                   // one single-file program with `fn main`
  std::vector<Construct> constructs;  // each construct the program uses, once, in enum order
  bool intended_trap = false;         // the program traps on purpose after printing
};

// The first output of the splitmix64 stream of program `index` of seed `seed` (the index-th output of a
// splitmix64 seeded with `seed`), so any program regenerates alone and independently of --jobs.
uint64_t program_seed(uint64_t seed, uint64_t index);
Generated generate(uint64_t seed, uint64_t index);

}  // namespace cairn::fuzz
