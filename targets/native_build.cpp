// A native build: lowering, a fresh build directory, the compiler run under limits, the record.
#include "targets/native_build.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>

#include "base/atomic_file.h"
#include "base/sha256.h"
#include "targets/board_build.h"
#include "targets/build_receipt.h"
#include "targets/exec.h"
#include "targets/runtime_files.h"

namespace cairn::targets {

namespace fs = std::filesystem;

namespace {

// Makes `build/NAME-XXXXXX` under root, fresh (mkdtemp never reuses a name).
bool fresh_directory(const std::string& root, const std::string& name, std::string& dir, std::string& error) {
  std::error_code ec;
  fs::path parent = root.empty() || root == "." ? fs::path("build") : fs::path(root) / "build";
  fs::create_directories(parent, ec);
  if (ec) {
    error = "Cannot create the build directory " + parent.string() + ": " + ec.message() + ".";
    return false;
  }
  std::string templ = (parent / (name + "-XXXXXX")).string();
  std::vector<char> buf(templ.begin(), templ.end());
  buf.push_back('\0');
  if (!mkdtemp(buf.data())) {
    error = "Cannot create a build directory under " + parent.string() + ": " + std::strerror(errno) + ".";
    return false;
  }
  dir = buf.data();
  return true;
}

std::string json_escape(const std::string& s) { return nlohmann::json(s).dump(); }

// The first "FILE:LINE:COL: error: ..." line of the compiler's output naming the generated file.
bool first_error_in(const std::string& output, const std::string& cpp_name, uint32_t& line, std::string& message) {
  size_t at = 0;
  while (at < output.size()) {
    size_t end = output.find('\n', at);
    if (end == std::string::npos) end = output.size();
    std::string l = output.substr(at, end - at);
    at = end + 1;
    size_t e = l.find(": error: ");
    if (e == std::string::npos) e = l.find(": fatal error: ");
    if (e == std::string::npos) continue;
    if (message.empty()) message = l;
    size_t name_at = l.find(cpp_name + ":");
    if (name_at == std::string::npos) return false;
    line = static_cast<uint32_t>(std::strtoul(l.c_str() + name_at + cpp_name.size() + 1, nullptr, 10));
    message = l;
    return line > 0;
  }
  return false;
}

// The .cairn position the C++ line came from.
std::string origin_of(const lower::Lowered& low, const SourceSet& sources, uint32_t cpp_line) {
  const lower::LineOrigin* best = nullptr;
  for (const lower::LineOrigin& o : low.lines) {
    if (o.cpp_line > cpp_line) break;
    best = &o;
  }
  if (!best || best->pos.file >= sources.size()) return "";
  return sources.file(best->pos.file).display_name + ":" + std::to_string(best->pos.line);
}

// The hosted compile command: the compiler, the semantic flags, the level, sanitizers, the kind.
void host_command(const Compiler& cc, const BuildOptions& o, const std::string& artifact, const std::string& cpp_name,
                  std::vector<std::string>& cmd) {
  cmd = {cc.path};
  for (const std::string& f : semantic_flags()) cmd.push_back(f);
  bool sanitized = !o.sanitize.empty();
  cmd.push_back("-O" + std::to_string(sanitized ? 1 : o.opt));
  if (o.debug || sanitized) cmd.push_back("-g");
  if (o.sanitize == "address") {
    for (const char* f : {"-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"})
      cmd.push_back(f);
  } else if (o.sanitize == "undefined") {
    for (const char* f : {"-fsanitize=undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"}) cmd.push_back(f);
  } else if (o.sanitize == "thread") {
    for (const char* f : {"-fsanitize=thread", "-fno-omit-frame-pointer"}) cmd.push_back(f);
  }
  if (o.kind == lower::Kind::Library) {
    cmd.push_back("-shared");
    cmd.push_back("-fPIC");
  }
  for (const char* f : {"-w", "-I", "runtime", "-o"}) cmd.push_back(f);
  cmd.push_back(artifact);
  cmd.push_back(cpp_name);
}

}  // namespace

std::string project_root(const std::string& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) return path;
  fs::path parent = fs::path(path).parent_path();
  return parent.empty() ? "." : parent.string();
}

std::string artifact_name(const std::string& project, lower::Kind kind) {
  switch (kind) {
    case lower::Kind::Exe: return project;
    case lower::Kind::Library: return "lib" + project + ".so";
    case lower::Kind::Tests: return project + "-tests";
    case lower::Kind::Call: return project + "-call";
  }
  return project;
}

