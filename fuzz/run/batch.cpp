// Batch translation units and their builds.
#include "fuzz/run/batch.h"

#include <chrono>
#include <filesystem>
#include <map>
#include <mutex>

#include "base/atomic_file.h"
#include "fuzz/run/board_group.h"
#include "lower/lower.h"
#include "semantics/ir.h"
#include "targets/board_build.h"
#include "targets/exec.h"
#include "targets/runtime_files.h"
#include "targets/toolchain.h"

namespace cairn::fuzz {

namespace fs = std::filesystem;

namespace {

constexpr const char* kInclude = "#include \"cairn_rt.h\"\n";
constexpr const char* kNanDefine = "#define CR_CANONICAL_NAN 1\n";
constexpr const char* kMain = "\nint main() {\n";

// The planted defects of the test-only engines (engines.def): every `from` becomes `to`.
std::string plant(std::string cpp, const std::string& from, const std::string& to) {
  for (size_t at = cpp.find(from); at != std::string::npos; at = cpp.find(from, at + to.size()))
    cpp.replace(at, from.size(), to);
  return cpp;
}

// `static int cairn_fuzz_run(long which)`: member `which`'s main, or 125 for no member.
std::string run_switch(size_t count) {
  std::string s = "static int cairn_fuzz_run(long which) {\n  switch (which) {\n";
  for (size_t i = 0; i < count; ++i)
    s += "    case " + std::to_string(i) + ": return cairn_fuzz_p" + std::to_string(i) + "::cairn_main();\n";
  return s + "    default: return 125;\n  }\n}\n\n";
}

// The host dispatcher: argv[1] names the member.
std::string host_main(size_t count) {
  std::string s = run_switch(count) +
                  "int main(int argc, char** argv) {\n"
                  "  return cairn_fuzz_run(argc > 1 ? std::strtol(argv[1], nullptr, 10) : -1);\n}\n";
  // Under CAIRN_FUZZ_SANITIZE=undefined a report aborts (a crash, not an exit status a program could also give).
  if (ubsan_programs())
    s += "\nextern \"C\" const char* __ubsan_default_options() { return \"abort_on_error=1:print_stacktrace=1\"; }\n";
  return s;
}

// The board dispatcher. The board has no argv: the image's command line (start.S: cr_cmdline) names one member as
// its last word, or a group after its last "cairn-group": a nonce, then members run in turn, each followed by its
// end line (board_group.h). A member that leaves print state behind ends the group (the host starts the rest anew).
constexpr const char* kBoardMain = R"(extern "C" long cr_cmdline(char* buf, long size);
static long cairn_fuzz_number(const char* p, long n) {
  if (n <= 0 || n > 9) return -1;
  long v = 0;
  for (long i = 0; i < n; ++i) {
    if (p[i] < '0' || p[i] > '9') return -1;
    v = v * 10 + (p[i] - '0');
  }
  return v;
}

static void cairn_fuzz_end_line(const char* nonce, long nonce_n, const char* member, long member_n, int status) {
  static const char kEnd[] = "@END@";
  char digits[3];
  long k = 0;
  if (status >= 100) digits[k++] = static_cast<char>('0' + status / 100);
  if (status >= 10) digits[k++] = static_cast<char>('0' + status / 10 % 10);
  digits[k++] = static_cast<char>('0' + status % 10);
  cr::write_all(1, kEnd, sizeof kEnd - 1);
  cr::write_all(1, nonce, nonce_n);
  cr::write_all(1, " ", 1);
  cr::write_all(1, member, member_n);
  cr::write_all(1, " ", 1);
  cr::write_all(1, digits, k);
  cr::write_all(1, "\n", 1);
}

extern "C" int cf_main() {
  static char line[4096];
  long n = cr_cmdline(line, sizeof line);
  if (n <= 0 || n >= static_cast<long>(sizeof line)) return 125;
  static const char kGroup[] = " @GROUP@ ";
  const long group_n = static_cast<long>(sizeof kGroup) - 1;
  long g = -1;
  for (long i = 0; i + group_n <= n; ++i)
    if (__builtin_memcmp(line + i, kGroup, group_n) == 0) g = i;
  if (g < 0) {
    long at = n;
    while (at > 0 && line[at - 1] != ' ') --at;
    return cairn_fuzz_run(cairn_fuzz_number(line + at, n - at));
  }
  long at = g + group_n, nonce = at;
  while (at < n && line[at] != ' ') ++at;
  long nonce_n = at - nonce;
  while (at < n) {
    long word = ++at;
    while (at < n && line[at] != ' ') ++at;
    int status = cairn_fuzz_run(cairn_fuzz_number(line + word, at - word));
    cairn_fuzz_end_line(line + nonce, nonce_n, line + word, at - word, status);
    if (cr::OutArena::top != 0) return 0;
  }
  return 0;
}
)";

std::string board_main(size_t count) {
  std::string s = kBoardMain;
  auto put = [&](const std::string& key, const std::string& value) { s.replace(s.find(key), key.size(), value); };
  put("@END@", "\\x1e\" \"" + std::string(kEndWord) + " ");  // two literals: the escape ends before the word
  put("@GROUP@", kGroupWord);
  return run_switch(count) + s;
}

}  // namespace

