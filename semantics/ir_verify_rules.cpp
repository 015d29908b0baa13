// The tables verify_ir checks against: what each IR kind promises (ir_kinds.def) and what each operator needs (ops.def).
#include "semantics/ir_verify_rules.h"

#include <cstdint>

#include "core/ops_rules.h"
#include "core/closed_set.h"

namespace cairn::ir::verify {

using check::Scalar;
using check::TrapKind;
using check::TypeKind;
using sem::Op;

bool is_statement(Kind k) {
  switch (k) {
    case Kind::Block: case Kind::Let: case Kind::Drop: case Kind::Unpack: case Kind::Storage: case Kind::Assign:
    case Kind::Compound: case Kind::If: case Kind::While: case Kind::ForRange: case Kind::ForEach: case Kind::Match:
    case Kind::Arm: case Kind::Return: case Kind::Break: case Kind::Continue: case Kind::Defer: case Kind::Eval:
    case Kind::Release: case Kind::Unwind: return true;
    case Kind::Const: case Kind::Local: case Kind::Deref: case Kind::Field: case Kind::Index:
    case Kind::Unary: case Kind::Binary: case Kind::And: case Kind::Or: case Kind::Convert: case Kind::Call:
    case Kind::CallIndirect: case Kind::Builtin: case Kind::Record: case Kind::Variant: case Kind::BufNew:
    case Kind::ArrayNew: case Kind::String: case Kind::FnRef: case Kind::Part: case Kind::Lend:
    case Kind::Len: case Kind::Take: case Kind::Swap: case Kind::Print: case Kind::Format: case Kind::Assert:
    case Kind::AssertEq: case Kind::Compact: case Kind::Reduce: case Kind::Try: case Kind::ArgRef:
    case Kind::ArgTemp: case Kind::ArgView: case Kind::Extent: return false;
  }
  outside_closed_set("ir::Kind");
}

std::string Arity::text() const {
  if (max == SIZE_MAX) return std::to_string(min) + " or more";
  if (min == max) return std::to_string(min);
  return std::to_string(min) + ".." + std::to_string(max);
}

Arity arity(Kind k) {
  constexpr size_t any = SIZE_MAX;
  switch (k) {
    case Kind::Const: case Kind::Local: case Kind::Deref: case Kind::ArrayNew: case Kind::String:
    case Kind::FnRef: case Kind::Extent: case Kind::Break: case Kind::Continue:
    case Kind::Release: return {0, 0};
    case Kind::Field: case Kind::Unary: case Kind::Convert: case Kind::BufNew: case Kind::Lend: case Kind::Len:
    case Kind::Take: case Kind::Assert: case Kind::Try: case Kind::ArgRef: case Kind::ArgTemp: case Kind::ArgView:
    case Kind::Let: case Kind::Drop: case Kind::Unpack: case Kind::Storage: case Kind::Arm: case Kind::Defer:
    case Kind::Eval: return {1, 1};
    case Kind::Index: case Kind::Binary: case Kind::And: case Kind::Or: case Kind::Swap: case Kind::AssertEq:
    case Kind::Assign: case Kind::Compound: case Kind::While: case Kind::ForEach: return {2, 2};
    case Kind::Part: case Kind::Reduce: case Kind::ForRange: return {3, 3};
    case Kind::Compact: return {5, 5};
    case Kind::Builtin: return {1, 2};
    case Kind::Variant: case Kind::Return: return {0, 1};
    case Kind::If: return {2, 3};  // the else block is optional
    case Kind::Call: case Kind::Record: case Kind::Print: case Kind::Block: case Kind::Unwind: return {0, any};
    case Kind::CallIndirect: case Kind::Format: case Kind::Match: return {1, any};
  }
  return {0, any};
}

bool has_op(Kind k) {
  return k == Kind::Unary || k == Kind::Binary || k == Kind::Builtin || k == Kind::Compound || k == Kind::Reduce;
}

namespace {
// The trap an operator can raise on operands of `sc` (the builder's guard_op): none for floats and wrapping.
std::optional<TrapKind> op_guard(Op op, Scalar sc) {
  bool integer = check::scalar_is_int(sc);
  switch (op) {
    case Op::Add: case Op::Sub: case Op::Mul: case Op::Neg:
      return integer ? std::optional(TrapKind::Overflow) : std::nullopt;
    case Op::Div: case Op::Rem: return integer ? std::optional(TrapKind::DivideByZero) : std::nullopt;
    case Op::ShlWrap: case Op::Shr: return TrapKind::Shift;
    case Op::Abs: return integer && check::scalar_is_signed(sc) ? std::optional(TrapKind::AbsMin) : std::nullopt;
    case Op::BitNot: case Op::BitAnd: case Op::BitOr: case Op::BitXor: case Op::Not: case Op::Eq: case Op::Ne:
    case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge: case Op::AddWrap: case Op::SubWrap: case Op::MulWrap:
    case Op::Min: case Op::Max: case Op::Sqrt: case Op::Floor: case Op::Ceil: case Op::Trunc: case Op::ToBits:
    case Op::FromBits: case Op::Convert: return std::nullopt;
  }
  outside_closed_set("ir::Kind");
}
bool convert_may_trap(Scalar from, Scalar to) {
  bool ff = check::scalar_is_float(from), tf = check::scalar_is_float(to);
  if (ff) return !tf;                                          // float -> integer
  return !tf && from != to && !sem::rules::int_widening(from, to);  // a narrowing integer conversion
}
}  // namespace

GuardRule guard_rule(const Node& n) {
  switch (n.kind) {
    case Kind::Index: case Kind::Compact: case Kind::ForEach: return {TrapKind::Bounds, true};
    case Kind::Convert: return {TrapKind::Conversion, convert_may_trap(n.sc2, n.sc)};
    case Kind::Call: return {TrapKind::Stack, true};
    case Kind::CallIndirect: return {TrapKind::NullFn, true};
    case Kind::BufNew: return {TrapKind::Alloc, true};
    case Kind::Part: case Kind::Lend: case Kind::Format: return {TrapKind::Part, true};
    case Kind::Assert: case Kind::AssertEq: return {TrapKind::Assert, true};
    case Kind::Match: return {TrapKind::MatchTag, true};
    case Kind::Storage:
      if (n.buffer) return {TrapKind::Alloc, true};
      return {};
    case Kind::Reduce:
      if (!sem::fold_valid(n.fold) || sem::fold_row(n.fold).logical) return {};  // && and ||; a bad fold is reduce()'s fault
      [[fallthrough]];
    case Kind::Unary: case Kind::Binary: case Kind::Builtin: case Kind::Compound: {
      std::optional<TrapKind> k = op_guard(n.op, n.sc);
      if (k) return {*k, true};
      return {};
    }
    case Kind::Const: case Kind::Local: case Kind::Deref: case Kind::Field: case Kind::And:
    case Kind::Or: case Kind::Record: case Kind::Variant: case Kind::ArrayNew: case Kind::String:
    case Kind::FnRef: case Kind::Len: case Kind::Take: case Kind::Swap: case Kind::Print: case Kind::Try:
    case Kind::ArgRef: case Kind::ArgTemp: case Kind::ArgView: case Kind::Extent:
    case Kind::Block: case Kind::Let: case Kind::Drop: case Kind::Unpack: case Kind::Assign: case Kind::If:
    case Kind::While: case Kind::ForRange: case Kind::Arm: case Kind::Return: case Kind::Break:
    case Kind::Continue: case Kind::Defer: case Kind::Eval: case Kind::Release: case Kind::Unwind: return {};
  }
  outside_closed_set("ir::Kind");
}

bool op_fits_kind(Kind k, Op op) {
  switch (k) {
    case Kind::Unary: return op == Op::Neg || op == Op::Not || op == Op::BitNot;
    case Kind::Binary:
      switch (op) {
        case Op::Eq: case Op::Ne: case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge: return true;
        case Op::Add: case Op::Sub: case Op::Mul: case Op::Div: case Op::Rem: case Op::Neg: case Op::BitNot:
        case Op::BitAnd: case Op::BitOr: case Op::BitXor: case Op::Not: case Op::AddWrap: case Op::SubWrap:
        case Op::MulWrap: case Op::ShlWrap: case Op::Shr: case Op::Min: case Op::Max: case Op::Abs:
        case Op::Sqrt: case Op::Floor: case Op::Ceil: case Op::Trunc: case Op::ToBits: case Op::FromBits:
        case Op::Convert: break;
      }
      [[fallthrough]];
    case Kind::Compound:
      switch (op) {
        case Op::Add: case Op::Sub: case Op::Mul: case Op::Div: case Op::Rem: case Op::BitAnd: case Op::BitOr:
        case Op::BitXor: return true;
        case Op::Neg: case Op::BitNot: case Op::Not: case Op::Eq: case Op::Ne: case Op::Lt: case Op::Le:
        case Op::Gt: case Op::Ge: case Op::AddWrap: case Op::SubWrap: case Op::MulWrap: case Op::ShlWrap:
        case Op::Shr: case Op::Min: case Op::Max: case Op::Abs: case Op::Sqrt: case Op::Floor: case Op::Ceil:
        case Op::Trunc: case Op::ToBits: case Op::FromBits: case Op::Convert: return false;
      }
      outside_closed_set("sem::Op");
    case Kind::Builtin:
      switch (op) {
        case Op::AddWrap: case Op::SubWrap: case Op::MulWrap: case Op::ShlWrap: case Op::Shr: case Op::Min:
        case Op::Max: case Op::Abs: case Op::Sqrt: case Op::Floor: case Op::Ceil: case Op::Trunc: case Op::ToBits:
        case Op::FromBits: return true;
        case Op::Add: case Op::Sub: case Op::Mul: case Op::Div: case Op::Rem: case Op::Neg: case Op::BitNot:
        case Op::BitAnd: case Op::BitOr: case Op::BitXor: case Op::Not: case Op::Eq: case Op::Ne: case Op::Lt:
        case Op::Le: case Op::Gt: case Op::Ge: case Op::Convert: return false;
      }
      outside_closed_set("sem::Op");
    case Kind::Reduce:
      switch (op) {
        case Op::Add: case Op::Mul: case Op::BitAnd: case Op::BitOr: case Op::BitXor: case Op::AddWrap:
        case Op::MulWrap: case Op::Min: case Op::Max: return true;
        case Op::Sub: case Op::Div: case Op::Rem: case Op::Neg: case Op::BitNot: case Op::Not: case Op::Eq:
        case Op::Ne: case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge: case Op::SubWrap: case Op::ShlWrap:
        case Op::Shr: case Op::Abs: case Op::Sqrt: case Op::Floor: case Op::Ceil: case Op::Trunc:
        case Op::ToBits: case Op::FromBits: case Op::Convert: return false;
      }
      outside_closed_set("sem::Op");
    case Kind::Const: case Kind::Local: case Kind::Deref: case Kind::Field: case Kind::Index:
    case Kind::And: case Kind::Or: case Kind::Convert: case Kind::Call: case Kind::CallIndirect:
    case Kind::Record: case Kind::Variant: case Kind::BufNew: case Kind::ArrayNew: case Kind::String:
    case Kind::FnRef: case Kind::Part: case Kind::Lend: case Kind::Len: case Kind::Take: case Kind::Swap:
    case Kind::Print: case Kind::Format: case Kind::Assert: case Kind::AssertEq: case Kind::Compact:
    case Kind::Try: case Kind::ArgRef: case Kind::ArgTemp: case Kind::ArgView: case Kind::Extent:
    case Kind::Block: case Kind::Let: case Kind::Drop: case Kind::Unpack: case Kind::Storage:
    case Kind::Assign: case Kind::If: case Kind::While: case Kind::ForRange: case Kind::ForEach:
    case Kind::Match: case Kind::Arm: case Kind::Return: case Kind::Break: case Kind::Continue:
    case Kind::Defer: case Kind::Eval: case Kind::Release: case Kind::Unwind: return false;
  }
  outside_closed_set("ir::Kind");
}

size_t op_operands(Op op) { return sem::op_row(op).operands; }

bool is_shift(Op op) { return op == Op::ShlWrap || op == Op::Shr; }



bool is_call_form(Kind k) {
  switch (k) {
    case Kind::Call: case Kind::CallIndirect: case Kind::Builtin: case Kind::Print: case Kind::Format:
    case Kind::Assert: case Kind::AssertEq: case Kind::Take: case Kind::Swap: case Kind::Len: case Kind::Convert:
    case Kind::Record: case Kind::Variant: case Kind::BufNew: case Kind::ArrayNew: return true;
    case Kind::Const: case Kind::Local: case Kind::Deref: case Kind::Field: case Kind::Index:
    case Kind::Unary: case Kind::Binary: case Kind::And: case Kind::Or: case Kind::String: case Kind::FnRef:
    case Kind::Part: case Kind::Lend: case Kind::Compact: case Kind::Reduce: case Kind::Try:
    case Kind::ArgRef: case Kind::ArgTemp: case Kind::ArgView: case Kind::Extent:
    case Kind::Block: case Kind::Let: case Kind::Drop: case Kind::Unpack: case Kind::Storage:
    case Kind::Assign: case Kind::Compound: case Kind::If: case Kind::While: case Kind::ForRange:
    case Kind::ForEach: case Kind::Match: case Kind::Arm: case Kind::Return: case Kind::Break:
    case Kind::Continue: case Kind::Defer: case Kind::Eval: case Kind::Release: case Kind::Unwind: return false;
  }
  outside_closed_set("ir::Kind");
}

std::optional<Scalar> scalar_of(const Node* n) {
  if (!n || !n->type || n->type->kind != TypeKind::Scalar) return std::nullopt;
  return n->type->scalar;
}
bool is_scalar(const Node* n, Scalar s) { return scalar_of(n) == s; }
bool is_bool(const Node* n) { return is_scalar(n, Scalar::Bool); }
std::optional<Scalar> operand_scalar(const Node* n) {
  if (n && n->type && check::is_tag_only_enum(n->type)) return Scalar::U32;
  return scalar_of(n);
}

const check::Type* peel(const check::Type* t) {
  while (t && t->kind == TypeKind::Borrow) t = t->elem;
  return t;
}
bool is_sequence(const check::Type* t) {
  return t && (t->kind == TypeKind::View || t->kind == TypeKind::Buf || t->kind == TypeKind::Array);
}
const check::Type* payload_type(const check::Type* s, uint32_t index) {
  if (!s || s->kind != TypeKind::Sum || index >= s->sum->variants.size()) return nullptr;
  const check::Type* p = s->sum->variants[index].payload;
  if (p && p->kind == TypeKind::Param) return p->length < s->args.size() ? s->args[p->length] : nullptr;
  return p && s->sum->type_params == 0 ? p : nullptr;  // a payload built from parameters: not compared
}
bool reads_as_view(const Node* n) { return n->kind == Kind::Lend || is_sequence(peel(n->type)); }
bool is_place(const Node* n) {
  return n->kind == Kind::Local || n->kind == Kind::Deref || n->kind == Kind::Index ||
         (n->kind == Kind::Field && !n->kids.empty() && n->kids[0] && is_place(n->kids[0]));
}

bool encoded(Scalar t, uint64_t bits) {
  if (t == Scalar::Bool) return bits <= 1;
  if (t == Scalar::F64) return true;
  if (t == Scalar::F32) return bits <= 0xFFFFFFFFull;
  unsigned w = check::scalar_bits(t);
  if (w >= 64) return true;
  uint64_t low = bits & sem::rules::all_ones_bits(t);
  if (!check::scalar_is_signed(t)) return bits == low;
  bool neg = (low >> (w - 1)) & 1;
  return bits == (neg ? low | ~sem::rules::all_ones_bits(t) : low);
}

std::string tname(const check::Type* t) { return t ? check::type_name(t) : std::string("none"); }

void Ctx::fault(const Node* n, const std::string& why) const {
  faults.push_back(f.info->qualified + ":" + std::to_string(n->pos.line) + ":" + std::to_string(n->pos.col) + ": " +
                   kind_name(n->kind) + ": " + why);
}
bool Ctx::slot_ok(const Node* n, uint32_t s, bool optional, const char* what) const {
  if ((s == kNoSlot && optional) || s < f.slots) return true;
  fault(n, std::string(what) + " %" + (s == kNoSlot ? std::string("none") : std::to_string(s)) + " out of range");
  return false;
}
const check::Type* Ctx::local_type(uint32_t s) const {
  const auto* b = f.info->body.get();
  return b && s < b->locals.size() ? b->locals[s]->type : nullptr;
}
void Ctx::same_type(const Node* n, const check::Type* got, const check::Type* want, const std::string& what) const {
  if (got != want) fault(n, what + " is " + tname(got) + ", expected " + tname(want));
}

}  // namespace cairn::ir::verify
