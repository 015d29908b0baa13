// build_ir: lowers each checked function body (annotated syntax tree) to core IR nodes.
#include <cstring>
#include <stdexcept>

#include "semantics/ir.h"
#include "semantics/ir_unwind.h"
#include "core/ops_rules.h"

namespace cairn::ir {
namespace {

using ast::Expr;
using ast::ExprKind;
using ast::Stmt;
using ast::StmtKind;
using check::CallKind;
using check::PassMode;
using check::Type;
using check::TypeKind;

const Expr* peel(const Expr* e) {
  while (e && e->kind == ExprKind::Paren) e = e->a;
  return e;
}

uint64_t const_bits(const check::ConstValue& cv) {
  if (cv.type == check::Scalar::F64) {
    uint64_t b;
    std::memcpy(&b, &cv.f, 8);
    return b;
  }
  if (cv.type == check::Scalar::F32) {
    float f = static_cast<float>(cv.f);
    uint32_t b;
    std::memcpy(&b, &f, 4);
    return b;
  }
  return cv.bits;
}

class Builder {
 public:
  Builder(Module& m, const check::Program& p, const check::FnInfo& fn) : m_(m), p_(p), fn_(fn) {}

  void build(Function& out) {
    out.info = &fn_;
    out.slots = static_cast<uint32_t>(fn_.body->locals.size());
    for (auto& l : fn_.body->locals) {
      if (!l->param_index) continue;
      uint32_t i = *l->param_index;
      if (out.param_slots.size() <= i) {
        out.param_slots.resize(i + 1, kNoSlot);
        out.param_borrow.resize(i + 1, false);
      }
      out.param_slots[i] = l->id;
      out.param_borrow[i] = l->type && l->type->kind == TypeKind::Borrow;
    }
    const ast::Item* d = fn_.decl;
    if (d->body) {
      out.body = block(d->body);
    } else if (d->expr_body) {
      Node* b = m_.make(Kind::Block, nullptr, d->expr_body_pos);
      Node* r = m_.make(Kind::Return, nullptr, d->expr_body_pos);
      r->kids.push_back(move_expr(d->expr_body));
      b->kids.push_back(r);
      out.body = b;
    }
    if (d->when && d->when->type) out.when = expr(d->when);
  }

 private:
  Module& m_;
  const check::Program& p_;
  const check::FnInfo& fn_;

  Node* mk(Kind k, const Type* t, Pos p) { return m_.make(k, t, p); }

  Node* block(const ast::Block* b) {
    Node* n = mk(Kind::Block, nullptr, b->lbrace);
    for (const Stmt* s : b->stmts) {
      n->kids.push_back(stmt(s));
      if (s->kind == StmtKind::Let || s->kind == StmtKind::Storage) {
        if (s->local) n->slots.push_back(s->local->id);
      } else if (s->kind == StmtKind::Unpack) {
        for (auto* l : s->binder_locals)
          if (l) n->slots.push_back(l->id);
      }
    }
    return n;
  }

  Node* as_block(const Stmt* s) {
    if (s->kind == StmtKind::Block) return block(s->body);
    Node* n = mk(Kind::Block, nullptr, s->pos);
    n->kids.push_back(stmt(s));
    return n;
  }

