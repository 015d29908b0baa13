// The C header of a library (lower/c_header.h): what crosses and what is left out with its reason, the tables it
// reads, determinism, and an interface hash that moves with a signature but not with a body or a doc comment.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "front/driver/driver.h"
#include "lower/c_types.h"
#include "lower/lower.h"
#include "semantics/ir.h"

namespace {

struct HeaderRun {
  cairn::driver::CheckRun run;
  cairn::ir::Module module;
  cairn::lower::Lowered low;
};

std::unique_ptr<HeaderRun> header_of(const std::string& name, const std::string& text) {
  auto dir = std::filesystem::temp_directory_path() / ("cairn_c_header_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  auto path = dir / (name + ".cairn");
  std::ofstream(path) << text;
  auto h = std::make_unique<HeaderRun>();
  h->run = cairn::driver::run(path.string());
  EXPECT_EQ(h->run.outcome, cairn::driver::Outcome::Typed) << name;
  if (h->run.outcome != cairn::driver::Outcome::Typed) return h;
  h->module = cairn::ir::build_ir(*h->run.program);
  cairn::lower::Options o;
  o.kind = cairn::lower::Kind::Library;
  o.c_header = "lib";
  h->low = cairn::lower::lower_program(h->module, h->run.sources, o);
  return h;
}

const char* kLibrary = R"(
// Adds.
pub fn add(a:i64, b:i64) -> i64 = a + b;
pub fn total(n:usize, xs:ro<u32>[n]) -> u32 {
  let mut s:u32 = 0;
  for x in xs { s += x; }
  return s;
}
pub fn owned(b:Buf[u8]) -> usize = len(b);
fn hidden(x:u64) -> u64 = x;
test t { assert_eq(add(1, 2), 3); }
)";

TEST(CHeader, DeclaresWhatCrossesAndListsWhatDoesNot) {
  auto h = header_of("crossing", kLibrary);
  const cairn::lower::CHeader& c = h->low.header;
  EXPECT_EQ(c.file, "lib.h");
  EXPECT_NE(c.text.find("int64_t cf_add(int64_t a, int64_t b);"), std::string::npos) << c.text;
  EXPECT_NE(c.text.find("uint32_t cf_total(size_t n, const uint32_t *xs);"), std::string::npos);
  // language.md §14.4: a library exports every function of its own sources, private ones too; test blocks are
  // not functions of the library.
  EXPECT_NE(c.text.find("uint64_t cf_hidden(uint64_t x);"), std::string::npos);
  EXPECT_EQ(c.text.find("cf_t("), std::string::npos);
  ASSERT_EQ(c.left_out.size(), 1u);
  EXPECT_EQ(c.left_out[0].first, "fn owned(b:Buf[u8]) -> usize");
  EXPECT_NE(c.left_out[0].second.find("owner"), std::string::npos);
  EXPECT_EQ(c.entries, (std::vector<std::string>{"cf_add", "cf_total", "cf_hidden"}));
  EXPECT_NE(h->low.cpp.find("#include \"lib.h\""), std::string::npos);
  EXPECT_NE(h->low.cpp.find("cairn_lib_iface_" + c.hash + " = 1;"), std::string::npos);
}

TEST(CHeader, HashMovesWithASignatureOnly) {
  auto a = header_of("hash_a", kLibrary);
  auto same = header_of("hash_b", kLibrary);
  std::string body = kLibrary;
  body.replace(body.find("a + b"), 5, "b + a");
  body.replace(body.find("// Adds."), 8, "// Adds two numbers.");
  auto edited = header_of("hash_c", body);
  std::string sig = kLibrary;
  sig.replace(sig.find("b:i64) -> i64"), 13, "b:i32) -> i64");
  sig.replace(sig.find("a + b"), 5, "a + i64(b)");
  auto changed = header_of("hash_d", sig);
  EXPECT_EQ(a->low.header.text, same->low.header.text);
  EXPECT_EQ(a->low.header.hash, edited->low.header.hash);
  EXPECT_NE(a->low.header.hash, changed->low.header.hash);
}

TEST(CHeader, NoHeaderUnlessAsked) {
  auto h = header_of("unasked", kLibrary);
  cairn::lower::Options o;
  o.kind = cairn::lower::Kind::Library;
  cairn::lower::Lowered plain = cairn::lower::lower_program(h->module, h->run.sources, o);
  EXPECT_TRUE(plain.header.text.empty());
  EXPECT_EQ(plain.cpp.find("cf_add"), std::string::npos);
}

// language.md §3.9: a payload sum is its u32 tag, then the largest payload: in C, one union `payload` at the next
// multiple of the largest payload alignment; the size rounds up to max(4, that alignment).
TEST(CHeader, PayloadSumsAreATagAndOneUnion) {
  auto h = header_of("sums", R"(
enum Trend { Up(u64); Down(u64); Flat; }
enum Small { A(u8); B(u16); C; }
struct Pair { x:u8; y:u32; }
enum Mixed { P(Pair); Q(u8); }
pub fn trend(x:u64) -> Trend = Up(x);
pub fn small(x:u8) -> Small = A(x);
pub fn mixed(x:u8) -> Mixed = Q(x);
pub fn times[K:nat](x:u64) -> u64 = x * u64(K);
pub fn six(x:u64) -> u64 = times[6](x);
)");
  const std::string& t = h->low.header.text;
  EXPECT_NE(t.find("  union {\n    uint64_t Up;\n    uint64_t Down;\n  } payload;\n} ct_Trend;"), std::string::npos) << t;
  EXPECT_NE(t.find("sizeof(ct_Trend) == 16"), std::string::npos);
  EXPECT_NE(t.find("offsetof(ct_Trend, payload.Up) == 8"), std::string::npos);
  EXPECT_NE(t.find("offsetof(ct_Trend, payload.Down) == 8"), std::string::npos);
  EXPECT_NE(t.find("sizeof(ct_Small) == 8"), std::string::npos);
  EXPECT_NE(t.find("offsetof(ct_Small, payload.A) == 4"), std::string::npos);
  EXPECT_NE(t.find("offsetof(ct_Small, payload.B) == 4"), std::string::npos);
  EXPECT_NE(t.find("sizeof(ct_Mixed) == 12"), std::string::npos);
  EXPECT_NE(t.find("offsetof(ct_Mixed, payload.Q) == 4"), std::string::npos);
  // The library keeps each payload in a member of its own, so its entries convert both ways.
  EXPECT_NE(h->low.cpp.find("cairn_in_ct_Trend("), std::string::npos);
  EXPECT_NE(h->low.cpp.find("return cairn_out_ct_Trend("), std::string::npos);
  // A template crosses as its instances, named with their natural arguments.
  EXPECT_NE(t.find("uint64_t cf_times_6(uint64_t x);"), std::string::npos);
}

TEST(CHeader, Tables) {
  EXPECT_STREQ(cairn::lower::c_scalar(cairn::check::Scalar::Usize), "size_t");
  EXPECT_STREQ(cairn::lower::c_scalar(cairn::check::Scalar::Bool), "bool");
  EXPECT_STREQ(cairn::lower::c_scalar(cairn::check::Scalar::F32), "float");
  EXPECT_TRUE(cairn::lower::c_reserved("default"));
  EXPECT_TRUE(cairn::lower::c_reserved("new"));
  EXPECT_FALSE(cairn::lower::c_reserved("count"));
}

}  // namespace
