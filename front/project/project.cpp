// The project loader: PATH resolution, manifests with their dependencies, path checks, source reading.
#include "front/project/project.h"

#include <sys/stat.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <set>

#include "front/project/fs_checks.h"
#include "front/project/manifest.h"

namespace cairn::project {

namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string canonical(const std::string& path) {
  char buf[PATH_MAX];
  if (realpath(path.c_str(), buf) == nullptr) return path;
  return buf;
}

std::string line_of(const std::string& text, uint32_t line) {
  if (line == 0) return "";
  size_t start = 0;
  for (uint32_t l = 1; l < line; ++l) {
    size_t nl = text.find('\n', start);
    if (nl == std::string::npos) return "";
    start = nl + 1;
  }
  size_t end = text.find('\n', start);
  std::string out = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
  if (!out.empty() && out.back() == '\r') out.pop_back();
  return out;
}

// The column of a manifest fault: the quoted path when it is on the line, else the first non-blank.
uint32_t column_for(const std::string& line_text, const std::string& needle) {
  if (!needle.empty()) {
    size_t at = line_text.find("\"" + needle + "\"");
    if (at != std::string::npos) return static_cast<uint32_t>(at + 1);
  }
  size_t first = line_text.find_first_not_of(" \t");
  return first == std::string::npos ? 1 : static_cast<uint32_t>(first + 1);
}

class Loader {
 public:
  Loader(Project& out, LoadError& err, std::string root_dir) : out_(out), err_(err), root_dir_(std::move(root_dir)) {}

  bool load(const std::string& dir, const std::string& manifest_fs, const std::string& manifest_display,
            const std::string& prefix, int depth) {
    std::string text, fault;
    if (!read_file_limited(manifest_fs, kMaxManifestBytes, text, fault))
      return fail_plain("The manifest " + manifest_display + " " + fault + ".");
    Manifest m;
    ManifestError merr;
    if (!read_manifest(text, m, merr)) {
      std::string line = line_of(text, merr.line);
      return fail_at(manifest_display, text, merr.line, merr.col ? merr.col : column_for(line, ""), merr.message);
    }
    bool root = depth == 0;
    if (root) {
      out_.name = m.name;
      out_.kind = m.kind;
      out_.arch = m.arch;
      out_.target = m.target;
      out_.allow = m.allow;
    }
    stack_.insert(canonical(dir));
    for (const auto& [name, dep] : m.dependencies)
      if (!dependency(dir, name, dep, manifest_display, text, prefix, depth)) return false;
    stack_.erase(canonical(dir));
    if (root) out_.own_files_begin = static_cast<uint32_t>(out_.files.size());
    for (const ManifestPath& src : m.sources) {
      if (!listed_path(dir, src, Want::File, manifest_display, text)) return false;
      std::string fs = join_path(dir, src.text);
      if (!seen_sources_.insert(canonical(fs)).second)
        return fail_at(manifest_display, text, src.line, 0,
                       "The source \"" + src.text + "\" is already a source of the program (through a dependency).");
      out_.files.push_back(ProjectFile{prefix + src.text, fs, !root});
    }
    for (const ManifestPath& t : m.tests) {
      if (!listed_path(dir, t, Want::File, manifest_display, text)) return false;
      if (root) out_.tests.push_back(join_path(dir, t.text));
    }
    return true;
  }

 private:
  bool dependency(const std::string& dir, const std::string& name, const ManifestPath& dep,
                  const std::string& manifest_display, const std::string& text, const std::string& prefix,
                  int depth) {
    if (!listed_path(dir, dep, Want::Directory, manifest_display, text)) return false;
    std::string dep_dir = join_path(dir, dep.text);
    std::string canon = canonical(dep_dir);
    if (stack_.count(canon))
      return fail_at(manifest_display, text, dep.line, 0,
                     "The dependency " + name + " (\"" + dep.text + "\") forms a cycle of dependencies.");
    if (done_.count(canon)) return true;  // reached twice: included once
    if (depth + 1 > kMaxDependencyDepth)
      return fail_at(manifest_display, text, dep.line, 0,
                     "The dependency " + name + " is nested deeper than " + std::to_string(kMaxDependencyDepth) +
                         " levels.");
    std::string fault = path_fs_fault(dep_dir, "cairn.toml", Want::File);
    if (!fault.empty())
      return fail_at(manifest_display, text, dep.line, 0,
                     "The dependency " + name + " (\"" + dep.text + "\") has no usable cairn.toml: it " + fault + ".");
    std::string dep_prefix = prefix + dep.text + "/";
    // A dependency's manifest is shown as the root manifest is: below the directory as given.
    if (!load(dep_dir, join_path(dep_dir, "cairn.toml"), join_path(root_dir_, dep_prefix + "cairn.toml"), dep_prefix,
              depth + 1))
      return false;
    done_.insert(canon);
    return true;
  }

