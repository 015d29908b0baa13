// Structural equality of signature types across two checked programs (each has its own type table).
#include "verify/contract.h"

#include <deque>
#include <map>
#include <set>
#include <utility>

namespace cairn::smt {

namespace {

using Seen = std::set<std::pair<const void*, const void*>>;

std::optional<std::string> differ(const check::Type* a, const check::Type* b, Seen& seen);

std::optional<std::string> record_difference(const check::RecordInfo& a, const check::RecordInfo& b, Seen& seen) {
  if (a.qualified != b.qualified) return "record " + a.qualified + " against " + b.qualified;
  if (a.fields.size() != b.fields.size()) return "record " + a.qualified + " has another number of fields";
  for (size_t i = 0; i < a.fields.size(); ++i) {
    if (a.fields[i].name != b.fields[i].name) return "record " + a.qualified + " has field " + a.fields[i].name + " against " + b.fields[i].name;
    if (auto d = differ(a.fields[i].type, b.fields[i].type, seen)) return "field " + a.qualified + "." + a.fields[i].name + ": " + *d;
  }
  return std::nullopt;
}

std::optional<std::string> sum_difference(const check::SumInfo& a, const check::SumInfo& b, Seen& seen) {
  if (a.qualified != b.qualified) return "sum " + a.qualified + " against " + b.qualified;
  if (a.variants.size() != b.variants.size()) return "sum " + a.qualified + " has another number of variants";
  for (size_t i = 0; i < a.variants.size(); ++i) {
    const check::VariantInfo& x = a.variants[i];
    const check::VariantInfo& y = b.variants[i];
    if (x.name != y.name) return "sum " + a.qualified + " has variant " + x.name + " against " + y.name;
    if (!x.payload != !y.payload) return "variant " + a.qualified + "." + x.name + " has a payload on one side only";
    if (x.payload)
      if (auto d = differ(x.payload, y.payload, seen)) return "variant " + a.qualified + "." + x.name + ": " + *d;
  }
  return std::nullopt;
}

std::optional<std::string> differ(const check::Type* a, const check::Type* b, Seen& seen) {
  if (!a || !b) return a == b ? std::nullopt : std::optional<std::string>("a missing type");
  std::string shown = check::type_name(a) + " against " + check::type_name(b);
  if (a->kind != b->kind || a->rw != b->rw || a->length != b->length || a->args.size() != b->args.size()) return shown;
  if (!seen.insert({a, b}).second) return std::nullopt;  // recursive types: assumed equal while comparing
  switch (a->kind) {
    case check::TypeKind::Scalar:
      if (a->scalar != b->scalar) return shown;
      break;
    case check::TypeKind::Record:
      if (auto d = record_difference(*a->record, *b->record, seen)) return d;
      break;
    case check::TypeKind::Sum:
      if (auto d = sum_difference(*a->sum, *b->sum, seen)) return d;
      break;
    case check::TypeKind::Error:
    case check::TypeKind::Void:
    case check::TypeKind::Buf:
    case check::TypeKind::Array:
    case check::TypeKind::View:
    case check::TypeKind::Borrow:
    case check::TypeKind::Fn:
    case check::TypeKind::Param:
      break;
  }
  if (!a->elem != !b->elem) return shown;
  if (a->elem)
    if (auto d = differ(a->elem, b->elem, seen)) return shown;
  for (size_t i = 0; i < a->args.size(); ++i)
    if (auto d = differ(a->args[i], b->args[i], seen)) return shown;
  return std::nullopt;
}

std::string extent_text(const check::FnInfo& f, const check::ExtentSpec& e) {
  switch (e.kind) {
    case check::ExtentSpec::Kind::None: return "no extent";
    case check::ExtentSpec::Kind::Value: return "extent " + std::to_string(e.value);
    case check::ExtentSpec::Kind::Param:
      return "extent " + (e.value < f.params.size() ? f.params[e.value].name : std::to_string(e.value));
    case check::ExtentSpec::Kind::Field: return "field extent " + std::to_string(e.value);
  }
  return "";
}

template <class Info>
std::map<std::string, const Info*> public_of(const std::deque<Info>& all) {
  std::map<std::string, const Info*> out;
  for (const Info& i : all)
    if (i.is_pub && i.decl && !(i.module && i.module->path.rfind("std", 0) == 0)) out[i.qualified] = &i;
  return out;
}

template <class Info, class Differ>
std::optional<std::string> compare_public(const std::deque<Info>& a, const std::deque<Info>& b, const char* what,
                                          Differ differ) {
  auto x = public_of(a), y = public_of(b);
  for (const auto& [name, info] : x) {
    auto it = y.find(name);
    if (it == y.end()) return std::string("public ") + what + " " + name + " is only in the reference";
    Seen seen;
    if (auto d = differ(*info, *it->second, seen)) return *d;
  }
  for (const auto& [name, info] : y)
    if (!x.count(name)) return std::string("public ") + what + " " + name + " is only in the candidate";
  return std::nullopt;
}

}  // namespace

std::optional<std::string> public_types_difference(const check::Program& ref, const check::Program& cand) {
  if (auto d = compare_public(ref.records, cand.records, "record", record_difference)) return d;
  return compare_public(ref.sums, cand.sums, "sum", sum_difference);
}

std::optional<std::string> type_difference(const check::Type* a, const check::Type* b) {
  Seen seen;
  return differ(a, b, seen);
}

std::optional<std::string> signature_difference(const check::FnInfo& r, const check::FnInfo& c) {
  if (r.params.size() != c.params.size())
    return "The reference takes " + std::to_string(r.params.size()) + " parameters and the candidate " +
           std::to_string(c.params.size()) + ".";
  for (size_t i = 0; i < r.params.size(); ++i) {
    const check::ParamSig& x = r.params[i];
    const check::ParamSig& y = c.params[i];
    if (auto d = type_difference(x.type, y.type))
      return "Parameter " + std::to_string(i + 1) + " (" + x.name + ") differs: " + *d + ".";
    if (x.extent.kind != y.extent.kind || x.extent.value != y.extent.value)
      return "Parameter " + std::to_string(i + 1) + " (" + x.name + ") has " + extent_text(r, x.extent) + " against " +
             extent_text(c, y.extent) + ".";
  }
  if (auto d = type_difference(r.result, c.result)) return "The results differ: " + *d + ".";
  return std::nullopt;
}

}  // namespace cairn::smt
