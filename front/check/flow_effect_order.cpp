// Operand order (§13.5), phase 5: roots, peeling, top-level and nested calls, rules 1-4 and their
// exemptions; the collector operand ceiling runs on the same walk (§8.16).
#include "front/check/flow_order.h"
#include "front/check/flow_rows.h"
#include "front/check/phases.h"

namespace cairn::check {
namespace flow {
namespace {

struct Node {
  const ast::Expr* e;
  uint32_t pre, post;
};
struct Mention {
  Place place;
  bool move;
  const ast::Expr* swap;  // the swap call whose operand this is
  uint32_t pre;
};

bool within(const Node& x, const Node& c) { return c.pre <= x.pre && x.pre <= c.post; }
bool ancestor(const Node& x, const Node& c) { return x.pre <= c.pre && c.post <= x.post; }

bool counts_as_call(const ExprInfo* in) {
  if (!in) return false;
  switch (in->call) {
    case CallKind::Direct:
    case CallKind::Indirect: return true;
    case CallKind::Builtin:
      switch (in->builtin) {
        case Builtin::Print:
        case Builtin::Println:
        case Builtin::Eprint:
        case Builtin::Eprintln:
        case Builtin::Take:
        case Builtin::Swap:
        case Builtin::Format:
        case Builtin::Assert:
        case Builtin::AssertEq: return true;
        default: return false;
      }
    default: return false;
  }
}

bool guarded(const ast::Expr* e) {
  const ExprInfo* in = info_of(e);
  switch (e->kind) {
    case ast::ExprKind::Index: return e->args.size() == 1 && !(in && in->ref == NameRef::Fn);
    case ast::ExprKind::Part: return true;
    case ast::ExprKind::Unary: return e->un == ast::UnOp::Neg && e->type && is_signed_int(e->type);
    case ast::ExprKind::Binary:
      switch (e->bin) {
        case ast::BinOp::Add:
        case ast::BinOp::Sub:
        case ast::BinOp::Mul:
        case ast::BinOp::Div:
        case ast::BinOp::Rem: return e->a && e->a->type && is_int(e->a->type);
        default: return false;
      }
    case ast::ExprKind::Call:
      if (!in) return false;
      if (in->call == CallKind::Conversion)
        return !in->full_args.empty() && in->full_args[0] && conversion_guarded(in->full_args[0]->type, e->type);
      if (in->call == CallKind::Builtin)
        return in->builtin == Builtin::ShlWrap || in->builtin == Builtin::Shr ||
               (in->builtin == Builtin::Abs && e->type && is_signed_int(e->type));
      return in->call == CallKind::BufNew;
    default: return false;
  }
}

// One root: its nodes in evaluation order with subtree intervals, then the four rules.
class Root {
 public:
  Root(const std::string& prefix, DiagSink& sink, std::vector<const ast::Expr*>& subroots)
      : prefix_(prefix), sink_(sink), subroots_(subroots) {}

  void run(const ast::Expr* e, const ast::Expr* extra_place = nullptr) {
    const ast::Expr* top = e;
    for (;;) {
      top = peel_parens(top);
      if (!top) break;
      const ExprInfo* in = info_of(top);
      if (top->kind == ast::ExprKind::Try || top->kind == ast::ExprKind::Unary) {
        peeled_.push_back(top);
        top = top->a;
      } else if (top->kind == ast::ExprKind::Call && in && in->call == CallKind::Conversion && top->args.size() == 1) {
        top = top->args[0];
      } else {
        break;
      }
    }
    top_ = top && top->kind == ast::ExprKind::Call && !extra_place ? top : nullptr;
    if (extra_place) walk(extra_place, false, nullptr, false);
    walk(e, false, nullptr, false);
    rules();
  }

