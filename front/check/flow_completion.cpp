// Completion (§8.10-§8.12): which statements always leave, loop control outside loops, unreachable
// statements and non-void bodies that can fall off their end.
#include "front/check/flow_completion.h"

namespace cairn::check::flow {

namespace {

bool block_leaves(const ast::Block* b) {
  if (!b) return false;
  for (const ast::Stmt* s : b->stmts)
    if (always_leaves(s)) return true;
  return false;
}

bool arm_leaves(const ast::MatchArm& arm) {
  if (arm.block) return block_leaves(arm.block);
  return always_leaves(arm.stmt);
}

class Completion {
 public:
  Completion(const std::string& prefix, DiagSink& sink) : prefix_(prefix), sink_(sink) {}

  void block(const ast::Block* b) {
    if (!b) return;
    bool left = false;
    for (const ast::Stmt* s : b->stmts) {
      if (left) {
        report(Code::Unreachable, s->pos, "This statement is never reached: the one before it always leaves.");
        break;  // one refusal per block; the rest of it is unreachable too
      }
      stmt(s);
      if (always_leaves(s)) left = true;
    }
  }

  int count() const { return count_; }

 private:
  void report(Code c, Pos p, const std::string& msg) {
    sink_.report(c, p, prefix_ + msg, Phase::Bodies);
    ++count_;
  }

  void stmt(const ast::Stmt* s) {
    if (!s) return;
    switch (s->kind) {
      case ast::StmtKind::Break:
      case ast::StmtKind::Continue:
        if (loops_ == 0)
          report(Code::LoopControl, s->pos,
                 std::string(s->kind == ast::StmtKind::Break ? "break" : "continue") + " is outside any loop.");
        return;
      case ast::StmtKind::If:
        block(s->body);
        stmt(s->else_stmt);
        return;
      case ast::StmtKind::While:
      case ast::StmtKind::ForRange:
      case ast::StmtKind::ForEach:
        ++loops_;
        block(s->body);
        --loops_;
        return;
      case ast::StmtKind::Match:
        for (const ast::MatchArm& arm : s->arms) {
          if (arm.block) block(arm.block);
          else stmt(arm.stmt);
        }
        return;
      case ast::StmtKind::Block: block(s->body); return;
      case ast::StmtKind::Let:
      case ast::StmtKind::Unpack:
      case ast::StmtKind::Storage:
      case ast::StmtKind::Return:
      case ast::StmtKind::Defer:
      case ast::StmtKind::Assign:
      case ast::StmtKind::ExprStmt:
      case ast::StmtKind::Unsupported: return;
    }
  }

  const std::string& prefix_;
  DiagSink& sink_;
  int loops_ = 0;
  int count_ = 0;
};

}  // namespace

bool always_leaves(const ast::Stmt* s) {
  if (!s) return false;
  switch (s->kind) {
    case ast::StmtKind::Return:
    case ast::StmtKind::Break:
    case ast::StmtKind::Continue: return true;
    case ast::StmtKind::Block: return block_leaves(s->body);
    case ast::StmtKind::If: return s->else_stmt && block_leaves(s->body) && always_leaves(s->else_stmt);
    case ast::StmtKind::Match: {
      if (s->arms.empty()) return false;
      for (const ast::MatchArm& arm : s->arms)
        if (!arm_leaves(arm)) return false;
      return true;
    }
    case ast::StmtKind::While:
    case ast::StmtKind::ForRange:
    case ast::StmtKind::ForEach:
    case ast::StmtKind::Let:
    case ast::StmtKind::Unpack:
    case ast::StmtKind::Storage:
    case ast::StmtKind::Defer:
    case ast::StmtKind::Assign:
    case ast::StmtKind::ExprStmt:
    case ast::StmtKind::Unsupported: return false;
  }
  return false;
}

int check_completion(const ast::Block* body, bool needs_return, const std::string& fn_name,
                     const std::string& prefix, bool report_return, DiagSink& sink) {
  if (!body) return 0;
  Completion c(prefix, sink);
  c.block(body);
  int n = c.count();
  if (needs_return && report_return && n == 0 && !block_leaves(body)) {
    sink.report(Code::Return, body->rbrace, prefix + "Not all paths of " + fn_name + " return.", Phase::Bodies);
    ++n;
  }
  return n;
}

}  // namespace cairn::check::flow
