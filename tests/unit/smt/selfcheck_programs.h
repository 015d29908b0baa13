// The programs the encoder's self-check holds to the interpreter: its own small ones and some examples.
#pragma once
#include <string>
#include <vector>

namespace cairn::smt::test {

struct SelfCheckProgram {
  std::string name;
  std::string source;  // CAIRN source text
  std::vector<std::string> functions;
};
const std::vector<SelfCheckProgram>& selfcheck_programs();

// Example files (relative to the source tree) and the functions of each the self-check encodes.
struct SelfCheckExample {
  std::string path;
  std::vector<std::string> functions;
};
inline const std::vector<SelfCheckExample>& selfcheck_examples() {
  static const std::vector<SelfCheckExample> examples = {
      {"examples/02_checked_integers.cairn", {"average", "div_rem"}},
      {"examples/03_wrap_and_shift.cairn", {"rotl32", "fnv1a"}},
      {"examples/04_floats.cairn", {"hypot"}},
      {"examples/05_conversions.cairn", {"clamp_to_u8"}},
      {"examples/06_control_flow.cairn", {"collatz_steps", "classify"}},
      {"examples/09_option_result_try.cairn", {"digit", "two_digits", "first_even"}},
      {"examples/10_views_and_parts.cairn", {"sum", "fill", "dot"}},
      {"examples/17_collectors.cairn", {"select_gt", "dot", "stats"}},
      {"examples/22_field_extents.cairn", {"dot"}},
      {"examples/25_swap_sort.cairn", {"is_sorted"}},
  };
  return examples;
}

}  // namespace cairn::smt::test
