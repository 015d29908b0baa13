// The regressions file (validate/regressions.h): §1.3 arguments both ways with exact 64-bit values and float
// encodings, refusals of arguments that do not fit, keeping a case (the exact bytes, sorted keys, a duplicate
// leaving the file as it was), strict reading, and a corrupted file refused and never overwritten.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "front/driver/driver.h"
#include "core/float_bits.h"
#include "validate/regressions.h"
#include "../scratch_dir.h"

namespace cairn::validate {
namespace {

namespace fs = std::filesystem;
using sem::bits_of;

const char* kProgram = R"(// Functions whose parameters the regressions tests feed.
struct Pt { x:u32; y:u32; }
fn sum(n:usize, xs:ro<u8>[n]) -> u64 {
  let mut s:u64 = 0;
  for i in 0..n {
    s += u64(xs[i]);
  }
  return s;
}
fn mix(zeta:i64, alpha:u64, f:f32, d:f64, ok:bool) -> i64 = zeta;
fn four(xs:ro<i32>[4]) -> i32 = xs[0];
fn rec(p:Pt) -> u32 = p.x;
fn bump(x:rw<u64>) {
  x += 1;
}
)";

const char* kScratch = "cairn_regr_";
[[maybe_unused]] auto* const kCleanup = ::testing::AddGlobalTestEnvironment(new test::ScratchCleanup(kScratch));

fs::path scratch() { return test::scratch_dir(kScratch); }

const driver::CheckRun& checked() {
  static driver::CheckRun* run = [] {
    fs::create_directories(scratch());
    std::ofstream(scratch() / "regr.cairn") << kProgram;
    return new driver::CheckRun(driver::run((scratch() / "regr.cairn").string()));
  }();
  return *run;
}

const check::FnInfo& fn(const std::string& name) {
  const driver::CheckRun& run = checked();
  EXPECT_EQ(run.outcome, driver::Outcome::Typed);
  for (const check::FnInfo& f : run.program->fns)
    if (f.name == name) return f;
  ADD_FAILURE() << "no function " << name;
  return run.program->fns.front();
}

sem::ArgValue scalar(uint64_t bits) { return sem::ArgValue{false, bits, {}, {}}; }
sem::ArgValue view(std::vector<uint64_t> elems) { return sem::ArgValue{true, 0, std::move(elems), {}}; }

Case sum_case(std::vector<uint64_t> xs, std::vector<uint64_t> offsets = {}) {
  Case c;
  c.args = {scalar(xs.size()), view(xs)};
  c.offsets = std::move(offsets);
  c.why = "told sum_by8 from sum";
  return c;
}

std::string file_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A fresh path in the scratch directory per test.
fs::path fresh(const std::string& name) {
  fs::path p = scratch() / (::testing::UnitTest::GetInstance()->current_test_info()->name() + std::string("_") + name);
  fs::remove_all(p);
  fs::create_directories(scratch());
  return p;
}

bool from_json(const std::string& f, const std::string& text, Case& out, std::string& error) {
  return args_from_json(fn(f), nlohmann::json::parse(text), out, error);
}

TEST(Args, RoundTripExactly) {
  Case c;
  c.args = {scalar(static_cast<uint64_t>(std::numeric_limits<int64_t>::min())), scalar(UINT64_MAX),
            scalar(0xffc00001u), scalar(bits_of(-0.0)), scalar(1)};
  nlohmann::ordered_json j = args_json(fn("mix"), c);
  EXPECT_EQ(j.dump(),
            R"({"zeta":-9223372036854775808,"alpha":18446744073709551615,"f":"nan:0xffc00001","d":"-0x0p+0","ok":true})");
  Case back;
  std::string error;
  ASSERT_TRUE(args_from_json(fn("mix"), nlohmann::json::parse(j.dump()), back, error)) << error;
  ASSERT_EQ(back.args.size(), 5u);
  for (size_t i = 0; i < 5; ++i) EXPECT_EQ(back.args[i].bits, c.args[i].bits) << i;
  EXPECT_EQ(args_json(fn("sum"), sum_case({0, 255})).dump(), R"({"n":2,"xs":[0,255]})");
}

TEST(Args, FloatsFromNumbersAndStrings) {
  Case c;
  std::string error;
  ASSERT_TRUE(from_json("mix", R"({"zeta": -1, "alpha": 0, "f": 0.1, "d": "0x1.8p+1", "ok": false})", c, error)) << error;
  EXPECT_EQ(c.args[0].bits, UINT64_MAX);  // sign-extended
  EXPECT_EQ(c.args[2].bits, bits_of(0.1f));  // rounded once, to f32
  EXPECT_EQ(c.args[3].bits, bits_of(3.0));
  ASSERT_TRUE(from_json("mix", R"({"zeta": 0, "alpha": 0, "f": "-inf", "d": 2, "ok": true})", c, error)) << error;
  EXPECT_EQ(c.args[2].bits, bits_of(-std::numeric_limits<float>::infinity()));
  EXPECT_EQ(c.args[3].bits, bits_of(2.0));
}

TEST(Args, Refusals) {
  Case c;
  std::string error;
  EXPECT_FALSE(from_json("sum", R"([2, [0, 1]])", c, error));
  EXPECT_FALSE(from_json("sum", R"({"n": 2})", c, error));
  EXPECT_NE(error.find("xs"), std::string::npos) << error;
  EXPECT_FALSE(from_json("sum", R"({"n": 2, "xs": [0, 1], "ys": []})", c, error));
  EXPECT_NE(error.find("no parameter ys"), std::string::npos) << error;
  EXPECT_FALSE(from_json("sum", R"({"n": 3, "xs": [0, 1]})", c, error));
  EXPECT_NE(error.find("extent"), std::string::npos) << error;
  EXPECT_FALSE(from_json("sum", R"({"n": 2, "xs": [0, 256]})", c, error));
  EXPECT_FALSE(from_json("sum", R"({"n": 2, "xs": 5})", c, error));
  EXPECT_FALSE(from_json("sum", R"({"n": -2, "xs": [0, 1]})", c, error));
  EXPECT_FALSE(from_json("mix", R"({"zeta": 9223372036854775808, "alpha": 0, "f": 0, "d": 0, "ok": true})", c, error));
  EXPECT_FALSE(from_json("mix", R"({"zeta": 0, "alpha": 0, "f": 0, "d": 0, "ok": 1})", c, error));
  EXPECT_FALSE(from_json("mix", R"({"zeta": 0, "alpha": 0, "f": "0x1.000001p+0", "d": 0, "ok": true})", c, error));
  EXPECT_FALSE(from_json("four", R"({"xs": [1, 2, 3]})", c, error));
  EXPECT_TRUE(from_json("four", R"({"xs": [1, 2, 3, -4]})", c, error)) << error;
  EXPECT_FALSE(from_json("rec", R"({"p": {"x": 1, "y": 2}})", c, error));
  EXPECT_NE(error.find("cannot feed"), std::string::npos) << error;
  EXPECT_FALSE(from_json("rec", R"({})", c, error));
  EXPECT_NE(error.find("cannot feed"), std::string::npos) << error;
  EXPECT_FALSE(from_json("bump", R"({"x": 1})", c, error));
  EXPECT_NE(error.find("cannot feed"), std::string::npos) << error;
}

TEST(Regressions, AbsentFileIsEmpty) {
  Regressions r;
  PolicyError e;
  ASSERT_TRUE(read_regressions(fresh("none.json").string(), fn("sum"), r, e));
  EXPECT_TRUE(r.cases.empty());
  EXPECT_TRUE(r.policy.is_object() && r.policy.empty());
}

const char* kKeptOnce = R"({
  "cases": [
    {
      "args": {
        "n": 2,
        "xs": [
          0,
          1
        ]
      },
      "why": "told sum_by8 from sum"
    }
  ],
  "policy": {
    "budget": 256,
    "domain": {
      "extents": {},
      "largest_extent": 4096,
      "values": {}
    },
    "probes": 300,
    "seconds": 5,
    "seed": 0,
    "tolerance": {
      "absolute": 0.0,
      "relative": 0.0
    }
  },
  "reference": "sum",
  "schema": "cairn.regressions/1"
}
)";

