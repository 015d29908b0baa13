// One program under `cairn fuzz --smt`: checked once, each own function encoded, 16 drawn inputs per function
// run by the interpreter and asked of each solver with the inputs fixed.
#include <exception>
#include <memory>

#include "front/driver/driver.h"
#include "fuzz/smt/concrete_query.h"
#include "fuzz/smt/draw_inputs.h"
#include "fuzz/smt/inductive_check.h"
#include "fuzz/smt/smt_mode.h"
#include "fuzz/smt/smt_recheck.h"
#include "verify/load.h"
#include "verify/replay.h"

namespace cairn::fuzz {

namespace {

// The interpreter's limits for one drawn call: a drawn input may ask a loop for 2^64 iterations, so a step
// budget far past what 16 unrolled iterations per loop can use stops it (counted beyond the bound).
sem::Limits call_limits() {
  sem::Limits l;
  l.max_steps = 1000000;
  return l;
}

// The drawn inputs of a function also checked against its loops proved by induction (a query each).
constexpr unsigned kInductiveInputs = 4;

// The state of one function's examination.
struct FunctionRun {
  const smt::Side* side = nullptr;
  sem::Engine* engine = nullptr;
  const check::FnInfo* fn = nullptr;
  smt::Context ctx;
  smt::Inputs in;
  smt::Encoded enc;
  std::optional<InductiveEncoding> ind;  // its top-level loops summarized and proved by induction
  unsigned inductive_left = kInductiveInputs;
  uint64_t index = 0;
  const std::string* text = nullptr;
  const SmtOptions* options = nullptr;
};

SmtMismatch make_mismatch(const FunctionRun& f, SmtMismatchKind kind, const char* solver, std::string detail,
                          const std::vector<uint64_t>& values, const std::vector<sem::ArgValue>& args,
                          const sem::CallOutcome& run) {
  SmtMismatch m;
  m.index = f.index;
  m.function = f.fn->name;
  m.kind = kind;
  m.solver = solver;
  m.detail = std::move(detail);
  smt::Callee callee{f.engine, f.fn, f.side};
  std::string ins = f.in.params.empty() ? "" : smt::inputs_text(f.in, args);
  m.expect_line = "// expect smt: " + f.fn->name + "(" + ins + ") " + smt::outcome_text(callee, run);
  m.inputs = smt::inputs_json(f.in, args);
  m.expected = smt::outcome_json(callee, run);
  m.leaves = values;
  m.signature = signature_text(*f.fn);
  m.program = *f.text;
  return m;
}

// One drawn input on both sides; adds to `out`.
void check_input(FunctionRun& f, const std::vector<uint64_t>& values, SmtProgramResult& out) {
  std::vector<sem::ArgValue> args = smt::args_from_values(f.in, values);
  sem::CallOutcome run = f.engine->call(*f.fn, args, call_limits());
  if (f.options->hooks.interp) f.options->hooks.interp(f.fn->name, run);
  // Memory exhausted (outside the model, §3.3), or the step budget: no query.
  if (f.engine->out_of_steps() || (!run.defined && run.trap == check::TrapKind::Alloc)) {
    ++out.counts.beyond_bound;
    return;
  }
  smt::Query q = concrete_query(f.ctx, f.in, f.enc, values, f.options->timeout_ms);
  smt::Answers answers = smt::solve(q, f.options->solvers);
  bool beyond = false;
  for (smt::Solver s : smt::all_solvers()) {
    if (!f.options->solvers.has(s)) continue;
    smt::CheckResult& r = answers[static_cast<size_t>(s)];
    if (f.options->hooks.solver) f.options->hooks.solver(f.fn->name, s, r);
    const char* name = smt::solver_name(s);
    if (r.answer == smt::Answer::Unsat) {
      out.mismatches.push_back(make_mismatch(f, SmtMismatchKind::UnsatOnConcreteInput, name,
                                             std::string(name) + " answered unsat on the fixed input", values, args, run));
      continue;
    }
    if (r.answer != smt::Answer::Sat) {
      ++out.counts.timeouts;
      continue;
    }
    std::optional<ModelCall> model = read_model(f.enc, r);
    if (!model) {
      out.mismatches.push_back(make_mismatch(f, SmtMismatchKind::EncoderFault, name,
                                             std::string(name) + "'s model has the wrong number of values", values, args, run));
      continue;
    }
    if (model->past_bound) {
      beyond = true;
      continue;
    }
    if (std::optional<Difference> d = compare_call(f.in, f.enc, *model, run))
      out.mismatches.push_back(make_mismatch(f, d->kind, name, std::string(name) + ": " + d->detail, values, args, run));
  }
  // An input is counted once: compared, or beyond the bound when a solver's model passes 16 iterations.
  if (beyond) {
    ++out.counts.beyond_bound;
    return;
  }
  ++out.counts.inputs;
  if (!f.ind || f.inductive_left == 0) return;
  --f.inductive_left;
  ++out.counts.inductive;
  if (std::optional<InductiveMiss> miss =
          check_inductive(f.ctx, f.in, *f.ind, values, run, f.options->solvers, f.options->timeout_ms))
    out.mismatches.push_back(make_mismatch(f, SmtMismatchKind::Inductive, miss->solver.c_str(), miss->detail, values,
                                           args, run));
}

// Encodes f.fn; false (counted as outside the fragment) when it is not modeled.
bool encode_function(FunctionRun& f, SmtProgramResult& out) {
  f.in = smt::make_inputs(f.ctx, *f.fn);
  const ir::Function* body = f.in.unsupported ? nullptr : f.side->ir->find(f.fn);
  if (body) f.enc = smt::encode_call(f.ctx, *f.side->ir, *body, f.in);
  if (!body || f.enc.unsupported) {
    ++out.counts.outside_fragment;
    return false;
  }
  bool timed_out = false;
  f.ind = inductive_encoding(f.ctx, *f.side, *f.fn, f.in, f.options->solvers, f.options->timeout_ms, &timed_out);
  if (timed_out) ++out.counts.timeouts;
  return true;
}

void check_function(FunctionRun& f, Splitmix& rng, SmtProgramResult& out) {
  try {
    if (!encode_function(f, out)) return;
  } catch (const std::exception& e) {
    SmtMismatch m;
    m.index = f.index;
    m.function = f.fn->name;
    m.kind = SmtMismatchKind::EncoderFault;
    m.detail = driver::fault_class(e) + ": " + e.what();
    m.signature = signature_text(*f.fn);
    m.program = *f.text;
    out.mismatches.push_back(std::move(m));
    return;
  }
  ++out.counts.functions;
  unsigned n = f.in.leaves.empty() ? 1 : f.options->inputs_per_function;
  for (unsigned k = 0; k < n; ++k) {
    std::optional<std::vector<uint64_t>> values = draw_input(f.in, rng);
    if (!values) {  // a literal extent past 16 elements: no replayable input
      out.counts.beyond_bound += n - k;
      return;
    }
    check_input(f, *values, out);
  }
}

}  // namespace

SmtProgramResult check_program_smt(const std::string& text, uint64_t index, uint64_t stream_seed,
                                   const SmtOptions& options) {
  SmtProgramResult out;
  smt::Side side;
  side.path = "fuzz-" + std::to_string(index) + ".cairn";
  side.text = text;
  smt::check_side(side, "\n");  // a scratch copy under the temporary directory, named as side.path
  if (side.refusal || !side.ir) {
    if (!side.refusal) out.defect = "the program did not check";
    else
      out.defect = std::string(code_name(side.refusal->first.code)) + " at line " +
                   std::to_string(side.refusal->first.line) + ": " + side.refusal->first.message;
    return out;
  }
  std::unique_ptr<sem::Engine> engine = sem::Engine::compile(*side.run.program, side.run.sources);
  Splitmix rng(stream_seed);
  for (const check::FnInfo* fn : smt::own_functions(side)) {
    auto f = std::make_unique<FunctionRun>();
    f->side = &side;
    f->engine = engine.get();
    f->fn = fn;
    f->index = index;
    f->text = &text;
    f->options = &options;
    check_function(*f, rng, out);
  }
  return out;
}

}  // namespace cairn::fuzz
