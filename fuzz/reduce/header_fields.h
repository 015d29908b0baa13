// Reading the comment lines of a kept case's header (case_file.cpp, fuzz/smt/smt_case.cpp).
#pragma once
#include <cstdint>
#include <string>

namespace cairn::fuzz {

// Whether `line` starts with `prefix`; `rest` is what follows.
inline bool take_prefix(const std::string& line, const std::string& prefix, std::string& rest) {
  if (line.rfind(prefix, 0) != 0) return false;
  rest = line.substr(prefix.size());
  return true;
}

// A decimal uint64_t and nothing else.
inline bool parse_u64(const std::string& s, uint64_t& v) {
  if (s.empty() || s.size() > 20 || s.find_first_not_of("0123456789") != std::string::npos) return false;
  try {
    v = std::stoull(s);
  } catch (...) {
    return false;
  }
  return true;
}

}  // namespace cairn::fuzz
