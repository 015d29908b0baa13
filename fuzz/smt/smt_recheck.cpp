// One fixed call examined again: check, interpret, encode, ask.
#include "fuzz/smt/smt_recheck.h"

#include <exception>
#include <memory>

#include "front/check/types.h"
#include "front/driver/driver.h"
#include "fuzz/smt/concrete_query.h"
#include "fuzz/smt/inductive_check.h"
#include "verify/load.h"
#include "verify/replay.h"

namespace cairn::fuzz {

namespace {

sem::Limits call_limits() {
  sem::Limits l;
  l.max_steps = 1000000;  // as smt_program.cpp: past it, the input counts as beyond the bound
  return l;
}

Recheck verdict(RecheckVerdict v, std::string detail) {
  Recheck r;
  r.verdict = v;
  r.detail = std::move(detail);
  return r;
}

// The input must have as many leaves as the fixed call has values (the signature check covers their types).
bool leaves_fit(const smt::Inputs& in, const FixedCall& call) { return in.leaves.size() == call.leaves.size(); }

// The function of `call` in a checked side, or why there is none that fits.
const check::FnInfo* fixed_function(const smt::Side& side, const FixedCall& call, std::string& why) {
  const check::FnInfo* fn = nullptr;
  for (const check::FnInfo* f : smt::own_functions(side))
    if (f->name == call.function) fn = f;
  if (!fn) why = "the program has no function " + call.function;
  else if (!call.signature.empty() && signature_text(*fn) != call.signature)
    why = "the signature is now " + signature_text(*fn);
  else return fn;
  return nullptr;
}

// Encodes fn (inputs, then the call). Nothing when it is inside the fragment; else the verdict to return: outside
// the fragment, or an encoder fault (a mismatch of its own kind, needing no input).
std::optional<Recheck> encode_fixed(const smt::Side& side, const check::FnInfo& fn, smt::Context& ctx,
                                    smt::Inputs& in, smt::Encoded& enc) {
  try {
    in = smt::make_inputs(ctx, fn);
    if (in.unsupported) return verdict(RecheckVerdict::OutsideFragment, *in.unsupported);
    const ir::Function* body = side.ir->find(&fn);
    if (body) enc = smt::encode_call(ctx, *side.ir, *body, in);
    if (!body || enc.unsupported) return verdict(RecheckVerdict::OutsideFragment, enc.unsupported.value_or("no body"));
  } catch (const std::exception& e) {
    Recheck r = verdict(RecheckVerdict::Mismatch, driver::fault_class(e) + ": " + e.what());
    r.kind = SmtMismatchKind::EncoderFault;
    return r;
  }
  return std::nullopt;
}

// Asks each chosen solver; fills r with the first mismatch, or Agreed / BeyondBound / NoAnswer.
void ask_solvers(smt::Context& ctx, const smt::Inputs& in, const smt::Encoded& enc, const FixedCall& call,
                 const sem::CallOutcome& run, const smt::SolverSet& solvers, unsigned timeout_ms, Recheck& r) {
  smt::Answers answers = smt::solve(concrete_query(ctx, in, enc, call.leaves, timeout_ms), solvers);
  bool agreed = false, beyond = false;
  std::string silent;
  for (smt::Solver s : smt::all_solvers()) {
    if (!solvers.has(s)) continue;
    const smt::CheckResult& a = answers[static_cast<size_t>(s)];
    const char* name = smt::solver_name(s);
    std::optional<Difference> d;
    if (a.answer == smt::Answer::Unsat) {
      d = Difference{SmtMismatchKind::UnsatOnConcreteInput, "answered unsat on the fixed input"};
    } else if (a.answer != smt::Answer::Sat) {
      silent += std::string(silent.empty() ? "" : "; ") + name + " answered " + smt::answer_name(a.answer);
      continue;
    } else if (std::optional<ModelCall> model = read_model(enc, a); !model) {
      d = Difference{SmtMismatchKind::EncoderFault, "the model has the wrong number of values"};
    } else if (model->past_bound) {
      beyond = true;
      continue;
    } else {
      d = compare_call(in, enc, *model, run);
    }
    if (!d) {
      agreed = true;
      continue;
    }
    r.verdict = RecheckVerdict::Mismatch;
    r.kind = d->kind;
    r.solver = name;
    r.detail = d->detail;
    return;
  }
  if (beyond) r.verdict = RecheckVerdict::BeyondBound, r.detail = "a solver's model passes 16 loop iterations";
  else if (!silent.empty()) r.verdict = RecheckVerdict::NoAnswer, r.detail = silent;
  else if (agreed) r.verdict = RecheckVerdict::Agreed, r.detail.clear();
  else r.verdict = RecheckVerdict::NoAnswer, r.detail = "no solver was asked";
}

}  // namespace

std::string signature_text(const check::FnInfo& fn) {
  std::string s = fn.name + "(";
  for (size_t i = 0; i < fn.params.size(); ++i)
    s += (i ? ", " : "") + fn.params[i].name + ":" + check::type_name(fn.params[i].type);
  return s + ") -> " + (fn.result ? check::type_name(fn.result) : "()");
}

Recheck recheck_call(const std::string& path, const std::string& text, const FixedCall& call,
                     const smt::SolverSet& solvers, unsigned timeout_ms) {
  smt::Side side;
  side.path = path;
  side.text = text;
  smt::check_side(side, "\n");
  if (side.refusal || !side.ir)
    return verdict(RecheckVerdict::Refused, side.refusal ? side.refusal->first.message : "the program did not check");
  std::string why;
  const check::FnInfo* fn = fixed_function(side, call, why);
  if (!fn) return verdict(RecheckVerdict::NoFunction, why);
  // Encoded first: an encoder fault needs no input (the campaign keeps it with none drawn).
  smt::Context ctx;
  smt::Inputs in;
  smt::Encoded enc;
  if (std::optional<Recheck> stop = encode_fixed(side, *fn, ctx, in, enc)) return *stop;
  if (!leaves_fit(in, call)) return verdict(RecheckVerdict::NoFunction, "the input has another number of leaves");
  std::vector<sem::ArgValue> args;
  try {
    args = smt::args_from_values(in, call.leaves);
  } catch (const std::exception& e) {
    return verdict(RecheckVerdict::NoFunction, std::string("the input leaves do not fit: ") + e.what());
  }
  std::unique_ptr<sem::Engine> engine = sem::Engine::compile(*side.run.program, side.run.sources);
  sem::CallOutcome run = engine->call(*fn, args, call_limits());
  Recheck r;
  smt::Callee callee{engine.get(), fn, &side};
  r.call_text = fn->name + "(" + (in.params.empty() ? "" : smt::inputs_text(in, args)) + ")";
  r.expect_text = r.call_text + " " + smt::outcome_text(callee, run);
  if (engine->out_of_steps() || (!run.defined && run.trap == check::TrapKind::Alloc)) {
    r.verdict = RecheckVerdict::BeyondBound;
    r.detail = "the interpreter ran out of steps or memory";
    return r;
  }
  ask_solvers(ctx, in, enc, call, run, solvers, timeout_ms, r);
  if (r.verdict != RecheckVerdict::Agreed) return r;
  // The run against the loops summarized and proved by induction (the kind `inductive`).
  std::optional<InductiveEncoding> ind = inductive_encoding(ctx, side, *fn, in, solvers, timeout_ms);
  if (!ind) return r;
  if (std::optional<InductiveMiss> miss = check_inductive(ctx, in, *ind, call.leaves, run, solvers, timeout_ms)) {
    r.verdict = RecheckVerdict::Mismatch;
    r.kind = SmtMismatchKind::Inductive;
    r.solver = miss->solver;
    r.detail = miss->detail;
  }
  return r;
}

}  // namespace cairn::fuzz
