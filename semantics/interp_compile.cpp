// The interpreter's compiler: each function's IR, once, into the closure tree of interp_code.h.
#include "semantics/interp_code.h"
#include "core/closed_set.h"

namespace cairn::sem {

using check::TypeKind;
using ir::Kind;
using ir::Node;

namespace {

// The kinds whose kids the compiled closures evaluate (the others run on the walker, kids included).
bool compiles_kids(Kind k) {
  switch (k) {
    case Kind::Field: case Kind::Index: case Kind::Unary: case Kind::Binary: case Kind::Builtin:
    case Kind::Convert: case Kind::And: case Kind::Or: case Kind::Call: case Kind::CallIndirect:
    case Kind::Record: case Kind::Variant: case Kind::ArgRef: case Kind::ArgTemp: case Kind::ArgView:
    case Kind::Len: return true;
    case Kind::Const: case Kind::Local: case Kind::Deref: case Kind::BufNew:
    case Kind::ArrayNew: case Kind::String: case Kind::FnRef: case Kind::Part: case Kind::Lend:
    case Kind::Take: case Kind::Swap: case Kind::Print: case Kind::Format: case Kind::Assert:
    case Kind::AssertEq: case Kind::Compact: case Kind::Reduce: case Kind::Try: case Kind::Extent:
    case Kind::Block: case Kind::Let: case Kind::Drop: case Kind::Unpack: case Kind::Storage:
    case Kind::Assign: case Kind::Compound: case Kind::If: case Kind::While: case Kind::ForRange:
    case Kind::ForEach: case Kind::Match: case Kind::Arm: case Kind::Return: case Kind::Break:
    case Kind::Continue: case Kind::Defer: case Kind::Eval: case Kind::Release: case Kind::Unwind: return false;
  }
  outside_closed_set("ir::Kind");
}

bool has_try(const Node* n) {
  if (n->kind == Kind::Try) return true;
  for (const Node* k : n->kids)
    if (has_try(k)) return true;
  return false;
}
// A `try` in a deferred call ends the caller's statement (the defers of a function's block run unguarded).
bool try_escapes(const Node* n) {
  if (n->kind == Kind::Defer) return has_try(n);
  for (const Node* k : n->kids)
    if (try_escapes(k)) return true;
  return false;
}

// The subtree may end the function through `try` (a TryReturn a block catches): a Try node, a call through a
// plan (its condition is evaluated in the caller), a call whose callee lets a `try` escape, an indirect call.
bool may_try(const Node* n, const std::vector<bool>& escapes) {
  if (n->kind == Kind::Try || n->kind == Kind::CallIndirect) return true;
  if (n->kind == Kind::Call && (!n->fn || n->fn->planned || n->callee == ir::kNoSlot || escapes[n->callee]))
    return true;
  for (const Node* k : n->kids)
    if (may_try(k, escapes)) return true;
  return false;
}

// The subtree holds a call (its unwinds included): the only nodes that run a function.
bool has_call(const Node* n) {
  if (n->kind == Kind::Call || n->kind == Kind::CallIndirect) return true;
  for (const Node* k : n->kids)
    if (has_call(k)) return true;
  return n->unwind && has_call(n->unwind);
}

class Compiler {
 public:
  Compiler(const ir::Module& m, Code& code) : m_(m), code_(code) {
    for (const ir::Function& f : m.fns) {
      escapes_.push_back(f.body && try_escapes(f.body));
      calls_.push_back(f.body && has_call(f.body));
    }
  }

  const CNode* block(const Node* n) {
    CNode* c = make(n);
    for (const Node* s : n->kids) {
      if (s->kind == Kind::Defer) continue;  // it runs where the IR placed its copies (the exits' unwinds)
      c->kids.push_back(stmt(s));
      if (may_try(s, escapes_)) c->flag = true;
    }
    c->exit = unwind(n);
    if (c->kids.size() == 1) c->a = c->kids[0];
    c->ex = block_closure(*c);
    return c;
  }

  // An exit's Unwind: each placed deferred call (Eval) and release compiled as a statement.
  const CNode* unwind(const Node* n) {
    if (!n->unwind) return nullptr;
    CNode* u = make(n->unwind);
    for (const Node* k : n->unwind->kids) u->kids.push_back(stmt(k));
    return u;
  }

