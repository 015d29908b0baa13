// relate_recursion (recursion.h): the induction hypothesis over the abstracted calls, and a termination measure
// per version searched on one solver and re-checked by every chosen one.
#include "verify/recursion.h"

#include <deque>

#include "verify/side_query.h"

namespace cairn::smt {

namespace {

// A strict order on one parameter; every one is well-founded on a bit-vector (a finite set).
enum class Order : uint8_t { DownUnsigned, DownSigned, UpUnsigned, UpSigned };

struct Key {
  size_t param = 0;
  Order order = Order::DownUnsigned;
};
using Measure = std::vector<Key>;  // lexicographic over its keys

Term strictly(Order o, Term arg, Term now) {
  switch (o) {
    case Order::DownUnsigned: return ult(arg, now);
    case Order::DownSigned: return slt(arg, now);
    case Order::UpUnsigned: return ult(now, arg);
    case Order::UpSigned: return slt(now, arg);
  }
  return ult(arg, arg);  // false
}

// The call's arguments are below the parameters' values in the lexicographic order of `m`.
Term decreases(Context& c, const Measure& m, const AbstractCall& call, const std::vector<Term>& params) {
  Term out = c.boolean(false), equal_so_far = c.boolean(true);
  for (const Key& k : m) {
    out = out || (equal_so_far && strictly(k.order, call.args.at(k.param), params.at(k.param)));
    equal_so_far = equal_so_far && eq(call.args.at(k.param), params.at(k.param));
  }
  return out;
}

std::string measure_text(const Measure& m, const Inputs& in) {
  auto one = [&](const Key& k) {
    const char* how = k.order == Order::DownUnsigned ? "decreases (unsigned)"
                      : k.order == Order::DownSigned ? "decreases (signed)"
                      : k.order == Order::UpUnsigned ? "increases (unsigned)"
                                                     : "increases (signed)";
    return in.params.at(k.param).name + " " + how;
  };
  std::string t = one(m.at(0));
  for (size_t i = 1; i < m.size(); ++i) t += ", else " + in.params.at(m[i - 1].param).name + " is unchanged and " + one(m[i]);
  return t + " at every call to itself";
}

// The measures tried, in order: one parameter in each order, then pairs of decreasing parameters.
std::vector<Measure> measures(const Inputs& in) {
  std::vector<size_t> ints;
  for (size_t j = 0; j < in.params.size(); ++j)
    if (check::scalar_is_int(in.params[j].scalar)) ints.push_back(j);
  std::vector<Measure> out;
  for (size_t j : ints)
    for (Order o : {Order::DownUnsigned, Order::DownSigned, Order::UpUnsigned, Order::UpSigned}) out.push_back({{j, o}});
  for (size_t a : ints)
    for (size_t b : ints)
      if (a != b)
        for (Order oa : {Order::DownUnsigned, Order::DownSigned})
          for (Order ob : {Order::DownUnsigned, Order::DownSigned}) out.push_back({{a, oa}, {b, ob}});
  return out;
}

// A measure of one version that decreases at every call it makes to itself, on every input (not only admitted
// ones: a call's arguments may lie outside the precondition), and no loop of its body runs past the unrolling
// bound; "" with `why` set when none is found.
std::string termination_of(const RecursionJob& job, const Encoded& e, const std::vector<Term>& params,
                           std::string& why) {
  Context& c = *job.ctx;
  if (e.calls.empty()) return "it does not call itself";
  Solver first = first_chosen(job.solvers);
  for (const Measure& m : measures(*job.in)) {
    Term broken = e.past_bound;
    for (const AbstractCall& call : e.calls) broken = broken || (call.active && !decreases(c, m, call, params));
    Answers a = ask_side({broken}, {}, SolverSet::only(first), job.timeout_ms, "termination", job.queries);
    if (a[static_cast<size_t>(first)].answer != Answer::Unsat) continue;
    Answers all = ask_side({broken}, {}, job.solvers, job.timeout_ms, "termination", job.queries);
    std::string text;
    if (all_unsat(all, job.solvers, text)) return measure_text(m, *job.in);
    why = "the measure " + measure_text(m, *job.in) + " is not confirmed by every solver (" + text + ")";
    return "";
  }
  why = "no parameter, nor a pair of them, decreases or increases at every call to itself";
  return "";
}

std::vector<Term> parameters(const Inputs& in) {
  std::vector<Term> out;
  for (const ParamInput& p : in.params) out.push_back(in.leaves.at(p.leaf).term);
  return out;
}

}  // namespace

Inputs inputs_at(const Inputs& in, const std::vector<Term>& args) {
  Inputs at = in;
  for (size_t j = 0; j < at.params.size() && j < args.size(); ++j) at.leaves.at(at.params[j].leaf).term = args[j];
  return at;
}

Term admits(Context& c, const ir::Module* pre_module, const ir::Function* pre, const Inputs& at) {
  if (!pre || !pre_module) return c.boolean(true);
  Encoded p = encode_call(c, *pre_module, *pre, at);
  if (p.unsupported || p.observed.empty()) return c.boolean(false);
  return !p.trapped && !p.past_bound && p.observed[0].value;
}

Term agree_on_equal_args(const AbstractCall& x, const AbstractCall& y, Term when) {
  Term same_args = when.is_null() ? x.result.ctx().boolean(true) : when;
  for (size_t k = 0; k < x.args.size() && k < y.args.size(); ++k) same_args = same_args && eq(x.args[k], y.args[k]);
  return !same_args || (eq(x.trapped, y.trapped) && (x.trapped || eq(x.result, y.result)));
}

Term recursion_hypothesis(const RecursionJob& job) {
  Context& c = *job.ctx;
  // Where the precondition admits a call's arguments: the hypothesis covers admitted inputs only.
  auto at_args = [&](const AbstractCall& call) { return inputs_at(*job.in, call.args); };
  auto admitted = [&](const AbstractCall& call) { return admits(c, job.pre_module, job.pre, at_args(call)); };
  struct Site {
    const AbstractCall* call;
    int side;
    Term made, admitted;
  };
  std::deque<Encoded> unfolded;  // the bodies at the calls' arguments (they own the nested calls: never moved)
  std::vector<Site> sites;
  Term h = c.boolean(true);
  EncodeOptions own;
  own.abstract_recursion = true;
  // A call is `body` at its arguments where `when` holds (and that body's own loops stay within the bound).
  auto is_body = [&](const AbstractCall& a, Term when, const Encoded& body) {
    if (body.unsupported || body.observed.empty()) return c.boolean(true);
    return !when || body.past_bound ||
           (eq(a.trapped, body.trapped) && (body.trapped || eq(a.result, body.observed[0].value)));
  };
  for (int side = 0; side < 2; ++side) {
    const Encoded& e = side == 0 ? *job.ref : *job.cand;
    const Encoded& other = side == 0 ? *job.cand : *job.ref;
    const ir::Module* m = side == 0 ? job.ref_module : job.cand_module;
    const ir::Function* fn = side == 0 ? job.ref_fn : job.cand_fn;
    const ir::Module* om = side == 0 ? job.cand_module : job.ref_module;
    const ir::Function* ofn = side == 0 ? job.cand_fn : job.ref_fn;
    for (const AbstractCall& a : e.calls) {
      Term adm = admitted(a);
      sites.push_back({&a, side, a.active, adm});
      if (!m || !fn) continue;
      unfolded.push_back(encode_call(c, *m, *fn, at_args(a), own));
      const Encoded& body = unfolded.back();
      h = h && is_body(a, a.active, body);
      for (const AbstractCall& n : body.calls) sites.push_back({&n, side, a.active && n.active, admitted(n)});
      // The other version does not call itself: it ends at every argument (its loops within the bound), so a call
      // made on admitted arguments is also the other version's body there (the versions agree below the input).
      if (!other.calls.empty() || !om || !ofn) continue;
      unfolded.push_back(encode_call(c, *om, *ofn, at_args(a), own));
      h = h && is_body(a, a.active && adm, unfolded.back());
    }
  }
  for (size_t i = 0; i < sites.size(); ++i) {
    const Site& x = sites[i];
    if (job.totality && x.side == 0) h = h && (!(x.made && x.admitted) || !x.call->trapped);
    for (size_t j = i + 1; j < sites.size(); ++j) {
      const Site& y = sites[j];
      h = h && agree_on_equal_args(*x.call, *y.call, x.side != y.side ? x.made && y.made && x.admitted : Term{});
    }
  }
  return h;
}

Termination termination(const RecursionJob& job) {
  Termination out;
  std::vector<Term> params = parameters(*job.in);
  std::string why_r, why_c;
  std::string mr = termination_of(job, *job.ref, params, why_r);
  std::string mc = mr.empty() ? "" : termination_of(job, *job.cand, params, why_c);
  out.proved = !mr.empty() && !mc.empty();
  out.measures["reference"] = mr.empty() ? "not shown: " + why_r : mr;
  out.measures["candidate"] = !mc.empty() ? mc : mr.empty() ? std::string("not searched") : "not shown: " + why_c;
  return out;
}

}  // namespace cairn::smt