  Node* stmt(const Stmt* s) {
    switch (s->kind) {
      case StmtKind::Let: {
        if (!s->local) {
          Node* n = mk(Kind::Drop, nullptr, s->pos);
          n->kids.push_back(move_expr(s->expr));
          return n;
        }
        Node* n = mk(Kind::Let, nullptr, s->pos);
        n->slot = s->local->id;
        n->kids.push_back(move_expr(s->expr));
        return n;
      }
      case StmtKind::Unpack: {
        Node* n = mk(Kind::Unpack, nullptr, s->pos);
        n->kids.push_back(move_expr(s->expr));
        for (auto* l : s->binder_locals) n->slots.push_back(l ? l->id : kNoSlot);
        return n;
      }
      case StmtKind::Storage: {
        Node* n = mk(Kind::Storage, nullptr, s->pos);
        n->slot = s->local->id;
        n->elem = s->local->type->elem;
        n->buffer = !s->is_stack;
        n->kids.push_back(expr(s->expr));
        if (!s->is_stack) guard(n, check::TrapKind::Alloc);
        return n;
      }
      case StmtKind::If: {
        Node* n = mk(Kind::If, nullptr, s->pos);
        n->kids.push_back(expr(s->expr));
        n->kids.push_back(block(s->body));
        if (s->else_stmt) n->kids.push_back(as_block(s->else_stmt));
        return n;
      }
      case StmtKind::While: {
        Node* n = mk(Kind::While, nullptr, s->pos);
        n->kids.push_back(expr(s->expr));
        n->kids.push_back(block(s->body));
        return n;
      }
      case StmtKind::ForRange: {
        Node* n = mk(Kind::ForRange, nullptr, s->pos);
        n->slot = s->local ? s->local->id : kNoSlot;
        n->kids.push_back(expr(s->expr));
        n->kids.push_back(expr(s->expr2));
        n->kids.push_back(block(s->body));
        return n;
      }
      case StmtKind::ForEach: {
        Node* n = mk(Kind::ForEach, nullptr, s->pos);
        n->slot = s->local ? s->local->id : kNoSlot;
        n->slot2 = s->index_local ? s->index_local->id : kNoSlot;
        n->kids.push_back(view_expr(s->expr));
        n->kids.push_back(block(s->body));
        guard(n, check::TrapKind::Bounds);
        return n;
      }
      case StmtKind::Match: {
        Node* n = mk(Kind::Match, nullptr, s->pos);
        n->kids.push_back(move_expr(s->expr));
        guard(n, check::TrapKind::MatchTag);
        for (const ast::MatchArm& a : s->arms) {
          Node* arm = mk(Kind::Arm, nullptr, a.pos);
          arm->index = a.variant;
          arm->slot = a.binder_local ? a.binder_local->id : kNoSlot;
          Node* body = a.block ? block(a.block) : as_block(a.stmt);
          arm->kids.push_back(body);
          n->kids.push_back(arm);
        }
        return n;
      }
      case StmtKind::Return: {
        Node* n = mk(Kind::Return, nullptr, s->pos);
        if (s->expr) n->kids.push_back(move_expr(s->expr));
        return n;
      }
      case StmtKind::Break: return mk(Kind::Break, nullptr, s->pos);
      case StmtKind::Continue: return mk(Kind::Continue, nullptr, s->pos);
      case StmtKind::Defer: {
        Node* n = mk(Kind::Defer, nullptr, s->pos);
        n->kids.push_back(expr(s->expr));
        return n;
      }
      case StmtKind::Block: return block(s->body);
      case StmtKind::Assign: return assign(s);
      case StmtKind::ExprStmt: {
        Node* n = mk(Kind::Eval, nullptr, s->pos);
        n->kids.push_back(expr(s->expr));
        return n;
      }
      case StmtKind::Unsupported: break;
    }
    throw std::runtime_error("ir: unsupported statement");
  }

  Node* assign(const Stmt* s) {
    if (s->assign == ast::AssignOp::Set) {
      Node* n = mk(Kind::Assign, nullptr, s->op_pos);
      n->kids.push_back(expr(s->expr));
      n->kids.push_back(move_expr(s->expr2));
      return n;
    }
    Node* n = mk(Kind::Compound, nullptr, s->op_pos);
    n->kids.push_back(expr(s->expr));
    n->kids.push_back(expr(s->expr2));
    const Type* t = s->expr->type;
    n->sc = t->scalar;
    n->op = *ast::binop_op(*ast::assignop_row(s->assign).binary);  // a compound assignment: an arithmetic row
    guard_op(n);
    return n;
  }

