// Integer values and escape decoding of literals (language.md §1.4).
#include "front/lex/literal.h"

namespace cairn::lex {

namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

bool int_literal_value(std::string_view text, uint64_t& value) {
  value = 0;
  bool hex = text.size() > 2 && text[0] == '0' && text[1] == 'x';
  uint64_t base = hex ? 16 : 10;
  for (size_t i = hex ? 2 : 0; i < text.size(); ++i) {
    int d = hex ? hex_digit(text[i]) : text[i] - '0';
    if (d < 0 || d >= static_cast<int>(base)) return false;
    if (value > (UINT64_MAX - static_cast<uint64_t>(d)) / base) {
      value = UINT64_MAX;
      return false;
    }
    value = value * base + static_cast<uint64_t>(d);
  }
  return true;
}

size_t escape_length(std::string_view body, size_t i) {
  if (i + 1 >= body.size()) return 0;
  switch (body[i + 1]) {
    case 'n': case 't': case 'r': case '0': case '\\': case '"': case '\'':
      return 2;
    case 'x':
      if (i + 3 < body.size() && hex_digit(body[i + 2]) >= 0 && hex_digit(body[i + 3]) >= 0) return 4;
      return 0;
    default:
      return 0;
  }
}

std::string unescape_literal(std::string_view body) {
  std::string out;
  out.reserve(body.size());
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\' || i + 1 >= body.size()) {
      out.push_back(c);
      continue;
    }
    char e = body[++i];
    switch (e) {
      case 'n': out.push_back('\n'); break;
      case 't': out.push_back('\t'); break;
      case 'r': out.push_back('\r'); break;
      case '0': out.push_back('\0'); break;
      case 'x':
        if (i + 2 < body.size() && hex_digit(body[i + 1]) >= 0 && hex_digit(body[i + 2]) >= 0) {
          out.push_back(static_cast<char>(hex_digit(body[i + 1]) * 16 + hex_digit(body[i + 2])));
          i += 2;
        } else {
          out.push_back('x');
        }
        break;
      default: out.push_back(e); break;
    }
  }
  return out;
}

}  // namespace cairn::lex
