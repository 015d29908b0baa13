// The pipeline of one batch: check, interpret, build per engine, run per program and engine.
#include "fuzz/run/pipeline.h"

#include <algorithm>
#include <chrono>

#include "base/atomic_file.h"
#include "fuzz/run/board_group.h"
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

// The planted defect of the test-only board engine (engines.def), on whatever way its outcome was got.
void plant_board_defect(EngineId engine, Outcome& o) {
  if (engine == EngineId::TestQemuDropMinus) std::erase(o.out, '-');
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
  if (boards_wanted()) s.board_skipped = !targets::board_profile_accepts(*run.program);
}

// One program of a built unit, run in its own child (a board engine: its own emulator start, the member number as
// the image's command line) under the limits; a timeout is confirmed by a second run.
Outcome Pipeline::run_confirmed(EngineId engine, const std::string& artifact, size_t member) {
  const EngineInfo& e = engine_info(engine);
  auto once = [&] {
    if (e.kind != EngineKind::Qemu)
      return outcome_of(targets::run_native(artifact, {std::to_string(member)}, o_.limits, true));
    targets::RunLimits limits;
    limits.timeout_s = board_timeout();
    return outcome_of(targets::run_board(*targets::find_board(e.cc), artifact, limits, true, std::to_string(member)));
  };
  Outcome o = once();
  if (o.end == Outcome::End::Timeout) o = once();
  plant_board_defect(engine, o);
  return o;
}

double Pipeline::board_timeout() const { return o_.limits.timeout_s > 0 ? o_.limits.timeout_s : 10; }

// Members of one board image, several per emulator start (board_group.h): `members` pairs each one's number in
// the image with the reference outcome; their outcomes come back in order.
std::vector<Outcome> Pipeline::run_board_group(EngineId engine, const std::string& artifact,
                                               const std::vector<std::pair<size_t, const Outcome*>>& members) {
  std::vector<Outcome> out(members.size());
  const targets::Board board = *targets::find_board(engine_info(engine).cc);
  // A group's outcome that disagrees with the reference is replaced by the member's own run.
  auto keep = [&](size_t k, Outcome o) {
    plant_board_defect(engine, o);
    out[k] = compare_outcomes(*members[k].second, o) ? run_confirmed(engine, artifact, members[k].first) : o;
  };
  size_t next = 0;
  while (next < members.size()) {
    if (members.size() - next == 1) {
      out[next] = run_confirmed(engine, artifact, members[next].first);
      ++next;
      continue;
    }
    std::vector<size_t> numbers;
    for (size_t k = next; k < members.size(); ++k) numbers.push_back(members[k].first);
    GroupStart g = start_group(board, artifact, numbers, board_timeout(),
                               std::to_string(nonce_base_) + "x" + std::to_string(nonce_counter_++));
    for (Outcome& o : g.done) keep(next++, std::move(o));
    if (next == members.size()) break;
    if (g.cut)
      keep(next, std::move(*g.cut));
    else
      out[next] = run_confirmed(engine, artifact, members[next].first);
    ++next;
  }
  return out;
}

// Where each member of a unit stands after the builds: its artifact and its member number there, or the outcome
// it ends with (build-failed, not run).
struct Pipeline::Built {
  std::string artifact;
  size_t member = 0;
  Outcome failed;
};

// The order to start the units' builds in: the slowest last time first, so the short ones fill the gaps at the end.
std::vector<size_t> Pipeline::longest_first(const std::vector<Unit>& units) {
  std::vector<double> cost(units.size(), 0);
  {
    std::lock_guard<std::mutex> lock(build_s_mutex_);
    for (size_t k = 0; k < units.size(); ++k)
      if (auto it = build_s_.find(units[k].engine); it != build_s_.end()) cost[k] = it->second;
  }
  std::vector<size_t> order(units.size());
  for (size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return cost[a] > cost[b]; });
  return order;
}