TEST(Regressions, KeepWritesSortedIndentedWithNewline) {
  fs::path file = fresh("dir") / "regressions" / "sum.json";  // the directory is made
  bool kept = false;
  std::string error;
  ASSERT_TRUE(keep_case(file.string(), fn("sum"), "sum", Policy{}, sum_case({0, 1}), kept, error)) << error;
  EXPECT_TRUE(kept);
  EXPECT_EQ(file_bytes(file), kKeptOnce);
  // a duplicate leaves the file byte for byte (even with a different why, and all-zero offsets)
  fs::file_time_type before = fs::last_write_time(file);
  Case again = sum_case({0, 1}, {0, 0});
  again.why = "another reason";
  ASSERT_TRUE(keep_case(file.string(), fn("sum"), "sum", Policy{}, again, kept, error)) << error;
  EXPECT_FALSE(kept);
  EXPECT_EQ(file_bytes(file), kKeptOnce);
  EXPECT_EQ(fs::last_write_time(file), before);
}

// Whether process `pid` waits for a flock: /proc/locks lists a waiter as "N: -> FLOCK ADVISORY WRITE PID ...".
bool waits_for_lock(pid_t pid) {
  std::ifstream locks("/proc/locks");
  std::string line, who = " " + std::to_string(pid) + " ";
  while (std::getline(locks, line))
    if (line.find("->") != std::string::npos && line.find(who) != std::string::npos) return true;
  return false;
}

