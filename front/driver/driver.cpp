// The front-end pipeline of language.md §0.4: load, lex and parse (first refusal alone), check.
#include "front/driver/driver.h"

#include <cxxabi.h>
#include <pthread.h>

#include <cstdlib>
#include <exception>
#include <typeinfo>

#include "front/parse/parse.h"

namespace cairn::driver {

namespace {

// The codes that stop a check at once: the record names them in further_stopped.
bool stops_the_check(Code c) {
  return c == Code::EffectLimit || c == Code::AstLimit || c == Code::SourceLimit || c == Code::Internal;
}

// Whether the project's own sources declare a function named main (the default kind, §14.4).
bool declares_main(const std::vector<ast::File>& files, uint32_t own_begin) {
  for (const ast::File& f : files) {
    if (f.file_id < own_begin) continue;
    for (const ast::Item* item : f.items)
      if (item && item->kind == ast::ItemKind::Fn && item->name.name == "main") return true;
  }
  return false;
}

void refuse(CheckRun& r, const std::vector<Diagnostic>& ordered, uint32_t not_judged) {
  std::optional<std::string> stopped;
  for (const Diagnostic& d : ordered)
    if (stops_the_check(d.code)) {
      stopped = std::string(code_name(d.code));
      break;
    }
  r.refusal = diag::refusal_from(ordered, r.sources, not_judged, stopped);
  r.outcome = r.refusal->environment ? Outcome::Environment : Outcome::Rejected;
}

// A place for a refusal the driver makes itself: line 1, column 1 of the first own source.
Pos first_own_place(const CheckRun& r) {
  if (r.sources.size() == 0) return Pos{};
  uint32_t f = r.project.own_files_begin < r.sources.size() ? r.project.own_files_begin : 0;
  return Pos{f, 1, 1};
}

void load(CheckRun& r, const std::string& path) {
  project::LoadError err;
  if (!project::load_project(path, r.project, err) || !project::read_sources(r.project, r.sources, err)) {
    if (err.source_limit) {
      r.refusal = diag::source_limit_refusal(err.message, err.file);
      r.outcome = Outcome::Rejected;
      return;
    }
    r.refusal = diag::environment_failure(err.message, err.file, err.line, err.col, err.source_line);
    r.outcome = Outcome::Environment;
    return;
  }
  r.outcome = Outcome::Typed;
}

void ast_limit(CheckRun& r) {
  DiagSink limit;
  limit.report(Code::AstLimit, first_own_place(r),
               "The program has " + std::to_string(r.arena->node_count()) +
                   " syntax nodes (template instances counted again); the limit is 4,000,000.",
               Phase::Parse);
  refuse(r, limit.ordered(), 0);
  r.program.reset();
}

void parse_all(CheckRun& r) {
  DiagSink sink;
  r.arena = std::make_unique<ast::Arena>();
  // Every file is parsed: a lexing refusal in a later file comes before a parse refusal (§0.4).
  for (uint32_t id = 0; id < r.sources.size(); ++id) r.files.push_back(parse_file(r.sources, id, *r.arena, sink));
  for (const Diagnostic& d : sink.ordered()) {
    if (d.phase == Phase::Lex || d.phase == Phase::Parse) {
      refuse(r, {d}, 0);  // a lex or parse error is reported alone
      return;
    }
    r.carried.push_back(d);
  }
  if (r.arena->node_count() > kMaxAstNodes) ast_limit(r);
}

void check_all(CheckRun& r) {
  DiagSink sink;
  for (const Diagnostic& d : r.carried) sink.report(d.code, d.pos, d.message, d.phase, d.help);
  r.options.own_files_begin = r.project.own_files_begin;
  // Every target but "hosted" is freestanding (language.md §14.7): the checker's rules are the same for each.
  r.options.target = r.project.target != "hosted" ? check::Target::Aarch64Virt : check::Target::Hosted;
  r.options.is_library = r.project.kind ? *r.project.kind == "library"
                                        : !declares_main(r.files, r.project.own_files_begin);
  check::CheckResult result = check::check_program(r.files, *r.arena, r.sources, r.options, sink);
  r.program = std::move(result.program);
  if (!sink.empty()) {
    refuse(r, sink.ordered(), result.not_judged);
    return;
  }
  // Template instances are cloned into the arena while checking: they count again (§1.5).
  if (r.arena->node_count() > kMaxAstNodes) ast_limit(r);
}

// A fault of the compiler itself: E-INTERNAL naming the fault's class; nothing is accepted.
void internal_fault(CheckRun& r, const std::string& cls) {
  DiagSink fault;
  fault.report(Code::Internal, first_own_place(r),
               "The compiler failed (" + cls + "); this is a bug in the toolchain, not in the program.",
               Phase::Bodies);
  r.refusal = diag::refusal_from(fault.ordered(), r.sources, 0, cls);
  r.outcome = Outcome::Rejected;
  r.program.reset();
}

}  // namespace

std::string fault_class(const std::exception& e) {
  const char* mangled = typeid(e).name();
  int status = 0;
  char* demangled = abi::__cxa_demangle(mangled, nullptr, nullptr, &status);
  std::string out = status == 0 && demangled ? demangled : mangled;
  std::free(demangled);
  return out;
}

int exit_status(Outcome o) {
  switch (o) {
    case Outcome::Typed: return 0;
    case Outcome::Rejected: return 1;
    case Outcome::Environment: return 2;
  }
  return 2;
}

namespace {

// The checker and later walkers recurse over syntax trees up to the parser's limits (100 nested blocks,
// 100 nested brackets, chains of 10,000 operators): the front end runs on a thread with a stack sized for
// those limits, also under sanitizers, instead of the process's default 8 MiB.
constexpr size_t kFrontStackBytes = size_t{1} << 30;

struct RunJob {
  const std::string* path;
  Stop stop;
  const std::string* target;
  CheckRun* out;
};

void* run_job(void* arg) {
  auto* job = static_cast<RunJob*>(arg);
  *job->out = run_here(*job->path, job->stop, *job->target);
  return nullptr;
}

}  // namespace

CheckRun run(const std::string& path, Stop stop, const std::string& target) {
  CheckRun r;
  RunJob job{&path, stop, &target, &r};
  pthread_attr_t attr;
  pthread_t thread;
  if (pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, kFrontStackBytes) == 0 &&
      pthread_create(&thread, &attr, run_job, &job) == 0) {
    pthread_attr_destroy(&attr);
    pthread_join(thread, nullptr);
    return r;
  }
  return run_here(path, stop, target);  // no big stack to be had: run on this thread
}

CheckRun run_here(const std::string& path, Stop stop, const std::string& target) {
  CheckRun r;
  try {
    load(r, path);
    if (!target.empty()) r.project.target = target;
    if (r.outcome != Outcome::Typed || stop == Stop::AfterLoad) return r;
    parse_all(r);
    if (r.outcome != Outcome::Typed || stop == Stop::AfterParse) return r;
    check_all(r);
  } catch (const std::exception& e) {
    internal_fault(r, fault_class(e));
  } catch (...) {
    internal_fault(r, "unknown exception");
  }
  return r;
}

}  // namespace cairn::driver
