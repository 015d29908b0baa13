// Scratch directories: mkdtemp under $TMPDIR (else /tmp).
#include "front/source/temp_dir.h"

#include <stdlib.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <vector>

namespace cairn {

std::string temp_root() {
  const char* t = std::getenv("TMPDIR");
  std::error_code ec;
  std::filesystem::path p = std::filesystem::absolute(t && *t ? t : "/tmp", ec);
  return ec ? std::string("/tmp") : p.string();
}

std::string make_temp_dir(const std::string& prefix, std::string& error) {
  std::string root = temp_root();
  std::string tmpl = root + "/" + prefix + "-XXXXXX";
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  if (!mkdtemp(buf.data())) {
    error = "Cannot create a scratch directory in " + root + ": " + std::strerror(errno) + ".";
    return "";
  }
  return buf.data();
}

}  // namespace cairn
