// Binding statements: let (§8.2), unpacking (§9.1) and buffer/stack storage (§3.5).
#include <unordered_set>

#include "front/check/body_checker.h"

namespace cairn::check::body {

using ast::ExprKind;

namespace {
std::string path_text(const ast::Path& p) {
  std::string s;
  for (size_t i = 0; i < p.size(); ++i) s += (i ? "." : "") + p[i].name;
  return s;
}
std::string with_commas(uint64_t v) {
  std::string s = std::to_string(v);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3) s.insert(static_cast<size_t>(i), ",");
  return s;
}
}  // namespace

void Checker::stmt_let(ast::Stmt* s) {
  ast::Expr* init = s->expr;
  const bool is_coll = init->kind == ExprKind::Compact || init->kind == ExprKind::Reduce;
  const bool is_mut = s->is_mut || s->legacy;
  if (s->name.name == "_") {
    if (is_coll)
      refuse(Code::CollectBinding, init->pos, "A collector must initialise a let binding a name, not _.");
    const Type* ann = s->type ? annotation(s->type) : nullptr;
    const Type* t = ann ? expect_value(init, ann) : value(init, nullptr);
    if (t->kind != TypeKind::Void && type_kind(t) == Kind::Linear)
      refuse(Code::LinearLeak, s->pos, "let _ drops the linear value " + expr_text(init) + ": consume it instead.");
    return;
  }
  check_shadow(s->name, nullptr);
  const Type* ann = nullptr;
  if (s->type) {
    ann = annotation(s->type);
    if (ann->kind == TypeKind::View || ann->kind == TypeKind::Borrow)
      refuse(Code::ViewAlias, s->type->pos, "A local cannot hold a borrow: " + tname(ann) + ".");
    if (ann->kind == TypeKind::Void) refuse(Code::ViewAlias, s->type->pos, "A local cannot hold void.");
  }
  const ast::Expr* p = init;
  while (p->kind == ExprKind::Paren) p = p->a;
  if (is_coll) {
    const Type* t = collector(init, ann);
    s->local = declare(s->name, t, LocalVar::Origin::Let, is_mut);
    return;
  }
  if (p->kind == ExprKind::StringLit && !ann) {
    const Type* t = check(init, nullptr);
    LocalVar* v = declare(s->name, t, LocalVar::Origin::StringLocal, false);
    v->string_len = p->text.size();
    s->local = v;
    return;
  }
  if (p->kind == ExprKind::Part)
    refuse(Code::ViewAlias, init->begin,
           "A part " + expr_text(p) + " is a borrow: it exists only as a view argument of a call.",
           "pass the part directly where it is used");
  const Type* t = ann ? expect_value(init, ann) : value(init, nullptr);
  if (t->kind == TypeKind::Error) not_judged();
  if (t->kind == TypeKind::View)
    refuse(Code::ViewAlias, init->begin,
           expr_text(init) + " is a view: a local cannot hold a borrow; pass it where it is used.");
  if (t->kind == TypeKind::Void)
    refuse(Code::ViewAlias, init->begin, expr_text(init) + " returns nothing: there is no value to bind.");
  check_shadow(s->name, t);
  s->local = declare(s->name, t, LocalVar::Origin::Let, is_mut);
}

