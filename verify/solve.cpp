// Solver checks in children: the chosen solvers started together, each result framed back to cairn.
#include "verify/solve.h"

#include <z3.h>

#include <cvc5/cvc5.h>


#include "verify/child.h"

namespace cairn::smt {

namespace {

// One line per field; the free text (reason, logic) is length-prefixed so any byte survives.
void put_text(std::string& out, const std::string& s) { out += std::to_string(s.size()) + ":" + s; }

bool get_text(const std::string& in, size_t& pos, std::string& s) {
  size_t colon = in.find(':', pos);
  if (colon == std::string::npos || colon == pos || colon - pos > 12) return false;
  size_t n = 0;
  for (size_t i = pos; i < colon; ++i) {
    if (in[i] < '0' || in[i] > '9') return false;
    n = n * 10 + static_cast<size_t>(in[i] - '0');
  }
  if (in.size() - colon - 1 < n) return false;
  s = in.substr(colon + 1, n);
  pos = colon + 1 + n;
  return true;
}

bool get_number(const std::string& in, size_t& pos, uint64_t& v) {
  std::string s;
  if (!get_text(in, pos, s) || s.empty()) return false;
  v = 0;
  for (char ch : s) {
    if (ch < '0' || ch > '9') return false;
    v = v * 10 + static_cast<uint64_t>(ch - '0');
  }
  return true;
}

CheckResult from_child(const ChildResult& c, unsigned timeout_ms) {
  CheckResult r;
  r.milliseconds = c.milliseconds;
  switch (c.end) {
    case ChildEnd::Finished:
      if (decode_result(c.payload, r)) {
        r.milliseconds = c.milliseconds;
        return r;
      }
      r = CheckResult{};
      r.answer = Answer::Error;
      r.reason = "the solver process returned an unreadable answer";
      break;
    case ChildEnd::Killed:
      r.answer = Answer::Timeout;
      r.reason = "still busy at " + std::to_string(hard_limit_ms(timeout_ms)) + " ms: stopped";
      break;
    case ChildEnd::Crashed:
      r.answer = Answer::Error;
      r.reason = c.signal ? "the solver process ended by " + signal_text(c.signal) : c.error;
      break;
    case ChildEnd::NotStarted:
      r.answer = Answer::Error;
      r.reason = "the solver process could not start: " + c.error;
      break;
  }
  r.milliseconds = c.milliseconds;
  return r;
}

}  // namespace

SolverSet SolverSet::only(Solver s) {
  SolverSet set;
  set.use.fill(false);
  set.use[static_cast<size_t>(s)] = true;
  return set;
}

unsigned hard_limit_ms(unsigned timeout_ms) { return 2 * timeout_ms + 500; }

std::string encode_result(const CheckResult& r) {
  std::string out;
  put_text(out, std::to_string(static_cast<unsigned>(r.answer)));
  put_text(out, r.reason);
  put_text(out, r.logic);
  put_text(out, r.retried ? "1" : "0");
  put_text(out, std::to_string(r.values.size()));
  for (uint64_t v : r.values) put_text(out, std::to_string(v));
  return out;
}

bool decode_result(const std::string& in, CheckResult& r) {
  size_t pos = 0;
  uint64_t answer = 0, retried = 0, count = 0;
  if (!get_number(in, pos, answer) || answer > static_cast<uint64_t>(Answer::NotRun)) return false;
  if (!get_text(in, pos, r.reason) || !get_text(in, pos, r.logic)) return false;
  if (!get_number(in, pos, retried) || retried > 1 || !get_number(in, pos, count) || count > (1u << 20)) return false;
  r.answer = static_cast<Answer>(answer);
  r.retried = retried == 1;
  r.values.assign(count, 0);
  for (uint64_t& v : r.values)
    if (!get_number(in, pos, v)) return false;
  return pos == in.size();
}

Answers solve(const Query& query, const SolverSet& use) {
  std::vector<ChildJob> jobs;
  std::vector<Solver> who;
  for (Solver s : all_solvers()) {
    if (!use.has(s)) continue;
    ChildJob job;
    job.body = [s, &query] { return encode_result(check(s, query)); };
    job.hard_limit_ms = hard_limit_ms(query.timeout_ms);
    job.memory_extra = kSolverMemoryBytes;
    jobs.push_back(std::move(job));
    who.push_back(s);
  }
  std::vector<ChildResult> ends = run_children(jobs);
  Answers out;
  for (CheckResult& r : out) {
    r.answer = Answer::NotRun;
    r.logic = query_logic(query);
  }
  for (size_t i = 0; i < who.size(); ++i) {
    CheckResult r = from_child(ends[i], query.timeout_ms);
    if (r.logic.empty()) r.logic = query_logic(query);
    out[static_cast<size_t>(who[i])] = r;
  }
  return out;
}

std::string solver_version(Solver s) {
  switch (s) {
    case Solver::Z3: {
      unsigned major = 0, minor = 0, build = 0, revision = 0;
      Z3_get_version(&major, &minor, &build, &revision);
      return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(build);
    }
    case Solver::Cvc5: {
      static const std::string v = [] {
        try {
          cvc5::Solver solver;
          return solver.getVersion();
        } catch (const std::exception&) {
          return std::string("unavailable");
        }
      }();
      return v;
    }
  }
  return "";
}

}  // namespace cairn::smt
