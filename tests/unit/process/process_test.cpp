// Unit tests of targets/process: exit statuses, signals, timeouts that kill the whole group, capture
// with its limit, side channels, and the outcome encoding of isolated calls.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <sys/wait.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
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

// The limits that hold without cairn: the child dies with the thread that forked it (PR_SET_PDEATHSIG) and,
// with a time limit, holds an RLIMIT_CPU a little above it; without a limit it has none.
TEST(Process, ChildHoldsTheLimitsThatNeedNoParent) {
  ProcessOptions o;
  o.timeout_s = 10;
  o.channels = 1;
  ProcessResult r = run_process([](std::span<const int> ch) {
    int sig = 0;
    prctl(PR_GET_PDEATHSIG, &sig);
    rlimit cpu{};
    getrlimit(RLIMIT_CPU, &cpu);
    put(ch[0], std::to_string(sig) + " " + std::to_string(cpu.rlim_cur) + " " + std::to_string(cpu.rlim_max));
    return 0;
  }, o);
  ASSERT_EQ(r.status, 0);
  EXPECT_EQ(r.channels[0], std::to_string(SIGKILL) + " 15 16");
  rlimit want = cpu_limit_for(10);
  EXPECT_EQ(want.rlim_cur, 15u);
  EXPECT_EQ(want.rlim_max, 16u);
  EXPECT_EQ(cpu_limit_for(0.5).rlim_cur, 3u);  // never below the 3 s margin
  o.timeout_s = 0;
  r = run_process([](std::span<const int> ch) {
    rlimit cpu{};
    getrlimit(RLIMIT_CPU, &cpu);
    put(ch[0], cpu.rlim_cur == RLIM_INFINITY ? "none" : std::to_string(cpu.rlim_cur));
    return 0;
  }, o);
  EXPECT_EQ(r.channels[0], "none");
}

// A child whose parent is killed outright (no handler runs) ends with it: here the parent is a forked copy of
// this test that runs one child looping forever and is then sent SIGKILL.
TEST(Process, ChildEndsWhenItsParentIsKilled) {
  // The child's descriptors are closed for it (only its channels stay), so it names itself in a file.
  std::string at = "/tmp/cairn_pdeathsig_" + std::to_string(getpid());
  std::remove(at.c_str());
  pid_t parent = fork();
  if (parent == 0) {
    ProcessOptions o;
    o.timeout_s = 1000;
    run_process([&](std::span<const int>) {
      std::string tmp = at + ".tmp";
      if (FILE* f = std::fopen(tmp.c_str(), "w")) {
        std::fprintf(f, "%d", static_cast<int>(getpid()));
        std::fclose(f);
        std::rename(tmp.c_str(), at.c_str());
      }
      for (;;) pause();
      return 0;
    }, o);
    _exit(0);
  }
  pid_t child = 0;
  while (child == 0) {  // bounded by the child's start; a parent that ended without one fails below
    if (FILE* f = std::fopen(at.c_str(), "r")) {
      int pid = 0;
      if (std::fscanf(f, "%d", &pid) == 1) child = pid;
      std::fclose(f);
    } else if (int st = 0; waitpid(parent, &st, WNOHANG) == parent) {
      FAIL() << "the parent ended before its child named itself";
    } else {
      usleep(1000);
    }
  }
  std::remove(at.c_str());
  kill(parent, SIGKILL);
  int status = 0;
  ASSERT_EQ(waitpid(parent, &status, 0), parent);
  // The child is not ours to reap: poll until it is gone (or a zombie of init's). The kernel kills it as the
  // parent exits; the bound of a minute only turns a survivor into a failure instead of a hang.
  bool gone = false;
  for (int tries = 0; tries < 6000 && !gone; ++tries) {
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/stat", static_cast<int>(child));
    FILE* f = std::fopen(path, "r");
    if (!f) {
      gone = true;
      break;
    }
    char buf[512] = {0};
    size_t n = std::fread(buf, 1, sizeof buf - 1, f);
    std::fclose(f);
    const char* close_paren = std::strrchr(buf, ')');
    gone = n == 0 || !close_paren || close_paren[2] == 'Z' || close_paren[2] == 'X';
    if (!gone) usleep(10000);
  }
  if (!gone) kill(-child, SIGKILL);
  EXPECT_TRUE(gone) << "the child " << child << " outlived its killed parent";
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
