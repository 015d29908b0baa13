// The cairn.test/1 record and the human summary of tools.md §2.7.
#include "targets/suite_report.h"
#include "targets/process.h"

namespace cairn::targets {

namespace {
std::string plural(uint64_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }
}  // namespace

nlohmann::ordered_json test_record(const std::string& status, const std::vector<BlockOutcome>& blocks,
                                   const std::vector<FileOutcome>& files, const std::optional<std::string>& junit) {
  nlohmann::ordered_json r;
  r["protocol"] = "cairn.test/1";
  r["status"] = status;
  size_t passed = 0;
  nlohmann::ordered_json tests = nlohmann::ordered_json::array();
  for (const BlockOutcome& b : blocks) {
    passed += b.passed;
    nlohmann::ordered_json t;
    t["name"] = b.name;
    t["status"] = b.passed ? "passed" : "failed";
    if (!b.passed) t["reason"] = b.reason;
    t["seconds"] = b.seconds;
    if (!b.out.empty()) t["stdout"] = b.out;
    if (b.out_truncated) t["stdout_truncated"] = true;
    if (!b.err.empty()) t["stderr"] = b.err;
    if (b.err_truncated) t["stderr_truncated"] = true;
    tests.push_back(t);
  }
  r["blocks"] = {{"ran", blocks.size()}, {"passed", passed}, {"failed", blocks.size() - passed}, {"tests", tests}};
  nlohmann::ordered_json contracts = nlohmann::ordered_json::array(), regressions = nlohmann::ordered_json::array();
  for (const FileOutcome& f : files) {
    nlohmann::ordered_json c;
    c["file"] = f.file;
    if (f.regression) {
      c["status"] = f.status;
      if (!f.symbol.empty()) c["reference"] = f.symbol;
      c["cases"] = f.cases;
      c["implementations"] = f.implementations;
      if (!f.reason.empty()) c["reason"] = f.reason;
      regressions.push_back(c);
      continue;
    }
    c["symbol"] = f.symbol;
    c["status"] = f.status;
    c["cases"] = f.cases;
    if (f.failed_case) c["failed_case"] = *f.failed_case;
    if (!f.reason.empty()) c["reason"] = f.reason;
    contracts.push_back(c);
  }
  r["contracts"] = contracts;
  r["regressions"] = regressions;
  if (junit) r["junit"] = *junit;
  return r;
}

std::string test_summary(const std::string& status, const std::vector<BlockOutcome>& blocks,
                         const std::vector<FileOutcome>& files) {
  size_t failed = 0, contracts = 0, cases = 0;
  for (const BlockOutcome& b : blocks) failed += !b.passed;
  for (const FileOutcome& f : files)
    if (!f.regression) ++contracts, cases += f.cases;
  std::string tail = plural(contracts, "contract") + ", " + plural(cases, "case");
  std::string s;
  if (status == "passed-finite-tests") s = "passed-finite-tests: " + plural(blocks.size(), "test") + ", " + tail + "\n";
  else if (status == "no-tests") s = "no-tests: no test block, contract or regression file was found\n";
  else if (status == "unknown") s = "unknown: " + plural(blocks.size(), "test") + ", " + tail + "\n";
  else s = "tests-not-passed: " + std::to_string(failed) + " of " + plural(blocks.size(), "test") + " failed, " + tail + "\n";
  for (const BlockOutcome& b : blocks)
    if (!b.passed) s += "test " + b.name + ": " + b.reason + "\n";
  for (const BlockOutcome& b : blocks)
    if (b.out_truncated || b.err_truncated)
      s += "test " + b.name + ": its " + (b.out_truncated && b.err_truncated ? "standard output and error were"
                                          : b.out_truncated                  ? "standard output was"
                                                                             : "standard error was") +
           " cut at " + std::to_string(kCaptureLimit >> 20) + " MiB (the record and the JUnit file keep the first " +
           std::to_string(kCaptureLimit >> 20) + " MiB)\n";
  for (const FileOutcome& f : files)
    if (f.status != "passed")
      s += std::string(f.regression ? "regressions " : "contract ") + f.file + (f.symbol.empty() ? "" : " (" + f.symbol + ")") +
           ": " + f.reason + "\n";
  return s;
}

}  // namespace cairn::targets
