// The freestanding build's own steps: refusals, the target's files, the command line, the image's inspection.
#include "targets/board_build.h"

#include <filesystem>
#include <sstream>

#include "base/atomic_file.h"
#include "targets/board_profile.h"
#include "targets/exec.h"

namespace cairn::targets {

namespace fs = std::filesystem;

std::string board_refusal(const driver::CheckRun& run, const BuildOptions& o, bool to_run) {
  std::optional<Board> board = find_board(o.target);
  if (!board) return "The target is \"hosted\" or a freestanding target of docs/targets.md, not \"" + o.target + "\".";
  if (o.kind != lower::Kind::Exe) return "The target " + board->name + " builds only kind \"exe\".";
  if (!o.sanitize.empty()) return "The target " + board->name + " has no sanitizer runtime: build it without --sanitize.";
  std::string profile = board_profile_refusal(*run.program);
  if (!profile.empty()) return profile;
  return board_missing(*board, to_run);
}

bool write_board_files(const Board& board, const std::string& dir, std::vector<std::string>& sources,
                       std::string& error) {
  std::vector<RuntimeFile> files = board_files(board.name);
  if (files.empty()) {
    error = "This cairn carries no files for the target " + board.name + ".";
    return false;
  }
  for (const RuntimeFile& f : files) {
    std::string name(f.name);
    if (!write_file_atomic((fs::path(dir) / name).string(), std::string(f.bytes), error)) return false;
    if (name.size() > 2 && name.substr(name.size() - 2) == ".S") sources.push_back(name);
  }
  return true;
}

std::vector<std::string> board_command(const Board& board, const std::string& compiler, const BuildOptions& o,
                                       const std::vector<std::string>& sources, const std::string& artifact,
                                       const std::string& cpp_name) {
  std::vector<std::string> cmd = {compiler};
  for (const std::string& f : semantic_flags()) cmd.push_back(f);
  cmd.push_back("-O" + std::to_string(o.opt));
  if (o.debug) cmd.push_back("-g");
  // No OS, C library, C++ runtime, loader or unwinder: nothing may need one.
  for (const char* f : {"-ffreestanding", "-fno-rtti", "-fno-threadsafe-statics",
                        "-fno-asynchronous-unwind-tables", "-fno-unwind-tables", "-fno-stack-protector", "-fno-pie",
                        "-no-pie", "-static", "-nostdlib", "-nostartfiles", "-DCAIRN_FREESTANDING"})
    cmd.push_back(f);
  for (const std::string& f : board.cpu_flags) cmd.push_back(f);
  if (o.trap_report) cmd.push_back("-DCAIRN_BOARD_TRAP_REPORT");
  for (const char* f : {"-Wl,--build-id=none", "-Wl,--no-warn-rwx-segments", "-w", "-I", "runtime", "-T", "link.ld",
                        "-o"})
    cmd.push_back(f);
  cmd.push_back(artifact);
  for (const std::string& s : sources) cmd.push_back(s);
  cmd.push_back(cpp_name);
  cmd.push_back("-lgcc");  // compiler helpers (128-bit division, ...), which need nothing else
  return cmd;
}

namespace {
ProcessResult tool(const std::string& path, const std::vector<std::string>& args) {
  ProcessOptions po;
  po.capture = true;
  po.null_stdin = true;
  po.timeout_s = 60;
  std::vector<std::string> argv = {path};
  argv.insert(argv.end(), args.begin(), args.end());
  return run_program({argv, {{"LC_ALL", "C"}}, "", {}}, po);
}
}  // namespace

bool inspect_image(const Board& board, const std::string& image, ImageSize& size, std::string& error) {
  ProcessResult nm = tool(find_on_path(board.tool_prefix + "nm"), {"-u", image});
  if (nm.status != 0) {
    error = board.tool_prefix + "nm -u failed: " + nm.err;
    return false;
  }
  if (!nm.out.empty()) {
    error = "the image has undefined symbols (nm -u):\n" + nm.out;
    return false;
  }
  ProcessResult sz = tool(find_on_path(board.tool_prefix + "size"), {image});
  std::istringstream in(sz.out);
  std::string header;
  std::getline(in, header);  // "   text	   data	    bss	    dec	    hex	filename"
  if (sz.status != 0 || !(in >> size.text >> size.data >> size.bss)) {
    error = board.tool_prefix + "size failed: " + sz.err;
    return false;
  }
  return true;
}

BoardImage build_board_image(const std::string& target, int opt, const std::string& dir, const std::string& name,
                             const std::string& cpp_name) {
  BoardImage r;
  r.environment = true;
  std::optional<Board> board = find_board(target);
  if (!board) {
    r.output = "no freestanding target \"" + target + "\"";
    return r;
  }
  std::optional<Compiler> cc = find_cross_compiler(board->tool_prefix + "g++", r.output);
  std::vector<std::string> sources;
  if (!cc || !write_board_files(*board, dir, sources, r.output)) return r;
  BuildOptions o;
  o.target = target;
  o.opt = opt;
  o.trap_report = true;
  ProcessOptions po;
  po.capture = true;
  po.null_stdin = true;
  po.timeout_s = 600;
  po.address_space_cap = uint64_t{8} << 30;
  ProcessResult pr = run_program({board_command(*board, cc->path, o, sources, name, cpp_name), {}, dir, {}}, po);
  if (!pr.started) {
    r.output = "Cannot start the compiler " + cc->path + ": " + pr.error + ".";
    return r;
  }
  r.environment = false;
  r.output = pr.err + pr.out;
  if (pr.timed_out) r.output += "\nthe compiler ran past 600 s";
  r.artifact = std::filesystem::absolute(std::filesystem::path(dir) / name).string();
  if (pr.status != 0) return r;
  ImageSize size;
  std::string error;
  if (!inspect_image(*board, r.artifact, size, error)) {
    r.output = error;
    return r;
  }
  r.built = true;
  return r;
}

}  // namespace cairn::targets
