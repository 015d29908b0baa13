// The human form of a refusal (tools.md §1.4): header, place, source line with a caret, help, note.
#include <string_view>

#include "front/diag/report.h"

namespace cairn::diag {

namespace {

struct Style {
  bool on;
  std::string_view error() const { return on ? "\033[1;31m" : ""; }
  std::string_view bold() const { return on ? "\033[1m" : ""; }
  std::string_view gutter() const { return on ? "\033[1;34m" : ""; }
  std::string_view reset() const { return on ? "\033[0m" : ""; }
};

bool ident_char(unsigned char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

// How many bytes the token at `col` spans: a word or number, a string, a two-byte operator, else 1.
size_t token_width(std::string_view line, size_t start) {
  if (start >= line.size()) return 1;
  unsigned char c = static_cast<unsigned char>(line[start]);
  size_t i = start;
  if (ident_char(c)) {
    while (i < line.size() && (ident_char(static_cast<unsigned char>(line[i])) || line[i] == '.') &&
           !(line[i] == '.' && i + 1 < line.size() && line[i + 1] == '.'))
      ++i;
    if (i > start && line[i - 1] == '.') --i;
    return i - start;
  }
  if (c == '"') {
    for (i = start + 1; i < line.size(); ++i) {
      if (line[i] == '\\') ++i;
      else if (line[i] == '"') return i - start + 1;
    }
    return line.size() - start;
  }
  static constexpr std::string_view kTwo[] = {"==", "!=", "<=", ">=", "&&", "||", "->", "=>", "..", "<<",
                                              ">>", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^="};
  for (std::string_view op : kTwo)
    if (line.substr(start, 2) == op) return 2;
  return 1;
}

// The line as shown: control bytes become '?' so a hostile source cannot drive the terminal.
std::string printable(std::string_view line) {
  std::string out;
  out.reserve(line.size());
  for (char ch : line) {
    unsigned char c = static_cast<unsigned char>(ch);
    out += ((c < 0x20 && c != '\t') || c == 0x7F) ? '?' : ch;
  }
  return out;
}

// Spaces under the bytes before the caret: tabs stay tabs, a UTF-8 character takes one column.
std::string caret_padding(std::string_view line, size_t upto) {
  std::string pad;
  for (size_t i = 0; i < upto && i < line.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(line[i]);
    if (c == '\t') pad += '\t';
    else if ((c & 0xC0) != 0x80) pad += ' ';
  }
  if (upto > line.size()) pad.append(upto - line.size(), ' ');
  return pad;
}

void render_one(std::string& out, const Located& l, const Style& s) {
  out += std::string(s.error()) + "error[" + std::string(code_name(l.code)) + "]" + std::string(s.reset()) +
         std::string(s.bold()) + ": " + l.message + std::string(s.reset()) + "\n";
  std::string num = std::to_string(l.line);
  std::string pad(l.has_pos ? num.size() : 1, ' ');
  if (!l.file.empty()) {
    out += pad + std::string(s.gutter()) + "--> " + std::string(s.reset()) + l.file;
    if (l.has_pos) out += ":" + num + ":" + std::to_string(l.column);
    out += "\n";
  }
  if (l.has_pos) {
    std::string bar = std::string(s.gutter()) + "|" + std::string(s.reset());
    out += pad + " " + bar + "\n";
    out += std::string(s.gutter()) + num + " |" + std::string(s.reset()) + " " + printable(l.source_line) + "\n";
    size_t start = l.column > 0 ? l.column - 1 : 0;
    out += pad + " " + bar + " " + caret_padding(l.source_line, start) + std::string(s.error()) +
           std::string(token_width(l.source_line, start), '^') + std::string(s.reset()) + "\n";
  }
  if (l.help) out += pad + " " + std::string(s.bold()) + "= help:" + std::string(s.reset()) + " " + *l.help + "\n";
  out += pad + " " + std::string(s.bold()) + "= note:" + std::string(s.reset()) + " the " +
         std::string(card_name(code_card(l.code))) + " card states this rule: cairn rules " +
         std::string(code_name(l.code)) + "\n";
}

std::string plural(uint32_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

}  // namespace

std::string render_human(const Refusal& r, bool colour) {
  Style s{colour};
  std::string out;
  render_one(out, r.first, s);
  for (const Located& l : r.further) {
    out += "\n";
    render_one(out, l, s);
  }
  if (r.environment) return out;
  out += "\n" + std::string(s.error()) + "refused" + std::string(s.reset()) + ": " +
         plural(r.total(), "refusal", "refusals");
  if (r.further_omitted > 0) out += " (" + std::to_string(r.further_omitted) + " not shown)";
  if (r.not_judged > 0) out += ", " + plural(r.not_judged, "function", "functions") + " not judged";
  if (r.further_stopped) out += "; the check stopped at " + *r.further_stopped;
  out += "\n";
  return out;
}

}  // namespace cairn::diag
