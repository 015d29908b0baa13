// The child-process runner behind every solver check: results come back framed, a job past its hard limit is
// stopped, a crash is reported with its signal, and several jobs run side by side. No wall-clock assertion.
#include <gtest/gtest.h>

#include <signal.h>
#include <unistd.h>

#include "base/address_space.h"
#include "smt/term_ops.h"
#include "verify/child.h"
#include "verify/solve.h"

namespace cairn::smt {
namespace {

ChildJob job(std::function<std::string()> body, unsigned hard_ms = 20000) {
  ChildJob j;
  j.body = std::move(body);
  j.hard_limit_ms = hard_ms;
  j.memory_extra = uint64_t{1} << 30;
  return j;
}

TEST(VerifyChild, ReturnsThePayload) {
  std::string big(200000, 'x');  // more than one pipe buffer
  std::vector<ChildResult> r = run_children({job([] { return std::string("hello\nworld"); }), job([big] { return big; })});
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].end, ChildEnd::Finished);
  EXPECT_EQ(r[0].payload, "hello\nworld");
  EXPECT_EQ(r[1].end, ChildEnd::Finished);
  EXPECT_EQ(r[1].payload, big);
}

TEST(VerifyChild, AHangingJobIsKilledAndTheOtherStillAnswers) {
  std::vector<ChildResult> r = run_children({job([] {
                                               for (;;) pause();
                                               return std::string();
                                             }, 300),
                                             job([] { return std::string("done"); })});
  EXPECT_EQ(r[0].end, ChildEnd::Killed);
  EXPECT_EQ(r[1].end, ChildEnd::Finished);
  EXPECT_EQ(r[1].payload, "done");
}

// SIGABRT, as a solver's failed internal assertion ends it (AddressSanitizer would turn a SIGSEGV into its own
// report and exit status, so the signal path is shown with one it leaves alone).
TEST(VerifyChild, ACrashIsReportedWithItsSignal) {
  std::vector<ChildResult> r = run_children({job([] {
    raise(SIGABRT);
    return std::string("unreached");
  })});
  EXPECT_EQ(r[0].end, ChildEnd::Crashed);
  EXPECT_EQ(r[0].signal, SIGABRT);
  EXPECT_EQ(signal_text(r[0].signal), "SIGABRT");
}

TEST(VerifyChild, AnExitWithoutAnswerIsACrash) {
  std::vector<ChildResult> r = run_children({job([] {
    _exit(3);
    return std::string();
  })});
  EXPECT_EQ(r[0].end, ChildEnd::Crashed);
  EXPECT_EQ(r[0].exit_code, 3);
}


TEST(VerifyChild, TheMemoryCapStopsARunawayJob) {
  if (kSanitizerBuild) GTEST_SKIP() << "no address-space cap under AddressSanitizer or ThreadSanitizer";
  std::vector<ChildResult> r = run_children({job([] {
    std::vector<std::string> hog;
    for (int i = 0; i < 64; ++i) hog.emplace_back(size_t{64} << 20, 'x');  // 4 GiB > the 1 GiB cap
    return std::to_string(hog.size());
  })});
  // std::bad_alloc escapes the body: the child exits without an answer.
  EXPECT_EQ(r[0].end, ChildEnd::Crashed);
}

TEST(VerifyChild, CheckResultsRoundTrip) {
  CheckResult r;
  r.answer = Answer::Sat;
  r.reason = "a reason: with 7: colons\nand lines";
  r.logic = "QF_ABVFP";
  r.retried = true;
  r.values = {0, 1, UINT64_MAX, 42};
  CheckResult back;
  ASSERT_TRUE(decode_result(encode_result(r), back));
  EXPECT_EQ(back.answer, r.answer);
  EXPECT_EQ(back.reason, r.reason);
  EXPECT_EQ(back.logic, r.logic);
  EXPECT_TRUE(back.retried);
  EXPECT_EQ(back.values, r.values);
  std::string bytes = encode_result(r);
  EXPECT_FALSE(decode_result(bytes.substr(0, bytes.size() - 1), back));
  EXPECT_FALSE(decode_result(bytes + "1:0", back));
  EXPECT_FALSE(decode_result("1:9", back));  // no such answer
}

TEST(VerifySolve, BothSolversAnswerInChildrenAndAnExcludedOneIsNotRun) {
  Context c;
  Term x = c.var("x", c.bv_sort(32));
  Query q;
  q.assertions = {ult(c.bv(32, 1000), x)};
  q.wanted = {x};
  q.timeout_ms = 5000;
  Answers a = solve(q, SolverSet{});
  for (Solver s : all_solvers()) {
    const CheckResult& r = a[static_cast<size_t>(s)];
    ASSERT_EQ(r.answer, Answer::Sat) << solver_name(s) << ": " << r.reason;
    ASSERT_EQ(r.values.size(), 1u);
    EXPECT_GT(r.values[0], 1000u);
  }
  a = solve(q, SolverSet::only(Solver::Cvc5));
  EXPECT_EQ(a[static_cast<size_t>(Solver::Z3)].answer, Answer::NotRun);
  EXPECT_EQ(a[static_cast<size_t>(Solver::Cvc5)].answer, Answer::Sat);
  q.assertions = {ult(x, c.bv(32, 0))};
  a = solve(q, SolverSet{});
  for (const CheckResult& r : a) EXPECT_EQ(r.answer, Answer::Unsat);
  EXPECT_EQ(hard_limit_ms(3000), 6500u);
}

}  // namespace
}  // namespace cairn::smt
