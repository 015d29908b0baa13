// The Z3 backend: terms to Z3 ASTs through the C/C++ API, one check on a fresh context, model values.
#include <z3++.h>

#include <algorithm>
#include <cstdint>
#include <unordered_map>

#include "smt/backend.h"
#include "smt/z3_translation.h"

namespace cairn::smt {

namespace {

// The value of `e` in the model as in CheckResult::values; false when it cannot be read.
bool read_value(z3::context& c, z3::model& m, Term t, const z3::expr& e, uint64_t* out) {
  const SortInfo& i = t.ctx().info(t.sort());
  z3::expr v = m.eval(e, true);
  switch (i.kind) {
    case SortKind::Bool: *out = v.is_true() ? 1 : 0; return v.is_true() || v.is_false();
    case SortKind::BitVec: return i.a <= 64 && Z3_get_numeral_uint64(c, v, out);
    case SortKind::Float: {
      if (m.eval(z3::expr(c, Z3_mk_fpa_is_nan(c, e)), true).is_true()) {
        *out = i.a + i.b == 32 ? 0x7FC00000u : i.a + i.b == 64 ? 0x7FF8000000000000ull : 0;
        return i.a + i.b == 32 || i.a + i.b == 64;
      }
      z3::expr bits = m.eval(z3::expr(c, Z3_mk_fpa_to_ieee_bv(c, e)), true);
      return i.a + i.b <= 64 && Z3_get_numeral_uint64(c, bits, out);
    }
    case SortKind::Array: return false;
  }
  return false;
}

// Z3's solver for `logic`; its general solver (recorded as ALL) for a logic it does not support, such as
// QF_ABVFP in Z3 4.8.
z3::solver solver_for(z3::context& c, const std::string& logic, std::string* used) {
  *used = "ALL";
  if (logic == "ALL") return z3::solver(c);
  Z3_solver raw = Z3_mk_solver_for_logic(c, Z3_mk_string_symbol(c, logic.c_str()));
  if (!raw) return z3::solver(c);
  *used = logic;
  return z3::solver(c, raw);
}

}  // namespace

CheckResult run_z3(const Query& query, const std::string& logic, unsigned timeout_ms) {
  CheckResult r;
  try {
    z3::context c;
    z3::solver s = solver_for(c, logic, &r.logic);
    z3::params p(c);
    p.set("timeout", timeout_ms);
    if (query.work_limit) p.set("rlimit", static_cast<unsigned>(std::min<uint64_t>(query.work_limit, UINT32_MAX)));
    s.set(p);
    if (query.assertions.empty() && query.wanted.empty()) {
      r.answer = Answer::Sat;
      return r;
    }
    const Context& terms = (query.assertions.empty() ? query.wanted : query.assertions)[0].ctx();
    Z3Translation tr(c, terms);
    tr.add(query.assertions);
    tr.add(query.wanted);
    for (Term a : query.assertions) s.add(tr.get(a));
    for (const z3::expr& d : tr.side()) s.add(d);
    switch (s.check()) {
      case z3::unsat: r.answer = Answer::Unsat; return r;
      case z3::unknown:
        r.reason = s.reason_unknown();
        r.answer = z3_unknown_answer(r.reason);
        return r;
      case z3::sat: break;
    }
    z3::model m = s.get_model();
    r.answer = Answer::Sat;
    for (Term w : query.wanted) {
      uint64_t v = 0;
      if (!read_value(c, m, w, tr.get(w), &v)) {
        r.answer = Answer::Error;
        r.reason = "z3: cannot read a model value of sort " + w.ctx().sort_text(w.sort());
        return r;
      }
      r.values.push_back(v);
    }
  } catch (const z3::exception& e) {
    r = CheckResult{};
    r.answer = Answer::Error;
    r.reason = std::string("z3: ") + e.msg();
  }
  return r;
}

}  // namespace cairn::smt