  void guard(Node* n, check::TrapKind k) {
    n->has_guard = true;
    n->trap = k;
  }
  void guard_op(Node* n) {
    switch (n->op) {
      case sem::Op::Add: case sem::Op::Sub: case sem::Op::Mul: case sem::Op::Neg:
        if (check::scalar_is_int(n->sc)) guard(n, check::TrapKind::Overflow);
        break;
      case sem::Op::Div: case sem::Op::Rem:
        if (check::scalar_is_int(n->sc)) guard(n, check::TrapKind::DivideByZero);
        break;
      case sem::Op::ShlWrap: case sem::Op::Shr: guard(n, check::TrapKind::Shift); break;
      case sem::Op::Abs:
        if (check::scalar_is_signed(n->sc) && check::scalar_is_int(n->sc)) guard(n, check::TrapKind::AbsMin);
        break;
      case sem::Op::BitNot: case sem::Op::BitAnd: case sem::Op::BitOr: case sem::Op::BitXor:
      case sem::Op::Not: case sem::Op::Eq: case sem::Op::Ne: case sem::Op::Lt: case sem::Op::Le:
      case sem::Op::Gt: case sem::Op::Ge: case sem::Op::AddWrap: case sem::Op::SubWrap: case sem::Op::MulWrap:
      case sem::Op::Min: case sem::Op::Max: case sem::Op::Sqrt: case sem::Op::Floor: case sem::Op::Ceil:
      case sem::Op::Trunc: case sem::Op::ToBits: case sem::Op::FromBits: case sem::Op::Convert: break;
    }
  }

 public:
  Node* move_expr(const Expr* e) {
    Node* n = expr(e);
    if (n->kind == Kind::Local && n->type && check::type_kind(n->type) != check::Kind::Copy) n->moves = true;
    return n;
  }

  Node* view_expr(const Expr* e) {
    const Expr* p = peel(e);
    if (p->info && p->info->is_lending && p->kind != ExprKind::Part) {
      Node* n = mk(Kind::Lend, e->type, p->pos);
      n->kids.push_back(expr(p));
      guard(n, check::TrapKind::Part);
      return n;
    }
    return expr(p);
  }

  Node* constant(const Type* t, Pos pos, uint64_t bits) {
    Node* n = mk(Kind::Const, t, pos);
    n->bits = bits;
    if (t && t->kind == TypeKind::Scalar) n->sc = t->scalar;
    return n;
  }

  Node* name_like(const Expr* e) {
    const check::ExprInfo* in = e->info;
    switch (in->ref) {
      case check::NameRef::Local: {
        const check::LocalVar* l = in->local;
        bool borrow = l->origin == check::LocalVar::Origin::Param && l->type &&
                      l->type->kind == TypeKind::Borrow;
        Node* n = mk(borrow ? Kind::Deref : Kind::Local, e->type, e->pos);
        n->slot = l->id;
        return n;
      }
      case check::NameRef::Const:
      case check::NameRef::Natural: {
        if (in->folded) return constant(e->type, e->pos, const_bits(*in->folded));
        if (in->constant && in->constant->value) return constant(e->type, e->pos, const_bits(*in->constant->value));
        return constant(e->type, e->pos, in->natural);
      }
      case check::NameRef::Fn: {
        Node* n = mk(Kind::FnRef, e->type, e->pos);
        n->fn = in->fn;
        return n;
      }
      case check::NameRef::Variant: {
        Node* n = mk(Kind::Variant, e->type, e->pos);
        n->index = in->variant;
        return n;
      }
      case check::NameRef::None: case check::NameRef::Module: case check::NameRef::Type: break;
    }
    throw std::runtime_error("ir: unresolved name " + e->text);
  }

  Node* literal(const Expr* e) {
    const check::ExprInfo* in = e->info;
    if (in && in->folded) {
      Node* n = constant(e->type, e->pos, const_bits(*in->folded));
      if (e->kind == ExprKind::CharLit) n->index = 1;
      return n;
    }
    uint64_t v = e->kind == ExprKind::BoolLit ? (e->bool_value ? 1 : 0) : e->int_value;
    if (e->negative) v = 0 - v;
    Node* n = constant(e->type, e->pos, v);
    if (e->kind == ExprKind::CharLit) n->index = 1;
    return n;
  }

