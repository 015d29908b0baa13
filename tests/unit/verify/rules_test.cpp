// The stage answer rules of tools.md §3.5 (first match wins) with made-up solver answers, and the tables.
#include <gtest/gtest.h>

#include "verify/rules.h"
#include "verify/stages.h"

namespace cairn::smt {
namespace {

using A = Answer;
constexpr size_t Z = static_cast<size_t>(Solver::Z3), C = static_cast<size_t>(Solver::Cvc5);

Decision run(A z3, A cvc5, bool z3_confirmed = false, bool cvc5_confirmed = false) {
  std::array<A, kSolverCount> a{};
  std::array<bool, kSolverCount> ok{};
  a[Z] = z3;
  a[C] = cvc5;
  ok[Z] = z3_confirmed;
  ok[C] = cvc5_confirmed;
  return decide(a, ok);
}

TEST(VerifyRules, Rule1ConfirmedSatAgainstUnsatIsADisagreement) {
  Decision d = run(A::Sat, A::Unsat, true, false);
  EXPECT_EQ(d.verdict, Verdict::Disagreement);
  EXPECT_EQ(d.witness, Solver::Z3);
  EXPECT_EQ(d.unsat_by, Solver::Cvc5);
  d = run(A::Unsat, A::Sat, false, true);
  EXPECT_EQ(d.verdict, Verdict::Disagreement);
  EXPECT_EQ(d.witness, Solver::Cvc5);
  EXPECT_EQ(d.unsat_by, Solver::Z3);
}

TEST(VerifyRules, Rule2AConfirmedSatIsTheStagesYes) {
  Decision d = run(A::Sat, A::Sat, true, true);
  EXPECT_EQ(d.verdict, Verdict::Yes);
  EXPECT_EQ(d.witness, Solver::Z3);  // Z3 first when both replay
  d = run(A::Sat, A::Sat, false, true);
  EXPECT_EQ(d.verdict, Verdict::Yes);
  EXPECT_EQ(d.witness, Solver::Cvc5);  // the other solver's model replays
  EXPECT_EQ(d.unconfirmed, Solver::Z3);
  for (A other : {A::Unknown, A::Timeout, A::Error, A::Unavailable, A::NotRun})
    EXPECT_EQ(run(other, A::Sat, false, true).verdict, Verdict::Yes) << answer_name(other);
}

TEST(VerifyRules, Rule3ASatNoModelReplaysIsUnknown) {
  Decision d = run(A::Sat, A::Unsat, false, false);
  EXPECT_EQ(d.verdict, Verdict::ReplayDisagreed);  // not a disagreement: the sat is not believed
  EXPECT_EQ(d.unconfirmed, Solver::Z3);
  EXPECT_EQ(run(A::Timeout, A::Sat).verdict, Verdict::ReplayDisagreed);
  EXPECT_EQ(run(A::Sat, A::Sat).verdict, Verdict::ReplayDisagreed);
}

TEST(VerifyRules, Rule4AnUnsatWithoutSatIsTheStagesNo) {
  EXPECT_EQ(run(A::Unsat, A::Unsat).verdict, Verdict::No);
  for (A other : {A::Unknown, A::Timeout, A::Error, A::Unavailable, A::NotRun}) {
    EXPECT_EQ(run(A::Unsat, other).verdict, Verdict::No) << answer_name(other);
    EXPECT_EQ(run(other, A::Unsat).verdict, Verdict::No) << answer_name(other);
  }
}

TEST(VerifyRules, Rule5OtherwiseUndecided) {
  for (A x : {A::Unknown, A::Timeout, A::Error, A::Unavailable, A::NotRun})
    for (A y : {A::Unknown, A::Timeout, A::Error, A::Unavailable, A::NotRun})
      EXPECT_EQ(run(x, y).verdict, Verdict::Undecided) << answer_name(x) << " " << answer_name(y);
}

TEST(VerifyRules, TablesInSpecOrder) {
  const char* names[] = {"domain-totality", "domain-nonempty", "loop-unrolling", "reference-totality", "equivalence",
                         "nan-observation"};
  for (size_t i = 0; i < kStageCount; ++i) EXPECT_STREQ(stage_name(static_cast<Stage>(i)), names[i]);
  EXPECT_EQ(stages_asked(false).size(), 6u);
  EXPECT_EQ(stages_asked(true).size(), 5u);
  for (Stage s : stages_asked(true)) EXPECT_NE(s, Stage::ReferenceTotality);
  EXPECT_EQ(status_exit_code(Status::SmtEquivalent), 0);
  EXPECT_EQ(status_exit_code(Status::Counterexample), 1);
  EXPECT_EQ(status_exit_code(Status::InvalidDomain), 1);
  EXPECT_EQ(status_exit_code(Status::Unknown), 2);
  EXPECT_EQ(status_exit_code(Status::SolverDisagreement), 2);
  EXPECT_STREQ(status_name(Status::InvalidReference), "invalid-reference");
}

TEST(VerifyRules, AnswersTextAndNoneCouldRun) {
  Answers a;
  a[Z].answer = A::Unknown;
  a[C].answer = A::Timeout;
  EXPECT_EQ(answers_text(a), "z3: unknown, cvc5: timeout");
  EXPECT_FALSE(none_could_run(a, SolverSet{}));
  a[Z].answer = A::Error;
  a[Z].reason = "the solver process could not start: fork: no memory";
  a[C].answer = A::NotRun;
  EXPECT_TRUE(none_could_run(a, SolverSet::only(Solver::Z3)));
  EXPECT_FALSE(none_could_run(a, SolverSet{}));  // cvc5 was chosen and did not fail to start
}

}  // namespace
}  // namespace cairn::smt
