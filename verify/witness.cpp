// Narrowing a model: storage first (every view within 16 elements), then small integers (±16, ±256, ±65536),
// so a boundary slip reads as `x = 100` rather than a 64-bit pattern.
#include "verify/witness.h"

#include "front/check/types.h"

namespace cairn::smt {

namespace {

Term within(Context& c, const InputLeaf& leaf, uint64_t bound) {
  unsigned w = leaf.term.width();
  Term x = leaf.term;
  if (check::scalar_is_signed(leaf.type)) {
    if (w < 64 && bound >= (uint64_t{1} << (w - 1))) return c.boolean(true);
    return sle(c.bv(w, ~bound + 1), x) && sle(x, c.bv(w, bound));
  }
  if (w < 64 && bound >= (uint64_t{1} << w) - 1) return c.boolean(true);
  return ule(x, c.bv(w, bound));
}

Query with(const Query& q, Term extra, unsigned timeout_ms, uint64_t work_limit = 0) {
  Query out = q;
  out.assertions.push_back(extra);
  out.timeout_ms = timeout_ms;
  out.work_limit = work_limit;
  return out;
}

}  // namespace

Term storage_bound(Context& c, const Inputs& in) {
  std::vector<Term> bounds;
  for (const ParamInput& p : in.params)
    if (p.is_view || p.is_buf) {
      Term len = in.leaves[p.leaf].term;
      bounds.push_back(ule(len, c.bv(len.width(), in.named)));
    }
  return all_of(c, bounds);
}

Term integer_bound(Context& c, const Inputs& in, uint64_t bound) {
  std::vector<Term> bounds;
  for (const InputLeaf& leaf : in.leaves)
    if (check::scalar_is_int(leaf.type)) bounds.push_back(within(c, leaf, bound));
  return all_of(c, bounds);
}

CheckResult ask_in_child(Solver solver, const Query& query) {
  return solve(query, SolverSet::only(solver))[static_cast<size_t>(solver)];
}

Narrowed narrow(Context& c, const Query& query, const Inputs& in, Solver solver, const CheckResult& first,
                AskFn ask) {
  Narrowed n;
  Term storage = storage_bound(c, in);
  std::vector<uint64_t> values = first.values;
  if (!storage.is_true()) {
    CheckResult small = ask(solver, with(query, storage, query.timeout_ms));
    if (small.answer != Answer::Sat) {
      n.reason = "No counterexample lends 16 elements or fewer";
      return n;
    }
    values = small.values;
  }
  for (uint64_t bound : kIntegerBounds) {
    Term ints = integer_bound(c, in, bound);
    if (ints.is_true()) break;  // nothing to narrow at this bound or any larger one
    CheckResult r = ask(solver, with(query, storage && ints, kNarrowTimeoutMs, narrowing_work(solver)));
    if (r.answer == Answer::Sat) {
      values = r.values;
      break;
    }
  }
  n.ok = values.size() == in.leaves.size();
  n.values = values;
  if (!n.ok) n.reason = "Solver model without a value for every input";
  return n;
}

}  // namespace cairn::smt
