// The manifest TOML subset reader: a hand-written scanner that refuses everything it does not know.
#include "front/project/toml.h"

#include <set>

namespace cairn::project {

namespace {

bool is_bare_key_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

// Length of the valid UTF-8 sequence at s[i], or 0 when it is not one.
size_t utf8_length(std::string_view s, size_t i) {
  unsigned char c = static_cast<unsigned char>(s[i]);
  if (c < 0x80) return 1;
  size_t n = 0;
  uint32_t cp = 0;
  if ((c & 0xE0) == 0xC0) n = 2, cp = c & 0x1F;
  else if ((c & 0xF0) == 0xE0) n = 3, cp = c & 0x0F;
  else if ((c & 0xF8) == 0xF0) n = 4, cp = c & 0x07;
  else return 0;
  if (i + n > s.size()) return 0;
  for (size_t k = 1; k < n; ++k) {
    unsigned char d = static_cast<unsigned char>(s[i + k]);
    if ((d & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (d & 0x3F);
  }
  if ((n == 2 && cp < 0x80) || (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) || cp > 0x10FFFF ||
      (cp >= 0xD800 && cp <= 0xDFFF))
    return 0;
  return n;
}

void append_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

class Reader {
 public:
  Reader(std::string_view text, TomlError& err) : s_(text), err_(err) {}

  bool document(TomlDoc& out) {
    if (s_.substr(0, 3) == "\xEF\xBB\xBF") advance(3);
    out.tables.push_back(TomlTable{"", 1, {}});
    std::set<std::string> tables{""};
    while (true) {
      if (!skip_blank_and_comments_across_lines()) return false;
      if (at_end()) return true;
      if (peek() == '[') {
        if (!header(out, tables)) return false;
      } else {
        if (!entry(out.tables.back())) return false;
      }
      if (!end_of_line()) return false;
    }
  }

 private:
  bool at_end() const { return i_ >= s_.size(); }
  char peek(size_t k = 0) const { return i_ + k < s_.size() ? s_[i_ + k] : '\0'; }
  void advance(size_t n = 1) {
    for (size_t k = 0; k < n && i_ < s_.size(); ++k, ++i_) {
      if (s_[i_] == '\n') ++line_, col_ = 1;
      else ++col_;
    }
  }
  bool fail(std::string message) {
    err_.line = line_;
    err_.col = col_;
    err_.message = std::move(message);
    return false;
  }
  void skip_spaces() {
    while (peek() == ' ' || peek() == '\t') advance();
  }
  // A comment runs to the line end; its characters must be printable or tab.
  bool skip_comment() {
    if (peek() != '#') return true;
    while (!at_end() && peek() != '\n' && peek() != '\r') {
      if (!checked_char("a comment")) return false;
    }
    return true;
  }
  bool newline() {
    if (peek() == '\n') return advance(), true;
    if (peek() == '\r' && peek(1) == '\n') return advance(2), true;
    return false;
  }
  // Skips spaces, comments and line ends; false when a comment holds a refused character.
  bool skip_blank_and_comments_across_lines() {
    while (true) {
      skip_spaces();
      if (!skip_comment()) return false;
      if (!newline()) return true;
    }
  }
  bool end_of_line() {
    skip_spaces();
    if (!skip_comment()) return false;
    if (at_end() || newline()) return true;
    if (peek() == '\r') return fail("A carriage return must be followed by a line feed.");
    return fail("Unexpected text after the value; one key or table per line.");
  }
  // Consumes one character of a comment or string, refusing control characters and invalid UTF-8.
  bool checked_char(const char* where) {
    unsigned char c = static_cast<unsigned char>(peek());
    if ((c < 0x20 && c != '\t') || c == 0x7F)
      return fail(std::string("A control character is not allowed in ") + where + ".");
    size_t n = utf8_length(s_, i_);
    if (n == 0) return fail("The manifest is not valid UTF-8.");
    advance(n);
    return true;
  }

  bool header(TomlDoc& out, std::set<std::string>& tables) {
    uint32_t line = line_;
    advance();
    if (peek() == '[') return fail("Arrays of tables ([[...]]) are not part of a manifest.");
    skip_spaces();
    std::string name;
    if (!key(name)) return false;
    skip_spaces();
    if (peek() == '.') return fail("Dotted table names are not part of a manifest.");
    if (peek() != ']') return fail("Expected ']' to close the table header.");
    advance();
    if (!tables.insert(name).second) return fail("The table [" + name + "] is written twice.");
    out.tables.push_back(TomlTable{name, line, {}});
    return true;
  }

  bool key(std::string& out) {
    if (peek() == '"') return basic_string(out, "a key");
    if (peek() == '\'') return literal_string(out, "a key");
    size_t start = i_;
    while (is_bare_key_char(peek())) advance();
    if (i_ == start) return fail("Expected a key (letters, digits, '_' or '-').");
    out = std::string(s_.substr(start, i_ - start));
    return true;
  }

  bool entry(TomlTable& table) {
    TomlEntry e;
    e.line = line_;
    e.col = col_;
    if (!key(e.key)) return false;
    skip_spaces();
    if (peek() == '.') return fail("Dotted keys are not part of a manifest.");
    if (peek() != '=') return fail("Expected '=' after the key " + e.key + ".");
    advance();
    skip_spaces();
    for (const auto& other : table.entries)
      if (other.key == e.key) return fail("The key " + e.key + " is written twice.");
    if (!value(e.key, e.value)) return false;
    table.entries.push_back(std::move(e));
    return true;
  }

  bool value(const std::string& key, TomlValue& v) {
    v.line = line_;
    v.col = col_;
    char c = peek();
    if (c == '"' || c == '\'') {
      v.kind = TomlValue::Kind::String;
      return string_value(v.str);
    }
    if (c == '[') {
      v.kind = TomlValue::Kind::Array;
      return array(v);
    }
    if (c == '{') return fail("The key " + key + " has an inline table; a manifest holds strings and arrays of strings only.");
    if (at_end() || c == '\n' || c == '\r' || c == '#') return fail("The key " + key + " has no value after '='.");
    return fail("The key " + key + " has a value that is not a string; a manifest holds strings and arrays of strings only (write text in double quotes).");
  }

  bool string_value(std::string& out) {
    if (s_.substr(i_, 3) == "\"\"\"" || s_.substr(i_, 3) == "'''")
      return fail("Multi-line strings are not part of a manifest.");
    return peek() == '"' ? basic_string(out, "a string") : literal_string(out, "a string");
  }

  bool array(TomlValue& v) {
    advance();  // [
    while (true) {
      if (!skip_blank_and_comments_across_lines()) return false;
      if (at_end()) return fail("The array is not closed with ']'.");
      if (peek() == ']') return advance(), true;
      if (peek() == '[') return fail("Nested arrays are not part of a manifest.");
      if (peek() != '"' && peek() != '\'') return fail("An array in a manifest holds strings only.");
      uint32_t line = line_;
      std::string item;
      if (!string_value(item)) return false;
      v.items.push_back(std::move(item));
      v.item_lines.push_back(line);
      if (!skip_blank_and_comments_across_lines()) return false;
      if (peek() == ',') {
        advance();
        continue;
      }
      if (peek() == ']') return advance(), true;
      return fail("Expected ',' or ']' in the array.");
    }
  }

  bool literal_string(std::string& out, const char* what) {
    advance();
    while (peek() != '\'') {
      if (at_end() || peek() == '\n' || peek() == '\r')
        return fail(std::string("The end of the line came before the end of ") + what + ".");
      size_t start = i_;
      if (!checked_char("a string")) return false;
      out.append(s_.substr(start, i_ - start));
    }
    advance();
    return true;
  }

  bool basic_string(std::string& out, const char* what) {
    advance();
    while (peek() != '"') {
      if (at_end() || peek() == '\n' || peek() == '\r')
        return fail(std::string("The end of the line came before the end of ") + what + ".");
      if (peek() == '\\') {
        if (!escape(out)) return false;
        continue;
      }
      size_t start = i_;
      if (!checked_char("a string")) return false;
      out.append(s_.substr(start, i_ - start));
    }
    advance();
    return true;
  }

  bool escape(std::string& out) {
    advance();  // backslash
    char c = peek();
    switch (c) {
      case '"': out += '"'; break;
      case '\\': out += '\\'; break;
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case 'r': out += '\r'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'u':
      case 'U': return unicode_escape(out, c == 'u' ? 4 : 8);
      default: return fail("Unknown escape in a string.");
    }
    advance();
    return true;
  }

  bool unicode_escape(std::string& out, int digits) {
    advance();
    uint32_t cp = 0;
    for (int k = 0; k < digits; ++k) {
      char d = peek();
      int v = (d >= '0' && d <= '9') ? d - '0' : (d >= 'a' && d <= 'f') ? d - 'a' + 10
                                              : (d >= 'A' && d <= 'F') ? d - 'A' + 10 : -1;
      if (v < 0) return fail("A \\u escape needs hexadecimal digits.");
      cp = cp * 16 + static_cast<uint32_t>(v);
      advance();
    }
    if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return fail("A \\u escape names no character.");
    append_utf8(out, cp);
    return true;
  }

  std::string_view s_;
  TomlError& err_;
  size_t i_ = 0;
  uint32_t line_ = 1, col_ = 1;
};

}  // namespace

bool parse_toml(std::string_view text, TomlDoc& out, TomlError& err) {
  out = TomlDoc{};
  Reader r(text, err);
  return r.document(out);
}

}  // namespace cairn::project
