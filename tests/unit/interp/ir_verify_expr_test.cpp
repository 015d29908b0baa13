// verify_ir's expression and guard checks, each shown by one corruption of a valid IR.
#include <gtest/gtest.h>

#include "ir_verify_support.h"
#include "core/domain_concrete.h"
#include "semantics/ir_verify_rules.h"
#include "core/ops_rules.h"

namespace cairn::irtest {
namespace {

using ir::Kind;
using ir::Node;
using S = check::Scalar;
using check::TrapKind;
using sem::Op;

const Case kOperators[] = {
    {"BinaryOperandScalar", &kProgram, "arith", Kind::Binary, 0, op_is(Op::Add), [](Scene& s) { s.n->sc = S::U32; },
     Kind::Binary, "operand 0 is u64, expected u32"},
    {"ComparisonGivesBool", &kProgram, "arith", Kind::Binary, 0, op_is(Op::Lt),
     [](Scene& s) { s.n->type = s.scalar(S::F64); }, Kind::Binary, "result f64 does not fit Lt.f64"},
    {"BinaryTypingClass", &kProgram, "shapes", Kind::Binary, 0, op_is(Op::Gt), [](Scene& s) { s.n->op = Op::BitAnd; },
     Kind::Binary, "BitAnd is not defined on i64 (typing class uint)"},
    {"BinaryOperatorOfTheKind", &kProgram, "arith", Kind::Binary, 0, op_is(Op::Add), [](Scene& s) { s.n->op = Op::Neg; },
     Kind::Binary, "Neg is not an operator of this kind"},
    {"TagOnlyEnumsCompareAsU32", &kProgram, "shapes", Kind::Binary, 0, op_is(Op::Eq), [](Scene& s) { s.n->sc = S::U8; },
     Kind::Binary, "operand 0 is Color, expected u8"},
    {"UnaryOperatorOfTheKind", &kProgram, "arith", Kind::Unary, 0, {}, [](Scene& s) { s.n->op = Op::Add; },
     Kind::Unary, "Add is not an operator of this kind"},
    {"UnaryOperandScalar", &kProgram, "arith", Kind::Unary, 0, {}, [](Scene& s) { s.n->sc = S::I64; }, Kind::Unary,
     "operand 0 is i32, expected i64"},
    {"ShiftCountIsUsize", &kProgram, "arith", Kind::Builtin, 0, op_is(Op::ShlWrap),
     [](Scene& s) { s.n->kids[1] = s.constant(S::U64); }, Kind::Builtin, "operand 1 is u64, expected usize"},
    {"BuiltinOperandCount", &kProgram, "arith", Kind::Builtin, 0, op_is(Op::Min), [](Scene& s) { s.n->kids.pop_back(); },
     Kind::Builtin, "Min takes 2 operands"},
    {"BitsResultType", &kProgram, "arith", Kind::Builtin, 0, op_is(Op::ToBits),
     [](Scene& s) { s.n->type = s.scalar(S::U32); }, Kind::Builtin, "result u32 does not fit ToBits.f64"},
    {"AndOperandsBool", &kProgram, "arith", Kind::And, 0, {}, [](Scene& s) { s.n->kids[0] = s.constant(S::U64); },
     Kind::And, "operand 0 is not bool"},
    {"OrGivesBool", &kProgram, "arith", Kind::Or, 0, {}, [](Scene& s) { s.n->type = s.scalar(S::U64); }, Kind::Or,
     "result is not bool"},
    {"ConvertSourceScalar", &kProgram, "arith", Kind::Convert, 0, {}, [](Scene& s) { s.n->sc2 = S::U16; },
     Kind::Convert, "sc2 u16 is not its operand's scalar"},
    {"ConvertTargetScalar", &kProgram, "arith", Kind::Convert, 0, {}, [](Scene& s) { s.n->sc = S::U16; },
     Kind::Convert, "sc u16 is not its result's scalar"},
    {"ConvertOp", &kProgram, "arith", Kind::Convert, 0, {}, [](Scene& s) { s.n->op = Op::Add; }, Kind::Convert,
     "op is not Convert"},
    {"ConvertNotFromBool", &kProgram, "arith", Kind::Convert, 0, {},
     [](Scene& s) {
       s.n->kids[0] = s.constant(S::Bool);
       s.n->sc2 = S::Bool;
     },
     Kind::Convert, "a conversion to or from bool"},
    {"CompoundOperandsOfSc", &kProgram, "arith", Kind::Compound, 0, {}, [](Scene& s) { s.n->sc = S::U32; },
     Kind::Compound, "an operand is not of scalar sc"},
    {"CompoundOperator", &kProgram, "arith", Kind::Compound, 0, {}, [](Scene& s) { s.n->op = Op::Lt; },
     Kind::Compound, "Lt has no compound form"},
    {"CompoundPlace", &kProgram, "arith", Kind::Compound, 0, {}, [](Scene& s) { s.n->kids[0] = s.constant(S::U64); },
     Kind::Compound, "kid 0 is not a place"},
    {"CompoundTypingClass", &kProgram, "arith", Kind::Compound, 0, {},
     [](Scene& s) {
       s.n->op = Op::Rem;
       s.n->sc = S::F64;
     },
     Kind::Compound, "Rem is not defined on f64"},
    {"ReduceLogicalOverBool", &kProgram, "views", Kind::Reduce, 0, {}, [](Scene& s) { s.n->fold = sem::Fold::And; }, Kind::Reduce,
     "&& / || reduce over a non-bool"},
    {"ReduceTypingClass", &kProgram, "views", Kind::Reduce, 0, {},
     [](Scene& s) {
       s.n->fold = sem::Fold::BitAnd;
       s.n->op = Op::BitAnd;
       s.n->sc = S::F64;
       s.n->type = s.scalar(S::F64);
       s.n->kids[2] = s.constant(S::F64);
     },
     Kind::Reduce, "BitAnd is not defined on f64"},
    {"ReduceOperator", &kProgram, "views", Kind::Reduce, 0, {}, [](Scene& s) { s.n->fold = static_cast<sem::Fold>(11); },
     Kind::Reduce, "fold 11 is not a reduce operator"},
    {"ReduceOpMatchesImm", &kProgram, "views", Kind::Reduce, 0, {}, [](Scene& s) { s.n->op = Op::Mul; }, Kind::Reduce,
     "op Mul does not match the fold +"},
    {"ReduceBoundsUsize", &kProgram, "views", Kind::Reduce, 0, {}, [](Scene& s) { s.n->kids[0] = s.constant(S::U64); },
     Kind::Reduce, "a bound is not usize"},
    {"ReduceYieldOfSc", &kProgram, "views", Kind::Reduce, 0, {}, [](Scene& s) { s.n->kids[2] = s.constant(S::U32); },
     Kind::Reduce, "result or yield is not of scalar sc"},
    {"ConstantEncoding", &kProgram, "arith", Kind::Const, 0, typed(S::I32), [](Scene& s) { s.n->bits = 0x80000000u; },
     Kind::Const, "bits 2147483648 is not a i32 encoding"},
    {"ConstantOfAScalarType", &kProgram, "arith", Kind::Const, 0, typed(S::I32),
     [](Scene& s) { s.n->type = s.program.types.void_type(); }, Kind::Const, "constant of a non-scalar type"},
    {"ConstantSc", &kProgram, "arith", Kind::Const, 0, typed(S::I32), [](Scene& s) { s.n->sc = S::U8; }, Kind::Const,
     "sc is not the constant's type"},
};

const Case kCalls[] = {
    {"OneArgumentPerParameter", &kProgram, "views", Kind::Call, 0, calls("twice"), [](Scene& s) { s.n->kids.pop_back(); },
     Kind::Call, "0 arguments for 1 parameters"},
    {"CalleeIsTheFunction", &kProgram, "views", Kind::Call, 0, calls("twice"),
     [](Scene& s) { s.n->callee = static_cast<uint32_t>(s.index_of("open")); }, Kind::Call,
     "fns[callee] is not the called function"},
    {"CalleeInRange", &kProgram, "views", Kind::Call, 0, calls("twice"), [](Scene& s) { s.n->callee = 1000; },
     Kind::Call, "callee 1000 out of range"},
    {"CalleeResolved", &kProgram, "views", Kind::Call, 0, calls("twice"), [](Scene& s) { s.n->callee = ir::kNoSlot; },
     Kind::Call, "callee not resolved"},
    {"CallHasAFunction", &kProgram, "views", Kind::Call, 0, calls("twice"), [](Scene& s) { s.n->fn = nullptr; },
     Kind::Call, "no function"},
    {"ScalarArgumentType", &kProgram, "views", Kind::Call, 0, calls("twice"),
     [](Scene& s) { s.n->kids[0] = s.constant(S::U32); }, Kind::Call, "argument 0 is u32, expected u64"},
    {"CallResultType", &kProgram, "views", Kind::Call, 0, calls("twice"), [](Scene& s) { s.n->type = s.scalar(S::Bool); },
     Kind::Call, "the result is bool, expected u64"},
    {"CalleeOnlyForIndexedFunctions", &kProgram, "views", Kind::Call, 0, calls("twice"),
     [](Scene& s) { s.m.index.erase(s.n->fn); }, Kind::Call, "callee set for a function without a body"},
    {"FnRefCallee", &kProgram, "main", Kind::FnRef, 0, {},
     [](Scene& s) { s.n->callee = static_cast<uint32_t>(s.index_of("open")); }, Kind::FnRef,
     "fns[callee] is not the called function"},
    {"FnRefType", &kProgram, "main", Kind::FnRef, 0, {}, [](Scene& s) { s.n->type = s.scalar(S::U64); }, Kind::FnRef,
     "type is not a function type"},
    {"IndirectCallOfAFunctionValue", &kProgram, "views", Kind::CallIndirect, 0, {},
     [](Scene& s) { s.n->kids[0] = s.constant(S::U64); }, Kind::CallIndirect, "kid 0 is not a function value"},
    {"IndirectArgumentCount", &kProgram, "views", Kind::CallIndirect, 0, {}, [](Scene& s) { s.n->kids.pop_back(); },
     Kind::CallIndirect, "0 arguments for 1 parameters"},
    {"IndirectResultType", &kProgram, "views", Kind::CallIndirect, 0, {},
     [](Scene& s) { s.n->type = s.scalar(S::U32); }, Kind::CallIndirect, "the result is u32, expected u64"},
    {"ArgumentFormsOnlyInCalls", &kProgram, "main", Kind::Let, 0, {},
     [](Scene& s) { s.n->kids[0] = s.make(Kind::Extent, s.scalar(S::Usize)); }, Kind::Extent,
     "not an argument of a call"},
    {"ArgRefOfAPlace", &kOwners, "main", Kind::ArgRef, 0, {}, [](Scene& s) { s.n->kids[0] = s.constant(S::U64); },
     Kind::ArgRef, "kid 0 is not a place"},
    {"ArgViewIsAView", &kProgram, "views", Kind::ArgView, 0, {}, [](Scene& s) { s.n->type = s.scalar(S::U64); },
     Kind::ArgView, "type is not a view"},
    {"ExtentNamesAnArgument", &kProgram, "main", Kind::Extent, 0, {}, [](Scene& s) { s.n->index = 7; }, Kind::Extent,
     "argument 7 out of range"},
    {"ExtentIsUsize", &kProgram, "main", Kind::Extent, 0, {}, [](Scene& s) { s.n->type = s.scalar(S::U64); },
     Kind::Extent, "type is not usize"},
};

const Case kValues[] = {
    {"FieldInRange", &kProgram, "shapes", Kind::Field, 0, {}, [](Scene& s) { s.n->index = 5; }, Kind::Field,
     "field 5 out of range"},
    {"FieldType", &kProgram, "shapes", Kind::Field, 0, {}, [](Scene& s) { s.n->type = s.scalar(S::Bool); }, Kind::Field,
     "the field is bool, expected i64"},
    {"FieldOfARecord", &kProgram, "shapes", Kind::Field, 0, {}, [](Scene& s) { s.n->kids[0] = s.constant(S::U64); },
     Kind::Field, "kid 0 is not a record"},
    {"VariantInRange", &kProgram, "shapes", Kind::Variant, 0, {}, [](Scene& s) { s.n->index = 5; }, Kind::Variant,
     "variant 5 out of range"},
    {"VariantPayloadOnlyWhereDeclared", &kProgram, "shapes", Kind::Variant, 0, {},
     [](Scene& s) { s.n->kids.push_back(s.constant(S::U64)); }, Kind::Variant, "a payload for a variant without one"},
    {"RecordFieldTypes", &kProgram, "shapes", Kind::Record, 0, {}, [](Scene& s) { s.n->kids[1] = s.constant(S::U64); },
     Kind::Record, "field 1 is u64, expected i64"},
    {"VariantPayloadType", &kProgram, "main", Kind::Variant, 0, {}, [](Scene& s) { s.n->kids[0] = s.constant(S::I32); },
     Kind::Variant, "the payload is i32, expected u64"},
    {"GenericPayloadType", &kOwners, "maybe", Kind::Variant, 1, {}, [](Scene& s) { s.n->kids[0] = s.constant(S::U32); },
     Kind::Variant, "the payload is u32, expected u64"},
    {"RecordIsTypedARecord", &kProgram, "shapes", Kind::Record, 0, {}, [](Scene& s) { s.n->type = s.scalar(S::U64); },
     Kind::Record, "type is not a record"},
    {"VariantIsTypedASum", &kProgram, "shapes", Kind::Variant, 0, {}, [](Scene& s) { s.n->type = s.scalar(S::U64); },
     Kind::Variant, "type is not a sum"},
    {"RecordOneKidPerField", &kProgram, "shapes", Kind::Record, 0, {}, [](Scene& s) { s.n->kids.pop_back(); },
     Kind::Record, "kid count is not the record's field count"},
    {"IndexIsUsize", &kProgram, "views", Kind::Index, 0, {}, [](Scene& s) { s.n->kids[1] = s.constant(S::U64); },
     Kind::Index, "the index is not usize"},
    {"IndexOfASequence", &kProgram, "views", Kind::Index, 0, {}, [](Scene& s) { s.n->kids[0] = s.constant(S::U64); },
     Kind::Index, "kid 0 is not a view, Buf or Array"},
    {"IndexElementType", &kProgram, "views", Kind::Index, 0, {}, [](Scene& s) { s.n->type = s.scalar(S::Bool); },
     Kind::Index, "the element is bool, expected u64"},
    {"PartBoundsUsize", &kProgram, "views", Kind::Part, 0, {}, [](Scene& s) { s.n->kids[1] = s.constant(S::U64); },
     Kind::Part, "a bound is not usize"},
    {"PartIsAView", &kProgram, "views", Kind::Part, 0, {}, [](Scene& s) { s.n->type = s.scalar(S::U64); }, Kind::Part,
     "type is not a view"},
    {"BufLengthUsize", &kProgram, "views", Kind::BufNew, 0, {}, [](Scene& s) { s.n->kids[0] = s.constant(S::U64); },
     Kind::BufNew, "the length is not usize"},
    {"BufNewIsTypedABuf", &kProgram, "views", Kind::BufNew, 0, {}, [](Scene& s) { s.n->type = s.scalar(S::U64); },
     Kind::BufNew, "type is not Buf"},
    {"BufElement", &kProgram, "views", Kind::BufNew, 0, {}, [](Scene& s) { s.n->elem = s.scalar(S::Bool); },
     Kind::BufNew, "elem is not the type's element"},
    {"ArrayLength", &kProgram, "main", Kind::ArrayNew, 0, {}, [](Scene& s) { s.n->length = 5; }, Kind::ArrayNew,
     "length is not the array type's length"},
    {"LenIsUsize", &kProgram, "views", Kind::Len, 0, {}, [](Scene& s) { s.n->type = s.scalar(S::U64); }, Kind::Len,
     "result is not usize"},
    {"TakeOfAPlace", &kOwners, "owners", Kind::Take, 0, {}, [](Scene& s) { s.n->kids[0] = s.constant(S::U64); },
     Kind::Take, "kid 0 is not a place"},
    {"TakeGivesThePlacesType", &kOwners, "owners", Kind::Take, 0, {}, [](Scene& s) { s.n->type = s.scalar(S::U64); },
     Kind::Take, "the result is u64, expected Buf[u8]"},
    {"SwapSameTypes", &kOwners, "owners", Kind::Swap, 0, {}, [](Scene& s) { s.n->kids[1]->type = s.scalar(S::U64); },
     Kind::Swap, "kid 1 is u64, expected Buf[u8]"},
    {"SwapOfPlaces", &kOwners, "owners", Kind::Swap, 0, {}, [](Scene& s) { s.n->kids[1] = s.constant(S::U64); },
     Kind::Swap, "an operand is not a place"},
    {"FormatIntoAPlace", &kOwners, "owners", Kind::Format, 0, {}, [](Scene& s) { s.n->kids[0] = s.constant(S::U64); },
     Kind::Format, "kid 0 is not a place"},
    {"LendOfALendingRecord", &kOwners, "owners", Kind::Lend, 0, {}, [](Scene& s) { s.n->kids[0] = s.constant(S::U64); },
     Kind::Lend, "kid 0 is not a lending record"},
    {"LendTypedAsItsRecord", &kOwners, "owners", Kind::Lend, 0, {}, [](Scene& s) { s.n->type = s.scalar(S::U64); },
     Kind::Lend, "type is neither the lending record nor a view"},
    {"StringIsAView", &kOwners, "owners", Kind::String, 0, {}, [](Scene& s) { s.n->type = s.scalar(S::U64); },
     Kind::String, "type is not a view"},
    {"AssertOfBool", &kProgram, "views2", Kind::Assert, 0, {}, [](Scene& s) { s.n->kids[0] = s.constant(S::U64); },
     Kind::Assert, "the condition is not bool"},
    {"AssertEqSameTypes", &kOwners, "owners", Kind::AssertEq, 0, {},
     [](Scene& s) { s.n->kids[1] = s.constant(S::U64); }, Kind::AssertEq, "kid 1 is u64, expected usize"},
    {"CompactWhereBool", &kOwners, "pick", Kind::Compact, 0, {}, [](Scene& s) { s.n->kids[3] = s.constant(S::U64); },
     Kind::Compact, "the where expression is not bool"},
    {"CompactBoundsUsize", &kOwners, "pick", Kind::Compact, 0, {}, [](Scene& s) { s.n->kids[2] = s.constant(S::U64); },
     Kind::Compact, "a bound is not usize"},
    {"CompactCountsInUsize", &kOwners, "pick", Kind::Compact, 0, {}, [](Scene& s) { s.n->type = s.scalar(S::U64); },
     Kind::Compact, "result is not usize"},
    {"CompactBinderSlot", &kOwners, "pick", Kind::Compact, 0, {}, [](Scene& s) { s.n->slot = 99; }, Kind::Compact,
     "binder %99 out of range"},
    {"TryOfAnOutcome", &kOwners, "use_try", Kind::Try, 0, {}, [](Scene& s) { s.n->kids[0] = s.constant(S::U64); },
     Kind::Try, "kid 0 is not an outcome sum"},
};

const Case kGuards[] = {
    {"NoGuardOnAKindThatCannotTrap", &kProgram, "arith", Kind::Local, 0, {}, [](Scene& s) { s.n->has_guard = true; },
     Kind::Local, "on a node that cannot trap"},
    {"NoGuardOnAFloatComparison", &kProgram, "arith", Kind::Binary, 0, op_is(Op::Lt),
     [](Scene& s) { s.n->has_guard = true; }, Kind::Binary, "on a node that cannot trap"},
    {"GuardHasAPosition", &kProgram, "arith", Kind::Binary, 0, op_is(Op::Add), [](Scene& s) { s.n->pos = Pos{}; },
     Kind::Binary, "guard without a position"},
    {"GuardOfTheKindsTrap", &kProgram, "views", Kind::Index, 0, {}, [](Scene& s) { s.n->trap = TrapKind::Overflow; },
     Kind::Index, "guard overflow, expected bounds"},
    {"GuardOfTheOperatorsTrap", &kProgram, "arith", Kind::Binary, 0, op_is(Op::Div),
     [](Scene& s) { s.n->trap = TrapKind::Overflow; }, Kind::Binary, "guard overflow, expected divide-by-zero"},
    {"IndexKeepsItsGuard", &kProgram, "views", Kind::Index, 0, {}, [](Scene& s) { s.n->has_guard = false; },
     Kind::Index, "missing guard bounds"},
    {"IntegerAddKeepsItsGuard", &kProgram, "arith", Kind::Binary, 0, op_is(Op::Add),
     [](Scene& s) { s.n->has_guard = false; }, Kind::Binary, "missing guard overflow"},
    {"NarrowingConversionKeepsItsGuard", &kProgram, "arith", Kind::Convert, 0, {},
     [](Scene& s) { s.n->has_guard = false; }, Kind::Convert, "missing guard conversion"},
    {"WideningConversionMayDropItsGuard", &kProgram, "arith", Kind::Convert, 1, {},
     [](Scene& s) { s.n->has_guard = false; }, std::nullopt, nullptr},
    {"ProvenSafeOnlyWithAGuard", &kProgram, "arith", Kind::Binary, 0, op_is(Op::Lt),
     [](Scene& s) { s.n->proven_safe = true; }, Kind::Binary, "proven safe without a guard"},
    {"BufferStorageKeepsItsGuard", &kOwners, "owners", Kind::Storage, 0, {}, [](Scene& s) { s.n->has_guard = false; },
     Kind::Storage, "missing guard alloc"},
    {"StackStorageHasNoGuard", &kOwners, "owners", Kind::Storage, 1, {},
     [](Scene& s) {
       s.n->has_guard = true;
       s.n->trap = TrapKind::Alloc;
     },
     Kind::Storage, "a guard (alloc) on a node that cannot trap"},
    {"CallKeepsItsStackGuard", &kProgram, "views", Kind::Call, 0, calls("twice"), [](Scene& s) { s.n->has_guard = false; },
     Kind::Call, "missing guard stack"},
    {"MatchKeepsItsTagGuard", &kProgram, "shapes", Kind::Match, 0, {}, [](Scene& s) { s.n->trap = TrapKind::Bounds; },
     Kind::Match, "guard bounds, expected match-tag"},
};

class IrVerifyExpr : public ::testing::TestWithParam<Case> {};
TEST_P(IrVerifyExpr, NamesTheFault) { run_case(GetParam()); }
auto name_of = [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); };
INSTANTIATE_TEST_SUITE_P(Operators, IrVerifyExpr, ::testing::ValuesIn(kOperators), name_of);
INSTANTIATE_TEST_SUITE_P(Calls, IrVerifyExpr, ::testing::ValuesIn(kCalls), name_of);
INSTANTIATE_TEST_SUITE_P(Values, IrVerifyExpr, ::testing::ValuesIn(kValues), name_of);
INSTANTIATE_TEST_SUITE_P(Guards, IrVerifyExpr, ::testing::ValuesIn(kGuards), name_of);

// The verifier's guard table is the operator table's: on every operator node kind, operator and operand scalar
// of its typing class, each trap eval_op raises on edge operands is the guard the node must carry (a division's
// MIN / -1 overflow rides on its divide-by-zero guard), and that guard is listed in the op's ops.def row.
TEST(IrVerify, GuardTableAgreesWithOpsDef) {
  const S all[] = {S::Bool, S::U8, S::U16, S::U32, S::U64, S::Usize, S::I8, S::I16, S::I32, S::I64, S::F32, S::F64};
  for (size_t o = 0; o < sem::op_count(); ++o) {
    Op op = static_cast<Op>(o);
    for (Kind kind : {Kind::Unary, Kind::Binary, Kind::Builtin, Kind::Compound}) {
      if (!ir::verify::op_fits_kind(kind, op)) continue;
      for (S sc : all) {
        if (!sem::in_typing_class(sem::op_row(op).typing, op, sc)) continue;
        ir::Node n;
        n.kind = kind;
        n.op = op;
        n.sc = sc;
        ir::verify::GuardRule rule = ir::verify::guard_rule(n);
        std::string at = std::string(sem::op_row(op).name) + "." + check::scalar_name(sc);
        if (rule.kind) {
          EXPECT_TRUE(sem::may_trap(op, *rule.kind)) << at;
        }
        S result = sem::op_result(op, sc).value_or(sc);
        uint64_t edges[] = {0, 1, 2, 63, 64, ~uint64_t{0}, sem::rules::int_min_bits(sc), sem::rules::all_ones_bits(sc)};
        for (uint64_t a : edges)
          for (uint64_t b : edges) {
            S bt = ir::verify::is_shift(op) ? S::Usize : sc;
            sem::OpOutcome r = sem::eval_op(op, sc, result, sem::ConcreteDomain::norm(sc, a),
                                            sem::ConcreteDomain::norm(bt, b));
            if (!r.trapped) continue;
            bool rides = (op == Op::Div || op == Op::Rem) && r.trap == TrapKind::Overflow;
            EXPECT_TRUE(rule.required && (rides || rule.kind == r.trap))
                << at << " traps " << check::trap_name(r.trap) << " on " << a << ", " << b;
          }
      }
    }
  }
}

}  // namespace
}  // namespace cairn::irtest
