// verify_ir: the invariants each core IR kind promises (ir_kinds.def): tree shape, statements, guards, exits.
#include <cstring>
#include <optional>
#include <set>
#include <string>

#include "semantics/ir_verify_rules.h"
#include "core/closed_set.h"

namespace cairn::ir {
namespace {

using check::Scalar;
using check::TrapKind;
using check::Type;
using check::TypeKind;
using namespace verify;

// What a parent expects of the kid at one position (Unwind: the `unwind` of an exit; Exit: a kid of an Unwind).
enum class Want : uint8_t { Expr, Stmt, Block, Arm, Unwind, Exit };

Want want_of(Kind parent, size_t i) {
  switch (parent) {
    case Kind::Block: return Want::Stmt;
    case Kind::If: return i == 0 ? Want::Expr : Want::Block;
    case Kind::While: case Kind::ForEach: return i == 0 ? Want::Expr : Want::Block;
    case Kind::ForRange: return i < 2 ? Want::Expr : Want::Block;
    case Kind::Match: return i == 0 ? Want::Expr : Want::Arm;
    case Kind::Arm: return Want::Block;
    case Kind::Unwind: return Want::Exit;
    case Kind::Const: case Kind::Local: case Kind::Deref: case Kind::Field: case Kind::Index:
    case Kind::Unary: case Kind::Binary: case Kind::And: case Kind::Or: case Kind::Convert: case Kind::Call:
    case Kind::CallIndirect: case Kind::Builtin: case Kind::Record: case Kind::Variant: case Kind::BufNew:
    case Kind::ArrayNew: case Kind::String: case Kind::FnRef: case Kind::Part: case Kind::Lend:
    case Kind::Len: case Kind::Take: case Kind::Swap: case Kind::Print: case Kind::Format: case Kind::Assert:
    case Kind::AssertEq: case Kind::Compact: case Kind::Reduce: case Kind::Try: case Kind::ArgRef:
    case Kind::ArgTemp: case Kind::ArgView: case Kind::Extent: case Kind::Let:
    case Kind::Drop: case Kind::Unpack: case Kind::Storage: case Kind::Assign: case Kind::Compound:
    case Kind::Return: case Kind::Break: case Kind::Continue: case Kind::Defer: case Kind::Eval:
    case Kind::Release: return Want::Expr;
  }
  outside_closed_set("ir::Kind");
}

bool is_loop(Kind k) { return k == Kind::While || k == Kind::ForRange || k == Kind::ForEach; }
bool has_exit(Kind k) {
  return k == Kind::Block || k == Kind::Return || k == Kind::Try || k == Kind::Break || k == Kind::Continue;
}

class Verifier {
 public:
  Verifier(const Module& m, std::vector<std::string>& faults) : m_(m), faults_(faults) {}

  void function(const Function& f) {
    f_ = &f;
    Ctx cx{m_, f, faults_};
    cx_ = &cx;
    blocks_ = 0;
    loop_base_.clear();
    owners_.clear();
    const std::string name = f.info ? f.info->qualified : std::string("?");
    auto whole = [&](const std::string& why) { faults_.push_back(name + ": " + why); };
    if (!f.info) return whole("function without its FnInfo");
    if (!f.body || f.body->kind != Kind::Block) whole("body is not a block");
    if (f.param_slots.size() != f.info->params.size() || f.param_borrow.size() != f.param_slots.size())
      whole("param_slots/param_borrow do not match the parameter count");
    for (uint32_t s : f.param_slots)
      if (s >= f.slots) whole("parameter slot %" + std::to_string(s) + " out of range");
    if (f.info->body && f.slots != f.info->body->locals.size()) whole("frame size is not the local count");
    if (f.info->planned) {
      if (f.planned >= m_.fns.size() || m_.fns[f.planned].info != f.info->planned) whole("plan not resolved");
    } else if (f.planned != kNoSlot) {
      whole("a plan index without a plan");
    }
    if (f.body) visit(f.body, nullptr, 0, Want::Block);
    if (f.when) {
      visit(f.when, nullptr, 0, Want::Expr);
      if (!is_bool(f.when)) fault(f.when, "implementation condition is not bool");
    }
    cx_ = nullptr;
  }

