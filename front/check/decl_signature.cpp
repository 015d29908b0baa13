// Phase 3: function signatures (§10.1, §3.6-§3.8), natural parameter lists (§10.10) and ceilings (§13.4).
#include <set>
#include <unordered_map>

#include "front/check/decl_context.h"
#include "front/check/lookup.h"
#include "front/check/resolve_type.h"

namespace cairn::check {

namespace {

bool is_usize(const Type* t) { return t->kind == TypeKind::Scalar && t->scalar == Scalar::Usize; }

// Labels accepted in ceilings that no core construct produces (§13.1, Stage 2).
bool is_stage2_label(const std::string& l) {
  static const std::set<std::string> kPlain = {"ffi_precondition", "par:host", "par:device", "spawn", "join",
                                               "atomic", "lock", "gpu_alloc", "gpu_free", "mmio", "asm", "dispatch"};
  if (kPlain.count(l)) return true;
  for (const char* prefix : {"ffi:", "transfer:", "lane:"})
    if (l.rfind(prefix, 0) == 0 && l.size() > std::string(prefix).size()) return true;
  return false;
}

uint32_t pure_fixed_labels() {
  uint32_t bits = 0;
#define EFFECT(k, label, pure_ok) \
  if (pure_ok) bits |= 1u << static_cast<unsigned>(Effect::k);
#include "front/check/effects.def"
#undef EFFECT
  return bits;
}

class SignatureResolver {
 public:
  SignatureResolver(DeclContext& cx, FnInfo& fn) : cx_(cx), p_(cx.program), fn_(fn) {
    scope_.naturals = &fn.naturals;
    if (fn.template_of) scope_.instance = fn.name;
  }

  void run() {
    const ast::Item& it = *fn_.decl;
    fn_.params.clear();
    index_param_names(it);
    for (size_t i = 0; i < it.params.size(); ++i) param(it.params[i], static_cast<uint32_t>(i));
    fn_.result = it.result ? type(it.result, TypeUse::Result) : p_.types.void_type();
    if (it.expr_body && fn_.result->kind == TypeKind::Void) {
      cx_.refuse(Code::ExpressionBody, it.expr_body_pos,
                 prefix() + "An expression body needs a result type: write a block body for a void function.", false);
      fn_.body_refused = true;
    }
    ceiling(it);
  }

 private:
  std::string prefix() const { return scope_.instance.empty() ? "" : "in " + scope_.instance + ": "; }

  // Refusals go through cx_.refuse, so that the instances of one template report a fault once.
  const Type* type(const ast::TypeExpr* te, TypeUse use) {
    DiagSink local;
    const Type* t = resolve_type(p_, *fn_.module, te, scope_, local, Phase::Declarations, use);
    for (const Diagnostic& d : local.all()) cx_.refuse(d.code, d.pos, d.message);
    if (t->kind == TypeKind::Error) cx_.fatal = true;
    return t;
  }

  // The parameters by name, in one pass: the first parameter of each name, and for each parameter the next one
  // of its name (so that a lookup visits the parameters of one name in order, as a scan of the list would).
  void index_param_names(const ast::Item& it) {
    const uint32_t n = static_cast<uint32_t>(it.params.size());
    first_param_.clear();
    first_param_.reserve(n);
    next_same_name_.assign(n, kNoParam);
    std::unordered_map<std::string, uint32_t> last;
    last.reserve(n);
    for (uint32_t i = 0; i < n; ++i) {
      const std::string& name = it.params[i].name.name;
      auto [at, fresh] = last.try_emplace(name, i);
      if (fresh) {
        first_param_.emplace(name, i);
      } else {
        next_same_name_[at->second] = i;
        at->second = i;
      }
    }
  }

  // The index of the first parameter named `name`, or kNoParam.
  uint32_t first_param(const std::string& name) const {
    auto at = first_param_.find(name);
    return at == first_param_.end() ? kNoParam : at->second;
  }

  void param(const ast::Param& ap, uint32_t index) {
    if (first_param(ap.name.name) < index)
      cx_.refuse(Code::Param, ap.name.pos, prefix() + "A parameter named " + ap.name.name + " is already declared.");
    if (lookup_item(p_, *fn_.module, ap.name.name).constant())
      cx_.refuse(Code::Shadow, ap.name.pos, prefix() + "The parameter " + ap.name.name + " is named like a constant.");
    ParamSig ps;
    ps.name = ap.name.name;
    ps.pos = ap.name.pos;
    ps.type = type(ap.type, TypeUse::Param);
    if (ps.type->kind == TypeKind::View && ap.type->kind == ast::TypeKind::Borrow && ap.type->has_extent)
      ps.extent = extent(ap.type->extent, index);
    fn_.params.push_back(ps);
  }

