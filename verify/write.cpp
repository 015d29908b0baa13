// Query files: named by their digest, so writing one twice gives the same file and concurrent writers agree.
#include "verify/write.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "base/atomic_file.h"

namespace cairn::smt {

bool keep_query(const std::optional<std::string>& dir, const std::string& sha256, const std::string& text,
                std::string& file, std::string& error) {
  std::string where;
  if (dir) {
    where = *dir;
    if (::mkdir(where.c_str(), 0777) != 0 && errno != EEXIST) {
      error = "Cannot create the query directory " + where + ": " + std::strerror(errno) + ".";
      return false;
    }
    file = where + "/" + sha256 + ".smt2";
  } else {
    const char* t = std::getenv("TMPDIR");
    where = t && *t ? t : "/tmp";
    file = where + "/cairn-" + sha256.substr(0, 8) + ".smt2";
  }
  return write_file_atomic(file, text, error);
}

}  // namespace cairn::smt