 private:
  void fault(const Node* n, const std::string& why) { cx_->fault(n, why); }
  bool slot_ok(const Node* n, uint32_t s, bool optional, const char* what) {
    return cx_->slot_ok(n, s, optional, what);
  }
  const Type* local_type(uint32_t s) const { return cx_->local_type(s); }
  void same_type(const Node* n, const Type* got, const Type* want, const std::string& what) {
    cx_->same_type(n, got, want, what);
  }

  void visit(const Node* n, const Node* parent, size_t at, Want want) {
    if (!seen_.insert(n).second) return fault(n, "node reached twice (the IR is a tree, not a DAG)");
    bool stmt = is_statement(n->kind);
    if (want == Want::Expr && stmt) fault(n, "a statement where an expression is expected");
    bool exit_part = n->kind == Kind::Release || n->kind == Kind::Unwind;
    if (want == Want::Stmt && (!stmt || n->kind == Kind::Arm || exit_part)) fault(n, "not a statement of a block");
    if (want == Want::Block && n->kind != Kind::Block) fault(n, "a block is expected here");
    if (want == Want::Arm && n->kind != Kind::Arm) fault(n, "match arms must be Arm nodes");
    if (n->kind == Kind::Arm && want != Want::Arm) fault(n, "an arm outside a match");
    if ((want == Want::Unwind) != (n->kind == Kind::Unwind))
      fault(n, want == Want::Unwind ? "an exit's unwind is not an Unwind" : "an unwind that is not an exit's");
    if (want == Want::Exit && n->kind != Kind::Eval && n->kind != Kind::Release)
      fault(n, "an unwind runs only deferred calls (Eval) and releases");
    if (n->kind == Kind::Release && want != Want::Exit) fault(n, "a release outside an unwind");
    if (n->unwind && !has_exit(n->kind)) fault(n, "an unwind on a node that is not an exit");
    if (stmt && n->type) fault(n, "a statement with a type");
    if (!stmt && !n->type) fault(n, "an expression without a type");
    if (!stmt && n->type && n->type->kind == TypeKind::Error) fault(n, "an expression of the error type");
    Arity a = arity(n->kind);
    bool shaped = n->kids.size() >= a.min && n->kids.size() <= a.max;
    if (!shaped) fault(n, "has " + std::to_string(n->kids.size()) + " kids, expected " + a.text());
    for (size_t i = 0; i < n->kids.size(); ++i)
      if (!n->kids[i]) {
        fault(n, "kid " + std::to_string(i) + " is null");
        shaped = false;
      }
    check_guard(n);
    if (shaped && stmt) statement(n);
    if (shaped && !stmt && n->type) check_expression(*cx_, n, parent, at);
    blocks_ += n->kind == Kind::Block;
    for (size_t i = 0; i < n->kids.size(); ++i) {
      if (!n->kids[i]) continue;
      Want w = want_of(n->kind, i);
      bool body = is_loop(n->kind) && w == Want::Block;
      if (body) loop_base_.push_back(blocks_);
      visit(n->kids[i], n, i, w);
      if (body) loop_base_.pop_back();
    }
    if (n->unwind) {
      visit(n->unwind, n, 0, Want::Unwind);
      leaves(n);
    }
    blocks_ -= n->kind == Kind::Block;
  }

  // The blocks an exit leaves: its own (a block's end), to the loop body (break, continue), all (return, try).
  void leaves(const Node* n) {
    uint64_t want = n->kind == Kind::Block ? 1
                    : n->kind == Kind::Break || n->kind == Kind::Continue
                        ? (loop_base_.empty() ? 0 : blocks_ - loop_base_.back())
                        : blocks_;
    if (n->unwind->leaves != want)
      fault(n->unwind, "leaves " + std::to_string(n->unwind->leaves) + " blocks, the exit leaves " + std::to_string(want));
  }

