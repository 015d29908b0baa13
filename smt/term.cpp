// The term Context: interning of sorts and nodes, sort checking, boolean constant folding.
#include "smt/term.h"
#include "core/closed_set.h"

#include <iterator>
#include <stdexcept>

namespace cairn::smt {

namespace {

struct KindRow {
  const char* name;
  const char* symbol;
};
const KindRow kKinds[] = {
#define TERM(k, symbol, params) {#k, symbol},
#include "smt/term_kinds.def"
#undef TERM
};
const char* const kRoundings[] = {
#define ROUNDING(k, symbol) symbol,
#include "smt/rounding.def"
#undef ROUNDING
};

[[noreturn]] void fault(const std::string& what) { throw std::logic_error("smt: " + what); }

uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  return h * 0xBF58476D1CE4E5B9ull;
}

}  // namespace

bool term_has_rounding(TermKind k) {
  switch (k) {
    case TermKind::FpFromFp: case TermKind::FpFromSbv: case TermKind::FpFromUbv: case TermKind::FpToSbv:
    case TermKind::FpToUbv: case TermKind::FpAdd: case TermKind::FpSub: case TermKind::FpMul:
    case TermKind::FpDiv: case TermKind::FpSqrt: case TermKind::FpRound:
      return true;
    case TermKind::Var: case TermKind::BoolConst: case TermKind::BvConst: case TermKind::Not:
    case TermKind::And: case TermKind::Or: case TermKind::Xor: case TermKind::Implies: case TermKind::Ite:
    case TermKind::Eq: case TermKind::BvNot: case TermKind::BvNeg: case TermKind::BvAnd: case TermKind::BvOr:
    case TermKind::BvXor: case TermKind::BvAdd: case TermKind::BvSub: case TermKind::BvMul:
    case TermKind::BvUdiv: case TermKind::BvUrem: case TermKind::BvSdiv: case TermKind::BvSrem:
    case TermKind::BvShl: case TermKind::BvLshr: case TermKind::BvAshr: case TermKind::BvUlt:
    case TermKind::BvUle: case TermKind::BvSlt: case TermKind::BvSle: case TermKind::Concat:
    case TermKind::Extract: case TermKind::ZeroExtend: case TermKind::SignExtend: case TermKind::FpFromBits:
    case TermKind::FpToBits: case TermKind::FpNeg: case TermKind::FpAbs: case TermKind::FpEq:
    case TermKind::FpLt: case TermKind::FpLeq: case TermKind::FpIsNan: case TermKind::FpIsInf:
    case TermKind::FpIsZero: case TermKind::FpIsNeg: case TermKind::Select: case TermKind::Store:
    case TermKind::ConstArray:
      return false;
  }
  outside_closed_set("smt::TermKind");
}

const char* term_name(TermKind k) { return kKinds[static_cast<size_t>(k)].name; }
const char* term_symbol(TermKind k) { return kKinds[static_cast<size_t>(k)].symbol; }
const char* rounding_symbol(Rounding r) { return kRoundings[static_cast<size_t>(r)]; }

Context::Context() {
  names_.push_back("");
  intern_sort({SortKind::Bool, 0, 0});
}

Sort Context::intern_sort(SortInfo info) {
  auto key = std::make_tuple(static_cast<int>(info.kind), info.a, info.b);
  auto it = sort_index_.find(key);
  if (it != sort_index_.end()) return Sort{it->second};
  uint32_t id = static_cast<uint32_t>(sorts_.size());
  sorts_.push_back(info);
  sort_index_.emplace(key, id);
  return Sort{id};
}

Sort Context::bool_sort() { return Sort{0}; }
Sort Context::bv_sort(unsigned width) {
  if (width == 0) fault("bit-vector of width 0");
  return intern_sort({SortKind::BitVec, width, 0});
}
Sort Context::fp_sort(unsigned e, unsigned s) {
  if (e < 2 || s < 2) fault("float format too small");
  return intern_sort({SortKind::Float, e, s});
}
Sort Context::array_sort(Sort index, Sort element) { return intern_sort({SortKind::Array, index.id, element.id}); }

unsigned Context::bv_width(Sort s) const {
  if (info(s).kind != SortKind::BitVec) fault("bit-vector expected, got " + sort_text(s));
  return info(s).a;
}

