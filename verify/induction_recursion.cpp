// prove_loop_against_recursion (induction_recursion.h): instances of the recursive function at the loop's state,
// candidates over them pruned by Houdini on one solver, the invariant re-checked by every chosen one.
#include "verify/induction_recursion.h"

#include <algorithm>
#include <array>
#include <deque>
#include <optional>

#include "core/ops.h"
#include "verify/houdini.h"
#include "verify/recursion.h"
#include "verify/side_query.h"

namespace cairn::smt {

namespace {

constexpr size_t kMaxChoices = 16;  // argument tuples the invariant may apply the function to
constexpr size_t kMaxCandidates = 200;

// An accumulator the loop combines with the function's value: `op(a, f(x))` stays the function at the inputs. Only
// the total folds that wrap are tried (a checked + or * traps on its own).
struct Combine {
  const char* spelling;
  Term (*apply)(Term, Term, bool is_signed);
};

std::optional<Combine> combine_of(sem::Fold f) {
  using F = sem::Fold;
  switch (f) {
    case F::AddWrap: return Combine{"add_wrap", [](Term a, Term b, bool) { return a + b; }};
    case F::MulWrap: return Combine{"mul_wrap", [](Term a, Term b, bool) { return a * b; }};
    case F::BitAnd: return Combine{"&", [](Term a, Term b, bool) { return a & b; }};
    case F::BitOr: return Combine{"|", [](Term a, Term b, bool) { return a | b; }};
    case F::BitXor: return Combine{"^", [](Term a, Term b, bool) { return a ^ b; }};
    case F::Min:
      return Combine{"min", [](Term a, Term b, bool s) { return ite(s ? slt(a, b) : ult(a, b), a, b); }};
    case F::Max:
      return Combine{"max", [](Term a, Term b, bool s) { return ite(s ? slt(b, a) : ult(b, a), a, b); }};
    case F::Add:
    case F::Mul:
    case F::And:
    case F::Or: return std::nullopt;
  }
  return std::nullopt;
}

std::vector<Combine> combines() {
  std::vector<Combine> out;
#define REDUCE_FOLD(k, spelling, op) \
  if (auto x = combine_of(sem::Fold::k)) out.push_back(*x);
#include "core/reduce_folds.def"
#undef REDUCE_FOLD
  return out;
}

// The instances of the recursive function: each a fresh result and trap, tied to the body unfolded at its
// arguments (the calls inside abstracted and made instances in turn), all agreeing on equal arguments.
class Instances {
 public:
  explicit Instances(const LoopRecursionJob& job) : job_(job), c_(*job.loops.ctx), tied_(c_.boolean(true)) {
    own_.abstract_recursion = true;
  }
  // The version's own calls (made by the run at hand): with `totality`, a reference call on admitted arguments
  // does not trap.
  void add_own(const Encoded& e) {
    for (const AbstractCall& a : e.calls) {
      all_.push_back(a);
      if (job_.totality && job_.rec_side == 0)
        tied_ = tied_ && (!(a.active && admits(c_, job_.pre_module, job_.pre, inputs_at(*job_.in, a.args))) || !a.trapped);
    }
  }
  std::optional<AbstractCall> at(const std::vector<Term>& args) {
    bodies_.push_back(encode_call(c_, *job_.rec_module, *job_.rec_fn, inputs_at(*job_.in, args), own_));
    const Encoded& b = bodies_.back();
    if (b.unsupported || b.observed.empty()) return std::nullopt;
    const check::FnInfo& info = *job_.rec_fn->info;
    AbstractCall x;
    x.active = c_.boolean(true);
    x.args = args;
    x.result = c_.fresh(info.name + ".at", b.observed[0].value.sort());
    x.trapped = c_.fresh(info.name + ".at.trapped", c_.bool_sort());
    tied_ = tied_ && (b.past_bound || (eq(x.trapped, b.trapped) && (b.trapped || eq(x.result, b.observed[0].value))));
    for (const AbstractCall& n : b.calls) all_.push_back(n);
    all_.push_back(x);
    return x;
  }
  // The function never traps (never_traps below): no instance does.
  void total() { total_ = true; }
  Term hypothesis() const {
    Term h = tied_;
    if (total_)
      for (const AbstractCall& x : all_) h = h && !x.trapped;
    for (size_t i = 0; i < all_.size(); ++i)
      for (size_t j = i + 1; j < all_.size(); ++j) h = h && agree_on_equal_args(all_[i], all_[j]);
    return h;
  }

