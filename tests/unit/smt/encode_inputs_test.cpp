// The encoder's inputs: leaves and their names, extents as entry guards, refusals, a model back to arguments.
#include <gtest/gtest.h>

#include "encode_support.h"

namespace cairn::smt::test {
namespace {

const char* kSignatures = R"(import std.core (Option);
struct Point { x:i64; y:i64; }
struct Seg { a:Point; b:Point; }
enum Shape { Dot; Line(u16); Box(Point); }
fn scalars(a:i8, b:bool, c:f32, d:usize) -> i8 = a;
fn views(n:usize, xs:ro<u16>[n], ys:rw<i32>[4]) -> usize = n;
fn borrow(p:rw<u32>) { p = p + 1; }
fn record(p:Point) -> i64 = p.x;
fn nested(s:Seg) -> i64 = s.b.y;
fn shape(s:Shape) -> i64 {
  match s {
    Dot => return 0;
    Line(n) => return i64(n);
    Box(p) => return p.x - p.y;
  }
}
fn opt(o:Option[u8], k:u8) -> u8 {
  match o {
    Some(v) => return v;
    None => return k;
  }
}
fn arr(a:Array[i8, 3]) -> i8 = a[2];
fn points(a:Array[Point, 2]) -> i64 = a[0].x;
fn echo(b:Buf[i16]) -> Buf[i16] = b;
fn main() -> i32 { return 0; }
)";

TEST(EncodeInputs, ScalarLeavesAreNamedAfterTheParameters) {
  auto p = load_source("inputs_scalars", kSignatures);
  ASSERT_TRUE(p);
  Context c;
  Inputs in = make_inputs(c, p->info("scalars"));
  ASSERT_FALSE(in.unsupported);
  ASSERT_EQ(in.leaves.size(), 4u);
  EXPECT_EQ(in.leaves[0].name, "a");
  EXPECT_EQ(in.leaves[1].type, check::Scalar::Bool);
  EXPECT_EQ(c.sort_text(in.leaves[2].term.sort()), "(_ BitVec 32)");  // a float is its IEEE pattern
  EXPECT_TRUE(in.admitted.is_true());
}

TEST(EncodeInputs, ViewsHaveALengthSixteenNamedElementsAndTheirExtent) {
  auto p = load_source("inputs_views", kSignatures);
  ASSERT_TRUE(p);
  Context c;
  Inputs in = make_inputs(c, p->info("views"));
  ASSERT_FALSE(in.unsupported);
  ASSERT_EQ(in.params.size(), 3u);
  const ParamInput& xs = in.params[1];
  EXPECT_TRUE(xs.is_view);
  EXPECT_FALSE(xs.rw);
  EXPECT_EQ(in.leaves[xs.leaf].name, "xs.len");
  ASSERT_EQ(xs.elements.size(), kWitnessElements);
  EXPECT_EQ(in.leaves[xs.elements[3]].name, "xs[3]");
  EXPECT_TRUE(in.params[2].rw);
  // The extents: xs.len == n, ys.len == 4; the solver finds no admitted input breaking them.
  Term n = in.leaves[in.params[0].leaf].term;
  Term ys_len = in.leaves[in.params[2].leaf].term;
  for (Solver s : all_solvers()) {
    Query q{{in.admitted, ne(in.leaves[xs.leaf].term, n) || ne(ys_len, c.bv(64, 4))}, {}, 5000, ""};
    EXPECT_EQ(check(s, q).answer, Answer::Unsat) << solver_name(s);
    Query ok{{in.admitted, eq(n, c.bv(64, 2))}, {}, 5000, ""};
    EXPECT_EQ(check(s, ok).answer, Answer::Sat) << solver_name(s);
  }
  // A model carries storage: element 3 of the array is the leaf xs[3].
  Term e3 = select(xs.array, c.bv(64, 3));
  for (Solver s : all_solvers()) {
    Query q{{ne(e3, in.leaves[xs.elements[3]].term)}, {}, 5000, ""};
    EXPECT_EQ(check(s, q).answer, Answer::Unsat) << solver_name(s);
  }
}

TEST(EncodeInputs, SingleBorrowOfAScalarIsALeaf) {
  auto p = load_source("inputs_borrow", kSignatures);
  ASSERT_TRUE(p);
  Context c;
  Inputs in = make_inputs(c, p->info("borrow"));
  ASSERT_FALSE(in.unsupported);
  ASSERT_EQ(in.params.size(), 1u);
  EXPECT_TRUE(in.params[0].is_borrow);
  EXPECT_TRUE(in.params[0].rw);
  EXPECT_EQ(in.leaves[0].name, "p");
}

TEST(EncodeInputs, RecordsSumsAndArraysByValueFlattenIntoNamedLeaves) {
  auto p = load_source("inputs_values", kSignatures);
  ASSERT_TRUE(p);
  Context c;
  auto names = [](const Inputs& in) {
    std::vector<std::string> out;
    for (const InputLeaf& l : in.leaves) out.push_back(l.name);
    return out;
  };
  Inputs rec = make_inputs(c, p->info("record"));
  ASSERT_FALSE(rec.unsupported);
  EXPECT_TRUE(rec.params[0].is_value);
  EXPECT_EQ(names(rec), (std::vector<std::string>{"p.x", "p.y"}));
  EXPECT_EQ(rec.params[0].parts, (std::vector<uint32_t>{0, 1}));
  EXPECT_TRUE(rec.admitted.is_true());
  Context c2;
  Inputs seg = make_inputs(c2, p->info("nested"));
  EXPECT_EQ(names(seg), (std::vector<std::string>{"s.a.x", "s.a.y", "s.b.x", "s.b.y"}));
  Context c3;
  Inputs sh = make_inputs(c3, p->info("shape"));
  ASSERT_FALSE(sh.unsupported);
  EXPECT_EQ(names(sh), (std::vector<std::string>{"s.tag", "s.Line", "s.Box.x", "s.Box.y"}));
  EXPECT_EQ(sh.leaves[0].type, check::Scalar::U32);
  Context c4;
  Inputs op = make_inputs(c4, p->info("opt"));
  EXPECT_EQ(names(op), (std::vector<std::string>{"o.tag", "o.Some", "k"}));
  EXPECT_EQ(op.leaves[1].type, check::Scalar::U8);
  Context c5;
  Inputs ar = make_inputs(c5, p->info("arr"));
  EXPECT_EQ(names(ar), (std::vector<std::string>{"a[0]", "a[1]", "a[2]"}));
  EXPECT_EQ(ar.leaves[2].type, check::Scalar::I8);
}

// Only the top-level tag is constrained to name a variant (tools.md §3.3), on both solvers.
TEST(EncodeInputs, ASumParametersTagNamesAVariant) {
  auto p = load_source("inputs_tag", kSignatures);
  ASSERT_TRUE(p);
  Context c;
  Inputs in = make_inputs(c, p->info("shape"));
  ASSERT_FALSE(in.unsupported);
  Term tag = in.leaves[in.params[0].parts[0]].term;
  for (Solver s : all_solvers()) {
    Query out{{in.admitted, !ult(tag, c.bv(32, 3))}, {}, 5000, ""};
    EXPECT_EQ(check(s, out).answer, Answer::Unsat) << solver_name(s);
    Query last{{in.admitted, eq(tag, c.bv(32, 2))}, {}, 5000, ""};
    EXPECT_EQ(check(s, last).answer, Answer::Sat) << solver_name(s);
  }
  // The encoding of a match over it: on every admitted input the call is defined or traps overflow (Box's x - y).
  Encoded e = encode_call(c, p->mod, p->fn("shape"), in);
  ASSERT_FALSE(e.unsupported) << *e.unsupported;
  for (Solver s : all_solvers()) {
    Query q{{in.admitted, e.trapped, ne(tag, c.bv(32, 2))}, {}, 5000, ""};
    EXPECT_EQ(check(s, q).answer, Answer::Unsat) << solver_name(s);
  }
}

TEST(EncodeInputs, AnArrayOfRecordsIsOutsideTheModeledInputs) {
  auto p = load_source("inputs_record", kSignatures);
  ASSERT_TRUE(p);
  Context c;
  Inputs in = make_inputs(c, p->info("points"));
  ASSERT_TRUE(in.unsupported);
  EXPECT_EQ(*in.unsupported, "an array parameter of non-scalar elements (a: Array[Point, 2]) is outside the modeled inputs");
  Encoded e = encode_call(c, p->mod, p->fn("points"), in);
  ASSERT_TRUE(e.unsupported);
  EXPECT_EQ(*e.unsupported, *in.unsupported);
  EXPECT_TRUE(e.trapped.is_false());
}

TEST(EncodeInputs, ModelValuesBecomeInterpreterArguments) {
  auto p = load_source("inputs_args", kSignatures);
  ASSERT_TRUE(p);
  Context c;
  Inputs in = make_inputs(c, p->info("views"));
  std::vector<uint64_t> values(in.leaves.size(), 0);
  values[in.params[0].leaf] = 2;                 // n
  values[in.params[1].leaf] = 2;                 // xs.len
  values[in.params[1].elements[0]] = 7;
  values[in.params[1].elements[1]] = 0xFFFF;
  values[in.params[2].leaf] = 4;                 // ys.len
  values[in.params[2].elements[0]] = 0xFFFFFFFF;  // i32 -1 as the model's 32 bits
  std::vector<sem::ArgValue> args = args_from_values(in, values);
  ASSERT_EQ(args.size(), 3u);
  EXPECT_EQ(args[0].bits, 2u);
  EXPECT_EQ(args[1].elems, (std::vector<uint64_t>{7, 0xFFFF}));
  ASSERT_EQ(args[2].elems.size(), 4u);
  EXPECT_EQ(args[2].elems[0], ~uint64_t{0});  // sign-extended as ops.h encodes an i32
  values[in.params[1].leaf] = 17;
  EXPECT_THROW(args_from_values(in, values), std::logic_error);
  EXPECT_EQ(interp_bits(check::Scalar::I8, 0x80), 0xFFFFFFFFFFFFFF80ull);
  EXPECT_EQ(interp_bits(check::Scalar::U8, 0x80), 0x80u);
}

TEST(EncodeInputs, ModelValuesOfRecordsSumsAndArraysBecomeArguments) {
  auto p = load_source("inputs_value_args", kSignatures);
  ASSERT_TRUE(p);
  Context c;
  Inputs sh = make_inputs(c, p->info("shape"));
  // s = Box(Point(5, -1)): the Line payload's leaf is consumed but not passed.
  std::vector<uint64_t> values = {2, 9, 5, 0xFFFFFFFFFFFFFFFF};
  std::vector<sem::ArgValue> args = args_from_values(sh, values);
  ASSERT_EQ(args.size(), 1u);
  EXPECT_EQ(args[0].bits, 2u);
  ASSERT_EQ(args[0].parts.size(), 1u);
  ASSERT_EQ(args[0].parts[0].parts.size(), 2u);
  EXPECT_EQ(args[0].parts[0].parts[1].bits, ~uint64_t{0});
  values[0] = 0;  // Dot: no payload
  EXPECT_TRUE(args_from_values(sh, values)[0].parts.empty());
  values[0] = 1;  // Line(9)
  args = args_from_values(sh, values);
  ASSERT_EQ(args[0].parts.size(), 1u);
  EXPECT_EQ(args[0].parts[0].bits, 9u);
  Context c2;
  Inputs ar = make_inputs(c2, p->info("arr"));
  args = args_from_values(ar, {1, 2, 0xFF});
  ASSERT_EQ(args[0].parts.size(), 3u);
  EXPECT_EQ(args[0].parts[2].bits, ~uint64_t{0});  // i8 -1 sign-extended
}

// The engine builds records, arrays and sums (scalar and record payloads) from by-value arguments.
TEST(EncodeInputs, EngineCallsWithRecordSumAndArrayArguments) {
  auto p = load_source("inputs_engine_values", kSignatures);
  ASSERT_TRUE(p);
  auto scalar = [](uint64_t b) {
    sem::ArgValue a;
    a.bits = b;
    return a;
  };
  sem::ArgValue seg;
  sem::ArgValue pa, pb;
  pa.parts = {scalar(1), scalar(2)};
  pb.parts = {scalar(3), scalar(4)};
  seg.parts = {pa, pb};
  sem::CallOutcome out = p->engine->call(p->info("nested"), {seg}, sem::Limits{});
  ASSERT_TRUE(out.defined);
  EXPECT_EQ(out.ret, std::optional<uint64_t>(4));
  sem::ArgValue box = scalar(2);
  box.parts = {pb};
  out = p->engine->call(p->info("shape"), {box}, sem::Limits{});
  ASSERT_TRUE(out.defined);
  EXPECT_EQ(out.ret, std::optional<uint64_t>(~uint64_t{0}));  // 3 - 4
  sem::ArgValue line = scalar(1);
  line.parts = {scalar(40)};
  out = p->engine->call(p->info("shape"), {line}, sem::Limits{});
  ASSERT_TRUE(out.defined);
  EXPECT_EQ(out.ret, std::optional<uint64_t>(40));
  out = p->engine->call(p->info("shape"), {scalar(0)}, sem::Limits{});
  EXPECT_EQ(out.ret, std::optional<uint64_t>(0));
  out = p->engine->call(p->info("shape"), {scalar(7)}, sem::Limits{});  // a tag naming no variant
  EXPECT_FALSE(out.defined);
  EXPECT_EQ(out.trap, check::TrapKind::MatchTag);
  sem::ArgValue some = scalar(0);  // Option[T] { Some(T); None; }
  some.parts = {scalar(9)};
  for (uint64_t tag : {0, 1}) {
    sem::ArgValue o = tag == 0 ? some : scalar(1);
    out = p->engine->call(p->info("opt"), {o, scalar(5)}, sem::Limits{});
    ASSERT_TRUE(out.defined);
    EXPECT_EQ(out.ret, std::optional<uint64_t>(tag == 0 ? 9 : 5)) << tag;
  }
  sem::ArgValue a;
  a.parts = {scalar(1), scalar(2), scalar(~uint64_t{0})};
  out = p->engine->call(p->info("arr"), {a}, sem::Limits{});
  ASSERT_TRUE(out.defined);
  EXPECT_EQ(out.ret, std::optional<uint64_t>(~uint64_t{0}));
}

// A Buf by value is like a view without an extent: any length, sixteen named elements; the engine owns a copy.
TEST(EncodeInputs, ABufByValueHasAnyLengthItsBytesAllowAndNamedElements) {
  auto p = load_source("inputs_buf", kSignatures);
  ASSERT_TRUE(p);
  Context c;
  Inputs in = make_inputs(c, p->info("echo"));
  ASSERT_FALSE(in.unsupported);
  const ParamInput& b = in.params[0];
  EXPECT_TRUE(b.is_buf);
  EXPECT_FALSE(b.rw);
  EXPECT_EQ(in.leaves[b.leaf].name, "b.len");
  ASSERT_EQ(b.elements.size(), kWitnessElements);
  EXPECT_EQ(in.leaves[b.elements[3]].name, "b[3]");
  // Its elements span fewer than 2^63 bytes (i16: at most 2^62 - 1 of them), as no machine maps more.
  ASSERT_EQ(in.admitted.kind(), TermKind::BvUle);
  EXPECT_TRUE(same(in.admitted.arg(0), in.leaves[b.leaf].term));
  EXPECT_EQ(in.admitted.arg(1).p0(), (uint64_t{1} << 62) - 1);
  std::vector<uint64_t> values(in.leaves.size(), 0);
  values[b.leaf] = 2;
  values[b.elements[0]] = 0xFFFF;
  values[b.elements[1]] = 3;
  std::vector<sem::ArgValue> args = args_from_values(in, values);
  EXPECT_FALSE(args[0].is_view);
  EXPECT_EQ(args[0].elems, (std::vector<uint64_t>{~uint64_t{0}, 3}));
  sem::CallOutcome out = p->engine->call(p->info("echo"), args, sem::Limits{});
  ASSERT_TRUE(out.defined);
  ASSERT_EQ(out.ret_leaves.size(), 1u);
  EXPECT_EQ(out.ret_leaves[0].elems, (std::vector<uint64_t>{~uint64_t{0}, 3}));
  // The encoding returns the input's storage: the length and the elements below it are the leaves.
  Encoded e = encode_call(c, p->mod, p->fn("echo"), in);
  ASSERT_FALSE(e.unsupported) << *e.unsupported;
  ASSERT_EQ(e.observed.size(), 1u);
  for (Solver s : all_solvers()) {
    Query q{{ne(e.observed[0].length, in.leaves[b.leaf].term) ||
             ne(select(e.observed[0].array, c.bv(64, 1)), in.leaves[b.elements[1]].term)},
            {}, 5000, ""};
    EXPECT_EQ(check(s, q).answer, Answer::Unsat) << solver_name(s);
  }
  values[b.leaf] = 17;
  EXPECT_THROW(args_from_values(in, values), std::logic_error);
}

// The embedding API takes a single borrow's value and reports its final value as written.
TEST(EncodeInputs, EngineCallsWithASingleBorrow) {
  auto p = load_source("inputs_engine", kSignatures);
  ASSERT_TRUE(p);
  sem::ArgValue a;
  a.bits = 41;
  sem::CallOutcome out = p->engine->call(p->info("borrow"), {a}, sem::Limits{});
  ASSERT_TRUE(out.defined);
  ASSERT_EQ(out.written.size(), 1u);
  EXPECT_EQ(out.written[0], (std::vector<uint64_t>{42}));
  a.bits = 0xFFFFFFFF;
  out = p->engine->call(p->info("borrow"), {a}, sem::Limits{});
  EXPECT_FALSE(out.defined);
  EXPECT_EQ(out.trap, check::TrapKind::Overflow);
}

}  // namespace
}  // namespace cairn::smt::test
