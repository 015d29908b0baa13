// A test program's own scratch directory under the temporary directory, removed when the program ends.
#pragma once
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

namespace cairn::test {

// TEMP/PREFIX_PID: the same path for the whole run of one test program.
inline std::filesystem::path scratch_dir(const std::string& prefix) {
  return std::filesystem::temp_directory_path() / (prefix + std::to_string(getpid()));
}

// Registers the removal of scratch_dir(prefix) at the end of the test program; use once per program.
class ScratchCleanup : public ::testing::Environment {
 public:
  explicit ScratchCleanup(std::string prefix) : prefix_(std::move(prefix)) {}
  void TearDown() override {
    std::error_code ec;
    std::filesystem::remove_all(scratch_dir(prefix_), ec);
  }

 private:
  std::string prefix_;
};

}  // namespace cairn::test
