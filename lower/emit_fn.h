// One function's C++ emission: statements, expressions sequenced left to right (§8.15), guards as runtime
// calls carrying their site, locals and temporaries numbered in order of first appearance.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "lower/lower.h"
#include "lower/types.h"

namespace cairn::lower {

// What every function's emission shares.
struct Context {
  const ir::Module& m;
  const SourceSet& sources;
  const Options& options;
  TypeNamer& types;
  std::vector<std::string> symbols;  // per Module::fns index: the C++ symbol calls and values name
};

struct EmittedLine {
  int indent = 0;
  std::string text;
  Pos pos;
};

class FnEmitter {
 public:
  FnEmitter(Context& cx, uint32_t index);
  void emit();
  // Results.
  std::vector<EmittedLine> lines;  // the function's definition(s)
  std::string sites;               // the site table definition ("" when the function has no guard)
  std::string site_symbol;
  Deps deps;
  uint32_t emitted_guards = 0, elided_guards = 0;

 private:
  enum class How { Value, Place, View };
  struct Item {
    const ir::Node* n;
    How how;
  };
  Context& cx_;
  uint32_t index_;
  const ir::Function& f_;
  std::map<uint32_t, std::string> local_names_;
  uint32_t next_local_ = 0, next_temp_ = 0;
  std::vector<std::pair<std::string, uint32_t>> site_list_;
  std::map<std::pair<std::string, uint32_t>, uint32_t> site_index_;
  int indent_ = 1;
  Pos pos_;
  std::string symbol_;

  // emit_fn.cpp: names, lines, sites, guard facts
  std::string local(uint32_t slot);
  std::string temp();
  void line(const std::string& text);
  std::vector<EmittedLine> capture_begin();
  std::vector<EmittedLine> capture_end(std::vector<EmittedLine> saved);
  void append(const std::vector<EmittedLine>& captured, int extra_indent);
  std::string site(Pos p);
  bool elide(const ir::Node* n) const;
  std::string tname(const check::Type* t) { return cx_.types.name(t, &deps); }
  const check::Type* slot_type(uint32_t slot) const;
  std::string literal(check::Scalar sc, uint64_t bits) const;
  std::string signature(const std::string& sym);
  void dispatcher();
  void mark_unused_params(size_t first_line);
  // emit_stmt.cpp
  void block(const ir::Node* n);
  void stmt(const ir::Node* n);
  // The statements of a block without its braces, then its exit (`unwind`).
  void statements(const ir::Node* n);
  // The deferred calls an exit's Unwind places (its releases are the C++ destructors at the same scope ends).
  void unwind(const ir::Node* exit);
  static bool runs_defers(const ir::Node* exit);
  void assign(const ir::Node* n);
  void compound(const ir::Node* n);
  void match(const ir::Node* n);
  void for_each(const ir::Node* n);
  std::vector<std::string> hoist_indexes(const ir::Node* place);
  std::string resolved_place(const ir::Node* place, const std::vector<std::string>& idx, size_t& k);
  // emit_expr.cpp
  std::string ex(const ir::Node* n);
  std::string pl(const ir::Node* n);
  std::string vw(const ir::Node* n);
  std::string item(const Item& it);
  std::vector<std::string> seq(const std::vector<Item>& items);
  std::string hoist(const std::string& s, How how);
  bool may_effect(const ir::Node* n) const;
  static bool is_constant(const ir::Node* n);
  std::string scalar_op(const ir::Node* n, sem::Op op, check::Scalar sc, const std::vector<std::string>& a);
  std::string logic(const ir::Node* n);
  std::string field(const ir::Node* n);
  std::string index(const ir::Node* n);
  std::string lend(const ir::Node* n);
  // emit_call.cpp
  std::string call(const ir::Node* n);
  std::string print(const ir::Node* n);
  std::string format(const ir::Node* n);
  std::string assertion(const ir::Node* n);
  std::string compact(const ir::Node* n);
  std::string reduce(const ir::Node* n);
  std::string try_expr(const ir::Node* n);
  std::string convert(const ir::Node* n, const std::string& x);
  void put_arg(const std::string& out, const ir::Node* k);
};

// The C++ symbol of Module::fns[i] (tests `t_`, functions `f_`, from the qualified name).
std::string function_symbol(const ir::Function& f);

}  // namespace cairn::lower
