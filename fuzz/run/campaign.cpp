// The campaign loop: generate a batch, run it on every engine, compare, reduce and keep each disagreement.
#include "fuzz/run/campaign.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <thread>

#include "base/atomic_file.h"
#include "base/temp_dir.h"
#include "fuzz/reduce/case_file.h"
#include "fuzz/reduce/reduce.h"
#include "fuzz/run/pipeline.h"
#include "fuzz/run/record.h"
#include "targets/process.h"

namespace cairn::fuzz {

namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// The first disagreement of a program with the reference: the most telling kind, then the first engine in table
// order showing it.
std::optional<std::pair<EngineId, FindingKind>> first_finding(const Slot& s) {
  std::optional<std::pair<EngineId, FindingKind>> best;
  const Outcome& ref = s.outcomes.at(EngineId::Interp);
  for (const auto& [id, o] : s.outcomes) {
    if (id == EngineId::Interp) continue;
    std::optional<FindingKind> k = compare_outcomes(ref, o);
    if (k && (!best || *k < best->second)) best = std::make_pair(id, *k);
  }
  return best;
}

// A scratch directory removed when the campaign ends or is interrupted.
struct Scratch {
  std::string dir;
  ~Scratch() {
    if (dir.empty()) return;
    std::error_code ec;
    fs::remove_all(dir, ec);
    targets::forget_on_interrupt(dir);
  }
};

class Campaign {
 public:
  Campaign(const CampaignOptions& o, FuzzTally& t) : o_(o), t_(t) {}
  bool open(std::string& error);
  bool more() const;
  void run();

 private:
  void judge(const Slot& s, uint64_t index);
  void reduce_and_keep(const Slot& s, uint64_t index, EngineId engine, FindingKind kind);
  void keep_generator_defect(const Slot& s, uint64_t index, const std::string& reason);
  uint64_t next_index();
  size_t batch_size() const;
  // A batch from its generation to its judgement.
  struct Batch {
    uint64_t rank = 0;  // its number in the campaign: the older batch is served first
    std::vector<Slot> slots;
    std::vector<uint64_t> indices;
    std::vector<Slot*> accepted;
    StageSeconds stages;  // its build and run time (its worker's own, added when it is judged)
    std::thread worker;
  };
  std::unique_ptr<Batch> prepare_batch();
  void launch(Batch& b);
  void finish(Batch& b);

