// The smt part: the base copy's reference against a copy whose reference takes the implementation's parameter
// list and body (naturals written as values), compared by the verify engine in a child process limited to
// 3 x 3000 ms + 5 s, with the condition, the domain and the unrolling bound as its precondition. A single file
// and a project are handled alike: the copies are whole program trees.
#include "validate/smt_part.h"

#include <filesystem>

#include "front/driver/item_source.h"
#include "base/atomic_file.h"
#include "base/sha256.h"
#include "verify/child.h"

namespace cairn::validate {

namespace {

using Json = nlohmann::ordered_json;
constexpr unsigned kSmtTimeoutMs = 3000;
constexpr unsigned kSmtChildMs = 3 * kSmtTimeoutMs + 5000;

struct Span {
  size_t from = 0, to = 0;  // bytes [from, to)
  std::string text;         // as written, naturals substituted
};

// The parameter list (inside the parentheses) and the body (braces included) of function `fn` in its file.
bool spans_of(const driver::CheckRun& run, const check::FnInfo& fn, Span& params, Span& body) {
  const check::FnInfo& written = fn.template_of ? *fn.template_of : fn;
  if (!written.decl || !written.decl->body) return false;
  const driver::ItemSource src = driver::item_source(run.sources, *written.decl);
  constexpr size_t npos = driver::ItemSource::npos;
  if (src.params_open == npos || src.params_close == npos || src.body_open == npos || src.body_close == npos)
    return false;
  auto text = [&](size_t from, size_t to) {  // tokens [from, to), naturals substituted
    std::string s;
    for (size_t i = from; i < to; ++i) {
      std::string w(src.tokens[i].text);
      for (const auto& [name, value] : fn.naturals)
        if (w == name) w = std::to_string(value);
      s += (s.empty() ? "" : " ") + w;
    }
    return s;
  };
  params.from = src.end_of(src.params_open);
  params.to = src.begin_of(src.params_close);
  params.text = text(src.params_open + 1, src.params_close);
  body.from = src.begin_of(src.body_open);
  body.to = src.end_of(src.body_close);
  body.text = text(src.body_open, src.body_close + 1);
  return true;
}

// The two programs the smt part compares, written beside the base copy: `smt-ref`, the base copy with the
// precondition appended to the reference's file as function kPrecondition (the implementation's parameter list,
// so the condition's names are its own), and `smt-cand`, the base copy whose reference takes the implementation's
// parameter list and body. The paths to check stand where the base copy's path stands.
struct SmtCopies {
  std::string ref, cand, precondition;  // paths, and the precondition's name as the verifier finds it
};

constexpr const char* kPrecondition = "cairn_validate_pre";

bool smt_copies(const Session& s, const std::string& where, SmtCopies& out, std::string& why,
                const std::string& suffix = "") {
  const driver::CheckRun& base = s.base.run;
  Span rp, rb, ip, ib;
  if (!spans_of(base, *s.base_ref, rp, rb) || !spans_of(base, *s.base_impl, ip, ib)) {
    why = "The reference's or the implementation's body was not found in the source.";
    return false;
  }
  if (rb.to <= rp.to || rp.from > rp.to) {
    why = "The reference's body was not found after its parameter list.";
    return false;
  }
  const check::FnInfo& written = s.base_ref->template_of ? *s.base_ref->template_of : *s.base_ref;
  uint32_t file = written.decl->pos.file;
  const std::string& text = base.sources.file(file).text;
  namespace fs = std::filesystem;
  fs::path root = fs::path(s.programs.scratch) / "base";
  std::error_code ec;
  fs::path rel_file = fs::relative(fs::absolute(base.project.files[file].fs_path, ec), root, ec);
  fs::path rel_path = fs::relative(fs::absolute(s.programs.base, ec), root, ec);
  if (ec || rel_file.empty() || rel_file.string().rfind("..", 0) == 0) {
    why = "The reference's file lies outside the program's copy.";
    return false;
  }
  std::string cand_text = text.substr(0, rp.from) + ip.text + text.substr(rp.to, rb.from - rp.to) + ib.text + text.substr(rb.to);
  std::string ref_text = text + "\nfn " + kPrecondition + "(" + ip.text + ") -> bool {\n  return (" + where + ");\n}\n";
  for (const auto& [dir, edited] : {std::pair{"smt-ref", &ref_text}, std::pair{"smt-cand", &cand_text}}) {
    fs::path copy = fs::path(s.programs.scratch) / (dir + suffix);
    if (!copy_program_tree(root.string(), copy.string(), why) || !write_file_atomic((copy / rel_file).string(), *edited, why))
      return false;
    (std::string(dir) == "smt-ref" ? out.ref : out.cand) = (copy / rel_path).lexically_normal().string();
  }
  std::string module = s.base_ref->module && !s.base_ref->module->path.empty() ? s.base_ref->module->path + "." : "";
  out.precondition = module + kPrecondition;
  return true;
}

// One side of the comparison: a file is read as verify reads it; a project directory or manifest is checked whole.
bool load_side(const std::string& path, smt::Side& side, std::string& error) {
  std::error_code ec;
  if (std::filesystem::is_regular_file(path, ec) && path.size() > 6 && path.compare(path.size() - 6, 6, ".cairn") == 0)
    return smt::read_side(path, side, error);
  side.path = path;
  return true;
}

Json from_semantic(const smt::FunctionResult& f, const std::string& where, bool bounded) {
  Json j = {{"status", smt::status_name(f.status)}, {"where", where}};
  if (bounded) j["bounded"] = "only where every usize parameter is within the unrolling bound; beyond it nothing is decided";
  for (const char* k : {"reason", "solvers", "agreement", "counterexample", "expected", "actual"})
    if (f.record.contains(k)) j[k] = f.record[k];
  return j;
}

}  // namespace

std::string smt_precondition(const driver::CheckRun& run, const Session& s, bool& bounded, bool cap) {
  std::vector<std::string> parts;
  std::string cond = condition_text(run, *s.impl);
  if (!cond.empty()) parts.push_back("(" + cond + ")");
  bounded = false;
  for (const check::ParamSig& p : s.impl->params) {
    if (!p.type || p.type->kind != check::TypeKind::Scalar || p.type->scalar != check::Scalar::Usize) continue;
    uint64_t lo = 0, hi = s.policy.largest_extent;
    if (auto it = s.policy.extents.find(p.name); it != s.policy.extents.end() && !it->second.is_float) {
      lo = it->second.lo;
      hi = it->second.hi;
    }
    parts.push_back("(" + p.name + " >= " + std::to_string(lo) + " && " + p.name + " <= " + std::to_string(hi) + ")");
    if (hi > 16) {
      if (cap) parts.push_back(p.name + " <= 16");
      bounded = cap;
    }
  }
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : " && ") + p;
  return out.empty() ? "true" : out;
}

