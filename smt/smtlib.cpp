// The SMT-LIB2 printer: one pass in post order, shared applications named, FpToBits as fresh constants.
#include "smt/smtlib.h"

#include <set>
#include <sstream>
#include <unordered_map>
#include "core/closed_set.h"

namespace cairn::smt {

namespace {

bool is_simple_symbol(const std::string& s) {
  static const std::set<std::string> reserved = {
      "_", "!", "as", "let", "exists", "forall", "match", "par", "BINARY", "DECIMAL", "HEXADECIMAL", "NUMERAL",
      "STRING", "assert", "check-sat", "declare-const", "declare-fun", "define-fun", "exit", "get-value",
      "push", "pop", "set-logic", "set-option", "set-info", "true", "false"};
  if (s.empty() || reserved.count(s) || (s[0] >= '0' && s[0] <= '9')) return false;
  for (char ch : s) {
    bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
              std::string("~!@$%^&*_-+=<>.?/").find(ch) != std::string::npos;
    if (!ok) return false;
  }
  return true;
}

std::string literal(Term t) {
  unsigned w = t.width();
  uint64_t v = t.p0();
  std::string out;
  if (w % 4 == 0) {
    for (unsigned i = w / 4; i-- > 0;) out += "0123456789abcdef"[(v >> (4 * i)) & 0xF];
    return "#x" + out;
  }
  for (unsigned i = w; i-- > 0;) out += ((v >> i) & 1) ? '1' : '0';
  return "#b" + out;
}

class Printer {
 public:
  explicit Printer(const Query& q) : q_(q) {}
  std::string run();

 private:
  void plan(const std::vector<Term>& order);
  std::string ref(Term t) const;   // the name of a named node, else its inline text
  std::string body(Term t) const;  // the application itself
  std::string head(Term t) const;  // the function symbol, indexed or qualified where needed

