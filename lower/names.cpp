// Symbol mangling and C++ string literals for the lowering.
#include "lower/names.h"

#include <cstdio>

namespace cairn::lower {

std::string mangle(const std::string& name) {
  std::string out;
  for (unsigned char c : name) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
      out += static_cast<char>(c);
      continue;
    }
    switch (c) {
      case '_': out += "__"; break;
      case '.': out += "_d"; break;
      case '[': out += "_b"; break;
      case ']': out += "_e"; break;
      case ',': out += "_c"; break;
      case ' ': out += "_s"; break;
      default: {
        char buf[8];
        std::snprintf(buf, sizeof buf, "_x%02X", c);
        out += buf;
      }
    }
  }
  return out;
}

std::string cpp_string(const std::string& bytes) {
  std::string out = "\"";
  for (unsigned char c : bytes) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c >= 0x20 && c < 0x7F && c != '?') {
      out += static_cast<char>(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\%03o", c);
      out += buf;
    }
  }
  return out + "\"";
}

}  // namespace cairn::lower
