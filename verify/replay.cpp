// Replaying a witness in the interpreter: the precondition, R and C on the model's inputs, judged against
// what the stage asked; and the inputs and outcomes as records and as text.
#include "verify/replay.h"

#include "core/float_bits.h"
#include "core/value_format.h"
#include "core/value_json.h"
#include "semantics/observed_values.h"

namespace cairn::smt {

using sem::arg_leaves;
using sem::is_nan_bits;
using sem::leaves_agree;
using sem::leaves_have_nan;
using sem::leaves_to_json;
using sem::leaves_to_text;
using sem::scalar_literal;

namespace {

// A replay's budget: a witness of a recursion may ask for an exponential run (fib of a large n).
sem::Limits replay_limits() {
  sem::Limits l;
  l.max_steps = 50'000'000;
  return l;
}
const sem::Limits kReplayLimits = replay_limits();

// One run of the replay; a stop at the budget or a `stack` trap marks the replay as out of resources.
sem::CallOutcome run_one(const Callee& who, const std::vector<sem::ArgValue>& args, Replayed& r) {
  sem::CallOutcome o = who.engine->call(*who.fn, args, kReplayLimits);
  if (who.engine->out_of_steps() || (!o.defined && o.trap == check::TrapKind::Stack)) r.out_of_resources = true;
  return o;
}

nlohmann::ordered_json scalar_json(check::Scalar t, uint64_t bits) {
  return nlohmann::ordered_json(sem::scalar_to_json(t, bits));
}

std::string list_text(check::Scalar t, const std::vector<uint64_t>& xs) {
  std::string out = "[";
  for (size_t i = 0; i < xs.size(); ++i) out += (i ? ", " : "") + scalar_literal(t, xs[i]);
  return out + "]";
}

nlohmann::ordered_json list_json(check::Scalar t, const std::vector<uint64_t>& xs) {
  nlohmann::ordered_json a = nlohmann::ordered_json::array();
  for (uint64_t x : xs) a.push_back(scalar_json(t, x));
  return a;
}

const check::Type* result_type(const check::FnInfo& fn) { return fn.result; }

bool returns_scalar(const check::FnInfo& fn) {
  return fn.result && fn.result->kind == check::TypeKind::Scalar;
}

check::Scalar elem_scalar(const check::Type* t) {
  return t && t->elem && t->elem->kind == check::TypeKind::Scalar ? t->elem->scalar : check::Scalar::U64;
}

std::string trap_text(const Callee& c, const sem::CallOutcome& o) {
  return std::string(check::trap_name(o.trap)) + " at " + c.side->file_name(o.trap_pos.file) + ":" +
         std::to_string(o.trap_pos.line);
}

bool rw_view(const check::Type* t) { return t && t->kind == check::TypeKind::View && t->rw; }
bool rw_borrow(const check::Type* t) { return t && t->kind == check::TypeKind::Borrow && t->rw; }

// A non-scalar result the engine did not flatten cannot be compared.
bool unflattened(const check::FnInfo& fn, const sem::CallOutcome& o) {
  return o.defined && fn.result && fn.result->kind != check::TypeKind::Void && !returns_scalar(fn) && o.ret_leaves.empty();
}

bool pre_holds(const Replayed& r) { return !r.pre || (r.pre->defined && r.pre->ret && *r.pre->ret != 0); }

}  // namespace

Replayed replay(Stage stage, const std::vector<sem::ArgValue>& args, const Callee* pre, const Callee& ref,
                const Callee& cand) {
  Replayed r;
  r.args = args;
  if (pre) r.pre = run_one(*pre, args, r);
  // Loops may run past the bound before loop-unrolling has passed: the versions run only after it.
  if (stage == Stage::DomainTotality || stage == Stage::DomainNonempty || stage == Stage::LoopUnrolling) return r;
  if (!pre_holds(r)) return r;
  r.ref = run_one(ref, args, r);
  if (stage != Stage::ReferenceTotality) r.cand = run_one(cand, args, r);
  return r;
}

ReplayFinding judge(Stage stage, const Replayed& r, const Callee& ref, std::string* why) {
  const check::FnInfo& fn = *ref.fn;
  if (r.out_of_resources) {
    if (why) *why = "the interpreter ran out of steps or of stack (a deep recursion), which is outside the model";
    return ReplayFinding::Unreplayable;
  }
  if (stage == Stage::DomainTotality) return r.pre && !r.pre->defined ? ReplayFinding::Confirmed : ReplayFinding::ReplayDisagreed;
  if (stage == Stage::DomainNonempty || stage == Stage::LoopUnrolling)
    // The interpreter counts no iterations: a loop witness replays as far as its input is admitted.
    return pre_holds(r) ? ReplayFinding::Confirmed : ReplayFinding::PreconditionDisagreement;
  if (!pre_holds(r)) return ReplayFinding::PreconditionDisagreement;
  if (stage == Stage::ReferenceTotality) return r.ref && !r.ref->defined ? ReplayFinding::Confirmed : ReplayFinding::ReplayDisagreed;
  if ((r.ref && unflattened(fn, *r.ref)) || (r.cand && unflattened(fn, *r.cand))) {
    if (why) *why = "the interpreter did not flatten the " + check::type_name(result_type(fn)) + " result";
    return ReplayFinding::Unreplayable;
  }
  if (!r.ref || !r.cand) return ReplayFinding::ReplayDisagreed;
  if (stage == Stage::Equivalence)
    return outcomes_agree(*r.ref, *r.cand) ? ReplayFinding::ReplayDisagreed : ReplayFinding::Confirmed;
  bool nan = (r.ref->defined && outcome_has_nan(fn, *r.ref)) || (r.cand->defined && outcome_has_nan(fn, *r.cand));
  return nan ? ReplayFinding::Confirmed : ReplayFinding::ReplayDisagreed;
}

bool outcomes_agree(const sem::CallOutcome& a, const sem::CallOutcome& b) {
  if (!a.defined || !b.defined) return a.defined == b.defined;
  bool same_return = !a.ret_leaves.empty() || !b.ret_leaves.empty() ? leaves_agree(a.ret_leaves, b.ret_leaves) : a.ret == b.ret;
  return same_return && a.written == b.written;
}

bool outcome_has_nan(const check::FnInfo& fn, const sem::CallOutcome& o) {
  if (o.ret && returns_scalar(fn) && is_nan_bits(fn.result->scalar, *o.ret)) return true;
  if (!returns_scalar(fn) && fn.result && leaves_have_nan(fn.result, o.ret_leaves)) return true;
  for (size_t i = 0; i < o.written.size() && i < fn.params.size(); ++i)
    for (uint64_t e : o.written[i])
      if (is_nan_bits(elem_scalar(fn.params[i].type), e)) return true;
  return false;
}

nlohmann::ordered_json inputs_json(const Inputs& in, const std::vector<sem::ArgValue>& args) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (size_t i = 0; i < in.params.size() && i < args.size(); ++i) {
    const ParamInput& p = in.params[i];
    if (p.is_value) j[p.name] = leaves_to_json(p.type, arg_leaves(p.type, args[i]));
    else j[p.name] = args[i].is_view || p.is_buf ? list_json(p.scalar, args[i].elems) : scalar_json(p.scalar, args[i].bits);
  }
  return j;
}

