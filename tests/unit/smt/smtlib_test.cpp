// SMT-LIB2 text: a golden query, byte-for-byte determinism, and Z3 reading the text to the same answer.
#include <gtest/gtest.h>
#include <z3++.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "smt/domain_smt.h"
#include "smt/smtlib.h"

namespace cairn::smt {
namespace {

using check::Scalar;
using sem::Op;

// f32 a + b = 3.0, i32 i / j = -3, mem[k] == u << k: guards, FpToBits, shared terms, an array, a quoted name.
Query golden_query(Context& c, bool contradict) {
  Sort w8 = c.bv_sort(8), w32 = c.bv_sort(32), w64 = c.bv_sort(64);
  Term a = c.var("a", w32), b = c.var("b", w32), i = c.var("i", w32), j = c.var("j", w32);
  Term k = c.var("k", w64), u = c.var("u", w8), mem = c.var("mem view", c.array_sort(w64, w8));
  OpTerm add = encode_op(c, Op::Add, Scalar::F32, Scalar::F32, a, b);
  OpTerm div = encode_op(c, Op::Div, Scalar::I32, Scalar::I32, i, j);
  OpTerm sh = encode_op(c, Op::ShlWrap, Scalar::U8, Scalar::U8, u, k);
  Query q;
  q.assertions = {!add.trapped,  eq(add.value, c.bv(32, 0x40400000u)), !div.trapped, eq(div.value, c.bv(32, -3)),
                  !sh.trapped,   eq(select(mem, k), sh.value),         ne(u, c.bv(8, 0))};
  if (contradict) q.assertions.push_back(eq(j, c.bv(32, 0)));
  q.wanted = {a, b, i, j, k, u};
  return q;
}

std::string golden_path() {
  return (std::filesystem::path(CAIRN_SOURCE_DIR) / "tests" / "unit" / "smt" / "golden" / "query.smt2").string();
}

TEST(SmtLib, GoldenQuery) {
  Context c;
  std::string text = smtlib_text(golden_query(c, false));
  if (const char* u = std::getenv("CAIRN_UPDATE_GOLDEN"); u && std::string(u) == "1") {
    std::ofstream(golden_path(), std::ios::binary) << text;
    GTEST_SKIP() << "golden updated";
  }
  std::ifstream in(golden_path(), std::ios::binary);
  ASSERT_TRUE(in) << golden_path() << " (CAIRN_UPDATE_GOLDEN=1 writes it)";
  std::stringstream want;
  want << in.rdbuf();
  EXPECT_EQ(text, want.str());
}

TEST(SmtLib, SameQuerySameBytes) {
  Context c1, c2;
  c2.var("unrelated", c2.bv_sort(3));  // other nodes in the context do not change the text
  EXPECT_EQ(smtlib_text(golden_query(c1, false)), smtlib_text(golden_query(c2, false)));
}

TEST(SmtLib, SymbolsAreQuotedWhenNeeded) {
  EXPECT_EQ(smtlib_symbol("x_1.b"), "x_1.b");
  EXPECT_EQ(smtlib_symbol("mem view"), "|mem view|");
  EXPECT_EQ(smtlib_symbol("1x"), "|1x|");
  EXPECT_EQ(smtlib_symbol("assert"), "|assert|");
  EXPECT_EQ(smtlib_symbol("a|b"), "|ab|");
}

// The text means what the terms mean: Z3 reading it answers as the backends do.
TEST(SmtLib, Z3ReadsTheTextToTheSameAnswer) {
  for (bool contradict : {false, true}) {
    Context c;
    Query q = golden_query(c, contradict);
    z3::context z;
    std::string out = Z3_eval_smtlib2_string(z, smtlib_text(q).c_str());
    std::string want = contradict ? "unsat" : "sat";
    std::istringstream lines(out);  // Z3 4.8 first says "unsupported" to set-logic QF_ABVFP
    std::string line;
    while (std::getline(lines, line) && line != "sat" && line != "unsat" && line != "unknown") {}
    EXPECT_EQ(line, want) << out;
    for (Solver s : all_solvers()) EXPECT_EQ(answer_name(check(s, q).answer), want) << solver_name(s);
  }
}

}  // namespace
}  // namespace cairn::smt
