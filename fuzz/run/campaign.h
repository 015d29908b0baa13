// A differential campaign (tools.md §6.1-6.3, 6.5): programs of a seed in batches through every engine, each
// disagreement reduced and kept, and the cairn.fuzz/1 record. Also --replay of the kept cases.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "front/diag/report.h"
#include "fuzz/gen/generate.h"
#include "fuzz/run/engine.h"
#include "targets/program_run.h"

namespace cairn::fuzz {

struct CampaignOptions {
  uint64_t seed = 0;
  std::optional<uint64_t> count;    // --count (default 1000 when neither is given)
  std::optional<double> seconds;    // --seconds
  std::optional<uint64_t> index;    // --index: only this program
  std::vector<EngineId> engines;    // interp first
  std::map<std::string, std::string> unavailable;
  unsigned jobs = 1;
  std::string out_dir = "regressions/fuzz";
  double reduce_s = 120;
  unsigned shard_index = 1, shard_count = 1;
  size_t batch = 100;               // programs per translation unit
  targets::RunLimits limits{10, 1024, false};
  // The program source; fuzz::generate unless a test plants another.
  std::function<Generated(uint64_t seed, uint64_t index)> generator;
  bool progress = false;            // a line per batch on stderr
};

struct CampaignResult {
  nlohmann::ordered_json record;
  std::string human;
  int exit_code = 0;
  std::optional<diag::Refusal> environment;
};

CampaignResult run_campaign(const CampaignOptions& o);

// Under --seconds: the size of the next batch, to end near the deadline at the pace so far (a cautious guess before
// any program is judged). 0 when less than a quarter of a full batch would fit: the campaign then judges the batch in
// flight and asks again, at the pace that gives, and stops when nothing is in flight. The first batch always starts.
struct BatchPace {
  double remaining_s = 0;  // until the deadline
  size_t judged = 0;       // programs judged so far, in elapsed_s
  double elapsed_s = 0;    // seconds since the start
  size_t in_flight = 0;    // programs launched and not yet judged
  bool first = false;      // no batch yet
  size_t full = 100;       // CampaignOptions::batch
};
size_t timed_batch_size(const BatchPace& p);

struct ReplayOptions {
  std::string dir = "regressions/fuzz";
  std::vector<EngineId> engines;
  std::map<std::string, std::string> unavailable;
  unsigned jobs = 1;
  targets::RunLimits limits{10, 1024, false};
};

CampaignResult run_replay(const ReplayOptions& o);

}  // namespace cairn::fuzz