int g_loaded_w = -1, g_go_r = -1;  // the first keeper's pipes (in its own process)

// Two processes keep a case in one file, forced to interleave: the first has read the (absent) file and waits
// before writing; the second starts then. Without the lock the second wrote its case and the first wrote over it
// (one case left, both reporting "kept"); with it the second waits for the first and reads what it wrote.
TEST(Regressions, TwoProcessesKeepingAtOnceLoseNoCase) {
  fs::path file = fresh("race") / "regressions" / "sum.json";
  const check::FnInfo& sum = fn("sum");  // checked before the forks
  int loaded[2], go[2];
  ASSERT_EQ(pipe(loaded), 0);
  ASSERT_EQ(pipe(go), 0);
  auto keeper = [&](uint64_t x, bool pause) {
    if (pause) {
      g_loaded_w = loaded[1];
      g_go_r = go[0];
      testing::keep_case_loaded = [] {
        char b = 'l';
        if (write(g_loaded_w, &b, 1) != 1 || read(g_go_r, &b, 1) != 1) _exit(3);
      };
    }
    bool kept = false;
    std::string error;
    _exit(keep_case(file.string(), sum, "sum", Policy{}, sum_case({x}), kept, error) && kept ? 0 : 1);
  };
  pid_t first = fork();
  if (first == 0) keeper(1, true);
  char b = 0;
  ASSERT_EQ(read(loaded[0], &b, 1), 1);  // the first holds the lock and has read the file
  pid_t second = fork();
  if (second == 0) keeper(2, false);
  // The second either waits for the lock or (with none) finishes; a bounded wait for neither is not needed.
  int second_status = -1;
  while (!waits_for_lock(second))
    if (waitpid(second, &second_status, WNOHANG) == second) break;
  ASSERT_EQ(write(go[1], "g", 1), 1);
  int first_status = -1;
  ASSERT_EQ(waitpid(first, &first_status, 0), first);
  if (second_status == -1) {
    ASSERT_EQ(waitpid(second, &second_status, 0), second);
  }
  EXPECT_TRUE(WIFEXITED(first_status) && WEXITSTATUS(first_status) == 0);
  EXPECT_TRUE(WIFEXITED(second_status) && WEXITSTATUS(second_status) == 0);
  for (int fd : {loaded[0], loaded[1], go[0], go[1]}) close(fd);
  Regressions back;
  PolicyError error;
  ASSERT_TRUE(read_regressions(file.string(), sum, back, error)) << error.message;
  EXPECT_EQ(back.cases.size(), 2u) << file_bytes(file);
  // and the lock is on the directory: nothing but the file is left beside it
  size_t entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(file.parent_path())) ++entries;
  EXPECT_EQ(entries, 1u);
}

