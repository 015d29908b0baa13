// Constructs outside the modeled fragment (tools.md §3.2) and the model's limits: each is `unsupported`, named.
#include <gtest/gtest.h>

#include "encode_support.h"

namespace cairn::smt::test {
namespace {

const char* kOutside = R"(import std.core (Option);
struct Holder { b:Buf[u8]; }
fn down(n:u32) -> u32 {
  if n == 0 { return 0; }
  return down(n - 1);
}
fn ping(n:u32) -> u32 {
  if n == 0 { return 0; }
  return pong(n - 1);
}
fn pong(n:u32) -> u32 = ping(n);
fn calls_down(n:u32) -> u32 = down(n) + 1;
fn shout(x:u32) -> u32 {
  println(x);
  return x;
}
fn checks(x:u32) -> u32 {
  assert(x > 2);
  return x;
}
fn twice(f:fn(u32) -> u32, x:u32) -> u32 = f(f(x));
fn via_value(x:u32) -> u32 = twice(calls_down, x);
fn holder(n:usize) -> usize {
  let h = Holder(Buf[u8](n));
  let Holder(b) = h;
  return len(b);
}
fn half(v:u8) -> Option[u8] {
  if v % 2 == 1 { return None; }
  return Some(v / 2);
}
fn nested_try(a:u8) -> Option[u8] = Some((try half(a)) + 1);
fn big(n:usize, xs:rw<u64>[n]) {
  for i in 0..n {
    for j in 0..n {
      for k in 0..n { xs[k] = xs[i] * xs[j] + xs[k]; }
    }
  }
}
fn main() -> i32 { return 0; }
)";

class EncodeUnsupported : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { program_ = load_source("encode_outside", kOutside).release(); }
  static void TearDownTestSuite() {
    delete program_;
    program_ = nullptr;
  }
  static Loaded* program_;
  static std::string why(const std::string& fn) {
    auto e = encode(*program_, fn);
    return e->e.unsupported ? *e->e.unsupported : "(supported)";
  }
};
Loaded* EncodeUnsupported::program_ = nullptr;

TEST_F(EncodeUnsupported, Recursion) {
  ASSERT_NE(program_, nullptr);
  EXPECT_EQ(why("down"), "recursion: down calls itself");
  EXPECT_EQ(why("calls_down"), "recursion: down calls itself");
  EXPECT_EQ(why("ping"), "recursion: pong calls ping, which is already running");
}

TEST_F(EncodeUnsupported, PrintingAssertingAndFunctionValues) {
  ASSERT_NE(program_, nullptr);
  EXPECT_EQ(why("shout"), "printing");
  EXPECT_EQ(why("checks"), "a function that asserts");
  EXPECT_EQ(why("twice"), "a function-value parameter (f: fn(u32) -> u32) is outside the modeled inputs");
  EXPECT_EQ(why("via_value"), "a function value");
}

TEST_F(EncodeUnsupported, AnOwnerInsideARecord) {
  ASSERT_NE(program_, nullptr);
  EXPECT_EQ(why("holder"), "an owner inside a record, sum or array");
}

TEST_F(EncodeUnsupported, ATryInsideAnExpression) {
  ASSERT_NE(program_, nullptr);
  EXPECT_EQ(why("nested_try"),
            "a try that is not the whole right side of a binding, assignment, return or expression statement");
}

TEST_F(EncodeUnsupported, TheTermLimit) {
  ASSERT_NE(program_, nullptr);
  EXPECT_EQ(why("big"), "the encoding exceeds 12,000 terms");
}

// Unsupported encodings still carry terms (never null) for a driver that reads them anyway.
TEST_F(EncodeUnsupported, RefusalsCarryConstantTerms) {
  ASSERT_NE(program_, nullptr);
  auto e = encode(*program_, "down");
  ASSERT_TRUE(e->e.unsupported);
  EXPECT_TRUE(e->e.trapped.is_false());
  EXPECT_TRUE(e->e.past_bound.is_false());
  EXPECT_FALSE(e->e.trap_kind.is_null());
  EXPECT_TRUE(e->e.observed.empty());
}

}  // namespace
}  // namespace cairn::smt::test
