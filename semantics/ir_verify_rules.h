// What each core IR kind promises, as tables for verify_ir: statement or expression, kid counts, guards, operators.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "semantics/ir.h"

namespace cairn::ir::verify {

bool is_statement(Kind k);  // Block .. Unwind in ir_kinds.def

struct Arity {
  size_t min = 0, max = 0;  // max SIZE_MAX: any number
  std::string text() const;
};
Arity arity(Kind k);

// The guard a node may carry (kind unset: none), fixed per kind or by its operator and scalar; `required` when
// the node can trap (a widening conversion may keep a guard that cannot fail).
struct GuardRule {
  std::optional<check::TrapKind> kind;
  bool required = false;
};
GuardRule guard_rule(const Node& n);
bool has_op(Kind k);  // Unary, Binary, Builtin, Compound, Reduce: `op` names a row of ops.def

// Operators each kind may hold: Unary - ! ~, Binary the infix ones, Builtin the named ones, Compound the
// arithmetic and bitwise ones, Reduce the ones of §8.16.
bool op_fits_kind(Kind k, sem::Op op);
size_t op_operands(sem::Op op);  // 1 or 2
bool is_shift(sem::Op op);       // second operand a usize count
// Kinds a `defer` may schedule (§8.14: a call).
bool is_call_form(Kind k);

// Types of nodes.
std::optional<check::Scalar> scalar_of(const Node* n);
bool is_scalar(const Node* n, check::Scalar s);
bool is_bool(const Node* n);
std::optional<check::Scalar> operand_scalar(const Node* n);  // a tag-only enum reads as u32
const check::Type* peel(const check::Type* t);               // through single borrows
bool is_sequence(const check::Type* t);                      // view, Buf or Array
bool reads_as_view(const Node* n);  // a sequence, or a Lend (build_ir types it as its lending record)
// The payload type of variant `index` of sum type `s` (type parameters replaced); nullptr: none or not known.
const check::Type* payload_type(const check::Type* s, uint32_t index);
bool is_place(const Node* n);                                // local, deref, index, field of a place
bool encoded(check::Scalar t, uint64_t bits);                // bits as ops.h encodes a value of t
std::string tname(const check::Type* t);

// The function under verification and where its faults go.
struct Ctx {
  const Module& m;
  const Function& f;
  std::vector<std::string>& faults;
  void fault(const Node* n, const std::string& why) const;  // "fn:line:col: kind: why"
  bool slot_ok(const Node* n, uint32_t s, bool optional, const char* what) const;  // kNoSlot when optional
  const check::Type* local_type(uint32_t s) const;  // the checker's type of local `s`
  void same_type(const Node* n, const check::Type* got, const check::Type* want, const std::string& what) const;
};

// The kind-specific checks of an expression whose kids are present (ir_verify_expr.cpp).
void check_expression(const Ctx& cx, const Node* n, const Node* parent, size_t at);

}  // namespace cairn::ir::verify
