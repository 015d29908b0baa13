// Name lookup: unqualified (§14.2 order), through import aliases, instances and natural arguments.
#include "front/check/lookup.h"

namespace cairn::check {

using EntryKind = ModuleInfo::Entry::Kind;

FnInfo* ItemRef::fn() const {
  return entry && entry->kind == EntryKind::Fn ? static_cast<FnInfo*>(entry->ptr) : nullptr;
}
const RecordInfo* ItemRef::record() const {
  return entry && entry->kind == EntryKind::Record ? static_cast<const RecordInfo*>(entry->ptr) : nullptr;
}
const SumInfo* ItemRef::sum() const {
  return entry && entry->kind == EntryKind::Sum ? static_cast<const SumInfo*>(entry->ptr) : nullptr;
}
const ConstInfo* ItemRef::constant() const {
  return entry && entry->kind == EntryKind::Const ? static_cast<const ConstInfo*>(entry->ptr) : nullptr;
}

namespace {
ItemRef find_in(const ModuleInfo& m, const std::string& name) {
  auto it = m.items.find(name);
  if (it == m.items.end()) return {};
  return ItemRef{&it->second, &m};
}
}  // namespace

ItemRef lookup_item(const Program& program, const ModuleInfo& from, const std::string& name) {
  if (ItemRef r = find_in(from, name)) return r;
  auto imp = from.imported.find(name);
  if (imp != from.imported.end()) {
    if (ItemRef r = find_in(*imp->second.first, imp->second.second)) return r;
  }
  if (program.modules.empty()) return {};
  const ModuleInfo& root = program.modules.front();
  if (&root == &from) return {};
  ItemRef r = find_in(root, name);
  if (r && r.entry->is_pub) return r;
  return {};
}

const ModuleInfo* lookup_alias(const ModuleInfo& from, const std::string& name) {
  auto it = from.aliases.find(name);
  return it == from.aliases.end() ? nullptr : it->second;
}

LookupStatus lookup_in(const ModuleInfo& from, const ModuleInfo& target, const std::string& name, ItemRef* out) {
  ItemRef r = find_in(target, name);
  if (!r) return LookupStatus::NotFound;
  *out = r;
  if (!r.entry->is_pub && &from != &target) return LookupStatus::Private;
  return LookupStatus::Found;
}

ItemRef lookup_path(const Program& program, const ModuleInfo& from, const ast::Path& path,
                    LookupStatus* status) {
  *status = LookupStatus::NotFound;
  if (path.size() == 1) {
    ItemRef r = lookup_item(program, from, path[0].name);
    if (r) *status = LookupStatus::Found;
    return r;
  }
  if (path.size() != 2) return {};
  const ModuleInfo* m = lookup_alias(from, path[0].name);
  if (!m) return {};
  ItemRef r;
  *status = lookup_in(from, *m, path[1].name, &r);
  return r;
}

FnInfo* find_instance(const FnInfo& templ, const std::vector<uint64_t>& values) {
  auto it = templ.instance_index.find(values);
  return it == templ.instance_index.end() ? nullptr : it->second;
}

namespace {
std::optional<uint64_t> const_nat(const ConstInfo* c, const std::string& shown, std::string* why) {
  if (c->type && c->type->kind == TypeKind::Scalar && c->type->scalar != Scalar::Usize) {
    *why = shown + " is a constant of type " + type_name(c->type) + ", not usize.";
    return std::nullopt;
  }
  if (!c->value) {
    *why = "";  // refused already
    return std::nullopt;
  }
  return c->value->bits;
}
}  // namespace

std::optional<uint64_t> natural_arg_value(const Program& program, const ModuleInfo& from, const ast::Expr* arg,
                                          const std::vector<std::pair<std::string, uint64_t>>& naturals,
                                          std::string* why) {
  std::optional<uint64_t> v;
  if (arg->kind == ast::ExprKind::IntLit && arg->negative) {
    *why = "A natural argument must be at least 1.";
    return std::nullopt;
  }
  if (arg->kind == ast::ExprKind::IntLit) {
    v = arg->int_value;
  } else if (arg->kind == ast::ExprKind::Name) {
    for (const auto& [n, val] : naturals)
      if (n == arg->text) v = val;
    if (!v) {
      ItemRef r = lookup_item(program, from, arg->text);
      if (const ConstInfo* c = r.constant()) {
        v = const_nat(c, arg->text, why);
        if (!v) return std::nullopt;
      } else {
        *why = arg->text + " is not a literal, a usize constant or a natural parameter.";
        return std::nullopt;
      }
    }
  } else if (arg->kind == ast::ExprKind::Field && arg->a && arg->a->kind == ast::ExprKind::Name) {
    const ModuleInfo* m = lookup_alias(from, arg->a->text);
    ItemRef r;
    LookupStatus st = m ? lookup_in(from, *m, arg->text, &r) : LookupStatus::NotFound;
    if (st == LookupStatus::Private) {
      *why = arg->a->text + "." + arg->text + " is private to its module.";
      return std::nullopt;
    }
    if (st == LookupStatus::Found && r.constant()) {
      v = const_nat(r.constant(), arg->a->text + "." + arg->text, why);
      if (!v) return std::nullopt;
    } else {
      *why = "A natural argument is an integer literal, a usize constant or a natural parameter.";
      return std::nullopt;
    }
  } else {
    *why = "A natural argument is an integer literal, a usize constant or a natural parameter, not an expression.";
    return std::nullopt;
  }
  if (*v == 0) {
    *why = "A natural argument must be at least 1.";
    return std::nullopt;
  }
  return v;
}

}  // namespace cairn::check
