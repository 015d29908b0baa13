// solve_horn (horn.h): the clauses as universally quantified implications on Z3's HORN solver (Spacer), and the
// relation's interpretation in its model read back into terms of the caller's Context.
#include <chrono>
#include <functional>
#include <optional>
#include <stdexcept>
#include <unordered_map>

#include "smt/horn.h"
#include "smt/term_ops.h"
#include "smt/z3_translation.h"

namespace cairn::smt {

namespace {

// The Var terms under `roots`, once each, in post order.
std::vector<Term> variables(const std::vector<Term>& roots) {
  std::vector<Term> out;
  for (Term t : post_order(roots))
    if (t.kind() == TermKind::Var) out.push_back(t);
  return out;
}

// Z3's answer back in terms: the params' constants by name, the operators of QF_ABV; nullopt for anything else
// (a quantifier, a real number, an operator outside that set), so an unreadable invariant is no invariant.
class FromZ3 {
 public:
  FromZ3(Context& c, const std::vector<std::string>& params, const std::vector<Term>& reading) : c_(c) {
    for (size_t i = 0; i < params.size() && i < reading.size(); ++i) names_.emplace(params[i], reading[i]);
  }
  std::optional<Term> read(const z3::expr& e) {
    unsigned id = Z3_get_ast_id(e.ctx(), e);
    auto it = memo_.find(id);
    if (it != memo_.end()) return it->second;
    std::optional<Term> t = node(e);
    if (t) memo_.emplace(id, *t);
    return t;
  }

 private:
  std::optional<Term> node(const z3::expr& e) {
    if (e.is_true()) return c_.boolean(true);
    if (e.is_false()) return c_.boolean(false);
    if (e.is_numeral() && e.is_bv()) {
      uint64_t v = 0;
      unsigned w = e.get_sort().bv_size();
      if (w == 0 || w > 64 || !Z3_get_numeral_uint64(e.ctx(), e, &v)) return std::nullopt;
      return c_.bv(w, v);
    }
    if (!e.is_app()) return std::nullopt;
    z3::func_decl d = e.decl();
    if (e.num_args() == 0 && d.decl_kind() == Z3_OP_UNINTERPRETED) {
      auto it = names_.find(d.name().str());
      if (it == names_.end()) return std::nullopt;
      return it->second;
    }
    std::vector<Term> a;
    for (unsigned i = 0; i < e.num_args(); ++i) {
      std::optional<Term> x = read(e.arg(i));
      if (!x) return std::nullopt;
      a.push_back(*x);
    }
    auto fold = [&](const std::function<Term(Term, Term)>& f) -> std::optional<Term> {
      if (a.empty()) return std::nullopt;
      Term r = a[0];
      for (size_t i = 1; i < a.size(); ++i) r = f(r, a[i]);
      return r;
    };
    auto two = [&](const std::function<Term(Term, Term)>& f) -> std::optional<Term> {
      if (a.size() != 2) return std::nullopt;
      return f(a[0], a[1]);
    };
    auto param = [&](unsigned i) { return static_cast<unsigned>(Z3_get_decl_int_parameter(e.ctx(), d, i)); };
    // Z3's operator kinds are its own open set: the ones read are listed, every other is unreadable.
    switch (static_cast<int>(d.decl_kind())) {
      case Z3_OP_AND: return a.empty() ? c_.boolean(true) : all_of(c_, a);
      case Z3_OP_OR: return a.empty() ? c_.boolean(false) : any_of(c_, a);
      case Z3_OP_NOT: return a.size() == 1 ? std::optional<Term>(!a[0]) : std::nullopt;
      case Z3_OP_IMPLIES: return two(implies);
      case Z3_OP_XOR: return two(bxor);
      case Z3_OP_EQ: return two(eq);
      case Z3_OP_DISTINCT: return two(ne);
      case Z3_OP_ITE: return a.size() == 3 ? std::optional<Term>(ite(a[0], a[1], a[2])) : std::nullopt;
      case Z3_OP_BADD: return fold([](Term x, Term y) { return x + y; });
      case Z3_OP_BMUL: return fold([](Term x, Term y) { return x * y; });
      case Z3_OP_BSUB: return two([](Term x, Term y) { return x - y; });
      case Z3_OP_BAND: return fold([](Term x, Term y) { return x & y; });
      case Z3_OP_BOR: return fold([](Term x, Term y) { return x | y; });
      case Z3_OP_BXOR: return fold([](Term x, Term y) { return x ^ y; });
      case Z3_OP_BNEG: return a.size() == 1 ? std::optional<Term>(-a[0]) : std::nullopt;
      case Z3_OP_BNOT: return a.size() == 1 ? std::optional<Term>(~a[0]) : std::nullopt;
      case Z3_OP_BUDIV: case Z3_OP_BUDIV_I: return two(udiv);
      case Z3_OP_BUREM: case Z3_OP_BUREM_I: return two(urem);
      case Z3_OP_BSDIV: case Z3_OP_BSDIV_I: return two(sdiv);
      case Z3_OP_BSREM: case Z3_OP_BSREM_I: return two(srem);
      case Z3_OP_BSHL: return two(shl);
      case Z3_OP_BLSHR: return two(lshr);
      case Z3_OP_BASHR: return two(ashr);
      case Z3_OP_ULEQ: return two(ule);
      case Z3_OP_ULT: return two(ult);
      case Z3_OP_UGEQ: return two([](Term x, Term y) { return ule(y, x); });
      case Z3_OP_UGT: return two([](Term x, Term y) { return ult(y, x); });
      case Z3_OP_SLEQ: return two(sle);
      case Z3_OP_SLT: return two(slt);
      case Z3_OP_SGEQ: return two([](Term x, Term y) { return sle(y, x); });
      case Z3_OP_SGT: return two([](Term x, Term y) { return slt(y, x); });
      case Z3_OP_CONCAT: return fold(concat);
      case Z3_OP_EXTRACT:
        return a.size() == 1 ? std::optional<Term>(extract(a[0], param(0), param(1))) : std::nullopt;
      case Z3_OP_ZERO_EXT: return a.size() == 1 ? std::optional<Term>(zext(a[0], param(0))) : std::nullopt;
      case Z3_OP_SIGN_EXT: return a.size() == 1 ? std::optional<Term>(sext(a[0], param(0))) : std::nullopt;
      case Z3_OP_SELECT: return two([](Term x, Term y) { return select(x, y); });
      case Z3_OP_STORE: return a.size() == 3 ? std::optional<Term>(store(a[0], a[1], a[2])) : std::nullopt;
    }
    return std::nullopt;
  }

