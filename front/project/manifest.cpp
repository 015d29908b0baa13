// Checking a manifest's tables, keys and values against the table of language.md §14.4.
#include "front/project/manifest.h"

#include <set>

#include "front/project/toml.h"

namespace cairn::project {

bool valid_project_name(std::string_view name) {
  if (name.empty() || name.size() > 64) return false;
  auto alpha = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); };
  if (!alpha(name[0])) return false;
  for (char c : name.substr(1))
    if (!alpha(c) && !(c >= '0' && c <= '9') && c != '_' && c != '-') return false;
  return true;
}

std::string path_syntax_fault(std::string_view path) {
  if (path.empty()) return "is empty";
  if (path.size() > 4096) return "is longer than 4096 bytes";
  if (path[0] == '/') return "is absolute; every path is relative to the project directory";
  if (path.find('\\') != std::string_view::npos) return "contains '\\'; paths use '/'";
  if (path.find('\0') != std::string_view::npos) return "contains a NUL byte";
  size_t start = 0;
  while (true) {
    size_t slash = path.find('/', start);
    std::string_view seg = path.substr(start, slash == std::string_view::npos ? std::string_view::npos : slash - start);
    if (seg.empty()) return "has an empty segment";
    if (seg == ".") return "has a '.' segment";
    if (seg == "..") return "has a '..' segment; every path stays inside the project directory";
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  return "";
}

namespace {

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

class Checker {
 public:
  Checker(Manifest& m, ManifestError& err) : m_(m), err_(err) {}

  bool run(const TomlDoc& doc) {
    const TomlTable* project = nullptr;
    for (const TomlTable& t : doc.tables) {
      if (t.name.empty()) {
        if (!t.entries.empty())
          return fail(t.entries[0].line, t.entries[0].col,
                      "The key " + t.entries[0].key + " is outside any table; keys belong under [project], [build], [dependencies] or [allow].");
      } else if (t.name == "project") {
        project = &t;
        if (!project_table(t)) return false;
      } else if (t.name == "build") {
        if (!build_table(t)) return false;
      } else if (t.name == "dependencies") {
        if (!dependencies_table(t)) return false;
      } else if (t.name == "allow") {
        if (!allow_table(t)) return false;
      } else if (t.name == "foreign") {
        return fail(t.line, 1, "The table [foreign] declares foreign code, a Stage 2 feature.");
      } else {
        return fail(t.line, 1, "Unknown table [" + t.name + "]; a manifest has [project], [build], [dependencies] and [allow].");
      }
    }
    if (!project) return fail(0, 0, "The manifest has no [project] table.");
    if (m_.name.empty()) return fail(project->line, 1, "The [project] table has no name.");
    if (!have_sources_) return fail(project->line, 1, "The [project] table has no sources.");
    return kind_and_target();
  }

 private:
  bool fail(uint32_t line, uint32_t col, std::string message) {
    err_.line = line;
    err_.col = col;
    err_.message = std::move(message);
    return false;
  }
  bool want_string(const TomlEntry& e, const std::string& where) {
    if (e.value.kind == TomlValue::Kind::String) return true;
    return fail(e.value.line, e.value.col, "The key " + where + " takes a string.");
  }
  bool want_array(const TomlEntry& e, const std::string& where) {
    if (e.value.kind == TomlValue::Kind::Array) return true;
    return fail(e.value.line, e.value.col, "The key " + where + " takes an array of strings.");
  }

  bool project_table(const TomlTable& t) {
    for (const TomlEntry& e : t.entries) {
      if (e.key == "name") {
        if (!want_string(e, "project.name")) return false;
        if (!valid_project_name(e.value.str))
          return fail(e.value.line, e.value.col,
                      "The project name \"" + e.value.str + "\" does not match [A-Za-z][A-Za-z0-9_-]{0,63}.");
        m_.name = e.value.str;
      } else if (e.key == "sources") {
        if (!want_array(e, "project.sources") || !path_list(e, "project.sources", ".cairn", 1, kMaxSources, m_.sources))
          return false;
        have_sources_ = true;
      } else if (e.key == "tests") {
        if (!want_array(e, "project.tests") || !path_list(e, "project.tests", ".json", 0, kMaxTests, m_.tests))
          return false;
      } else if (e.key == "device_target") {
        return fail(e.line, e.col, "The key project.device_target names a device target, a Stage 2 feature.");
      } else {
        return fail(e.line, e.col, "Unknown key project." + e.key + "; [project] has name, sources and tests.");
      }
    }
    return true;
  }

  bool path_list(const TomlEntry& e, const std::string& where, std::string_view suffix, size_t min, size_t max,
                 std::vector<ManifestPath>& out) {
    const auto& items = e.value.items;
    if (items.size() < min)
      return fail(e.value.line, e.value.col, "The key " + where + " lists no path; it needs at least one.");
    if (items.size() > max)
      return fail(e.value.line, e.value.col,
                  "The key " + where + " lists " + std::to_string(items.size()) + " paths; at most " +
                      std::to_string(max) + " are allowed.");
    std::set<std::string> seen;
    for (size_t i = 0; i < items.size(); ++i) {
      uint32_t line = e.value.item_lines[i];
      std::string fault = path_syntax_fault(items[i]);
      if (!fault.empty()) return fail(line, 0, "The path \"" + items[i] + "\" in " + where + " " + fault + ".");
      if (!ends_with(items[i], suffix) || items[i].size() == suffix.size() || ends_with(items[i], "/" + std::string(suffix)))
        return fail(line, 0, "The path \"" + items[i] + "\" in " + where + " must name a " + std::string(suffix) + " file.");
      if (!seen.insert(items[i]).second)
        return fail(line, 0, "The path \"" + items[i] + "\" is listed twice in " + where + ".");
      out.push_back(ManifestPath{items[i], line});
    }
    return true;
  }

  bool build_table(const TomlTable& t) {
    for (const TomlEntry& e : t.entries) {
      if (e.key == "kind") {
        if (!want_string(e, "build.kind")) return false;
        if (e.value.str != "exe" && e.value.str != "library")
          return fail(e.value.line, e.value.col, "The key build.kind is \"exe\" or \"library\", not \"" + e.value.str + "\".");
        m_.kind = e.value.str;
        kind_line_ = e.value.line;
      } else if (e.key == "arch") {
        if (!want_string(e, "build.arch")) return false;
        if (e.value.str != "baseline" && !(e.value.str == "x86-64" && host_is_x86_64()))
          return fail(e.value.line, e.value.col,
                      "The key build.arch names no profile this toolchain lists (\"" + e.value.str + "\"); use \"baseline\".");
        m_.arch = e.value.str;
        arch_line_ = e.value.line;
      } else if (e.key == "target") {
        if (!want_string(e, "build.target")) return false;
        if (e.value.str != "hosted" && e.value.str != "aarch64-virt")
          return fail(e.value.line, e.value.col,
                      "The key build.target is \"hosted\" or \"aarch64-virt\", not \"" + e.value.str + "\".");
        m_.target = e.value.str;
      } else if (e.key == "libraries") {
        if (!want_array(e, "build.libraries")) return false;
        if (!e.value.items.empty())
          return fail(e.value.line, e.value.col, "The key build.libraries links foreign code, a Stage 2 feature.");
      } else if (e.key == "device_target") {
        return fail(e.line, e.col, "The key build.device_target names a device target, a Stage 2 feature.");
      } else {
        return fail(e.line, e.col, "Unknown key build." + e.key + "; [build] has kind, arch, target and libraries.");
      }
    }
    return true;
  }

  bool dependencies_table(const TomlTable& t) {
    for (const TomlEntry& e : t.entries) {
      if (!valid_project_name(e.key))
        return fail(e.line, e.col, "The dependency name \"" + e.key + "\" does not match [A-Za-z][A-Za-z0-9_-]{0,63}.");
      if (!want_string(e, "dependencies." + e.key)) return false;
      std::string fault = path_syntax_fault(e.value.str);
      if (!fault.empty())
        return fail(e.value.line, e.value.col, "The path \"" + e.value.str + "\" of dependencies." + e.key + " " + fault + ".");
      m_.dependencies.push_back({e.key, ManifestPath{e.value.str, e.value.line}});
    }
    return true;
  }

  // [allow]: `FUNCTION = "REASON"`, the function's qualified name (quoted when it holds a dot), a reason of 1 to
  // 500 characters on one line.
  bool allow_table(const TomlTable& t) {
    for (const TomlEntry& e : t.entries) {
      if (e.key.empty() || e.key.size() > 256 || e.key.find_first_of(" \t\r\n\"") != std::string::npos)
        return fail(e.line, e.col, "The [allow] key \"" + e.key + "\" is not a function name.");
      if (!want_string(e, "allow." + e.key)) return false;
      if (e.value.str.empty() || e.value.str.size() > 500 || e.value.str.find_first_of("\r\n") != std::string::npos)
        return fail(e.value.line, e.value.col, "The reason of allow." + e.key + " takes 1 to 500 characters on one line.");
      m_.allow.push_back({e.key, e.value.str, e.line, e.col});
    }
    return true;
  }

  bool kind_and_target() {
    if (m_.target != "aarch64-virt") return true;
    if (m_.kind && *m_.kind != "exe")
      return fail(kind_line_, 0, "The target aarch64-virt builds only kind \"exe\".");
    if (m_.arch != "baseline")
      return fail(arch_line_, 0, "The target aarch64-virt takes only arch \"baseline\".");
    return true;
  }

  static bool host_is_x86_64() {
#if defined(__x86_64__)
    return true;
#else
    return false;
#endif
  }

  Manifest& m_;
  ManifestError& err_;
  bool have_sources_ = false;
  uint32_t kind_line_ = 0, arch_line_ = 0;
};

}  // namespace

bool read_manifest(std::string_view text, Manifest& out, ManifestError& err) {
  out = Manifest{};
  TomlDoc doc;
  TomlError terr;
  if (!parse_toml(text, doc, terr)) {
    err.line = terr.line;
    err.col = terr.col;
    err.message = terr.message;
    return false;
  }
  return Checker(out, err).run(doc);
}

}  // namespace cairn::project
