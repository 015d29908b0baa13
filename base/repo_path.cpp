// Repository-relative paths and file URIs for machine reports.
#include "base/repo_path.h"

#include <filesystem>
#include <system_error>

namespace cairn {

namespace fs = std::filesystem;

namespace {

fs::path resolved(const std::string& path) {
  std::error_code ec;
  fs::path abs = fs::absolute(path.empty() ? "." : path, ec);
  if (ec) return fs::path(path).lexically_normal();
  fs::path canon = fs::weakly_canonical(abs, ec);
  return ec ? abs.lexically_normal() : canon;
}

std::string without_trailing_slash(std::string s) {
  while (s.size() > 1 && s.back() == '/') s.pop_back();
  return s;
}

std::string encoded(const std::string& text) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                 c == '.' || c == '_' || c == '~' || c == '/';
    if (plain) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

}  // namespace

std::string repository_root(const std::string& dir) {
  fs::path at = resolved(dir);
  for (;;) {
    std::error_code ec;
    if (fs::exists(at / ".git", ec)) return without_trailing_slash(at.string());
    if (!at.has_parent_path() || at.parent_path() == at) return "";
    at = at.parent_path();
  }
}

std::string report_root() {
  std::string root = repository_root(".");
  return root.empty() ? without_trailing_slash(resolved(".").string()) : root;
}

std::string relative_to(const std::string& path, const std::string& root) {
  fs::path p = resolved(path), r = resolved(root);
  fs::path rel = p.lexically_relative(r);
  if (rel.empty() || *rel.begin() == "..") return p.generic_string();
  return rel.generic_string();
}

std::string directory_uri(const std::string& absolute_dir) {
  std::string dir = encoded(absolute_dir);
  if (dir.empty() || dir.back() != '/') dir += '/';
  return "file://" + dir;
}

std::string uri_path(const std::string& relative) { return encoded(relative); }

}  // namespace cairn
