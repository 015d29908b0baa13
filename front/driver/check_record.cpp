// Building the cairn.check/1 record from the checked program's function table.
#include "front/driver/check_record.h"

#include "front/check/types.h"
#include "front/driver/library_exports.h"

namespace cairn::driver {

namespace {

// Listed: every non-test function with a concrete signature (templates are listed by their instances),
// a dependency's ignored main left out.
bool listed(const check::FnInfo& fn) {
  return !fn.is_test && !fn.is_template && !(fn.in_dependency && fn.name == "main");
}

std::string param_type_text(const check::FnInfo& fn, const check::ParamSig& p) {
  std::string t = check::type_name(p.type);
  if (!p.type || p.type->kind != check::TypeKind::View) return t;
  switch (p.extent.kind) {
    case check::ExtentSpec::Kind::None: return t;
    case check::ExtentSpec::Kind::Value: return t + "[" + std::to_string(p.extent.value) + "]";
    case check::ExtentSpec::Kind::Param:
      return t + "[" + (p.extent.value < fn.params.size() ? fn.params[p.extent.value].name : std::string("?")) + "]";
    case check::ExtentSpec::Kind::Field: return t + "[?]";
  }
  return t;
}

}  // namespace

std::string signature_text(const check::FnInfo& fn) {
  std::string s = "fn " + fn.qualified + "(";
  for (size_t i = 0; i < fn.params.size(); ++i) {
    if (i) s += ", ";
    s += fn.params[i].name + ":" + param_type_text(fn, fn.params[i]);
  }
  s += ")";
  if (fn.result && fn.result->kind != check::TypeKind::Void) s += " -> " + check::type_name(fn.result);
  return s;
}

size_t listed_function_count(const check::Program& program) {
  size_t n = 0;
  for (const check::FnInfo* fn : program.body_order) n += listed(*fn) ? 1 : 0;
  return n;
}

nlohmann::ordered_json check_record(const check::Program& program, bool is_library, bool generics) {
  nlohmann::ordered_json j;
  j["protocol"] = "cairn.check/1";
  j["status"] = "typed";
  nlohmann::ordered_json fns = nlohmann::ordered_json::array();
  nlohmann::ordered_json lib = nlohmann::ordered_json::array();
  // In the order of §0.4: source order, a template's instances in increasing value order at its place.
  for (const check::FnInfo* fnp : program.body_order) {
    const check::FnInfo& fn = *fnp;
    if (!listed(fn)) continue;
    std::vector<std::string> names;
    for (const check::ParamSig& p : fn.params) names.push_back(p.name);
    nlohmann::ordered_json f;
    f["name"] = fn.qualified;
    f["signature"] = signature_text(fn);
    f["effects"] = check::row_labels(fn.row, names);
    fns.push_back(std::move(f));
    if (is_library && library_exports(fn, program)) lib.push_back(fn.qualified);
  }
  j["functions"] = std::move(fns);
  j["library_functions"] = std::move(lib);
  j["formal_status"] = "not-verified";
  if (generics) j["generics"] = nlohmann::ordered_json::object();
  return j;
}

}  // namespace cairn::driver