  void check_guard(const Node* n) {
    if (n->proven_safe && !n->has_guard) fault(n, "proven safe without a guard");
    GuardRule rule = guard_rule(*n);
    if (!rule.kind) {
      if (n->has_guard) fault(n, std::string("a guard (") + check::trap_name(n->trap) + ") on a node that cannot trap");
      return;
    }
    if (!n->has_guard) {
      if (rule.required) fault(n, std::string("missing guard ") + check::trap_name(*rule.kind));
      return;
    }
    if (n->trap != *rule.kind)
      fault(n, std::string("guard ") + check::trap_name(n->trap) + ", expected " + check::trap_name(*rule.kind));
    if (!n->pos.valid()) fault(n, "guard without a position");
    if (has_op(n->kind) && !sem::may_trap(n->op, *rule.kind))
      fault(n, std::string("ops.def does not list ") + check::trap_name(*rule.kind) + " for " + sem::op_row(n->op).name);
  }

  // ---- statements ----
  void statement(const Node* n) {
    const auto& k = n->kids;
    switch (n->kind) {
      case Kind::Block: return released(n);
      case Kind::Let:
        if (slot_ok(n, n->slot, false, "slot")) same_type(n, k[0]->type, local_type(n->slot), "the value");
        return;
      case Kind::Unpack: {
        const Type* r = k[0]->type;
        if (!r || r->kind != TypeKind::Record) return fault(n, "kid 0 is not a record");
        if (n->slots.size() != r->record->fields.size()) fault(n, "binder count is not the field count");
        for (uint32_t s : n->slots) slot_ok(n, s, true, "binder");
        return;
      }
      case Kind::Storage:
        // a buffer (or a stack of owners) is released though its name is a view (§12.4)
        if (slot_ok(n, n->slot, false, "slot") &&
            (n->buffer || (n->elem && check::type_kind(n->elem) != check::Kind::Copy)))
          owners_.insert(n->slot);
        if (!n->elem) fault(n, "no element type");
        if (!is_scalar(k[0], Scalar::Usize)) fault(n, "the capacity is not usize");
        return;
      case Kind::Assign:
        if (!is_place(k[0])) fault(n, "kid 0 is not a place");
        same_type(n, k[1]->type, k[0]->type, "the value");
        return;
      case Kind::Compound:
        if (!is_place(k[0])) fault(n, "kid 0 is not a place");
        if (!op_fits_kind(Kind::Compound, n->op))
          return fault(n, std::string(sem::op_row(n->op).name) + " has no compound form");
        if (!sem::in_typing_class(sem::op_row(n->op).typing, n->op, n->sc))
          fault(n, std::string(sem::op_row(n->op).name) + " is not defined on " + check::scalar_name(n->sc));
        if (scalar_of(k[0]) != n->sc || scalar_of(k[1]) != n->sc) fault(n, "an operand is not of scalar sc");
        return;
      case Kind::If:
      case Kind::While:
        if (!is_bool(k[0])) fault(n, "the condition is not bool");
        return;
      case Kind::ForRange:
        slot_ok(n, n->slot, true, "slot");
        if (!is_scalar(k[0], Scalar::Usize) || !is_scalar(k[1], Scalar::Usize)) fault(n, "a bound is not usize");
        return;
      case Kind::ForEach:
        slot_ok(n, n->slot, true, "slot");
        slot_ok(n, n->slot2, true, "slot2");
        if (!reads_as_view(k[0])) fault(n, "kid 0 is not a view, Buf or Array");
        return;
      case Kind::Match: return match(n);
      case Kind::Arm: slot_ok(n, n->slot, true, "binder"); return;
      case Kind::Return: {
        const Type* r = f_->info->result;
        bool is_void = !r || r->kind == TypeKind::Void;
        if (is_void && !k.empty()) return fault(n, "a value returned from a function without a result");
        if (!is_void && k.empty()) return fault(n, "no value returned from a function of result " + tname(r));
        if (!is_void) same_type(n, k[0]->type, r, "the value");
        return;
      }
      case Kind::Break:
      case Kind::Continue:
        if (loop_base_.empty()) fault(n, "outside a loop");
        return;
      case Kind::Defer:
        if (!is_call_form(k[0]->kind)) fault(n, std::string("defers a ") + kind_name(k[0]->kind) + ", not a call");
        return;
      case Kind::Eval:  // §8.13: a call or a try
        if (!is_call_form(k[0]->kind) && k[0]->kind != Kind::Try)
          fault(n, std::string("evaluates a ") + kind_name(k[0]->kind) + ", not a call");
        return;
      case Kind::Release:
        if (slot_ok(n, n->slot, false, "slot") && !owners_.count(n->slot) && local_type(n->slot) &&
            check::type_kind(local_type(n->slot)) == check::Kind::Copy)
          fault(n, "releases %" + std::to_string(n->slot) + ", a copy value");
        return;
      case Kind::Const: case Kind::Local: case Kind::Deref: case Kind::Field:
      case Kind::Index: case Kind::Unary: case Kind::Binary: case Kind::And: case Kind::Or:
      case Kind::Convert: case Kind::Call: case Kind::CallIndirect: case Kind::Builtin: case Kind::Record:
      case Kind::Variant: case Kind::BufNew: case Kind::ArrayNew: case Kind::String: case Kind::FnRef:
      case Kind::Part: case Kind::Lend: case Kind::Len: case Kind::Take: case Kind::Swap: case Kind::Print:
      case Kind::Format: case Kind::Assert: case Kind::AssertEq: case Kind::Compact: case Kind::Reduce:
      case Kind::Try: case Kind::ArgRef: case Kind::ArgTemp: case Kind::ArgView: case Kind::Extent:
      case Kind::Drop: case Kind::Unwind: return;
    }
  }

