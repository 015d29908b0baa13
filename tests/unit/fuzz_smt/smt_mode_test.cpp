// cairn fuzz --smt (tools.md §6.4) on handwritten programs: agreement, the counts, and injected mismatches.
#include <gtest/gtest.h>

#include <cstdio>

#include "fuzz/smt/draw_inputs.h"
#include "fuzz/smt/smt_mode.h"
#include "smt/planted_defect.h"

namespace cairn::fuzz {
namespace {

// Integers of several widths, floats, a loop (within and past the bound), a view, and functions outside the
// fragment (one asserts; one recurses).
const char* kProgram = R"(fn add8(a:i8, b:i8) -> i8 = a + b;
fn mix16(a:u16, b:u16) -> u16 = add_wrap(a * 3, b) ^ shr(b, 2);
fn div32(a:i32, b:i32) -> i32 = a / b;
fn narrow(x:i64) -> u8 = u8(x);
fn fl(x:f32, y:f32) -> f32 = x * y + sqrt(x);
fn fmix(x:f64, y:f64) -> f64 = (x + y) / 3.0;
fn steps(n:u32) -> u32 {
  let mut k:u32 = 0;
  let mut x = n;
  while x > 0 { x = x / 2; k += 1; }
  return k;
}
fn count(n:u64) -> u64 {
  let mut k:u64 = 0;
  while k < n { k += 1; }
  return k;
}
fn sum(n:usize, xs:ro<u64>[n]) -> u64 {
  let mut s:u64 = 0;
  for x in xs { s += x; }
  return s;
}
fn bump(n:usize, xs:rw<i16>[n], v:i16) {
  for i in 0..n { xs[i] = xs[i] + v; }
}
fn checked(x:u32) -> u32 {
  assert(x != 7);
  return x;
}
fn fact(n:u64) -> u64 {
  if n < 2 { return 1; }
  return n * fact(n - 1);
}
fn main() -> i32 { return 0; }
)";

SmtOptions fast_options() {
  SmtOptions o;
  o.timeout_ms = 2000;
  o.inputs_per_function = 16;
  return o;
}

size_t count_kind(const SmtProgramResult& r, SmtMismatchKind k) {
  size_t n = 0;
  for (const SmtMismatch& m : r.mismatches) n += m.kind == k ? 1 : 0;
  return n;
}

std::string describe(const SmtProgramResult& r) {
  std::string out;
  for (const SmtMismatch& m : r.mismatches) out += m.function + ": " + m.detail + " | " + m.expect_line + "\n";
  return out;
}

TEST(FuzzSmt, InterpreterAndBothSolversAgree) {
  SmtProgramResult r = check_program_smt(kProgram, 0, 42, fast_options());
  ASSERT_FALSE(r.defect) << *r.defect;
  std::printf("functions %llu, inputs %llu, outside %llu, beyond %llu, timeouts %llu\n",
              (unsigned long long)r.counts.functions, (unsigned long long)r.counts.inputs,
              (unsigned long long)r.counts.outside_fragment, (unsigned long long)r.counts.beyond_bound,
              (unsigned long long)r.counts.timeouts);
  EXPECT_TRUE(r.mismatches.empty()) << describe(r);
  // main (no inputs: one call) and the ten modeled functions; checked() asserts and fact() recurses.
  EXPECT_EQ(r.counts.functions, 11u);
  EXPECT_EQ(r.counts.outside_fragment, 2u);
  EXPECT_EQ(r.counts.inputs + r.counts.beyond_bound, 10u * 16 + 1);  // each drawn input counted once
  // count(n) passes 16 iterations for most drawn n (edges and random 64-bit values).
  EXPECT_GT(r.counts.beyond_bound, 0u);
  EXPECT_LE(r.counts.timeouts, 4u);  // a loaded machine may time out a float query or two
}

// Loops the inductive queries reach (inductive_check.h): a fold, an in-place update, a counter with a while.
const char* kLoops = R"(fn sum(n:usize, xs:ro<u64>[n]) -> u64 {
  let mut s:u64 = 0;
  for x in xs { s = add_wrap(s, x); }
  return s;
}
fn bump(n:usize, xs:rw<u16>[n], v:u16) {
  for i in 0..n { xs[i] = add_wrap(xs[i], v); }
}
fn evens(n:u32) -> u32 {
  let mut k:u32 = 0;
  let mut c:u32 = 0;
  while k < n % 40 { if k % 2 == 0 { c += 1; } k += 1; }
  return c;
}
fn main() -> i32 { return 0; }
)";

TEST(FuzzSmt, EveryRunIsAmongTheLoopsProvedByInduction) {
  SmtProgramResult r = check_program_smt(kLoops, 0, 11, fast_options());
  ASSERT_FALSE(r.defect) << *r.defect;
  for (const SmtMismatch& m : r.mismatches) ADD_FAILURE() << m.function << ": " << smt_mismatch_name(m.kind) << " " << m.detail;
  EXPECT_GE(r.counts.inductive, 8u);  // four inputs of at least two of the three functions
  EXPECT_LE(r.counts.inductive, 12u);
}

// A loop summary that leaves out a changed value (the planted defect summary-drops-leaf) excludes real runs: the
// inductive queries report it, the fault that would let verify prove a false equivalence.
TEST(FuzzSmt, ASummaryThatLeavesOutAValueIsAnInductiveMismatch) {
  smt::set_test_defect(smt::TestDefect::SummaryDropsLeaf);
  SmtProgramResult r = check_program_smt(kLoops, 0, 11, fast_options());
  smt::set_test_defect(smt::TestDefect::None);
  EXPECT_GT(count_kind(r, SmtMismatchKind::Inductive), 0u);
  for (const SmtMismatch& m : r.mismatches) EXPECT_EQ(m.kind, SmtMismatchKind::Inductive) << m.detail;
}