std::vector<std::vector<Pipeline::Built>> Pipeline::build(const std::vector<Unit>& units,
                                                          const std::vector<Slot*>& slots, uint64_t rank) {
  std::string tag = o_.tag + std::to_string(batch_counter_++);
  auto members_of = [&](const Unit& u) {
    std::vector<const ProgramCpp*> m;
    for (size_t i : u.members) m.push_back(&slots[i]->cpp);
    return m;
  };
  std::vector<std::vector<Built>> built(units.size());
  std::vector<BatchBuild> whole(units.size());
  std::vector<size_t> order = longest_first(units);
  auto build_whole = [&](size_t n) {
    size_t k = order[n];
    EngineId e = units[k].engine;
    whole[k] = build_unit(o_.workdir, tag + "-" + engine_info(e).name, batch_unit(members_of(units[k]), e), e);
    std::lock_guard<std::mutex> lock(build_s_mutex_);
    build_s_[e] = whole[k].seconds;
  };
  parallel_for(units.size(), o_.jobs, build_whole, &tokens_, rank);
  // A unit the compiler refused is built again one program at a time, so one refused program hides no other.
  std::vector<std::pair<size_t, size_t>> singles;
  for (size_t u = 0; u < units.size(); ++u) {
    built[u].resize(units[u].members.size());
    for (size_t i = 0; i < units[u].members.size(); ++i) {
      Built& b = built[u][i];
      if (whole[u].built) {
        b.artifact = whole[u].artifact;
        b.member = i;
      } else if (whole[u].environment) {
        b.failed.end = Outcome::End::NotRun;
        b.failed.detail = whole[u].output;
      } else {
        singles.push_back({u, i});
      }
    }
  }
  auto build_alone = [&](size_t k) {
    auto [u, i] = singles[k];
    EngineId e = units[u].engine;
    std::string name = tag + "-" + std::to_string(units[u].members[i]) + "-" + engine_info(e).name;
    BatchBuild alone = build_unit(o_.workdir, name, batch_unit({&slots[units[u].members[i]]->cpp}, e), e);
    Built& b = built[u][i];
    if (alone.built) {
      b.artifact = alone.artifact;
      return;
    }
    b.failed.end = alone.environment ? Outcome::End::NotRun : Outcome::End::BuildFailed;
    b.failed.detail = alone.output;
  };
  parallel_for(singles.size(), o_.jobs, build_alone, &tokens_, rank);
  return built;
}

void Pipeline::build_and_run(std::vector<Slot*>& slots, StageSeconds& t, uint64_t rank) {
  std::vector<Unit> units;  // per engine but the interpreter: every slot, or on a board those its profile accepts
  for (EngineId e : o_.engines) {
    EngineKind kind = engine_info(e).kind;
    if (kind == EngineKind::Interp) continue;
    Unit u{e, {}};
    for (size_t i = 0; i < slots.size(); ++i)
      if (kind != EngineKind::Qemu || !slots[i]->board_skipped) u.members.push_back(i);
    if (!u.members.empty()) units.push_back(std::move(u));
  }
  auto start = std::chrono::steady_clock::now();
  std::vector<std::vector<Built>> built = build(units, slots, rank);
  t.build += since(start);
  start = std::chrono::steady_clock::now();
  // The tasks: each member of a host unit alone; on a board, up to kBoardGroup members of one image together.
  struct Task {
    size_t unit, from, to;
  };
  std::vector<Task> tasks;
  for (size_t u = 0; u < units.size(); ++u) {
    size_t step = engine_info(units[u].engine).kind == EngineKind::Qemu ? kBoardGroup : 1;
    for (size_t i = 0; i < units[u].members.size(); i += step)
      tasks.push_back({u, i, std::min(units[u].members.size(), i + step)});
  }
  std::vector<std::vector<Outcome>> results(units.size());
  for (size_t u = 0; u < units.size(); ++u) results[u].resize(units[u].members.size());
  auto run_task = [&](size_t k) {
    const Task& t = tasks[k];
    EngineId engine = units[t.unit].engine;
    std::vector<size_t> grouped;  // the task's members in the whole unit's image
    for (size_t i = t.from; i < t.to; ++i) {
      const Built& b = built[t.unit][i];
      if (b.artifact.empty())
        results[t.unit][i] = b.failed;
      else if (t.to - t.from > 1 && b.artifact == built[t.unit][t.from].artifact)
        grouped.push_back(i);
      else
        results[t.unit][i] = run_confirmed(engine, b.artifact, b.member);
    }
    if (grouped.empty()) return;
    std::vector<std::pair<size_t, const Outcome*>> members;
    for (size_t i : grouped)
      members.push_back({built[t.unit][i].member, &slots[units[t.unit].members[i]]->outcomes.at(EngineId::Interp)});
    std::vector<Outcome> got = run_board_group(engine, built[t.unit][grouped[0]].artifact, members);
    for (size_t j = 0; j < grouped.size(); ++j) results[t.unit][grouped[j]] = std::move(got[j]);
  };
  parallel_for(tasks.size(), o_.jobs, run_task, &tokens_, rank);
  for (size_t u = 0; u < units.size(); ++u)
    for (size_t i = 0; i < units[u].members.size(); ++i)
      slots[units[u].members[i]]->outcomes[units[u].engine] = std::move(results[u][i]);
  t.run += since(start);
}

std::vector<Slot*> Pipeline::check_all(std::vector<Slot>& slots, StageSeconds& t) {
  std::vector<Slot*> accepted;
  for (Slot& s : slots) {
    check_and_interpret(s, t);
    if (s.accepted) accepted.push_back(&s);
  }
  return accepted;
}

void Pipeline::run(std::vector<Slot>& slots, StageSeconds& t) {
  std::vector<Slot*> accepted = check_all(slots, t);
  if (!accepted.empty()) build_and_run(accepted, t);
}

}  // namespace cairn::fuzz
