// Running a set of programs on every engine: check and lower each, run the interpreter in a child, build one batch
// per engine, run each program of each batch in its own child under the limits (tools.md §6.2). A board engine
// (qemu-aarch64) builds one image of the programs the freestanding profile accepts and starts the emulator once
// per group of them, naming them on the image's command line (board_group.h).
#pragma once
#include <atomic>
#include <map>
#include <mutex>
#include <random>
#include <string>
#include <vector>

#include "fuzz/run/batch.h"
#include "fuzz/run/engine.h"
#include "fuzz/run/outcome.h"
#include "fuzz/run/parallel.h"
#include "targets/program_run.h"

namespace cairn::fuzz {

struct StageSeconds {
  double generate = 0, check = 0, interp = 0, build = 0, run = 0, reduce = 0;
};

// One program on its way through the engines.
struct Slot {
  std::string name;  // file stem in the work directory ("p17")
  std::string text;  // the source
  bool accepted = false;
  std::string refusal;  // when the checker refused it: "E-CODE: message at LINE:COL"
  ProgramCpp cpp;
  bool board_skipped = false;  // outside the freestanding profile: the board engines do not take part (not a finding)
  std::map<EngineId, Outcome> outcomes;  // every engine that ran it, interp included
};

struct PipelineOptions {
  std::string workdir;            // scratch directory (runtime headers written there once)
  std::string tag = "b";          // the start of its batch files' names (two pipelines may share a workdir)
  std::vector<EngineId> engines;  // interp first
  unsigned jobs = 1;
  targets::RunLimits limits{10, 1024, false};
};

class Pipeline {
 public:
  explicit Pipeline(PipelineOptions o) : o_(std::move(o)) {}
  // False with `error` when the work directory cannot be prepared.
  bool prepare(std::string& error);
  // Checks, lowers and interprets every slot (serially: cheap), then builds and runs the accepted ones natively.
  void run(std::vector<Slot>& slots, StageSeconds& t);
  // The two halves of run, for a campaign that keeps two batches in flight: check, lower and interpret every slot
  // (returns the accepted ones), then build and run those. Several build_and_run may run at once on different
  // slots (from different threads): their builds and runs share `jobs` tokens, the lower `rank` served first.
  std::vector<Slot*> check_all(std::vector<Slot>& slots, StageSeconds& t);
  void build_and_run(std::vector<Slot*>& slots, StageSeconds& t, uint64_t rank = 0);
  // The checker's verdict only (the reducer's cheap filter).
  bool accepts(const std::string& name, const std::string& text);
  const PipelineOptions& options() const { return o_; }

 private:
  void check_and_interpret(Slot& s, StageSeconds& t);
  struct Unit {
    EngineId engine;
    std::vector<size_t> members;  // indices of the slots the unit holds, in order
  };
  struct Built;
  std::vector<std::vector<Built>> build(const std::vector<Unit>& units, const std::vector<Slot*>& slots, uint64_t rank);
  std::vector<size_t> longest_first(const std::vector<Unit>& units);
  Outcome run_confirmed(EngineId engine, const std::string& artifact, size_t member);
  std::vector<Outcome> run_board_group(EngineId engine, const std::string& artifact,
                                       const std::vector<std::pair<size_t, const Outcome*>>& members);
  double board_timeout() const;
  bool boards_wanted() const;
  PipelineOptions o_;
  TokenPool tokens_{o_.jobs};
  std::atomic<unsigned> batch_counter_{0};
  // A group start's nonce (board_group.h): unknown to the programs, different for every start.
  const uint64_t nonce_base_ = std::random_device{}();
  std::atomic<uint64_t> nonce_counter_{0};
  std::mutex build_s_mutex_;
  std::map<EngineId, double> build_s_;  // the last build time of each engine's unit, to start the longest first
};

}  // namespace cairn::fuzz