TEST(Regressions, RoundTripAndOrder) {
  fs::path file = fresh("sum.json");
  bool kept = false;
  std::string error;
  Policy pinned;
  pinned.seed = UINT64_MAX;
  pinned.relative = 0.125;
  ASSERT_TRUE(keep_case(file.string(), fn("sum"), "sum", pinned, sum_case({7}), kept, error)) << error;
  ASSERT_TRUE(keep_case(file.string(), fn("sum"), "sum", Policy{}, sum_case({7}, {0, 1}), kept, error)) << error;
  EXPECT_TRUE(kept);  // an offset makes another case
  ASSERT_TRUE(keep_case(file.string(), fn("sum"), "sum", Policy{}, sum_case({}), kept, error)) << error;
  EXPECT_TRUE(kept);
  std::string bytes = file_bytes(file);
  EXPECT_NE(bytes.find("\"offsets\": {\n        \"xs\": 1\n      },"), std::string::npos) << bytes;
  EXPECT_NE(bytes.find("18446744073709551615"), std::string::npos);
  Regressions r;
  PolicyError e;
  ASSERT_TRUE(read_regressions(file.string(), fn("sum"), r, e)) << e.message;
  EXPECT_EQ(r.reference, "sum");
  ASSERT_EQ(r.cases.size(), 3u);
  EXPECT_EQ(r.cases[0].args[1].elems, std::vector<uint64_t>{7});
  EXPECT_TRUE(r.cases[0].offsets.empty());
  EXPECT_EQ(r.cases[1].offsets, (std::vector<uint64_t>{0, 1}));
  EXPECT_EQ(r.cases[2].args[0].bits, 0u);
  EXPECT_EQ(r.cases[0].why, "told sum_by8 from sum");
  // the first case's policy stays pinned; it reads back exactly
  PolicyError pe;
  auto p = policy_from_json(r.policy, file.string(), pe);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->seed, UINT64_MAX);
  EXPECT_EQ(p->relative, 0.125);
  EXPECT_EQ(nlohmann::json(policy_json(*p)), r.policy);
}

TEST(Regressions, DeterministicBytesAndKeyOrder) {
  Case c;
  c.args = {scalar(5), scalar(6), scalar(bits_of(0.5f)), scalar(bits_of(-2.0)), scalar(0)};
  c.why = "told mix_fast from mix";
  fs::path a = fresh("a.json"), b = fresh("b.json");
  bool kept = false;
  std::string error;
  ASSERT_TRUE(keep_case(a.string(), fn("mix"), "mix", Policy{}, c, kept, error)) << error;
  ASSERT_TRUE(keep_case(b.string(), fn("mix"), "mix", Policy{}, c, kept, error)) << error;
  std::string bytes = file_bytes(a);
  EXPECT_EQ(bytes, file_bytes(b));
  EXPECT_EQ(bytes.back(), '\n');
  // sorted keys, not the parameters' order
  size_t alpha = bytes.find("\"alpha\""), d = bytes.find("\"d\""), f = bytes.find("\"f\": \"0x1p-1\""),
         ok = bytes.find("\"ok\""), zeta = bytes.find("\"zeta\"");
  ASSERT_NE(f, std::string::npos) << bytes;
  EXPECT_TRUE(alpha < d && d < f && f < ok && ok < zeta) << bytes;
  EXPECT_NE(bytes.find("\"d\": \"-0x1p+1\""), std::string::npos) << bytes;
  EXPECT_LT(bytes.find("\"cases\""), bytes.find("\"policy\""));
  EXPECT_LT(bytes.find("\"reference\""), bytes.find("\"schema\""));
}

