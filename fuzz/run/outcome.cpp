// Outcomes of engine runs and their comparison.
#include "fuzz/run/outcome.h"

#include "base/sha256.h"

namespace cairn::fuzz {

const char* finding_kind_name(FindingKind k) {
  switch (k) {
    case FindingKind::BuildFailed: return "build-failed";
    case FindingKind::Crash: return "crash";
    case FindingKind::Timeout: return "timeout";
    case FindingKind::Stdout: return "stdout";
    case FindingKind::Exit: return "exit";
    case FindingKind::TrapKind: return "trap-kind";
  }
  return "?";
}

std::optional<FindingKind> finding_kind_by_name(const std::string& s) {
  for (FindingKind k : {FindingKind::BuildFailed, FindingKind::Crash, FindingKind::Timeout, FindingKind::Stdout,
                        FindingKind::Exit, FindingKind::TrapKind})
    if (s == finding_kind_name(k)) return k;
  return std::nullopt;
}

std::optional<FindingKind> compare_outcomes(const Outcome& ref, const Outcome& other) {
  using E = Outcome::End;
  if (other.end == E::NotRun || ref.end == E::NotRun) return std::nullopt;
  if (other.end == E::BuildFailed) return FindingKind::BuildFailed;
  if (other.end == E::Crash && ref.end != E::Crash) return FindingKind::Crash;
  if ((other.end == E::Timeout) != (ref.end == E::Timeout)) return FindingKind::Timeout;
  if (ref.end == E::Timeout) return std::nullopt;
  if (ref.out != other.out) return FindingKind::Stdout;
  bool ref_trap = ref.end == E::Trapped, other_trap = other.end == E::Trapped;
  if (ref_trap != other_trap || ref.exit != other.exit || ref.end != other.end) return FindingKind::Exit;
  if (ref_trap && ref.trap != other.trap) return FindingKind::TrapKind;
  return std::nullopt;
}

Outcome outcome_of(const targets::ProgramRun& run) {
  Outcome o;
  const targets::ProcessResult& p = run.process;
  o.out = p.out;
  if (!p.started) {
    o.end = Outcome::End::NotRun;
    o.detail = p.error;
  } else if (p.timed_out) {
    o.end = Outcome::End::Timeout;
  } else if (run.trapped()) {
    o.end = Outcome::End::Trapped;
    o.exit = 134;
    std::string what = run.trap_what();
    o.trap = what.substr(0, what.find(' '));
  } else if (p.signal != 0) {
    o.end = Outcome::End::Crash;
    o.signal = p.signal;
    o.exit = p.status;
    size_t at = p.err.find("runtime error: ");  // a sanitizer's report (CAIRN_FUZZ_SANITIZE): the detail says which
    if (at != std::string::npos) {
      size_t from = p.err.rfind('\n', at);
      from = from == std::string::npos ? 0 : from + 1;
      o.detail = p.err.substr(from, p.err.find('\n', at) - from);
    }
  } else {
    o.end = Outcome::End::Exited;
    o.exit = p.exit_code;
  }
  return o;
}

namespace {
const char* end_name(Outcome::End e) {
  switch (e) {
    case Outcome::End::Exited: return "exited";
    case Outcome::End::Trapped: return "trapped";
    case Outcome::End::Timeout: return "timeout";
    case Outcome::End::Crash: return "crash";
    case Outcome::End::BuildFailed: return "build-failed";
    case Outcome::End::NotRun: return "not-run";
  }
  return "?";
}
}  // namespace

std::string json_string(const std::string& s) {
  return nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

nlohmann::ordered_json outcome_json(const Outcome& o) {
  nlohmann::ordered_json j;
  j["end"] = end_name(o.end);
  if (o.end == Outcome::End::Exited || o.end == Outcome::End::Trapped || o.end == Outcome::End::Crash)
    j["exit"] = o.exit;
  if (o.end == Outcome::End::Trapped) j["trap"] = o.trap;
  if (o.end == Outcome::End::Crash) j["signal"] = targets::signal_name(o.signal);
  if (o.end != Outcome::End::BuildFailed && o.end != Outcome::End::NotRun) {
    if (o.out.size() > kStdoutInline) j["stdout_sha256"] = sha256_hex(o.out);
    else j["stdout"] = nlohmann::json::parse(json_string(o.out));
  }
  if (!o.detail.empty()) j["detail"] = o.detail.substr(0, 2000);
  return j;
}

std::string outcome_line(const Outcome& o) {
  std::string out = o.out.size() > kStdoutInline ? "stdout-sha256 " + sha256_hex(o.out) : "stdout " + json_string(o.out);
  switch (o.end) {
    case Outcome::End::Exited: return "exit " + std::to_string(o.exit) + ", " + out;
    case Outcome::End::Trapped: return "trap " + o.trap + ", exit 134, " + out;
    case Outcome::End::Timeout: return "timeout";
    case Outcome::End::Crash: return "crash " + targets::signal_name(o.signal) + ", " + out;
    case Outcome::End::BuildFailed: return "build-failed";
    case Outcome::End::NotRun: return "not run";
  }
  return "?";
}

}  // namespace cairn::fuzz
