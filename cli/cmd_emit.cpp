// `cairn emit [PATH] --dump tokens|ast|ir|smt|cpp|header`: the phase dumps (cpp, the default, is the C++ of the
// lowering; smt the encoding of each function; header the C header `cairn build --kind library --header` writes).
#include "cli/args.h"
#include "cli/open_command.h"
#include "cli/command.h"
#include "cli/output.h"
#include "front/driver/driver.h"
#include "front/parse/parse.h"
#include "base/sha256.h"
#include "lower/lower.h"
#include "semantics/ir.h"
#include "smt/dump_smt.h"

namespace cairn::cli {

namespace {
constexpr FlagSpec kFlags[] = {
    {"dump", "tokens|ast|ir|smt|cpp|header", true, "cpp",
     "prints a phase's deterministic dump instead of the C++ (header: the library's C header, as build --header writes it)"},
    {"keep-guards", "", false, "", "writes every guard, even those proved unable to fail"},
    {"harness", "exe|tests|library|call", true, "exe",
     "the entry points of the C++: main (exe), the test-block harness --cairn-list / --cairn-run NAME (tests), "
     "C-linkage library wrappers, or the isolated-call harness --cairn-call NAME (call)"},
    {"format", "human|json", true, "the text product; json only when asked", "the output form"},
};

// Each file's dump, headed by its name when the program has several files.
std::string dump_all(const driver::CheckRun& run, const std::string& kind, DiagSink& sink) {
  std::string text;
  for (uint32_t id = 0; id < run.sources.size(); ++id) {
    if (run.sources.size() > 1) text += "== " + run.sources.file(id).display_name + "\n";
    text += kind == "tokens" ? dump_tokens(run.sources, id, sink) : dump_ast(run.sources, run.files[id]);
  }
  return text;
}
}  // namespace

// A dump is a text product: the text, or with --format json the cairn.emit/1 record that wraps it.
int print_dump(const Output& out, const std::string& kind, const std::string& text) {
  if (out.format == Format::Json) {
    nlohmann::ordered_json j;
    j["protocol"] = "cairn.emit/1";
    j["status"] = "dumped";
    j["dump"] = kind;
    j["text"] = text;
    print_record(out, j);
  } else {
    print_text(text);
  }
  return 0;
}

// A dump of a checked program (the core IR, or its SMT encoding): refused programs are reported as by check.
int emit_checked(const Output& out, const std::string& path, const std::string& kind) {
  driver::CheckRun run = driver::run(path);
  if (run.refusal) return print_refusal(out, *run.refusal);
  ir::Module m = ir::build_ir(*run.program);
  std::string text = kind == "smt" ? smt::dump_smt(m, run.project.own_files_begin) : ir::dump_ir(m);
  return print_dump(out, kind, text);
}

// The C++ translation unit of a checked program (tools.md §2.4).
int emit_cpp(const Output& out, const std::string& path, const Args& args) {
  lower::Options options;
  options.keep_guards = args.has("keep-guards");
  std::string harness = args.get("harness").value_or("exe");
  if (harness == "tests") options.kind = lower::Kind::Tests;
  else if (harness == "library") options.kind = lower::Kind::Library;
  else if (harness == "call") options.kind = lower::Kind::Call;
  else if (harness != "exe") return usage_error(out, "--harness takes exe, tests, library or call.");
  driver::CheckRun run = driver::run(path);
  if (run.refusal) return print_refusal(out, *run.refusal);
  ir::Module m = ir::build_ir(*run.program);
  lower::Lowered low = lower::lower_program(m, run.sources, options);
  if (out.format == Format::Json) {
    nlohmann::ordered_json j;
    j["protocol"] = "cairn.emit/1";
    j["status"] = "typed";
    j["cpp"] = low.cpp;
    j["cpp_sha256"] = sha256_hex(low.cpp);
    print_record(out, j);
  } else {
    print_text(low.cpp);
  }
  return 0;
}

// The C header of the program as a library (tools.md §2.5, --header), named after the project.
int emit_header(const Output& out, const std::string& path) {
  driver::CheckRun run = driver::run(path);
  if (run.refusal) return print_refusal(out, *run.refusal);
  ir::Module m = ir::build_ir(*run.program);
  lower::Options options;
  options.kind = lower::Kind::Library;
  options.c_header = run.project.name;
  lower::Lowered low = lower::lower_program(m, run.sources, options);
  if (out.format == Format::Json) {
    nlohmann::ordered_json j;
    j["protocol"] = "cairn.emit/1";
    j["status"] = "dumped";
    j["dump"] = "header";
    j["file"] = low.header.file;
    j["interface_hash"] = low.header.hash;
    j["text"] = low.header.text;
    print_record(out, j);
  } else {
    print_text(low.header.text);
  }
  return 0;
}

int cmd_emit(const Command& cmd, const std::vector<std::string>& argv) {
  Args args;
  Output out;
  if (std::optional<int> answered = open_command(cmd, argv, kFlags, args, out)) return *answered;
  if (!out.chosen) out.format = Format::Human;  // a text product: records only when asked (§1.2)
  if (args.operands.size() > 1) return usage_error(out, "cairn emit takes one PATH.");
  std::string path = args.operands.empty() ? "." : args.operands[0];
  std::string kind = args.get("dump").value_or("cpp");
  if (kind == "ir" || kind == "smt") return emit_checked(out, path, kind);
  if (kind == "cpp") return emit_cpp(out, path, args);
  if (kind == "header") return emit_header(out, path);

  driver::CheckRun run = driver::run(path, kind == "tokens" ? driver::Stop::AfterLoad : driver::Stop::AfterParse);
  if (run.refusal) return print_refusal(out, *run.refusal);
  DiagSink sink;
  std::string text = dump_all(run, kind, sink);
  // Refusals the parser found for later phases (E-EXPRESSION-BODY, a literal above u64) still refuse.
  for (const Diagnostic& d : run.carried) sink.report(d.code, d.pos, d.message, d.phase, d.help);
  if (!sink.empty()) {
    std::vector<Diagnostic> ordered = sink.ordered();
    return print_refusal(out, diag::refusal_from({ordered.front()}, run.sources, 0, std::nullopt));
  }
  return print_dump(out, kind, text);
}

}  // namespace cairn::cli
