// The body checker's entry (phase 4 of language.md §0.4): parameters, the body, refusal control.
#include <memory>

#include "front/check/body_checker.h"

namespace cairn::check {

namespace {
BodyFacts& fresh_facts(FnInfo& fn) {
  fn.body = std::make_shared<BodyFacts>();
  return *fn.body;
}
}  // namespace

void check_body(Program& program, FnInfo& fn, ast::Arena& arena, DiagSink& sink) {
  // A template with no instance is only parsed; its instances are checked on their own (§10.10).
  if (fn.is_template && !fn.template_of) return;
  if (!fn.decl || !fn.module) return;
  body::Checker checker(program, fn, arena, sink);
  checker.run();
}

namespace body {

Checker::Checker(Program& program, FnInfo& fn, ast::Arena& arena, DiagSink& sink)
    : program_(program), fn_(fn), arena_(arena), sink_(sink), facts_(fresh_facts(fn)), module_(*fn.module) {}

void Checker::run() {
  fn_.body_checked = true;
  push_scope();
  for (size_t i = 0; i < fn_.params.size(); ++i) {
    const ParamSig& p = fn_.params[i];
    auto v = std::make_unique<LocalVar>();
    v->name = p.name;
    v->pos = p.pos;
    v->type = p.type ? p.type : types().error();
    v->origin = LocalVar::Origin::Param;
    v->param_index = static_cast<uint32_t>(i);
    v->extent = p.extent;
    v->id = static_cast<uint32_t>(facts_.locals.size());
    LocalVar* raw = v.get();
    facts_.locals.push_back(std::move(v));
    if (p.name != "_" && !names_.count(p.name)) {
      names_[p.name] = raw;
      scopes_.back().push_back(p.name);
    }
  }
  ast::Item* d = fn_.decl;
  if (d->when) annotate_when(d->when);
  if (d->body) {
    block(d->body);
  } else if (d->expr_body) {
    try {
      return_value(d->expr_body, d->expr_body->begin);
    } catch (const Refused&) {
    } catch (const NotJudged&) {
    }
  }
  pop_scope();
  if (refused_) fn_.body_refused = true;
}

// An implementation's when condition (§17.2) is judged by the implementation rules (E-IMPL-WHEN, phase 5);
// here it is only typed, silently, so the core IR can evaluate it for dispatch (§17.3).
void Checker::annotate_when(ast::Expr* when) {
  silent_ = true;
  try {
    check(when, types().scalar(Scalar::Bool));
  } catch (const Refused&) {
  } catch (const NotJudged&) {
  }
  silent_ = false;
}

void Checker::refuse(Code code, Pos pos, std::string message, std::optional<std::string> help) {
  if (silent_) throw Refused{};
  if (fn_.template_of) message = "in " + fn_.name + ": " + message;
  sink_.report(code, pos, std::move(message), Phase::Bodies, std::move(help));
  refused_ = true;
  throw Refused{};
}

void Checker::mismatch(const Type* want, const Type* got, Pos pos, std::optional<std::string> help) {
  refuse(Code::TypeMismatch, pos, "Expected " + tname(want) + ", got " + tname(got) + ".", std::move(help));
}

ExprInfo* Checker::info(ast::Expr* e) {
  if (!e->info) {
    facts_.infos.push_back(std::make_unique<ExprInfo>());
    e->info = facts_.infos.back().get();
  }
  return e->info;
}

// Runs one statement-level check; a refusal or an unjudged name ends only that check.
bool Checker::guarded(void (Checker::*what)(ast::Stmt*), ast::Stmt* s) {
  try {
    (this->*what)(s);
    return true;
  } catch (const Refused&) {
    return false;
  } catch (const NotJudged&) {
    return false;
  }
}

}  // namespace body
}  // namespace cairn::check