  Node* expr(const Expr* e) {
    switch (e->kind) {
      case ExprKind::Paren: return expr(e->a);
      case ExprKind::IntLit:
      case ExprKind::CharLit:
      case ExprKind::BoolLit:
      case ExprKind::FloatLit: return literal(e);
      case ExprKind::StringLit: {
        Node* n = mk(Kind::String, e->type, e->pos);
        n->text = e->text;
        return n;
      }
      case ExprKind::Name: return name_like(e);
      case ExprKind::Field: {
        if (e->info && e->info->is_field) {
          Node* n = mk(Kind::Field, e->type, e->pos);
          n->kids.push_back(expr(e->a));
          n->index = e->info->field;
          return n;
        }
        return name_like(e);
      }
      case ExprKind::Index: {
        if (e->info && e->info->ref == check::NameRef::Fn) return name_like(e);  // an instance as a value: scale[4]
        Node* n = mk(Kind::Index, e->type, e->pos);
        n->kids.push_back(expr(e->a));
        n->kids.push_back(expr(e->args.at(0)));
        guard(n, check::TrapKind::Bounds);
        return n;
      }
      case ExprKind::Part: {
        Node* n = mk(Kind::Part, e->type, e->pos);
        n->kids.push_back(view_expr(e->a));
        n->kids.push_back(expr(e->b));
        n->kids.push_back(expr(e->c));
        guard(n, check::TrapKind::Part);
        return n;
      }
      case ExprKind::Unary: {
        if (e->a && (peel(e->a)->kind == ExprKind::IntLit || peel(e->a)->kind == ExprKind::FloatLit) &&
            e->info && e->info->folded && e->un == ast::UnOp::Neg)
          return constant(e->type, e->pos, const_bits(*e->info->folded));
        Node* n = mk(Kind::Unary, e->type, e->pos);
        n->kids.push_back(expr(e->a));
        n->sc = e->a->type->scalar;
        n->op = ast::unop_row(e->un).op;
        guard_op(n);
        return n;
      }
      case ExprKind::Binary: return binary(e);
      case ExprKind::Call: return call(e);
      case ExprKind::Try: {
        Node* n = mk(Kind::Try, e->type, e->pos);
        n->kids.push_back(move_expr(e->a));
        return n;
      }
      case ExprKind::Compact: return compact(e);
      case ExprKind::Reduce: return reduce(e);
      case ExprKind::Unsupported: break;
    }
    throw std::runtime_error("ir: unsupported expression");
  }

  Node* binary(const Expr* e) {
    if (!ast::binop_op(e->bin)) {  // && and ||: no ops.def row, they short-circuit
      Node* n = mk(e->bin == ast::BinOp::And ? Kind::And : Kind::Or, e->type, e->pos);
      n->kids.push_back(expr(e->a));
      n->kids.push_back(expr(e->b));
      return n;
    }
    Node* n = mk(Kind::Binary, e->type, e->pos);
    n->kids.push_back(expr(e->a));
    n->kids.push_back(expr(e->b));
    const Type* t = e->a->type;
    n->sc = t->kind == TypeKind::Scalar ? t->scalar : check::Scalar::U32;  // tag-only enums compare tags
    n->op = *ast::binop_op(e->bin);  // && and || were built above
    guard_op(n);
    return n;
  }

  std::vector<Expr*> call_args(const Expr* e) {
    const check::ExprInfo* in = e->info;
    if (!in->full_args.empty() || in->is_method) return in->full_args;
    return e->args;
  }

  Node* arg(const Expr* a, PassMode mode) {
    switch (mode) {
      case PassMode::Copy: return expr(a);
      case PassMode::Move: return move_expr(a);
      case PassMode::BorrowRo:
      case PassMode::BorrowRw: {
        Node* v = expr(a);
        bool place = v->kind == Kind::Local || v->kind == Kind::Deref || v->kind == Kind::Field ||
                     v->kind == Kind::Index;
        if (place && v->kind == Kind::Field) place = field_is_place(v);
        Node* n = mk(place ? Kind::ArgRef : Kind::ArgTemp, a->type, a->pos);
        n->kids.push_back(v);
        return n;
      }
      case PassMode::ViewRo:
      case PassMode::ViewRw: {
        Node* n = mk(Kind::ArgView, a->type, a->pos);
        n->kids.push_back(view_expr(a));
        return n;
      }
      case PassMode::OmittedExtent: break;
    }
    return nullptr;
  }

