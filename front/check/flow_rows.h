// The function's own effect labels (§13.2), guard sites (§16.2-§16.3) and call edges (§13.3), recorded
// while the flow checks walk a body.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "front/check/flow_places.h"

namespace cairn::check::flow {

class RowRecorder {
 public:
  RowRecorder(Program& program, FnInfo& fn);

  void label(Effect e) { fn_.own_row.add(e); }
  // An access to a place: read:p / write:p through a borrow parameter; local_read / local_write on the
  // function's own storage when `element` (an element, or take/swap/format/print on the storage itself).
  void access(const Place& p, bool write, bool element);
  void guard(TrapKind k, Pos pos, bool safe = false);
  void edge(ast::Expr* call, bool in_collector);
  bool record_edges = true;

  // Facts for guard elision (§16.3), `local < extent` and `local > 0`: pushed and popped by the walker.
  void push_below(const LocalVar* v, ExtentId e) {
    if (v && !v->is_mut && e.kind != ExtentId::Kind::None && e.kind != ExtentId::Kind::Dynamic)
      below_.push_back({v, std::move(e)});
  }
  void push_positive(const LocalVar* v) { positive_.push_back(v); }
  struct Mark { size_t below, positive; };
  Mark save() const { return {below_.size(), positive_.size()}; }
  void restore(Mark m) { below_.resize(m.below); positive_.resize(m.positive); }

  // The extent identity of an indexable place expression, or None.
  ExtentId extent_of(const ast::Expr* storage) const;
  ExtentId extent_of_bound(const ast::Expr* bound) const;
  // True when `index` is an immutable name known to be below `extent`.
  bool known_below(const ast::Expr* index, const ExtentId& extent) const;
  bool known_positive(const ast::Expr* e) const;
  // An upper bound of an unsigned integer expression's value that follows from literals, constants and
  // `local < N` facts with N a value (a `for i in 0..N` loop); nullopt when none is known. Sound: an
  // operation that would pass the bound traps first.
  std::optional<uint64_t> upper_bound(const ast::Expr* e) const;
  // True when an unsigned `a + b` or `a * b` provably stays within its type (its overflow guard elided).
  bool cannot_overflow(const ast::Expr* binary) const;
  // Index x[i]: records the bounds guard (safe when proved) and the access's trap label.
  void index_guard(const ast::Expr* index_expr);

 private:
  ArgRoot root_of(const ast::Expr* arg) const;
  const LocalVar* param_local(uint32_t index) const;

  [[maybe_unused]] Program& program_;
  FnInfo& fn_;
  std::vector<std::pair<const LocalVar*, ExtentId>> below_;
  std::vector<const LocalVar*> positive_;
};

// Whether a scalar conversion can trap `conversion` (§6): integer to integer not widening, float to integer.
bool conversion_guarded(const Type* from, const Type* to);
// The token a trap report names for a call: the callee's name (method form: the member name).
Pos callee_name_pos(const ast::Expr* call);

}  // namespace cairn::check::flow
