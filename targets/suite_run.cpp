// Test blocks in their own processes under either engine, contracts as isolated calls under either, and the status.
#include "targets/suite_run.h"

#include <sched.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <sstream>
#include <thread>

#include "base/atomic_file.h"
#include "semantics/embed.h"
#include "targets/exec.h"
#include "targets/isolated_call_contract.h"
#include "targets/native_call.h"
#include "targets/process.h"

namespace cairn::targets {

namespace {

constexpr uint64_t kMiB = uint64_t{1} << 20;

double ms3(double s) { return std::round(s * 1000.0) / 1000.0; }

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

std::string block_name(const check::FnInfo& fn) { return fn.qualified.empty() ? fn.name : fn.qualified; }

// What a block's process gave: passes only on exit 0; otherwise why, from the trap report and its end.
BlockOutcome judge_block(const check::FnInfo& fn, const ProcessResult& pr, double timeout) {
  BlockOutcome b;
  b.name = block_name(fn);
  size_t dot = b.name.rfind('.');
  b.module = dot == std::string::npos ? "" : b.name.substr(0, dot);
  b.seconds = ms3(pr.seconds);
  b.out = pr.out;
  b.err = pr.err;
  b.out_truncated = pr.out_truncated;
  b.err_truncated = pr.err_truncated;
  std::string report = pr.channels.empty() ? "" : pr.channels[0];
  while (!report.empty() && report.back() == '\n') report.pop_back();
  if (report.rfind("trap: ", 0) == 0) report = report.substr(6);
  if (!pr.started) {
    b.reason = "could not start: " + pr.error;
    b.type = "harness";
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
    b.reason = "stopped by " + signal_name(pr.signal);
  } else {
    b.type = "signal";
    b.reason = "exited with status " + std::to_string(pr.status);
  }
  return b;
}

ProcessOptions block_options(double timeout) {
  ProcessOptions opts;
  opts.timeout_s = timeout;
  opts.capture = true;
  opts.channels = 1;
  opts.null_stdin = true;
  return opts;
}

// The project directory as the manifest's paths are joined to it.
std::string project_prefix(const project::Project& p) {
  if (p.own_files_begin >= p.files.size()) return "";
  const project::ProjectFile& pf = p.files[p.own_files_begin];
  if (pf.fs_path.size() < pf.display_name.size()) return "";
  return pf.fs_path.substr(0, pf.fs_path.size() - pf.display_name.size());
}

std::string type_of_contract_failure(const std::string& reason) {
  if (reason.find("trapped") != std::string::npos) return "trap";
  if (reason.find("timed out") != std::string::npos) return "timeout";
  if (reason.find("stopped by") != std::string::npos) return "signal";
  return "wrong-result";
}

}  // namespace


TestRun run_tests(const driver::CheckRun& run, const TestOptions& o) {
  TestRun t;
  std::unique_ptr<sem::Engine> eng = sem::Engine::compile(*run.program, run.sources);
  if (!eng) {
    t.usage_error = "The interpreter cannot run this program.";
    return t;
  }
  // The project's own test blocks, in source order, then its contract and regression files.
  std::vector<const check::FnInfo*> blocks;
  size_t found = 0;
  for (const check::FnInfo& f : run.program->fns) {
    if (!f.is_test || f.in_dependency) continue;
    ++found;
    std::string name = block_name(f);
    if (o.filter && name.find(*o.filter) == std::string::npos) continue;
    if (o.only && name != *o.only) continue;
    blocks.push_back(&f);
  }
  std::string prefix = project_prefix(run.project);
  std::vector<Contract> contracts;
  for (const std::string& fs : run.project.tests) {
    ++found;
    std::string display = !prefix.empty() && fs.rfind(prefix, 0) == 0 ? fs.substr(prefix.size()) : fs;
    std::string text;
    if (!read_file(fs, text)) {
      t.usage_error = "Cannot read the tests file " + display + ".";
      return t;
    }
    bool regression = text.find("\"cairn.regressions/1\"") != std::string::npos;
    if (regression) {
      nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
      regression = doc.is_object() && doc.contains("schema") && doc["schema"] == "cairn.regressions/1";
    }
    if (regression) {
      if (o.filter || o.only) continue;
      FileOutcome f;
      if (o.replay_regressions) {
        f = o.replay_regressions(fs, display);
      } else {
        f.status = "unknown";
        f.reason = "no replayer of kept regressions was given";
      }
      f.file = display;
      f.regression = true;
      t.files.push_back(f);
      contracts.emplace_back();
      continue;
    }
    Contract c = load_contract(display, text, *eng);
    if (o.only || (o.filter && c.symbol.find(*o.filter) == std::string::npos)) continue;
    FileOutcome f;
    f.file = display;
    f.symbol = c.symbol;
    f.cases = c.case_count;
    t.files.push_back(f);
    contracts.push_back(std::move(c));
  }
  if ((o.filter || o.only) && blocks.empty() && t.files.empty()) {
    t.usage_error = o.only ? "No test block is named " + *o.only + "." : "No test block or contract name contains \"" + *o.filter + "\".";
    return t;
  }

  // Natively, one executable holds every block and another, the call harness, every contract's function; a
  // failed build fails the run before any test runs.
  auto build_failed = [&] {
    for (FileOutcome& f : t.files) {
      if (!f.status.empty()) continue;
      f.status = "unknown";
      f.reason = "not run: " + t.build_what + " did not build";
    }
    t.status = "unknown";
    return t;
  };
  if (o.native && !blocks.empty()) {
    BuildOptions b = o.build;
    b.kind = lower::Kind::Tests;
    t.build = build_native(run, b);
    if (t.build->status != BuildResult::Status::Built) return build_failed();
  }
  bool any_contract = std::any_of(contracts.begin(), contracts.end(), [](const Contract& c) { return c.valid; });
  if (o.native && any_contract) {
    t.call_build = build_call_harness(run, o.build);
    if (t.call_build->status != BuildResult::Status::Built) {
      t.build = t.call_build;
      t.build_what = "the call harness of the contracts";
      return build_failed();
    }
  }

  sem::Limits limits;
  limits.memory_bytes = o.memory_mib * kMiB;
  uint64_t interp_extra = limits.memory_bytes + 1536 * kMiB;  // heap cap, the interpreter and its 1 GiB stack
  CallHarness harness;
  if (t.call_build) {
    harness.artifact = t.call_build->artifact;
    harness.sources = &run.sources;
    harness.timeout_s = o.timeout_s;
    harness.memory_mib = o.memory_mib;
    if (!o.build.sanitize.empty()) harness.address_space_mib = 0;
  }
  CallRunner call = [&](const check::FnInfo& fn, const std::vector<sem::ArgValue>& args) {
    return o.native ? native_call(harness, fn, args) : isolated_call(*eng, fn, args, limits, o.timeout_s, interp_extra);
  };
  t.blocks.resize(blocks.size());
  size_t nblocks = blocks.size();
  // A sanitizer build of cairn forks from one thread: a child forked while another thread holds the
  // sanitizer allocator's lock would wait for it forever.
  unsigned jobs = sanitized_build() ? 1 : o.jobs;
  run_parallel(nblocks + t.files.size(), jobs, [&](size_t i) {
    if (i < nblocks) {
      ProcessOptions opts = block_options(o.timeout_s);
      ProcessResult pr;
      if (o.native) {
        if (o.build.sanitize.empty()) opts.address_space_cap = limits.memory_bytes + 256 * kMiB;
        ExecSpec spec{{t.build->artifact, "--cairn-run", block_name(*blocks[i])},
                      {{"CAIRN_MEMORY_MIB", std::to_string(o.memory_mib)}},
                      "",
                      {"CAIRN_TRAP_FD"}};
        pr = run_program(spec, opts);
      } else {
        opts.address_space_extra = interp_extra;
        pr = run_process([&](std::span<const int> ch) { return eng->run_entry(*blocks[i], limits, ch[0]); }, opts);
      }
      t.blocks[i] = judge_block(*blocks[i], pr, o.timeout_s);
      if (blocks[i]->name_pos.valid()) {
        t.blocks[i].file = run.sources.file(blocks[i]->name_pos.file).display_name;
        t.blocks[i].line = blocks[i]->name_pos.line;
      }
      return;
    }
    FileOutcome& f = t.files[i - nblocks];
    if (f.regression) return;
    ContractResult cr = run_contract(contracts[i - nblocks], run.sources, call);
    f.status = cr.passed ? "passed" : "failed";
    f.failed_case = cr.failed_case;
    f.reason = cr.reason;
    f.seconds = ms3(cr.seconds);
    f.type = contracts[i - nblocks].valid ? type_of_contract_failure(cr.reason) : "invalid-contract";
  });

  bool block_failed = false, file_failed = false, unknown = false;
  for (const BlockOutcome& b : t.blocks) block_failed |= !b.passed;
  for (const FileOutcome& f : t.files) file_failed |= f.status == "failed", unknown |= f.status == "unknown";
  t.status = found == 0      ? "no-tests"
             : block_failed  ? "test-blocks-failed"
             : file_failed   ? "failed-tests"
             : unknown       ? "unknown"
                             : "passed-finite-tests";
  return t;
}

}  // namespace cairn::targets