std::string Context::sort_text(Sort s) const {
  const SortInfo& i = info(s);
  switch (i.kind) {
    case SortKind::Bool: return "Bool";
    case SortKind::BitVec: return "(_ BitVec " + std::to_string(i.a) + ")";
    case SortKind::Float: return "(_ FloatingPoint " + std::to_string(i.a) + " " + std::to_string(i.b) + ")";
    case SortKind::Array: return "(Array " + sort_text(Sort{i.a}) + " " + sort_text(Sort{i.b}) + ")";
  }
  return "?";
}

uint64_t Context::hash_node(TermKind k, Sort s, const std::vector<Term>& args, uint64_t p0, uint64_t p1,
                            uint32_t name) const {
  uint64_t h = mix(mix(mix(static_cast<uint64_t>(k), s.id), p0), p1);
  h = mix(h, name);
  for (Term a : args) h = mix(h, a.id());
  return h;
}

Term Context::intern(TermKind k, Sort s, const std::vector<Term>& args, uint64_t p0, uint64_t p1, uint32_t name) {
  uint64_t h = hash_node(k, s, args, p0, p1, name);
  auto range = node_index_.equal_range(h);
  for (auto it = range.first; it != range.second; ++it) {
    const Node& n = nodes_[it->second];
    if (n.kind != k || !(n.sort == s) || n.p0 != p0 || n.p1 != p1 || n.name != name || n.nargs != args.size())
      continue;
    bool equal = true;
    for (size_t i = 0; i < args.size() && equal; ++i) equal = args_[n.args_begin + i] == args[i].id();
    if (equal) return Term(this, it->second);
  }
  uint32_t id = static_cast<uint32_t>(nodes_.size());
  nodes_.push_back({k, s, static_cast<uint32_t>(args_.size()), static_cast<uint32_t>(args.size()), p0, p1, name});
  for (Term a : args) args_.push_back(a.id());
  node_index_.emplace(h, id);
  return Term(this, id);
}

Term Context::var(const std::string& name, Sort s) {
  if (name.empty() || name.find('!') != std::string::npos) fault("variable name '" + name + "' is reserved");
  auto it = var_index_.find(name);
  if (it != var_index_.end()) {
    if (!(nodes_[it->second].sort == s)) fault("variable " + name + " redeclared with another sort");
    return Term(this, it->second);
  }
  names_.push_back(name);
  Term t = intern(TermKind::Var, s, {}, 0, 0, static_cast<uint32_t>(names_.size() - 1));
  var_index_.emplace(name, t.id());
  return t;
}

Term Context::fresh(const std::string& prefix, Sort s) {
  names_.push_back(prefix + "!" + std::to_string(++fresh_count_));
  return intern(TermKind::Var, s, {}, 0, 0, static_cast<uint32_t>(names_.size() - 1));
}

Term Context::boolean(bool v) { return intern(TermKind::BoolConst, bool_sort(), {}, v ? 1 : 0, 0, 0); }

Term Context::bv(unsigned width, uint64_t bits) {
  if (width == 0 || width > 64) fault("bit-vector literal of width " + std::to_string(width));
  if (width < 64) bits &= (uint64_t{1} << width) - 1;
  return intern(TermKind::BvConst, bv_sort(width), {}, bits, 0, 0);
}

Term Context::make(TermKind k, const std::vector<Term>& args, uint64_t p0, uint64_t p1, Sort result) {
  for (Term a : args)
    if (a.is_null() || &a.ctx() != this) fault(std::string("argument of ") + term_name(k) + " from another context");
  if (term_has_rounding(k) && p0 >= std::size(kRoundings)) fault("bad rounding mode");
  Sort s = result_sort(k, args, p0, p1, result);
  Term folded = simplify(k, args, s, p1);
  if (!folded.is_null()) return folded;
  return intern(k, s, args, p0, p1, 0);
}

std::vector<Term> post_order(const std::vector<Term>& roots) {
  std::vector<Term> out;
  if (roots.empty()) return out;
  std::vector<uint8_t> seen(roots[0].ctx().size(), 0);
  std::vector<std::pair<Term, size_t>> stack;  // node, next argument to visit
  for (Term r : roots) {
    if (seen[r.id()]) continue;
    seen[r.id()] = 1;
    stack.push_back({r, 0});
    while (!stack.empty()) {
      auto& [t, next] = stack.back();
      if (next < t.num_args()) {
        Term a = t.arg(next++);
        if (!seen[a.id()]) {
          seen[a.id()] = 1;
          stack.push_back({a, 0});
        }
        continue;
      }
      out.push_back(t);
      stack.pop_back();
    }
  }
  return out;
}

}  // namespace cairn::smt
