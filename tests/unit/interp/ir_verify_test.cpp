// verify_ir's shape, slot, control-flow, exit and function checks, each shown by one corruption; all programs clean.
#include <gtest/gtest.h>

#include "ir_verify_support.h"

namespace cairn::irtest {
namespace {

using ir::Kind;
using ir::Node;
using S = check::Scalar;
using sem::Op;

const Case kShape[] = {
    {"KidCount", &kProgram, "arith", Kind::Binary, 0, op_is(Op::Add), [](Scene& s) { s.n->kids.pop_back(); },
     Kind::Binary, "has 1 kids, expected 2"},
    {"OptionalElseBlockAtMostOne", &kProgram, "arith", Kind::If, 0, {},
     [](Scene& s) { s.n->kids.push_back(s.make(Kind::Block)); }, Kind::If, "has 4 kids, expected 2..3"},
    {"IfWithoutElseIsAllowed", &kProgram, "arith", Kind::If, 0, {}, [](Scene& s) { s.n->kids.pop_back(); },
     std::nullopt, nullptr},
    {"NullKid", &kProgram, "arith", Kind::Binary, 0, op_is(Op::Add), [](Scene& s) { s.n->kids[1] = nullptr; },
     Kind::Binary, "kid 1 is null"},
    {"ExpressionHasAType", &kProgram, "arith", Kind::Binary, 0, op_is(Op::Add), [](Scene& s) { s.n->type = nullptr; },
     Kind::Binary, "an expression without a type"},
    {"ExpressionNotOfErrorType", &kProgram, "arith", Kind::Local, 0, {},
     [](Scene& s) { s.n->type = s.program.types.error(); }, Kind::Local, "an expression of the error type"},
    {"StatementHasNoType", &kProgram, "arith", Kind::Let, 0, {}, [](Scene& s) { s.n->type = s.scalar(S::U64); },
     Kind::Let, "a statement with a type"},
    {"StatementAsExpression", &kProgram, "arith", Kind::Let, 0, {},
     [](Scene& s) { s.n->kids[0] = s.make(Kind::Break); }, Kind::Break, "a statement where an expression is expected"},
    {"ExpressionAsStatement", &kProgram, "arith", Kind::Block, 0, {},
     [](Scene& s) { s.n->kids.insert(s.n->kids.begin(), s.constant(S::U64)); }, Kind::Const,
     "not a statement of a block"},
    {"BranchIsABlock", &kProgram, "arith", Kind::If, 0, {}, [](Scene& s) { s.n->kids[1] = s.make(Kind::Break); },
     Kind::Break, "a block is expected here"},
    {"TreeNotDag", &kProgram, "arith", Kind::Binary, 0, op_is(Op::Add), [](Scene& s) { s.n->kids[1] = s.n->kids[0]; },
     Kind::Local, "node reached twice"},
    {"NoNodeInTwoFunctions", &kProgram, "arith", Kind::Let, 0, {},
     [](Scene& s) { s.n->kids[0] = s.fn("twice").body->kids[0]->kids[0]; }, Kind::Binary, "node reached twice"},
};

const Case kSlots[] = {
    {"LetSlotInFrame", &kProgram, "arith", Kind::Let, 0, {}, [](Scene& s) { s.n->slot = 99; }, Kind::Let,
     "slot %99 out of range"},
    {"LetValueHasTheLocalsType", &kProgram, "arith", Kind::Let, 0, slot_is(4), [](Scene& s) { s.n->slot = 9; },
     Kind::Let, "the value is u64, expected bool"},
    {"LocalReadHasTheLocalsType", &kProgram, "arith", Kind::Local, 0, slot_is(0), [](Scene& s) { s.n->slot = 2; },
     Kind::Local, "the read is u64, expected i32"},
    {"LocalSlotInFrame", &kProgram, "arith", Kind::Local, 0, {}, [](Scene& s) { s.n->slot = 15; }, Kind::Local,
     "slot %15 out of range"},
    {"DerefOfABorrowParameter", &kProgram, "shapes", Kind::Deref, 0, {}, [](Scene& s) { s.n->slot = 0; },
     Kind::Deref, "slot is not a single-borrow parameter"},
    {"BlockScopeOnlyItsOwnLocals", &kProgram, "arith", Kind::Block, 0, {}, [](Scene& s) { s.n->slots.push_back(0); },
     Kind::Block, "ends the scope of %0, which none of its statements binds"},
    {"ForRangeSlot", &kProgram, "views", Kind::ForRange, 0, {}, [](Scene& s) { s.n->slot = 99; }, Kind::ForRange,
     "slot %99 out of range"},
    {"ForEachIndexSlot", &kProgram, "views", Kind::ForEach, 0, {}, [](Scene& s) { s.n->slot2 = 99; }, Kind::ForEach,
     "slot2 %99 out of range"},
    {"UnpackOneBinderPerField", &kProgram, "shapes", Kind::Unpack, 0, {}, [](Scene& s) { s.n->slots.pop_back(); },
     Kind::Unpack, "binder count is not the field count"},
    {"UnpackBinderSlot", &kProgram, "shapes", Kind::Unpack, 0, {}, [](Scene& s) { s.n->slots[0] = 99; },
     Kind::Unpack, "binder %99 out of range"},
    {"ArmBinderSlot", &kProgram, "shapes", Kind::Arm, 1, {}, [](Scene& s) { s.n->slot = 99; }, Kind::Arm,
     "binder %99 out of range"},
    {"StorageSlotInFrame", &kOwners, "owners", Kind::Storage, 0, {}, [](Scene& s) { s.n->slot = 99; }, Kind::Storage,
     "slot %99 out of range"},
    {"StorageCapacityIsUsize", &kOwners, "owners", Kind::Storage, 0, {},
     [](Scene& s) { s.n->kids[0] = s.constant(S::U64); }, Kind::Storage, "the capacity is not usize"},
    {"StorageElement", &kOwners, "owners", Kind::Storage, 1, {}, [](Scene& s) { s.n->elem = nullptr; },
     Kind::Storage, "no element type"},
};

const Case kControl[] = {
    {"IfConditionBool", &kProgram, "arith", Kind::If, 0, {}, [](Scene& s) { s.n->kids[0] = s.constant(S::U64); },
     Kind::If, "the condition is not bool"},
    {"WhileConditionBool", &kProgram, "arith", Kind::While, 0, {},
     [](Scene& s) { s.n->kids[0] = s.constant(S::U64); }, Kind::While, "the condition is not bool"},
    {"ForRangeBoundsUsize", &kProgram, "views", Kind::ForRange, 0, {},
     [](Scene& s) { s.n->kids[1] = s.constant(S::U64); }, Kind::ForRange, "a bound is not usize"},
    {"ForEachOverASequence", &kProgram, "views", Kind::ForEach, 0, {},
     [](Scene& s) { s.n->kids[0] = s.constant(S::U64); }, Kind::ForEach, "kid 0 is not a view, Buf or Array"},
    {"BreakInsideALoop", &kProgram, "arith", Kind::Block, 0, {},
     [](Scene& s) { s.n->kids.insert(s.n->kids.begin(), s.make(Kind::Break)); }, Kind::Break, "outside a loop"},
    {"ContinueInsideALoop", &kProgram, "arith", Kind::Block, 0, {},
     [](Scene& s) { s.n->kids.insert(s.n->kids.begin(), s.make(Kind::Continue)); }, Kind::Continue,
     "outside a loop"},
    {"ArmOnlyUnderMatch", &kProgram, "shapes", Kind::Block, 0, {},
     [](Scene& s) {
       Node* arm = s.make(Kind::Arm);
       arm->kids.push_back(s.make(Kind::Block));
       s.n->kids.insert(s.n->kids.begin(), arm);
     },
     Kind::Arm, "an arm outside a match"},
    {"MatchArmsAreArms", &kProgram, "shapes", Kind::Match, 0, {},
     [](Scene& s) { s.n->kids.push_back(s.make(Kind::Block)); }, Kind::Block, "match arms must be Arm nodes"},
    {"MatchArmsDistinct", &kProgram, "shapes", Kind::Arm, 2, {}, [](Scene& s) { s.n->index = 1; }, Kind::Arm,
     "a second arm for variant 1"},
    {"MatchArmVariantInRange", &kProgram, "shapes", Kind::Arm, 2, {}, [](Scene& s) { s.n->index = 9; }, Kind::Arm,
     "variant 9 out of range"},
    {"MatchArmBinderNeedsPayload", &kProgram, "shapes", Kind::Arm, 0, {}, [](Scene& s) { s.n->slot = 3; },
     Kind::Arm, "a binder for a variant without payload"},
    {"ArmBinderHasThePayloadType", &kOwners, "main", Kind::Arm, 0, {}, [](Scene& s) { s.n->slot = 1; }, Kind::Arm,
     "the binder is usize, expected u64"},
    {"MatchSubjectIsASum", &kProgram, "shapes", Kind::Match, 0, {},
     [](Scene& s) { s.n->kids[0] = s.constant(S::U64); }, Kind::Match, "the subject is not a sum"},
    {"ReturnValueType", &kProgram, "arith", Kind::Return, 0, {}, [](Scene& s) { s.n->kids[0] = s.constant(S::I32); },
     Kind::Return, "the value is i32, expected u64"},
    {"ReturnNeedsAValue", &kProgram, "arith", Kind::Return, 0, {}, [](Scene& s) { s.n->kids.clear(); },
     Kind::Return, "no value returned from a function of result u64"},
    {"ReturnNoValueFromVoid", &kProgram, "close", Kind::Block, 0, {},
     [](Scene& s) {
       Node* r = s.make(Kind::Return);
       r->kids.push_back(s.constant(S::U64));
       s.n->kids.push_back(r);
     },
     Kind::Return, "a value returned from a function without a result"},
    {"AssignToAPlace", &kProgram, "arith", Kind::Assign, 0, {}, [](Scene& s) { s.n->kids[0] = s.constant(S::U64); },
     Kind::Assign, "kid 0 is not a place"},
    {"AssignSameType", &kProgram, "arith", Kind::Assign, 0, {}, [](Scene& s) { s.n->kids[1] = s.constant(S::I32); },
     Kind::Assign, "the value is i32, expected u64"},
    {"DeferACall", &kProgram, "views", Kind::Defer, 0, {}, [](Scene& s) { s.n->kids[0] = s.constant(S::U64); },
     Kind::Defer, "defers a const, not a call"},
    {"EvalACall", &kProgram, "views2", Kind::Eval, 0, {}, [](Scene& s) { s.n->kids[0] = s.constant(S::Bool); },
     Kind::Eval, "evaluates a const, not a call"},
};

const Case kExits[] = {
    {"UnwindOnlyOnExits", &kProgram, "arith", Kind::Let, 0, {},
     [](Scene& s) { s.n->unwind = s.make(Kind::Unwind); }, Kind::Let, "an unwind on a node that is not an exit"},
    {"UnwindIsAnUnwind", &kProgram, "views", Kind::Return, 0, {},
     [](Scene& s) { s.n->unwind = s.make(Kind::Block); }, Kind::Block, "an exit's unwind is not an Unwind"},
    {"UnwindNotAStatement", &kProgram, "arith", Kind::Block, 0, {},
     [](Scene& s) { s.n->kids.insert(s.n->kids.begin(), s.make(Kind::Unwind)); }, Kind::Unwind,
     "an unwind that is not an exit's"},
    {"UnwindLeavesTheExitsBlocks", &kProgram, "views", Kind::Unwind, 0, {}, [](Scene& s) { s.n->leaves = 2; },
     Kind::Unwind, "leaves 2 blocks, the exit leaves 1"},
    {"UnwindRunsCallsAndReleases", &kProgram, "views", Kind::Unwind, 0, {},
     [](Scene& s) { s.n->kids.push_back(s.make(Kind::Break)); }, Kind::Break, "an unwind runs only deferred calls"},
    {"ReleaseOnlyInUnwinds", &kProgram, "views", Kind::Block, 0, {},
     [](Scene& s) {
       Node* r = s.make(Kind::Release);
       r->slot = 7;
       s.n->kids.insert(s.n->kids.begin(), r);
     },
     Kind::Release, "a release outside an unwind"},
    {"ReleaseAnOwner", &kProgram, "views", Kind::Release, 0, {}, [](Scene& s) { s.n->slot = 3; }, Kind::Release,
     "releases %3, a copy value"},
    {"ReleaseSlotInFrame", &kProgram, "views", Kind::Release, 0, {}, [](Scene& s) { s.n->slot = 99; },
     Kind::Release, "slot %99 out of range"},
};

const Case kFunctions[] = {
    {"BodyIsABlock", &kProgram, "arith", Kind::Block, 0, {}, [](Scene& s) { s.f.body = s.make(Kind::Break); },
     std::nullopt, "body is not a block"},
    {"ParameterSlotInFrame", &kProgram, "arith", Kind::Block, 0, {}, [](Scene& s) { s.f.param_slots[0] = 99; },
     std::nullopt, "parameter slot %99 out of range"},
    {"OneSlotPerParameter", &kProgram, "arith", Kind::Block, 0, {}, [](Scene& s) { s.f.param_borrow.pop_back(); },
     std::nullopt, "param_slots/param_borrow do not match"},
    {"FrameIsTheLocals", &kProgram, "arith", Kind::Block, 0, {}, [](Scene& s) { s.f.slots += 1; }, std::nullopt,
     "frame size is not the local count"},
    {"IndexedInTheModule", &kProgram, "arith", Kind::Block, 0, {}, [](Scene& s) { s.m.index[s.f.info] = 0; },
     std::nullopt, "not indexed at"},
    {"PlanResolved", &kPlan, "dbl", Kind::Block, 0, {}, [](Scene& s) { s.f.planned = s.index_of("main"); },
     std::nullopt, "plan not resolved"},
    {"NoPlanIndexWithoutAPlan", &kPlan, "main", Kind::Block, 0, {}, [](Scene& s) { s.f.planned = 0; },
     std::nullopt, "a plan index without a plan"},
    {"ConditionIsBool", &kPlan, "dbl_fast", Kind::Block, 0, {}, [](Scene& s) { s.f.when = s.constant(S::U64); },
     Kind::Const, "implementation condition is not bool"},
};

class IrVerifyShape : public ::testing::TestWithParam<Case> {};
TEST_P(IrVerifyShape, NamesTheFault) { run_case(GetParam()); }
auto name_of = [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); };
INSTANTIATE_TEST_SUITE_P(Shape, IrVerifyShape, ::testing::ValuesIn(kShape), name_of);
INSTANTIATE_TEST_SUITE_P(Slots, IrVerifyShape, ::testing::ValuesIn(kSlots), name_of);
INSTANTIATE_TEST_SUITE_P(Control, IrVerifyShape, ::testing::ValuesIn(kControl), name_of);
INSTANTIATE_TEST_SUITE_P(Exits, IrVerifyShape, ::testing::ValuesIn(kExits), name_of);
INSTANTIATE_TEST_SUITE_P(Functions, IrVerifyShape, ::testing::ValuesIn(kFunctions), name_of);

// A fault reads "function:line:col: kind: why".
TEST(IrVerify, FaultNamesFunctionPositionAndKind) {
  run_case({"Format", &kProgram, "arith", Kind::Binary, 0, op_is(Op::Add), [](Scene& s) { s.n->sc = S::U32; },
            Kind::Binary, "arith:14:13: binary: operand 0 is u64, expected u32"});
}

// Every program the front end accepts builds to IR that verifies clean.
TEST(IrVerify, AcceptedProgramsVerifyClean) {
  auto paths = program_paths({"../shared/conformance/run", "examples", "tests/golden/ir", "tests/golden/check",
                              "tests/golden/lower", "tests/unit/interp/programs"});
  size_t verified = 0;
  for (const std::string& p : paths) {
    auto run = driver::run(p);
    if (run.outcome != driver::Outcome::Typed) continue;
    ir::Module m = ir::build_ir(*run.program);
    std::vector<std::string> faults = ir::verify_ir(m);
    ++verified;
    EXPECT_TRUE(faults.empty()) << p << ":\n  " << (faults.empty() ? "" : faults.front()) << " (" << faults.size()
                                << " faults)";
  }
  EXPECT_GT(verified, 150u);
  std::printf("verified %zu accepted programs of %zu\n", verified, paths.size());
}

}  // namespace
}  // namespace cairn::irtest
