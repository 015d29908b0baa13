// Phase 3: template instances (§10.10): which exist (named outside templates or in existing instances,
// families, tune lists), their clones with naturals bound, families' members, and the body order.
#include <algorithm>
#include <deque>
#include <set>

#include "front/check/ast_walk.h"
#include "front/check/decl_context.h"
#include "front/check/impl_tune.h"
#include "front/check/lookup.h"

namespace cairn::check {

namespace {

constexpr size_t kMaxAstNodes = 4'000'000;

using Via = Program::InstanceUse::Via;

class InstanceMaker {
 public:
  explicit InstanceMaker(DeclContext& cx) : cx_(cx), p_(cx.program) {}

  void run() {
    std::vector<FnInfo*> roots;
    for (FnInfo& fn : p_.fns)
      if (!fn.is_template && !fn.template_of) roots.push_back(&fn);
    for (FnInfo* fn : roots) work_.push_back(fn);
    tune_lists();
    families();
    plans();
    while (!work_.empty()) {
      FnInfo* fn = work_.front();
      work_.pop_front();
      scan(*fn);
    }
    order();
  }

 private:
  FnInfo* instantiate(FnInfo& t, const std::vector<uint64_t>& values) {
    if (FnInfo* i = find_instance(t, values)) return i;
    if (limit_hit_) return nullptr;
    ast::Item* clone = ast::clone_fn(cx_.arena, *t.decl);
    if (cx_.arena.node_count() > kMaxAstNodes) {
      cx_.refuse(Code::AstLimit, t.name_pos, "The program has more than 4,000,000 syntax nodes once instance " + t.name + " is counted.");
      limit_hit_ = true;
      return nullptr;
    }
    FnInfo& inst = p_.fns.emplace_back();
    std::string args;
    for (size_t i = 0; i < values.size(); ++i) args += (i ? ", " : "") + std::to_string(values[i]);
    inst.name = t.name + "[" + args + "]";
    inst.qualified = t.qualified + "[" + args + "]";
    inst.module = t.module;
    inst.decl = clone;
    inst.is_pub = t.is_pub;
    inst.template_of = &t;
    inst.in_dependency = t.in_dependency;
    inst.name_pos = t.name_pos;
    inst.result = p_.types.void_type();
    for (size_t i = 0; i < values.size(); ++i) inst.naturals.push_back({t.decl->nat_params[i].name.name, values[i]});
    t.instance_index[values] = &inst;
    p_.fn_of_item[clone] = &inst;
    resolve_signature(cx_, inst);
    work_.push_back(&inst);
    return &inst;
  }

  void use(FnInfo* inst, FnInfo* user, Pos pos, Via via) {
    if (!inst) return;
    Program::InstanceUse u;
    u.via = via;
    u.instance = inst;
    u.user = user;
    u.pos = pos;
    p_.instance_uses.push_back(u);
  }

  static bool is_usable_template(const FnInfo& t) {
    if (!t.is_template) return false;
    for (const ast::NatParam& np : t.decl->nat_params)
      if (!np.is_nat) return false;
    return !t.decl->nat_params.empty();
  }

  // A natural argument that names a type is Stage 2 generics (§10.10).
  bool names_type(const FnInfo& user, const ast::Expr* arg) {
    if (arg->kind != ast::ExprKind::Name) return false;
    Scalar s;
    if (scalar_from_name(arg->text, &s) || arg->text == "Buf" || arg->text == "Array") return true;
    ItemRef r = lookup_item(p_, *user.module, arg->text);
    return r.record() || r.sum();
  }

  // alias.NAME naming a private item of another module.
  bool names_private_item(const FnInfo& user, const ast::Expr* arg) {
    if (arg->kind != ast::ExprKind::Field || !arg->a || arg->a->kind != ast::ExprKind::Name) return false;
    const ModuleInfo* m = lookup_alias(*user.module, arg->a->text);
    ItemRef r;
    return m && lookup_in(*user.module, *m, arg->text, &r) == LookupStatus::Private;
  }

  void name_instance(FnInfo& user, FnInfo& t, const ast::Expr* e) {
    const std::string pre = user.template_of ? "in " + user.name + ": " : "";
    size_t want = t.decl->nat_params.size();
    if (e->args.size() != want) {
      cx_.refuse(Code::GenericArity, e->pos, pre + t.name + " takes " + std::to_string(want) + " natural argument" +
                                                 (want == 1 ? "" : "s") + ", got " + std::to_string(e->args.size()) + ".");
      return;
    }
    std::vector<uint64_t> values;
    for (const ast::Expr* arg : e->args) {
      if (names_type(user, arg)) {
        cx_.refuse(Code::Unsupported, arg->begin, pre + "generics are a Stage 2 feature and are not supported yet.");
        return;
      }
      if (names_private_item(user, arg)) {
        cx_.refuse(Code::Private, arg->begin, pre + arg->a->text + "." + arg->text + " is private to its module.");
        return;
      }
      std::string why;
      auto v = natural_arg_value(p_, *user.module, arg, user.naturals, &why);
      if (!v) {
        if (!why.empty()) cx_.refuse(Code::ImplParam, arg->begin, pre + why);
        else cx_.fatal = true;
        return;
      }
      values.push_back(*v);
    }
    use(instantiate(t, values), &user, e->pos, Via::Body);
  }

