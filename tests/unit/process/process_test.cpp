// Unit tests of targets/process: exit statuses, signals, timeouts that kill the whole group, capture
// with its limit, side channels, and the outcome encoding of isolated calls.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstring>

#include "targets/isolated_call.h"
#include "targets/process.h"

namespace cairn::targets {
namespace {

void put(int fd, const std::string& s) {
  ssize_t n = write(fd, s.data(), s.size());
  (void)n;
}

TEST(Process, ExitStatusIsReported) {
  ProcessResult r = run_process([](std::span<const int>) { return 44; }, {});
  ASSERT_TRUE(r.started);
  EXPECT_EQ(r.exit_code, 44);
  EXPECT_EQ(r.status, 44);
  EXPECT_EQ(r.signal, 0);
  EXPECT_FALSE(r.timed_out);
}

TEST(Process, SignalGives128PlusS) {
  ProcessResult r = run_process([](std::span<const int>) {
    signal(SIGABRT, SIG_DFL);
    abort();
    return 0;
  }, {});
  EXPECT_EQ(r.signal, SIGABRT);
  EXPECT_EQ(r.status, 134);
  r = run_process([](std::span<const int>) {
    signal(SIGSEGV, SIG_DFL);  // a sanitizer's handler would otherwise report and exit 1
    raise(SIGSEGV);
    return 0;
  }, {});
  EXPECT_EQ(r.status, 128 + SIGSEGV);
  EXPECT_EQ(signal_name(SIGSEGV), "SIGSEGV");
}

TEST(Process, TimeoutKillsTheGroupAndGives124) {
  ProcessOptions o;
  o.timeout_s = 0.3;
  o.capture = true;
  auto t0 = std::chrono::steady_clock::now();
  ProcessResult r = run_process([](std::span<const int>) {
    if (fork() == 0)  // a grandchild holding the pipes: it must die with the group
      for (;;) pause();
    for (;;) pause();
    return 0;
  }, o);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_TRUE(r.timed_out);
  EXPECT_EQ(r.status, 124);
  EXPECT_LT(s, 5.0);
  EXPECT_GE(s, 0.25);
}

TEST(Process, LeftoverChildrenDoNotKeepItAlive) {
  ProcessOptions o;
  o.capture = true;
  auto t0 = std::chrono::steady_clock::now();
  ProcessResult r = run_process([](std::span<const int>) {
    if (fork() == 0)
      for (;;) pause();
    return 3;
  }, o);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(r.status, 3);
  EXPECT_LT(s, 5.0);
}

TEST(Process, CapturesBothStreams) {
  ProcessOptions o;
  o.capture = true;
  ProcessResult r = run_process([](std::span<const int>) {
    put(1, "out\n");
    put(2, "err\n");
    return 0;
  }, o);
  EXPECT_EQ(r.out, "out\n");
  EXPECT_EQ(r.err, "err\n");
  EXPECT_FALSE(r.out_truncated);
}

TEST(Process, CaptureStopsAtItsLimit) {
  ProcessOptions o;
  o.capture = true;
  o.capture_limit = 1000;
  ProcessResult r = run_process([](std::span<const int>) {
    std::string big(100000, 'x');
    put(1, big);
    return 0;
  }, o);
  EXPECT_EQ(r.out.size(), 1000u);
  EXPECT_TRUE(r.out_truncated);
  EXPECT_EQ(r.status, 0);
}

TEST(Process, ChannelsCarryBytes) {
  ProcessOptions o;
  o.channels = 2;
  ProcessResult r = run_process([](std::span<const int> ch) {
    put(ch[0], "trap: overflow at a.cairn:3\n");
    put(ch[1], "two");
    return 134;
  }, o);
  ASSERT_EQ(r.channels.size(), 2u);
  EXPECT_EQ(r.channels[0], "trap: overflow at a.cairn:3\n");
  EXPECT_EQ(r.channels[1], "two");
  EXPECT_EQ(r.status, 134);
}

TEST(Process, OwnProcessGroup) {
  ProcessOptions o;
  o.channels = 1;
  ProcessResult r = run_process([](std::span<const int> ch) {
    put(ch[0], getpgrp() == getpid() ? "own" : "shared");
    return 0;
  }, o);
  EXPECT_EQ(r.channels[0], "own");
}

TEST(Process, AddressSpaceCapStopsBigAllocations) {
  ProcessOptions o;
  o.address_space_extra = uint64_t{64} << 20;
  o.channels = 1;
  ProcessResult r = run_process([](std::span<const int> ch) {
    void* p = malloc(size_t{512} << 20);
    put(ch[0], p ? "got" : "refused");
    return 0;
  }, o);
#if !defined(__SANITIZE_ADDRESS__)
  EXPECT_EQ(r.channels[0], "refused");
#endif
}

TEST(IsolatedCall, OutcomeRoundTrips) {
  sem::CallOutcome o;
  o.defined = true;
  o.ret = 0xFFFFFFFFFFFFFFFFull;
  o.written = {{}, {1, 2, 3}};
  std::string bytes = encode_outcome(o);
  sem::CallOutcome back;
  ASSERT_TRUE(decode_outcome(bytes, back));
  EXPECT_TRUE(back.defined);
  EXPECT_EQ(*back.ret, 0xFFFFFFFFFFFFFFFFull);
  EXPECT_EQ(back.written, o.written);
  EXPECT_FALSE(decode_outcome(bytes.substr(0, bytes.size() - 1), back));
  o = {};
  o.trap = check::TrapKind::Bounds;
  o.trap_pos.file = 0;
  o.trap_pos.line = 7;
  ASSERT_TRUE(decode_outcome(encode_outcome(o), back));
  EXPECT_FALSE(back.defined);
  EXPECT_FALSE(back.ret);
  EXPECT_EQ(back.trap, check::TrapKind::Bounds);
  EXPECT_EQ(back.trap_pos.line, 7u);
}

}  // namespace
}  // namespace cairn::targets
