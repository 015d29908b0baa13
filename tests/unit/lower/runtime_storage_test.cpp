// The runtime's storage and output paths in-process: alloc cap and size overflow, index/part/lend/extent
// guards, null function values, take/swap, the pin of a walked Buf, format growth and assert lines.
#include <gtest/gtest.h>

#include "runtime_eval.h"

namespace {

const cr::Site kSite{"t.cairn", 3};

template <class F>
int trap_of(F f) {
  try {
    f();
  } catch (const RtTrap& t) {
    return t.kind;
  }
  return -1;
}
int kind(cr::Trap k) { return static_cast<int>(k); }

TEST(RuntimeStorage, AllocTrapsOnOverflowAndCap) {
  EXPECT_EQ(trap_of([] { auto b = cr::buf_new<uint64_t>(UINT64_MAX / 4, 8, &kSite); }), kind(cr::Trap::Alloc));
  EXPECT_EQ(trap_of([] { auto b = cr::buf_new<uint64_t>(uint64_t{1} << 40, 8, &kSite); }), kind(cr::Trap::Alloc));
  uint64_t before = cr::live_bytes();
  {
    auto b = cr::buf_new<uint32_t>(10, 4, &kSite);
    EXPECT_EQ(cr::live_bytes(), before + 40);
    for (uint64_t i = 0; i < 10; ++i) EXPECT_EQ(b[i], 0u);
    auto c = std::move(b);
    EXPECT_EQ(b.n, 0u);
    EXPECT_EQ(c.n, 10u);
  }
  EXPECT_EQ(cr::live_bytes(), before);
}

TEST(RuntimeStorage, GuardsOfIndexesPartsLendsAndExtents) {
  auto b = cr::buf_new<uint8_t>(4, 1, &kSite);
  EXPECT_EQ(trap_of([&] { (void)cr::at(b, 4, &kSite); }), kind(cr::Trap::Bounds));
  EXPECT_EQ(trap_of([&] { (void)cr::at(b, 3, &kSite); }), -1);
  cr::View<uint8_t> v = cr::view(b);
  EXPECT_EQ(trap_of([&] { (void)cr::part(v, 3, 2, &kSite); }), kind(cr::Trap::Part));
  EXPECT_EQ(trap_of([&] { (void)cr::part(v, 1, 5, &kSite); }), kind(cr::Trap::Part));
  EXPECT_EQ(cr::part(v, 1, 3, &kSite).n, 2u);
  EXPECT_EQ(trap_of([&] { (void)cr::lend(b, 0, 5, &kSite); }), kind(cr::Trap::Part));
  EXPECT_EQ(trap_of([&] { cr::extent(2, 3, &kSite); }), kind(cr::Trap::Part));
  cr::Fn<uint64_t, uint64_t> f{};
  EXPECT_EQ(trap_of([&] { (void)cr::fn_checked(f, &kSite); }), kind(cr::Trap::NullFn));
  cr::Array<uint16_t, 3> a{};
  EXPECT_EQ(trap_of([&] { (void)cr::at(a, 3, &kSite); }), kind(cr::Trap::Bounds));
}

TEST(RuntimeStorage, TakeLeavesZeroAndSwapOfOnePlaceIsANoOp) {
  auto b = cr::buf_new<uint8_t>(2, 1, &kSite);
  cr::Buf<uint8_t> t = cr::take(b);
  EXPECT_EQ(b.n, 0u);
  EXPECT_EQ(t.n, 2u);
  cr::swap(t, t);
  EXPECT_EQ(t.n, 2u);
  cr::swap(t, b);
  EXPECT_EQ(b.n, 2u);
}

TEST(RuntimeStorage, PinnedStorageOutlivesItsRelease) {
  auto b = cr::buf_new<uint8_t>(3, 1, &kSite);
  b[1] = 7;
  cr::View<uint8_t> v = cr::view(b);
  {
    cr::Pin pin(v.p);
    b = cr::buf_new<uint8_t>(1, 1, &kSite);  // the old storage is released but stays readable
    EXPECT_EQ(v.p[1], 7);
  }
  EXPECT_EQ(b.n, 1u);
}

TEST(RuntimeStorage, FormatGrowsTheBuilder) {
  cr::Buf<uint8_t> d;
  uint64_t l = 0;
  cr::Out o;
  cr::put(o, cr::str("hits=", 5));
  cr::put(o, uint64_t{42});
  cr::put_byte(o, ' ');
  cr::put(o, -1.5);
  cr::format_into(d, l, o, &kSite);
  EXPECT_EQ(l, 12u);
  EXPECT_EQ(d.n, 16u);
  EXPECT_EQ(std::string(reinterpret_cast<char*>(d.p), l), "hits=42 -1.5");
  l = 17;
  EXPECT_EQ(trap_of([&] { cr::format_into(d, l, o, &kSite); }), kind(cr::Trap::Part));
}

TEST(RuntimeStorage, AssertionsTrapAssert) {
  EXPECT_EQ(trap_of([] { cr_assert(true, &kSite, nullptr, 0); }), -1);
  EXPECT_EQ(trap_of([] { cr_assert_eq<double>(-0.0, 0.0, &kSite, nullptr, 0); }), -1);
  testing::internal::CaptureStderr();
  int k = trap_of([] { cr_assert_eq<int32_t>(1, 2, &kSite, "why", 3); });
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(k, kind(cr::Trap::Assert));
  EXPECT_EQ(err, "assertion failed at t.cairn:3: why: left 1, right 2\n");
}

TEST(RuntimeStorage, ExitStatusIsModulo256) {
  EXPECT_EQ(cr::exit_status(300), 44);
  EXPECT_EQ(cr::exit_status(-1), 255);
  EXPECT_EQ(cr::exit_status(256), 0);
}

}  // namespace
