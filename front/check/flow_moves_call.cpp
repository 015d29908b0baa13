// The move walk at calls: arguments by pass mode (§10.3), aliasing of borrow arguments (§10.6), builtins'
// own labels and guards (§7.1, §13.2), and `defer` (§8.14).
#include "front/check/flow_moves.h"

namespace cairn::check::flow {

namespace {
bool is_rw(PassMode m) { return m == PassMode::BorrowRw || m == PassMode::ViewRw; }
bool is_borrow(PassMode m) {
  return m == PassMode::BorrowRo || m == PassMode::BorrowRw || m == PassMode::ViewRo || m == PassMode::ViewRw;
}
bool is_storage_type(const Type* t) {
  return t && (t->kind == TypeKind::View || t->kind == TypeKind::Buf || t->kind == TypeKind::Array);
}
PassMode mode_at(const ExprInfo* in, size_t i, const ast::Expr* arg) {
  if (in && i < in->modes.size()) return in->modes[i];
  return arg && is_owner_or_linear(arg->type) ? PassMode::Move : PassMode::Copy;
}
// A deferred call's argument: a literal, a constant, or a place of a name and field names (§8.14).
bool simple_defer_arg(const ast::Expr* e) {
  e = peel_parens(e);
  if (!e) return false;
  if (is_literal(e)) return true;
  if (e->kind == ast::ExprKind::Name) return true;
  if (e->kind == ast::ExprKind::Field) return simple_defer_arg(e->a);
  return false;
}
}  // namespace

void MoveFlow::call(ast::Expr* e) {
  ExprInfo* in = info_of(e);
  if (!in || in->call == CallKind::None) {
    for (ast::Expr* a : e->args) expr(a, is_owner_or_linear(a ? a->type : nullptr) ? Use::Move : Use::Read);
    return;
  }
  switch (in->call) {
    case CallKind::None: return;
    case CallKind::Builtin: builtin_call(e, in); return;
    case CallKind::BufNew:
      call_args(e, in);
      rows_.label(Effect::Alloc);
      rows_.label(Effect::ZeroInit);
      rows_.guard(TrapKind::Alloc, callee_name_pos(e));
      return;
    case CallKind::ArrayNew: rows_.label(Effect::ZeroInit); return;
    case CallKind::Conversion:
      call_args(e, in);
      if (!in->full_args.empty() && in->full_args[0] && conversion_guarded(in->full_args[0]->type, e->type))
        rows_.guard(TrapKind::Conversion, callee_name_pos(e));
      return;
    case CallKind::Record:
    case CallKind::Variant: call_args(e, in); return;
    case CallKind::Direct:
      call_args(e, in);
      check_alias(e, in);
      rows_.edge(e, collector_ > 0);
      return;
    case CallKind::Indirect:
      if (e->a) name_use(peel_parens(e->a), Use::Read);
      call_args(e, in);
      check_alias(e, in);
      rows_.label(Effect::IndirectCall);
      rows_.guard(TrapKind::NullFn, callee_name_pos(e));
      rows_.edge(e, collector_ > 0);
      return;
  }
}

void MoveFlow::call_args(ast::Expr* e, ExprInfo* in) {
  const std::vector<ast::Expr*>& args = in->full_args.empty() ? e->args : in->full_args;
  for (size_t i = 0; i < args.size(); ++i) {
    ast::Expr* a = args[i];
    if (!a) continue;
    PassMode m = mode_at(in->full_args.empty() ? nullptr : in, i, a);
    if (m == PassMode::OmittedExtent) continue;
    if (!is_borrow(m)) {
      expr(a, m == PassMode::Move ? Use::Move : Use::Read);
      continue;
    }
    if (place_of(a)) {
      place_use(a, is_rw(m) ? Use::LendRw : Use::LendRo);
      continue;
    }
    // A temporary lent to a borrow parameter is released at the end of the statement (§12.4).
    expr(a, Use::Read);
    if (!is_literal(a) && a->type && a->kind != ast::ExprKind::Part) drop_value(a->type, a->pos, "this temporary");
  }
}

void MoveFlow::check_alias(ast::Expr* e, ExprInfo* in) {
  (void)e;
  std::vector<std::pair<Place, bool>> borrows;  // place, rw
  for (size_t i = 0; i < in->full_args.size() && i < in->modes.size(); ++i) {
    if (!in->full_args[i] || !is_borrow(in->modes[i])) continue;
    Place p = place_of(in->full_args[i]);
    if (p) borrows.emplace_back(std::move(p), is_rw(in->modes[i]));
  }
  for (size_t j = 1; j < borrows.size(); ++j)
    for (size_t i = 0; i < j; ++i) {
      if (!borrows[i].second && !borrows[j].second) continue;
      if (!places_overlap(borrows[i].first, borrows[j].first) || poisoned(borrows[j].first.root)) continue;
      report(Code::Alias, borrows[j].first.expr->pos, "A mutable view cannot be passed to overlapping call arguments.",
             borrows[j].first.root);
      return;
    }
}

void MoveFlow::builtin_call(ast::Expr* e, ExprInfo* in) {
  const std::vector<ast::Expr*>& args = in->full_args;
  Pos at = callee_name_pos(e);
  switch (in->builtin) {
    case Builtin::Len:
      for (ast::Expr* a : args) place_use(a, Use::LendRo, false);
      return;
    case Builtin::Take: {
      if (args.empty() || !args[0]) return;
      Place p = place_of(args[0]);
      if (args[0]->type && value_kind(args[0]->type) == Kind::Linear) {
        report(Code::LinearStorage, args[0]->pos, "take cannot move a linear value out of a place; use swap().",
               p.root);
        return;
      }
      if (p && leased(p, args[0]->pos, "taken")) return;
      place_inner(args[0], Use::LendRw);
      rows_.access(p, true, true);
      return;
    }
    case Builtin::Swap: {
      std::vector<Place> ps;
      for (ast::Expr* a : args) {
        if (!a) continue;
        Place p = place_of(a);
        if (p && leased(p, a->pos, "swapped")) return;
        place_inner(a, Use::LendRw);
        rows_.access(p, true, true);
        ps.push_back(std::move(p));
      }
      if (ps.size() == 2 && places_overlap(ps[0], ps[1])) {
        bool elements = !ps[0].steps.empty() && !ps[1].steps.empty() &&
                        ps[0].steps.back().kind == Step::Kind::Index && ps[1].steps.back().kind == Step::Kind::Index &&
                        ps[0].steps.size() == ps[1].steps.size();
        if (!elements && !poisoned(ps[1].root))
          report(Code::Alias, ps[1].expr->pos, "swap needs two places that do not overlap.", ps[1].root);
      }
      return;
    }
    case Builtin::Format:
      rows_.label(Effect::Alloc);
      rows_.label(Effect::Free);
      rows_.guard(TrapKind::Part, at);
      rows_.guard(TrapKind::Alloc, at);
      for (size_t i = 0; i < args.size(); ++i) {
        if (!args[i]) continue;
        Place p = place_of(args[i]);
        if (i == 0) {
          if (p && leased(p, args[i]->pos, "lent rw")) continue;
          place_inner(args[i], Use::LendRw);
          rows_.access(p, true, true);
          continue;
        }
        const ExprInfo* ai = info_of(peel_parens(args[i]));
        if (p && (is_storage_type(args[i]->type) || (ai && ai->is_lending))) {
          place_use(args[i], Use::LendRo, false);
          rows_.access(p, false, true);
        } else {
          expr(args[i], Use::Read);
        }
      }
      return;
    case Builtin::Print:
    case Builtin::Println:
    case Builtin::Eprint:
    case Builtin::Eprintln:
      rows_.label(Effect::Io);
      for (ast::Expr* a : args) {
        if (!a) continue;
        Place p = place_of(a);
        const ExprInfo* ai = info_of(peel_parens(a));
        if (p && (is_storage_type(a->type) || (ai && ai->is_lending))) {
          place_use(a, Use::LendRo, false);
          rows_.access(p, false, true);
        } else {
          expr(a, Use::Read);
        }
      }
      return;
    case Builtin::Assert:
    case Builtin::AssertEq:
      for (ast::Expr* a : args) expr(a, Use::Read);
      rows_.guard(TrapKind::Assert, at);
      return;
    case Builtin::ShlWrap:
    case Builtin::Shr:
      for (ast::Expr* a : args) expr(a, Use::Read);
      rows_.guard(TrapKind::Shift, at);
      return;
    case Builtin::Abs:
      for (ast::Expr* a : args) expr(a, Use::Read);
      if (!args.empty() && args[0] && args[0]->type && is_signed_int(args[0]->type)) rows_.guard(TrapKind::AbsMin, at);
      return;
    case Builtin::AddWrap:
    case Builtin::SubWrap:
    case Builtin::MulWrap:
    case Builtin::Min:
    case Builtin::Max:
    case Builtin::Sqrt:
    case Builtin::Floor:
    case Builtin::Ceil:
    case Builtin::Trunc:
    case Builtin::ToBits:
    case Builtin::FromBits:
      for (ast::Expr* a : args) expr(a, Use::Read);
      return;
  }
}

void MoveFlow::defer_stmt(ast::Stmt* s) {
  ast::Expr* c = peel_parens(s->expr);
  if (!c || c->kind != ast::ExprKind::Call) {
    report(Code::Defer, s->expr ? s->expr->pos : s->pos, "defer needs a call.");
    return;
  }
  ExprInfo* in = info_of(c);
  std::vector<ast::Expr*> args = c->args;
  if (in && in->is_method && c->a && c->a->kind == ast::ExprKind::Field) args.insert(args.begin(), c->a->a);
  for (ast::Expr* a : args)
    if (a && !simple_defer_arg(a)) {
      report(Code::Defer, a->pos,
             "A deferred call's argument must be a literal, a constant or a place of names and fields.");
      return;
    }
  if (!in) return;
  // The call's labels and edges count at the defer (it runs at every exit of the block).
  if (in->call == CallKind::Direct || in->call == CallKind::Indirect) {
    rows_.edge(c, collector_ > 0);
    if (in->call == CallKind::Indirect) {
      rows_.label(Effect::IndirectCall);
      rows_.guard(TrapKind::NullFn, callee_name_pos(c));
    }
  } else if (in->call == CallKind::Builtin) {
    switch (in->builtin) {
      case Builtin::Print:
      case Builtin::Println:
      case Builtin::Eprint:
      case Builtin::Eprintln: rows_.label(Effect::Io); break;
      case Builtin::Assert:
      case Builtin::AssertEq: rows_.guard(TrapKind::Assert, callee_name_pos(c)); break;
      default: break;
    }
  }
  std::vector<Place> leases;
  for (size_t i = 0; i < in->full_args.size(); ++i) {
    ast::Expr* a = in->full_args[i];
    if (!a) continue;
    Place p = place_of(a);
    if (!p) continue;
    place_inner(a, Use::Read);
    PassMode m = mode_at(in, i, a);
    if (m == PassMode::Move && p.steps.empty() && tracked(p.root) && !poisoned(p.root)) {
      LocalVar* v = p.root;
      if (is_borrow_param(v)) {
        report(Code::MoveBorrow, a->pos, v->name + " is a borrow; it cannot be moved from.", v);
      } else if (decl_depth_[v->id] < depth_) {
        report(Code::MoveInLoop, a->pos,
               v->name + " is declared outside the loop; it cannot be moved or consumed inside it.", v);
      } else if (!leased(p, a->pos, "moved")) {
        set_hold(v, Hold::Deferred);
        scopes_.back().deferred.push_back(v);
      }
    } else if (m == PassMode::Move && !p.steps.empty() && expr_kind(a) != Kind::Copy) {
      report(Code::PartialMove, a->pos, "An owner cannot be moved out of a place; use take() or swap().", p.root);
    }
    leases.push_back(std::move(p));
  }
  for (Place& p : leases) scopes_.back().leases.push_back(Lease{std::move(p)});
}

}  // namespace cairn::check::flow