  static bool field_is_place(const Node* v) {
    while (v->kind == Kind::Field) v = v->kids[0];
    return v->kind == Kind::Local || v->kind == Kind::Deref || v->kind == Kind::Index;
  }

  // Fills argument nodes for a call of a function with signature `params` (nullptr: indirect).
  void call_arguments(Node* n, const Expr* e, const check::FnInfo* callee) {
    std::vector<Expr*> args = call_args(e);
    const auto& modes = e->info->modes;
    for (size_t i = 0; i < args.size(); ++i) {
      PassMode mode = i < modes.size() ? modes[i] : PassMode::Copy;
      if (!args[i] || mode == PassMode::OmittedExtent) {
        Node* x = mk(Kind::Extent, p_.types.scalar(check::Scalar::Usize), e->pos);
        x->index = UINT32_MAX;
        if (callee) {
          for (size_t j = 0; j < callee->params.size(); ++j)
            if (callee->params[j].extent.kind == check::ExtentSpec::Kind::Param &&
                callee->params[j].extent.value == i) {
              x->index = static_cast<uint32_t>(j);
              break;
            }
        }
        n->kids.push_back(x);
        continue;
      }
      n->kids.push_back(arg(args[i], mode));
    }
  }

  Node* call(const Expr* e);
  Node* builtin(const Expr* e);
  Node* compact(const Expr* e);
  Node* reduce(const Expr* e);
};

Node* Builder::call(const Expr* e) {
  const check::ExprInfo* in = e->info;
  switch (in->call) {
    case CallKind::Direct: {
      Node* n = mk(Kind::Call, e->type, e->pos);
      n->fn = in->fn;
      call_arguments(n, e, in->fn);
      guard(n, check::TrapKind::Stack);
      return n;
    }
    case CallKind::Indirect: {
      Node* n = mk(Kind::CallIndirect, e->type, e->a ? peel(e->a)->pos : e->pos);
      n->kids.push_back(expr(e->a));
      call_arguments(n, e, nullptr);
      guard(n, check::TrapKind::NullFn);
      return n;
    }
    case CallKind::Record: {
      Node* n = mk(Kind::Record, e->type, e->pos);
      for (const Expr* a : call_args(e)) n->kids.push_back(move_expr(a));
      return n;
    }
    case CallKind::Variant: {
      Node* n = mk(Kind::Variant, e->type, e->pos);
      n->index = in->variant;
      for (const Expr* a : call_args(e)) n->kids.push_back(move_expr(a));
      return n;
    }
    case CallKind::Conversion: {
      std::vector<Expr*> args = call_args(e);
      Node* n = mk(Kind::Convert, e->type, e->a ? peel(e->a)->pos : e->pos);
      n->kids.push_back(expr(args.at(0)));
      n->op = sem::Op::Convert;
      n->sc = e->type->scalar;
      n->sc2 = args[0]->type->scalar;
      if (sem::rules::conversion_guarded(n->sc2, n->sc)) guard(n, check::TrapKind::Conversion);
      return n;
    }
    case CallKind::Builtin: return builtin(e);
    case CallKind::BufNew: {
      const Expr* c = e->a ? peel(e->a) : nullptr;
      while (c && c->kind == ExprKind::Index && c->a) c = peel(c->a);
      Node* n = mk(Kind::BufNew, e->type, c ? c->pos : e->pos);
      n->elem = e->type->elem;
      n->kids.push_back(expr(call_args(e).at(0)));
      guard(n, check::TrapKind::Alloc);
      return n;
    }
    case CallKind::ArrayNew: {
      Node* n = mk(Kind::ArrayNew, e->type, e->pos);
      n->elem = e->type->elem;
      n->length = e->type->length;
      return n;
    }
    case CallKind::None: break;
  }
  throw std::runtime_error("ir: unresolved call");
}

Node* Builder::builtin(const Expr* e) {
  using check::Builtin;
  const check::ExprInfo* in = e->info;
  std::vector<Expr*> args = call_args(e);
  Pos name_pos = e->a ? peel(e->a)->pos : e->pos;
  if (in->is_method && e->a && peel(e->a)->kind == ExprKind::Field) name_pos = peel(e->a)->binder.pos;
  auto scalar_op = [&](sem::Op op, check::Scalar sc) {
    Node* n = mk(Kind::Builtin, e->type, name_pos);
    n->op = op;
    n->sc = sc;
    for (const Expr* a : args) n->kids.push_back(expr(a));
    guard_op(n);
    return n;
  };
  check::Scalar a0 = !args.empty() && args[0] && args[0]->type && args[0]->type->kind == TypeKind::Scalar
                         ? args[0]->type->scalar
                         : check::Scalar::U64;
  switch (in->builtin) {
    case Builtin::Len: {
      Node* n = mk(Kind::Len, e->type, name_pos);
      n->kids.push_back(expr(args.at(0)));
      return n;
    }
    case Builtin::AddWrap: case Builtin::SubWrap: case Builtin::MulWrap: case Builtin::ShlWrap: case Builtin::Shr:
    case Builtin::Min: case Builtin::Max: case Builtin::Abs: case Builtin::Sqrt: case Builtin::Floor:
    case Builtin::Ceil: case Builtin::Trunc: case Builtin::ToBits: case Builtin::FromBits: {
      // a scalar builtin is its ops.def row, on the operand type (ToBits/FromBits: the source's)
      const sem::Op op = *check::builtin_op(in->builtin);
      return scalar_op(op, sem::op_row(op).result == sem::Result::Bits ? a0 : e->type->scalar);
    }
    case Builtin::Take: {
      Node* n = mk(Kind::Take, e->type, name_pos);
      n->kids.push_back(expr(args.at(0)));
      return n;
    }
    case Builtin::Swap: {
      Node* n = mk(Kind::Swap, e->type, name_pos);
      n->kids.push_back(expr(args.at(0)));
      n->kids.push_back(expr(args.at(1)));
      return n;
    }
    case Builtin::Print:
    case Builtin::Println:
    case Builtin::Eprint:
    case Builtin::Eprintln: {
      Node* n = mk(Kind::Print, e->type, name_pos);
      n->newline = in->builtin == Builtin::Println || in->builtin == Builtin::Eprintln;
      n->to_stderr = in->builtin == Builtin::Eprint || in->builtin == Builtin::Eprintln;
      for (const Expr* a : args) n->kids.push_back(view_expr(a));
      return n;
    }
    case Builtin::Format: {
      Node* n = mk(Kind::Format, e->type, name_pos);
      n->kids.push_back(expr(args.at(0)));
      for (size_t i = 1; i < args.size(); ++i) n->kids.push_back(view_expr(args[i]));
      guard(n, check::TrapKind::Part);
      return n;
    }
    case Builtin::Assert:
    case Builtin::AssertEq: {
      bool eq = in->builtin == Builtin::AssertEq;
      Node* n = mk(eq ? Kind::AssertEq : Kind::Assert, e->type, name_pos);
      size_t nv = eq ? 2 : 1;
      for (size_t i = 0; i < nv && i < args.size(); ++i) n->kids.push_back(expr(args[i]));
      if (args.size() > nv && args[nv]) {
        n->has_message = true;
        n->text = peel(args[nv])->text;
      }
      if (eq) n->sc = args[0]->type->kind == TypeKind::Scalar ? args[0]->type->scalar : check::Scalar::U64;
      guard(n, check::TrapKind::Assert);
      return n;
    }
  }
  throw std::runtime_error("ir: unknown builtin");
}

Node* Builder::compact(const Expr* e) {
  Node* n = mk(Kind::Compact, e->type, e->pos);
  n->slot = e->info && e->info->binder ? e->info->binder->id : kNoSlot;
  n->kids.push_back(expr(e->a));
  n->kids.push_back(e->b ? expr(e->b) : constant(p_.types.scalar(check::Scalar::Usize), e->pos, 0));
  n->kids.push_back(expr(e->c));
  n->kids.push_back(expr(e->d));
  n->kids.push_back(move_expr(e->e));
  guard(n, check::TrapKind::Bounds);
  return n;
}

Node* Builder::reduce(const Expr* e) {
  Node* n = mk(Kind::Reduce, e->type, e->pos);
  n->slot = e->info && e->info->binder ? e->info->binder->id : kNoSlot;
  n->kids.push_back(e->b ? expr(e->b) : constant(p_.types.scalar(check::Scalar::Usize), e->pos, 0));
  n->kids.push_back(expr(e->c));
  n->kids.push_back(expr(e->e));
  n->sc = e->type->kind == TypeKind::Scalar ? e->type->scalar : check::Scalar::U64;
  // The fold's row: the checker admitted the operator (an operator token or a builtin's name).
  std::string spelling = e->reduce_is_binop ? ast::binop_spelling(e->bin) : e->text;
  for (size_t f = 0; f <= static_cast<size_t>(sem::Fold::Or); ++f)
    if (spelling == sem::fold_row(static_cast<sem::Fold>(f)).spelling) n->fold = static_cast<sem::Fold>(f);
  n->op = sem::fold_row(n->fold).op;
  guard_op(n);
  return n;
}

// Marks the guards of one function's nodes the checker proved safe: every guard site the checker recorded at
// the node's position for its trap kind must be proven (a division's overflow site counts with its
// divide-by-zero site: both guard the one operation).
void mark_proven(std::deque<Node>& nodes, size_t from, size_t to, const check::FnInfo& f) {
  if (!f.body) return;
  std::map<std::pair<Pos, int>, std::pair<bool, bool>> sites;  // (pos, kind) -> (any, all proven)
  auto key = [](Pos p, check::TrapKind k) { return std::make_pair(p, static_cast<int>(k)); };
  for (const check::GuardSite& g : f.body->guards) {
    auto& [any, all] = sites.try_emplace(key(g.pos, g.kind), false, true).first->second;
    any = true;
    all = all && g.proven_safe;
  }
  for (size_t i = from; i < to; ++i) {
    Node& n = nodes[i];
    if (!n.has_guard) continue;
    bool any = false, all = true;
    auto look = [&](check::TrapKind k) {
      auto it = sites.find(key(n.pos, k));
      if (it == sites.end()) return;
      any = any || it->second.first;
      all = all && it->second.second;
    };
    look(n.trap);
    bool divides = (n.kind == Kind::Binary || n.kind == Kind::Compound) && (n.op == sem::Op::Div || n.op == sem::Op::Rem);
    if (divides && n.trap != check::TrapKind::Overflow) look(check::TrapKind::Overflow);
    n.proven_safe = any && all;
  }
}

}  // namespace

Module build_ir(const check::Program& program) {
  Module m;
  m.program = &program;
  for (const check::FnInfo* f : program.body_order) {
    if (!f->body || !f->decl || f->body_refused) continue;
    m.index[f] = static_cast<uint32_t>(m.fns.size());
    m.fns.emplace_back();
  }
  for (const check::FnInfo* f : program.body_order) {
    auto it = m.index.find(f);
    if (it == m.index.end()) continue;
    size_t first = m.nodes.size();
    Builder b(m, program, *f);
    b.build(m.fns[it->second]);
    mark_proven(m.nodes, first, m.nodes.size(), *f);
    place_unwinds(m, m.fns[it->second]);
  }
  // pre-resolve call targets and plans (the interpreter never looks them up at run time)
  auto idx = [&m](const check::FnInfo* f) {
    auto it = m.index.find(f);
    return it == m.index.end() ? kNoSlot : it->second;
  };
  for (Node& n : m.nodes)
    if ((n.kind == Kind::Call || n.kind == Kind::FnRef) && n.fn) n.callee = idx(n.fn);
  for (Function& f : m.fns)
    if (f.info && f.info->planned) f.planned = idx(f.info->planned);
#ifndef NDEBUG
  auto faults = verify_ir(m);
  if (!faults.empty()) throw std::logic_error("ir verifier: " + faults.front());
#endif
  return m;
}

}  // namespace cairn::ir
