// Own effect rows (§13.2), guard sites (§16.2-§16.3) and call edges (§13.3) recorded by the flow walk.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "front/check/expr_info.h"
#include "front/driver/driver.h"

namespace cairn {
namespace {

struct Checked {
  driver::CheckRun run;
  check::FnInfo* fn(const std::string& name) {
    for (auto& f : run.program->fns)
      if (f.name == name) return &f;
    return nullptr;
  }
  std::string own(const std::string& name) {
    check::FnInfo* f = fn(name);
    if (!f) return "?";
    std::vector<std::string> params;
    for (const auto& p : f->params) params.push_back(p.name);
    std::string s;
    for (const std::string& l : check::row_labels(f->own_row, params)) s += (s.empty() ? "" : " ") + l;
    return s;
  }
  // "kind@line[safe]" for every guard site of a function, in order.
  std::string guards(const std::string& name) {
    check::FnInfo* f = fn(name);
    if (!f || !f->body) return "?";
    std::string s;
    for (const auto& g : f->body->guards)
      s += (s.empty() ? "" : " ") + std::string(check::trap_name(g.kind)) + "@" + std::to_string(g.pos.line) +
           (g.proven_safe ? "s" : "");
    return s;
  }
};

Checked check_text(const std::string& text) {
  static int counter = 0;
  std::filesystem::path p = std::filesystem::temp_directory_path() /
                            ("cairn_flow_rows_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) + ".cairn");
  {
    std::ofstream out(p);
    out << text;
  }
  Checked c{driver::run(p.string())};
  std::filesystem::remove(p);
  EXPECT_EQ(c.run.outcome, driver::Outcome::Typed)
      << (c.run.refusal ? std::string(code_name(c.run.refusal->first.code)) + " " + c.run.refusal->first.message : "");
  return c;
}

TEST(FlowRows, SpecExamples) {
  Checked c = check_text(
      "fn say(n:usize, text:ro<u8>[n]) { println(text); }\n"
      "fn fill(n:usize, out:rw<u64>[n], v:u64) effects(write:out, trap) { for i in 0..n { out[i] = v; } }\n"
      "fn sum(n:usize, xs:ro<u64>[n]) -> u64 pure { let mut s:u64 = 0; for x in xs { s += x; } return s; }\n"
      "fn main() -> i32 { return 0; }\n");
  EXPECT_EQ(c.own("say"), "io read:text");
  EXPECT_EQ(c.own("fill"), "trap write:out");
  EXPECT_EQ(c.own("sum"), "read:xs trap");
  // out[i] in `for i in 0..n` over a view of extent n cannot fail.
  EXPECT_EQ(c.guards("fill"), "bounds@2s");
}

TEST(FlowRows, OwnersAllocAndFree) {
  Checked c = check_text(
      "fn make(n:usize) -> Buf[u8] = Buf[u8](n);\n"
      "fn drop_it(b:Buf[u8]) { }\n"
      "fn pass_on(b:Buf[u8]) { drop_it(b); }\n"
      "fn local() -> u8 {\n"
      "  let mut b = Buf[u8](4);\n"
      "  b[0] = 1;\n"
      "  return b[1];\n"
      "}\n"
      "fn frame() { stack s:u64[4] = zeroed; s[0] = 1; }\n"
      "fn main() -> i32 { return 0; }\n");
  EXPECT_EQ(c.own("make"), "alloc trap zero_init");
  EXPECT_EQ(c.own("drop_it"), "free");
  EXPECT_EQ(c.own("pass_on"), "");
  EXPECT_EQ(c.own("local"), "alloc free local_read local_write trap zero_init");
  EXPECT_EQ(c.own("frame"), "local_write stack_storage trap zero_init");
  check::FnInfo* p = c.fn("pass_on");
  ASSERT_NE(p, nullptr);
  ASSERT_EQ(p->calls.size(), 1u);
  EXPECT_EQ(p->calls[0].callee, c.fn("drop_it"));
}

TEST(FlowRows, EdgesCarryArgumentRoots) {
  Checked c = check_text(
      "fn peek(n:usize, xs:ro<u8>[n]) -> u8 = xs[0];\n"
      "fn outer(n:usize, ys:ro<u8>[n]) -> u8 {\n"
      "  let b = Buf[u8](2);\n"
      "  let a = peek(ys);\n"
      "  let d = peek(b);\n"
      "  return a + d;\n"
      "}\n"
      "fn main() -> i32 { return 0; }\n");
  check::FnInfo* f = c.fn("outer");
  ASSERT_NE(f, nullptr);
  ASSERT_EQ(f->calls.size(), 2u);
  ASSERT_EQ(f->calls[0].roots.size(), 2u);
  EXPECT_EQ(f->calls[0].roots[1].kind, check::ArgRoot::Kind::Param);
  EXPECT_EQ(f->calls[0].roots[1].param, 1u);
  EXPECT_EQ(f->calls[1].roots[1].kind, check::ArgRoot::Kind::Local);
  EXPECT_EQ(f->calls[1].pos.line, 5u);
}

TEST(FlowRows, GuardsAndEasyProofs) {
  Checked c = check_text(
      "fn g(n:usize, xs:ro<u64>[n], i:usize, j:usize) -> u64 {\n"
      "  let mut s:u64 = 0;\n"
      "  if i > 0 { s = xs[i - 1]; }\n"
      "  if j < n && xs[j] > 0 { s = s / 2; }\n"
      "  if j >= n { return s; }\n"
      "  return xs[j] + u64(u8(s));\n"
      "}\n"
      "fn main() -> i32 { return 0; }\n");
  EXPECT_EQ(c.guards("g"), "overflow@3s bounds@3 bounds@4s divide-by-zero@4s bounds@6s conversion@6 overflow@6");
}

TEST(FlowRows, RangesOfConstantLoopsProveIndexArithmetic) {
  Checked c = check_text(
      "const N:usize = 300;\n"
      "fn mm(a:ro<f64>[90000], n:usize, xs:ro<u64>[n]) -> f64 {\n"
      "  let mut s:f64 = 0.0;\n"
      "  for i in 0..N { for k in 0..N { s = s + a[i * N + k]; } }\n"
      "  for i in 0..N { for k in 0..N { s = s + a[i * 301 + k]; } }\n"
      "  for i in 0..n { if i > 0 { s = s + f64(xs[i - 1]); } }\n"
      "  let t = Array[u8, 4]();\n"
      "  let w:u8 = 200;\n"
      "  return s + f64(t[3]) + f64(t[2] + w) + f64(w + 55);\n"
      "}\n"
      "fn main() -> i32 { return 0; }\n");
  // i * N + k < 90000 when i, k < 300; i * 301 + k fits usize but can reach 90298; xs[i - 1] with i < n;
  // t[3] and t[2] of four; a let's value is no range fact, so neither u8 addition is proven.
  EXPECT_EQ(c.guards("mm"),
            "overflow@4s overflow@4s bounds@4s overflow@5s overflow@5s bounds@5 overflow@6s bounds@6s bounds@9s "
            "bounds@9s overflow@9 overflow@9");
}

TEST(FlowRows, CompactStoreAndWhile) {
  Checked c = check_text(
      "fn sel(n:usize, out:rw<u64>[n], x:ro<u64>[n]) -> usize {\n"
      "  let k = compact out for i in 0..n where x[i] > 3 yield x[i];\n"
      "  let mut m:usize = 0;\n"
      "  while m < k { m += 1; }\n"
      "  return m;\n"
      "}\n"
      "fn main() -> i32 { return 0; }\n");
  EXPECT_EQ(c.own("sel"), "diverge read:x trap write:out");
  EXPECT_EQ(c.guards("sel"), "bounds@2s bounds@2s bounds@2s overflow@4");
}

}  // namespace
}  // namespace cairn

namespace cairn {
namespace {

TEST(FlowRows, StringLocalsAndBorrowValues) {
  Checked c = check_text(
      "fn hello() effects(io, trap) { let s = \"hi\"; println(s); for b in s { println(b); } }\n"
      "fn peek(x:ro<u64>) -> u64 = x;\n"
      "fn bump(x:rw<u64>) { x += 1; }\n"
      "fn main() -> i32 { return 0; }\n");
  EXPECT_EQ(c.own("hello"), "io trap");
  EXPECT_EQ(c.own("peek"), "read:x");
  EXPECT_EQ(c.own("bump"), "read:x trap write:x");
}

}  // namespace
}  // namespace cairn
