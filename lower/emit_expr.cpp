// Expressions: values, places and views, with operands sequenced left to right (§8.15): an operand is held
// in a temporary when a later operand may trap or act, so C++'s unspecified argument order cannot matter.
#include "lower/emit_fn.h"
#include "lower/names.h"

namespace cairn::lower {

using check::TypeKind;
using IK = ir::Kind;
using ir::Node;

namespace {
bool placeish(const Node* n) {
  return n->kind == IK::Local || n->kind == IK::Deref || n->kind == IK::Index ||
         (n->kind == IK::Field && placeish(n->kids[0]));
}
bool simple_name(const std::string& s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])))) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}
const check::Type* strip(const check::Type* t) {
  while (t && t->kind == TypeKind::Borrow) t = t->elem;
  return t;
}
}  // namespace

bool FnEmitter::is_constant(const Node* n) {
  return n->kind == IK::Const || n->kind == IK::FnRef || n->kind == IK::String;
}

bool FnEmitter::may_effect(const Node* n) const {
  switch (n->kind) {
    case IK::Call: case IK::CallIndirect: case IK::Take: case IK::Swap: case IK::Print:
    case IK::Format: case IK::Assert: case IK::AssertEq: case IK::Try: case IK::BufNew:
    case IK::Compact: case IK::Reduce: return true;
    case IK::Const: case IK::Local: case IK::Deref: case IK::Field: case IK::Index:
    case IK::Unary: case IK::Binary: case IK::And: case IK::Or: case IK::Convert: case IK::Builtin:
    case IK::Record: case IK::Variant: case IK::ArrayNew: case IK::String: case IK::FnRef: case IK::Part:
    case IK::Lend: case IK::Len: case IK::ArgRef: case IK::ArgTemp: case IK::ArgView: case IK::Extent:
    case IK::Block: case IK::Let: case IK::Drop: case IK::Unpack: case IK::Storage:
    case IK::Assign: case IK::Compound: case IK::If: case IK::While: case IK::ForRange: case IK::ForEach:
    case IK::Match: case IK::Arm: case IK::Return: case IK::Break: case IK::Continue: case IK::Defer:
    case IK::Eval: case IK::Release: case IK::Unwind: break;
  }
  // a guard the checker proved safe cannot fail: its node may stay in line with later operands
  if (n->has_guard && !(n->kind == IK::Index || n->kind == IK::Binary ? elide(n) : false)) return true;
  for (const Node* k : n->kids)
    if (may_effect(k)) return true;
  return false;
}

std::string FnEmitter::hoist(const std::string& s, How how) {
  if (how == How::Place && simple_name(s)) return s;
  std::string t = temp();
  line((how == How::Place ? "auto& " : "auto ") + t + " = " + s + ";");
  return t;
}

std::string FnEmitter::item(const Item& it) {
  switch (it.how) {
    case How::Value: return ex(it.n);
    case How::Place: return pl(it.n);
    case How::View: return vw(it.n);
  }
  return ex(it.n);
}

std::vector<std::string> FnEmitter::seq(const std::vector<Item>& items) {
  std::vector<bool> eff(items.size());
  for (size_t i = 0; i < items.size(); ++i) eff[i] = may_effect(items[i].n);
  std::vector<std::string> out;
  for (size_t i = 0; i < items.size(); ++i) {
    std::string s = item(items[i]);
    bool later = false;
    for (size_t j = i + 1; j < items.size(); ++j) later = later || eff[j];
    if (later && !is_constant(items[i].n)) {
      s = hoist(s, items[i].how);
      const check::Type* t = items[i].n->type;
      // an owner held for a moment is moved on to its use
      if (items[i].how == How::Value && t && check::type_kind(t) != check::Kind::Copy) s = "std::move(" + s + ")";
    }
    out.push_back(s);
  }
  return out;
}