  const CNode* stmt(const Node* n) {
    if (n->kind == Kind::Block) return block(n);
    CNode* c = make(n);
    auto kid = [&](size_t i) { return i < n->kids.size() ? expr(n->kids[i]) : nullptr; };
    auto body = [&](size_t i) { return i < n->kids.size() ? block(n->kids[i]) : nullptr; };
    switch (n->kind) {
      case Kind::Let: case Kind::Drop: case Kind::Eval: case Kind::Return: case Kind::ForEach:
      case Kind::Defer: c->a = kid(0); break;
      case Kind::Assign: case Kind::Compound:
        c->a = kid(0);
        c->b = kid(1);
        break;
      case Kind::If:
        c->a = kid(0);
        c->b = body(1);
        c->c = body(2);
        break;
      case Kind::While:
        c->a = kid(0);
        c->b = body(1);
        break;
      case Kind::ForRange:
        c->a = kid(0);
        c->b = kid(1);
        c->c = body(2);
        break;
      case Kind::Match:
        c->a = kid(0);
        for (size_t i = 1; i < n->kids.size(); ++i) {
          const Node* arm = n->kids[i];
          CNode* ac = make(arm);
          ac->index = arm->index;
          ac->scalar = payload_is_scalar(n->kids[0]->type, arm->index);  // the binder holds no store
          ac->rep = payload_rep(n->kids[0]->type, arm->index);
          ac->a = block(arm->kids[0]);
          c->kids.push_back(ac);
        }
        break;
      case Kind::Const: case Kind::Local: case Kind::Deref: case Kind::Field:
      case Kind::Index: case Kind::Unary: case Kind::Binary: case Kind::And: case Kind::Or:
      case Kind::Convert: case Kind::Call: case Kind::CallIndirect: case Kind::Builtin: case Kind::Record:
      case Kind::Variant: case Kind::BufNew: case Kind::ArrayNew: case Kind::String: case Kind::FnRef:
      case Kind::Part: case Kind::Lend: case Kind::Len: case Kind::Take: case Kind::Swap: case Kind::Print:
      case Kind::Format: case Kind::Assert: case Kind::AssertEq: case Kind::Compact: case Kind::Reduce:
      case Kind::Try: case Kind::ArgRef: case Kind::ArgTemp: case Kind::ArgView: case Kind::Extent:
      case Kind::Block: case Kind::Unpack: case Kind::Storage: case Kind::Arm:
      case Kind::Break: case Kind::Continue: case Kind::Release: case Kind::Unwind: break;
    }
    if (n->kind == Kind::ForEach) c->b = body(1);
    select_stmt(*c);
    if (n->kind == Kind::Return || n->kind == Kind::Break || n->kind == Kind::Continue) {
      c->exit = unwind(n);
      if (c->exit) {
        c->inner = c->ex;
        c->ex = &ex_exit;
        c->no_temps = false;
      }
    }
    return c;
  }

  const CNode* expr(const Node* n) {
    CNode* c = make(n);
    if (compiles_kids(n->kind)) {
      for (const Node* k : n->kids) c->kids.push_back(expr(k));
      if (!c->kids.empty()) c->a = c->kids[0];
      if (c->kids.size() > 1) c->b = c->kids[1];
      if (c->kids.size() > 2) c->c = c->kids[2];
    }
    if (n->kind == Kind::Call && n->callee != ir::kNoSlot) {
      c->fn = &m_.fns[n->callee];
      c->body = &code_.bodies[n->callee];
      c->store_slots = &code_.store_slots[n->callee];
      c->leaf = !calls_[n->callee];
      for (const Node* k : n->kids)
        if (has_call(k)) c->leaf = false;
    }
    if (n->kind == Kind::Local) c->flag = n->moves || moves_.count(n);
    select_expr(*c);
    return c;
  }

 private:
  CNode* make(const Node* n) {
    code_.nodes.emplace_back();
    CNode* c = &code_.nodes.back();
    c->n = n;
    c->pos = n->pos;
    c->slot = n->slot;
    c->slot2 = n->slot2;
    c->imm = n->kind == Kind::Const ? n->bits : 0;  // KCon, sc_const
    const check::Type* t = n->type;
    c->scalar = t && t->kind == TypeKind::Scalar;
    c->deep = t && (t->kind == TypeKind::Record || t->kind == TypeKind::Sum || t->kind == TypeKind::Array) &&
              check::type_kind(t) == check::Kind::Copy;
    return c;
  }

  const ir::Module& m_;
  Code& code_;
  std::vector<bool> escapes_;  // per function: a `try` may escape its body
  std::vector<bool> calls_;    // per function: its body holds a call

 public:
  std::unordered_set<const Node*> moves_;  // the current function's last uses
};

}  // namespace

std::unique_ptr<Code> compile_module(const ir::Module& m) {
  auto code = std::make_unique<Code>();
  Compiler cc(m, *code);
  code->bodies.assign(m.fns.size(), nullptr);  // sized first: calls refer to their callee's entry
  for (const ir::Function& f : m.fns) code->store_slots.push_back(store_slots(f));
  for (size_t i = 0; i < m.fns.size(); ++i) {
    const ir::Function& f = m.fns[i];
    cc.moves_.clear();
    find_last_uses(f, cc.moves_);
    if (f.body) code->bodies[i] = cc.block(f.body);
  }
  link_calls(*code);
  return code;
}

}  // namespace cairn::sem
