// The human form of a refusal (tools.md §1.4): header, place, source line with a caret, help, note.
#include <algorithm>
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

// A source line longer than kLongLine code points is shown as a window of kWindow code points around the caret
// (kBefore of them before it where the line allows), "..." marking each side that was cut. Cuts fall between
// code points, never inside a UTF-8 sequence.
constexpr size_t kLongLine = 200, kWindow = 160, kBefore = 60;
constexpr std::string_view kCut = "...";

struct Shown {
  std::string_view text;  // the part of the line shown
  size_t caret = 0;       // the caret's byte offset in `text` (past its end for a place after the line)
  bool cut_before = false, cut_after = false;
};

bool lead_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }

Shown shown_part(std::string_view line, size_t caret) {
  size_t points = 0, caret_point = 0;
  for (size_t i = 0; i < line.size(); ++i)
    if (lead_byte(line[i])) {
      if (i < caret) ++caret_point;
      ++points;
    }
  if (points <= kLongLine) return Shown{line, caret, false, false};
  if (caret > line.size()) caret_point += caret - line.size();  // a place past the end of the line
  size_t first = caret_point > kBefore ? caret_point - kBefore : 0;
  size_t limit = std::max(points, caret_point + 1);  // the positions there are: a place past the end is one more
  if (first + kWindow > limit) first = limit > kWindow ? limit - kWindow : 0;
  size_t last = first + kWindow;  // one past the last code point shown
  size_t begin = line.size(), end = line.size();
  for (size_t i = 0, point = 0; i < line.size(); ++i) {
    if (!lead_byte(line[i])) continue;
    if (point == first) begin = i;
    if (point == last) {
      end = i;
      break;
    }
    ++point;
  }
  return Shown{line.substr(begin, end - begin), caret - begin, begin > 0, end < line.size()};
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
    size_t start = l.column > 0 ? l.column - 1 : 0;
    Shown part = shown_part(l.source_line, start);
    size_t width = token_width(l.source_line, start);
    if (part.cut_after && part.caret < part.text.size()) width = std::min(width, part.text.size() - part.caret);
    out += std::string(s.gutter()) + num + " |" + std::string(s.reset()) + " " +
           std::string(part.cut_before ? kCut : "") + printable(part.text) + std::string(part.cut_after ? kCut : "") +
           "\n";
    out += pad + " " + bar + " " + std::string(part.cut_before ? kCut.size() : 0, ' ') +
           caret_padding(part.text, part.caret) + std::string(s.error()) + std::string(width, '^') +
           std::string(s.reset()) + "\n";
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