std::string FnEmitter::ex(const Node* n) {
  pos_ = n->pos;
  switch (n->kind) {
    case IK::Const: return literal(n->type && n->type->kind == TypeKind::Scalar ? n->type->scalar : n->sc, n->bits);
    case IK::ArrayNew: return tname(n->type) + "{}";
    case IK::Local: return n->moves ? "std::move(" + local(n->slot) + ")" : local(n->slot);
    case IK::Deref: return local(n->slot);
    case IK::Field: return field(n);
    case IK::Index: return index(n);
    case IK::Unary: return scalar_op(n, n->op, n->sc, seq({{n->kids[0], How::Value}}));
    case IK::Binary: return scalar_op(n, n->op, n->sc, seq({{n->kids[0], How::Value}, {n->kids[1], How::Value}}));
    case IK::Builtin: {
      std::vector<Item> items;
      for (const Node* k : n->kids) items.push_back({k, How::Value});
      return scalar_op(n, n->op, n->sc, seq(items));
    }
    case IK::Convert: return convert(n, ex(n->kids[0]));
    case IK::And:
    case IK::Or: return logic(n);
    case IK::Call:
    case IK::CallIndirect: return call(n);
    case IK::Record: {
      std::vector<Item> items;
      for (const Node* k : n->kids) items.push_back({k, How::Value});
      std::vector<std::string> v = seq(items);
      std::string s = tname(n->type) + "{";
      for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
      return s + "}";
    }
    case IK::Variant: {
      if (!TypeNamer::is_payload_sum(n->type)) return "uint32_t(" + std::to_string(n->index) + "u)";
      std::string t = tname(n->type);
      if (!n->kids.empty()) {
        std::string a = ex(n->kids[0]);
        return t + "::mk" + std::to_string(n->index) + "(" + a + ")";
      }
      return t + "::mk(" + std::to_string(n->index) + "u)";
    }
    case IK::BufNew: {
      std::string c = ex(n->kids[0]);
      ++emitted_guards;
      uint64_t size = std::max<uint64_t>(check::type_size(n->elem), 1);
      std::string e = tname(n->elem);
      return "cr::buf_new<" + e + ">(" + c + ", " + std::to_string(size) + ", " + site(n->pos) + ")";
    }
    case IK::String: return "cr::str(" + cpp_string(n->text) + ", " + std::to_string(n->text.size()) + ")";
    case IK::FnRef: {
      if (n->callee == ir::kNoSlot) return tname(n->type) + "{}";
      deps.insert(cx_.symbols[n->callee]);
      return "&" + cx_.symbols[n->callee];
    }
    case IK::Part:
    case IK::Lend: return vw(n);
    case IK::Len: {
      const Node* k = n->kids[0];
      if (k->kind == IK::String) return literal(check::Scalar::Usize, k->text.size());
      const check::Type* t = strip(k->type);
      if (t && (t->kind == TypeKind::View || t->kind == TypeKind::Buf || t->kind == TypeKind::Array) && placeish(k))
        return "cr::len(" + pl(k) + ")";
      return "cr::len(" + vw(k) + ")";
    }
    case IK::Take: return "cr::take(" + pl(n->kids[0]) + ")";
    case IK::Swap: {
      std::vector<std::string> v = seq({{n->kids[0], How::Place}, {n->kids[1], How::Place}});
      line("cr::swap(" + v[0] + ", " + v[1] + ");");
      return "";
    }
    case IK::Print: return print(n);
    case IK::Format: return format(n);
    case IK::Assert:
    case IK::AssertEq: return assertion(n);
    case IK::Compact: return compact(n);
    case IK::Reduce: return reduce(n);
    case IK::Try: return try_expr(n);
    case IK::ArgRef: return pl(n->kids[0]);
    case IK::ArgTemp: return ex(n->kids[0]);
    case IK::ArgView: return vw(n->kids[0]);
    case IK::Extent: return literal(check::Scalar::Usize, 0);
    case IK::Block: case IK::Let: case IK::Drop: case IK::Unpack: case IK::Storage: case IK::Assign:
    case IK::Compound: case IK::If: case IK::While: case IK::ForRange: case IK::ForEach: case IK::Match:
    case IK::Arm: case IK::Return: case IK::Break: case IK::Continue: case IK::Defer: case IK::Eval:
    case IK::Release: case IK::Unwind: break;
  }
  return "";
}

