// Phase 5: plans (§17.3, §17.5): `plan f use g;` or `plan f use g[4];`, at most one per reference.
#include <set>

#include "front/check/impl_rules.h"
#include "front/check/impl_tune.h"
#include "front/check/lookup.h"

namespace cairn::check {

namespace {

std::string text(const ast::Path& p) {
  std::string s;
  for (size_t i = 0; i < p.size(); ++i) s += (i ? "." : "") + p[i].name;
  return s;
}

class PlanChecker {
 public:
  PlanChecker(Program& p, DiagSink& sink) : p_(p), sink_(sink) {}

  void run() {
    for (const Program::PlanRef& pr : p_.plans) plan(*pr.item, *pr.module);
  }

 private:
  void refuse(Code c, Pos pos, std::string msg) { sink_.report(c, pos, std::move(msg), Phase::WholeProgram); }

  FnInfo* function(const ast::Path& path, const ModuleInfo& m) {
    if (path.empty()) return nullptr;
    LookupStatus st;
    ItemRef r = lookup_path(p_, m, path, &st);
    if (st == LookupStatus::Private) {
      refuse(Code::Private, path[0].pos, text(path) + " is private to its module.");
      return nullptr;
    }
    if (!r.fn()) {
      refuse(Code::ImplUse, path[0].pos, "A plan names functions; " + text(path) + " is none.");
      return nullptr;
    }
    return r.fn();
  }

  // The values of the plan's natural arguments: literals or usize constants.
  bool values(const ast::Item& it, const ModuleInfo& m, std::vector<uint64_t>* out) {
    for (const ast::NatArg& a : it.nat_args) {
      if (a.is_int) {
        out->push_back(a.value);
        continue;
      }
      LookupStatus st;
      const ConstInfo* c = lookup_path(p_, m, a.path, &st).constant();
      if (!c || !c->value || c->value->type != Scalar::Usize) {
        refuse(Code::ImplParam, a.pos, "A natural argument is an integer literal or a usize constant.");
        return false;
      }
      out->push_back(c->value->bits);
    }
    return true;
  }

  void plan(const ast::Item& it, const ModuleInfo& m) {
    FnInfo* f = function(it.path, m);
    if (!f) return;
    if (f->is_template) {
      refuse(Code::Uninstantiated, it.path[0].pos, f->name + " has natural parameters: a plan names a plain reference.");
      return;
    }
    FnInfo* g = function(it.use_path, m);
    if (!g) return;
    Pos gpos = it.use_path[0].pos;
    if (g->is_template) {
      if (!it.has_nat_args || it.nat_args.empty()) {
        refuse(Code::Uninstantiated, gpos, g->name + " has natural parameters: name an instance, " + g->name + "[" +
                                               std::to_string(first_tune_value(*g)) + "].");
        return;
      }
      if (it.nat_args.size() != g->decl->nat_params.size()) {
        refuse(Code::GenericArity, gpos, g->name + " takes " + std::to_string(g->decl->nat_params.size()) +
                                             " natural arguments, got " + std::to_string(it.nat_args.size()) + ".");
        return;
      }
      std::vector<uint64_t> vals;
      if (!values(it, m, &vals)) return;
      if (g->decl->has_implements && !in_tune(check_tune(*g->decl), vals)) {
        refuse(Code::ImplParam, it.nat_args[0].pos, "The plan names an instance outside " + g->name + "'s tune lists.");
        return;
      }
      g = find_instance(*g, vals);
      if (!g) {
        refuse(Code::ImplUse, gpos, "The plan names no implementation of " + f->name + ".");
        return;
      }
    } else if (it.has_nat_args && !it.nat_args.empty()) {
      refuse(Code::GenericArity, gpos, g->name + " takes no natural arguments.");
      return;
    }
    if (g->implements != f) {
      refuse(Code::ImplUse, gpos, g->name + " is not an implementation of " + f->name + ".");
      return;
    }
    if (!planned_.insert(f).second) {
      refuse(Code::ImplUse, it.path[0].pos, f->name + " already has a plan; a reference has at most one.");
      return;
    }
    f->planned = g;
  }

  static uint64_t first_tune_value(const FnInfo& g) {
    TuneCheck tc = check_tune(*g.decl);
    if (tc.ok && !tc.lists.empty() && !tc.lists[0].empty()) return tc.lists[0][0];
    return 4;
  }

  Program& p_;
  DiagSink& sink_;
  std::set<const FnInfo*> planned_;
};

}  // namespace

void check_plans(Program& program, DiagSink& sink) { PlanChecker(program, sink).run(); }

}  // namespace cairn::check
