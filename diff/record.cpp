// The record: sides, summary, one entry per function, types, tests, semver, require, solver versions, the
// phase durations; then the human lines and the Markdown section rendered from it.
#include "diff/record.h"

#include "diff/deltas.h"
#include "diff/render.h"
#include "diff/render_parts.h"
#include "diff/require.h"
#include "diff/semver.h"
#include "smt/backend.h"
#include "verify/solve.h"

namespace cairn::diff {

namespace {

using Json = nlohmann::ordered_json;

constexpr const char* kClassOrder[] = {"identical-code", "identical-source", "smt-equivalent", "behavior-changed",
                                       "signature-changed", "unknown", "renamed", "added", "removed"};

constexpr const char* kCompared =
    "Each function of both versions, matched by qualified name. identical-code: the same canonical emission, "
    "and so for everything it may call. identical-source: a generic nothing instantiates, with the same tokens. "
    "smt-equivalent: z3 and cvc5 found no input, within the modeled fragment, on which the two differ in result, "
    "rw contents or whether they trap. behavior-changed: an input on which they differ, replayed in the "
    "interpreter and natively. unknown: not shown either way, never counted as unchanged.";

Json side_json(const ResolvedSide& s) { return {{"named", s.named}, {"kind", s.kind}, {"commit", s.commit}}; }

// "at x = 63, y = 2" from a witness's inputs, as the renderings write them.
std::string witness_text(const Json& entry) {
  if (!entry.contains("witness") || !entry["witness"].contains("inputs")) return "";
  return "at " + render::inputs_text(entry["witness"]);
}

Json semver_json(const Classified& c, const Version& o, const Version& n) {
  std::vector<SemverFunction> fns;
  for (const auto& [name, e] : c.fns) {
    SemverFunction f;
    f.name = name;
    f.cls = e.cls;
    f.public_before = e.before && e.before->is_public;
    f.public_after = e.after && e.after->is_public;
    f.gained_effect = e.before && e.after && !gained_effects(*e.before, *e.after).empty();
    if (e.cls == "behavior-changed") f.witness_text = witness_text(e.json);
    fns.push_back(f);
  }
  std::vector<SemverType> types;
  for (const auto& [name, change] : c.types.items()) {
    SemverType t;
    t.name = name;
    t.change = change.get<std::string>();
    t.public_before = o.type_public.count(name) && o.type_public.at(name);
    t.public_after = n.type_public.count(name) && n.type_public.at(name);
    types.push_back(t);
  }
  return semver_of(fns, types);
}

Json solver_versions(const smt::SolverSet& use) {
  Json v = Json::object();
  for (size_t i = 0; i < smt::kSolverCount; ++i)
    if (use.use[i]) v[smt::solver_name(static_cast<smt::Solver>(i))] = smt::solver_version(static_cast<smt::Solver>(i));
  return v;
}

Json functions_json(const Classified& c, Json& summary) {
  std::map<std::string, uint64_t> counts;
  Json fns = Json::object();
  for (const auto& [name, e] : c.fns) {
    Json entry = {{"class", e.cls}};
    for (const auto& [k, v] : e.json.items()) entry[k] = v;
    fns[name] = entry;
    ++counts[e.cls];
  }
  for (const char* cls : kClassOrder)
    if (counts[cls]) summary[cls] = counts[cls];
  return fns;
}

}  // namespace

DiffResult finish(const Classified& c, const Version& old_v, const Version& new_v, const DiffOptions& options,
                  bool disagreement, const Timings& t) {
  Json r;
  r["schema"] = "cairn.diff/1";
  r["compiler"] = options.compiler;
  r["compared"] = kCompared;
  r["old"] = side_json(old_v.side);
  r["new"] = side_json(new_v.side);
  Json summary = Json::object();
  Json fns = functions_json(c, summary);
  r["summary"] = summary;
  r["functions"] = fns;
  r["types"] = c.types;
  r["tests"] = c.tests;
  r["semver"] = semver_json(c, old_v, new_v);
  r["formal_status"] = "not-verified";
  if (!options.no_predict) r["predicted"] = {{"unavailable", "cairn predict is not built yet, so no cost is predicted."}};
  Requirement req = judge(c, options.require, options.allow);
  for (const Json& a : req.allowed) r["functions"][a["function"].get<std::string>()]["allowed"] = a["reason"];
  if (!options.require.empty()) r["require"] = req.require;
  if (!options.allow.empty()) r["allowed"] = req.allowed;
  if (!req.warnings.empty()) r["warnings"] = req.warnings;
  bool holds = req.holds;
  if (options.shard_count > 1) r["shard"] = {{"index", options.shard_index}, {"count", options.shard_count}};
  r["solver_versions"] = solver_versions(options.solvers);
  r["durations_s"] = {{"check", t.check}, {"emission", t.emission}, {"solver", t.solver}, {"replay", t.replay}};
  DiffResult out;
  out.human = render_human(r);
  out.markdown = render_markdown(r);
  out.record = std::move(r);
  out.exit_code = disagreement ? 2 : holds ? 0 : 1;
  return out;
}

DiffResult refused(const diag::Refusal& r, const std::string& side, const std::string& version) {
  DiffResult out;
  if (r.environment) {
    out.environment = r;
    out.exit_code = 2;
    return out;
  }
  out.refused = r;
  out.record = diag::refusal_json(r);
  out.record["side"] = side;
  out.record["version"] = version;
  out.exit_code = 1;
  return out;
}

}  // namespace cairn::diff
