// Run-tests every engine obeys (design.md): each `// RUN:` line of tests/golden/run/*.cairn and examples/*.cairn
// is checked in the interpreter, in the native call harness under clang++ and g++ at -O0 and -O2, and through
// the SMT encoding with Z3 and cvc5 as evaluators (the inputs fixed, the model read back).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "front/driver/driver.h"
#include "semantics/embed.h"
#include "core/float_bits.h"
#include "smt/encode.h"
#include "targets/native_call.h"
#include "targets/toolchain.h"
#include "../scratch_dir.h"
#include "../smt/encode_support.h"

namespace cairn::targets {
namespace {

namespace fs = std::filesystem;

fs::path source_dir() {
  const char* env = std::getenv("CAIRN_SOURCE_DIR");
  return env ? fs::path(env) : fs::path(CAIRN_SOURCE_DIR);
}

fs::path scratch() { return test::scratch_dir("cairn_runlines_"); }
[[maybe_unused]] auto* const kCleanup = ::testing::AddGlobalTestEnvironment(new test::ScratchCleanup("cairn_runlines_"));

bool has_run_line(const fs::path& p) {
  std::ifstream in(p);
  std::string line;
  while (std::getline(in, line))
    if (line.find("// RUN:") != std::string::npos) return true;
  return false;
}

// The files to check: every .cairn under tests/golden/run/ (each must carry RUN lines), and the top-level
// examples that carry any.
std::vector<std::string> run_files() {
  std::vector<std::string> out;
  fs::path golden = source_dir() / "tests" / "golden" / "run";
  std::error_code ec;
  if (fs::is_directory(golden, ec))
    for (const auto& e : fs::recursive_directory_iterator(golden))
      if (e.is_regular_file() && e.path().extension() == ".cairn") out.push_back(fs::relative(e.path(), source_dir()).string());
  for (const auto& e : fs::directory_iterator(source_dir() / "examples"))
    if (e.is_regular_file() && e.path().extension() == ".cairn" && has_run_line(e.path()))
      out.push_back(fs::relative(e.path(), source_dir()).string());
  std::sort(out.begin(), out.end());
  return out;
}

// One RUN line as written, before typing: `NAME(ARG, ...) == VALUE` or `NAME(ARG, ...) traps KIND`.
struct RunLine {
  int line = 0;
  std::string text, fn;
  std::vector<std::string> args;
  bool traps = false;
  std::string expect;  // VALUE or KIND
};

std::string trim(std::string s) {
  size_t a = s.find_first_not_of(" \t\r"), b = s.find_last_not_of(" \t\r");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

// Parses the text after `// RUN:`; "" on success, else why not.
std::string parse_run(const std::string& body, RunLine& r) {
  std::string s = trim(body);
  size_t open = s.find('(');
  if (open == std::string::npos) return "expected NAME(ARG, ...)";
  r.fn = trim(s.substr(0, open));
  if (r.fn.empty() || r.fn.find_first_of(" \t") != std::string::npos) return "bad function name '" + r.fn + "'";
  size_t close = s.find(')', open);
  if (close == std::string::npos) return "missing ')'";
  std::string inside = trim(s.substr(open + 1, close - open - 1));
  if (!inside.empty()) {
    std::stringstream ss(inside);
    std::string a;
    while (std::getline(ss, a, ',')) {
      a = trim(a);
      if (a.empty()) return "empty argument";
      if (a.find_first_of(" \t") != std::string::npos) return "argument '" + a + "' is not one literal";
      r.args.push_back(a);
    }
    if (inside.back() == ',') return "empty argument";
  }
  std::string rest = trim(s.substr(close + 1));
  if (rest.rfind("==", 0) == 0) {
    r.traps = false;
    r.expect = trim(rest.substr(2));
  } else if (rest.rfind("traps", 0) == 0 && rest.size() > 5 && (rest[5] == ' ' || rest[5] == '\t')) {
    r.traps = true;
    r.expect = trim(rest.substr(5));
  } else {
    return "expected '== VALUE' or 'traps KIND' after the call";
  }
  if (r.expect.empty() || r.expect.find_first_of(" \t") != std::string::npos)
    return "expected one value or trap kind, got '" + r.expect + "'";
  return "";
}

// A scalar literal typed by `t` into ops.h bits; nullopt with `why` when it does not fit. `is_nan` marks `nan`.
std::optional<uint64_t> scalar_bits(const std::string& lit, const check::Type* t, std::string& why, bool* is_nan = nullptr) {
  if (is_nan) *is_nan = false;
  if (!t || t->kind != check::TypeKind::Scalar) {
    why = "type is not a scalar";
    return std::nullopt;
  }
  check::Scalar s = t->scalar;
  std::string tn = check::scalar_name(s);
  if (s == check::Scalar::Bool) {
    if (lit == "true") return 1;
    if (lit == "false") return 0;
    why = "'" + lit + "' is not a bool";
    return std::nullopt;
  }
  if (check::scalar_is_float(s)) {
    bool f32 = s == check::Scalar::F32;
    bool neg = !lit.empty() && lit[0] == '-';
    std::string mag = neg ? lit.substr(1) : lit;
    if (mag == "nan") {
      if (neg) {
        why = "write nan without a sign";
        return std::nullopt;
      }
      if (is_nan) *is_nan = true;
      return f32 ? sem::bits_of(std::numeric_limits<float>::quiet_NaN()) : sem::bits_of(std::numeric_limits<double>::quiet_NaN());
    }
    if (mag == "inf") {
      double d = neg ? -HUGE_VAL : HUGE_VAL;
      return f32 ? sem::bits_of(static_cast<float>(d)) : sem::bits_of(d);
    }
    if (mag.empty() || mag.find_first_not_of("0123456789.eE+-") != std::string::npos || !std::isdigit(mag[0])) {
      why = "'" + lit + "' is not a " + tn + " literal";
      return std::nullopt;
    }
    char* end = nullptr;
    errno = 0;
    if (f32) {
      float f = std::strtof(lit.c_str(), &end);  // rounded directly to f32 (never through f64)
      if (*end || std::isinf(f)) {
        why = "'" + lit + "' is not a finite " + tn;
        return std::nullopt;
      }
      return sem::bits_of(f);
    }
    double d = std::strtod(lit.c_str(), &end);
    if (*end || std::isinf(d)) {
      why = "'" + lit + "' is not a finite " + tn;
      return std::nullopt;
    }
    return sem::bits_of(d);
  }
  // Integers: decimal or 0x hex, optionally negative; range-checked against the type.
  bool neg = !lit.empty() && lit[0] == '-';
  std::string mag = neg ? lit.substr(1) : lit;
  bool hex = mag.size() > 2 && mag[0] == '0' && (mag[1] == 'x' || mag[1] == 'X');
  std::string digits = hex ? mag.substr(2) : mag;
  if (digits.empty() || digits.find_first_not_of(hex ? "0123456789abcdefABCDEF" : "0123456789") != std::string::npos) {
    why = "'" + lit + "' is not an integer literal";
    return std::nullopt;
  }
  unsigned __int128 v = 0;
  for (char c : digits) {
    int d = std::isdigit(c) ? c - '0' : (std::tolower(c) - 'a' + 10);
    v = v * (hex ? 16 : 10) + d;
    if (v > (static_cast<unsigned __int128>(1) << 64)) {
      why = "'" + lit + "' is outside " + tn;
      return std::nullopt;
    }
  }
  unsigned bits = check::scalar_bits(s);
  __int128 value = neg ? -static_cast<__int128>(v) : static_cast<__int128>(v);
  __int128 lo = check::scalar_is_signed(s) ? -(static_cast<__int128>(1) << (bits - 1)) : 0;
  __int128 hi = check::scalar_is_signed(s) ? (static_cast<__int128>(1) << (bits - 1)) - 1
                                           : (static_cast<__int128>(1) << bits) - 1;
  if (value < lo || value > hi) {
    why = "'" + lit + "' is outside " + tn;
    return std::nullopt;
  }
  return static_cast<uint64_t>(value);  // two's complement: sign-extended for signed types
}

bool is_nan_bits(uint64_t bits, check::Scalar s) {
  return s == check::Scalar::F32 ? std::isnan(sem::f32_of(bits)) : s == check::Scalar::F64 && std::isnan(sem::f64_of(bits));
}

std::string show_bits(uint64_t bits, const check::Type* t) {
  check::Scalar s = t->scalar;
  char buf[96];
  if (s == check::Scalar::Bool) return bits ? "true" : "false";
  if (s == check::Scalar::F32) {
    std::snprintf(buf, sizeof buf, "%.9g (0x%08x)", sem::f32_of(bits), static_cast<unsigned>(bits));
    return buf;
  }
  if (s == check::Scalar::F64) {
    std::snprintf(buf, sizeof buf, "%.17g (0x%016llx)", sem::f64_of(bits), static_cast<unsigned long long>(bits));
    return buf;
  }
  if (check::scalar_is_signed(s)) return std::to_string(static_cast<int64_t>(bits));
  return std::to_string(bits);
}

std::optional<check::TrapKind> trap_of(const std::string& name) {
  static const check::TrapKind kinds[] = {
#define TRAP(k, n) check::TrapKind::k,
#include "core/traps.def"
#undef TRAP
  };
  for (check::TrapKind k : kinds)
    if (name == check::trap_name(k)) return k;
  return std::nullopt;
}

// A RUN line typed against its function.
struct Typed {
  RunLine run;
  const check::FnInfo* fn = nullptr;
  std::vector<sem::ArgValue> args;
  uint64_t ret = 0;
  bool ret_nan = false;
  check::TrapKind trap = check::TrapKind::Overflow;
};

// "" when `o` is the expected outcome, else "expected X, got Y".
std::string mismatch(const Typed& t, const sem::CallOutcome& o) {
  std::string want = t.run.traps ? std::string("trap ") + check::trap_name(t.trap)
                                 : (t.ret_nan ? std::string("nan") : show_bits(t.ret, t.fn->result));
  std::string got;
  if (!o.defined) {
    if (t.run.traps && o.trap == t.trap) return "";
    got = std::string("trap ") + check::trap_name(o.trap);
  } else if (!o.ret) {
    got = "no result";
  } else {
    uint64_t b = *o.ret;
    if (!t.run.traps) {
      if (t.ret_nan ? is_nan_bits(b, t.fn->result->scalar) : b == t.ret) return "";
    }
    got = show_bits(b, t.fn->result);
  }
  return "expected " + want + ", got " + got;
}

// The model's outcome of one call as the interpreter reports it: `trapped` and kind, or the returned scalar.
sem::CallOutcome outcome_of(const smt::test::ModelOutcome& m, const check::FnInfo& fn) {
  sem::CallOutcome o;
  o.defined = !m.trapped;
  o.trap = static_cast<check::TrapKind>(m.kind);
  if (o.defined && !m.leaves.empty() && fn.result && fn.result->kind == check::TypeKind::Scalar)
    o.ret = smt::interp_bits(fn.result->scalar, m.leaves[0].bits);
  return o;
}

void smt_engine(const std::string& rel, const fs::path& path, const std::vector<Typed>& typed) {
  std::unique_ptr<smt::test::Loaded> loaded = smt::test::load_file(path.string());
  ASSERT_TRUE(loaded) << rel << ": the program does not check";
  size_t covered = 0;
  for (const Typed& t : typed) {
    std::unique_ptr<smt::test::Encoding> enc = smt::test::encode(*loaded, t.fn->qualified);
    if (enc->e.unsupported) continue;
    std::vector<uint64_t> values;
    for (const sem::ArgValue& a : t.args) values.push_back(a.bits);
    if (values.size() != enc->in.leaves.size()) continue;  // a view argument: RUN lines give scalars only
    ++covered;
    for (smt::Solver solver : smt::all_solvers()) {
      smt::test::ModelOutcome m = smt::test::evaluate(solver, *enc, values);
      std::string where = rel + ":" + std::to_string(t.run.line) + ": smt " + smt::solver_name(solver) + ": ";
      if (!m.sat) {
        ADD_FAILURE() << where << "no model: " << m.answer << "   [" << t.run.text << "]";
        continue;
      }
      if (m.past_bound) continue;  // past the unrolling bound the model says nothing of the result
      std::string mm = mismatch(t, outcome_of(m, *t.fn));
      if (!mm.empty()) ADD_FAILURE() << where << mm << "   [" << t.run.text << "]";
    }
  }
  ::testing::Test::RecordProperty("smt_lines", static_cast<int>(covered));
}

class RunLines : public ::testing::TestWithParam<std::string> {};

TEST_P(RunLines, EveryEngineObeys) {
  const std::string rel = GetParam();
  const fs::path path = source_dir() / rel;
  std::ifstream in(path);
  ASSERT_TRUE(in) << rel << ": cannot read";
  std::vector<RunLine> lines;
  std::string text;
  for (int n = 1; std::getline(in, text); ++n) {
    size_t at = text.find("// RUN:");
    if (at == std::string::npos) continue;
    RunLine r;
    r.line = n;
    r.text = trim(text.substr(at + 7));
    std::string why = parse_run(text.substr(at + 7), r);
    if (!why.empty()) {
      ADD_FAILURE() << rel << ":" << n << ": malformed RUN line: " << why;
      continue;
    }
    lines.push_back(r);
  }
  const bool golden = rel.rfind("tests/", 0) == 0;
  if (lines.empty()) {
    if (golden) ADD_FAILURE() << rel << ": a run-test file without RUN lines";
    return;
  }

  driver::CheckRun run = driver::run(path.string());
  ASSERT_EQ(run.outcome, driver::Outcome::Typed) << rel << ": the program does not check";
  std::unique_ptr<sem::Engine> engine = sem::Engine::compile(*run.program, run.sources);

  std::vector<Typed> typed;
  for (const RunLine& r : lines) {
    std::string where = rel + ":" + std::to_string(r.line) + ": ";
    Typed t;
    t.run = r;
    t.fn = engine->find(r.fn);
    if (!t.fn) {
      ADD_FAILURE() << where << "no function '" << r.fn << "'";
      continue;
    }
    if (r.args.size() != t.fn->params.size()) {
      ADD_FAILURE() << where << r.fn << " takes " << t.fn->params.size() << " arguments, the line gives " << r.args.size();
      continue;
    }
    bool ok = true;
    for (size_t i = 0; i < r.args.size() && ok; ++i) {
      std::string why;
      auto bits = scalar_bits(r.args[i], t.fn->params[i].type, why);
      if (!bits) {
        ADD_FAILURE() << where << "argument " << i + 1 << " (" << t.fn->params[i].name << "): " << why;
        ok = false;
      } else {
        t.args.push_back({false, *bits, {}, {}});
      }
    }
    if (!ok) continue;
    if (r.traps) {
      auto k = trap_of(r.expect);
      if (!k) {
        ADD_FAILURE() << where << "unknown trap kind '" << r.expect << "'";
        continue;
      }
      t.trap = *k;
    } else {
      std::string why;
      auto bits = scalar_bits(r.expect, t.fn->result, why, &t.ret_nan);
      if (!bits) {
        ADD_FAILURE() << where << "result: " << why;
        continue;
      }
      t.ret = *bits;
    }
    typed.push_back(std::move(t));
  }

  // (a) The interpreter, in-process.
  for (const Typed& t : typed) {
    sem::CallOutcome o = engine->call(*t.fn, t.args, sem::Limits{});
    std::string m = mismatch(t, o);
    if (!m.empty()) ADD_FAILURE() << rel << ":" << t.run.line << ": interp: " << m << "   [" << t.run.text << "]";
  }

  // (b) The SMT encoding, each solver evaluating the encoded call on the line's inputs. A function outside the
  // modeled fragment (tools.md §3.2) has no encoding; the lines the model covers must all agree.
  smt_engine(rel, path, typed);

  // (c) The native call harness: one build per compiler and -O level, then one call per line.
  std::vector<std::string> skipped;
  for (const char* cc : {"clang", "gcc"}) {
    std::string err;
    if (!find_compiler(cc, err)) {
      skipped.push_back(std::string(cc) + ": " + err);
      continue;
    }
    for (int opt : {0, 2}) {
      std::string engine_name = std::string(cc) + " -O" + std::to_string(opt);
      BuildOptions o;
      o.cc = cc;
      o.opt = opt;
      o.build_root = (scratch() / (fs::path(rel).stem().string() + "_" + cc + std::to_string(opt))).string();
      fs::create_directories(o.build_root);
      BuildResult b = build_call_harness(run, o);
      if (b.status != BuildResult::Status::Built) {
        ADD_FAILURE() << rel << ": " << engine_name << ": harness build failed: " << build_failure_text(b);
        continue;
      }
      CallHarness h;
      h.artifact = b.artifact;
      h.sources = &run.sources;
      h.timeout_s = 30;
      for (const Typed& t : typed) {
        IsolatedOutcome io = native_call(h, *t.fn, t.args);
        std::string where = rel + ":" + std::to_string(t.run.line) + ": " + engine_name + ": ";
        if (io.end != IsolatedOutcome::End::Returned) {
          ADD_FAILURE() << where << "the call did not complete: " << io.detail << "   [" << t.run.text << "]";
          continue;
        }
        std::string m = mismatch(t, io.outcome);
        if (!m.empty()) ADD_FAILURE() << where << m << "   [" << t.run.text << "]";
      }
    }
  }
  if (!skipped.empty()) {
    std::string msg;
    for (const auto& s : skipped) msg += s + "; ";
    GTEST_SKIP() << "compiler not installed: " << msg;
  }
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string n = info.param;
  for (char& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

INSTANTIATE_TEST_SUITE_P(Files, RunLines, ::testing::ValuesIn(run_files()), test_name);

// The grammar itself: malformed lines and literals that do not fit are refused.
TEST(RunLineGrammar, RefusesMalformedLines) {
  RunLine r;
  EXPECT_EQ(parse_run(" add(2, 3) == 5", r), "");
  EXPECT_EQ(r.fn, "add");
  EXPECT_EQ(r.args, (std::vector<std::string>{"2", "3"}));
  RunLine t;
  EXPECT_EQ(parse_run(" div(1, 0) traps divide-by-zero", t), "");
  EXPECT_TRUE(t.traps);
  EXPECT_EQ(t.expect, "divide-by-zero");
  for (const char* bad : {" add(2, 3) = 5", " add(2, 3", " add 2 3 == 5", " add(2,) == 5", " add(1) == 5 6", " f() traps", " add(2 3) == 5"}) {
    RunLine x;
    EXPECT_NE(parse_run(bad, x), "") << bad;
  }
  EXPECT_FALSE(trap_of("no-such-trap"));
}

}  // namespace
}  // namespace cairn::targets