// Writes `text` to a fresh file and expects it refused by read_regressions and left alone by keep_case.
void expect_corrupted(const std::string& name, const std::string& text) {
  SCOPED_TRACE(name);
  fs::path file = fresh(name + ".json");
  std::ofstream(file, std::ios::binary) << text;
  Regressions r;
  PolicyError e{Code::Internal, ""};
  EXPECT_FALSE(read_regressions(file.string(), fn("sum"), r, e));
  EXPECT_EQ(e.code, Code::Validation) << e.message;
  EXPECT_NE(e.message.find(file.string()), std::string::npos) << e.message;
  bool kept = true;
  std::string error;
  EXPECT_FALSE(keep_case(file.string(), fn("sum"), "sum", Policy{}, sum_case({3}), kept, error));
  EXPECT_FALSE(kept);
  EXPECT_FALSE(error.empty());
  EXPECT_EQ(file_bytes(file), text);
}

TEST(Regressions, CorruptedFilesRefusedAndNotOverwritten) {
  std::string good(kKeptOnce);
  expect_corrupted("truncated", good.substr(0, good.size() / 2));
  expect_corrupted("empty", "");
  expect_corrupted("trailing", good + "x");
  expect_corrupted("two_values", good + good);
  expect_corrupted("array", "[]");
  expect_corrupted("duplicate", R"({"schema": "cairn.regressions/1", "schema": "cairn.regressions/1", "reference": "sum", "policy": {}, "cases": []})");
  expect_corrupted("schema", R"({"schema": "cairn.regressions/2", "reference": "sum", "policy": {}, "cases": []})");
  expect_corrupted("unknown", R"({"schema": "cairn.regressions/1", "reference": "sum", "policy": {}, "cases": [], "x": 1})");
  expect_corrupted("missing", R"({"schema": "cairn.regressions/1", "reference": "sum", "cases": []})");
  expect_corrupted("reference", R"({"schema": "cairn.regressions/1", "reference": 5, "policy": {}, "cases": []})");
  expect_corrupted("cases", R"({"schema": "cairn.regressions/1", "reference": "sum", "policy": {}, "cases": {}})");
  expect_corrupted("policy_key", R"({"schema": "cairn.regressions/1", "reference": "sum", "policy": {"x": 1}, "cases": []})");
  const std::string head = R"({"schema": "cairn.regressions/1", "reference": "sum", "policy": {}, "cases": [)";
  expect_corrupted("case_key", head + R"({"args": {"n": 1, "xs": [1]}, "why": "w", "extra": 1}]})");
  expect_corrupted("case_why", head + R"({"args": {"n": 1, "xs": [1]}}]})");
  expect_corrupted("case_args", head + R"({"args": {"n": 2, "xs": [1]}, "why": "w"}]})");
  expect_corrupted("case_value", head + R"({"args": {"n": 1, "xs": [300]}, "why": "w"}]})");
  expect_corrupted("case_offsets", head + R"({"args": {"n": 1, "xs": [1]}, "offsets": {"n": 1}, "why": "w"}]})");
  expect_corrupted("case_offsets_type", head + R"({"args": {"n": 1, "xs": [1]}, "offsets": [0, 1], "why": "w"}]})");
  expect_corrupted("case_offsets_big", head + R"({"args": {"n": 1, "xs": [1]}, "offsets": {"xs": 1048577}, "why": "w"}]})");
}

