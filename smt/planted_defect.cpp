// The planted encoding defect in force, and the names of the rows of planted_defects.def.
#include "smt/planted_defect.h"

#include <atomic>

namespace cairn::smt {

namespace {
std::atomic<TestDefect> g_defect{TestDefect::None};
}  // namespace

const char* test_defect_name(TestDefect d) {
  switch (d) {
    case TestDefect::None: return "none";
#define TEST_DEFECT(Id, name) \
  case TestDefect::Id: return name;
#include "smt/planted_defects.def"
#undef TEST_DEFECT
  }
  return "?";
}

std::optional<TestDefect> test_defect_named(const std::string& name) {
#define TEST_DEFECT(Id, text) \
  if (name == text) return TestDefect::Id;
#include "smt/planted_defects.def"
#undef TEST_DEFECT
  return std::nullopt;
}

std::string test_defect_names() {
  std::string s;
#define TEST_DEFECT(Id, text) s += std::string(s.empty() ? "" : ", ") + text;
#include "smt/planted_defects.def"
#undef TEST_DEFECT
  return s;
}

TestDefect active_test_defect() { return g_defect.load(std::memory_order_relaxed); }
void set_test_defect(TestDefect d) { g_defect.store(d, std::memory_order_relaxed); }

}  // namespace cairn::smt
