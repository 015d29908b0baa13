// Shared by the encoder's tests: a checked program with its IR and engine, and the solver as an evaluator of
// one encoded call on fixed inputs.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "front/driver/driver.h"
#include "semantics/embed.h"
#include "semantics/ir.h"
#include "smt/backend.h"
#include "smt/encode.h"

namespace cairn::smt::test {

// The source tree (CAIRN_SOURCE_DIR in the environment, else the build's).
std::string source_dir();

// A CAIRN source checked (it must be accepted), its IR built once, and an interpreter over it.
struct Loaded {
  driver::CheckRun run;
  ir::Module mod;
  std::unique_ptr<sem::Engine> engine;
  const check::FnInfo& info(const std::string& name) const;
  const ir::Function& fn(const std::string& name) const;
};
std::unique_ptr<Loaded> load_source(const std::string& name, const std::string& text);
std::unique_ptr<Loaded> load_file(const std::string& path);

// One function's inputs and encoding in a Context of its own.
struct Encoding {
  Context c;
  Inputs in;
  Encoded e;
};
std::unique_ptr<Encoding> encode(const Loaded& p, const std::string& name);

// What a model says of one call on fixed inputs: the solver evaluates the encoding.
struct ModelOutcome {
  bool sat = false;          // the inputs are admitted (the query was satisfiable)
  std::string answer;        // the solver's answer and reason when not sat
  double milliseconds = 0;   // the solver's wall time (a figure for people; never asserted)
  bool trapped = false, past_bound = false;
  uint64_t kind = 0;
  std::vector<sem::ObservedLeaf> leaves;  // per Observed, in order (arrays: elements below the length, <= 16)
};
// `values` gives one model value per input leaf; a view's elements past its length may be anything.
ModelOutcome evaluate(Solver s, Encoding& enc, const std::vector<uint64_t>& values, unsigned timeout_ms = 20000);

// The interpreter's observation of the same call in the order of Observed: the returned leaves, then each rw
// parameter's final contents. "" when model and interpreter agree, else what differs.
std::string compare(const Encoding& enc, const ModelOutcome& model, const sem::CallOutcome& run);

// Leaf bits reduced to the leaf's width (the model's bits are the bit-vector, the interpreter's sign-extended).
uint64_t low_bits(check::Scalar t, uint64_t bits);

}  // namespace cairn::smt::test