SmtPart smt_part(const driver::CheckRun& run, const Session& s, const smt::SolverSet& solvers) {
  SmtPart part;
  auto unknown = [&](const std::string& why) {
    part.status = "unknown";
    part.record = {{"status", "unknown"}, {"where", "true"}, {"reason", why}};
    part.human = "unknown: " + why;
    return part;
  };
  bool bounded = false, capped_unused = false;
  std::string where = smt_precondition(run, s, bounded);
  // Where the cap at 16 applies, the comparison is asked first without it: a proof for every trip count or a
  // difference past the bound (docs/verify-loops.md) answers there, and only an unknown falls back to the cap.
  std::string where_all = bounded ? smt_precondition(run, s, capped_unused, false) : where;
  SmtCopies copies, copies_all;
  std::string why;
  if (!smt_copies(s, where, copies, why)) return unknown(why);
  if (bounded && !smt_copies(s, where_all, copies_all, why, "-all")) return unknown(why);
  std::string ref_name = s.ref->full_name();
  auto compare_copies = [&](const SmtCopies& copies, const std::string& where) -> Json {
                      smt::Side ref, cand;
                      std::string error;
                      if (!load_side(copies.ref, ref, error) || !load_side(copies.cand, cand, error))
                        return Json{{"error", error}};
                      smt::check_side(ref);
                      smt::check_side(cand);
                      if (ref.refusal || cand.refusal)
                        return Json{{"error", "a copy does not check: " + (ref.refusal ? ref : cand).refusal->first.message}};
                      smt::VerifyOptions vo;
                      vo.timeout_ms = kSmtTimeoutMs;
                      vo.solvers = solvers;
                      vo.allow_reference_traps = true;
                      smt::AssumeArg assume{ref_name, where};
                      smt::FunctionJob fj{&ref, &cand, ref_name, &assume, vo};
                      fj.precondition_fn = copies.precondition;
                      smt::FunctionResult f = smt::compare_function(fj);
                      Json j = {{"status", static_cast<int>(f.status)}, {"record", f.record}, {"where", where}};
                      if (f.witness) {
                        Json args = Json::array();
                        for (const sem::ArgValue& a : f.witness->args) args.push_back({{"view", a.is_view}, {"bits", a.bits}, {"elems", a.elems}});
                        j["args"] = args;
                      }
                      return j;
                    };
  smt::ChildJob job{[&]() -> std::string {
                      if (bounded) {
                        Json all = compare_copies(copies_all, where_all);
                        if (all.contains("error") || all["status"].get<int>() != static_cast<int>(smt::Status::Unknown))
                          return all.dump();
                      }
                      return compare_copies(copies, where).dump();
                    },
                    bounded ? 2 * kSmtChildMs : kSmtChildMs, 0};
  std::vector<smt::ChildResult> ends = smt::run_children({job});
  if (ends[0].end != smt::ChildEnd::Finished)
    return unknown(ends[0].end == smt::ChildEnd::Killed ? "The comparison ran past its limit and was stopped."
                                                        : "The comparison's process ended without an answer.");
  Json j = Json::parse(ends[0].payload, nullptr, false);
  if (!j.is_object() || j.contains("error")) return unknown(j.is_object() ? j["error"].get<std::string>() : "An unreadable answer.");
  smt::FunctionResult f;
  f.status = static_cast<smt::Status>(j["status"].get<int>());
  f.record = j["record"];
  part.status = smt::status_name(f.status);
  if (j.contains("where") && j["where"].get<std::string>() != where) {
    where = j["where"].get<std::string>();
    bounded = false;
  }
  part.record = from_semantic(f, where, bounded);
  part.disagreement = f.status == smt::Status::SolverDisagreement;
  if (j.contains("args")) {
    smt::Witness w;
    for (const Json& a : j["args"]) {
      sem::ArgValue v;
      v.is_view = a["view"].get<bool>();
      v.bits = a["bits"].get<uint64_t>();
      v.elems = a["elems"].get<std::vector<uint64_t>>();
      w.args.push_back(v);
    }
    part.witness = w;
  }
  std::string solvers_text = solvers.has(smt::Solver::Z3) && solvers.has(smt::Solver::Cvc5) ? "z3 and cvc5"
                             : solvers.has(smt::Solver::Z3)                               ? "z3"
                                                                                          : "cvc5";
  part.human = part.status + " where " + where + " (" + solvers_text + ")";
  return part;
}

}  // namespace cairn::validate