TEST(FuzzSmt, DrawingIsDeterministic) {
  SmtOptions o = fast_options();
  o.solvers = smt::SolverSet::only(smt::Solver::Z3);
  const char* program = "fn f(a:u8, b:i64) -> i64 = b % i64(a);\nfn main() -> i32 { return 0; }\n";
  SmtProgramResult a = check_program_smt(program, 3, 7, o);
  SmtProgramResult b = check_program_smt(program, 3, 7, o);
  EXPECT_EQ(a.counts.inputs, b.counts.inputs);
  EXPECT_EQ(a.counts.inputs, 17u);
  EXPECT_TRUE(a.mismatches.empty()) << describe(a);
  Splitmix x(9), y(9);
  for (int k = 0; k < 100; ++k) EXPECT_EQ(draw_scalar(check::Scalar::I32, x), draw_scalar(check::Scalar::I32, y));
}

TEST(FuzzSmt, PerturbedInterpreterValueIsReported) {
  SmtOptions o = fast_options();
  o.inputs_per_function = 4;
  o.hooks.interp = [](const std::string& fn, sem::CallOutcome& run) {
    if (fn == "mix16" && run.defined && run.ret) {
      *run.ret ^= 1;
      run.ret_leaves.at(0).bits ^= 1;
    }
  };
  SmtProgramResult r = check_program_smt("fn mix16(a:u16, b:u16) -> u16 = add_wrap(a, b);\n", 0, 5, o);
  ASSERT_FALSE(r.defect) << *r.defect;
  ASSERT_EQ(r.mismatches.size(), 8u) << describe(r);  // 4 inputs, both solvers
  EXPECT_EQ(count_kind(r, SmtMismatchKind::Value), 8u);
  const SmtMismatch& m = r.mismatches[0];
  EXPECT_EQ(m.function, "mix16");
  EXPECT_EQ(m.solver, "z3");
  EXPECT_EQ(r.mismatches[1].solver, "cvc5");
  EXPECT_EQ(m.expect_line.rfind("// expect smt: mix16(a = ", 0), 0u) << m.expect_line;
  EXPECT_NE(m.expect_line.find(") returns "), std::string::npos) << m.expect_line;
  std::string kept = smt_case_text(m, 11);
  EXPECT_NE(kept.find("// found: seed 11 index 0, kind smt value, z3\n"), std::string::npos) << kept;
  EXPECT_NE(kept.find(m.expect_line + "\nfn mix16"), std::string::npos) << kept;
}

TEST(FuzzSmt, PerturbedDefinednessAndUnsatAreReported) {
  SmtOptions o = fast_options();
  o.inputs_per_function = 3;
  o.solvers = smt::SolverSet::only(smt::Solver::Cvc5);
  o.hooks.interp = [](const std::string&, sem::CallOutcome& run) {
    run.defined = false;  // the interpreter "traps" on every input
    run.trap = check::TrapKind::Overflow;
  };
  SmtProgramResult r = check_program_smt("fn id(x:u32) -> u32 = x;\n", 0, 5, o);
  EXPECT_EQ(count_kind(r, SmtMismatchKind::Definedness), 3u) << describe(r);
  EXPECT_EQ(r.mismatches.at(0).solver, "cvc5");

  SmtOptions u = fast_options();
  u.inputs_per_function = 2;
  u.hooks.solver = [](const std::string&, smt::Solver s, smt::CheckResult& res) {
    if (s == smt::Solver::Z3) res.answer = smt::Answer::Unsat;
  };
  SmtProgramResult v = check_program_smt("fn id(x:u32) -> u32 = x;\n", 0, 5, u);
  EXPECT_EQ(count_kind(v, SmtMismatchKind::UnsatOnConcreteInput), 2u) << describe(v);
  EXPECT_EQ(v.mismatches.size(), 2u) << describe(v);
  EXPECT_EQ(v.mismatches.at(0).solver, "z3");
}

TEST(FuzzSmt, TimeoutsAreCountedNotReported) {
  SmtOptions o = fast_options();
  o.inputs_per_function = 2;
  o.hooks.solver = [](const std::string&, smt::Solver, smt::CheckResult& res) { res.answer = smt::Answer::Timeout; };
  SmtProgramResult r = check_program_smt("fn id(x:i64) -> i64 = x;\n", 0, 1, o);
  EXPECT_TRUE(r.mismatches.empty());
  EXPECT_EQ(r.counts.timeouts, 4u);
  EXPECT_EQ(r.counts.inputs, 2u);
}

TEST(FuzzSmt, ProgramThatDoesNotCheckIsADefect) {
  SmtProgramResult r = check_program_smt("fn f(x:u8) -> u8 = x + true;\n", 0, 1, fast_options());
  ASSERT_TRUE(r.defect);
  EXPECT_EQ(r.counts.functions, 0u);
}

TEST(FuzzSmt, CampaignRecordHasTheSmtFields) {
  SmtOptions o = fast_options();
  o.seed = 1;
  o.count = 2;
  o.inputs_per_function = 2;
  SmtCampaign c = run_smt_mode(o);
  EXPECT_EQ(c.programs, 2u);
  for (const char* k : {"functions", "inputs", "outside_fragment", "beyond_bound", "timeouts", "mismatches"})
    EXPECT_TRUE(c.smt.contains(k)) << k;
  EXPECT_TRUE(c.mismatches.empty()) << c.smt.dump();
}

}  // namespace
}  // namespace cairn::fuzz