  // A view parameter's extent (§3.7): literal, usize constant, natural parameter, earlier usize parameter.
  ExtentSpec extent(const ast::NatArg& e, uint32_t index) {
    ExtentSpec spec;
    if (e.is_int) {
      spec.kind = ExtentSpec::Kind::Value;
      spec.value = e.value;
      return spec;
    }
    std::string shown;
    for (size_t i = 0; i < e.path.size(); ++i) shown += (i ? "." : "") + e.path[i].name;
    if (e.path.size() == 1) {
      const std::string& n = e.path[0].name;
      for (const auto& [nat, v] : fn_.naturals)
        if (nat == n) {
          spec.kind = ExtentSpec::Kind::Value;
          spec.value = v;
          return spec;
        }
      if (uint32_t j = first_param(n); j != kNoParam) {
        if (j < index && is_usize(fn_.params[j].type)) {
          spec.kind = ExtentSpec::Kind::Param;
          spec.value = j;
          return spec;
        }
        if (j < index && fn_.params[j].type->kind == TypeKind::Error) return spec;
        cx_.refuse(Code::Extent, e.pos, prefix() + "A view's extent names an earlier usize parameter; " + n + " is " +
                                            (j < index ? "not a usize." : "a later parameter."));
        return spec;
      }
    }
    LookupStatus st;
    ItemRef r = lookup_path(p_, *fn_.module, e.path, &st);
    if (st == LookupStatus::Private) {
      cx_.refuse(Code::Private, e.pos, prefix() + shown + " is private to its module.");
      return spec;
    }
    if (const ConstInfo* c = r.constant()) {
      if (c->type && is_usize(c->type)) {
        if (!c->value) return spec;  // refused already
        spec.kind = ExtentSpec::Kind::Value;
        spec.value = c->value->bits;
        return spec;
      }
      if (c->type && c->type->kind == TypeKind::Error) return spec;
    }
    cx_.refuse(Code::Extent, e.pos,
               prefix() + "An extent is an integer literal, a usize constant, a natural parameter or an earlier usize "
                          "parameter; " + shown + " is none of these.");
    return spec;
  }

  void ceiling(const ast::Item& it) {
    fn_.ceiling_row = EffectRow{};
    fn_.ceiling_has_pure = false;
    if (it.ceiling == ast::Item::Ceiling::None) {
      fn_.ceiling = Ceiling::None;
      return;
    }
    if (it.ceiling == ast::Item::Ceiling::Pure) {
      fn_.ceiling = Ceiling::Pure;
      fn_.ceiling_has_pure = true;
      fn_.ceiling_row.fixed = pure_fixed_labels();
      return;
    }
    fn_.ceiling = Ceiling::Effects;
    for (const ast::CeilingLabel& l : it.ceiling_labels) label(l);
    if (fn_.ceiling_has_pure) fn_.ceiling_row.fixed |= pure_fixed_labels();
  }

  void label(const ast::CeilingLabel& l) {
    const std::string& t = l.text;
    if (t == "pure") {
      fn_.ceiling_has_pure = true;
      return;
    }
#define EFFECT(k, text, pure_ok)  \
  if (t == text) {                \
    fn_.ceiling_row.add(Effect::k); \
    return;                       \
  }
#include "front/check/effects.def"
#undef EFFECT
    bool is_read = t.rfind("read:", 0) == 0, is_write = t.rfind("write:", 0) == 0;
    if (is_read || is_write) {
      std::string p = t.substr(is_read ? 5 : 6);
      for (uint32_t i = first_param(p); i != kNoParam; i = next_same_name_[i]) {  // the parameters named p, in order
        TypeKind k = fn_.params[i].type->kind;
        if (k == TypeKind::View || k == TypeKind::Borrow) {
          if (is_read) fn_.ceiling_row.add_read(i);
          else fn_.ceiling_row.add_write(i);
          return;
        }
        if (k == TypeKind::Error) return;
      }
      cx_.refuse(Code::EffectCeiling, l.pos, prefix() + t + " must name a borrow parameter of " + fn_.name + ".", false);
      return;
    }
    if (is_stage2_label(t)) return;
    cx_.refuse(Code::EffectCeiling, l.pos, prefix() + t + " is not an effect label.", false);
  }

  DeclContext& cx_;
  Program& p_;
  FnInfo& fn_;
  TypeScope scope_;
  static constexpr uint32_t kNoParam = UINT32_MAX;
  std::unordered_map<std::string, uint32_t> first_param_;  // parameter name -> index of its first parameter
  std::vector<uint32_t> next_same_name_;                   // parameter index -> next one of its name, or kNoParam
};

// The bracket list of a template (§10.10): NAME:nat entries, distinct names, no constant's name.
void check_bracket_list(DeclContext& cx, FnInfo& fn) {
  const ast::Item& it = *fn.decl;
  std::set<std::string> seen;
  for (const ast::NatParam& np : it.nat_params) {
    if (!np.is_nat) {
      cx.refuse(Code::Unsupported, np.pos, "generics are a Stage 2 feature and are not supported yet.");
      continue;
    }
    bool clash = !seen.insert(np.name.name).second;
    for (const ast::Param& p : it.params) clash |= p.name.name == np.name.name;
    if (clash) {
      cx.refuse(Code::Param, np.name.pos, "The natural parameter " + np.name.name + " is named like another parameter.");
      continue;
    }
    if (lookup_item(cx.program, *fn.module, np.name.name).constant())
      cx.refuse(Code::Shadow, np.name.pos, "The natural parameter " + np.name.name + " is named like a constant.");
  }
}

}  // namespace

void resolve_signature(DeclContext& cx, FnInfo& fn) { SignatureResolver(cx, fn).run(); }

void declare_signatures(DeclContext& cx) {
  for (FnInfo& fn : cx.program.fns) {
    if (fn.is_test || fn.template_of) continue;
    if (fn.is_template) {
      check_bracket_list(cx, fn);
      continue;
    }
    resolve_signature(cx, fn);
  }
}

}  // namespace cairn::check
