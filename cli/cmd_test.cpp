// `cairn test [PATH] [--engine interp] [--filter TEXT] [--test NAME] [--jobs N] [--timeout S] [--junit FILE]`:
// every test block in its own child, task contracts as isolated calls, the cairn.test/1 record.
#include <sched.h>
#include <unistd.h>

#include <atomic>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

#include "cli/args.h"
#include "cli/open_command.h"
#include "cli/cmd_test_report.h"
#include "cli/command.h"
#include "cli/output.h"
#include "front/driver/driver.h"
#include "semantics/embed.h"
#include "targets/isolated_call_contract.h"
#include "targets/process.h"

namespace cairn::cli {

namespace {
constexpr FlagSpec kFlags[] = {
    {"engine", "native|interp", true, "interp (until the native lowering exists)", "the engine that runs the tests"},
    {"filter", "TEXT", false, "", "only the blocks and contracts whose name contains TEXT"},
    {"test", "NAME", false, "", "only the one block of exactly that qualified name"},
    {"jobs", "N", false, "number of available CPUs", "tests run at once"},
    {"timeout", "S", false, "60", "seconds per test block process (a decimal number > 0)"},
    {"cc", "clang|gcc", true, "as build", "the compiler for native tests (native only)"},
    {"junit", "FILE", false, "", "also write a JUnit XML report to FILE"},
    {"format", "human|json", true, "human at a terminal, json otherwise", "the output form"},
};

bool parse_seconds(const std::string& s, double& out) {
  if (s.empty() || s.size() > 20 || s.find_first_not_of("0123456789.") != std::string::npos ||
      s.find_first_of("0123456789") == std::string::npos || s.find('.') != s.rfind('.'))
    return false;
  out = std::strtod(s.c_str(), nullptr);
  return out > 0 && out <= 1e9;
}

unsigned available_cpus() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) return static_cast<unsigned>(CPU_COUNT(&set));
  unsigned n = std::thread::hardware_concurrency();
  return n ? n : 1;
}

double ms3(double s) { return std::round(s * 1000.0) / 1000.0; }

