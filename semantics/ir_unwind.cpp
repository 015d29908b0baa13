// place_unwinds: makes block exits explicit — each exit carries the deferred calls it runs and the owners it
// releases (language.md §8.14, §12.4), so no consumer of the IR has to rediscover them.
#include "semantics/ir_unwind.h"

#include <algorithm>

namespace cairn::ir {

using check::TypeKind;

namespace {

bool affine(const check::Type* t) { return t && check::type_kind(t) == check::Kind::Affine; }

// One block being walked: its deferred calls and releasable owner slots so far, in declaration order.
struct Scope {
  std::vector<const Node*> defers;
  std::vector<uint32_t> owners;
  bool loop_body = false;  // the body block of a loop: where break/continue stop unwinding
};

class Placer {
 public:
  Placer(Module& m, Function& f) : m_(m), f_(f) {}

  void run() {
    if (!f_.body) return;
    Scope fn_scope;
    // by-value owner parameters belong to the function's body (§12.4)
    for (size_t i = 0; i < f_.param_slots.size(); ++i) {
      uint32_t s = f_.param_slots[i];
      bool borrow = i < f_.param_borrow.size() && f_.param_borrow[i];
      if (s != kNoSlot && !borrow && affine(local_type(s))) fn_scope.owners.push_back(s);
    }
    block(f_.body, std::move(fn_scope));
  }

 private:
  Module& m_;
  Function& f_;
  std::vector<Scope> scopes_;

  const check::Type* local_type(uint32_t slot) const {
    const auto& locals = f_.info->body->locals;
    return slot < locals.size() && locals[slot] ? locals[slot]->type : nullptr;
  }

  Node* clone(const Node* n) {
    Node* c = m_.make(n->kind, n->type, n->pos);
    *c = *n;
    for (Node*& k : c->kids) k = clone(k);
    return c;
  }

  // The unwind of leaving the innermost `depth` scopes, innermost first; nullptr when it runs nothing.
  Node* unwind(size_t depth, Pos pos) {
    Node* u = m_.make(Kind::Unwind, nullptr, pos);
    u->leaves = depth;
    for (size_t i = 0; i < depth; ++i) {
      const Scope& s = scopes_[scopes_.size() - 1 - i];
      for (auto d = s.defers.rbegin(); d != s.defers.rend(); ++d) {
        Node* e = m_.make(Kind::Eval, nullptr, (*d)->pos);
        e->kids.push_back(clone(*d));
        u->kids.push_back(e);
      }
      for (auto o = s.owners.rbegin(); o != s.owners.rend(); ++o) {
        Node* r = m_.make(Kind::Release, nullptr, pos);
        r->slot = *o;
        u->kids.push_back(r);
      }
    }
    return u->kids.empty() ? nullptr : u;
  }

  size_t to_loop() const {
    for (size_t i = scopes_.size(); i-- > 0;)
      if (scopes_[i].loop_body) return scopes_.size() - i;
    return 0;  // outside a loop (the checker refused it: E-LOOP-CONTROL)
  }

  static bool ends_abruptly(const Node* s) {
    return s->kind == Kind::Return || s->kind == Kind::Break || s->kind == Kind::Continue;
  }

  void block(Node* b, Scope scope) {
    scopes_.push_back(std::move(scope));
    for (Node* s : b->kids) {
      visit(s);
      declare(s);
    }
    if (b->kids.empty() || !ends_abruptly(b->kids.back())) b->unwind = unwind(1, b->pos);
    scopes_.pop_back();
  }