// let R(a, b) = e; (§9.1)
void Checker::stmt_unpack(ast::Stmt* s) {
  if (s->record.empty()) not_judged();
  LookupStatus st = LookupStatus::NotFound;
  ItemRef item = lookup_path(program_, module_, s->record, &st);
  std::string shown = path_text(s->record);
  if (st == LookupStatus::Private)
    refuse(Code::Private, s->record.back().pos, shown + " is private to its module.");
  const RecordInfo* r = item.record();
  if (!item) refuse(Code::Unbound, s->record.front().pos, "Unknown record " + shown + ".");
  if (!r) refuse(Code::Unpack, s->record.front().pos, shown + " is not a record and cannot be unpacked.");
  if (r->is_linear && r->module != &module_)
    refuse(Code::Private, s->record.front().pos,
           "The linear record " + r->qualified + " can only be unpacked in its own module.");
  if (s->binders.size() != r->fields.size())
    refuse(Code::Unpack, s->record.front().pos,
           r->name + " has " + std::to_string(r->fields.size()) + " field" + (r->fields.size() == 1 ? "" : "s") +
               ": write one binder per field, got " + std::to_string(s->binders.size()) + ".");
  std::unordered_set<std::string> bound;  // the binder names so far, but _
  bound.reserve(s->binders.size());
  for (size_t i = 0; i < s->binders.size(); ++i) {
    check_shadow(s->binders[i], nullptr);
    if (s->binders[i].name != "_" && !bound.insert(s->binders[i].name).second)
      refuse(Code::Shadow, s->binders[i].pos, s->binders[i].name + " is bound twice in this unpacking.");
  }
  const Type* rt = types().record(r);
  const Type* t = value(s->expr, rt);
  if (t->kind == TypeKind::Error) not_judged();
  if (t != rt)
    refuse(Code::Unpack, s->expr->begin, "let " + shown + "(...) unpacks a " + r->name + ", got " + tname(t) + ".");
  s->binder_locals.clear();
  for (size_t i = 0; i < s->binders.size(); ++i) {
    const Type* ft = r->fields[i].type;
    if (!ft || ft->kind == TypeKind::Error) not_judged();
    LocalVar* v = declare(s->binders[i], ft, LocalVar::Origin::Unpack, s->is_mut || s->legacy);
    s->binder_locals.push_back(s->binders[i].name == "_" ? nullptr : v);
  }
}

// buffer b:T[n] [@host] = zeroed;  stack s:T[N] = zeroed;
void Checker::stmt_storage(ast::Stmt* s) {
  const bool stack = s->is_stack;
  const Type* elem = annotation(s->type);
  check_storage_element(elem, s->type->pos);
  ast::Expr* cap = s->expr;
  std::optional<uint64_t> n = static_usize(cap);
  const LocalVar* extent_local = nullptr;
  if (!n) {
    if (stack)
      refuse(Code::StackExtent, cap->begin,
             "A stack capacity must be an integer literal, a usize constant or a natural parameter.",
             "use buffer for a capacity known only at run time");
    const ast::Expr* p = cap;
    while (p->kind == ExprKind::Paren) p = p->a;
    LocalVar* v = p->kind == ExprKind::Name ? find_local(p->text) : nullptr;
    if (v && v->type && v->type->kind == TypeKind::Error) not_judged();
    bool ok = v && !v->is_mut && v->type && v->type->kind == TypeKind::Scalar && v->type->scalar == Scalar::Usize;
    if (!ok)
      refuse(Code::OwnerExtent, cap->begin,
             "A buffer capacity must be a literal, a usize constant, a natural parameter or an immutable usize name.");
    extent_local = v;
  }
  expect(cap, usize());
  if (s->placement) {
    const std::string& w = s->placement->name;
    if (stack) refuse(Code::Place, s->placement->pos, "stack storage takes no placement.");
    if (w == "device" || w == "pinned" || w == "unified")
      refuse(Code::Unsupported, s->placement->pos, "device is a Stage 2 feature and is not supported yet.");
    if (w != "host") refuse(Code::Place, s->placement->pos, "Unknown placement @" + w + ": a buffer is @host.");
  }
  check_shadow(s->name, nullptr);
  if (stack) {
    uint64_t size = type_size(elem);
    uint64_t bytes = (size != 0 && *n > UINT64_MAX / size) ? UINT64_MAX : *n * size;
    uint64_t total = facts_.stack_bytes > UINT64_MAX - bytes ? UINT64_MAX : facts_.stack_bytes + bytes;
    if (total > 65536)
      refuse(Code::StackLimit, s->pos,
             fn_.name + " would hold " + (total == UINT64_MAX ? std::string("more than 2^64") : with_commas(total)) +
                 " bytes of stack storage; the limit is 65,536.",
             "use buffer or Buf for large arrays");
    facts_.stack_bytes = total;
  }
  LocalVar* v = declare(s->name, types().view(elem, true), stack ? LocalVar::Origin::Stack : LocalVar::Origin::Buffer,
                        false);
  if (n) {
    v->extent.kind = ExtentSpec::Kind::Value;
    v->extent.value = *n;
  }
  v->extent_local = extent_local;
  s->local = v;
}

}  // namespace cairn::check::body
