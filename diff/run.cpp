// run_diff: the phases of `cairn diff` in order: sides, check and lower, classes without a solver, the verify
// engine on what changed, native replays of witnesses, templates, semver, the record and its renderings.
#include "diff/diff.h"

#include <chrono>
#include <set>

#include "diff/classify.h"
#include "diff/compare.h"
#include "diff/record.h"
#include "diff/replay.h"
#include "diff/require.h"
#include "base/temp_dir.h"

namespace cairn::diff {

namespace {

using Json = nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

DiffResult environment(const std::string& message) {
  DiffResult r;
  r.environment = diag::environment_failure(message);
  r.exit_code = 2;
  return r;
}

std::optional<std::string> options_error(const DiffOptions& o) {
  if (o.timeout_ms < 1 || o.timeout_ms > 30000)
    return "--timeout-ms takes a whole number from 1 to 30000, not " + std::to_string(o.timeout_ms) + ".";
  bool any = false;
  for (bool u : o.solvers.use) any = any || u;
  if (!any) return "--solver names no solver.";
  if (!(o.budget_s > 0)) return "--budget-s takes a positive number of seconds.";
  if (o.jobs < 1) return "--jobs takes a whole number of at least 1.";
  if (o.shard_count < 1 || o.shard_index < 1 || o.shard_index > o.shard_count)
    return "--shard takes I/N with 1 <= I <= N.";
  if (!o.require.empty() && o.require != "equivalent" && o.require != "identical")
    return "--require takes equivalent or identical, not " + o.require + ".";
  return std::nullopt;
}

// --shard I/N: the functions of this shard only (I, I+N, ... in name order), so N runs cover the diff once.
void keep_shard(Classified& c, unsigned index, unsigned count) {
  if (count <= 1) return;
  size_t i = 0;
  for (auto it = c.fns.begin(); it != c.fns.end(); ++i) it = i % count == index - 1 ? std::next(it) : c.fns.erase(it);
  std::vector<std::string> keep;
  for (const std::string& name : c.to_compare)
    if (c.fns.count(name)) keep.push_back(name);
  c.to_compare = keep;
}

// Rule 4's answers applied, then rule 5: an identical own code noted, a native disagreement made unknown.
void apply_compared(Classified& c, const std::vector<Compared>& answers, Replayer& replayer, unsigned replays,
                    unsigned jobs, bool& disagreement) {
  unsigned made = 0;
  std::set<std::string> replayed;  // the first `replays` witnesses in name order
  for (size_t i = 0; i < answers.size() && replayed.size() < replays; ++i)
    if (answers[i].cls == "behavior-changed" && answers[i].witness) replayed.insert(c.to_compare[i]);
  if (!replayed.empty()) replayer.prepare(jobs, replayed);
  for (size_t i = 0; i < c.to_compare.size(); ++i) {
    Entry& e = c.fns.at(c.to_compare[i]);
    const Compared& a = answers[i];
    e.cls = a.cls;
    for (const auto& [k, v] : a.fields.items()) e.json[k] = v;
    disagreement = disagreement || a.disagreement;
    if (e.cls == "behavior-changed" && a.witness) {
      Json native = made < replays ? replayer.replay(c.to_compare[i], *a.witness)
                                   : replayer.not_replayed("the --replays count is spent");
      ++made;
      e.json["witness"]["native"] = native;
      if (Replayer::disagrees(native)) {
        Json keep = e.json["witness"];
        e.cls = "unknown";
        e.json.erase("witness");
        e.json["reason"] = "The value model and a native build disagree on the witness, so no difference is certified.";
        e.json["witness"] = keep;
      }
    }
    if (e.cls == "unknown" && e.own_code == "identical")
      e.json["reason"] = e.json.value("reason", std::string()) + " Its own code is identical; something it calls changed.";
  }
}

// The two sides' scratch copies, removed however the diff ends.
struct ScratchSides {
  ResolvedSide old_side, new_side;
  ~ScratchSides() {
    remove_scratch(old_side);
    remove_scratch(new_side);
  }
};

}  // namespace

DiffResult run_diff(const std::string& old_name, const std::string& new_name, const DiffOptions& options) {
  if (auto e = options_error(options)) return environment(*e);
  // What a diff killed by SIGKILL left (no handler runs then): scratch directories named with a PID that is gone.
  sweep_dead_temp_dirs("cairn-diff");
  sweep_dead_temp_dirs("cairn-diff-build");
  Timings t;
  auto t0 = Clock::now();
  ScratchSides sides;
  std::string error;
  if (!resolve_side(old_name, options.in_path, sides.old_side, error)) return environment(error);
  if (!resolve_side(new_name, options.in_path, sides.new_side, error)) return environment(error);
  std::optional<diag::Refusal> refusal;
  std::unique_ptr<Version> old_v = load_version(sides.old_side, refusal);
  if (refusal) return refused(*refusal, "old", old_name);
  std::unique_ptr<Version> new_v = load_version(sides.new_side, refusal);
  if (refusal) return refused(*refusal, "new", new_name);
  t.check = since(t0);

  auto t1 = Clock::now();
  Classified c = classify(*old_v, *new_v);
  DiffOptions o = options;
  if (std::optional<diag::Refusal> bad = gather_allows(c, *new_v, o.allow)) {
    DiffResult r;
    r.environment = *bad;
    return r;
  }
  keep_shard(c, options.shard_index, options.shard_count);
  t.emission = since(t1);

  auto t2 = Clock::now();
  CompareOptions co{options.timeout_ms, options.solvers, options.jobs, options.budget_s};
  std::vector<Compared> answers = compare_functions(*old_v, *new_v, c.to_compare, co);
  t.solver = since(t2);

  Replayer replayer(*old_v, *new_v);
  bool disagreement = false;
  apply_compared(c, answers, replayer, options.replays, options.jobs, disagreement);
  t.replay = replayer.seconds();
  classify_templates(c);
  return finish(c, *old_v, *new_v, o, disagreement, t);
}

}  // namespace cairn::diff
