// What every libFuzzer target (tools.md §6.6) shares: the input limit, the front end run on a big stack as the
// driver runs it, and the refusal contract (a code owned by a rule card, a line within the input, never
// E-INTERNAL), whose breach aborts: a finding.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "front/check/check.h"
#include "front/driver/big_stack_worker.h"
#include "front/diag/diagnostic.h"
#include "front/parse/parse.h"

namespace cairn::fuzzing {

constexpr size_t kMaxInputBytes = 65536;
// The driver's stack for the front end (driver.cpp): the checker recurses to the parser's nesting limits.
constexpr size_t kBigStackBytes = size_t{1} << 30;

// Runs `job` on a thread with a big stack (on this thread when none can be made). The thread is made once and
// kept for the process: making a 1 GiB thread per input (mmap, ASan's shadow of the stack, munmap) cost more
// than many inputs take to run. Every job starts at the same depth of a 1 GiB stack, as on a new thread, so an
// input that overflows it is the same finding as before.
inline void on_big_stack(const std::function<void()>& job) {
  static BigStackWorker* const worker = new BigStackWorker(kBigStackBytes);  // never freed: exit() may come from a job
  worker->run(job);
}

// Lines of the input as a reader counts them (a last line without its newline counts).
inline uint32_t line_count(std::string_view text) {
  uint32_t n = 0;
  for (char c : text) n += c == '\n' ? 1 : 0;
  return n + (!text.empty() && text.back() != '\n' ? 1 : 0);
}

[[noreturn]] inline void finding(const Diagnostic& d, const char* why) {
  std::fprintf(stderr, "cairn fuzz contract: %s: %s at %u:%u: %s\n", why, std::string(code_name(d.code)).c_str(),
               d.pos.line, d.pos.col, d.message.c_str());
  std::abort();
}

// §6.6: a refusal has a code owned by a rule card, is not E-INTERNAL, and names a line within the input.
inline void require_refusal_contract(const Diagnostic& d, std::string_view text, uint32_t file) {
  if (d.code == Code::Internal) finding(d, "E-INTERNAL");
  if (code_rule_text(d.code).empty() || card_name(code_card(d.code)).empty()) finding(d, "a code no rule card owns");
  if (d.message.empty()) finding(d, "an empty message");
  if (!d.pos.valid() || d.pos.file != file) finding(d, "no position in the input");
  if (d.pos.line < 1 || d.pos.line > line_count(text) + 1 || d.pos.col < 1) finding(d, "a line outside the input");
}

// The input through the front end as the driver runs it on one file: lexing and parsing (a lex or parse
// refusal alone), then the checker with the parser's carried refusals. Every refusal is held to the contract.
struct FrontRun {
  SourceSet sources;
  uint32_t file = 0;
  std::unique_ptr<ast::Arena> arena = std::make_unique<ast::Arena>();
  std::vector<ast::File> files;
  std::unique_ptr<check::Program> program;  // when the checker accepted the input
};

inline bool declares_main(const ast::File& f) {
  for (const ast::Item* item : f.items)
    if (item && item->kind == ast::ItemKind::Fn && item->name.name == "main") return true;
  return false;
}

// `check`: false stops after parsing. Returns the run; `program` set when accepted.
inline std::unique_ptr<FrontRun> front_run(std::string_view text, bool check) {
  auto r = std::make_unique<FrontRun>();
  r->file = r->sources.add("fuzz.cairn", std::string(text));
  DiagSink parse_sink;
  r->files.push_back(parse_file(r->sources, r->file, *r->arena, parse_sink));
  size_t front = 0;
  for (const Diagnostic& d : parse_sink.all()) {
    require_refusal_contract(d, text, r->file);
    if (d.phase == Phase::Lex || d.phase == Phase::Parse) ++front;
  }
  if (front > 1) finding(parse_sink.all().front(), "more than one lex or parse refusal");
  if (front > 0 || !check) return r;
  DiagSink sink;
  for (const Diagnostic& d : parse_sink.all()) sink.report(d.code, d.pos, d.message, d.phase, d.help);
  check::CheckOptions options;
  options.is_library = !declares_main(r->files.front());
  check::CheckResult result = check::check_program(r->files, *r->arena, r->sources, options, sink);
  for (const Diagnostic& d : sink.all()) require_refusal_contract(d, text, r->file);
  if (sink.empty()) r->program = std::move(result.program);
  return r;
}

}  // namespace cairn::fuzzing
