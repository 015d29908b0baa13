// Compiled scalar operators: each (op, scalar) instantiates the one rule of ops_rules.h with the concrete
// domain at compile time, specialised for operands read straight from a slot or a constant.
#include <array>
#include <utility>

#include "core/domain_concrete.h"
#include "semantics/interp_code.h"
#include "core/ops_rules.h"

namespace cairn::sem {
namespace {

using check::Scalar;
using ir::Kind;

constexpr size_t kOps = 0
#define OP(k, spelling, typing, operands, result, traps, runtime, unchecked, form) +1
#include "core/ops.def"
#undef OP
    ;
constexpr size_t kScalars = 0
#define SCALAR(k, name, size, is_int, is_signed, is_float) +1
#include "core/scalars.def"
#undef SCALAR
    ;

// The rule of row O (the same dispatch as rules::apply_rule, resolved at compile time).
template <Op O>
inline uint64_t rule(ConcreteDomain& d, Scalar t, Scalar r, uint64_t a, uint64_t b) {
#define OP(k, spelling, typing, operands, result, traps, runtime, unchecked, form) \
  if constexpr (O == Op::k) return rules::rule_##k(d, t, r, a, b);
#include "core/ops.def"
#undef OP
  return a;
}

// eval_op(O, S, R, a, b) with the first failing guard reported at the node's position.
template <Op O, Scalar S, Scalar R>
inline uint64_t apply(Interp& in, const CNode* c, uint64_t a, uint64_t b) {
  ConcreteDomain d;
  uint64_t r = rule<O>(d, S, R, a, b);
  if (__builtin_expect(d.trapped, 0)) in.trap(d.trap, c->pos);
  return r;
}

// flatten: the rule and its domain primitives compile into the closure (no call per primitive).
template <Op O, Scalar S, Scalar R, class A, class B>
[[gnu::flatten]] uint64_t sc_bin(Interp& in, const CNode* c) {
  uint64_t x = A::get(in, c->a);
  uint64_t y = B::get(in, c->b);
  return apply<O, S, R>(in, c, x, y);
}
template <Op O, Scalar S, Scalar R, class A>
[[gnu::flatten]] uint64_t sc_un(Interp& in, const CNode* c) {
  return apply<O, S, R>(in, c, A::get(in, c->a), 0);
}
template <Op O, Scalar S>
[[gnu::flatten]] Flow ex_compound_local(Interp& in, const CNode* c) {
  uint64_t v = c->b->sc(in, c->b);
  Value& p = in.sl_[c->a->slot];
  p.b = apply<O, S, S>(in, c, p.b, v);
  return Flow::Normal;
}

// let slot = x op y / local = x op y / return x op y: the operator's rule inline in the statement.
template <Op O, Scalar S, class A, class B>
[[gnu::flatten]] Flow ex_let_bin(Interp& in, const CNode* c) {
  set_scalar_local(in.sl_[c->slot], sc_bin<O, S, S, A, B>(in, c->a));
  return Flow::Normal;
}
template <Op O, Scalar S, class A, class B>
[[gnu::flatten]] Flow ex_assign_bin(Interp& in, const CNode* c) {
  set_scalar_local(in.sl_[c->slot2], sc_bin<O, S, S, A, B>(in, c->b));
  return Flow::Normal;
}
template <Op O, Scalar S, class A, class B>
[[gnu::flatten]] Flow ex_return_bin(Interp& in, const CNode* c) {
  set_scalar(*in.ret_, sc_bin<O, S, S, A, B>(in, c->a));
  return Flow::Return;
}

// if / while whose condition (c->a) is a comparison: the comparison's rule inline in the branch.
template <Op O, Scalar S, class A, class B>
[[gnu::flatten]] Flow ex_if_cmp(Interp& in, const CNode* c) {
  const CNode* k = c->a;
  uint64_t x = A::get(in, k->a);
  uint64_t y = B::get(in, k->b);
  if (apply<O, S, S>(in, k, x, y)) return run_body(in, c->b);
  if (c->c) return run_body(in, c->c);
  return Flow::Normal;
}
template <Op O, Scalar S, class A, class B>
[[gnu::flatten]] Flow ex_while_cmp(Interp& in, const CNode* c) {
  const CNode* k = c->a;
  for (;;) {
    in.tick();
    uint64_t x = A::get(in, k->a);
    uint64_t y = B::get(in, k->b);
    if (!apply<O, S, S>(in, k, x, y)) break;
    Flow f = run_body_inline(in, c->b);
    if (f == Flow::Break) break;
    if (f == Flow::Return) return f;
  }
  return Flow::Normal;
}

// The (op, scalar) pairs the typing classes of ops.def allow get a closure of their own; others keep the generic
// one. A specialised closure computes with result type S, so FromBits and Convert, whose result is another
// scalar than the operand, stay generic.
constexpr bool binary_ok(Op o, Scalar s) { return op_row(o).operands == 2 && in_typing_class(op_row(o).typing, o, s); }
constexpr bool unary_ok(Op o, Scalar s) {
  return op_row(o).operands == 1 && o != Op::FromBits && o != Op::Convert && in_typing_class(op_row(o).typing, o, s);
}

template <size_t N>
using Row = std::array<ScFn, N>;

template <class A, class B, size_t O, size_t... S>
constexpr Row<kScalars> bin_row(std::index_sequence<S...>) {
  return {{[] {
    if constexpr (binary_ok(Op(O), Scalar(S))) return &sc_bin<Op(O), Scalar(S), Scalar(S), A, B>;
    else return ScFn{nullptr};
  }()...}};
}
template <class A, class B, size_t... O>
constexpr std::array<Row<kScalars>, kOps> bin_table(std::index_sequence<O...>) {
  return {{bin_row<A, B, O>(std::make_index_sequence<kScalars>())...}};
}
template <class A, size_t O, size_t... S>
constexpr Row<kScalars> un_row(std::index_sequence<S...>) {
  return {{[] {
    if constexpr (unary_ok(Op(O), Scalar(S))) return &sc_un<Op(O), Scalar(S), Scalar(S), A>;
    else return ScFn{nullptr};
  }()...}};
}
template <class A, size_t... O>
constexpr std::array<Row<kScalars>, kOps> un_table(std::index_sequence<O...>) {
  return {{un_row<A, O>(std::make_index_sequence<kScalars>())...}};
}
template <class A, size_t F, size_t... T>
constexpr Row<kScalars> conv_row(std::index_sequence<T...>) {
  return {{[] {
    if constexpr (Scalar(F) != Scalar::Bool && Scalar(T) != Scalar::Bool)
      return &sc_un<Op::Convert, Scalar(F), Scalar(T), A>;
    else return ScFn{nullptr};
  }()...}};
}
template <class A, size_t... F>
constexpr std::array<Row<kScalars>, kScalars> conv_table(std::index_sequence<F...>) {
  return {{conv_row<A, F>(std::make_index_sequence<kScalars>())...}};
}
template <size_t O, size_t... S>
constexpr std::array<ExFn, kScalars> compound_row(std::index_sequence<S...>) {
  return {{[] {
    if constexpr (binary_ok(Op(O), Scalar(S))) return &ex_compound_local<Op(O), Scalar(S)>;
    else return ExFn{nullptr};
  }()...}};
}
template <size_t... O>
constexpr std::array<std::array<ExFn, kScalars>, kOps> compound_table(std::index_sequence<O...>) {
  return {{compound_row<O>(std::make_index_sequence<kScalars>())...}};
}

enum StmtOp { kLetOp, kAssignOp, kReturnOp };
template <int K, class A, class B, size_t O, size_t... S>
constexpr std::array<ExFn, kScalars> stmt_row(std::index_sequence<S...>) {
  return {{[] {
    if constexpr (!binary_ok(Op(O), Scalar(S))) return ExFn{nullptr};
    else if constexpr (K == kReturnOp) return &ex_return_bin<Op(O), Scalar(S), A, B>;
    else if constexpr (K == kAssignOp) return &ex_assign_bin<Op(O), Scalar(S), A, B>;
    else return &ex_let_bin<Op(O), Scalar(S), A, B>;
  }()...}};
}
template <int K, class A, class B, size_t... O>
constexpr std::array<std::array<ExFn, kScalars>, kOps> stmt_table(std::index_sequence<O...>) {
  return {{stmt_row<K, A, B, O>(std::make_index_sequence<kScalars>())...}};
}

constexpr Op kCompares[] = {Op::Eq, Op::Ne, Op::Lt, Op::Le, Op::Gt, Op::Ge};
template <bool While, class B, size_t C, size_t... S>
constexpr std::array<ExFn, kScalars> branch_row(std::index_sequence<S...>) {
  return {{[] {
    constexpr Op o = kCompares[C];
    if constexpr (!binary_ok(o, Scalar(S))) return ExFn{nullptr};
    else if constexpr (While) return &ex_while_cmp<o, Scalar(S), KLoc, B>;
    else return &ex_if_cmp<o, Scalar(S), KLoc, B>;
  }()...}};
}
template <bool While, class B, size_t... C>
constexpr std::array<std::array<ExFn, kScalars>, 6> branch_table(std::index_sequence<C...>) {
  return {{branch_row<While, B, C>(std::make_index_sequence<kScalars>())...}};
}

using OpSeq = std::make_index_sequence<kOps>;
using ScSeq = std::make_index_sequence<kScalars>;
// [operand 0 kind: any, slot][operand 1 kind: any, slot, constant]
const std::array<Row<kScalars>, kOps> kBin[2][3] = {
    {bin_table<KAny, KAny>(OpSeq()), bin_table<KAny, KLoc>(OpSeq()), bin_table<KAny, KCon>(OpSeq())},
    {bin_table<KLoc, KAny>(OpSeq()), bin_table<KLoc, KLoc>(OpSeq()), bin_table<KLoc, KCon>(OpSeq())}};
const std::array<Row<kScalars>, kOps> kUn[2] = {un_table<KAny>(OpSeq()), un_table<KLoc>(OpSeq())};
const std::array<Row<kScalars>, kScalars> kConv[2] = {conv_table<KAny>(ScSeq()), conv_table<KLoc>(ScSeq())};
const std::array<std::array<ExFn, kScalars>, kOps> kCompound = compound_table(OpSeq());
using OpTable = std::array<std::array<ExFn, kScalars>, kOps>;
template <int K>
constexpr std::array<std::array<OpTable, 3>, 2> stmt_tables() {
  return {{{{stmt_table<K, KAny, KAny>(OpSeq()), stmt_table<K, KAny, KLoc>(OpSeq()),
             stmt_table<K, KAny, KCon>(OpSeq())}},
           {{stmt_table<K, KLoc, KAny>(OpSeq()), stmt_table<K, KLoc, KLoc>(OpSeq()),
             stmt_table<K, KLoc, KCon>(OpSeq())}}}};
}
// [let, assign, return][operand 0 kind: any, slot][operand 1 kind: any, slot, constant]
const std::array<std::array<OpTable, 3>, 2> kStmtBin[3] = {stmt_tables<kLetOp>(), stmt_tables<kAssignOp>(),
                                                           stmt_tables<kReturnOp>()};

// Operand pairs past kBin's, with a field of a slot's record (3) or a constant (2) as operand 0:
// [field, field], [field, constant], [slot, field], [constant, slot], [field, slot].
constexpr int kExtraPairs[5][2] = {{3, 3}, {3, 2}, {1, 3}, {2, 1}, {3, 1}};
const std::array<Row<kScalars>, kOps> kBinX[5] = {
    bin_table<KFld, KFld>(OpSeq()), bin_table<KFld, KCon>(OpSeq()), bin_table<KLoc, KFld>(OpSeq()),
    bin_table<KCon, KLoc>(OpSeq()), bin_table<KFld, KLoc>(OpSeq())};
template <int K>
constexpr std::array<OpTable, 5> stmt_tables_x() {
  return {{stmt_table<K, KFld, KFld>(OpSeq()), stmt_table<K, KFld, KCon>(OpSeq()), stmt_table<K, KLoc, KFld>(OpSeq()),
           stmt_table<K, KCon, KLoc>(OpSeq()), stmt_table<K, KFld, KLoc>(OpSeq())}};
}
// [let, assign, return][pair of kExtraPairs]
const std::array<OpTable, 5> kStmtBinX[3] = {stmt_tables_x<kLetOp>(), stmt_tables_x<kAssignOp>(),
                                             stmt_tables_x<kReturnOp>()};
// The operands' kinds: kBin's (0, 1, 2) or a field of a slot's record (3).
int kind_x(const CNode* k) { return is_field_of_local(k) ? 3 : operand_kind(k); }
// The index in kExtraPairs of the operands' kinds, -1 when kBin covers them.
int extra_pair(const CNode* a, const CNode* b) {
  int ka = kind_x(a), kb = kind_x(b);
  for (int i = 0; i < 5; ++i)
    if (kExtraPairs[i][0] == ka && kExtraPairs[i][1] == kb) return i;
  return -1;
}
// kBin's indexes of the operands' kinds (a field or a leading constant read as any expression).
int base_a(const CNode* a) { return operand_kind(a) == 1 ? 1 : 0; }
int base_b(const CNode* b) { return operand_kind(b); }

// [while][operand 1: slot, constant][comparison][scalar], operand 0 a slot
const std::array<std::array<ExFn, kScalars>, 6> kBranch[2][2] = {
    {branch_table<false, KLoc>(std::make_index_sequence<6>()), branch_table<false, KCon>(std::make_index_sequence<6>())},
    {branch_table<true, KLoc>(std::make_index_sequence<6>()), branch_table<true, KCon>(std::make_index_sequence<6>())}};

uint64_t sc_op_generic(Interp& in, const CNode* c) {
  uint64_t x = c->a->sc(in, c->a);
  uint64_t y = c->b ? c->b->sc(in, c->b) : 0;
  return in.op(c->n, c->op, c->s1, c->s2, x, y);
}
Flow ex_compound_generic(Interp& in, const CNode* c) {
  uint64_t v = c->b->sc(in, c->b);
  Value& p = in.sl_[c->a->slot];
  p.b = in.op(c->n, c->op, c->s1, c->s1, p.b, v);
  return Flow::Normal;
}

}  // namespace

int operand_kind(const CNode* k) {
  const ir::Node* n = k->n;
  bool scalar = n->type && n->type->kind == check::TypeKind::Scalar;
  if (n->kind == Kind::Local && !n->moves && scalar) return 1;
  if (n->kind == Kind::Const) return 2;
  return 0;
}

void select_op(CNode& c) {
  const ir::Node* n = c.n;
  if (n->kind == Kind::Convert) {
    c.op = Op::Convert;
    c.s1 = n->sc2;
    c.s2 = n->sc;
  } else {
    c.op = n->op;
    c.s1 = n->sc;
    c.s2 = n->type && n->type->kind == check::TypeKind::Scalar ? n->type->scalar : n->sc;
  }
  size_t o = static_cast<size_t>(c.op), s = static_cast<size_t>(c.s1);
  int ka = operand_kind(c.a) == 1 ? 1 : 0;
  ScFn f = nullptr;
  if (c.op == Op::Convert) {
    f = kConv[ka][s][static_cast<size_t>(c.s2)];
  } else if (c.b) {
    int x = extra_pair(c.a, c.b);
    f = x >= 0 ? kBinX[x][o][s] : kBin[ka][base_b(c.b)][o][s];
  } else if (c.op == Op::FromBits) {
    if (c.s1 == Scalar::U32 && c.s2 == Scalar::F32)
      f = ka ? &sc_un<Op::FromBits, Scalar::U32, Scalar::F32, KLoc> : &sc_un<Op::FromBits, Scalar::U32, Scalar::F32, KAny>;
    if (c.s1 == Scalar::U64 && c.s2 == Scalar::F64)
      f = ka ? &sc_un<Op::FromBits, Scalar::U64, Scalar::F64, KLoc> : &sc_un<Op::FromBits, Scalar::U64, Scalar::F64, KAny>;
  } else {
    f = kUn[ka][o][s];
  }
  c.sc = f ? f : &sc_op_generic;
  c.ev = &ev_from_sc;
}

ExFn select_stmt_op(const CNode& c) {
  int kind = c.n->kind == Kind::Return ? kReturnOp : c.n->kind == Kind::Assign ? kAssignOp : kLetOp;
  const CNode* k = kind == kAssignOp ? c.b : c.a;
  if (!k || (k->n->kind != Kind::Binary && k->n->kind != Kind::Builtin) || !k->b || k->kids.size() != 2)
    return nullptr;
  int ka = base_a(k->a), kb = base_b(k->b), x = extra_pair(k->a, k->b);
  size_t o = static_cast<size_t>(k->op), s = static_cast<size_t>(k->s1);
  ScFn own = x >= 0 ? kBinX[x][o][s] : kBin[ka][kb][o][s];
  if (!own || k->sc != own) return nullptr;  // the operator's own closure is not this one's
  return x >= 0 ? kStmtBinX[kind][x][o][s] : kStmtBin[kind][ka][kb][o][s];
}

ExFn select_branch_cmp(const CNode& c) {
  const CNode* k = c.a;
  if (k->n->kind != Kind::Binary || !k->b || operand_kind(k->a) != 1) return nullptr;
  int kb = operand_kind(k->b);
  if (kb == 0) return nullptr;
  for (size_t i = 0; i < 6; ++i)
    if (kCompares[i] == k->n->op)
      return kBranch[c.n->kind == Kind::While][kb - 1][i][static_cast<size_t>(k->n->sc)];
  return nullptr;
}

ExFn select_compound_local(CNode& c) {
  c.op = c.n->op;
  c.s1 = c.s2 = c.n->sc;
  ExFn f = kCompound[static_cast<size_t>(c.op)][static_cast<size_t>(c.s1)];
  return f ? f : &ex_compound_generic;
}

}  // namespace cairn::sem
