// The pipeline of one batch: check, interpret, build per engine, run per program and engine.
#include "fuzz/run/pipeline.h"

#include <chrono>

#include "front/source/atomic_file.h"
#include "fuzz/run/parallel.h"
#include "targets/board_profile.h"
#include "targets/board_run.h"

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

bool Pipeline::boards_wanted() const {
  for (EngineId e : o_.engines)
    if (engine_info(e).kind == EngineKind::Qemu) return true;
  return false;
}

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
  if (!boards_wanted()) return;
  if (targets::board_profile_accepts(*run.program))
    s.checked = std::make_shared<const driver::CheckRun>(std::move(run));
  else
    s.board_skipped = true;
}

Outcome Pipeline::run_native_confirmed(const std::string& artifact, size_t member) {
  std::vector<std::string> args = {std::to_string(member)};
  Outcome o = outcome_of(targets::run_native(artifact, args, o_.limits, true));
  if (o.end == Outcome::End::Timeout) o = outcome_of(targets::run_native(artifact, args, o_.limits, true));
  return o;
}

// One program on a board engine: its own image (there is no argv on the board to pick a program from a batch),
// built at the engine's level with the trap report on and run under the emulator with the same time limit.
Outcome Pipeline::run_board_confirmed(const driver::CheckRun& run, EngineId engine) {
  const EngineInfo& e = engine_info(engine);
  double timeout = o_.limits.timeout_s > 0 ? o_.limits.timeout_s : 10;
  Outcome o;
  for (int attempt = 0; attempt < 2; ++attempt) {
    targets::BoardOutcome b = targets::board_engine_run(run, e.cc, timeout, e.opt);
    o = Outcome();
    switch (b.status) {
      case targets::BoardOutcome::Status::Ran: o = outcome_of(b.run); break;
      case targets::BoardOutcome::Status::BuildFailed:
        o.end = Outcome::End::BuildFailed;
        o.detail = b.message;
        break;
      case targets::BoardOutcome::Status::Refused:  // the tools went missing: cairn's environment, no finding
        o.end = Outcome::End::NotRun;
        o.detail = b.message;
        break;
    }
    if (o.end != Outcome::End::Timeout) break;  // a timeout is confirmed by a second run
  }
  if (engine == EngineId::TestQemuDropMinus) std::erase(o.out, '-');  // the planted defect (engines.def)
  return o;
}

// Where each program of a batch stands for one engine after the builds: its artifact and its member number there,
// or the outcome it ends with (build-failed, not run).
struct Pipeline::Built {
  std::string artifact;
  size_t member = 0;
  Outcome failed;
};

// `beside` further tasks (the board engines' per-program builds and runs) share the batch builds' --jobs workers,
// after them: a batch build is the longest task.
std::vector<std::vector<Pipeline::Built>> Pipeline::build(const std::vector<EngineId>& natives,
                                                          const std::vector<const ProgramCpp*>& members, size_t beside,
                                                          const std::function<void(size_t)>& beside_task) {
  std::string tag = "b" + std::to_string(batch_counter_++);
  std::vector<std::vector<Built>> built(natives.size(), std::vector<Built>(members.size()));
  std::vector<BatchBuild> units(natives.size());
  parallel_for(natives.size() + beside, o_.jobs, [&](size_t k) {
    if (k >= natives.size()) return beside_task(k - natives.size());
    units[k] = build_unit(o_.workdir, tag + "-" + engine_info(natives[k]).name, batch_unit(members, natives[k]), natives[k]);
  });
  // A unit the compiler refused is built again one program at a time, so one refused program hides no other.
  std::vector<std::pair<size_t, size_t>> singles;
  for (size_t e = 0; e < natives.size(); ++e)
    for (size_t i = 0; i < members.size(); ++i) {
      Built& b = built[e][i];
      if (units[e].built) {
        b.artifact = units[e].artifact;
        b.member = i;
      } else if (units[e].environment) {
        b.failed.end = Outcome::End::NotRun;
        b.failed.detail = units[e].output;
      } else {
        singles.push_back({e, i});
      }
    }
  parallel_for(singles.size(), o_.jobs, [&](size_t k) {
    auto [e, i] = singles[k];
    std::string name = tag + "-" + std::to_string(i) + "-" + engine_info(natives[e]).name;
    BatchBuild alone = build_unit(o_.workdir, name, batch_unit({members[i]}, natives[e]), natives[e]);
    Built& b = built[e][i];
    if (alone.built) {
      b.artifact = alone.artifact;
      return;
    }
    b.failed.end = alone.environment ? Outcome::End::NotRun : Outcome::End::BuildFailed;
    b.failed.detail = alone.output;
  });
  return built;
}

void Pipeline::build_and_run(std::vector<Slot*>& slots, StageSeconds& t) {
  std::vector<EngineId> natives;
  std::vector<std::pair<EngineId, Slot*>> boards;  // each program the profile accepts, on each board engine
  for (EngineId e : o_.engines) {
    if (engine_info(e).kind == EngineKind::Native) natives.push_back(e);
    if (engine_info(e).kind == EngineKind::Qemu)
      for (Slot* s : slots)
        if (s->checked) boards.push_back({e, s});
  }
  std::vector<const ProgramCpp*> members;
  for (Slot* s : slots) members.push_back(&s->cpp);
  auto start = std::chrono::steady_clock::now();
  std::vector<Outcome> board_results(boards.size());
  std::vector<std::vector<Built>> built = build(natives, members, boards.size(), [&](size_t k) {
    board_results[k] = run_board_confirmed(*boards[k].second->checked, boards[k].first);
  });
  for (size_t k = 0; k < boards.size(); ++k) boards[k].second->outcomes[boards[k].first] = std::move(board_results[k]);
  for (Slot* s : slots) s->checked.reset();  // the checked program is no longer needed
  t.build += since(start);
  start = std::chrono::steady_clock::now();
  std::vector<Outcome> results(natives.size() * slots.size());
  parallel_for(results.size(), o_.jobs, [&](size_t k) {
    const Built& b = built[k / slots.size()][k % slots.size()];
    results[k] = b.artifact.empty() ? b.failed : run_native_confirmed(b.artifact, b.member);
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