  // Every `f[args]` in the body that names a template: `f[4](x)`, `f[N]`, `m.f[K]`.
  void scan(FnInfo& fn) {
    if (!fn.decl) return;
    std::vector<std::string> bound = bound_names(fn.decl);
    std::set<std::string> locals(bound.begin(), bound.end());
    AstVisitor v;
    v.on_expr = [&](ast::Expr* e) {
      if (e->kind != ast::ExprKind::Index || e->args.empty() || !e->a) return;
      const ast::Expr* base = e->a;
      FnInfo* t = nullptr;
      if (base->kind == ast::ExprKind::Name) {
        if (locals.count(base->text)) return;
        t = lookup_item(p_, *fn.module, base->text).fn();
      } else if (base->kind == ast::ExprKind::Field && base->a && base->a->kind == ast::ExprKind::Name) {
        if (locals.count(base->a->text)) return;
        const ModuleInfo* m = lookup_alias(*fn.module, base->a->text);
        ItemRef r;
        if (m && lookup_in(*fn.module, *m, base->text, &r) == LookupStatus::Found) t = r.fn();
      }
      if (t && is_usable_template(*t)) name_instance(fn, *t, e);
    };
    walk_fn_body(fn.decl, v);
  }

  // Implementations with natural parameters: every combination of their tune lists exists (§17.5).
  void tune_lists() {
    std::vector<FnInfo*> templates;
    for (FnInfo& fn : p_.fns)
      if (fn.is_template && !fn.template_of && fn.decl->has_implements && is_usable_template(fn)) templates.push_back(&fn);
    for (FnInfo* t : templates) {
      TuneCheck tc = check_tune(*t->decl);
      for (const auto& values : tune_combinations(tc)) use(instantiate(*t, values), nullptr, t->name_pos, Via::Tune);
    }
  }

  // The bound of a family: an integer literal or a usize constant.
  std::optional<uint64_t> bound(const ModuleInfo& m, const ast::NatArg& b) {
    if (b.is_int) return b.value;
    LookupStatus st;
    ItemRef r = lookup_path(p_, m, b.path, &st);
    if (const ConstInfo* c = r.constant(); c && st == LookupStatus::Found) {
      if (c->type && c->type->kind == TypeKind::Scalar && c->type->scalar == Scalar::Usize) {
        if (c->value) return c->value->bits;
        cx_.fatal = true;
        return std::nullopt;
      }
    }
    cx_.refuse(Code::ImplParam, b.pos, "A family bound is an integer literal or a usize constant.");
    return std::nullopt;
  }

  void families() {
    for (const ItemAt& at : cx_.items) {
      if (at.item->kind != ast::ItemKind::Family) continue;
      const ast::Item& it = *at.item;
      LookupStatus st;
      ItemRef r = lookup_path(p_, *at.module, it.path, &st);
      Pos ppos = it.path.empty() ? it.pos : it.path[0].pos;
      if (st == LookupStatus::NotFound) {
        cx_.refuse(Code::Unbound, ppos, "A family names a function; no function is named so here.");
        continue;
      }
      if (st == LookupStatus::Private) {
        cx_.refuse(Code::Private, ppos, "The family's function is private to its module.");
        continue;
      }
      FnInfo* t = r.fn();
      if (!t || !is_usable_template(*t) || t->decl->nat_params.size() != 1) {
        cx_.refuse(Code::ImplParam, ppos, "A family needs a function with exactly one natural parameter.");
        continue;
      }
      auto lo = bound(*at.module, it.lo), hi = bound(*at.module, it.hi);
      if (!lo || !hi) continue;
      if (*lo < 1 || *lo >= *hi) {
        cx_.refuse(Code::ImplParam, it.lo.pos, "A family's bounds need 1 <= lo < hi.");
        continue;
      }
      if (*hi - *lo > 1024) {
        cx_.refuse(Code::ImplParam, it.lo.pos, "A family has at most 1,024 members.");
        continue;
      }
      for (uint64_t v = *lo; v < *hi; ++v) member(*at.module, it, *t, v);
    }
  }

  void member(ModuleInfo& m, const ast::Item& it, FnInfo& t, uint64_t v) {
    std::string name = it.name.name + "_" + std::to_string(v);
    if (m.items.count(name)) {
      cx_.refuse(Code::Duplicate, it.name.pos, "The family member " + name + " is already declared in " +
                                                   (m.path.empty() ? "the root namespace" : m.path) + ".");
      return;
    }
    FnInfo* inst = instantiate(t, {v});
    if (!inst) return;
    m.items[name] = ModuleInfo::Entry{ModuleInfo::Entry::Kind::Fn, inst, it.is_pub, it.name.pos};
    inst->family_names.push_back(name);
    use(inst, nullptr, it.name.pos, Via::Family);
  }

  void plans() {
    for (const ItemAt& at : cx_.items)
      if (at.item->kind == ast::ItemKind::Plan) p_.plans.push_back(Program::PlanRef{at.item, at.module});
  }

  // Phase 4 order: source order, each template replaced by its instances in increasing value order.
  void order() {
    for (FnInfo& fn : p_.fns) {
      if (fn.template_of) continue;
      if (fn.is_template) {
        fn.instances.clear();
        for (auto& [values, inst] : fn.instance_index) {
          fn.instances.push_back(inst);
          p_.body_order.push_back(inst);
        }
        continue;
      }
      if (fn.in_dependency && fn.name == "main") continue;
      p_.body_order.push_back(&fn);
    }
  }

  DeclContext& cx_;
  Program& p_;
  std::deque<FnInfo*> work_;
  bool limit_hit_ = false;
};

}  // namespace

void declare_instances(DeclContext& cx) { InstanceMaker(cx).run(); }

}  // namespace cairn::check
