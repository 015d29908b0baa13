// Entry points: exe main with its exit status (§15.5), the test harness (§15.6), library wrappers with C
// linkage that check their view arguments on entry (§10.7), and the call harness (tools.md §5.4).
#include "lower/entry.h"

#include "front/driver/library_exports.h"
#include "lower/names.h"
#include "lower/types.h"

namespace cairn::lower {

namespace {

std::string exe_main(const ir::Module& m, const std::vector<std::string>& symbols, bool board) {
  const check::FnInfo* main_fn = m.program->main;
  const ir::Function* f = main_fn ? m.find(main_fn) : nullptr;
  std::string s = board ? "extern \"C\" int cf_main() {\n" : "int main() {\n";
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

// One wrapper per exported function (library_exports.h) whose parameters are scalars, single borrows or views
// (pointer, length).
std::string library(const ir::Module& m, const SourceSet& sources, const std::vector<std::string>& symbols) {
  TypeNamer types(*m.program);
  std::string s;
  for (uint32_t i = 0; i < m.fns.size(); ++i) {
    const check::FnInfo& info = *m.fns[i].info;
    if (!driver::library_exports(info, *m.program)) continue;
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

bool scalar_of(const check::Type* t, check::TypeKind kind) {
  return t && t->kind == kind && t->elem && t->elem->kind == check::TypeKind::Scalar;
}

// One thunk per function the harness can call: read each argument in parameter order, call, report the
// result and the final contents of every rw view and borrow (runtime/rt_call.h holds the protocol).
std::string call_thunk(const check::FnInfo& info, const std::string& symbol, TypeNamer& types) {
  std::string s = "static void cairn_call_" + symbol + "(cr::CallIo& io) {\n";
  std::string args, after;
  for (size_t j = 0; j < info.params.size(); ++j) {
    const check::Type* t = info.params[j].type;
    std::string a = "a" + std::to_string(j);
    if (j) args += ", ";
    args += a;
    if (t->kind == check::TypeKind::Scalar) {
      std::string e = types.name(t);
      s += "  " + e + " " + a + " = io.scalar<" + e + ">();\n";
      after += "  io.none();\n";
    } else if (t->kind == check::TypeKind::View) {
      std::string e = types.name(t->elem);
      s += "  cr::View<" + e + "> " + a + " = io.view<" + e + ">();\n";
      after += t->rw ? "  io.after_view(" + a + ");\n" : "  io.none();\n";
    } else {
      std::string e = types.name(t->elem);
      s += "  " + e + "& " + a + " = io.borrow<" + e + ">();\n";
      after += t->rw ? "  io.after_one(" + a + ");\n" : "  io.none();\n";
    }
  }
  s += "  io.start();\n";
  bool has_result = info.result && info.result->kind == check::TypeKind::Scalar;
  if (has_result) s += "  io.result(" + symbol + "(" + args + "));\n";
  else s += "  " + symbol + "(" + args + ");\n  io.result();\n";
  return s + after + "  io.finish();\n}\n";
}

std::string calls_main(const ir::Module& m, const std::vector<std::string>& symbols) {
  TypeNamer types(*m.program);
  std::string s, table;
  uint32_t count = 0;
  for (uint32_t i = 0; i < m.fns.size(); ++i) {
    const check::FnInfo& info = *m.fns[i].info;
    if (symbols[i].empty() || !call_refusal(info).empty()) continue;  // left out (Options::only), or refused
    s += call_thunk(info, symbols[i], types);
    table += "  {" + cpp_string(call_name(info)) + ", " + std::to_string(info.params.size()) + ", &cairn_call_" +
             symbols[i] + "},\n";
    ++count;
  }
  if (count) s += "static const cr::CallEntry kCairnCalls[] = {\n" + table + "};\n";
  s += "int main(int argc, char** argv) {\n";
  s += std::string("  return cr::call_main(argc, argv, ") + (count ? "kCairnCalls" : "nullptr") + ", " +
       std::to_string(count) + ");\n}\n";
  return s;
}

}  // namespace

std::string call_refusal(const check::FnInfo& fn) {
  if (fn.is_test) return "it is a test block";
  if (fn.is_template) return "it is a template; name an instance";
  for (const check::ParamSig& p : fn.params) {
    const check::Type* t = p.type;
    if (t && t->kind == check::TypeKind::Scalar) continue;
    if (scalar_of(t, check::TypeKind::View) || scalar_of(t, check::TypeKind::Borrow)) continue;
    return "its parameter " + p.name + " is neither a scalar, a view of scalars nor a borrow of a scalar";
  }
  if (fn.result && fn.result->kind != check::TypeKind::Void && fn.result->kind != check::TypeKind::Scalar)
    return "its result is neither a scalar nor void";
  return "";
}

std::string call_name(const check::FnInfo& fn) { return fn.qualified.empty() ? fn.name : fn.qualified; }

std::string entry_points(const ir::Module& m, const SourceSet& sources, const std::vector<std::string>& symbols,
                         const Options& options) {
  switch (options.kind) {
    case Kind::Exe: return exe_main(m, symbols, options.board_entry);
    case Kind::Tests: return tests_main(m, symbols);
    case Kind::Library: return library(m, sources, symbols);
    case Kind::Call: return calls_main(m, symbols);
  }
  return "";
}

}  // namespace cairn::lower