std::string FnEmitter::pl(const Node* n) {
  switch (n->kind) {
    case IK::Local:
    case IK::Deref: return local(n->slot);
    case IK::Field: return field(n);
    case IK::Index: return index(n);
    case IK::Const: case IK::Unary: case IK::Binary: case IK::And: case IK::Or:
    case IK::Convert: case IK::Call: case IK::CallIndirect: case IK::Builtin: case IK::Record:
    case IK::Variant: case IK::BufNew: case IK::ArrayNew: case IK::String: case IK::FnRef: case IK::Part:
    case IK::Lend: case IK::Len: case IK::Take: case IK::Swap: case IK::Print: case IK::Format:
    case IK::Assert: case IK::AssertEq: case IK::Compact: case IK::Reduce: case IK::Try: case IK::ArgRef:
    case IK::ArgTemp: case IK::ArgView: case IK::Extent: case IK::Block: case IK::Let:
    case IK::Drop: case IK::Unpack: case IK::Storage: case IK::Assign: case IK::Compound: case IK::If:
    case IK::While: case IK::ForRange: case IK::ForEach: case IK::Match: case IK::Arm: case IK::Return:
    case IK::Break: case IK::Continue: case IK::Defer: case IK::Eval: case IK::Release: case IK::Unwind: break;
  }
  std::string s = ex(n);
  std::string t = temp();
  line("auto " + t + " = " + s + ";");
  return t;
}

std::string FnEmitter::field(const Node* n) {
  const Node* b = n->kids[0];
  std::string base = placeish(b) ? pl(b) : ex(b);
  const check::Type* rt = strip(b->type);
  return base + ".f_" + rt->record->fields[n->index].name;
}

std::string FnEmitter::index(const Node* n) {
  const Node* b = n->kids[0];
  const check::Type* bt = strip(b->type);
  bool view = bt && bt->kind == TypeKind::View;
  std::vector<std::string> v;
  if (!view && !placeish(b)) {
    std::string base = hoist(ex(b), How::Value);
    v = {base, ex(n->kids[1])};
  } else {
    v = seq({{b, view ? How::View : How::Place}, {n->kids[1], How::Value}});
  }
  pos_ = n->pos;
  if (elide(n)) {
    ++elided_guards;
    return v[0] + "[" + v[1] + "]";
  }
  ++emitted_guards;
  return "cr::at(" + v[0] + ", " + v[1] + ", " + site(n->pos) + ")";
}

std::string FnEmitter::lend(const Node* n) {
  const Node* r = n->kids[0];
  const check::Type* rt = strip(r->type);
  const check::LendsInfo& L = *rt->record->lends;
  std::string s = placeish(r) ? pl(r) : hoist(ex(r), How::Value);
  if (!simple_name(s)) s = hoist(s, How::Place);
  const auto& fields = rt->record->fields;
  std::string lo = L.lo_is_field ? s + ".f_" + fields[L.lo].name : literal(check::Scalar::Usize, L.lo);
  std::string hi = L.hi_is_field ? s + ".f_" + fields[L.hi].name : literal(check::Scalar::Usize, L.hi);
  ++emitted_guards;
  return "cr::lend(" + s + ".f_" + fields[L.field].name + ", " + lo + ", " + hi + ", " + site(n->pos) + ")";
}

std::string FnEmitter::vw(const Node* n) {
  switch (n->kind) {
    case IK::Part: {
      std::vector<std::string> v = seq({{n->kids[0], How::View}, {n->kids[1], How::Value}, {n->kids[2], How::Value}});
      ++emitted_guards;
      pos_ = n->pos;
      return "cr::part(" + v[0] + ", " + v[1] + ", " + v[2] + ", " + site(n->pos) + ")";
    }
    case IK::Lend: return lend(n);
    case IK::String: return ex(n);
    case IK::Const: case IK::Local: case IK::Deref: case IK::Field: case IK::Index:
    case IK::Unary: case IK::Binary: case IK::And: case IK::Or: case IK::Convert: case IK::Call:
    case IK::CallIndirect: case IK::Builtin: case IK::Record: case IK::Variant: case IK::BufNew:
    case IK::ArrayNew: case IK::FnRef: case IK::Len: case IK::Take: case IK::Swap: case IK::Print:
    case IK::Format: case IK::Assert: case IK::AssertEq: case IK::Compact: case IK::Reduce: case IK::Try:
    case IK::ArgRef: case IK::ArgTemp: case IK::ArgView: case IK::Extent: case IK::Block:
    case IK::Let: case IK::Drop: case IK::Unpack: case IK::Storage: case IK::Assign: case IK::Compound:
    case IK::If: case IK::While: case IK::ForRange: case IK::ForEach: case IK::Match: case IK::Arm:
    case IK::Return: case IK::Break: case IK::Continue: case IK::Defer: case IK::Eval: case IK::Release:
    case IK::Unwind: break;
  }
  const check::Type* t = strip(n->type);
  if (t && t->kind == TypeKind::View) return ex(n);
  if (t && (t->kind == TypeKind::Buf || t->kind == TypeKind::Array)) {
    if (placeish(n)) return "cr::view(" + pl(n) + ")";
    return "cr::view(" + hoist(ex(n), How::Value) + ")";
  }
  return ex(n);
}