  bool listed_path(const std::string& dir, const ManifestPath& p, Want want, const std::string& manifest_display,
                   const std::string& text) {
    std::string fault = path_fs_fault(dir, p.text, want);
    if (fault.empty()) return true;
    return fail_at(manifest_display, text, p.line, 0, "The path \"" + p.text + "\" " + fault + ".");
  }

  bool fail_at(const std::string& file, const std::string& text, uint32_t line, uint32_t col, std::string message) {
    err_.message = std::move(message);
    err_.file = file;
    err_.line = line;
    err_.source_line = line_of(text, line);
    size_t q1 = err_.message.find('"');
    size_t q2 = q1 == std::string::npos ? q1 : err_.message.find('"', q1 + 1);
    std::string needle = q2 == std::string::npos ? "" : err_.message.substr(q1 + 1, q2 - q1 - 1);
    err_.col = line == 0 ? 0 : (col ? col : column_for(err_.source_line, needle));
    return false;
  }
  bool fail_plain(std::string message) {
    err_ = LoadError{};
    err_.message = std::move(message);
    return false;
  }

  Project& out_;
  LoadError& err_;
  std::string root_dir_;
  std::set<std::string> stack_, done_, seen_sources_;
};

std::string parent_dir(const std::string& path) {
  size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

std::string stem(const std::string& path) {
  size_t slash = path.find_last_of('/');
  std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  return base.substr(0, base.size() - 6);  // without ".cairn"
}

}  // namespace

bool load_project(const std::string& path_in, Project& out, LoadError& err) {
  out = Project{};
  err = LoadError{};
  std::string path = path_in.empty() ? "." : path_in;
  std::string fault;
  PathKind kind = path_kind(path, fault);
  if (kind == PathKind::Fault) {
    err.message = "The path " + path + " " + fault + ".";
    return false;
  }
  if (kind == PathKind::Directory) {
    std::string manifest = join_path(path, "cairn.toml");
    struct stat mst;
    if (stat(manifest.c_str(), &mst) != 0) {
      err.message = errno == ENOENT ? "The directory " + path + " has no cairn.toml."
                                    : "The manifest " + manifest + " " + path_errno_fault(errno) + ".";
      return false;
    }
    out.manifest_display = manifest;
    return Loader(out, err, path).load(path, manifest, manifest, "", 0);
  }
  if (ends_with(path, ".cairn")) {
    out.single_file = true;
    out.name = stem(path);
    out.files.push_back(ProjectFile{path, path, false});
    return true;
  }
  out.manifest_display = path;
  std::string dir = parent_dir(path);
  return Loader(out, err, dir).load(dir, path, path, "", 0);
}

namespace {

// E-SOURCE-LIMIT, reached at `f`: nothing was read; the refusal names the file, line 1, column 1.
bool refuse_source_limit(const ProjectFile& f, LoadError& err) {
  err = LoadError{};
  err.source_limit = true;
  err.file = f.display_name;
  err.line = err.col = 1;
  err.message = "The sources together are larger than " + grouped(kMaxSourceBytes) + " bytes (reached at " +
                f.display_name + ").";
  return false;
}

}  // namespace

bool read_sources(const Project& project, SourceSet& sources, LoadError& err) {
  uint64_t total = 0;
  for (const ProjectFile& f : project.files) {
    struct stat st;
    if (stat(f.fs_path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) {
      total += static_cast<uint64_t>(st.st_size);
      if (total > kMaxSourceBytes) return refuse_source_limit(f, err);
    }
  }
  uint64_t budget = kMaxSourceBytes;
  for (const ProjectFile& f : project.files) {
    std::string text, fault;
    SourceRead read = read_source_file(f.fs_path, budget, text, fault);
    if (read == SourceRead::TooLarge) return refuse_source_limit(f, err);  // grown since the sizes were added up
    if (read != SourceRead::Ok) {
      err = LoadError{};
      err.message = "The source " + f.display_name + " " + fault + ".";
      return false;
    }
    budget -= text.size();
    sources.add(f.display_name, std::move(text), f.fs_path);
  }
  return true;
}

}  // namespace cairn::project
