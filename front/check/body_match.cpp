// match (§9.4) and try (§9.5): subjects, patterns, coverage, binders; outcome sums and propagation.
#include "front/check/body_checker.h"

namespace cairn::check::body {

namespace {
std::string path_text(const ast::Path& p) {
  std::string s;
  for (size_t i = 0; i < p.size(); ++i) s += (i ? "." : "") + p[i].name;
  return s;
}
}  // namespace

// The subject and every pattern; E-MATCH-COVERAGE is reported at `match` once the arms are known.
void Checker::match_header(ast::Stmt* s) {
  const Type* t = value(s->expr, nullptr);
  if (t->kind == TypeKind::Error) not_judged();
  if (t->kind != TypeKind::Sum)
    refuse(Code::MatchType, s->expr->begin,
           "match needs a sum; " + expr_text(s->expr) + " is a " + tname(t) + ".", "compare with if instead");
  const SumInfo* sum = t->sum;
  info(s->expr)->sum = sum;
  std::vector<int> arm_of(sum->variants.size(), -1);
  for (size_t a = 0; a < s->arms.size(); ++a) {
    ast::MatchArm& arm = s->arms[a];
    if (arm.pattern.empty()) not_judged();
    const ast::Ident& last = arm.pattern.back();
    if (arm.pattern.size() == 1 && last.name == "_")
      refuse(Code::MatchCoverage, s->pos, "There is no wildcard arm: write one arm per variant of " + sum->name + ".");
    if (arm.pattern.size() > 1) {
      ast::Path prefix(arm.pattern.begin(), arm.pattern.end() - 1);
      LookupStatus st = LookupStatus::NotFound;
      ItemRef item = lookup_path(program_, module_, prefix, &st);
      if (st == LookupStatus::Private) refuse(Code::Private, prefix.back().pos, path_text(prefix) + " is private.");
      const SumInfo* ps = item.sum();
      if (!ps) refuse(Code::EnumVariant, arm.pos, path_text(prefix) + " is not a sum.");
      if (ps != sum)
        refuse(Code::EnumVariant, arm.pos,
               path_text(arm.pattern) + " is a variant of " + ps->name + ", not of " + sum->name + ".");
    }
    std::optional<uint32_t> idx = sum->variant_index(last.name);
    if (!idx) refuse(Code::EnumVariant, last.pos, sum->name + " has no variant " + last.name + ".");
    if (arm_of[*idx] >= 0)
      refuse(Code::MatchDuplicate, arm.pos, sum->name + "." + last.name + " already has an arm (line " +
                                                std::to_string(s->arms[static_cast<size_t>(arm_of[*idx])].pos.line) +
                                                ").");
    arm_of[*idx] = static_cast<int>(a);
    bool payload = sum->variants[*idx].payload != nullptr;
    if (payload && !arm.has_binder)
      refuse(Code::MatchBinding, arm.pos,
             sum->name + "." + last.name + " carries a payload: bind it, " + last.name + "(x), or drop it, " +
                 last.name + "(_).");
    if (!payload && arm.has_binder)
      refuse(Code::MatchBinding, arm.pos, sum->name + "." + last.name + " carries no payload: write " + last.name + ".");
    arm.variant = *idx;
  }
  for (size_t v = 0; v < arm_of.size(); ++v)
    if (arm_of[v] < 0)
      refuse(Code::MatchCoverage, s->pos,
             "Every variant must have exactly one arm; missing " + sum->name + "." + sum->variants[v].name + ".");
}

void Checker::stmt_match(ast::Stmt* s) {
  if (!attempt([&] { match_header(s); })) {
    poison_expr(s->expr);
    return;  // the arms of a refused match are not judged
  }
  const Type* t = s->expr->type;
  for (ast::MatchArm& arm : s->arms) {
    push_scope();
    if (arm.has_binder && arm.binder.name != "_") {
      const Type* pt = payload_type(t, arm.variant);
      if (attempt([&] { check_shadow(arm.binder, pt); }))
        arm.binder_local = declare(arm.binder, pt, LocalVar::Origin::MatchBinder, false);
      else
        arm.binder_local = declare_unknown(arm.binder);
    }
    if (arm.block) block(arm.block);
    if (arm.stmt) stmt(arm.stmt);
    pop_scope();
  }
}

// try e (§9.5): e an outcome sum; the function's result carries e's failure payload.
const Type* Checker::try_expr(ast::Expr* e, bool as_statement) {
  const Type* t = value(e->a, nullptr);
  if (t->kind == TypeKind::Error) not_judged();
  if (!is_outcome_sum(t))
    refuse(Code::Try, e->pos,
           "try needs an outcome sum (two variants, the first the success, not tag-only); " + expr_text(e->a) +
               " is a " + tname(t) + ".");
  const Type* r = fn_.result ? fn_.result : void_type();
  if (fn_.is_test) refuse(Code::Try, e->pos, "A test block cannot use try: match on the outcome instead.");
  if (fn_.name == "main" && !fn_.template_of)
    refuse(Code::Try, e->pos, "main cannot use try: match on the outcome instead.");
  if (r->kind == TypeKind::Void)
    refuse(Code::Try, e->pos, fn_.name + " returns nothing, so try has no failure to return: match instead.");
  if (!is_outcome_sum(r))
    refuse(Code::Try, e->pos, fn_.name + " returns " + tname(r) + ", which cannot carry the failure of try.");
  const Type* fail_e = payload_type(t, 1);
  const Type* fail_r = payload_type(r, 1);
  if (fail_e != fail_r) {
    auto carries = [&](const Type* x) { return x ? "carries " + tname(x) : std::string("carries nothing"); };
    refuse(Code::Try, e->pos,
           fn_.name + " returns " + tname(r) + ", whose " + r->sum->variants[1].name + " " + carries(fail_r) +
               ", but the " + t->sum->variants[1].name + " of " + expr_text(e->a) + " " + carries(fail_e) + ".");
  }
  const Type* success = payload_type(t, 0);
  ExprInfo* in = info(e);
  in->sum = t->sum;
  in->try_success = success;
  if (!success) {
    if (!as_statement)
      refuse(Code::Try, e->pos, "try " + expr_text(e->a) + " has no value: its success carries nothing.");
    return set(e, void_type());
  }
  return set(e, success);
}

}  // namespace cairn::check::body
