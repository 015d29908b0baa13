// A planted defect of the SMT encoding, for tests only (smt/planted_defects.def): off unless a test or
// `cairn fuzz` under CAIRN_FUZZ_TEST_SMT_DEFECT turns one on for the whole process.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace cairn::smt {

enum class TestDefect : uint8_t {
  None,
#define TEST_DEFECT(Id, name) Id,
#include "smt/planted_defects.def"
#undef TEST_DEFECT
};

const char* test_defect_name(TestDefect d);
std::optional<TestDefect> test_defect_named(const std::string& name);  // nullopt: no such row
std::string test_defect_names();                                        // "sub-as-add, xor-as-or"

// The defect in force (None unless set); set before encoding starts, read by the encoder's threads.
TestDefect active_test_defect();
void set_test_defect(TestDefect d);

}  // namespace cairn::smt
