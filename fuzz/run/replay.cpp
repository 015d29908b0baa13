// `cairn fuzz --replay [DIR]`: every kept case of DIR on every engine against its expectation header (§6.3), then
// every kept smt case of DIR/smt against its interpreter expectation and its solver (smt_replay.h).
#include <algorithm>
#include <chrono>
#include <filesystem>

#include "base/atomic_file.h"
#include "base/temp_dir.h"
#include "fuzz/reduce/case_file.h"
#include "fuzz/run/campaign.h"
#include "fuzz/run/pipeline.h"
#include "fuzz/run/record.h"
#include "fuzz/smt/smt_replay.h"
#include "targets/process.h"

namespace cairn::fuzz {

namespace fs = std::filesystem;

namespace {

struct ReplayCase {
  std::string file;
  CaseHeader header;
  std::string error;                        // unreadable header or refused program
  std::map<std::string, std::string> fails;  // engine -> what it did instead
};

std::vector<std::string> case_files(const std::string& dir) {
  std::vector<std::string> files;
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec))
    if (e.is_regular_file(ec) && e.path().extension() == ".cairn") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

// Programs each engine ran, and those a board engine left out (outside the freestanding profile).
struct ReplayCounts {
  std::map<EngineId, uint64_t> ran, skipped;
};

nlohmann::ordered_json replay_record(const ReplayOptions& o, const std::vector<ReplayCase>& cases,
                                     const std::vector<SmtReplayCase>& smt_cases, bool failed, const ReplayCounts& n) {
  nlohmann::ordered_json j;
  j["protocol"] = "cairn.fuzz/1";
  j["mode"] = "replay";
  j["status"] = failed ? "disagreed" : "agreed";
  j["dir"] = o.dir;
  j["engines"] = engines_json(o.engines);
  nlohmann::ordered_json un = nlohmann::ordered_json::object();
  for (const auto& [name, why] : o.unavailable) un[name] = why;
  j["engines_unavailable"] = un;
  j["programs"] = cases.size() + smt_cases.size();
  j["smt_cases"] = smt_cases.size();
  j["engine_programs"] = engine_counts_json(o.engines, n.ran, false);
  j["engine_skipped"] = engine_counts_json(o.engines, n.skipped, true);
  nlohmann::ordered_json a = nlohmann::ordered_json::array();
  for (const ReplayCase& c : cases) {
    nlohmann::ordered_json cj;
    cj["file"] = c.file;
    cj["status"] = c.error.empty() && c.fails.empty() ? "passed" : "failed";
    if (!c.error.empty()) cj["error"] = c.error;
    if (!c.fails.empty()) cj["engines"] = c.fails;
    a.push_back(cj);
  }
  for (const SmtReplayCase& c : smt_cases) a.push_back(c.to_json());
  j["cases"] = a;
  return j;
}

std::string replay_human(const ReplayOptions& o, const std::vector<ReplayCase>& cases,
                         const std::vector<SmtReplayCase>& smt_cases, bool failed, const ReplayCounts& n) {
  size_t bad = 0, all = cases.size() + smt_cases.size();
  for (const ReplayCase& c : cases) bad += c.error.empty() && c.fails.empty() ? 0 : 1;
  for (const SmtReplayCase& c : smt_cases) bad += c.passed() ? 0 : 1;
  std::string s = "fuzz replay " + o.dir + ": " + std::to_string(all) + " case" + (all == 1 ? "" : "s") +
                  (smt_cases.empty() ? "" : " (" + std::to_string(smt_cases.size()) + " smt)") + "\nengines: " + engines_line(o.engines, o.unavailable) + "\n" +
                  board_lines(o.engines, n.ran, n.skipped);
  s += failed ? "disagreed: " + std::to_string(bad) + " failing case" + (bad == 1 ? "" : "s") + "\n" : "agreed\n";
  for (const ReplayCase& c : cases) {
    if (!c.error.empty()) s += "failed  " + c.file + ": " + c.error + "\n";
    for (const auto& [engine, why] : c.fails) s += "failed  " + c.file + "  " + engine + ": " + why + "\n";
  }
  for (const SmtReplayCase& c : smt_cases) {
    if (!c.error.empty()) s += "failed  " + c.file + ": " + c.error + "\n";
    for (const auto& [side, why] : c.fails) s += "failed  " + c.file + "  " + side + ": " + why + "\n";
  }
  return s;
}

}  // namespace

CampaignResult run_replay(const ReplayOptions& o) {
  CampaignResult r;
  std::error_code ec;
  if (!fs::is_directory(o.dir, ec)) {
    r.environment = diag::environment_failure("The replay directory " + o.dir + " does not exist.");
    r.exit_code = 2;
    return r;
  }
  std::vector<ReplayCase> cases;
  std::vector<Slot> slots;
  for (const std::string& f : case_files(o.dir)) {
    ReplayCase c;
    c.file = f;
    std::string text;
    if (!read_file(f, text)) c.error = "The file cannot be read.";
    else parse_case(text, c.header, c.error);
    if (c.error.empty()) {
      Slot s;
      s.name = "c" + std::to_string(slots.size());
      s.text = text;
      slots.push_back(std::move(s));
    }
    cases.push_back(std::move(c));
  }
  std::string error;
  std::string dir = make_temp_dir("cairn-fuzz-replay", error);
  if (dir.empty()) {
    r.environment = diag::environment_failure(error);
    r.exit_code = 2;
    return r;
  }
  targets::remove_on_interrupt(dir);
  PipelineOptions po;
  po.workdir = dir;
  po.engines = o.engines;
  po.jobs = o.jobs;
  po.limits = o.limits;
  Pipeline p(po);
  StageSeconds t;
  if (p.prepare(error)) p.run(slots, t);
  size_t k = 0;
  bool failed = !error.empty();
  ReplayCounts counts;
  for (ReplayCase& c : cases) {
    if (!c.error.empty()) {
      failed = true;
      continue;
    }
    const Slot& s = slots[k++];
    if (!s.accepted) c.error = "the checker refuses it: " + s.refusal;
    if (s.board_skipped)
      for (EngineId id : o.engines)
        if (engine_info(id).kind == EngineKind::Qemu) ++counts.skipped[id];
    for (const auto& [id, out] : s.outcomes) {
      if (out.end != Outcome::End::NotRun) ++counts.ran[id];
      std::string why;
      if (out.end != Outcome::End::NotRun && !meets_expectation(c.header, out, why)) c.fails[engine_info(id).name] = why;
    }
    failed |= !c.error.empty() || !c.fails.empty();
  }
  fs::remove_all(dir, ec);
  targets::forget_on_interrupt(dir);
  std::vector<SmtReplayCase> smt_cases = replay_smt_cases(o.dir);
  for (const SmtReplayCase& c : smt_cases) failed |= !c.passed();
  r.record = replay_record(o, cases, smt_cases, failed, counts);
  r.human = replay_human(o, cases, smt_cases, failed, counts);
  r.exit_code = failed ? 1 : 0;
  return r;
}

}  // namespace cairn::fuzz
