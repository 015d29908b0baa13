// One call of a kept or reduced smt case examined again (tools.md §6.3-6.4): the program checked, the named function
// run by the interpreter on fixed input leaves and its encoding asked of the given solvers with those inputs fixed.
// The reducer's predicate and `cairn fuzz --replay` of DIR/smt/ both use it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz/smt/smt_mode.h"

namespace cairn::fuzz {

// The call that stays fixed: the function by name, its signature as signature_text() gives it ("" = not compared),
// and one model value per input leaf.
struct FixedCall {
  std::string function;
  std::string signature;
  std::vector<uint64_t> leaves;
};

enum class RecheckVerdict : uint8_t {
  Refused,          // the program does not check
  NoFunction,       // the function is gone, or its signature or input shape changed
  OutsideFragment,  // the encoder does not model it any more
  BeyondBound,      // the interpreter ran out of steps or memory, or a model passes 16 iterations
  NoAnswer,         // no solver answered sat or unsat (timeout, unknown, error)
  Agreed,           // every solver asked agrees with the interpreter
  Mismatch,         // some solver disagrees: `kind`, `solver`, `detail`
};

struct Recheck {
  RecheckVerdict verdict = RecheckVerdict::Refused;
  SmtMismatchKind kind = SmtMismatchKind::Value;
  std::string solver;        // the first solver disagreeing ("" for an encoder fault)
  std::string detail;        // what differs (without the solver's name), or why the verdict is not Agreed/Mismatch
  std::string expect_text;   // "f(x = 3) returns 7": the interpreter's outcome on the fixed input (once it ran)
  std::string call_text;     // "f(x = 3)" alone
};

// "f(a:i32, b:i32) -> i32", as the checker names the types.
std::string signature_text(const check::FnInfo& fn);

// `path` is the name the program is checked under (it shows in a trap's position). Solvers are asked in table
// order; the first mismatch is reported.
Recheck recheck_call(const std::string& path, const std::string& text, const FixedCall& call,
                     const smt::SolverSet& solvers, unsigned timeout_ms);

}  // namespace cairn::fuzz