BuildResult build_native(const driver::CheckRun& run, const BuildOptions& o) {
  BuildResult r;
  r.manifest_path = o.manifest_path;
  auto start = std::chrono::steady_clock::now();
  auto finish = [&]() -> BuildResult& {
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
  };
  r.target = o.target;
  std::optional<Board> board = find_board(o.target);
  std::optional<Compiler> cc = board ? find_cross_compiler(board->tool_prefix + "g++", r.error) : find_compiler(o.cc, r.error);
  if (!cc) return finish();
  r.compiler = *cc;

  ir::Module mod = ir::build_ir(*run.program);
  lower::Options lo;
  lo.kind = o.kind;
  lo.keep_guards = o.keep_guards;
  lo.line_directives = o.debug;
  lo.only = o.only_functions;
  lo.board_entry = board.has_value();
  if (o.header && o.kind == lower::Kind::Library && !board) lo.c_header = run.project.name;
  lower::Lowered low = lower::lower_program(mod, run.sources, lo);

  if (!fresh_directory(o.build_root, run.project.name, r.directory, r.error)) return finish();
  std::string cpp_name = run.project.name + ".cpp";
  r.cpp_path = r.directory + "/" + cpp_name;
  if (!write_file_atomic(r.cpp_path, low.cpp, r.error)) return finish();
  if (!lo.c_header.empty()) {
    r.header = r.directory + "/" + low.header.file;
    r.header_hash = low.header.hash;
    if (!write_file_atomic(r.header, low.header.text, r.error)) return finish();
  }
  std::error_code ec;
  fs::create_directories(r.directory + "/runtime", ec);
  for (const RuntimeFile& f : runtime_files()) {
    fs::path p = fs::path(r.directory) / "runtime" / std::string(f.name);
    fs::create_directories(p.parent_path(), ec);
    if (!write_file_atomic(p.string(), f.bytes, r.error)) return finish();
  }
  std::string artifact = board ? run.project.name + ".elf" : artifact_name(run.project.name, o.kind);
  r.artifact = r.directory + "/" + artifact;
  std::vector<std::string> board_sources;
  if (board && !write_board_files(*board, r.directory, board_sources, r.error)) return finish();

  std::vector<std::string>& cmd = r.command;
  if (board) cmd = board_command(*board, cc->path, o, board_sources, artifact, cpp_name);
  else host_command(*cc, o, artifact, cpp_name, cmd);

  // compile_commands.json beside the generated C++, for editors and tools.
  std::string cc_json = "[\n  {\"directory\": " + json_escape(fs::absolute(r.directory).string()) +
                        ", \"file\": " + json_escape(cpp_name) + ", \"arguments\": [";
  for (size_t i = 0; i < cmd.size(); ++i) cc_json += (i ? ", " : "") + json_escape(cmd[i]);
  cc_json += "]}\n]\n";
  if (!write_file_atomic(r.directory + "/compile_commands.json", cc_json, r.error)) return finish();

  ProcessOptions po;
  po.capture = true;
  po.null_stdin = true;
  po.timeout_s = 600;
  po.address_space_cap = uint64_t{8} << 30;  // the compiler, too, runs under a time and memory limit
  ProcessResult pr = run_program({cmd, {}, r.directory, {}}, po);
  if (!pr.started) {
    r.error = "Cannot start the compiler " + cc->path + ": " + pr.error + ".";
    return finish();
  }
  if (pr.status != 0) {
    r.status = BuildResult::Status::Failed;
    r.exit_status = pr.status;
    r.output = pr.err + pr.out;
    uint32_t line = 0;
    if (first_error_in(r.output, cpp_name, line, r.message)) {
      r.compiler_defect = true;
      r.refused_at = origin_of(low, run.sources, line);
    }
    if (pr.timed_out) r.message = "the compiler ran past 600 s";
    return finish();
  }
  std::string bytes;
  if (!read_file(r.artifact, bytes)) {
    r.status = BuildResult::Status::Failed;
    r.output = "the compiler exited 0 but wrote no " + r.artifact;
    return finish();
  }
  if (board && !inspect_image(*board, r.artifact, r.image_size, r.output)) {
    r.status = BuildResult::Status::Failed;
    return finish();
  }
  r.artifact_sha256 = sha256_hex(bytes);
  r.receipt = r.directory + "/receipt.json";
  nlohmann::ordered_json receipt = build_receipt(run, mod, low, r);
  if (!write_file_atomic(r.receipt, receipt.dump(2) + "\n", r.error)) {
    r.receipt.clear();
    return finish();
  }
  r.status = BuildResult::Status::Built;
  return finish();
}

std::string build_failure_text(const BuildResult& r) {
  if (r.status == BuildResult::Status::Environment) return r.error;
  if (r.compiler_defect)
    return "the compiler refused the C++ generated from " + r.refused_at + "; this is a defect of cairn, not of the program: " +
           r.message;
  return r.compiler.name + " exited " + std::to_string(r.exit_status) + ":\n" + r.output;
}

nlohmann::ordered_json build_record(const BuildResult& r) {
  nlohmann::ordered_json j;
  j["protocol"] = "cairn.build/1";
  j["status"] = r.status == BuildResult::Status::Built ? "native-built" : "build-failed";
  j["command"] = r.command;
  j["compiler"] = {{"name", r.compiler.name}, {"path", r.compiler.path}, {"version", r.compiler.version}};
  j["directory"] = r.directory;
  j["artifact"] = r.status == BuildResult::Status::Built ? r.artifact : "";
  j["artifact_sha256"] = r.artifact_sha256;
  j["receipt"] = r.receipt;
  if (!r.header.empty() && r.status == BuildResult::Status::Built) {
    j["header"] = r.header;
    j["interface_hash"] = r.header_hash;
  }
  if (r.status == BuildResult::Status::Environment) j["error"] = r.error;
  if (r.status == BuildResult::Status::Failed) {
    j["exit_status"] = r.exit_status;
    j["output"] = r.output;
    if (r.compiler_defect) {
      j["compiler_defect"] = true;
      j["refused_at"] = r.refused_at;
      j["message"] = r.message;
    }
  }
  if (r.target != "hosted") {
    j["target"] = r.target;
    if (r.status == BuildResult::Status::Built)
      j["size"] = {{"text", r.image_size.text}, {"data", r.image_size.data}, {"bss", r.image_size.bss}};
  }
  j["seconds"] = r.seconds;
  return j;
}

}  // namespace cairn::targets
