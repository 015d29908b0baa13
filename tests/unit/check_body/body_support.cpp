// Runs the front end over a program written to a scratch file and reports its first refusal.
#include "body_support.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "front/driver/driver.h"
#include "../scratch_dir.h"

namespace cairn::test {

namespace {
driver::CheckRun run_text(const std::string& text) {
  static int counter = 0;
  std::filesystem::path dir = std::filesystem::temp_directory_path() /
                              ("cairn_body_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::filesystem::path file = dir / ("t" + std::to_string(counter++) + ".cairn");
  {
    std::ofstream out(file, std::ios::binary);
    out << text;
  }
  driver::CheckRun r = driver::run(file.string());
  std::filesystem::remove(file);
  return r;
}
}  // namespace

std::string first_refusal(const std::string& text) {
  driver::CheckRun r = run_text(text);
  if (r.outcome == driver::Outcome::Typed || !r.refusal) return "ok";
  return std::string(code_name(r.refusal->first.code)) + " " + std::to_string(r.refusal->first.line);
}

std::string first_message(const std::string& text) {
  driver::CheckRun r = run_text(text);
  if (r.outcome == driver::Outcome::Typed || !r.refusal) return "";
  return r.refusal->first.message;
}

}  // namespace cairn::test

// The scratch directory named by the process id is removed when the test program ends.
::testing::Environment* const scratch_cleanup_cairn_body_test =
    ::testing::AddGlobalTestEnvironment(new cairn::test::ScratchCleanup("cairn_body_test_"));
