// The pipeline of one batch: check, interpret, build per engine, run per program and engine.
#include "fuzz/run/pipeline.h"

#include <chrono>

#include "front/source/atomic_file.h"
#include "fuzz/run/parallel.h"

namespace cairn::fuzz {

namespace {

double since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

std::string refusal_text(const diag::Refusal& r) {
  std::string s = std::string(code_name(r.first.code)) + ": " + r.first.message;
  if (r.first.has_pos) s += " (line " + std::to_string(r.first.line) + ")";
  return s;
}

}  // namespace

bool Pipeline::prepare(std::string& error) { return write_runtime(o_.workdir, error); }

bool Pipeline::accepts(const std::string& name, const std::string& text) {
  std::string path = o_.workdir + "/" + name + ".cairn", error;
  if (!write_file_atomic(path, text, error)) return false;
  driver::CheckRun run = driver::run(path);
  return run.outcome == driver::Outcome::Typed && run.program && run.program->main;
}

void Pipeline::check_and_interpret(Slot& s, StageSeconds& t) {
  auto start = std::chrono::steady_clock::now();
  std::string path = o_.workdir + "/" + s.name + ".cairn", error;
  if (!write_file_atomic(path, s.text, error)) {
    s.refusal = error;
    t.check += since(start);
    return;
  }
  driver::CheckRun run = driver::run(path);
  if (run.outcome != driver::Outcome::Typed || !run.program || !run.program->main) {
    s.refusal = run.refusal ? refusal_text(*run.refusal) : "the program has no main";
    t.check += since(start);
    return;
  }
  s.accepted = true;
  s.cpp = program_cpp(run);
  t.check += since(start);
  start = std::chrono::steady_clock::now();
  targets::ProgramRun r = targets::run_interpreted(run, o_.limits, true);
  s.outcomes[EngineId::Interp] = outcome_of(r);
  t.interp += since(start);
}

Outcome Pipeline::run_native_confirmed(const std::string& artifact, size_t member) {
  std::vector<std::string> args = {std::to_string(member)};
  Outcome o = outcome_of(targets::run_native(artifact, args, o_.limits, true));
  if (o.end == Outcome::End::Timeout) o = outcome_of(targets::run_native(artifact, args, o_.limits, true));
  return o;
}

void Pipeline::build_and_run(std::vector<Slot*>& slots, StageSeconds& t) {
  std::vector<EngineId> natives;
  for (EngineId e : o_.engines)
    if (engine_info(e).kind == EngineKind::Native) natives.push_back(e);
  std::vector<const ProgramCpp*> members;
  for (Slot* s : slots) members.push_back(&s->cpp);
  unsigned batch = batch_counter_++;
  // One unit per engine; when a unit fails, each program alone, so one refused program does not hide the rest.
  std::vector<std::vector<std::string>> artifacts(natives.size(), std::vector<std::string>(slots.size()));
  std::vector<std::vector<std::string>> failures(natives.size(), std::vector<std::string>(slots.size()));
  auto start = std::chrono::steady_clock::now();
  std::vector<BatchBuild> builds(natives.size());
  parallel_for(natives.size(), o_.jobs, [&](size_t e) {
    builds[e] = build_unit(o_.workdir, "b" + std::to_string(batch) + "-" + engine_info(natives[e]).name,
                           batch_unit(members, natives[e]), natives[e]);
  });
  std::vector<std::pair<size_t, size_t>> singles;  // (engine, slot) built alone
  for (size_t e = 0; e < natives.size(); ++e)
    for (size_t i = 0; i < slots.size(); ++i) {
      if (builds[e].built) artifacts[e][i] = builds[e].artifact;
      else if (builds[e].environment) failures[e][i] = "not run: " + builds[e].output;
      else singles.push_back({e, i});
    }
  parallel_for(singles.size(), o_.jobs, [&](size_t k) {
    auto [e, i] = singles[k];
    BatchBuild b = build_unit(o_.workdir, "b" + std::to_string(batch) + "-" + std::to_string(i) + "-" +
                              engine_info(natives[e]).name, batch_unit({members[i]}, natives[e]), natives[e]);
    if (b.built) artifacts[e][i] = b.artifact;
    else failures[e][i] = (b.environment ? "not run: " : "") + b.output;
  });
  t.build += since(start);
  start = std::chrono::steady_clock::now();
  std::vector<Outcome> results(natives.size() * slots.size());
  parallel_for(results.size(), o_.jobs, [&](size_t k) {
    size_t e = k / slots.size(), i = k % slots.size();
    Outcome& o = results[k];
    if (!artifacts[e][i].empty()) {
      bool alone = !builds[e].built;
      o = run_native_confirmed(artifacts[e][i], alone ? 0 : i);
    } else {
      bool env = failures[e][i].rfind("not run: ", 0) == 0;
      o.end = env ? Outcome::End::NotRun : Outcome::End::BuildFailed;
      o.detail = env ? failures[e][i].substr(9) : failures[e][i];
    }
  });
  for (size_t k = 0; k < results.size(); ++k)
    slots[k % slots.size()]->outcomes[natives[k / slots.size()]] = std::move(results[k]);
  t.run += since(start);
}

void Pipeline::run(std::vector<Slot>& slots, StageSeconds& t) {
  std::vector<Slot*> accepted;
  for (Slot& s : slots) {
    check_and_interpret(s, t);
    if (s.accepted) accepted.push_back(&s);
  }
  if (!accepted.empty()) build_and_run(accepted, t);
}

}  // namespace cairn::fuzz
