// cairn.task/1: strict validation (keys, types, ranges, extents, effects) and the comparison of each
// isolated call's outcome with the case. Values use the encoding of tools.md §1.3 (parsed privately here).
#include "targets/isolated_call_contract.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <set>

#include <nlohmann/json.hpp>

#include "core/float_bits.h"
#include "core/value_json.h"
#include "targets/isolated_call.h"

namespace cairn::targets {

namespace {

using Json = nlohmann::json;
using check::Scalar;

// Decodes one scalar of type `s` into bits (ops.h convention) with the shared record encoding
// (tools.md §1.3, core/value_json.h); false with `why`.
bool decode_scalar(const Json& v, Scalar s, uint64_t& bits, std::string& why) {
  return sem::scalar_from_json(s, v, &bits, &why);
}

bool same_scalar(Scalar s, uint64_t a, uint64_t b) {
  if (s == Scalar::F32) {
    float x = sem::f32_of(a), y = sem::f32_of(b);
    if (std::isnan(x) && std::isnan(y)) return true;
    return static_cast<uint32_t>(a) == static_cast<uint32_t>(b);
  }
  if (s == Scalar::F64) {
    if (std::isnan(sem::f64_of(a)) && std::isnan(sem::f64_of(b))) return true;
  }
  return a == b;
}

// A scalar's bits as the value a person reads in a reason: its record encoding.
std::string show(Scalar s, uint64_t bits) {
  Json j = sem::scalar_to_json(s, bits);
  return j.is_string() ? j.get<std::string>() : j.dump();
}

struct Invalid {
  std::string why;
};

const check::Type* elem_scalar_view(const check::Type* t) {
  if (t->kind == check::TypeKind::View && t->elem && t->elem->kind == check::TypeKind::Scalar) return t->elem;
  return nullptr;
}

void only_keys(const Json& obj, std::initializer_list<const char*> keys, const std::string& where) {
  for (auto it = obj.begin(); it != obj.end(); ++it)
    if (std::none_of(keys.begin(), keys.end(), [&](const char* k) { return it.key() == k; }))
      throw Invalid{"unknown key \"" + it.key() + "\" in " + where};
}

ContractCase load_case(const Json& jc, size_t index, const check::FnInfo& fn) {
  std::string where = "case " + std::to_string(index);
  if (!jc.is_object()) throw Invalid{where + " is not an object"};
  only_keys(jc, {"args", "return", "after", "trap"}, where);
  ContractCase c;
  if (jc.contains("trap")) {
    if (!jc["trap"].is_boolean()) throw Invalid{where + ": \"trap\" must be true or false"};
    c.expect_trap = jc["trap"].get<bool>();
  }
  if (!jc.contains("args") || !jc["args"].is_object()) throw Invalid{where + " has no \"args\" object"};
  const Json& args = jc["args"];
  for (auto it = args.begin(); it != args.end(); ++it)
    if (std::none_of(fn.params.begin(), fn.params.end(), [&](const check::ParamSig& p) { return p.name == it.key(); }))
      throw Invalid{where + ": " + fn.name + " has no parameter \"" + it.key() + "\""};
  c.args.resize(fn.params.size());
  c.after.resize(fn.params.size());
  std::string why;
  for (size_t i = 0; i < fn.params.size(); ++i) {
    const check::ParamSig& p = fn.params[i];
    if (!args.contains(p.name)) throw Invalid{where + ": no argument for parameter \"" + p.name + "\""};
    const Json& v = args[p.name];
    if (p.type->kind == check::TypeKind::Scalar) {
      if (!decode_scalar(v, p.type->scalar, c.args[i].bits, why)) throw Invalid{where + ", argument " + p.name + ": " + why};
      continue;
    }
    Scalar es = elem_scalar_view(p.type)->scalar;
    if (!v.is_array()) throw Invalid{where + ", argument " + p.name + ": a view is a JSON array"};
    c.args[i].is_view = true;
    for (const Json& e : v) {
      uint64_t b = 0;
      if (!decode_scalar(e, es, b, why)) throw Invalid{where + ", argument " + p.name + ": " + why};
      c.args[i].elems.push_back(b);
    }
  }
  // View lengths equal their extents.
  for (size_t i = 0; i < fn.params.size(); ++i) {
    const check::ParamSig& p = fn.params[i];
    if (!c.args[i].is_view) continue;
    std::optional<uint64_t> extent;
    if (p.extent.kind == check::ExtentSpec::Kind::Value) extent = p.extent.value;
    else if (p.extent.kind == check::ExtentSpec::Kind::Param && p.extent.value < i) extent = c.args[p.extent.value].bits;
    if (extent && *extent != c.args[i].elems.size())
      throw Invalid{where + ", argument " + p.name + ": " + std::to_string(c.args[i].elems.size()) +
                    " elements where the extent is " + std::to_string(*extent)};
  }
  bool is_void = fn.result->kind == check::TypeKind::Void;
  if (c.expect_trap) {
    if (jc.contains("return") || jc.contains("after")) throw Invalid{where + " traps and states no \"return\" or \"after\""};
    return c;
  }
  if (jc.contains("return")) {
    if (is_void) throw Invalid{where + ": " + fn.name + " returns nothing, so the case has no \"return\""};
    uint64_t b = 0;
    if (!decode_scalar(jc["return"], fn.result->scalar, b, why)) throw Invalid{where + ", return: " + why};
    c.ret = b;
  } else if (!is_void) {
    throw Invalid{where + " has no \"return\""};
  }
  const Json empty = Json::object();
  const Json& after = jc.contains("after") ? jc["after"] : empty;
  if (!after.is_object()) throw Invalid{where + ": \"after\" is not an object"};
  for (auto it = after.begin(); it != after.end(); ++it) {
    auto p = std::find_if(fn.params.begin(), fn.params.end(), [&](const check::ParamSig& q) { return q.name == it.key(); });
    if (p == fn.params.end() || p->type->kind != check::TypeKind::View || !p->type->rw)
      throw Invalid{where + ": \"after\" names \"" + it.key() + "\", which is no rw view parameter"};
  }
  for (size_t i = 0; i < fn.params.size(); ++i) {
    const check::ParamSig& p = fn.params[i];
    if (p.type->kind != check::TypeKind::View || !p.type->rw) continue;
    if (!after.contains(p.name)) throw Invalid{where + " has no \"after\" contents for the rw view " + p.name};
    const Json& v = after[p.name];
    if (!v.is_array() || v.size() != c.args[i].elems.size())
      throw Invalid{where + ", after " + p.name + ": an array of " + std::to_string(c.args[i].elems.size()) + " elements"};
    std::vector<uint64_t> want;
    for (const Json& e : v) {
      uint64_t b = 0;
      if (!decode_scalar(e, p.type->elem->scalar, b, why)) throw Invalid{where + ", after " + p.name + ": " + why};
      want.push_back(b);
    }
    c.after[i] = std::move(want);
  }
  return c;
}

}  // namespace

Contract load_contract(const std::string& file, const std::string& text, const sem::Engine& engine) {
  Contract c;
  c.file = file;
  try {
    Json doc = Json::parse(text);
    if (!doc.is_object()) throw Invalid{"the file is not a JSON object"};
    only_keys(doc, {"schema", "symbol", "task", "allowed_effects", "cases"}, "the contract");
    if (doc.contains("symbol") && doc["symbol"].is_string()) c.symbol = doc["symbol"].get<std::string>();
    if (doc.contains("cases") && doc["cases"].is_array()) c.case_count = doc["cases"].size();
    if (!doc.contains("schema") || doc["schema"] != "cairn.task/1") throw Invalid{"\"schema\" is not \"cairn.task/1\""};
    if (!doc.contains("symbol") || !doc["symbol"].is_string()) throw Invalid{"\"symbol\" is missing or not a string"};
    if (doc.contains("task") && !doc["task"].is_string()) throw Invalid{"\"task\" is not a string"};
    const check::FnInfo* fn = engine.find(c.symbol);
    if (!fn || fn->is_test || fn->in_dependency)
      throw Invalid{"\"" + c.symbol + "\" names no function of the project's own sources"};
    if (fn->is_template) throw Invalid{"\"" + c.symbol + "\" is a template's bare name; name an instance such as " + fn->name + "[4]"};
    for (const check::ParamSig& p : fn->params)
      if (p.type->kind != check::TypeKind::Scalar && !elem_scalar_view(p.type))
        throw Invalid{"the parameter " + p.name + " of " + c.symbol + " is neither a scalar nor a view of scalars"};
    if (fn->result->kind != check::TypeKind::Void && fn->result->kind != check::TypeKind::Scalar)
      throw Invalid{"the result of " + c.symbol + " is neither a scalar nor void"};
    if (doc.contains("allowed_effects")) {
      const Json& a = doc["allowed_effects"];
      if (!a.is_array()) throw Invalid{"\"allowed_effects\" is not an array of labels"};
      std::set<std::string> allowed;
      for (const Json& l : a) {
        if (!l.is_string()) throw Invalid{"\"allowed_effects\" holds a non-string"};
        allowed.insert(l.get<std::string>());
      }
      std::vector<std::string> names;
      for (const check::ParamSig& p : fn->params) names.push_back(p.name);
      for (const std::string& label : check::row_labels(fn->row, names))
        if (!allowed.count(label)) throw Invalid{"the effect " + label + " of " + c.symbol + " is not in allowed_effects"};
    }
    if (!doc.contains("cases") || !doc["cases"].is_array() || doc["cases"].empty())
      throw Invalid{"\"cases\" is missing or empty"};
    size_t i = 0;
    for (const Json& jc : doc["cases"]) c.cases.push_back(load_case(jc, i++, *fn));
    c.fn = fn;
    c.valid = true;
  } catch (const Invalid& e) {
    c.invalid_reason = "invalid contract: " + e.why;
    c.cases.clear();
  } catch (const nlohmann::json::exception& e) {
    c.invalid_reason = "invalid contract: the file is not valid JSON";
    c.cases.clear();
  }
  return c;
}

std::string trap_text(const sem::CallOutcome& o, const SourceSet& sources) {
  std::string s = check::trap_name(o.trap);
  if (o.trap_pos.valid() && o.trap_pos.file < sources.size())
    s += " at " + sources.file(o.trap_pos.file).display_name + ":" + std::to_string(o.trap_pos.line);
  return s;
}

ContractResult run_contract(const Contract& c, const SourceSet& sources, const CallRunner& call) {
  ContractResult r;
  if (!c.valid) {
    r.reason = c.invalid_reason;
    return r;
  }
  const check::FnInfo& fn = *c.fn;
  for (size_t i = 0; i < c.cases.size(); ++i) {
    const ContractCase& k = c.cases[i];
    IsolatedOutcome io = call(fn, k.args);
    r.seconds += io.seconds;
    std::string fail;
    if (io.end != IsolatedOutcome::End::Returned) {
      fail = "the call " + io.detail;
    } else if (!io.outcome.defined) {
      if (!k.expect_trap) fail = "the call trapped: " + trap_text(io.outcome, sources);
    } else if (k.expect_trap) {
      fail = "the call returned where it must trap";
    } else {
      if (k.ret && (!io.outcome.ret || !same_scalar(fn.result->scalar, *k.ret, *io.outcome.ret)))
        fail = "returned " + (io.outcome.ret ? show(fn.result->scalar, *io.outcome.ret) : std::string("nothing")) +
               ", expected " + show(fn.result->scalar, *k.ret);
      for (size_t p = 0; fail.empty() && p < fn.params.size(); ++p) {
        if (!k.after[p]) continue;
        const auto& want = *k.after[p];
        const std::vector<uint64_t>* got = p < io.outcome.written.size() ? &io.outcome.written[p] : nullptr;
        Scalar es = fn.params[p].type->elem->scalar;
        if (!got || got->size() != want.size()) {
          fail = "the rw view " + fn.params[p].name + " came back with the wrong length";
          break;
        }
        for (size_t e = 0; e < want.size(); ++e)
          if (!same_scalar(es, want[e], (*got)[e])) {
            fail = fn.params[p].name + "[" + std::to_string(e) + "] is " + show(es, (*got)[e]) + " after the call, expected " +
                   show(es, want[e]);
            break;
          }
      }
    }
    if (!fail.empty()) {
      r.failed_case = i;
      r.reason = "case " + std::to_string(i) + ": " + fail;
      return r;
    }
  }
  r.passed = true;
  return r;
}

}  // namespace cairn::targets