  const CampaignOptions& o_;
  FuzzTally& t_;
  Scratch scratch_;
  std::optional<Pipeline> pipeline_;
  uint64_t cursor_ = 0;  // next program index to consider
  size_t in_flight_ = 0;    // programs launched and not yet judged
  uint64_t batches_ = 0;
  size_t judged_ = 0;        // programs judged so far
  Clock::time_point start_ = Clock::now();
};

bool Campaign::open(std::string& error) {
  scratch_.dir = make_temp_dir("cairn-fuzz", error);
  if (scratch_.dir.empty()) return false;
  targets::remove_on_interrupt(scratch_.dir);
  PipelineOptions po;
  po.workdir = scratch_.dir;
  po.engines = o_.engines;
  po.jobs = o_.jobs;
  po.limits = o_.limits;
  pipeline_.emplace(po);
  if (o_.index) cursor_ = *o_.index;
  return pipeline_->prepare(error);
}

uint64_t Campaign::next_index() {
  while (cursor_ % o_.shard_count != o_.shard_index - 1) ++cursor_;
  return cursor_++;
}

size_t Campaign::batch_size() const {
  if (o_.index) return 1;
  if (!o_.seconds) return o_.batch;
  BatchPace p;
  p.remaining_s = *o_.seconds - since(start_);
  p.judged = judged_;
  p.elapsed_s = since(start_);
  p.in_flight = in_flight_;
  p.first = batches_ == 0;
  p.full = o_.batch;
  return timed_batch_size(p);
}

bool Campaign::more() const {
  if (o_.index) return batches_ == 0;
  if (o_.seconds) return since(start_) < *o_.seconds;
  uint64_t limit = o_.count.value_or(1000);
  uint64_t c = cursor_;
  while (c < limit && c % o_.shard_count != o_.shard_index - 1) ++c;
  return c < limit;
}

// Generates a batch and checks, lowers and interprets its programs (in this thread); null when batch_size() is 0.
std::unique_ptr<Campaign::Batch> Campaign::prepare_batch() {
  size_t size = batch_size();
  if (size == 0) return nullptr;  // a batch that takes no program would never end the loop
  auto b = std::make_unique<Batch>();
  b->rank = batches_++;
  uint64_t limit = o_.index ? *o_.index + 1 : o_.count.value_or(UINT64_MAX);
  if (o_.seconds) limit = UINT64_MAX;
  while (b->slots.size() < size && (o_.index || more())) {
    uint64_t i = next_index();
    if (i >= limit) break;
    auto g0 = Clock::now();
    Generated g;
    try {
      g = o_.generator ? o_.generator(o_.seed, i) : generate(o_.seed, i);
    } catch (const std::exception& e) {  // a generator fault is its defect, and the campaign goes on
      t_.stages.generate += since(g0);
      ++t_.programs;
      t_.generator_defects.push_back({i, "", std::string("the generator failed: ") + e.what()});
      continue;
    }
    t_.stages.generate += since(g0);
    for (Construct c : g.constructs) t_.constructs[std::string(construct_name(c))]++;
    if (g.intended_trap) ++t_.intended_traps;
    Slot s;
    s.name = "p" + std::to_string(i);
    s.text = std::move(g.text);
    b->slots.push_back(std::move(s));
    b->indices.push_back(i);
    if (o_.index) break;
  }
  b->accepted = pipeline_->check_all(b->slots, t_.stages);
  return b;
}

// Builds and runs a prepared batch on another thread; it shares the machine's tokens with the batch before it.
void Campaign::launch(Batch& b) {
  in_flight_ += b.slots.size();
  if (b.accepted.empty()) return;
  b.worker = std::thread([this, &b] { pipeline_->build_and_run(b.accepted, b.stages, b.rank); });
}

// Waits for a launched batch, then judges its programs in order (reducing each disagreement).
void Campaign::finish(Batch& b) {
  if (b.worker.joinable()) b.worker.join();
  in_flight_ -= b.slots.size();
  t_.stages.build += b.stages.build;
  t_.stages.run += b.stages.run;
  judged_ += b.slots.size();
  for (size_t k = 0; k < b.slots.size(); ++k) judge(b.slots[k], b.indices[k]);
  if (o_.progress)
    std::fprintf(stderr, "fuzz: %llu programs, %zu disagreements, %.1f s\n", static_cast<unsigned long long>(t_.programs),
                 t_.disagreements.size(), since(start_));
}

// Two batches in flight: while one builds and runs, the next is generated, checked and interpreted, then launched
// before the first is judged, so its builds take the cores the first one's last build and its runs leave idle.
void Campaign::run() {
  std::unique_ptr<Batch> flying;
  while (more()) {
    std::unique_ptr<Batch> next = prepare_batch();
    if (!next) {
      if (!flying) break;  // nothing fits, or CampaignOptions::batch 0
      finish(*flying);     // its pace may leave room for one more batch
      flying.reset();
      continue;
    }
    launch(*next);
    if (flying) finish(*flying);
    flying = std::move(next);
  }
  if (flying) finish(*flying);
}

void Campaign::judge(const Slot& s, uint64_t index) {
  ++t_.programs;
  if (!s.accepted) return keep_generator_defect(s, index, "the checker refused it: " + s.refusal);
  const Outcome& ref = s.outcomes.at(EngineId::Interp);
  if (ref.end == Outcome::End::Timeout)
    return keep_generator_defect(s, index, "the interpreter ran past the time limit");
  if (ref.end == Outcome::End::NotRun || ref.end == Outcome::End::Crash)
    return keep_generator_defect(s, index, "the interpreter did not finish: " + outcome_line(ref) + " " + ref.detail);
  for (const auto& [id, o] : s.outcomes)
    if (o.end != Outcome::End::NotRun) {
      ++t_.engine_runs;
      ++t_.engine_programs[id];
    }
  if (s.board_skipped)
    for (EngineId id : o_.engines)
      if (engine_info(id).kind == EngineKind::Qemu) ++t_.engine_skipped[id];
  if (auto f = first_finding(s)) reduce_and_keep(s, index, f->first, f->second);
}

void Campaign::keep_generator_defect(const Slot& s, uint64_t index, const std::string& reason) {
  std::string dir = o_.out_dir + "/generator", error;
  std::error_code ec;
  fs::create_directories(dir, ec);
  std::string file = dir + "/seed-" + std::to_string(o_.seed) + "-index-" + std::to_string(index) + ".cairn";
  if (!fs::exists(file, ec) && !write_file_atomic(file, s.text, error)) file.clear();
  t_.generator_defects.push_back({index, file, reason});
}

void Campaign::reduce_and_keep(const Slot& s, uint64_t index, EngineId engine, FindingKind kind) {
  auto r0 = Clock::now();
  PipelineOptions po = pipeline_->options();
  po.engines = {EngineId::Interp, engine};
  po.tag = "r" + std::to_string(index) + "b";  // the next batch may be building beside it in the same directory
  Pipeline judge(po);
  Outcome ref = s.outcomes.at(EngineId::Interp), other = s.outcomes.at(engine);
  unsigned n = 0;
  StageSeconds ignored;
  auto accepts = [&](const std::string& text) { return judge.accepts("r" + std::to_string(index), text); };
  // A group of candidates is one batch: checked, interpreted, built once for the engine, each run alone.
  auto first_kept = [&](const std::vector<std::string>& group) {
    std::vector<Slot> slots(group.size());
    for (size_t k = 0; k < group.size(); ++k) {
      slots[k].name = "r" + std::to_string(index) + "-" + std::to_string(n++);
      slots[k].text = group[k];
    }
    judge.run(slots, ignored);
    for (size_t k = 0; k < slots.size(); ++k) {
      if (!slots[k].accepted) continue;
      const Outcome& r = slots[k].outcomes[EngineId::Interp];
      if (r.end != Outcome::End::Exited && r.end != Outcome::End::Trapped) continue;
      const Outcome& e = slots[k].outcomes[engine];
      if (compare_outcomes(r, e) != kind) continue;
      ref = r;
      other = e;
      return static_cast<int>(k);
    }
    return -1;
  };
  Reduction red = reduce_text(s.text, accepts, first_kept, o_.reduce_s);
  Disagreement d;
  d.index = index;
  d.kind = kind;
  d.engine = engine;
  d.outcomes = s.outcomes;
  d.from_bytes = s.text.size();
  d.to_bytes = red.text.size();
  d.steps = red.steps;
  d.seconds = red.seconds;
  d.minimal = red.minimal;
  CaseHeader h;
  h.seed = o_.seed;
  h.index = index;
  h.kind = finding_kind_name(kind);
  h.engine = engine_info(engine).name;
  h.observed = outcome_line(other);
  set_expectation(h, ref);
  KeptCase k = keep_case(o_.out_dir, h, red.text);
  d.id = k.id;
  d.file = k.path;
  d.duplicate = k.duplicate;
  d.write_error = k.error;
  t_.disagreements.push_back(std::move(d));
  t_.stages.reduce += since(r0);
}

}  // namespace

