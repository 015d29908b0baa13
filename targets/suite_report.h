// What `cairn test` found, per block and per contract or regression file, and the JUnit XML written from it.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "nlohmann/json.hpp"

namespace cairn::targets {

struct BlockOutcome {
  std::string name;     // qualified test name
  std::string module;   // "" for the root namespace
  bool passed = false;
  std::string reason;   // why it failed
  std::string type;     // assert, guard, signal, timeout (a failure's JUnit type); harness (could not start: an error)
  double seconds = 0;
  std::string file;     // the block's source, as the diagnostics name it, and the line of its name
  uint32_t line = 0;
  std::string out, err;
  bool out_truncated = false, err_truncated = false;  // the stream passed the capture limit (16 MiB) and was cut
};

struct FileOutcome {
  std::string file;     // as the manifest lists it
  bool regression = false;
  std::string symbol;   // a contract's symbol; a regressions file's reference
  uint64_t implementations = 0;  // a regressions file: the implementations replayed (each instance counts)
  std::string status;   // passed, failed, unknown
  uint64_t cases = 0;
  std::optional<uint64_t> failed_case;
  std::string reason;
  std::string type;     // wrong-result, trap, timeout, signal (a failure's JUnit type); invalid-contract (an error)
  double seconds = 0;
};

// Writes the JUnit XML report (docs/commands.md, "--junit FILE") through a temporary file and a rename; false with
// `error`. `build_failure`: set when the test executable did not build (one <testcase name="build"> with an <error>).
bool write_junit(const std::string& path, const std::vector<BlockOutcome>& blocks, const std::vector<FileOutcome>& files,
                 const std::string* build_failure, std::string& error);

// The report of a run in which no test ran: one <testcase> of classname TYPE ("check", "usage") with an <error>
// holding MESSAGE, at FILE:LINE when known.
bool write_junit_refusal(const std::string& path, const std::string& type, const std::string& message,
                         const std::string& file, uint32_t line, std::string& error);

// The cairn.test/1 record and the human summary of a finished run.
nlohmann::ordered_json test_record(const std::string& status, const std::vector<BlockOutcome>& blocks,
                                   const std::vector<FileOutcome>& files, const std::optional<std::string>& junit);
std::string test_summary(const std::string& status, const std::vector<BlockOutcome>& blocks,
                         const std::vector<FileOutcome>& files);

// Text with what XML 1.0 cannot hold (and bytes that are not UTF-8) written as \xNN; markup is left to the writer.
std::string xml_text(const std::string& s);

}  // namespace cairn::targets
