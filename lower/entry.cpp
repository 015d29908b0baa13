// Entry points: exe main with its exit status (§15.5), the test harness (§15.6), and library wrappers with C
// linkage that check their view arguments on entry (§10.7).
#include "lower/entry.h"

#include "lower/names.h"
#include "lower/types.h"

namespace cairn::lower {

namespace {

std::string exe_main(const ir::Module& m, const std::vector<std::string>& symbols) {
  const check::FnInfo* main_fn = m.program->main;
  const ir::Function* f = main_fn ? m.find(main_fn) : nullptr;
  std::string s = "int main() {\n";
  if (!f) return s + "  return 0;\n}\n";
  const std::string& sym = symbols[m.index.at(main_fn)];
  bool has_result = main_fn->result && main_fn->result->kind == check::TypeKind::Scalar;
  if (has_result) return s + "  return cr::exit_status(static_cast<int32_t>(" + sym + "()));\n}\n";
  return s + "  " + sym + "();\n  return 0;\n}\n";
}

std::string tests_main(const ir::Module& m, const std::vector<std::string>& symbols) {
  std::string table;
  uint32_t count = 0;
  for (const check::FnInfo& info : m.program->fns) {
    if (!info.is_test || info.in_dependency) continue;
    auto it = m.index.find(&info);
    if (it == m.index.end()) continue;
    std::string name = info.qualified.empty() ? info.name : info.qualified;
    table += "  {" + cpp_string(name) + ", &" + symbols[it->second] + "},\n";
    ++count;
  }
  std::string s;
  if (count) s += "static const cr::TestBlock kCairnTests[] = {\n" + table + "};\n";
  s += "int main(int argc, char** argv) {\n";
  s += std::string("  return cr::tests_main(argc, argv, ") + (count ? "kCairnTests" : "nullptr") + ", " +
       std::to_string(count) + ");\n}\n";
  return s;
}

// One wrapper per public function whose parameters are scalars, single borrows or views (pointer, length).
std::string library(const ir::Module& m, const SourceSet& sources, const std::vector<std::string>& symbols) {
  TypeNamer types(*m.program);
  std::string s;
  for (uint32_t i = 0; i < m.fns.size(); ++i) {
    const check::FnInfo& info = *m.fns[i].info;
    if (!info.is_pub || info.is_test || info.in_dependency || info.implements) continue;
    bool ok = !info.result || info.result->kind == check::TypeKind::Void || info.result->kind == check::TypeKind::Scalar;
    std::string params, args, spans;
    uint32_t nspans = 0;
    for (size_t j = 0; j < info.params.size() && ok; ++j) {
      const check::Type* t = info.params[j].type;
      std::string p = "a" + std::to_string(j);
      if (j) {
        params += ", ";
        args += ", ";
      }
      if (t->kind == check::TypeKind::Scalar) {
        params += types.name(t) + " " + p;
        args += p;
      } else if (t->kind == check::TypeKind::View && t->elem->kind == check::TypeKind::Scalar) {
        std::string e = types.name(t->elem);
        params += e + "* " + p + ", uint64_t " + p + "_n";
        args += "cr::View<" + e + ">{" + p + ", " + p + "_n}";
        spans += "{" + p + ", " + p + "_n * sizeof(" + e + "), " + (t->rw ? "true" : "false") + "}, ";
        ++nspans;
      } else if (t->kind == check::TypeKind::Borrow && t->elem->kind == check::TypeKind::Scalar) {
        params += types.name(t->elem) + "* " + p;
        args += "*" + p;
      } else {
        ok = false;
      }
    }
    if (!ok) continue;
    std::string name = "cairn_" + mangle(info.qualified.empty() ? info.name : info.qualified);
    Pos at = info.name_pos;
    std::string file = at.file < sources.size() ? sources.file(at.file).display_name : "?";
    s += "extern \"C\" " + types.name(info.result) + " " + name + "(" + params + ") {\n";
    if (nspans > 1) {
      s += "  static const cr::Site site = {" + cpp_string(file) + ", " +
           std::to_string(info.name_pos.line) + "};\n";
      s += "  const cr::Span spans[] = {" + spans + "};\n";
      s += "  cr::entry_disjoint(spans, " + std::to_string(nspans) + ", &site);\n";
    }
    s += "  return " + symbols[i] + "(" + args + ");\n}\n";
  }
  return s;
}

}  // namespace

std::string entry_points(const ir::Module& m, const SourceSet& sources, const std::vector<std::string>& symbols,
                         const Options& options) {
  switch (options.kind) {
    case Kind::Exe: return exe_main(m, symbols);
    case Kind::Tests: return tests_main(m, symbols);
    case Kind::Library: return library(m, sources, symbols);
  }
  return "";
}

}  // namespace cairn::lower