std::string plural(uint64_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

// Runs jobs 0..n-1 on `workers` threads (each job forks its own child).
template <class F>
void run_parallel(size_t n, unsigned workers, F job) {
  std::atomic<size_t> next{0};
  auto loop = [&] {
    for (size_t i; (i = next.fetch_add(1)) < n;) job(i);
  };
  std::vector<std::thread> pool;
  for (unsigned w = 1; w < workers && w < n; ++w) pool.emplace_back(loop);
  loop();
  for (std::thread& t : pool) t.join();
}

// One test block in its own child: passes only on exit 0.
BlockOutcome run_block(sem::Engine& eng, const check::FnInfo& fn, const sem::Limits& limits, double timeout) {
  BlockOutcome b;
  b.name = fn.qualified.empty() ? fn.name : fn.qualified;
  size_t dot = b.name.rfind('.');
  b.module = dot == std::string::npos ? "" : b.name.substr(0, dot);
  targets::ProcessOptions opts;
  opts.timeout_s = timeout;
  opts.address_space_extra = limits.memory_bytes + (uint64_t{3} << 29) + (uint64_t{1} << 30);
  opts.capture = true;
  opts.channels = 1;
  opts.null_stdin = true;
  targets::ProcessResult pr =
      targets::run_process([&](std::span<const int> ch) { return eng.run_entry(fn, limits, ch[0]); }, opts);
  b.seconds = ms3(pr.seconds);
  b.out = pr.out;
  b.err = pr.err;
  std::string report = pr.channels.empty() ? "" : pr.channels[0];
  while (!report.empty() && report.back() == '\n') report.pop_back();
  if (report.rfind("trap: ", 0) == 0) report = report.substr(6);
  if (!pr.started) {
    b.reason = "could not start: " + pr.error;
    b.type = "signal";
  } else if (pr.timed_out) {
    std::ostringstream s;
    s << "timed out after " << timeout << " s";
    b.reason = s.str();
    b.type = "timeout";
  } else if (pr.status == 0) {
    b.passed = true;
  } else if (report.rfind("assert", 0) == 0) {
    b.type = "assert";
    size_t at = pr.err.rfind("assertion failed at ");
    if (at != std::string::npos) {
      size_t end = pr.err.find('\n', at);
      b.reason = pr.err.substr(at, end == std::string::npos ? std::string::npos : end - at);
    } else {
      b.reason = "trap " + report;
    }
  } else if (!report.empty()) {
    b.type = "guard";
    b.reason = "trap " + report;
  } else if (pr.signal) {
    b.type = "signal";
    b.reason = "stopped by " + targets::signal_name(pr.signal);
  } else {
    b.type = "signal";
    b.reason = "exited with status " + std::to_string(pr.status);
  }
  return b;
}

nlohmann::ordered_json record_of(const std::string& status, const std::vector<BlockOutcome>& blocks,
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
    if (!b.err.empty()) t["stderr"] = b.err;
    tests.push_back(t);
  }
  r["blocks"] = {{"ran", blocks.size()}, {"passed", passed}, {"failed", blocks.size() - passed}, {"tests", tests}};
  nlohmann::ordered_json contracts = nlohmann::ordered_json::array(), regressions = nlohmann::ordered_json::array();
  for (const FileOutcome& f : files) {
    nlohmann::ordered_json c;
    c["file"] = f.file;
    if (f.regression) {
      c["status"] = f.status;
      c["cases"] = f.cases;
      c["implementations"] = 0;
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

std::string human_of(const std::string& status, const std::vector<BlockOutcome>& blocks, const std::vector<FileOutcome>& files) {
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
  for (const FileOutcome& f : files)
    if (f.status != "passed")
      s += std::string(f.regression ? "regressions " : "contract ") + f.file + (f.symbol.empty() ? "" : " (" + f.symbol + ")") +
           ": " + f.reason + "\n";
  return s;
}

bool read_file(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  text = ss.str();
  return true;
}

}  // namespace

int cmd_test(const Command& cmd, const std::vector<std::string>& argv) {
  Args args;
  Output out;
  if (std::optional<int> answered = open_command(cmd, argv, kFlags, args, out)) return *answered;
  if (args.operands.size() > 1) return usage_error(out, "cairn test takes one PATH, not " + std::to_string(args.operands.size()) + ".");
  if (args.get("engine").value_or("interp") == "native")
    return usage_error(out, "The native engine arrives with the lowering; use --engine interp.");
  if (args.has("cc")) return usage_error(out, "--cc applies to the native engine, not to --engine interp.");
  if (args.has("filter") && args.has("test")) return usage_error(out, "--filter and --test exclude each other.");
  double timeout = 60;
  if (auto t = args.get("timeout"); t && !parse_seconds(*t, timeout))
    return usage_error(out, "--timeout takes a decimal number of seconds > 0, not \"" + *t + "\".");
  unsigned jobs = available_cpus();
  if (auto j = args.get("jobs")) {
    if (j->empty() || j->size() > 4 || j->find_first_not_of("0123456789") != std::string::npos || std::stoul(*j) == 0 ||
        std::stoul(*j) > 1024)
      return usage_error(out, "--jobs takes a whole number from 1 to 1024, not \"" + *j + "\".");
    jobs = static_cast<unsigned>(std::stoul(*j));
  }
  std::optional<std::string> junit = args.get("junit");
  if (junit && junit->empty()) return usage_error(out, "--junit needs a FILE.");

  std::string path = args.operands.empty() ? "." : args.operands[0];
  driver::CheckRun run = driver::run(path, driver::Stop::Full);
  if (run.refusal) return print_refusal(out, *run.refusal);
  if (run.project.target != "hosted") return usage_error(out, "Test blocks run on the hosted target only.");
  std::unique_ptr<sem::Engine> eng = sem::Engine::compile(*run.program, run.sources);
  if (!eng) return usage_error(out, "The interpreter cannot run this program.");

  // The project's own test blocks, in source order, then its contract and regression files.
  std::optional<std::string> filter = args.get("filter"), only = args.get("test");
  std::vector<const check::FnInfo*> blocks;
  size_t found = 0;
  for (const check::FnInfo& f : run.program->fns) {
    if (!f.is_test || f.in_dependency) continue;
    ++found;
    std::string name = f.qualified.empty() ? f.name : f.qualified;
    if (filter && name.find(*filter) == std::string::npos) continue;
    if (only && name != *only) continue;
    blocks.push_back(&f);
  }
  std::string prefix;  // the project directory as the manifest's paths are joined to it
  if (run.project.own_files_begin < run.project.files.size()) {
    const project::ProjectFile& pf = run.project.files[run.project.own_files_begin];
    if (pf.fs_path.size() >= pf.display_name.size()) prefix = pf.fs_path.substr(0, pf.fs_path.size() - pf.display_name.size());
  }
  std::vector<targets::Contract> contracts;
  std::vector<FileOutcome> files;
  for (const std::string& fs : run.project.tests) {
    ++found;
    std::string display = !prefix.empty() && fs.rfind(prefix, 0) == 0 ? fs.substr(prefix.size()) : fs;
    std::string text;
    if (!read_file(fs, text)) return usage_error(out, "Cannot read the tests file " + display + ".");
    bool regression = text.find("\"cairn.regressions/1\"") != std::string::npos;
    if (regression) {
      nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
      regression = doc.is_object() && doc.contains("schema") && doc["schema"] == "cairn.regressions/1";
    }
    if (regression) {
      if (filter || only) continue;
      FileOutcome f;
      f.file = display;
      f.regression = true;
      f.status = "unknown";
      f.reason = "kept regressions are replayed once cairn validate exists";
      files.push_back(f);
      contracts.emplace_back();
      continue;
    }
    targets::Contract c = targets::load_contract(display, text, *eng);
    if (only || (filter && c.symbol.find(*filter) == std::string::npos)) continue;
    FileOutcome f;
    f.file = display;
    f.symbol = c.symbol;
    f.cases = c.case_count;
    files.push_back(f);
    contracts.push_back(std::move(c));
  }
  if ((filter || only) && blocks.empty() && files.empty())
    return usage_error(out, only ? "No test block is named " + *only + "." : "No test block or contract name contains \"" + *filter + "\".");

  sem::Limits limits;
  targets::install_interrupt_handlers();
  std::vector<BlockOutcome> results(blocks.size());
  size_t nblocks = blocks.size();
  run_parallel(nblocks + files.size(), jobs, [&](size_t i) {
    if (i < nblocks) {
      results[i] = run_block(*eng, *blocks[i], limits, timeout);
      return;
    }
    FileOutcome& f = files[i - nblocks];
    if (f.regression) return;
    targets::ContractResult cr = targets::run_contract(*eng, contracts[i - nblocks], run.sources, limits, timeout,
                                                       limits.memory_bytes + (uint64_t{3} << 29) + (uint64_t{1} << 30));
    f.status = cr.passed ? "passed" : "failed";
    f.failed_case = cr.failed_case;
    f.reason = cr.reason;
    f.seconds = ms3(cr.seconds);
    f.type = cr.reason.find("trapped") != std::string::npos ? "trap"
             : cr.reason.find("timed out") != std::string::npos ? "timeout"
             : cr.reason.find("stopped by") != std::string::npos ? "signal"
                                                                  : "wrong-result";
  });

  bool block_failed = false, file_failed = false, unknown = false;
  for (const BlockOutcome& b : results) block_failed |= !b.passed;
  for (const FileOutcome& f : files) file_failed |= f.status == "failed", unknown |= f.status == "unknown";
  std::string status = found == 0 ? "no-tests"
                       : block_failed ? "test-blocks-failed"
                       : file_failed  ? "failed-tests"
                       : unknown      ? "unknown"
                                      : "passed-finite-tests";
  int code = status == "passed-finite-tests" ? 0 : status == "unknown" ? 2 : 1;
  std::string error;
  if (junit && !write_junit(*junit, results, files, error)) {
    std::fprintf(stderr, "error: %s\n", error.c_str());
    code = 2;
  }
  if (out.format == Format::Json) print_record(out, record_of(status, results, files, junit));
  else print_text(human_of(status, results, files));
  return code;
}

}  // namespace cairn::cli
