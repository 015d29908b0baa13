// CAIRN_FUZZ_TEST_SMT_DEFECT=<name>: a planted encoding defect (smt/planted_defects.def) for the tests of `cairn fuzz
// --smt` and `--replay`. Test-only: no other command reads the variable.
#pragma once
#include <optional>
#include <string>

namespace cairn::fuzz {

// Turns on the defect the variable names (nothing when it is unset or empty). An unknown name: the error
// sentence, and nothing is turned on.
std::optional<std::string> apply_test_smt_defect_from_env();

}  // namespace cairn::fuzz
