// The state of one function's comparison once both versions (and the precondition) are encoded: what the
// stage loop (verify_session.cpp) reads and the record it fills.
#pragma once
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "semantics/embed.h"
#include "smt/encode.h"
#include "verify/compare.h"
#include "verify/recursion.h"
#include "verify/replay.h"
#include "verify/stages.h"

namespace cairn::smt {

struct Session {
  const FunctionJob* job = nullptr;
  const Side* ref = nullptr;  // the reference as encoded (with the precondition appended when there is one)
  const Side* cand = nullptr;
  const check::FnInfo* ref_fn = nullptr;
  const check::FnInfo* cand_fn = nullptr;
  const check::FnInfo* pre_fn = nullptr;  // nullptr: no precondition
  Context ctx;
  Inputs in;
  Encoded ref_enc, cand_enc, pre_enc;
  // After a relational loop proof (induction.h): the versions encoded with their loops summarized, and the
  // invariants those encodings rest on; the stages after loop-unrolling then ask about these.
  bool inductive = false, within_bound = false;
  Encoded ref_ind, cand_ind;
  Term assumed;
  Term pinned;  // Encodings::pinned
  nlohmann::ordered_json invariants;
  bool strengthened = false;  // the invariant was asked of Spacer once more, with the stage's difference as its goal
  // A version calls itself (recursion.h): the encodings hold its calls abstracted, `assumed` is the induction
  // hypothesis over them.
  bool recursive = false, deepened = false;
  // Engines are compiled when a witness first needs replaying.
  std::unique_ptr<sem::Engine> ref_engine, cand_engine;
  Callee ref_callee();
  Callee cand_callee();
  Callee pre_callee();
  Encodings encodings() const;
  RecursionJob recursion_job(nlohmann::ordered_json* queries);
};

// Runs the stages in order on `s`, filling `out` (status, record fields, human line).
void run_stages(Session& s, FunctionResult& out);

}  // namespace cairn::smt