TEST(Regressions, PinnedPolicyOutOfRangeKeepsItsCode) {
  fs::path file = fresh("tol.json");
  std::ofstream(file) << R"({"schema": "cairn.regressions/1", "reference": "sum", "policy": {"tolerance": {"absolute": -1}}, "cases": []})";
  Regressions r;
  PolicyError e;
  EXPECT_FALSE(read_regressions(file.string(), fn("sum"), r, e));
  EXPECT_EQ(e.code, Code::Tolerance);
  EXPECT_NE(e.message.find(file.string()), std::string::npos) << e.message;
}

TEST(Regressions, HandWrittenFileAccepted) {
  fs::path file = fresh("hand.json");
  std::ofstream(file) << R"({"schema": "cairn.regressions/1", "reference": "mix", "policy": {},
    "cases": [{"args": {"zeta": -3, "alpha": 1, "f": 1.5, "d": -0.0, "ok": false}, "why": "by hand"}]})";
  Regressions r;
  PolicyError e;
  ASSERT_TRUE(read_regressions(file.string(), fn("mix"), r, e)) << e.message;
  ASSERT_EQ(r.cases.size(), 1u);
  EXPECT_EQ(r.cases[0].args[2].bits, bits_of(1.5f));
  EXPECT_EQ(r.cases[0].args[3].bits, bits_of(-0.0));
  // the same case given in the record encoding is already held
  Case same = r.cases[0];
  bool kept = true;
  std::string error;
  std::string before = file_bytes(file);
  ASSERT_TRUE(keep_case(file.string(), fn("mix"), "mix", Policy{}, same, kept, error)) << error;
  EXPECT_FALSE(kept);
  EXPECT_EQ(file_bytes(file), before);
}

TEST(Regressions, RefusesAnotherReferenceAndUnfitCases) {
  fs::path file = fresh("other.json");
  bool kept = false;
  std::string error;
  ASSERT_TRUE(keep_case(file.string(), fn("sum"), "sum", Policy{}, sum_case({1}), kept, error)) << error;
  std::string before = file_bytes(file);
  EXPECT_FALSE(keep_case(file.string(), fn("sum"), "other", Policy{}, sum_case({2}), kept, error));
  EXPECT_NE(error.find("holds cases of sum"), std::string::npos) << error;
  Case bad = sum_case({1});
  bad.args.pop_back();
  EXPECT_FALSE(keep_case(file.string(), fn("sum"), "sum", Policy{}, bad, kept, error));
  bad = sum_case({1}, {1, 0});  // an offset on the scalar n
  EXPECT_FALSE(keep_case(file.string(), fn("sum"), "sum", Policy{}, bad, kept, error));
  bad = sum_case({1});
  bad.args[1].elems = {256};  // not a u8
  EXPECT_FALSE(keep_case(file.string(), fn("sum"), "sum", Policy{}, bad, kept, error));
  EXPECT_FALSE(kept);
  EXPECT_EQ(file_bytes(file), before);
  fs::path none = fresh("none.json");
  EXPECT_FALSE(keep_case(none.string(), fn("rec"), "rec", Policy{}, Case{{scalar(0)}, {}, "w"}, kept, error));
  EXPECT_FALSE(fs::exists(none));
}

TEST(Regressions, UnreadableAndUnwritablePaths) {
  fs::path dir = fresh("a_directory");
  fs::create_directories(dir);
  Regressions r;
  PolicyError e{Code::Internal, ""};
  EXPECT_FALSE(read_regressions(dir.string(), fn("sum"), r, e));
  EXPECT_EQ(e.code, Code::Validation);
  EXPECT_NE(e.message.find("cannot be read"), std::string::npos) << e.message;
  fs::path blocker = fresh("blocker");
  std::ofstream(blocker) << "x";
  bool kept = true;
  std::string error;
  EXPECT_FALSE(keep_case((blocker / "sum.json").string(), fn("sum"), "sum", Policy{}, sum_case({1}), kept, error));
  EXPECT_FALSE(kept);
  EXPECT_NE(error.find("Cannot write"), std::string::npos) << error;
  EXPECT_EQ(file_bytes(blocker), "x");
}

}  // namespace
}  // namespace cairn::validate