ProgramCpp program_cpp(const driver::CheckRun& run) {
  ir::Module mod = ir::build_ir(*run.program);
  lower::Options lo;
  lo.kind = lower::Kind::Exe;
  lower::Lowered low = lower::lower_program(mod, run.sources, lo);
  ProgramCpp p;
  p.canonical_nan = low.cpp.find(kNanDefine) != std::string::npos;
  size_t at = low.cpp.find(kInclude);
  p.body = at == std::string::npos ? low.cpp : low.cpp.substr(at + std::string(kInclude).size());
  size_t main_at = p.body.rfind(kMain);
  if (main_at != std::string::npos) p.body.replace(main_at, std::string(kMain).size(), "\nint cairn_main() {\n");
  return p;
}

std::string batch_unit(const std::vector<const ProgramCpp*>& members, EngineId engine) {
  bool nan = false;
  for (const ProgramCpp* m : members) nan |= m->canonical_nan;
  bool board = engine_info(engine).kind == EngineKind::Qemu;
  std::string s = board ? "// A cairn fuzz board batch: one namespace per program, the emulator's -append picks them.\n"
                        : "// A cairn fuzz batch: one namespace per program, main(argv[1]) runs one.\n";
  if (nan) s += kNanDefine;
  s += kInclude;
  if (!board) s += "#include <cstdlib>\n";
  s += "\n";
  for (size_t i = 0; i < members.size(); ++i)
    s += "namespace cairn_fuzz_p" + std::to_string(i) + " {\n" + members[i]->body + "}\n\n";
  s += board ? board_main(members.size()) : host_main(members.size());
  if (engine == EngineId::TestMiscompileSub) s = plant(s, "cr_sub<", "cr_add<");
  if (engine == EngineId::TestRefuseDiv) s = plant(s, "cr_div<", "cr_div_planted_refusal<");
  return s;
}

bool write_runtime(const std::string& dir, std::string& error) {
  std::error_code ec;
  for (const targets::RuntimeFile& f : targets::runtime_files()) {
    fs::path p = fs::path(dir) / "runtime" / std::string(f.name);
    fs::create_directories(p.parent_path(), ec);
    if (!write_file_atomic(p.string(), f.bytes, error)) return false;
  }
  return true;
}

bool links_static(const std::string& compiler, const std::string& dir) {
  static std::mutex mutex;
  static std::map<std::string, bool> known;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = known.find(compiler);
  if (it != known.end()) return it->second;
  // A function-local static takes libstdc++'s guard, as a batch's runtime does.
  const char* probe = "#include <cstdlib>\nint f(int x) { static int v = std::atoi(\"1\") + x; return v; }\n"
                      "int main(int argc, char**) { return f(argc) == 2 ? 0 : 1; }\n";
  std::string error;
  bool ok = false;
  if (write_file_atomic(dir + "/static-probe.cpp", probe, error)) {
    targets::ProcessOptions po;
    po.capture = true;
    po.null_stdin = true;
    po.timeout_s = 60;
    std::vector<std::string> cmd = {compiler, "-std=c++20", "-static", "-o", "static-probe", "static-probe.cpp"};
    targets::ProcessResult pr = targets::run_program({cmd, {}, dir, {}}, po);
    ok = pr.started && pr.status == 0 && !pr.timed_out;
  }
  known[compiler] = ok;
  return ok;
}

BatchBuild build_unit(const std::string& dir, const std::string& name, const std::string& cpp, EngineId engine) {
  BatchBuild b;
  auto start = std::chrono::steady_clock::now();
  const EngineInfo& e = engine_info(engine);
  std::string error;
  if (e.kind == EngineKind::Qemu) {
    if (!write_file_atomic(dir + "/" + name + ".cpp", cpp, error)) {
      b.environment = true;
      b.output = error;
      return b;
    }
    targets::BoardImage img = targets::build_board_image(e.cc, e.opt, dir, name, name + ".cpp");
    b.built = img.built;
    b.environment = img.environment;
    b.artifact = img.artifact;
    b.output = img.output;
    b.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return b;
  }
  std::optional<targets::Compiler> cc = targets::find_compiler(e.cc, error);
  if (!cc || !write_file_atomic(dir + "/" + name + ".cpp", cpp, error)) {
    b.environment = true;
    b.output = error;
    return b;
  }
  std::vector<std::string> cmd = {cc->path};
  for (const std::string& f : targets::semantic_flags()) cmd.push_back(f);
  cmd.push_back("-O" + std::to_string(e.opt));
  if (ubsan_programs())
    for (const char* f : {"-fsanitize=undefined", "-fno-sanitize-recover=undefined"}) cmd.push_back(f);
  else if (links_static(cc->path, dir))
    cmd.push_back("-static");  // each batch binary starts ~100 times: no dynamic loader, no libstdc++.so (docs/fuzz.md)
  for (const char* f : {"-w", "-I", "runtime", "-o"}) cmd.push_back(f);
  cmd.push_back(name);
  cmd.push_back(name + ".cpp");
  targets::ProcessOptions po;
  po.capture = true;
  po.null_stdin = true;
  po.timeout_s = 600;
  po.address_space_cap = uint64_t{8} << 30;
  targets::ProcessResult pr = targets::run_program({cmd, {}, dir, {}}, po);
  b.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!pr.started || pr.status == 127) {
    b.environment = true;
    b.output = pr.error.empty() ? pr.err : pr.error;
    return b;
  }
  b.built = pr.status == 0;
  b.output = pr.err + pr.out;
  if (pr.timed_out) b.output += "\nthe compiler ran past 600 s";
  b.artifact = fs::absolute(fs::path(dir) / name).string();
  return b;
}

}  // namespace cairn::fuzz
