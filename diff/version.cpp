// Loading one side of a diff: the front end once, the IR, the lowering as `cairn build` lowers, and the
// diff's view of every own function, template, test and type.
#include "diff/version.h"

#include <sys/stat.h>

#include "diff/canonical.h"
#include "front/check/types.h"
#include "front/driver/item_source.h"
#include "base/atomic_file.h"
#include "base/repo_path.h"
#include "base/sha256.h"
#include "targets/build_receipt.h"

namespace cairn::diff {

namespace {


bool own(const driver::CheckRun& run, const check::FnInfo& f) {
  return !f.in_dependency && f.name_pos.valid() && f.name_pos.file >= run.project.own_files_begin;
}

// A parameter's type with a view's extent written by parameter position, so renaming a parameter is no
// signature change.
std::string param_type(const check::FnInfo& fn, const check::ParamSig& p) {
  std::string t = check::type_name(p.type);
  if (!p.type || p.type->kind != check::TypeKind::View) return t;
  switch (p.extent.kind) {
    case check::ExtentSpec::Kind::None: return t;
    case check::ExtentSpec::Kind::Value: return t + "[" + std::to_string(p.extent.value) + "]";
    case check::ExtentSpec::Kind::Param: return t + "[#" + std::to_string(p.extent.value) + "]";
    case check::ExtentSpec::Kind::Field: return t + "[field]";
  }
  (void)fn;
  return t;
}

bool declares_module(const driver::CheckRun& run) {
  for (const check::FnInfo& f : run.program->fns)
    if (own(run, f) && f.module && !f.module->path.empty()) return true;
  return false;
}

// The tokens of a template's declaration, from its first token to the end of its body.
std::string item_tokens(const driver::CheckRun& run, const check::FnInfo& fn) {
  if (!fn.decl) return "";
  const driver::ItemSource src = driver::item_source(run.sources, *fn.decl);
  return driver::joined_tokens(src, 0, src.tokens.size());
}

nlohmann::ordered_json signature_of(const check::FnInfo& fn, bool is_public) {
  nlohmann::ordered_json params = nlohmann::ordered_json::array();
  std::vector<std::string> names;
  for (const check::ParamSig& q : fn.params) names.push_back(q.name);
  for (const check::ParamSig& p : fn.params) {
    std::string t = check::type_name(p.type);
    if (p.type && p.type->kind == check::TypeKind::View && p.extent.kind == check::ExtentSpec::Kind::Param &&
        p.extent.value < names.size())
      t += "[" + names[p.extent.value] + "]";
    else if (p.type && p.type->kind == check::TypeKind::View && p.extent.kind == check::ExtentSpec::Kind::Value)
      t += "[" + std::to_string(p.extent.value) + "]";
    params.push_back({p.name, t});
  }
  bool has_result = fn.result && fn.result->kind != check::TypeKind::Void;
  return {{"params", params}, {"returns", has_result ? check::type_name(fn.result) : "void"}, {"public", is_public}};
}

SourceAt source_at(const Version& v, const check::FnInfo& fn) {
  SourceAt at;
  if (!fn.decl || !fn.decl->pos.valid() || fn.decl->pos.file >= v.checked.run.sources.size()) return at;
  const SourceFile& file = v.checked.run.sources.file(fn.decl->pos.file);
  static const std::string root = report_root();
  if (!v.side.scratch.empty()) at.file = relative_to(file.fs_path, v.side.scratch);
  else at.file = relative_to(file.fs_path.empty() ? file.display_name : file.fs_path, root);
  at.line = fn.decl->pos.line;
  at.column = code_point_column(file.line_text(at.line), fn.decl->pos.col);
  const Pos end = fn.decl->end.valid() ? fn.decl->end : fn.decl->pos;
  at.end_line = end.line;
  at.end_column = code_point_column(file.line_text(end.line), end.col) + 1;
  return at;
}

FnView view_of(const Version& v, const check::FnInfo& fn, bool is_public) {
  FnView f;
  f.at = source_at(v, fn);
  f.name = fn.full_name();
  f.info = &fn;
  f.is_public = is_public;
  for (const check::ParamSig& p : fn.params) f.param_types.push_back(param_type(fn, p));
  f.result_type = fn.result ? check::type_name(fn.result) : "void";
  f.signature = signature_of(fn, is_public);
  if (auto it = v.checked.ir->index.find(&fn); it != v.checked.ir->index.end()) f.ir = &v.checked.ir->fns[it->second];
  if (auto it = v.low_of.find(&fn); it != v.low_of.end()) f.low = it->second;
  f.receipt = targets::function_receipt(fn, f.ir, f.low);
  return f;
}

std::string record_text(const check::RecordInfo& r) {
  std::string s = std::string("record") + (r.is_pub ? " pub" : "") + (r.is_linear ? " linear" : "") +
                  (r.packed ? " packed" : "") + " align " + std::to_string(r.align) + " {";
  for (const check::FieldInfo& f : r.fields)
    s += " " + f.name + ":" + check::type_name(f.type) +
         (f.extent_field ? "[" + std::to_string(*f.extent_field) + "]" : "") + ";";
  if (r.lends)
    s += " lends " + std::to_string(r.lends->field) + " " + std::to_string(r.lends->lo) + ".." +
         std::to_string(r.lends->hi);
  return s + " }";
}

std::string sum_text(const check::SumInfo& s) {
  std::string t = std::string("sum") + (s.is_pub ? " pub" : "") + " [" + std::to_string(s.type_params) + "] {";
  for (const check::VariantInfo& v : s.variants) t += " " + v.name + (v.payload ? "(" + check::type_name(v.payload) + ")" : "") + ";";
  return t + " }";
}

void collect_types(Version& v, bool modules) {
  const driver::CheckRun& run = v.checked.run;
  uint32_t first = run.project.own_files_begin;
  for (const check::RecordInfo& r : run.program->records) {
    if (!r.decl || r.decl->pos.file < first) continue;
    v.types[r.qualified] = record_text(r);
    v.type_public[r.qualified] = !modules || r.is_pub;
  }
  for (const check::SumInfo& s : run.program->sums) {
    if (!s.decl || s.decl->pos.file < first) continue;
    v.types[s.qualified] = sum_text(s);
    v.type_public[s.qualified] = !modules || s.is_pub;
  }
}

void collect_functions(Version& v) {
  const driver::CheckRun& run = v.checked.run;
  bool modules = declares_module(run);
  for (size_t i = 0; i < v.low.functions.size() && i < v.checked.ir->fns.size(); ++i) {
    v.low_of[v.checked.ir->fns[i].info] = &v.low.functions[i];
    v.by_symbol[v.low.functions[i].symbol] = &v.low.functions[i];
  }
  for (const check::FnInfo& fn : run.program->fns) {
    if (!own(run, fn)) continue;
    const check::FnInfo* owner = fn.template_of ? fn.template_of : &fn;
    bool is_public = !modules || owner->is_pub;
    if (fn.is_template) {
      if (!fn.instances.empty()) continue;  // its instances are the functions compared
      FnView f = view_of(v, fn, is_public);
      f.is_template = true;
      f.source_tokens = item_tokens(run, fn);
      v.fns[f.name] = std::move(f);
      continue;
    }
    FnView f = view_of(v, fn, is_public);
    (fn.is_test ? v.tests : v.fns)[f.name] = std::move(f);
  }
  collect_types(v, modules);
}

// A revision side is checked in a scratch copy: names and messages show it as the revision's own paths
// ("prog.cairn", "svc/src/a.cairn") and the copy's top as "NAME:", never the scratch directory.
std::string shown(const std::string& text, const ResolvedSide& side) {
  if (side.scratch.empty()) return text;
  std::string out = text;
  for (const auto& [from, to] : {std::pair{side.scratch + "/", std::string()}, std::pair{side.scratch, side.named + ":"}})
    for (size_t at = out.find(from); at != std::string::npos; at = out.find(from, at + to.size()))
      out.replace(at, from.size(), to);
  return out;
}

void show_as_revision(Version& v) {
  SourceSet& sources = v.checked.run.sources;
  for (uint32_t i = 0; i < sources.size(); ++i) sources.rename(i, shown(sources.file(i).display_name, v.side));
  if (!v.checked.refusal) return;
  for (diag::Located* l : {&v.checked.refusal->first}) {
    l->file = shown(l->file, v.side);
    l->message = shown(l->message, v.side);
  }
  for (diag::Located& l : v.checked.refusal->further) {
    l.file = shown(l.file, v.side);
    l.message = shown(l.message, v.side);
  }
}

}  // namespace

std::unique_ptr<Version> load_version(const ResolvedSide& side, std::optional<diag::Refusal>& refusal) {
  auto v = std::make_unique<Version>();
  v->side = side;
  v->checked.path = side.check_path;
  struct stat st {};
  // A single file's text lets the bounded retry append its precondition (verify/assume.h).
  if (::stat(side.check_path.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
      static_cast<uint64_t>(st.st_size) <= smt::kMaxVerifySourceBytes && read_file(side.check_path, v->checked.text))
    v->checked.sha256 = sha256_hex(v->checked.text);
  smt::check_side(v->checked);
  show_as_revision(*v);
  v->checked.path = shown(side.check_path, side);
  if (v->checked.refusal) {
    refusal = v->checked.refusal;
    return v;
  }
  v->low = lower::lower_program(*v->checked.ir, v->checked.run.sources, lower::Options{});
  collect_functions(*v);
  return v;
}

}  // namespace cairn::diff