std::string FnEmitter::logic(const Node* n) {
  bool is_and = n->kind == IK::And;
  std::string a = ex(n->kids[0]);
  auto saved = capture_begin();
  std::string b = ex(n->kids[1]);
  auto pre = capture_end(std::move(saved));
  if (pre.empty()) return "(" + a + (is_and ? " && " : " || ") + b + ")";
  std::string t = temp();
  pos_ = n->pos;
  line("bool " + t + " = " + a + ";");
  line(std::string("if (") + (is_and ? "" : "!") + t + ") {");
  append(pre, 1);
  ++indent_;
  line(t + " = " + b + ";");
  --indent_;
  line("}");
  return t;
}

std::string FnEmitter::scalar_op(const Node* n, sem::Op op, check::Scalar sc, const std::vector<std::string>& a) {
  using sem::Op;
  std::string T = TypeNamer::scalar(sc);
  bool fl = check::scalar_is_float(sc);
  const std::string& x = a[0];
  std::string y = a.size() > 1 ? a[1] : "";
  auto guarded = [&](const char* fn, const char* nc) -> std::string {
    std::string args = y.empty() ? x : x + ", " + y;
    if (fl || !n->has_guard) return std::string(fn) + "<" + T + ">(" + args + ", nullptr)";
    if (nc && elide(n)) {
      ++elided_guards;
      return std::string(nc) + "<" + T + ">(" + args + ")";
    }
    ++emitted_guards;
    return std::string(fn) + "<" + T + ">(" + args + ", " + site(n->pos) + ")";
  };
  auto plain = [&](const char* fn) { return std::string(fn) + "<" + T + ">(" + x + (y.empty() ? "" : ", " + y) + ")"; };
  // The table's runtime column: a guarded call takes the trap site (or its unchecked twin where the guard was
  // proved), a plain one none; the special rows are spelled here.
  const sem::OpRow& row = sem::op_row(op);
  switch (row.form) {
    case sem::CallForm::Guarded: return guarded(row.runtime, *row.unchecked ? row.unchecked : nullptr);
    case sem::CallForm::Plain: return plain(row.runtime);
    case sem::CallForm::Special: break;
  }
  if (op == Op::Not) return std::string(row.runtime) + "(" + x + ")";
  if (op == Op::ToBits) return std::string(row.runtime) + "(static_cast<" + T + ">(" + x + "))";
  if (op == Op::FromBits) {
    check::Scalar r = n->type && n->type->kind == TypeKind::Scalar ? n->type->scalar : check::Scalar::F64;
    return std::string(row.runtime) + "<" + TypeNamer::scalar(r) + ">(" + x + ")";
  }
  if (op == Op::Convert) return convert(n, x);
  return x;
}

// A conversion: its guard only where §6 gives it one (a widening or float conversion is total).
std::string FnEmitter::convert(const Node* n, const std::string& x) {
  std::string s = n->has_guard ? site(n->pos) : "nullptr";
  if (n->has_guard) ++emitted_guards;
  return std::string(sem::op_row(sem::Op::Convert).runtime) + "<" + TypeNamer::scalar(n->sc) + ", " + TypeNamer::scalar(n->sc2) +
         ">(" + x + ", " + s + ")";
}

}  // namespace cairn::lower
