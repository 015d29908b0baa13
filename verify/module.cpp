// `cairn verify --all`: every function of the two files, each compared as under --symbol within the module's
// 30 s budget, summarized as cairn.verification-coverage/1 (tools.md §3.8).
#include <algorithm>
#include <chrono>
#include <set>

#include "verify/verify.h"
#include "verify/compare.h"
#include "verify/contract.h"
#include "verify/module.h"
#include "verify/record.h"

namespace cairn::smt {

namespace {

constexpr size_t kMaxModuleFunctions = 128;

using Names = std::set<std::string>;

Names names_of(const Side& s) {
  Names out;
  for (const check::FnInfo* f : own_functions(s)) out.insert(f->name);
  return out;
}

nlohmann::ordered_json list(const Names& n) {
  nlohmann::ordered_json a = nlohmann::ordered_json::array();
  for (const std::string& s : n) a.push_back(s);
  return a;
}

nlohmann::ordered_json coverage_header() {
  nlohmann::ordered_json r;
  r["protocol"] = "cairn.verification-coverage/1";
  r["status"] = "incomplete";
  r["expected"] = nlohmann::ordered_json::array();
  r["missing"] = nlohmann::ordered_json::array();
  r["extra"] = nlohmann::ordered_json::array();
  r["covered"] = nlohmann::ordered_json::array();
  r["uncovered"] = nlohmann::ordered_json::array();
  r["public_types_match"] = false;
  r["domain"] = "";
  r["scope"] = "";
  r["preconditions"] = nlohmann::ordered_json::object();
  r["results"] = nlohmann::ordered_json::object();
  r["coverage_checker_sha256"] = implementation_sha256();
  r["reference_intent_proved"] = false;
  r["native_proof"] = false;
  return r;
}

// A function left without a comparison: its own cairn.semantic/1 record.
FunctionResult not_compared(const FunctionJob& job, Status st, const std::string& reason) {
  FunctionResult f;
  f.record = record_header(job);
  set_status(f, st);
  f.record["reason"] = reason;
  f.summary = std::string(status_name(st)) + ": " + reason_phrase(reason);
  f.human = std::string(status_name(st)) + ": " + job.symbol + ": " + reason_phrase(reason) + "\n";
  return f;
}

std::string domain_text(const std::vector<AssumeArg>& assumes) {
  std::string s = "every input each function's entry guards admit";
  if (assumes.empty()) return s + "; no host precondition restricts it";
  s += ", restricted by host preconditions on ";
  for (size_t i = 0; i < assumes.size(); ++i) s += (i ? ", " : "") + assumes[i].symbol;
  return s;
}

}  // namespace

VerifyResult verify_module(const std::string& reference, const std::string& candidate,
                           const std::vector<std::string>& assume_words, const VerifyOptions& options) {
  VerifyResult out;
  auto environment = [&](const std::string& m) {
    out.environment = diag::environment_failure(m);
    out.exit_code = 2;
    return out;
  };
  if (auto e = options_error(options)) return environment(*e);
  std::vector<AssumeArg> assumes;
  std::string error;
  if (!parse_assumes(assume_words, assumes, error)) return environment(error);
  Side ref, cand;
  if (!read_side(reference, ref, error) || !read_side(candidate, cand, error)) return environment(error);
  check_side(ref);
  check_side(cand);
  nlohmann::ordered_json rec = coverage_header();
  out.exit_code = 2;
  for (const char* which : {"reference", "candidate"}) {
    const Side& s = std::string(which) == "reference" ? ref : cand;
    if (!s.refusal) continue;
    if (s.refusal->environment) {
      out.environment = s.refusal;
      return out;
    }
    rec["status"] = "rejected";
    nlohmann::ordered_json d = diag::refusal_json(*s.refusal);
    d["side"] = which;
    rec["diagnostic"] = d;
    rec["reason"] = std::string("The ") + which + " does not check: " + s.refusal->first.message;
    out.record = rec;
    out.human = std::string("rejected: the ") + which + " " + s.path + " does not check\n" + diag::render_human(*s.refusal, false);
    return out;
  }
  Names r = names_of(ref), c = names_of(cand), all, common, missing, extra;
  for (const std::string& n : r) (c.count(n) ? common : missing).insert(n);
  for (const std::string& n : c)
    if (!r.count(n)) extra.insert(n);
  all = r;
  all.insert(c.begin(), c.end());
  rec["expected"] = list(r);
  rec["missing"] = list(missing);
  rec["extra"] = list(extra);
  std::optional<std::string> types = public_types_difference(*ref.run.program, *cand.run.program);
  rec["public_types_match"] = !types;
  rec["domain"] = domain_text(assumes);
  rec["scope"] = "the non-test functions declared in " + ref.path + " and " + cand.path + ", each compared on its own";
  for (const AssumeArg& a : assumes) rec["preconditions"][a.symbol] = a.expr;
  std::vector<std::string> refusals;
  if (types) refusals.push_back("Public types differ: " + *types + ".");
  if (all.empty() || all.size() > kMaxModuleFunctions)
    refusals.push_back("The two files declare " + std::to_string(all.size()) + " functions; --all compares 1 to 128.");
  for (const AssumeArg& a : assumes)
    if (!all.count(a.symbol)) refusals.push_back("--assume names " + a.symbol + ", which neither file declares.");

  std::map<std::string, FunctionResult> results;
  if (!(all.empty() || all.size() > kMaxModuleFunctions)) {
    auto start = std::chrono::steady_clock::now();
    for (const std::string& name : common) {
      FunctionJob job{&ref, &cand, name, find_assume(assumes, name), options};
      double left_ms = kModuleBudgetSeconds * 1000 -
                       std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
      if (left_ms < 4) {
        results[name] = not_compared(job, Status::Unknown, "Whole-module solver budget exhausted");
        continue;
      }
      job.options.timeout_ms = std::max(1u, std::min(options.timeout_ms, static_cast<unsigned>(left_ms / 4)));
      FunctionResult f = compare_function(job);
      if (f.environment) return environment(*f.environment);
      results[name] = std::move(f);
    }
  }
  return finish_module(out, rec, results, all, missing, extra, refusals);
}

}  // namespace cairn::smt