 private:
  uint32_t walk(const ast::Expr* e, bool move, const ast::Expr* swap, bool ctor_arg) {
    if (!e) return counter_;
    uint32_t pre = counter_++;
    const ExprInfo* in = info_of(e);
    size_t slot = nodes_.size();
    nodes_.push_back({e, pre, pre});
    if (e->kind == ast::ExprKind::Binary && (e->bin == ast::BinOp::And || e->bin == ast::BinOp::Or)) {
      subroots_.push_back(e->a);  // the operands of && and || are roots of their own
      subroots_.push_back(e->b);
    } else if (e->kind == ast::ExprKind::Compact || e->kind == ast::ExprKind::Reduce) {
      // not an operand anywhere (E-COLLECT-BINDING); its parts are roots of the let
    } else if (Place p = place_of(e); p && (e->kind != ast::ExprKind::Name || !in || in->ref == NameRef::Local)) {
      mentions_.push_back({p, move && expr_kind(e) != Kind::Copy, swap, pre});
      operand_.push_back(slot);
      place_parts(peel_parens(e));
    } else if (e->kind == ast::ExprKind::Call) {
      call(e, in, ctor_arg);
    } else {
      if (e->kind != ast::ExprKind::Field || !in || in->ref == NameRef::None || in->ref == NameRef::Local)
        for (const ast::Expr* c : {e->a, e->b, e->c}) walk(c, false, nullptr, false);
      operand_.push_back(slot);
    }
    nodes_[slot].post = counter_ - 1;
    return pre;
  }

  void place_parts(const ast::Expr* e) {
    while (e && e->kind != ast::ExprKind::Name) {
      if (e->kind == ast::ExprKind::Index)
        for (const ast::Expr* a : e->args) walk(a, false, nullptr, false);
      if (e->kind == ast::ExprKind::Part) {
        walk(e->b, false, nullptr, false);
        walk(e->c, false, nullptr, false);
      }
      e = peel_parens(e->a);
    }
  }

  void call(const ast::Expr* e, const ExprInfo* in, bool ctor_arg) {
    if (!in) {
      for (const ast::Expr* a : e->args) walk(a, false, nullptr, false);
      return;
    }
    calls_.push_back({nodes_.size() - 1, ctor_arg});
    bool ctor = in->call == CallKind::Record || in->call == CallKind::Variant;
    bool is_swap = in->call == CallKind::Builtin && in->builtin == Builtin::Swap;
    bool is_take = in->call == CallKind::Builtin && in->builtin == Builtin::Take;
    const std::vector<ast::Expr*>& args = in->full_args.empty() ? e->args : in->full_args;
    for (size_t i = 0; i < args.size(); ++i) {
      PassMode m = i < in->modes.size() ? in->modes[i] : PassMode::Copy;
      bool mv = m == PassMode::Move || is_take || is_swap;
      walk(args[i], mv, is_swap ? e : nullptr, ctor);
    }
    if (in->call == CallKind::Indirect && e->a) walk(e->a, false, nullptr, false);
  }

  void report(const ast::Expr* at, const std::string& msg) {
    if (reported_) return;
    reported_ = true;
    sink_.report(Code::EffectOrder, at->kind == ast::ExprKind::Call ? callee_name_pos(at) : at->pos, prefix_ + msg,
                 Phase::WholeProgram);
  }

  bool is_peeled(const ast::Expr* e) const {
    for (const ast::Expr* p : peeled_)
      if (p == e) return true;
    return false;
  }

  void rules() {
    for (const auto& [slot, ctor_arg] : calls_) {  // rules 1 and 3
      const Node& c = nodes_[slot];
      if (c.e == top_) continue;
      EffectRow scratch;
      bool writes = false;
      const EffectRow* row = call_row(c.e, scratch, &writes);
      if (!row) continue;
      const ExprInfo* in = info_of(c.e);
      bool alloc_exempt = ctor_arg || in->call == CallKind::BufNew || in->call == CallKind::ArrayNew;
      if (writes || (row->has(Effect::Alloc) && !alloc_exempt))
        return report(c.e, "Bind a writing call to its own statement before using its result.");
      if (!row->has(Effect::Io) && !row->has(Effect::IndirectCall)) continue;
      for (const Node& x : nodes_) {
        if (within(x, c) || ancestor(x, c)) continue;
        if (counts_as_call(info_of(x.e)) || guarded(x.e))
          return report(c.e, "Bind this call to its own statement: it prints or calls through a function value, "
                             "and another operand of the expression calls or may trap.");
      }
    }
    for (size_t i = 0; i < mentions_.size(); ++i) {  // rule 2
      if (!mentions_[i].move) continue;
      for (size_t j = 0; j < mentions_.size(); ++j) {
        if (i == j || !places_overlap(mentions_[i].place, mentions_[j].place)) continue;
        if (mentions_[i].swap && mentions_[i].swap == mentions_[j].swap) continue;
        const Mention& second = mentions_[i].pre > mentions_[j].pre ? mentions_[i] : mentions_[j];
        return report(peel_parens(second.place.expr),
                      second.place.root->name + " is moved and named again in the same expression; bind one first.");
      }
    }
    for (const Node& t : nodes_) {  // rule 4
      if (t.e->kind != ast::ExprKind::Try || is_peeled(t.e)) continue;
      for (size_t slot : operand_) {
        const Node& x = nodes_[slot];
        if (within(x, t) || ancestor(x, t) || expr_kind(x.e) == Kind::Copy) continue;
        return report(t.e, "Bind this try first: the expression also holds an owner or linear operand.");
      }
    }
  }