  const Query& q_;
  std::unordered_map<uint32_t, std::string> names_;
};

void Printer::plan(const std::vector<Term>& order) {
  std::unordered_map<uint32_t, unsigned> uses;
  for (Term t : order)
    for (size_t i = 0; i < t.num_args(); ++i) ++uses[t.arg(i).id()];
  for (Term r : q_.assertions) ++uses[r.id()];
  for (Term r : q_.wanted) ++uses[r.id()];
  unsigned defs = 0, bits = 0;
  for (Term t : order) {
    if (t.kind() == TermKind::Var) names_[t.id()] = smtlib_symbol(t.name());
    else if (t.kind() == TermKind::FpToBits) names_[t.id()] = "bits!!" + std::to_string(++bits);
    else if (t.num_args() > 0 && uses[t.id()] >= 2) names_[t.id()] = "d!!" + std::to_string(++defs);
  }
}

std::string Printer::head(Term t) const {
  const SortInfo& s = t.ctx().info(t.sort());
  auto fmt = [&] { return std::to_string(s.a) + " " + std::to_string(s.b); };
  switch (t.kind()) {
    case TermKind::Extract: return "(_ extract " + std::to_string(t.p0()) + " " + std::to_string(t.p1()) + ")";
    case TermKind::ZeroExtend: return "(_ zero_extend " + std::to_string(t.p0()) + ")";
    case TermKind::SignExtend: return "(_ sign_extend " + std::to_string(t.p0()) + ")";
    case TermKind::FpFromBits: case TermKind::FpFromFp: case TermKind::FpFromSbv:
      return "(_ to_fp " + fmt() + ")";
    case TermKind::FpFromUbv: return "(_ to_fp_unsigned " + fmt() + ")";
    case TermKind::FpToSbv: return "(_ fp.to_sbv " + std::to_string(s.a) + ")";
    case TermKind::FpToUbv: return "(_ fp.to_ubv " + std::to_string(s.a) + ")";
    case TermKind::ConstArray: return "(as const " + t.ctx().sort_text(t.sort()) + ")";
    case TermKind::Var: case TermKind::BoolConst: case TermKind::BvConst: case TermKind::Not:
    case TermKind::And: case TermKind::Or: case TermKind::Xor: case TermKind::Implies: case TermKind::Ite:
    case TermKind::Eq: case TermKind::BvNot: case TermKind::BvNeg: case TermKind::BvAnd: case TermKind::BvOr:
    case TermKind::BvXor: case TermKind::BvAdd: case TermKind::BvSub: case TermKind::BvMul:
    case TermKind::BvUdiv: case TermKind::BvUrem: case TermKind::BvSdiv: case TermKind::BvSrem:
    case TermKind::BvShl: case TermKind::BvLshr: case TermKind::BvAshr: case TermKind::BvUlt:
    case TermKind::BvUle: case TermKind::BvSlt: case TermKind::BvSle: case TermKind::Concat:
    case TermKind::FpToBits: case TermKind::FpAdd: case TermKind::FpSub: case TermKind::FpMul:
    case TermKind::FpDiv: case TermKind::FpSqrt: case TermKind::FpRound: case TermKind::FpNeg:
    case TermKind::FpAbs: case TermKind::FpEq: case TermKind::FpLt: case TermKind::FpLeq:
    case TermKind::FpIsNan: case TermKind::FpIsInf: case TermKind::FpIsZero: case TermKind::FpIsNeg:
    case TermKind::Select: case TermKind::Store: return term_symbol(t.kind());
  }
  outside_closed_set("smt::TermKind");
}


std::string Printer::body(Term t) const {
  switch (t.kind()) {
    case TermKind::BoolConst: return t.p0() ? "true" : "false";
    case TermKind::BvConst: return literal(t);
    case TermKind::Var: case TermKind::Not: case TermKind::And: case TermKind::Or: case TermKind::Xor:
    case TermKind::Implies: case TermKind::Ite: case TermKind::Eq: case TermKind::BvNot: case TermKind::BvNeg:
    case TermKind::BvAnd: case TermKind::BvOr: case TermKind::BvXor: case TermKind::BvAdd:
    case TermKind::BvSub: case TermKind::BvMul: case TermKind::BvUdiv: case TermKind::BvUrem:
    case TermKind::BvSdiv: case TermKind::BvSrem: case TermKind::BvShl: case TermKind::BvLshr:
    case TermKind::BvAshr: case TermKind::BvUlt: case TermKind::BvUle: case TermKind::BvSlt:
    case TermKind::BvSle: case TermKind::Concat: case TermKind::Extract: case TermKind::ZeroExtend:
    case TermKind::SignExtend: case TermKind::FpFromBits: case TermKind::FpToBits: case TermKind::FpFromFp:
    case TermKind::FpFromSbv: case TermKind::FpFromUbv: case TermKind::FpToSbv: case TermKind::FpToUbv:
    case TermKind::FpAdd: case TermKind::FpSub: case TermKind::FpMul: case TermKind::FpDiv:
    case TermKind::FpSqrt: case TermKind::FpRound: case TermKind::FpNeg: case TermKind::FpAbs:
    case TermKind::FpEq: case TermKind::FpLt: case TermKind::FpLeq: case TermKind::FpIsNan:
    case TermKind::FpIsInf: case TermKind::FpIsZero: case TermKind::FpIsNeg: case TermKind::Select:
    case TermKind::Store: case TermKind::ConstArray: break;
  }
  std::string out = "(" + head(t);
  if (term_has_rounding(t.kind())) out += std::string(" ") + rounding_symbol(static_cast<Rounding>(t.p0()));
  for (size_t i = 0; i < t.num_args(); ++i) out += " " + ref(t.arg(i));
  return out + ")";
}

std::string Printer::ref(Term t) const {
  auto it = names_.find(t.id());
  return it != names_.end() ? it->second : body(t);
}

std::string Printer::run() {
  std::vector<Term> roots = q_.assertions;
  roots.insert(roots.end(), q_.wanted.begin(), q_.wanted.end());
  std::vector<Term> order = post_order(roots);
  plan(order);
  std::ostringstream out;
  out << "(set-info :smt-lib-version 2.6)\n(set-option :produce-models true)\n";
  out << "(set-logic " << query_logic(q_) << ")\n";
  for (Term t : order)
    if (t.kind() == TermKind::Var || t.kind() == TermKind::FpToBits)
      out << "(declare-const " << names_.at(t.id()) << " " << t.ctx().sort_text(t.sort()) << ")\n";
  for (Term t : order) {
    auto it = names_.find(t.id());
    if (it == names_.end() || t.kind() == TermKind::Var) continue;
    if (t.kind() == TermKind::FpToBits) {
      const SortInfo& f = t.ctx().info(t.arg(0).sort());
      out << "(assert (= ((_ to_fp " << f.a << " " << f.b << ") " << it->second << ") " << ref(t.arg(0)) << "))\n";
    } else {
      out << "(define-fun " << it->second << " () " << t.ctx().sort_text(t.sort()) << " " << body(t) << ")\n";
    }
  }
  for (Term a : q_.assertions) out << "(assert " << ref(a) << ")\n";
  out << "(check-sat)\n";
  if (!q_.wanted.empty()) {
    out << "(get-value (";
    for (size_t i = 0; i < q_.wanted.size(); ++i) out << (i ? " " : "") << ref(q_.wanted[i]);
    out << "))\n";
  }
  out << "(exit)\n";
  return out.str();
}

}  // namespace

std::string smtlib_symbol(const std::string& name) {
  if (is_simple_symbol(name)) return name;
  std::string quoted;
  for (char ch : name)
    if (ch != '|' && ch != '\\') quoted += ch;  // the two characters a quoted symbol cannot hold
  return "|" + quoted + "|";
}

std::string smtlib_text(const Query& query) { return Printer(query).run(); }

}  // namespace cairn::smt
