// The concrete query of one call and its comparison with the interpreter.
#include "fuzz/smt/concrete_query.h"

#include "core/float_bits.h"
#include "core/value_format.h"

namespace cairn::fuzz {

using check::Scalar;

namespace {

uint64_t low_bits(Scalar t, uint64_t bits) {
  unsigned w = t == Scalar::Bool ? 1 : check::scalar_bits(t);
  return w >= 64 ? bits : bits & ((uint64_t{1} << w) - 1);
}

// Equal as data, where a NaN matches any NaN.
bool same_scalar(Scalar t, uint64_t model, uint64_t run) {
  uint64_t a = low_bits(t, model), b = low_bits(t, run);
  if (a == b) return true;
  return check::scalar_is_float(t) && sem::is_nan_bits(t, a) && sem::is_nan_bits(t, b);
}

std::string hex(uint64_t v) {
  char buf[24];
  snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string show(Scalar t, uint64_t bits) {
  return sem::scalar_literal(t, low_bits(t, bits)) + (check::scalar_is_float(t) ? " (" + hex(low_bits(t, bits)) + ")" : "");
}

std::optional<std::string> compare_array(const smt::Observed& o, const sem::ObservedLeaf& m,
                                         const std::vector<uint64_t>& run) {
  if (m.bits != run.size())
    return o.name + ": solver length " + std::to_string(m.bits) + ", interpreter " + std::to_string(run.size());
  for (size_t k = 0; k < run.size() && k < m.elems.size(); ++k)
    if (!same_scalar(o.type, m.elems[k], run[k]))
      return o.name + "[" + std::to_string(k) + "]: solver " + show(o.type, m.elems[k]) + ", interpreter " +
             show(o.type, run[k]);
  return std::nullopt;
}

std::optional<std::string> compare_leaf(const smt::Observed& o, const sem::ObservedLeaf& m,
                                        const sem::ObservedLeaf& run) {
  if (m.relevant != run.relevant)
    return o.name + ": " + (run.relevant ? "the interpreter's tag names it, the solver's does not"
                                         : "the solver's tag names it, the interpreter's does not");
  if (!run.relevant) return std::nullopt;
  if (o.is_array) return compare_array(o, m, run.elems);
  if (!same_scalar(o.type, m.bits, run.bits))
    return o.name + ": solver " + show(o.type, m.bits) + ", interpreter " + show(o.type, run.bits);
  return std::nullopt;
}

}  // namespace

smt::Term scalar_term(smt::Context& c, check::Scalar t, uint64_t bits) {
  if (t == Scalar::Bool) return c.boolean((bits & 1) != 0);
  return c.bv(check::scalar_bits(t), bits);
}

smt::Query concrete_query(smt::Context& c, const smt::Inputs& in, const smt::Encoded& e,
                          const std::vector<uint64_t>& values, unsigned timeout_ms) {
  smt::Query q;
  q.timeout_ms = timeout_ms;
  q.assertions.push_back(in.admitted);
  for (size_t i = 0; i < in.leaves.size(); ++i)
    if (in.leaves[i].term.kind() != smt::TermKind::BvConst)  // a literal extent is its value already
      q.assertions.push_back(smt::eq(in.leaves[i].term, scalar_term(c, in.leaves[i].type, values.at(i))));
  q.wanted = {e.trapped, e.past_bound};
  for (const smt::Observed& o : e.observed) {
    if (!o.is_array) {
      q.wanted.push_back(o.relevant);
      q.wanted.push_back(o.value);
      continue;
    }
    q.wanted.push_back(o.relevant);
    q.wanted.push_back(o.length);
    for (unsigned k = 0; k < smt::kWitnessElements; ++k) q.wanted.push_back(smt::select(o.array, c.bv(64, k)));
  }
  return q;
}

std::optional<ModelCall> read_model(const smt::Encoded& e, const smt::CheckResult& r) {
  size_t need = 2;
  for (const smt::Observed& o : e.observed) need += o.is_array ? 2 + smt::kWitnessElements : 2;
  if (r.values.size() != need) return std::nullopt;
  ModelCall m;
  m.trapped = r.values[0] != 0;
  m.past_bound = r.values[1] != 0;
  size_t at = 2;
  for (const smt::Observed& o : e.observed) {
    sem::ObservedLeaf leaf;
    leaf.is_array = o.is_array;
    leaf.relevant = r.values[at++] != 0;
    if (!o.is_array) {
      leaf.bits = r.values[at++];
    } else {
      leaf.bits = r.values[at++];
      for (unsigned k = 0; k < smt::kWitnessElements; ++k, ++at)
        if (k < leaf.bits) leaf.elems.push_back(r.values[at]);
    }
    m.leaves.push_back(std::move(leaf));
  }
  return m;
}

std::optional<Difference> compare_call(const smt::Inputs& in, const smt::Encoded& e, const ModelCall& model,
                                       const sem::CallOutcome& run) {
  if (model.trapped == run.defined) {
    std::string d = run.defined ? "the solver traps, the interpreter returns"
                                : std::string("the solver returns, the interpreter traps (") +
                                      check::trap_name(run.trap) + ")";
    return Difference{SmtMismatchKind::Definedness, d};
  }
  if (model.trapped) return std::nullopt;  // all traps are one outcome (§3.1)
  size_t rw = 0;
  for (const smt::ParamInput& p : in.params) rw += p.rw ? 1 : 0;
  const std::vector<smt::Observed>& obs = e.observed;
  if (obs.size() < rw || run.ret_leaves.size() != obs.size() - rw)
    return Difference{SmtMismatchKind::Value, "the returned value has " + std::to_string(run.ret_leaves.size()) +
                                                  " leaves in the interpreter, " + std::to_string(obs.size() - rw) +
                                                  " in the encoding"};
  size_t ret = obs.size() - rw;
  for (size_t i = 0; i < ret; ++i)
    if (auto d = compare_leaf(obs[i], model.leaves[i], run.ret_leaves[i])) return Difference{SmtMismatchKind::Value, *d};
  size_t at = ret;
  for (size_t p = 0; p < in.params.size(); ++p) {
    if (!in.params[p].rw) continue;
    const smt::Observed& o = obs[at];
    const sem::ObservedLeaf& m = model.leaves[at++];
    const std::vector<uint64_t>& w = p < run.written.size() ? run.written[p] : std::vector<uint64_t>{};
    std::optional<std::string> d;
    if (o.is_array) d = compare_array(o, m, w);
    else if (w.size() != 1 || !same_scalar(o.type, m.bits, w[0]))
      d = o.name + ": solver " + show(o.type, m.bits) + ", interpreter " + (w.empty() ? "nothing" : show(o.type, w[0]));
    if (d) return Difference{SmtMismatchKind::Value, *d};
  }
  return std::nullopt;
}

}  // namespace cairn::fuzz
