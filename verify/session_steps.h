// The steps of the stage loop (session.cpp) that the loop stages (session_loops.cpp) share: one stage asked, its
// answer concluded, an unknown written, and the loop-unrolling hint. Internal to verify/.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "verify/session.h"

namespace cairn::smt::detail {

struct Attempt {
  bool confirmed = false;
  Solver solver = Solver::Z3;
  std::string failure;
  std::vector<sem::ArgValue> args;
  Replayed replayed;
};

struct StageRun {
  Stage stage = Stage::Equivalence;
  std::string sha256, text;
  Answers answers;
  Decision decision;
  std::optional<Attempt> witness;  // the confirmed one
  std::optional<Attempt> failed;   // the first sat that did not replay
};

StageRun ask(Session& s, Stage stage, nlohmann::ordered_json& queries);
// Ends the comparison at this stage when it decides (filling `out`); false to go on to the next stage.
bool conclude(Session& s, FunctionResult& out, const StageRun& r, nlohmann::ordered_json& queries);
void unknown(Session& s, FunctionResult& out, const StageRun& r, const std::string& reason, const std::string& at = "");
std::string loop_reason(const Session& s);

// Some loop may run past the unrolling bound (session_loops.cpp): a proof for every trip count, else a difference
// within the bound, else one within --depth. True when the comparison ends here.
bool past_the_bound(Session& s, FunctionResult& out, const StageRun& r, nlohmann::ordered_json& queries);
// The stage loop over the session's encodings, from the first stage; `queries` grows.
void stage_loop(Session& s, FunctionResult& out, nlohmann::ordered_json& queries);
// A recursion not decided with its calls abstracted: re-encoded once with 16 calls inlined first (false when
// done before, or outside the fragment).
bool deepen_recursion(Session& s);
// A single loop pair related by induction whose invariant does not rule out a difference at `stage` (the model
// did not replay): the pair proved once more with that difference as Spacer's goal (induction.h), once per session;
// true when the session's invariant is now the stronger one.
bool strengthen_loops(Session& s, Stage stage, nlohmann::ordered_json& queries);
// The search to --depth: true when it found (and concluded with) a replayed difference.
bool deep_search(Session& s, FunctionResult& out, nlohmann::ordered_json& queries);

}  // namespace cairn::smt::detail
