// The cairn.fuzz/1 record of a campaign and its human lines (tools.md §6.5), from the campaign's tally.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fuzz/run/engine.h"
#include "fuzz/run/outcome.h"
#include "fuzz/run/pipeline.h"

namespace cairn::fuzz {

struct CampaignOptions;

struct GeneratorDefect {
  uint64_t index = 0;
  std::string file;    // the kept program ("" when it could not be written)
  std::string reason;
};

struct Disagreement {
  std::string id, file;
  uint64_t index = 0;
  FindingKind kind = FindingKind::Stdout;
  EngineId engine = EngineId::Interp;     // the engine the reduction kept disagreeing
  std::map<EngineId, Outcome> outcomes;   // every engine on the original program
  size_t from_bytes = 0, to_bytes = 0, steps = 0;
  double seconds = 0;
  bool minimal = false;
  bool duplicate = false;                 // the case was kept before: duplicate_of names it
  std::string write_error;
};

struct FuzzTally {
  uint64_t seed = 0;
  std::vector<EngineId> engines;
  std::map<std::string, std::string> unavailable;
  uint64_t programs = 0, engine_runs = 0, intended_traps = 0;
  std::map<EngineId, uint64_t> engine_programs;  // programs each engine ran (the compared ones)
  std::map<EngineId, uint64_t> engine_skipped;   // programs a board engine left out: outside the profile
  std::map<std::string, uint64_t> constructs;
  std::vector<GeneratorDefect> generator_defects;
  std::vector<Disagreement> disagreements;
  StageSeconds stages;
  double seconds = 0;
};

nlohmann::ordered_json campaign_record(const CampaignOptions& o, const FuzzTally& t);
std::string campaign_human(const CampaignOptions& o, const FuzzTally& t);

// "interp, clang-O0, ... (qemu-aarch64 unavailable: why)"
std::string engines_line(const std::vector<EngineId>& engines, const std::map<std::string, std::string>& unavailable);
nlohmann::ordered_json engines_json(const std::vector<EngineId>& engines);
// {"ENGINE": N} for every engine of `engines` (0 when absent from `counts`), or only the board engines.
nlohmann::ordered_json engine_counts_json(const std::vector<EngineId>& engines,
                                          const std::map<EngineId, uint64_t>& counts, bool boards_only);
// "qemu-aarch64: 13 programs run, 17 skipped (outside the freestanding profile)\n" per board engine, or "".
std::string board_lines(const std::vector<EngineId>& engines, const std::map<EngineId, uint64_t>& ran,
                        const std::map<EngineId, uint64_t>& skipped);

}  // namespace cairn::fuzz
