// The path-sensitive walk of one accepted body (§12, §8.14, §10.6): moves, linear values, defer and leases,
// aliasing at calls; it also records the body's own effect labels, guard sites and call edges.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "front/check/flow_rows.h"

namespace cairn::check::flow {

// What a tracked local (an owner or a linear value) holds on the paths reaching a point.
enum class Hold : uint8_t {
  Live,      // holds its value on every path
  Moved,     // moved (consumed) on every path
  Maybe,     // moved on some paths only
  Deferred,  // handed to a deferred call of an enclosing block: consumed at its exit, still readable
};

// The end of one path at a join: what it changed since the branch point (local id, hold), or dead.
struct PathEnd {
  std::vector<std::pair<uint32_t, Hold>> diff;
  bool dead = false;
};

class MoveFlow {
 public:
  MoveFlow(Program& program, FnInfo& fn, DiagSink& sink, std::string prefix);
  void run();
  int refusals() const { return refusals_; }

 private:
  enum class Use : uint8_t { Read, Move, LendRo, LendRw };
  struct Lease {
    Place place;
  };
  struct Scope {
    std::vector<LocalVar*> locals;
    std::vector<LocalVar*> linear;    // tracked linear locals (checked at every exit)
    std::vector<LocalVar*> releases;  // owners and storage an exit may release (`free`)
    std::vector<Lease> leases;
    std::vector<LocalVar*> deferred;  // consumed by this block's deferred calls
  };
  struct Loop {
    size_t scope_level = 0;  // scopes_.size() when the loop began
    size_t mark = 0;         // journal position when the loop began
    std::vector<PathEnd> exits;
  };
  struct PendingMove {
    LocalVar* local;
    Pos pos;
  };

  // statements (flow_moves.cpp)
  void block(ast::Block* b);
  void stmt(ast::Stmt* s);
  void let_stmt(ast::Stmt* s);
  void unpack_stmt(ast::Stmt* s);
  void storage_stmt(ast::Stmt* s);
  void if_stmt(ast::Stmt* s);
  void match_stmt(ast::Stmt* s);
  void loop_stmt(ast::Stmt* s);
  void leave_stmt(ast::Stmt* s);
  void assign_stmt(ast::Stmt* s);
  void defer_stmt(ast::Stmt* s);
  void expr_stmt(ast::Stmt* s);
  void return_value(ast::Expr* value, Pos pos);

  // scopes and states (flow_moves_state.cpp)
  void push_scope();
  void pop_scope(bool falls_off_body);
  void declare(LocalVar* v, Pos binding);
  bool tracked(const LocalVar* v) const;
  Hold hold(const LocalVar* v) const { return hold_[v->id]; }
  void set_hold(const LocalVar* v, Hold h);
  // Paths: the journal of hold changes lets a branch be captured as a diff and undone (linear cost).
  size_t mark() const { return journal_.size(); }
  PathEnd capture(size_t mark);
  void undo(size_t mark);
  // Joins path ends (diffs against the current state, which is the branch point's) into the current state.
  void join(const std::vector<PathEnd>& ends, Pos keyword);
  // Leaving scopes [from, scopes_.size()): linear values must be consumed, owners are released.
  void leave_scopes(size_t from);
  void release_local(const LocalVar* v, bool at_body_end);
  void drop_value(const Type* t, Pos binding, const std::string& what);
  void settle();  // applies the moves of the current root
  bool leased(const Place& p, Pos pos, const char* action);
  void report(Code code, Pos pos, const std::string& msg, LocalVar* poison = nullptr);
  bool poisoned(const LocalVar* v) const;

  // expressions (flow_moves_expr.cpp)
  void expr(ast::Expr* e, Use use);
  void root(ast::Expr* e, Use use);
  void name_use(ast::Expr* e, Use use);
  void place_use(ast::Expr* e, Use use, bool labels = true);
  void place_inner(ast::Expr* e, Use use);
  void lhs_inner(ast::Expr* e);
  void cond_facts(const ast::Expr* cond, bool when_true);
  void move_place(ast::Expr* e, const Place& p);
  void call(ast::Expr* e);
  void builtin_call(ast::Expr* e, ExprInfo* in);
  void call_args(ast::Expr* e, ExprInfo* in);
  void check_alias(ast::Expr* e, ExprInfo* in);
  void binary(ast::Expr* e);
  void collector(ast::Expr* e);
  void try_expr(ast::Expr* e);
  void temporary(ast::Expr* e, Use use);

  Program& program_;
  FnInfo& fn_;
  DiagSink& sink_;
  std::string prefix_;
  RowRecorder rows_;
  std::vector<Hold> hold_;  // by LocalVar::id
  bool dead_ = false;       // no path reaches this point
  std::vector<std::pair<uint32_t, Hold>> journal_;  // (id, previous hold)
  std::vector<uint32_t> stamp_;
  std::vector<Hold> cur_, tmp_;  // scratch of join()
  std::vector<bool> differ_;
  uint32_t stamp_now_ = 0;
  std::vector<Scope> scopes_;
  std::vector<Loop> loops_;
  std::vector<uint32_t> decl_depth_;  // loop depth at each local's binding
  std::vector<bool> poisoned_;
  std::vector<bool> leak_reported_;
  std::vector<bool> in_scope_;
  std::vector<PendingMove> pending_;
  uint32_t depth_ = 0;         // enclosing loops (collector operands included)
  uint32_t collector_ = 0;     // inside a collector's where/yield
  int refusals_ = 0;
};

}  // namespace cairn::check::flow
