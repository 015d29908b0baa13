// The core IR: the typed, desugared program the interpreter, the SMT encoder and the lowering read.
#pragma once
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <vector>

#include "front/check/expr_info.h"
#include "front/check/sema.h"
#include "core/ops.h"

namespace cairn::ir {

enum class Kind : uint8_t {
#define IR(k, name) k,
#include "semantics/ir_kinds.def"
#undef IR
};
const char* kind_name(Kind k);

constexpr uint32_t kNoSlot = 0xFFFFFFFFu;

// One node: an expression or a statement. Nodes live in their Module.
struct Node {
  Kind kind = Kind::Const;
  const check::Type* type = nullptr;  // value type (expressions); nullptr for statements
  Pos pos;                            // the token a guard's trap report names (§16.2)
  std::vector<Node*> kids;
  uint32_t slot = kNoSlot, slot2 = kNoSlot;
  std::vector<uint32_t> slots;        // Block: locals whose scope ends here; Unpack: binders
  uint64_t bits = 0;                  // Const: the bits of `type` (the core/ops.h encoding)
  uint64_t length = 0;                // ArrayNew: the array's length
  uint32_t leaves = 0;                // Unwind: how many blocks the exit leaves
  bool moves = false;                 // Local: the read moves the value out (an owner's last use)
  bool buffer = false;                // Storage: a buffer (allocated, may trap alloc) rather than a stack
  bool newline = false;               // Print: println / eprintln
  bool to_stderr = false;             // Print: eprint / eprintln
  bool has_message = false;           // Assert, AssertEq: `text` is the message
  uint32_t index = 0;
  sem::Op op = sem::Op::Add;
  sem::Fold fold = sem::Fold::Add;    // Reduce: the operator it folds with
  check::Scalar sc = check::Scalar::U64, sc2 = check::Scalar::U64;
  bool has_guard = false;             // the node carries a guard of `trap`
  bool proven_safe = false;           // ... which the checker proved cannot fail (§16.3): the lowering may omit it
  check::TrapKind trap = check::TrapKind::Overflow;
  const check::FnInfo* fn = nullptr;  // Call, FnRef
  const check::Type* elem = nullptr;  // BufNew/ArrayNew/Storage element type
  std::vector<uint32_t> view_of;      // Call: per argument, the parameter whose extent it must match (unused)
  std::string text;                   // String bytes; assert message
  uint32_t callee = kNoSlot;          // Call/FnRef: index of `fn` in Module::fns (resolved by build_ir)
  // Block (falling off its end), Return, Try, Break, Continue: the Unwind this exit runs — the deferred
  // calls and owner releases of every block it leaves, innermost first (nullptr: nothing to run)
  Node* unwind = nullptr;
};

struct Function {
  const check::FnInfo* info = nullptr;
  uint32_t slots = 0;                  // frame size
  std::vector<uint32_t> param_slots;   // one per parameter
  std::vector<bool> param_borrow;      // single borrow parameter: its slot holds a reference
  Node* body = nullptr;
  Node* when = nullptr;                // an implementation's condition (§17.2), over the parameter slots
  uint32_t planned = kNoSlot;          // index in Module::fns of info->planned (resolved by build_ir)
};

struct Module {
  const check::Program* program = nullptr;
  std::deque<Node> nodes;
  std::vector<Function> fns;  // body_order
  std::map<const check::FnInfo*, uint32_t> index;
  Node* make(Kind k, const check::Type* t, Pos p) {
    nodes.emplace_back();
    Node* n = &nodes.back();
    n->kind = k;
    n->type = t;
    n->pos = p;
    return n;
  }
  const Function* find(const check::FnInfo* f) const {
    auto it = index.find(f);
    return it == index.end() ? nullptr : &fns[it->second];
  }
};

// Builds the IR of every checked function (one entry function for the phase).
Module build_ir(const check::Program& program);
// Deterministic text dump (`cairn emit --dump=ir`).
std::string dump_ir(const Module& m);
// Checks the IR's invariants; returns the faults found (empty: valid).
std::vector<std::string> verify_ir(const Module& m);

}  // namespace cairn::ir