 private:
  const LoopRecursionJob& job_;
  Context& c_;
  EncodeOptions own_;
  std::deque<Encoded> bodies_;  // own the nested calls' terms
  std::vector<AbstractCall> all_;
  Term tied_;
  bool total_ = false;
};

// Whether the recursive function never traps on any argument: its body does not where the calls inside it do not
// (with the function ending on every argument, induction over the calls gives the rest). Asked of every solver, on
// every argument (a call's may lie outside the precondition).
bool never_traps(const LoopRecursionJob& job, const Encoded& rec) {
  Term calls_end = job.loops.ctx->boolean(true);
  for (const AbstractCall& a : rec.calls) calls_end = calls_end && !a.trapped;
  std::string answers;
  return all_unsat(ask_side({calls_end && rec.trapped}, {}, job.loops.solvers, job.loops.timeout_ms, "loop-induction",
                            job.loops.queries),
                   job.loops.solvers, answers);
}

// An argument tuple: per parameter, a loop leaf of its sort (an index into the leaves) or the parameter itself (-1).
using Choice = std::vector<int>;

std::vector<Choice> choices(const LoopSummary& l, const std::vector<Term>& params) {
  std::vector<Choice> out{Choice{}};
  for (const Term& p : params) {
    std::vector<Choice> next;
    for (const Choice& c : out) {
      next.push_back(c);
      next.back().push_back(-1);
      for (size_t i = 0; i < l.leaves.size(); ++i)
        if (!l.leaves[i].head.is_null() && l.leaves[i].head.sort().id == p.sort().id) {
          next.push_back(c);
          next.back().push_back(static_cast<int>(i));
        }
    }
    out = std::move(next);
    if (out.size() > kMaxChoices * 4) break;
  }
  std::vector<Choice> kept;  // the function at the inputs themselves is not about the loop
  for (const Choice& c : out)
    if (c.size() == params.size() && std::any_of(c.begin(), c.end(), [](int i) { return i >= 0; })) kept.push_back(c);
  if (kept.size() > kMaxChoices) kept.resize(kMaxChoices);
  return kept;
}

Term leaf_at(const LoopSummary::Leaf& l, At at) { return at == At::Entry ? l.entry : at == At::Head ? l.head : l.post; }

}  // namespace

LoopProof prove_loop_against_recursion(const LoopRecursionJob& job) {
  Context& c = *job.loops.ctx;
  LoopProof out;
  out.assumption = c.boolean(true);
  const Encoded& rec = job.rec_side == 0 ? *job.loops.ref : *job.loops.cand;
  const Encoded& lp = job.rec_side == 0 ? *job.loops.cand : *job.loops.ref;
  const char* rec_name = job.rec_side == 0 ? "reference" : "candidate";
  const char* loop_name = job.rec_side == 0 ? "candidate" : "reference";
  const std::string& fname = job.rec_fn->info->name;
  if (!rec.loops.empty() || lp.loops.size() != 1 || !lp.calls.empty() || rec.observed.empty()) {
    out.reason = std::string("a recursion is related to a loop only where one version calls itself and has no loop "
                             "and the other has one top-level loop");
    return out;
  }
  const LoopSummary& l = lp.loops[0];
  std::vector<Term> params;
  std::vector<std::string> param_names;
  for (const ParamInput& p : job.in->params) {
    params.push_back(job.in->leaves.at(p.leaf).term);
    param_names.push_back(p.name);
  }
  Term result = rec.observed[0].value;
  bool is_signed = job.rec_fn->info->result && check::scalar_is_signed(job.rec_fn->info->result->scalar);
  std::string at_inputs = fname + "(";
  for (size_t j = 0; j < param_names.size(); ++j) at_inputs += (j ? ", " : "") + param_names[j];
  at_inputs += ")";

  Instances inst(job);
  inst.add_own(rec);
  if (rec.past_bound.is_false() && never_traps(job, rec)) inst.total();
  std::vector<Held> set;                    // traps, equalities, leaves unchanged, bounds
  std::vector<std::vector<Held>> combined;  // per fold: the accumulator candidates
  for (const Choice& ch : choices(l, params)) {
    std::array<std::optional<AbstractCall>, 3> f;
    for (At at : {At::Entry, At::Head, At::Post}) {
      std::vector<Term> args;
      for (size_t j = 0; j < ch.size(); ++j) args.push_back(ch[j] < 0 ? params[j] : leaf_at(l.leaves[ch[j]], at));
      f[static_cast<size_t>(at)] = inst.at(args);
    }
    if (!f[0] || !f[1] || !f[2]) {
      out.reason = "the body of " + fname + " could not be unfolded at the loop's state";
      return out;
    }
    std::string call = fname + "(";
    for (size_t j = 0; j < ch.size(); ++j)
      call += (j ? ", " : "") + (ch[j] < 0 ? param_names[j] : std::string(loop_name) + "." + l.leaves[ch[j]].name);
    call += ")";
    set.push_back({!f[0]->trapped, !f[1]->trapped, !f[2]->trapped, call + " does not trap"});
    for (size_t i = 0; i < l.leaves.size(); ++i) {
      const LoopSummary::Leaf& a = l.leaves[i];
      if (a.head.is_null() || a.head.sort().id != result.sort().id) continue;
      std::string name = std::string(loop_name) + "." + a.name;
      // What the loop started from stays combined on both sides: op(a, f(x)) == op(f(inputs), a@entry).
      std::string start = a.entry.kind() == TermKind::BvConst ? std::to_string(a.entry.p0()) : name + "@entry";
      std::vector<Combine> folds = combines();
      combined.resize(folds.size());
      for (size_t o = 0; o < folds.size(); ++o) {
        const Combine& op = folds[o];
        auto holds = [&](At at) {
          return eq(op.apply(leaf_at(a, at), f[static_cast<size_t>(at)]->result, is_signed),
                    op.apply(result, a.entry, is_signed));
        };
        auto apply = [&](const std::string& x, const std::string& y) {
          return op.spelling[0] >= 'a' ? std::string(op.spelling) + "(" + x + ", " + y + ")" : x + " " + op.spelling + " " + y;
        };
        combined[o].push_back({holds(At::Entry), holds(At::Head), holds(At::Post), apply(name, call) + " == " + apply(at_inputs, start)});
      }
      set.push_back({eq(a.entry, f[0]->result), eq(a.head, f[1]->result), eq(a.post, f[2]->result), name + " == " + call});
    }
  }
  for (const LoopSummary::Leaf& a : l.leaves)
    if (!a.head.is_null())
      set.push_back({c.boolean(true), eq(a.head, a.entry), eq(a.post, a.entry),
                     std::string(loop_name) + "." + a.name + " == " + loop_name + "." + a.name + "@entry"});
  // Bounds: a leaf against another leaf or a parameter of its sort, in both orders (`candidate.i <= n`).
  struct Operand {
    std::array<Term, 3> t;
    std::string name;
  };
  std::vector<Operand> ops;
  for (const LoopSummary::Leaf& a : l.leaves)
    if (!a.head.is_null() && c.info(a.head.sort()).kind == SortKind::BitVec)
      ops.push_back({{a.entry, a.head, a.post}, std::string(loop_name) + "." + a.name});
  size_t leaves = ops.size();
  for (size_t j = 0; j < params.size(); ++j)
    if (c.info(params[j].sort()).kind == SortKind::BitVec) ops.push_back({{params[j], params[j], params[j]}, param_names[j]});
  for (size_t a = 0; a < leaves; ++a)
    for (size_t b = 0; b < ops.size(); ++b) {
      if (a == b || ops[a].t[1].sort().id != ops[b].t[1].sort().id) continue;
      for (bool sgn : {false, true}) {
        auto le = [&](At at) {
          Term x = ops[a].t[static_cast<size_t>(at)], y = ops[b].t[static_cast<size_t>(at)];
          return sgn ? sle(x, y) : ule(x, y);
        };
        set.push_back({le(At::Entry), le(At::Head), le(At::Post),
                       ops[a].name + (sgn ? " <= (signed) " : " <= ") + ops[b].name});
      }
    }
  Term base = job.loops.domain && rec.loop_facts && lp.loop_facts && inst.hypothesis();
  Pruning how{first_chosen(job.loops.solvers), job.loops.timeout_ms, job.loops.queries, kMaxCandidates + 1};
  std::string why;
  auto houdini = [&](std::vector<Held>& cands) {
    if (cands.size() > kMaxCandidates) cands.resize(kMaxCandidates);
    return prune(c, how, cands, {base, l.reach}, false, At::Entry, why) &&
           prune(c, how, cands, {base, l.reach, l.cont}, true, At::Post, why);
  };
  // Every candidate at once; where a solver gives up on that many (products of wide words are hard), each fold's
  // accumulators with the rest in turn, the first set that settles with one of them kept, else the rest alone.
  std::vector<Held> all = set;
  for (const std::vector<Held>& g : combined) all.insert(all.end(), g.begin(), g.end());
  bool ok = houdini(all);
  for (size_t o = 0; !ok && o < combined.size(); ++o) {
    if (combined[o].empty()) continue;
    all = set;
    all.insert(all.end(), combined[o].begin(), combined[o].end());
    ok = houdini(all) &&
         std::any_of(all.begin(), all.end(), [&](const Held& x) {
           return std::any_of(combined[o].begin(), combined[o].end(), [&](const Held& y) { return same(x.head, y.head); });
         });
  }
  if (!ok) {
    all = set;
    ok = houdini(all);
  }
  set = std::move(all);
  std::string where = std::string("the ") + l.kind + " loop at line " + std::to_string(l.line) + " of the " + loop_name +
                      " and the calls of " + fname + " to itself in the " + rec_name;
  if (!ok) {
    out.reason = "The loops could not be related: no invariant relates " + where + ": " + why;
    return out;
  }
  Term entry = conjunction(c, set, At::Entry), head = conjunction(c, set, At::Head), post = conjunction(c, set, At::Post);
  Term broken = (l.reach && !entry) || (l.reach && head && l.cont && !post);
  std::string answers;
  if (!all_unsat(ask_side({base, broken}, {}, job.loops.solvers, job.loops.timeout_ms, "loop-induction", job.loops.queries),
                 job.loops.solvers, answers)) {
    out.reason = "The loops could not be related: the invariant relating " + where + " is not confirmed by every solver (" +
                 answers + ")";
    return out;
  }
  std::string text;
  for (const Held& x : set) text += (text.empty() ? "" : " && ") + x.text;
  nlohmann::ordered_json e;
  e[std::string(loop_name) + "_line"] = l.line;
  e["alignment"] = "against the recursion of " + fname;
  e["invariant"] = text.empty() ? "true" : text;
  out.invariants.push_back(e);
  out.proved = true;
  out.assumption = base && (!l.reach || head) && !l.cont;
  return out;
}

}  // namespace cairn::smt
