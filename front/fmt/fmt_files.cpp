// The files of `cairn fmt`: collected from the paths, read whole, formatted, then written, reported or diffed.
#include "front/fmt/fmt_files.h"

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <system_error>

#include "front/fmt/format.h"
#include "front/fmt/unified_diff.h"
#include "base/atomic_file.h"
#include "front/source/source_file.h"

namespace cairn::fmt {

namespace fs = std::filesystem;

namespace {

std::string_view mode_name(Mode m) {
  switch (m) {
    case Mode::Write: return "write";
    case Mode::Check: return "check";
    case Mode::Diff: return "diff";
  }
  return "write";
}

// Every *.cairn under `dir`, depth first, each directory's entries sorted by name.
bool walk(const fs::path& dir, const std::string& shown, std::vector<std::string>& files, std::string& error) {
  std::error_code ec;
  std::vector<fs::directory_entry> entries;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) entries.push_back(*it);
  if (ec) {
    error = "Cannot read the directory " + shown + ": " + ec.message() + ".";
    return false;
  }
  std::sort(entries.begin(), entries.end(),
            [](const fs::directory_entry& a, const fs::directory_entry& b) { return a.path().filename() < b.path().filename(); });
  for (const fs::directory_entry& e : entries) {
    std::string name = e.path().filename().string();
    std::string child = shown == "." ? name : shown.empty() || shown.back() == '/' ? shown + name : shown + "/" + name;
    std::error_code sec;
    if (e.is_symlink(sec)) continue;  // links are not followed (no cycles, no file replaced through a link)
    if (e.is_directory(sec)) {
      if (name[0] == '.') continue;
      if (!walk(e.path(), child, files, error)) return false;
    } else if (e.path().extension() == ".cairn" && e.is_regular_file(sec)) {
      files.push_back(child);
    }
  }
  return true;
}

// Replaces `file` by `text`, keeping its permission bits; a PATH that is a symbolic link has its target replaced.
bool replace(const std::string& path, const std::string& text, std::string& error) {
  std::error_code ec;
  std::string file = fs::is_symlink(path, ec) ? fs::canonical(path, ec).string() : path;
  if (ec) file = path;
  struct stat st {};
  bool have_mode = ::stat(file.c_str(), &st) == 0;
  if (!write_file_atomic(file, text, error)) return false;
  if (have_mode) ::chmod(file.c_str(), st.st_mode & 07777);
  return true;
}

}  // namespace

bool collect_files(const std::string& path, std::vector<std::string>& files, std::string& error) {
  std::string fault;
  switch (path_kind(path, fault)) {
    case PathKind::Directory: return walk(path, path, files, error);
    case PathKind::File: files.push_back(path); return true;
    case PathKind::Fault: error = "The path " + path + " " + fault + "."; return false;
  }
  return false;
}

namespace {

using Sources = std::vector<std::pair<std::string, std::string>>;

// Every file under `paths` once, read whole before anything is written; false with run's failure set.
bool read_all(const std::vector<std::string>& paths, Sources& sources, FilesRun& run) {
  std::vector<std::string> files;
  std::string error;
  for (const std::string& p : paths)
    if (!collect_files(p, files, error)) {
      run.refusal = diag::environment_failure(error, p);
      return false;
    }
  std::set<std::string> seen;
  for (const std::string& f : files) {
    if (!seen.insert(fs::path(f).lexically_normal().string()).second) continue;
    std::string bytes, fault;
    // The rule `cairn check` reads a source by: a regular file (never a FIFO or device), at most the limit.
    switch (read_source_file(f, kMaxSourceBytes, bytes, fault)) {
      case SourceRead::Ok: break;
      case SourceRead::TooLarge:
        run.refusal = diag::source_limit_refusal("The source " + f + " " + fault + ", the limit of a program's sources.", f);
        return false;
      case SourceRead::Unreadable:
        run.refusal = diag::environment_failure("The source " + f + " " + fault + ".", f);
        return false;
    }
    sources.emplace_back(f, std::move(bytes));
  }
  return true;
}

}  // namespace

FilesRun format_files(const std::vector<std::string>& paths, Mode mode) {
  FilesRun run;
  Sources sources;
  if (!read_all(paths, sources, run)) {
    run.exit_code = run.refusal->environment ? 2 : 1;
    return run;
  }
  std::string error;
  nlohmann::ordered_json changed = nlohmann::ordered_json::array(), left = nlohmann::ordered_json::array();
  for (const auto& [file, text] : sources) {
    FormatResult r = format_source(text);
    if (r.ok && r.text != text && mode == Mode::Write && !replace(file, r.text, error)) {
      r.ok = false;
      r.kind = NotFormatted::Unwritable;
      r.reason = error;
      r.line = r.column = 0;
    }
    if (!r.ok) {
      nlohmann::ordered_json nf = {{"file", file}, {"reason", r.reason}, {"kind", not_formatted_name(r.kind)}};
      if (!r.code.empty()) nf["code"] = r.code;
      if (r.line) nf["line"] = r.line, nf["column"] = r.column;
      left.push_back(std::move(nf));
      continue;
    }
    if (r.text == text) continue;
    changed.push_back(file);
    if (mode == Mode::Diff) run.diff += unified_diff(file, text, r.text);
  }
  bool any = !changed.empty();
  std::string status = !any ? "unchanged" : mode == Mode::Write ? "formatted" : "would-change";
  run.record = {{"protocol", "cairn.fmt/1"}, {"status", status}, {"mode", mode_name(mode)},
                {"files", sources.size()}, {"changed", changed}, {"not_formatted", left}};
  if (mode == Mode::Diff) run.record["diff"] = run.diff;
  run.exit_code = !left.empty() || (mode != Mode::Write && any) ? 1 : 0;
  return run;
}

std::string fmt_record_text(const nlohmann::ordered_json& record) {
  std::string mode = record.value("mode", "write"), out;
  const char* verb = mode == "write" ? "formatted" : "would change";
  for (const auto& f : record["changed"]) out += std::string(verb) + ": " + f.get<std::string>() + "\n";
  for (const auto& nf : record["not_formatted"]) {
    out += "left alone: " + nf["file"].get<std::string>();
    if (nf.contains("line"))
      out += ":" + std::to_string(nf["line"].get<uint32_t>()) + ":" + std::to_string(nf["column"].get<uint32_t>());
    out += ": " + nf["reason"].get<std::string>() + "\n";
  }
  size_t files = record.value("files", size_t{0}), changed = record["changed"].size();
  out += std::to_string(files) + (files == 1 ? " file" : " files") + ", " + std::to_string(changed) + " " +
         (mode == "write" ? "formatted" : "would change") + ", " + std::to_string(record["not_formatted"].size()) +
         " left alone.\n";
  return out;
}

}  // namespace cairn::fmt
