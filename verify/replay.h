// Concrete replay of a witness through the reference interpreter (tools.md §3.5-3.6), and how the inputs and
// outcomes read in records (§1.3) and for people (§3.9).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "semantics/embed.h"
#include "smt/encode.h"
#include "verify/load.h"
#include "verify/rules.h"

namespace cairn::smt {

// A function to call: its engine (compiled once per side), the function, and its side (for file names).
struct Callee {
  sem::Engine* engine = nullptr;
  const check::FnInfo* fn = nullptr;
  const Side* side = nullptr;
};

struct Replayed {
  std::vector<sem::ArgValue> args;
  std::optional<sem::CallOutcome> pre, ref, cand;
  // Some run stopped at its step budget or trapped `stack` (a deep recursion): outside the model, so the
  // replay shows nothing either way.
  bool out_of_resources = false;
};

enum class ReplayFinding : uint8_t {
  Confirmed,                 // the interpreter shows what the stage asked
  PreconditionDisagreement,  // the precondition traps or is false where the solver said it holds
  ReplayDisagreed,           // the interpreter does not show it
  Unreplayable,              // the embedding API cannot carry this signature's values (`why` says)
};

// Runs what `stage` needs: the precondition (when given), then R and C where the stage compares them.
Replayed replay(Stage stage, const std::vector<sem::ArgValue>& args, const Callee* pre, const Callee& ref,
                const Callee& cand);
// Whether the replay shows what `stage` asked.
ReplayFinding judge(Stage stage, const Replayed& r, const Callee& ref, std::string* why);

// Two outcomes agree as §3.1 says: all traps are one outcome; values compare as data (float bits).
bool outcomes_agree(const sem::CallOutcome& a, const sem::CallOutcome& b);
// Some observed float (result, rw elements) is a NaN.
bool outcome_has_nan(const check::FnInfo& fn, const sem::CallOutcome& o);

// Records: the inputs as {PARAM: V}; an outcome as {"defined", "return", "written"} or {"defined", "trap"};
// a model's leaf values as {LEAF: V}.
nlohmann::ordered_json inputs_json(const Inputs& in, const std::vector<sem::ArgValue>& args);
nlohmann::ordered_json outcome_json(const Callee& c, const sem::CallOutcome& o);
nlohmann::ordered_json leaves_json(const Inputs& in, const std::vector<uint64_t>& values);

// People: "x = 63, xs = [0, 1, 2]"; "returns 126", "traps (overflow at f.cairn:3)".
std::string inputs_text(const Inputs& in, const std::vector<sem::ArgValue>& args);
std::string outcome_text(const Callee& c, const sem::CallOutcome& o);

}  // namespace cairn::smt
