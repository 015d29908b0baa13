// Shared state of the declaration phase (phase 3): the program being built and the items by module.
#pragma once
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "front/check/check.h"
#include "front/check/sema.h"

namespace cairn::check {

// One item of the program with the module its section places it in.
struct ItemAt {
  ast::Item* item = nullptr;
  ModuleInfo* module = nullptr;
  bool dependency = false;  // from a dependency's sources
};

struct DeclContext {
  Program& program;
  std::vector<ast::File>& files;
  ast::Arena& arena;
  const CheckOptions& options;
  DiagSink& sink;
  std::vector<ItemAt> items;  // every item, in source order (module/import items included)
  bool fatal = false;         // a refused name, type, signature or constant: the check ends after phase 3
  std::set<std::tuple<int, uint32_t, uint32_t, uint32_t>> reported;  // (code, pos) already reported

  DeclContext(Program& p, std::vector<ast::File>& f, ast::Arena& a, const CheckOptions& o, DiagSink& s)
      : program(p), files(f), arena(a), options(o), sink(s) {}

  // Reports a phase-3 refusal once per (code, position); `ends` marks it as ending the check.
  void refuse(Code code, Pos pos, std::string message, bool ends = true);
  bool is_dependency_file(uint32_t file) const { return file < options.own_files_begin; }
};

// The steps of declare_program, in order (decl_*.cpp, const_*.cpp).
void declare_modules_and_items(DeclContext& cx);   // decl_items.cpp
void declare_imports(DeclContext& cx);             // decl_imports.cpp
void declare_constants(DeclContext& cx);           // const_decl.cpp
void declare_records_and_sums(DeclContext& cx);    // decl_records.cpp
void declare_signatures(DeclContext& cx);          // decl_signature.cpp
void declare_instances(DeclContext& cx);           // decl_instances.cpp (families too)
void declare_implements_links(DeclContext& cx);    // decl_implements.cpp

// Resolves one function's signature (parameters, extents, result, ceiling) with its naturals bound.
void resolve_signature(DeclContext& cx, FnInfo& fn);  // decl_signature.cpp

// Hard builtin names that no declaration may take (§7.2).
bool is_hard_builtin_name(const std::string& name);  // decl_items.cpp

}  // namespace cairn::check
