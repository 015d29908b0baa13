// Call resolution (§10.2, §10.8, §10.9, §10.10, §2.7): callees, methods, instances, constructors, conversions.
#include "front/check/body_checker.h"
#include "front/check/stage2_names.h"

namespace cairn::check::body {

using ast::ExprKind;

std::vector<ast::Expr*> Checker::arg_list(ast::Expr* call, ast::Expr* receiver) {
  std::vector<ast::Expr*> args;
  args.reserve(call->args.size() + 1);
  if (receiver) args.push_back(receiver);
  args.insert(args.end(), call->args.begin(), call->args.end());
  return args;
}

const Type* Checker::call(ast::Expr* e, const Type* expected) {
  ast::Expr* callee = e->a;
  switch (callee->kind) {
    case ExprKind::Name: return call_name(e, ast::Ident{callee->text, callee->pos}, expected);
    case ExprKind::Field: {
      std::optional<StaticRef> sr = static_path(callee->a);
      if (!sr) return call_method(e, callee->a, callee->binder);
      std::string shown = expr_text(callee);
      switch (sr->kind) {
        case StaticRef::Kind::Module: {
          ItemRef item = lookup_in(*sr->module, callee->binder);
          if (FnInfo* f = item.fn()) {
            if (f->is_template && !f->template_of)
              refuse(Code::Uninstantiated, callee->binder.pos, uninstantiated(f, shown, e));
            return call_direct(e, f, nullptr, callee->binder.pos);
          }
          if (const RecordInfo* r = item.record()) return record_ctor(e, r, callee->binder.pos);
          if (!item) refuse(Code::Callee, callee->binder.pos, "Unknown callable " + shown + ".");
          refuse(Code::Callee, callee->binder.pos, shown + " is not callable.");
        }
        case StaticRef::Kind::Sum:
          return variant_value(e, sr->sum, sr->has_args ? &sr->args : nullptr, callee->binder, expected, e);
        default: refuse(Code::Callee, callee->binder.pos, "Unknown callable " + shown + ".");
      }
    }
    case ExprKind::Index: {
      ast::Expr* base = callee->a;
      if (base->kind == ExprKind::Name && !find_local(base->text) && !natural(base->text)) {
        const std::string& n = base->text;
        ItemRef item = lookup(n);
        if (FnInfo* f = item.fn()) {
          if (f->is_template && !f->template_of) return call_instance(e, callee, f, base->pos);
          if (!callee->args.empty() && callee->args[0]->kind == ExprKind::Name && !static_usize(callee->args[0]))
            refuse(Code::Unsupported, callee->pos, "generics is a Stage 2 feature and is not supported yet.");
          refuse(Code::GenericArity, callee->pos, n + " has no natural parameters, so it takes no natural arguments.");
        }
        if (item.record() || item.sum())
          refuse(Code::Unsupported, callee->pos, "generics is a Stage 2 feature and is not supported yet.");
        if (n == "Buf") return buf_new(e, callee);
        if (n == "Array") return array_new(e, callee);
        Builtin b;
        if (builtin_from_name(n, &b)) {
          if (b == Builtin::FromBits) return builtin_call(e, b, e->args, expected, base->pos, callee);
          refuse(Code::GenericArity, callee->pos, n + " takes no type arguments.");
        }
        Scalar s;
        if (scalar_from_name(n, &s)) refuse(Code::GenericArity, callee->pos, n + " takes no type arguments.");
        refuse(Code::Callee, base->pos, "Unknown callable " + n + ".");
      }
      if (base->kind == ExprKind::Field) {
        std::optional<StaticRef> sr = static_path(base->a);
        if (sr && sr->kind == StaticRef::Kind::Module) {
          FnInfo* f = lookup_in(*sr->module, base->binder).fn();
          if (!f) refuse(Code::Callee, base->binder.pos, "Unknown callable " + expr_text(base) + ".");
          if (f->is_template && !f->template_of) return call_instance(e, callee, f, base->binder.pos);
          refuse(Code::GenericArity, callee->pos, f->name + " has no natural parameters, so it takes no natural arguments.");
        }
        if (!sr)
          refuse(Code::Call, callee->begin, "Method syntax carries no natural arguments: write " + base->text + "[" +
                                                (callee->args.empty() ? "" : expr_text(callee->args[0])) + "](" +
                                                expr_text(base->a) + ").");
      }
      refuse(Code::Call, callee->begin, "A callee must be a name, a path or a method: bind " + expr_text(callee) +
                                            " to a name first.");
    }
    default:
      refuse(Code::Call, callee->begin,
             "A callee must be a name, a path or a method: bind " + expr_text(callee) + " to a name first.");
  }
}

// §10.2, steps 1 to 7.
const Type* Checker::call_name(ast::Expr* e, const ast::Ident& id, const Type* expected) {
  const std::string& n = id.name;
  if (expected && expected->kind == TypeKind::Sum && expected->sum->variant_index(n))
    return bare_variant(e, expected, id, e);
  LocalVar* v = find_local(n);
  if (v) {
    if (!v->type || v->type->kind == TypeKind::Error) not_judged();
    if (v->type->kind == TypeKind::Fn) return call_indirect(e, v);
  }
  ItemRef item = lookup(n);
  if (FnInfo* f = item.fn()) {
    if (f->is_template && !f->template_of)
      refuse(Code::Uninstantiated, id.pos, uninstantiated(f, n, e));
    return call_direct(e, f, nullptr, id.pos);
  }
  if (const RecordInfo* r = item.record()) return record_ctor(e, r, id.pos);
  if (item) refuse(Code::Callee, id.pos, n + " is not callable.");
  Scalar s;
  if (scalar_from_name(n, &s)) return conversion(e, s, e->args, id.pos);
  const char* feature = stage2_feature(n, Stage2Use::Type);
  if (!feature) feature = stage2_feature(n, Stage2Use::Builtin);
  if (feature) refuse(Code::Unsupported, id.pos, stage2_refusal(feature));
  Builtin b;
  if (builtin_from_name(n, &b)) return builtin_call(e, b, e->args, expected, id.pos, nullptr);
  if (n == "Buf" || n == "Array")
    refuse(Code::GenericArity, id.pos, n + " needs its type argument" + (n == "Buf" ? ": Buf[u8](n)." : "s: Array[u8, 4]()."));
  if (test_named(n)) refuse(Code::Callee, id.pos, n + " is a test block and cannot be called.");
  if (v) refuse(Code::Callee, id.pos, n + " is a " + tname(v->type) + ", not a function.");
  refuse(Code::Callee, id.pos, "Unknown callable " + n + ".");
}

const Type* Checker::call_direct(ast::Expr* e, FnInfo* f, ast::Expr* receiver, Pos name_pos) {
  if (!f->result) not_judged();
  for (const ParamSig& p : f->params)
    if (!p.type || p.type->kind == TypeKind::Error) not_judged();
  ExprInfo* in = info(e);
  in->call = CallKind::Direct;
  in->ref = NameRef::Fn;
  in->fn = f;
  in->is_method = receiver != nullptr;
  const Type* t = pass_args(e, f->params, f->result, arg_list(e, receiver), f->name, name_pos);
  add_call_edge(f, nullptr, *in, name_pos);
  return t;
}

const Type* Checker::call_indirect(ast::Expr* e, LocalVar* v) {
  local_value(e->a, v);
  std::vector<ParamSig> params;
  for (const Type* pt : v->type->args) {
    ParamSig p;
    p.type = pt;
    params.push_back(p);
  }
  ExprInfo* in = info(e);
  in->call = CallKind::Indirect;
  in->ref = NameRef::Local;
  in->local = v;
  const Type* t = pass_args(e, params, v->type->elem, arg_list(e, nullptr), v->name, e->a->pos);
  add_call_edge(nullptr, v->type, *in, e->a->pos);
  return t;
}

// §10.8: the module declaring the receiver's type, then a plain call, then the builtins.
const Type* Checker::call_method(ast::Expr* e, ast::Expr* receiver, const ast::Ident& name) {
  const ModuleInfo* tm = nullptr;
  if (!is_flexible(receiver)) {
    const Type* tr = check(receiver, nullptr);
    if (tr->kind == TypeKind::Error) not_judged();
    if (tr->kind == TypeKind::Record) tm = tr->record->module;
    if (tr->kind == TypeKind::Sum && tr->sum->decl) tm = tr->sum->module;
  }
  if (tm) {
    ItemRef r;
    LookupStatus st = check::lookup_in(module_, *tm, name.name, &r);
    if (st != LookupStatus::NotFound && r.fn()) {
      if (st == LookupStatus::Private)
        refuse(Code::Private, name.pos, tm->path + "." + name.name + " is private to module " + tm->path + ".");
      FnInfo* f = r.fn();
      if (f->is_template && !f->template_of)
        refuse(Code::Call, name.pos, "Method syntax carries no natural arguments: write " + name.name + "[4](" +
                                         expr_text(receiver) + ").");
      return call_direct(e, f, receiver, name.pos);
    }
  }
  ItemRef item = lookup(name.name);
  if (FnInfo* f = item.fn()) {
    if (f->is_template && !f->template_of)
      refuse(Code::Call, name.pos, "Method syntax carries no natural arguments: write " + name.name + "[4](" +
                                       expr_text(receiver) + ").");
    return call_direct(e, f, receiver, name.pos);
  }
  Scalar s;
  if (!item && scalar_from_name(name.name, &s)) return conversion(e, s, arg_list(e, receiver), name.pos);
  Builtin b;
  if (builtin_from_name(name.name, &b)) {
    ExprInfo* in = info(e);
    in->is_method = true;
    return builtin_call(e, b, arg_list(e, receiver), nullptr, name.pos, nullptr);
  }
  refuse(Code::Callee, name.pos, "Unknown callable " + name.name + ".");
}

// scale[4](x), m.scale[4](x): the instance of a template (§10.10).
const Type* Checker::call_instance(ast::Expr* e, ast::Expr* index_callee, FnInfo* templ, Pos name_pos) {
  size_t want = templ->decl ? templ->decl->nat_params.size() : 0;
  if (index_callee->args.size() != want)
    refuse(Code::GenericArity, index_callee->pos,
           templ->name + " takes " + std::to_string(want) + " natural argument" + (want == 1 ? "" : "s") + ", got " +
               std::to_string(index_callee->args.size()) + ".");
  std::vector<uint64_t> values;
  for (ast::Expr* a : index_callee->args) {
    Scalar s;
    if (a->kind == ExprKind::Name && scalar_from_name(a->text, &s))
      refuse(Code::Unsupported, a->pos, "generics is a Stage 2 feature and is not supported yet.");
    std::string why;
    std::optional<uint64_t> v = natural_arg_value(program_, module_, a, fn_.naturals, &why);
    if (!v) {
      if (why.empty()) not_judged();
      refuse(Code::ImplParam, a->begin, why);
    }
    values.push_back(*v);
  }
  FnInfo* inst = find_instance(*templ, values);
  if (!inst) not_judged();  // the declaration phase creates every instance that is named
  return call_direct(e, inst, nullptr, name_pos);
}

const Type* Checker::record_ctor(ast::Expr* e, const RecordInfo* r, Pos name_pos) {
  if (r->is_linear && r->module != &module_)
    refuse(Code::Private, name_pos, "The linear record " + r->qualified + " can only be built in its own module.");
  if (e->args.size() != r->fields.size())
    refuse(Code::Arity, name_pos,
           r->name + " has " + std::to_string(r->fields.size()) + " field" + (r->fields.size() == 1 ? "" : "s") +
               ", got " + std::to_string(e->args.size()) + " argument" + (e->args.size() == 1 ? "" : "s") + ".");
  ExprInfo* in = info(e);
  in->call = CallKind::Record;
  in->record = r;
  in->full_args = e->args;
  for (size_t i = 0; i < e->args.size(); ++i) {
    const Type* ft = r->fields[i].type;
    if (!ft || ft->kind == TypeKind::Error) not_judged();
    expect_value(e->args[i], ft);
    in->modes.push_back(type_kind(ft) == Kind::Copy ? PassMode::Copy : PassMode::Move);
  }
  // §3.7: a Buf field with a field extent gets an inline Buf[T](e), e the extent field's argument.
  for (size_t i = 0; i < r->fields.size(); ++i) {
    if (!r->fields[i].extent_field) continue;
    uint32_t k = *r->fields[i].extent_field;
    ast::Expr* a = e->args[i];
    while (a->kind == ExprKind::Paren) a = a->a;
    bool ok = a->kind == ExprKind::Call && a->info && a->info->call == CallKind::BufNew && !a->args.empty();
    if (ok) {
      ExtentId want = usize_identity(e->args[k]);
      ExtentId got = usize_identity(a->args[0]);
      ok = want.kind != ExtentId::Kind::None && want.kind != ExtentId::Kind::Path && want.same(got);
    }
    if (!ok)
      refuse(Code::ExtentField, e->args[i]->begin,
             r->fields[i].name + " must be built here as Buf[...](" + expr_text(e->args[k]) + "), sized by the " +
                 r->fields[k].name + " argument.");
  }
  return set(e, types().record(r));
}

// T(x) (§6): one numeric argument, a numeric target.
const Type* Checker::conversion(ast::Expr* e, Scalar target, const std::vector<ast::Expr*>& args, Pos name_pos) {
  if (args.size() != 1)
    refuse(Code::Arity, name_pos, std::string("A conversion ") + scalar_name(target) + "(x) takes one argument, got " +
                                      std::to_string(args.size()) + ".");
  ExprInfo* in = info(e);
  in->call = CallKind::Conversion;
  in->named_type = types().scalar(target);
  in->full_args = args;
  in->modes = {PassMode::Copy};
  const Type* t = check(args[0], nullptr);
  if (t->kind == TypeKind::Error) not_judged();
  if (target == Scalar::Bool)
    refuse(Code::Cast, name_pos, "There is no conversion to bool: write x != 0.");
  if (t->kind != TypeKind::Scalar || t->scalar == Scalar::Bool)
    refuse(Code::Cast, args[0]->begin,
           std::string("Only numbers convert: ") + scalar_name(target) + "(x) got " + tname(t) + ".",
           is_bool(t) ? std::optional<std::string>("assign the number in an if statement") : std::nullopt);
  return set(e, types().scalar(target));
}

// E-UNINSTANTIATED for a template named without its natural arguments (§10.8): the instance to name instead. A
// natural that is the extent of a view parameter takes the length of a string literal passed there (g("abc") is
// g[3]); any other natural is shown by its name, for the user to fill in.
std::string Checker::uninstantiated(const FnInfo* f, const std::string& shown, const ast::Expr* call) const {
  std::string args;
  if (!f->decl) return f->name + " has natural parameters: name an instance of " + shown + ".";
  for (const ast::NatParam& np : f->decl->nat_params) {
    std::string value = np.name.name;
    const std::vector<ast::Param>& params = f->decl->params;
    for (size_t i = 0; call && i < params.size() && i < call->args.size(); ++i) {
      const ast::TypeExpr* t = params[i].type;
      const ast::Expr* a = call->args[i];
      while (a->kind == ExprKind::Paren) a = a->a;
      if (t && t->has_extent && !t->extent.is_int && t->extent.path.size() == 1 &&
          t->extent.path[0].name == np.name.name && a->kind == ExprKind::StringLit) {
        value = std::to_string(a->text.size());
        break;
      }
    }
    args += (args.empty() ? "" : ", ") + value;
  }
  return f->name + " has natural parameters: name an instance, " + shown + "[" + args + "].";
}

}  // namespace cairn::check::body