  Context& c_;
  std::unordered_map<std::string, Term> names_;
  std::unordered_map<unsigned, Term> memo_;
};

// An interpretation written for a reader: CAIRN's operators over the display names (`<s`, `<=s` compare as
// signed; `bits(x, hi, lo)` is an extraction), SMT-LIB for anything else.
std::string written(const z3::expr& e, const std::unordered_map<std::string, std::string>& names) {
  if (e.is_true()) return "true";
  if (e.is_false()) return "false";
  if (e.is_numeral()) return e.get_decimal_string(0);
  if (!e.is_app()) return e.to_string();
  z3::func_decl d = e.decl();
  if (e.num_args() == 0 && d.decl_kind() == Z3_OP_UNINTERPRETED) {
    auto it = names.find(d.name().str());
    return it == names.end() ? d.name().str() : it->second;
  }
  auto arg = [&](unsigned i) {
    std::string t = written(e.arg(i), names);
    bool atom = e.arg(i).num_args() == 0 || e.arg(i).decl().decl_kind() == Z3_OP_NOT;
    return atom ? t : "(" + t + ")";
  };
  auto infix = [&](const char* op) {
    std::string t;
    for (unsigned i = 0; i < e.num_args(); ++i) t += (i ? std::string(" ") + op + " " : "") + arg(i);
    return t;
  };
  switch (static_cast<int>(d.decl_kind())) {  // Z3's open set: the rest is written as SMT-LIB
    case Z3_OP_AND: return infix("&&");
    case Z3_OP_OR: return infix("||");
    case Z3_OP_NOT: return "!" + arg(0);
    case Z3_OP_IMPLIES: return "!" + arg(0) + " || " + arg(1);
    case Z3_OP_EQ: return infix("==");
    case Z3_OP_DISTINCT: return infix("!=");
    case Z3_OP_ITE: return "if " + arg(0) + " { " + arg(1) + " } else { " + arg(2) + " }";
    case Z3_OP_BADD: return infix("+");
    case Z3_OP_BSUB: return infix("-");
    case Z3_OP_BMUL: return infix("*");
    case Z3_OP_BAND: return infix("&");
    case Z3_OP_BOR: return infix("|");
    case Z3_OP_BXOR: return infix("^");
    case Z3_OP_BNOT: return "~" + arg(0);
    case Z3_OP_BNEG: return "-" + arg(0);
    case Z3_OP_ULEQ: return infix("<=");
    case Z3_OP_ULT: return infix("<");
    case Z3_OP_UGEQ: return infix(">=");
    case Z3_OP_UGT: return infix(">");
    case Z3_OP_SLEQ: return infix("<=s");
    case Z3_OP_SLT: return infix("<s");
    case Z3_OP_SGEQ: return infix(">=s");
    case Z3_OP_SGT: return infix(">s");
    case Z3_OP_EXTRACT:
      return "bits(" + written(e.arg(0), names) + ", " + std::to_string(Z3_get_decl_int_parameter(e.ctx(), d, 0)) +
             ", " + std::to_string(Z3_get_decl_int_parameter(e.ctx(), d, 1)) + ")";
  }
  return "`" + e.to_string() + "`";
}

// forall (the clause's variables). body -> head
z3::expr clause(z3::context& zc, Z3Translation& tr, const std::vector<Term>& vars, const z3::expr& body,
                const z3::expr& head) {
  z3::expr imp = z3::implies(body, head);
  if (vars.empty()) return imp;
  std::vector<Z3_app> bound;
  for (Term v : vars) bound.push_back(Z3_to_app(zc, tr.get(v)));
  Z3_ast q = Z3_mk_forall_const(zc, 0, static_cast<unsigned>(bound.size()), bound.data(), 0, nullptr, imp);
  zc.check_error();
  return z3::expr(zc, q);
}

}  // namespace

HornResult solve_horn(Context& c, const HornProblem& p) {
  HornResult r;
  auto t0 = std::chrono::steady_clock::now();
  auto done = [&](HornResult out) {
    out.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return out;
  };
  if (p.next.size() != p.params.size()) throw std::logic_error("smt: horn: one next term per param");
  try {
    z3::context zc;
    Z3Translation tr(zc, c);
    std::vector<Term> roots = p.params;
    roots.insert(roots.end(), {p.init, p.step});
    roots.insert(roots.end(), p.next.begin(), p.next.end());
    roots.insert(roots.end(), p.bad.begin(), p.bad.end());
    tr.add(roots);
    if (!tr.side().empty()) {
      r.answer = Answer::Unknown;
      r.reason = "the loop's state holds floats read as bits, which the Horn clauses do not carry";
      return done(r);
    }
    z3::sort_vector domain(zc);
    z3::expr_vector args(zc), next(zc);
    for (Term t : p.params) {
      args.push_back(tr.get(t));
      domain.push_back(tr.get(t).get_sort());
    }
    for (Term t : p.next) next.push_back(tr.get(t));
    z3::func_decl inv = zc.function("Inv", domain, zc.bool_sort());
    z3::solver s(zc, "HORN");
    z3::params prm(zc);
    prm.set("timeout", p.timeout_ms);
    s.set(prm);
    std::vector<Term> init_roots = p.params;
    init_roots.push_back(p.init);
    s.add(clause(zc, tr, variables(init_roots), tr.get(p.init), inv(args)));
    std::vector<Term> step_roots = p.params;
    step_roots.push_back(p.step);
    step_roots.insert(step_roots.end(), p.next.begin(), p.next.end());
    s.add(clause(zc, tr, variables(step_roots), inv(args) && tr.get(p.step), inv(next)));
    for (Term b : p.bad) {
      std::vector<Term> bad_roots = p.params;
      bad_roots.push_back(b);
      s.add(clause(zc, tr, variables(bad_roots), inv(args) && tr.get(b), zc.bool_val(false)));
    }
    r.script = s.to_smt2();
    switch (s.check()) {
      case z3::unsat: r.answer = Answer::Unsat; return done(r);
      case z3::unknown:
        r.reason = s.reason_unknown();
        r.answer = z3_unknown_answer(r.reason);
        return done(r);
      case z3::sat: break;
    }
    // The relation applied to constants the model does not fix, evaluated without completion: its interpretation
    // as a formula over them (the clauses' own constants have values in the model).
    z3::expr_vector open(zc);
    std::vector<std::string> open_names;
    for (size_t i = 0; i < p.params.size(); ++i) {
      open_names.push_back("inv!" + std::to_string(i));
      open.push_back(zc.constant(open_names.back().c_str(), domain[static_cast<int>(i)]));
    }
    z3::expr phi = s.get_model().eval(inv(open), false);
    for (const std::vector<Term>& reading : p.readings) {
      std::optional<Term> read = FromZ3(c, open_names, reading).read(phi);
      if (!read) {
        r.answer = Answer::Unknown;
        r.reason = "Spacer's invariant uses an operator the terms do not have: " + phi.to_string().substr(0, 200);
        return done(r);
      }
      r.invariants.push_back(*read);
    }
    std::unordered_map<std::string, std::string> names;
    for (size_t i = 0; i < open_names.size() && i < p.display.size(); ++i) names.emplace(open_names[i], p.display[i]);
    r.text = written(phi, names);
    r.answer = Answer::Sat;
  } catch (const z3::exception& e) {
    r = HornResult{};
    r.answer = Answer::Error;
    r.reason = std::string("z3 (horn): ") + e.msg();
  }
  return done(r);
}

}  // namespace cairn::smt
