// The test-only variable CAIRN_FUZZ_TEST_SMT_DEFECT read and applied.
#include "fuzz/smt/planted_defect_env.h"

#include <cstdlib>

#include "smt/planted_defect.h"

namespace cairn::fuzz {

std::optional<std::string> apply_test_smt_defect_from_env() {
  const char* v = std::getenv("CAIRN_FUZZ_TEST_SMT_DEFECT");
  if (!v || !*v) return std::nullopt;
  std::optional<smt::TestDefect> d = smt::test_defect_named(v);
  if (!d)
    return "CAIRN_FUZZ_TEST_SMT_DEFECT names no planted defect: \"" + std::string(v) + "\" (known: " +
           smt::test_defect_names() + ").";
  smt::set_test_defect(*d);
  return std::nullopt;
}

}  // namespace cairn::fuzz