  // A block ends the scope only of the locals its own statements bind.
  void released(const Node* n) {
    std::set<uint32_t> bound;
    for (const Node* s : n->kids) {
      if (!s) continue;
      if (s->kind == Kind::Let || s->kind == Kind::Storage) bound.insert(s->slot);
      if (s->kind == Kind::Unpack) bound.insert(s->slots.begin(), s->slots.end());
    }
    for (uint32_t s : n->slots)
      if (slot_ok(n, s, false, "scope slot") && !bound.count(s))
        fault(n, "ends the scope of %" + std::to_string(s) + ", which none of its statements binds");
  }

  void match(const Node* n) {
    const Type* s = peel(n->kids[0]->type);
    if (!s || s->kind != TypeKind::Sum) return fault(n, "the subject is not a sum");
    std::set<uint32_t> arms;
    for (size_t i = 1; i < n->kids.size(); ++i) {
      const Node* a = n->kids[i];
      if (a->kind != Kind::Arm) continue;
      if (a->index >= s->sum->variants.size()) fault(a, "variant " + std::to_string(a->index) + " out of range");
      else if (a->slot != kNoSlot && !s->sum->variants[a->index].payload)
        fault(a, "a binder for a variant without payload");
      else if (a->slot != kNoSlot && a->slot < f_->slots && payload_type(s, a->index))
        same_type(a, local_type(a->slot), payload_type(s, a->index), "the binder");
      if (!arms.insert(a->index).second) fault(a, "a second arm for variant " + std::to_string(a->index));
    }
  }

  const Module& m_;
  std::vector<std::string>& faults_;
  const Function* f_ = nullptr;
  const Ctx* cx_ = nullptr;
  std::set<const Node*> seen_;  // over the whole module: no node belongs to two functions either
  uint64_t blocks_ = 0;                // blocks around the node being visited
  std::vector<uint64_t> loop_base_;    // per enclosing loop: blocks_ outside its body
  std::set<uint32_t> owners_;          // storage slots that own their elements
};

}  // namespace

std::vector<std::string> verify_ir(const Module& m) {
  std::vector<std::string> faults;
  for (size_t i = 0; i < m.fns.size(); ++i) {
    auto it = m.fns[i].info ? m.index.find(m.fns[i].info) : m.index.end();
    if (it == m.index.end() || it->second != i)
      faults.push_back((m.fns[i].info ? m.fns[i].info->qualified : std::string("?")) + ": not indexed at " +
                       std::to_string(i));
  }
  Verifier v(m, faults);
  for (const Function& f : m.fns) v.function(f);
  return faults;
}

}  // namespace cairn::ir