  const std::string& prefix_;
  DiagSink& sink_;
  std::vector<const ast::Expr*>& subroots_;
  std::vector<Node> nodes_;
  std::vector<std::pair<size_t, bool>> calls_;  // node slot, direct argument of a constructor
  std::vector<size_t> operand_;
  std::vector<Mention> mentions_;
  std::vector<const ast::Expr*> peeled_;
  const ast::Expr* top_ = nullptr;
  uint32_t counter_ = 0;
  bool reported_ = false;
};

class Order {
 public:
  Order(const std::string& prefix, DiagSink& sink) : prefix_(prefix), sink_(sink) {}

  void root(const ast::Expr* e, const ast::Expr* extra_place = nullptr) {
    if (!e) return;
    std::vector<const ast::Expr*> more;
    Root r(prefix_, sink_, more);
    r.run(e, extra_place);
    for (size_t i = 0; i < more.size(); ++i) root(more[i]);
  }

  void block(const ast::Block* b) {
    if (!b) return;
    for (const ast::Stmt* s : b->stmts) stmt(s);
  }

  void stmt(const ast::Stmt* s) {
    if (!s) return;
    switch (s->kind) {
      case ast::StmtKind::Let: {
        const ast::Expr* init = peel_parens(s->expr);
        if (init && (init->kind == ast::ExprKind::Compact || init->kind == ast::ExprKind::Reduce)) {
          root(init->b);
          root(init->c);
          for (const ast::Expr* op : {init->d, init->e}) {
            root(op);
            if (op) check_collector_operand(op, prefix_, sink_);
          }
          return;
        }
        root(s->expr);
        return;
      }
      case ast::StmtKind::Unpack:
      case ast::StmtKind::Storage:
      case ast::StmtKind::Return:
      case ast::StmtKind::Defer:
      case ast::StmtKind::ExprStmt: root(s->expr); return;
      case ast::StmtKind::If:
        root(s->expr);
        block(s->body);
        stmt(s->else_stmt);
        return;
      case ast::StmtKind::While:
      case ast::StmtKind::ForEach:
        root(s->expr);
        block(s->body);
        return;
      case ast::StmtKind::ForRange:
        root(s->expr);
        root(s->expr2);
        block(s->body);
        return;
      case ast::StmtKind::Match:
        root(s->expr);
        for (const ast::MatchArm& arm : s->arms) {
          if (arm.block) block(arm.block);
          else stmt(arm.stmt);
        }
        return;
      case ast::StmtKind::Block: block(s->body); return;
      case ast::StmtKind::Assign: assign(s); return;
      case ast::StmtKind::Break:
      case ast::StmtKind::Continue:
      case ast::StmtKind::Unsupported: return;
    }
  }

 private:
  void assign(const ast::Stmt* s) {
    for (const ast::Expr* p = peel_parens(s->expr); p && p->kind != ast::ExprKind::Name; p = peel_parens(p->a))
      if (p->kind == ast::ExprKind::Index)
        for (const ast::Expr* a : p->args) root(a);
    // For p op= e the root is `p op e`: the place is one more operand of it.
    root(s->expr2, s->assign == ast::AssignOp::Set ? nullptr : s->expr);
  }

  const std::string& prefix_;
  DiagSink& sink_;
};

}  // namespace
}  // namespace flow

void check_effect_order(Program&, FnInfo& fn, DiagSink& sink) {
  if (!fn.decl || !fn.body || fn.body_refused || fn.row_unknown) return;
  std::string prefix = fn.template_of ? "in " + fn.name + ": " : "";
  flow::Order order(prefix, sink);
  if (fn.decl->body) order.block(fn.decl->body);
  else order.root(fn.decl->expr_body);
}

}  // namespace cairn::check