// Every batch pays a fixed cost, each engine's compiler start, runtime header and link, which a small batch spreads
// over few programs (all six engines: 7.0 CPU-s for a batch of 10 programs, 25.4 for one of 100). So no batch but the
// first is smaller than a quarter of a full one.
size_t timed_batch_size(const BatchPace& p) {
  constexpr double kGuessPerSecond = 4;  // before any program is judged (2 cores judge about 6 to 8 a second)
  double rate = p.judged > 0 && p.elapsed_s > 0 ? static_cast<double>(p.judged) / p.elapsed_s : kGuessPerSecond;
  double fit = p.remaining_s * rate - static_cast<double>(p.in_flight);
  double full = static_cast<double>(p.full);
  if (p.first) return static_cast<size_t>(std::clamp(fit, std::min(1.0, full), full));
  if (fit < static_cast<double>(std::max<size_t>(1, p.full / 4))) return 0;
  return std::min(p.full, static_cast<size_t>(fit));
}

CampaignResult run_campaign(const CampaignOptions& o) {
  CampaignResult r;
  FuzzTally t;
  t.seed = o.seed;
  t.engines = o.engines;
  t.unavailable = o.unavailable;
  Campaign c(o, t);
  std::string error;
  if (!c.open(error)) {
    r.environment = diag::environment_failure(error);
    r.exit_code = 2;
    return r;
  }
  auto start = Clock::now();
  c.run();
  t.seconds = since(start);
  r.record = campaign_record(o, t);
  r.human = campaign_human(o, t);
  r.exit_code = t.disagreements.empty() && t.generator_defects.empty() ? 0 : 1;
  return r;
}

}  // namespace cairn::fuzz
