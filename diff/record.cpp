// The record: sides, summary, one entry per function, types, tests, semver, require, solver versions, the
// phase durations; then the human lines and the Markdown section rendered from it.
#include "diff/record.h"

#include "diff/derive.h"
#include "diff/render.h"
#include "diff/render_parts.h"
#include "smt/backend.h"
#include "verify/solve.h"

namespace cairn::diff {

namespace {

using Json = nlohmann::ordered_json;

constexpr const char* kCompared =
    "Each function of both versions, matched by qualified name. identical-code: the same canonical emission, "
    "and so for everything it may call. identical-source: a generic nothing instantiates, with the same tokens. "
    "smt-equivalent: z3 and cvc5 found no input, within the modeled fragment, on which the two differ in result, "
    "rw contents or whether they trap. behavior-changed: an input on which they differ, replayed in the "
    "interpreter and natively. unknown: not shown either way, never counted as unchanged.";

Json side_json(const ResolvedSide& s) { return {{"named", s.named}, {"kind", s.kind}, {"commit", s.commit}}; }

// Which sides have a function or type public: {old: bool, new: bool}, a side that lacks it left out.
Json public_json(const FnView* before, const FnView* after) {
  Json p = Json::object();
  if (before) p["old"] = before->is_public;
  if (after) p["new"] = after->is_public;
  return p;
}

Json types_public(const Classified& c, const Version& o, const Version& n) {
  Json out = Json::object();
  for (const auto& [name, change] : c.types.items()) {
    Json p = Json::object();
    if (o.type_public.count(name)) p["old"] = o.type_public.at(name);
    if (n.type_public.count(name)) p["new"] = n.type_public.at(name);
    out[name] = p;
  }
  return out;
}

Json solver_versions(const smt::SolverSet& use) {
  Json v = Json::object();
  for (size_t i = 0; i < smt::kSolverCount; ++i)
    if (use.use[i]) v[smt::solver_name(static_cast<smt::Solver>(i))] = smt::solver_version(static_cast<smt::Solver>(i));
  return v;
}

Json at_json(const SourceAt& at) {
  return {{"file", at.file}, {"line", at.line}, {"column", at.column}, {"end_line", at.end_line},
          {"end_column", at.end_column}};
}

// Where the function is written on each side that has it.
Json location_json(const Entry& e) {
  Json where = Json::object();
  if (e.before && !e.before->at.file.empty()) where["old"] = at_json(e.before->at);
  if (e.after && !e.after->at.file.empty()) where["new"] = at_json(e.after->at);
  return where;
}

Json functions_json(const Classified& c) {
  Json fns = Json::object();
  for (const auto& [name, e] : c.fns) {
    Json entry = {{"class", e.cls}};
    for (const auto& [k, v] : e.json.items()) entry[k] = v;
    if (Json where = location_json(e); !where.empty()) entry["location"] = where;
    entry["public"] = public_json(e.before, e.after);
    fns[name] = entry;
  }
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
  r["summary"] = Json::object();
  r["functions"] = functions_json(c);
  r["types"] = c.types;
  if (Json pub = types_public(c, old_v, new_v); !pub.empty()) r["types_public"] = pub;
  r["tests"] = c.tests;
  r["semver"] = Json::object();
  r["formal_status"] = "not-verified";
  if (!options.no_predict) r["predicted"] = {{"unavailable", "cairn predict is not built yet, so no cost is predicted."}};
  Derived d = derive(r, options.require, options.allow);
  if (options.shard_count > 1) r["shard"] = {{"index", options.shard_index}, {"count", options.shard_count}};
  r["solver_versions"] = solver_versions(options.solvers);
  r["durations_s"] = {{"check", t.check}, {"emission", t.emission}, {"solver", t.solver}, {"replay", t.replay}};
  DiffResult out;
  out.human = render_human(r);
  out.markdown = render_markdown(r);
  out.record = std::move(r);
  out.exit_code = disagreement || d.disagreement ? 2 : d.holds ? 0 : 1;
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
