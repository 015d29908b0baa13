// Passing arguments (§10.3, §10.5, §3.7): modes, omitted extents, view arguments and extent identity.
#include "front/check/body_checker.h"

namespace cairn::check::body {

using ast::ExprKind;

namespace {
std::string view_text(bool rw, const std::string& elem, const std::string& extent) {
  return std::string(rw ? "rw<" : "ro<") + elem + ">[" + extent + "]";
}
const ast::Expr* peel(const ast::Expr* e) {
  while (e->kind == ExprKind::Paren) e = e->a;
  return e;
}
}  // namespace

const Type* Checker::pass_args(ast::Expr* e, const std::vector<ParamSig>& params, const Type* result,
                               const std::vector<ast::Expr*>& args, const std::string& callee, Pos name_pos) {
  ExprInfo* in = info(e);
  const size_t np = params.size();
  // The usize parameters some later view names as its extent (§10.5).
  std::vector<bool> is_extent(np, false);
  size_t n_extents = 0;
  for (size_t i = 0; i < np; ++i) {
    const ParamSig& p = params[i];
    if (p.type && p.type->kind == TypeKind::View && p.extent.kind == ExtentSpec::Kind::Param && p.extent.value < i &&
        !is_extent[p.extent.value]) {
      is_extent[p.extent.value] = true;
      ++n_extents;
    }
  }
  bool omitted = false;
  if (args.size() != np) {
    if (n_extents > 0 && args.size() == np - n_extents) {
      omitted = true;
    } else {
      std::string msg = callee + " takes " + std::to_string(np) + " argument" + (np == 1 ? "" : "s");
      if (n_extents > 0) msg += " (or " + std::to_string(np - n_extents) + " with its extents omitted)";
      msg += ", got " + std::to_string(args.size()) + ".";
      refuse(Code::Arity, name_pos, msg);
    }
  }
  in->full_args.assign(np, nullptr);
  in->modes.assign(np, PassMode::OmittedExtent);
  for (size_t i = 0, k = 0; i < np; ++i) {
    if (omitted && is_extent[i]) continue;
    in->full_args[i] = args[k++];
  }
  std::vector<std::optional<ExtentId>> extent_of(np);
  for (size_t i = 0; i < np; ++i) {
    ast::Expr* a = in->full_args[i];
    if (!a) continue;
    const ParamSig& p = params[i];
    if (p.type->kind == TypeKind::View) {
      std::optional<ExtentId> demanded;
      bool defines = false;
      if (p.extent.kind == ExtentSpec::Kind::Value) {
        ExtentId id;
        id.kind = ExtentId::Kind::Value;
        id.value = p.extent.value;
        id.text = std::to_string(p.extent.value);
        demanded = id;
      } else if (p.extent.kind == ExtentSpec::Kind::Param && p.extent.value < np) {
        demanded = extent_of[p.extent.value];
        defines = !demanded;
      }
      ExtentId got;
      in->modes[i] = pass_view(a, p.type, demanded, &got);
      if (defines) extent_of[p.extent.value] = got;
      // §10.4: the explicit extent argument paired with a part calls no user function.
      if (peel(a)->kind == ExprKind::Part && p.extent.kind == ExtentSpec::Kind::Param &&
          in->full_args[p.extent.value])
        no_user_calls(in->full_args[p.extent.value]);
    } else if (p.type->kind == TypeKind::Borrow) {
      in->modes[i] = pass_borrow(a, p.type);
    } else {
      in->modes[i] = pass_value(a, p.type);
      if (is_extent[i]) extent_of[i] = usize_identity(a);
    }
  }
  return set(e, result);
}

// A view argument (§10.3): a view name, buffer/stack name, Buf/Array place, string literal or local, a
// part, or a lending record. elem is nullptr when the argument is none of those.
Checker::ViewArg Checker::view_arg(ast::Expr* arg, bool for_print) {
  ViewArg va;
  ast::Expr* p = arg;
  while (p->kind == ExprKind::Paren) p = p->a;
  if (p->kind == ExprKind::Part) {
    const Type* t = part_expr(p);
    if (p != arg) arg->info = p->info, set(arg, t);
    va.elem = t->elem;
    va.writable = t->rw;
    va.extent = *p->info->extent;
    return va;
  }
  const Type* t = check(arg, nullptr);
  if (t->kind == TypeKind::Error) not_judged();
  ExprInfo* in = p->info;
  bool place = in && in->is_place;
  switch (t->kind) {
    case TypeKind::View:
      va.elem = t->elem;
      va.writable = t->rw;
      va.extent = view_identity(arg);
      return va;
    case TypeKind::Buf:
    case TypeKind::Array:
      if (!place)
        refuse(Code::CallView, arg->begin,
               "A view argument must be a place: bind " + expr_text(arg) + " to a name first.");
      va.elem = t->elem;
      va.writable = in->writable;
      va.extent = view_identity(arg);
      return va;
    case TypeKind::Record:
      if (t->record->lends) {
        if (!place && !for_print)
          refuse(Code::CallView, arg->begin,
                 "A view argument must be a place: bind " + expr_text(arg) + " to a name first.");
        const Type* carrier = t->record->fields[t->record->lends->field].type;
        va.elem = carrier->elem;
        va.writable = place && in->writable;
        va.extent.kind = ExtentId::Kind::Dynamic;
        va.extent.text = expr_text(arg);
        info(arg)->is_lending = true;
        info(arg)->extent = va.extent;
      }
      return va;
    default: return va;
  }
}

PassMode Checker::pass_view(ast::Expr* arg, const Type* pt, const std::optional<ExtentId>& demanded, ExtentId* got) {
  ViewArg va = view_arg(arg, false);
  std::string want_extent = demanded ? demanded->text : "n";
  if (!va.elem || va.elem != pt->elem) {
    std::string shown = va.elem ? view_text(va.writable, tname(va.elem), va.extent.text) : tname(arg->type);
    refuse(Code::TypeMismatch, arg->begin,
           "Expected " + view_text(pt->rw, tname(pt->elem), want_extent) + ", got " + shown + ".");
  }
  if (pt->rw && !va.writable) {
    const ast::Expr* p = peel(arg);
    if (p->kind == ExprKind::StringLit)
      refuse(Code::WriteLease, arg->begin, "A string literal is read-only and cannot be lent rw.");
    require_writable(arg, false, arg->begin);
    refuse(Code::WriteLease, arg->begin, expr_text(arg) + " is read-only and cannot be lent rw.");
  }
  *got = va.extent;
  if (demanded && va.extent.kind != ExtentId::Kind::Dynamic && !demanded->same(va.extent)) {
    std::string part = expr_text(arg) + "[0.." + demanded->text + "]";
    refuse(Code::TypeMismatch, arg->begin,
           "Expected " + view_text(pt->rw, tname(pt->elem), demanded->text) + ", got " +
               view_text(pt->rw, tname(va.elem), va.extent.text) + ".",
           "pass a part, " + part + ", or omit the extent arguments");
  }
  return pt->rw ? PassMode::ViewRw : PassMode::ViewRo;
}

PassMode Checker::pass_borrow(ast::Expr* arg, const Type* pt) {
  const Type* want = pt->elem;
  const Type* t = check(arg, want);
  require_type(arg, t, want);
  if (!pt->rw) return PassMode::BorrowRo;
  require_writable(arg, false, arg->begin);
  check_extent_field_write(arg, arg->begin);
  return PassMode::BorrowRw;
}

PassMode Checker::pass_value(ast::Expr* arg, const Type* pt) {
  expect_value(arg, pt);
  return type_kind(pt) == Kind::Copy ? PassMode::Copy : PassMode::Move;
}

void Checker::add_call_edge(FnInfo* callee, const Type* fn_type, const ExprInfo& ci, Pos pos) {
  CallEdge edge;
  edge.callee = callee;
  edge.fn_type = fn_type;
  edge.pos = pos;
  edge.in_collector = collector_depth_ > 0;
  for (const ast::Expr* a : ci.full_args) {
    ArgRoot r;
    if (a) {
      const ast::Expr* p = peel(a);
      if (p->info && p->info->is_place && p->info->root) {
        const LocalVar* v = p->info->root;
        bool borrow = v->origin == LocalVar::Origin::Param && v->type &&
                      (v->type->kind == TypeKind::View || v->type->kind == TypeKind::Borrow);
        if (borrow) {
          r.kind = ArgRoot::Kind::Param;
          r.param = *v->param_index;
        } else {
          r.kind = ArgRoot::Kind::Local;
        }
      }
    }
    edge.roots.push_back(r);
  }
  fn_.calls.push_back(std::move(edge));
}

}  // namespace cairn::check::body