  // After statement s: what its block must run or release from now on.
  void declare(const Node* s) {
    Scope& sc = scopes_.back();
    switch (s->kind) {
      case Kind::Defer: sc.defers.push_back(s->kids[0]); break;
      case Kind::Let:
        if (affine(s->kids[0]->type)) sc.owners.push_back(s->slot);
        break;
      case Kind::Storage:
        if (s->buffer || affine(s->elem)) sc.owners.push_back(s->slot);
        break;
      case Kind::Unpack:
        for (uint32_t slot : s->slots)
          if (slot != kNoSlot && affine(local_type(slot))) sc.owners.push_back(slot);
        break;
      case Kind::Const: case Kind::Local: case Kind::Deref: case Kind::Field:
      case Kind::Index: case Kind::Unary: case Kind::Binary: case Kind::And: case Kind::Or:
      case Kind::Convert: case Kind::Call: case Kind::CallIndirect: case Kind::Builtin: case Kind::Record:
      case Kind::Variant: case Kind::BufNew: case Kind::ArrayNew: case Kind::String: case Kind::FnRef:
      case Kind::Part: case Kind::Lend: case Kind::Len: case Kind::Take: case Kind::Swap: case Kind::Print:
      case Kind::Format: case Kind::Assert: case Kind::AssertEq: case Kind::Compact: case Kind::Reduce:
      case Kind::Try: case Kind::ArgRef: case Kind::ArgTemp: case Kind::ArgView: case Kind::Extent:
      case Kind::Block: case Kind::Drop: case Kind::Assign: case Kind::Compound:
      case Kind::If: case Kind::While: case Kind::ForRange: case Kind::ForEach: case Kind::Match:
      case Kind::Arm: case Kind::Return: case Kind::Break: case Kind::Continue: case Kind::Eval:
      case Kind::Release: case Kind::Unwind: break;
    }
  }

  void body(Node* b, bool loop, uint32_t binder = kNoSlot) {
    Scope s;
    s.loop_body = loop;
    if (binder != kNoSlot && affine(local_type(binder))) s.owners.push_back(binder);
    block(b, std::move(s));
  }

  void visit(Node* n) {
    switch (n->kind) {
      case Kind::Block: block(n, Scope{}); return;
      case Kind::Defer: return;  // placed at the exits; the statement itself marks where it takes effect
      case Kind::If:
        visit(n->kids[0]);
        for (size_t i = 1; i < n->kids.size(); ++i) body(n->kids[i], false);
        return;
      case Kind::While:
        visit(n->kids[0]);
        body(n->kids[1], true);
        return;
      case Kind::ForRange:
        visit(n->kids[0]);
        visit(n->kids[1]);
        body(n->kids[2], true);
        return;
      case Kind::ForEach:
        visit(n->kids[0]);
        body(n->kids[1], true);
        return;
      case Kind::Match:
        visit(n->kids[0]);
        for (size_t i = 1; i < n->kids.size(); ++i) body(n->kids[i]->kids[0], false, n->kids[i]->slot);
        return;
      case Kind::Return: case Kind::Try:
        for (Node* k : n->kids) visit(k);
        n->unwind = unwind(scopes_.size(), n->pos);
        return;
      case Kind::Break: case Kind::Continue: n->unwind = unwind(to_loop(), n->pos); return;
      case Kind::Const: case Kind::Local: case Kind::Deref: case Kind::Field:
      case Kind::Index: case Kind::Unary: case Kind::Binary: case Kind::And: case Kind::Or:
      case Kind::Convert: case Kind::Call: case Kind::CallIndirect: case Kind::Builtin: case Kind::Record:
      case Kind::Variant: case Kind::BufNew: case Kind::ArrayNew: case Kind::String: case Kind::FnRef:
      case Kind::Part: case Kind::Lend: case Kind::Len: case Kind::Take: case Kind::Swap: case Kind::Print:
      case Kind::Format: case Kind::Assert: case Kind::AssertEq: case Kind::Compact: case Kind::Reduce:
      case Kind::ArgRef: case Kind::ArgTemp: case Kind::ArgView: case Kind::Extent:
      case Kind::Let: case Kind::Drop: case Kind::Unpack: case Kind::Storage: case Kind::Assign:
      case Kind::Compound: case Kind::Arm: case Kind::Eval: case Kind::Release: case Kind::Unwind:
        for (Node* k : n->kids) visit(k);
        return;
    }
  }
};

}  // namespace

void place_unwinds(Module& m, Function& f) { Placer(m, f).run(); }

}  // namespace cairn::ir
