// Native replays of witnesses: one call harness per side and compiler, built on first need into a scratch
// directory (never the project's), each witness one isolated call judged against the interpreter's outcome.
#include "diff/replay.h"

#include "base/temp_dir.h"
#include <stdlib.h>

#include <chrono>
#include <filesystem>

#include "verify/child.h"
#include "core/value_format.h"
#include "targets/process.h"
#include "targets/toolchain.h"

namespace cairn::diff {

namespace {

using Json = nlohmann::ordered_json;

testing::NativeHook& hook() {
  static testing::NativeHook h;
  return h;
}

constexpr unsigned kBuildLimitMs = 300000;  // one harness build, compile and link

std::string record_name(const std::string& cc) { return cc == "clang" ? "clang++" : cc == "gcc" ? "g++" : cc; }

std::string scratch_dir() {
  std::string error;
  return make_scratch_dir("cairn-diff-build", error);  // removed on an interrupt; its name carries our PID
}

std::string value_text(const check::FnInfo& fn, uint64_t bits) {
  if (fn.result && fn.result->kind == check::TypeKind::Scalar) return sem::scalar_literal(fn.result->scalar, bits);
  return std::to_string(bits);
}

// What a native outcome did, in the words of "disagrees: STATUS".
std::string did(const check::FnInfo& fn, const sem::CallOutcome& o) {
  if (!o.defined) return std::string("traps ") + check::trap_name(o.trap);
  if (o.ret) return "returns " + value_text(fn, *o.ret);
  return "returns";
}

}  // namespace

void testing::set_native_hook(NativeHook h) { hook() = std::move(h); }

struct Replayer::Harness {
  targets::BuildResult build;
  targets::CallHarness call;
};

Replayer::Replayer(const Version& old_v, const Version& new_v) : old_v_(old_v), new_v_(new_v) {
  for (const std::string& cc : targets::compiler_names()) {
    std::string error;
    if (!targets::find_compiler(cc, error)) continue;
    cc_.push_back(cc);
    names_.push_back(record_name(cc));
  }
}

Replayer::~Replayer() {
  if (scratch_.empty()) return;
  std::error_code ec;
  std::filesystem::remove_all(scratch_, ec);
  targets::forget_on_interrupt(scratch_);
}

targets::BuildResult Replayer::build(const Version& v, const std::string& side, size_t compiler) {
  targets::BuildResult b;
  if (scratch_.empty()) {
    b.error = "no scratch directory could be made for the build";
    return b;
  }
  targets::BuildOptions o;
  o.cc = cc_[compiler];
  o.build_root = scratch_ + "/" + side + "-" + cc_[compiler];
  o.only_functions = only_;
  std::error_code ec;
  std::filesystem::create_directories(o.build_root, ec);
  return targets::build_call_harness(v.checked.run, o);
}

Replayer::Harness& Replayer::keep(const Version& v, const std::string& key, targets::BuildResult b) {
  auto h = std::make_unique<Harness>();
  h->build = std::move(b);
  h->call.artifact = h->build.artifact;
  h->call.sources = &v.checked.run.sources;
  h->call.timeout_s = 10;
  return *built_.insert_or_assign(key, std::move(h)).first->second;
}

Replayer::Harness& Replayer::harness(const Version& v, const std::string& side, size_t compiler) {
  std::string key = side + "/" + cc_[compiler];
  auto it = built_.find(key);
  if (it != built_.end()) return *it->second;
  if (scratch_.empty()) scratch_ = scratch_dir();
  return keep(v, key, build(v, side, compiler));
}

void Replayer::prepare(unsigned jobs, const std::set<std::string>& names) {
  if (scratch_.empty()) scratch_ = scratch_dir();
  only_ = names;
  std::vector<smt::ChildJob> work;
  std::vector<std::pair<const Version*, std::string>> what;
  for (size_t c = 0; c < cc_.size(); ++c)
    for (const auto& [v, side] : {std::pair{&old_v_, std::string("old")}, std::pair{&new_v_, std::string("new")}}) {
      work.push_back(smt::ChildJob{[this, v = v, side = side, c] {
                                     targets::BuildResult b = build(*v, side, c);
                                     return Json{{"built", b.status == targets::BuildResult::Status::Built},
                                                 {"artifact", b.artifact},
                                                 {"error", b.error.empty() ? b.message : b.error}}
                                         .dump();
                                   },
                                   kBuildLimitMs, 0});
      what.emplace_back(v, side + "/" + cc_[c]);
    }
  auto t0 = std::chrono::steady_clock::now();
  std::vector<smt::ChildResult> ends = smt::run_children(std::move(work), std::max(1u, jobs), nullptr);
  for (size_t i = 0; i < ends.size(); ++i) {
    targets::BuildResult b;
    b.error = "the build's process ended without an answer";
    if (ends[i].end == smt::ChildEnd::Finished) {
      Json j = Json::parse(ends[i].payload, nullptr, false);
      if (j.is_object()) {
        if (j.value("built", false)) b.status = targets::BuildResult::Status::Built;
        b.artifact = j.value("artifact", std::string());
        b.error = j.value("error", std::string());
      }
    }
    keep(*what[i].first, what[i].second, std::move(b));
  }
  seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

std::string Replayer::judge(const Version& v, const std::string& side, size_t compiler, const std::string& name,
                            const smt::Witness& w, const std::optional<sem::CallOutcome>& model) {
  auto fit = v.fns.find(name);
  if (fit == v.fns.end() || !model) return "not replayed: the witness has no outcome of this side";
  const check::FnInfo& fn = *fit->second.info;
  std::string why = targets::native_call_refusal(fn);
  if (!why.empty()) return "not replayed: " + why;
  Harness& h = harness(v, side, compiler);
  if (h.build.status != targets::BuildResult::Status::Built)
    return "not replayed: the call harness did not build (" + (h.build.error.empty() ? h.build.message : h.build.error) + ")";
  targets::IsolatedOutcome got = targets::native_call(h.call, fn, w.args);
  switch (got.end) {
    case targets::IsolatedOutcome::End::NotRun: return "not replayed: " + got.detail;
    case targets::IsolatedOutcome::End::TimedOut: return "disagrees: " + got.detail;
    case targets::IsolatedOutcome::End::Crashed: return "disagrees: crashed (" + got.detail + ")";
    case targets::IsolatedOutcome::End::Returned: break;
  }
  if (hook()) hook()(names_[compiler], side, got.outcome);
  const sem::CallOutcome& m = *model;
  const sem::CallOutcome& o = got.outcome;
  if (m.defined != o.defined) return "disagrees: " + did(fn, o);
  if (!m.defined) return "agrees";  // a modeled trap ended by SIGABRT, as the harness reports it
  if (m.ret != o.ret) return "disagrees: " + did(fn, o);
  if (m.written != o.written) return "disagrees: leaves other contents in an rw parameter";
  return "agrees";
}

Json Replayer::replay(const std::string& name, const smt::Witness& w) {
  auto t0 = std::chrono::steady_clock::now();
  Json out = Json::object();
  for (size_t c = 0; c < cc_.size(); ++c) {
    Json r = Json::object();
    r["before"] = judge(old_v_, "old", c, name, w, w.ref);
    r["after"] = judge(new_v_, "new", c, name, w, w.cand);
    out[names_[c]] = r;
  }
  seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

Json Replayer::not_replayed(const std::string& why) const {
  Json out = Json::object();
  for (const std::string& n : names_) out[n] = {{"before", "not replayed: " + why}, {"after", "not replayed: " + why}};
  return out;
}

bool Replayer::disagrees(const Json& native) {
  for (const auto& [cc, r] : native.items())
    for (const auto& [side, s] : r.items())
      if (s.is_string() && s.get<std::string>().rfind("disagrees", 0) == 0) return true;
  return false;
}

}  // namespace cairn::diff