nlohmann::ordered_json outcome_json(const Callee& c, const sem::CallOutcome& o) {
  nlohmann::ordered_json j;
  j["defined"] = o.defined;
  if (!o.defined) {
    j["trap"] = trap_text(c, o);
    return j;
  }
  if (o.ret && returns_scalar(*c.fn)) j["return"] = scalar_json(c.fn->result->scalar, *o.ret);
  else if (o.ret && !o.ret_leaves.empty()) j["return"] = leaves_to_json(c.fn->result, o.ret_leaves);
  nlohmann::ordered_json w = nlohmann::ordered_json::object();
  for (size_t i = 0; i < c.fn->params.size() && i < o.written.size(); ++i) {
    const check::Type* t = c.fn->params[i].type;
    if (rw_view(t)) w[c.fn->params[i].name] = list_json(elem_scalar(t), o.written[i]);
    if (rw_borrow(t) && o.written[i].size() == 1) w[c.fn->params[i].name] = scalar_json(elem_scalar(t), o.written[i][0]);
  }
  j["written"] = w;
  return j;
}

nlohmann::ordered_json leaves_json(const Inputs& in, const std::vector<uint64_t>& values) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (size_t i = 0; i < in.leaves.size() && i < values.size(); ++i)
    j[in.leaves[i].name] = scalar_json(in.leaves[i].type, values[i]);
  return j;
}

std::string inputs_text(const Inputs& in, const std::vector<sem::ArgValue>& args) {
  std::string out;
  for (size_t i = 0; i < in.params.size() && i < args.size(); ++i) {
    const ParamInput& p = in.params[i];
    std::string v = p.is_value                      ? leaves_to_text(p.type, arg_leaves(p.type, args[i]))
                    : args[i].is_view || p.is_buf ? list_text(p.scalar, args[i].elems)
                                                  : scalar_literal(p.scalar, args[i].bits);
    out += (i ? ", " : "") + p.name + " = " + v;
  }
  return out.empty() ? "no inputs" : out;
}

std::string outcome_text(const Callee& c, const sem::CallOutcome& o) {
  if (!o.defined) return "traps (" + trap_text(c, o) + ")";
  std::string out;
  if (o.ret && returns_scalar(*c.fn)) out = "returns " + scalar_literal(c.fn->result->scalar, *o.ret);
  else if (o.ret && !o.ret_leaves.empty()) out = "returns " + leaves_to_text(c.fn->result, o.ret_leaves);
  for (size_t i = 0; i < c.fn->params.size() && i < o.written.size(); ++i) {
    const check::Type* t = c.fn->params[i].type;
    std::string v;
    if (rw_view(t)) v = list_text(elem_scalar(t), o.written[i]);
    else if (rw_borrow(t) && o.written[i].size() == 1) v = scalar_literal(elem_scalar(t), o.written[i][0]);
    else continue;
    out += std::string(out.empty() ? "" : " and ") + "leaves " + c.fn->params[i].name + " = " + v;
  }
  return out.empty() ? "returns" : out;
}

}  // namespace cairn::smt
