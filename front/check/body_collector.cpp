// Collectors (§8.16): compact and reduce as the whole initializer of a let; their typing rules.
#include "front/check/body_checker.h"

namespace cairn::check::body {

using ast::ExprKind;

namespace {
// a is a prefix of b at a component boundary ("#3" of "#3.1", "#3[]"; not of "#31").
bool key_prefix(const std::string& a, const std::string& b) {
  if (b.compare(0, a.size(), a) != 0) return false;
  return b.size() == a.size() || b[a.size()] == '.' || b[a.size()] == '[';
}
}  // namespace

const Type* Checker::collector(ast::Expr* e, const Type* annotation) {
  const Type* t = e->kind == ExprKind::Compact ? compact(e) : reduce(e, annotation);
  if (annotation && annotation != t) mismatch(annotation, t, e->pos);
  return t;
}

// The range lo..hi (or the count n) of a collector: usize bounds.
void Checker::collector_range(ast::Expr* e) {
  for (ast::Expr* b : {e->b, e->c}) {
    if (!b) continue;
    if (b->kind == ExprKind::Compact || b->kind == ExprKind::Reduce)
      refuse(Code::CollectBinding, b->pos, "A collector must initialise a let of its own: let k = compact ...;");
    expect(b, usize());
  }
}

// §8.16: where and yield may not read compact's target, except as the argument of len.
void Checker::self_read(ast::Expr* e, const ExprInfo& out) {
  if (!e) return;
  if (e->kind == ExprKind::Call && e->info && e->info->call == CallKind::Builtin && e->info->builtin == Builtin::Len)
    return;
  if ((e->kind == ExprKind::Name || e->kind == ExprKind::Field || e->kind == ExprKind::Index) && e->info &&
      e->info->is_place && e->info->root == out.root) {
    const std::string& key = e->info->place_key;
    if (key_prefix(key, out.place_key) || key_prefix(out.place_key, key))
      refuse(Code::CollectSelfRead, e->begin,
             "The where and yield parts of compact cannot read " + expr_text(e) + ", which it is writing.");
    // a disjoint place: only its index expressions may still read the target
    for (ast::Expr* p = e; p && (p->kind == ExprKind::Field || p->kind == ExprKind::Index); p = p->a)
      if (p->kind == ExprKind::Index)
        for (ast::Expr* a : p->args) self_read(a, out);
    return;
  }
  for (ast::Expr* c : {e->a, e->b, e->c, e->d, e->e}) self_read(c, out);
  for (ast::Expr* c : e->args) self_read(c, out);
}

const Type* Checker::compact(ast::Expr* e) {
  ast::Expr* out = e->a;
  if (!is_static_place_path(out))
    refuse(Code::Lvalue, out->begin, "The target of compact is a name or a field path, not " + expr_text(out) + ".");
  const Type* t = check(out, nullptr);
  if (t->kind == TypeKind::Error) not_judged();
  const Type* elem = nullptr;
  bool writable = false;
  std::optional<uint64_t> static_len;
  if (t->kind == TypeKind::View) {
    elem = t->elem;
    writable = t->rw;
    ExtentId id = view_identity(out);
    if (id.kind == ExtentId::Kind::Value) static_len = id.value;
  } else if (t->kind == TypeKind::Buf || t->kind == TypeKind::Array) {
    elem = t->elem;
    writable = out->info && out->info->writable;
    if (t->kind == TypeKind::Array) static_len = t->length;
  } else {
    refuse(Code::Index, out->begin, expr_text(out) + " is a " + tname(t) + ", not an array: compact cannot fill it.");
  }
  if (!writable) require_writable(out, false, out->begin);
  if (!writable) refuse(Code::WriteLease, out->begin, expr_text(out) + " is not writable.");
  collector_range(e);
  std::optional<uint64_t> lo = e->b ? static_usize(e->b) : std::optional<uint64_t>(0);
  std::optional<uint64_t> hi = static_usize(e->c);
  if (lo && hi && static_len && *hi > *lo && *hi - *lo > *static_len)
    refuse(Code::CollectCapacity, e->pos,
           "compact may select " + std::to_string(*hi - *lo) + " values; " + expr_text(out) + " holds " +
               std::to_string(*static_len) + ".");
  check_shadow(e->binder, usize());
  push_scope();
  ++loop_depth_;
  ++collector_depth_;
  LocalVar* binder = declare(e->binder, usize(), LocalVar::Origin::CollectorIndex, false);
  info(e)->binder = e->binder.name == "_" ? nullptr : binder;
  bool ok = attempt([&] {
    condition(e->d);
    expect_value(e->e, elem);
    self_read(e->d, *out->info);
    self_read(e->e, *out->info);
  });
  --collector_depth_;
  --loop_depth_;
  pop_scope();
  if (!ok) throw Refused{};
  return set(e, usize());
}

const Type* Checker::reduce(ast::Expr* e, const Type* annotation) {
  enum class Op { Add, Mul, And, Or, Xor, LAnd, LOr, AddWrap, MulWrap, Min, Max } op = Op::Add;
  bool known = true;
  if (e->reduce_is_binop) {
    switch (e->bin) {
      case ast::BinOp::Add: op = Op::Add; break;
      case ast::BinOp::Mul: op = Op::Mul; break;
      case ast::BinOp::BitAnd: op = Op::And; break;
      case ast::BinOp::BitOr: op = Op::Or; break;
      case ast::BinOp::BitXor: op = Op::Xor; break;
      case ast::BinOp::And: op = Op::LAnd; break;
      case ast::BinOp::Or: op = Op::LOr; break;
      default: known = false;
    }
  } else if (e->text == "add_wrap") {
    op = Op::AddWrap;
  } else if (e->text == "mul_wrap") {
    op = Op::MulWrap;
  } else if (e->text == "min") {
    op = Op::Min;
  } else if (e->text == "max") {
    op = Op::Max;
  } else {
    known = false;
  }
  if (!known) refuse(Code::ReduceOp, e->pos, "reduce takes + * & | ^ && || add_wrap mul_wrap min max.");
  collector_range(e);
  check_shadow(e->binder, usize());
  push_scope();
  ++loop_depth_;
  ++collector_depth_;
  LocalVar* binder = declare(e->binder, usize(), LocalVar::Origin::CollectorIndex, false);
  info(e)->binder = e->binder.name == "_" ? nullptr : binder;
  const Type* t = nullptr;
  bool ok = attempt([&] {
    const Type* want = annotation && annotation->kind == TypeKind::Scalar ? annotation : nullptr;
    t = is_flexible(e->e) ? flexible(e->e, want) : value(e->e, want);
  });
  --collector_depth_;
  --loop_depth_;
  pop_scope();
  if (!ok) throw Refused{};
  if (t->kind == TypeKind::Error) not_judged();
  std::string name = e->reduce_is_binop ? ast::binop_spelling(e->bin) : e->text;
  std::string msg = "reduce " + name + " is not defined for " + tname(t) + ".";
  switch (op) {
    case Op::Add:
    case Op::Mul:
      if (!(t->kind == TypeKind::Scalar && t->scalar != Scalar::Bool)) refuse(Code::Operator, e->pos, msg);
      break;
    case Op::And:
    case Op::Or:
    case Op::Xor:
      if (!is_unsigned(t)) refuse(Code::Operator, e->pos, msg);
      break;
    case Op::LAnd:
    case Op::LOr:
      if (!is_bool(t)) refuse(Code::Operator, e->pos, msg);
      break;
    case Op::AddWrap:
    case Op::MulWrap:
      if (!is_unsigned(t)) refuse(Code::WrapType, e->pos, msg);
      break;
    case Op::Min:
    case Op::Max:
      if (!is_int(t)) refuse(Code::Minmax, e->pos, msg);
      break;
  }
  return set(e, t);
}

}  // namespace cairn::check::body
