// The reducer: line and token edits over the source text, each re-checked, greedily kept.
#include "fuzz/reduce/reduce.h"

#include <algorithm>
#include <chrono>
#include <set>

#include "front/diag/diagnostic.h"
#include "front/lex/lexer.h"
#include "fuzz/reduce/call_edits.h"
#include "fuzz/reduce/type_edits.h"

namespace cairn::fuzz {

namespace {

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return lines;
}

std::string join_without(const std::vector<std::string>& lines, size_t from, size_t to, size_t also_from = 1,
                         size_t also_to = 0) {
  std::string s;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (i >= from && i <= to) continue;
    if (i >= also_from && i <= also_to) continue;
    s += lines[i] + "\n";
  }
  return s;
}

int brace_balance(const std::string& line, bool& any) {
  int b = 0;
  bool in_string = false;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == '/' && i + 1 < line.size() && line[i + 1] == '/') break;
    else if (c == '{') ++b, any = true;
    else if (c == '}') --b, any = true;
  }
  return b;
}

// Whole blocks (a line opening braces to the line closing them), then block unwrapping, then single lines.
void line_candidates(const std::string& text, std::vector<std::string>& out) {
  std::vector<std::string> lines = split_lines(text);
  std::vector<int> balance(lines.size());
  std::vector<bool> braces(lines.size(), false);
  for (size_t i = 0; i < lines.size(); ++i) {
    bool any = false;
    balance[i] = brace_balance(lines[i], any);
    braces[i] = any;
  }
  std::vector<std::pair<size_t, size_t>> blocks;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (balance[i] <= 0) continue;
    int depth = 0;
    for (size_t j = i; j < lines.size(); ++j) {
      depth += balance[j];
      if (depth <= 0) {
        blocks.push_back({i, j});
        break;
      }
    }
  }
  for (auto [i, j] : blocks) out.push_back(join_without(lines, i, j));
  // Runs of consecutive lines whose braces balance (several statements at once), largest first, so a long body
  // shrinks in a few kept edits instead of one per line.
  for (size_t n = 32; n >= 2; n /= 2)
    for (size_t from = 0; from + n <= lines.size(); from += n) {
      int depth = 0;
      bool ok = true;
      for (size_t k = from; k < from + n && ok; ++k) ok = (depth += balance[k]) >= 0;
      if (ok && depth == 0) out.push_back(join_without(lines, from, from + n - 1));
    }
  for (auto [i, j] : blocks)
    if (j > i + 1) out.push_back(join_without(lines, i, i, j, j));
  for (size_t i = 0; i < lines.size(); ++i) {
    size_t first = lines[i].find_first_of("{}");
    bool whole = !braces[i] || (balance[i] == 0 && first != std::string::npos && lines[i][first] == '{');
    if (whole) out.push_back(join_without(lines, i, i));  // a statement, or an item written on one line
  }
}

bool is_operator_token(std::string_view text) {
  static const std::set<std::string_view> ops = {"+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "&&", "||",
                                                 "==", "!=", "<", "<=", ">", ">=", "+%", "-%", "*%", "!", "~"};
  return ops.count(text) > 0;
}

// A name, a field path (a.b.c) or a call (f(...)) in an expression replaced by a literal; the checker keeps the one
// of the right type.
void literal_candidates(const std::string& src, const std::vector<lex::Token>& tk, size_t i, std::vector<std::string>& out) {
  static const std::set<std::string_view> declaring = {"fn", "let", "mut", "struct", "enum", "for", ".", "reg", "each"};
  if (i >= 1 && declaring.count(tk[i - 1].text)) return;
  auto offset = [&](size_t k) { return static_cast<size_t>(tk[k].text.data() - src.data()); };
  size_t last = i;
  while (last + 2 < tk.size() && tk[last + 1].text == "." && tk[last + 2].kind == lex::TokKind::Ident) last += 2;
  if (last + 1 < tk.size() && (tk[last + 1].text == ":" || tk[last + 1].text == "[")) return;
  if (last + 1 < tk.size() && tk[last + 1].text == "(") {
    int depth = 0;
    for (size_t j = last + 1; j < tk.size(); ++j) {
      if (tk[j].text == "(") ++depth;
      if (tk[j].text == ")" && --depth == 0) {
        last = j;
        break;
      }
    }
  }
  size_t from = offset(i), to = offset(last) + tk[last].text.size();
  for (const char* lit : {"0", "false", "0.0"}) out.push_back(src.substr(0, from) + lit + src.substr(to));
}

// Token edits: the call edits (call_edits.h); an operator with its right or left operand token removed; parentheses
// dropped; literals shrunk; the type edits (type_edits.h).
void token_candidates(const std::string& text, std::vector<std::string>& out) {
  SourceSet sources;
  uint32_t id = sources.add("reduce.cairn", text);
  DiagSink sink;
  lex::LexResult lr = lex::lex_file(sources, id, sink);
  if (!lr.ok) return;
  const std::string& src = sources.file(id).text;
  auto offset = [&](const lex::Token& t) { return static_cast<size_t>(t.text.data() - src.data()); };
  auto cut = [&](size_t from, size_t to, const std::string& with) {
    out.push_back(src.substr(0, from) + with + src.substr(to));
  };
  const std::vector<lex::Token>& tk = lr.tokens;
  call_candidates(src, tk, out);
  for (size_t i = 0; i + 1 < tk.size(); ++i) {
    const lex::Token& t = tk[i];
    if (t.kind == lex::TokKind::Eof) break;
    if (is_operator_token(t.text)) {
      size_t right_end = offset(tk[i + 1]) + tk[i + 1].text.size();
      if (i >= 1 && i + 2 < tk.size()) cut(offset(tk[i - 1]) + tk[i - 1].text.size(), right_end, "");  // `a + b` -> `a`
      if (i >= 1) cut(offset(tk[i - 1]), offset(tk[i + 1]), "");                                // `a + b` -> `b`
      if (t.text == "-" || t.text == "!" || t.text == "~") cut(offset(t), offset(t) + t.text.size(), "");
    }
    if (t.text == "(" && i >= 1 && tk[i - 1].kind != lex::TokKind::Ident) {
      int depth = 0;
      for (size_t j = i; j < tk.size(); ++j) {
        if (tk[j].text == "(") ++depth;
        if (tk[j].text == ")" && --depth == 0) {
          out.push_back(src.substr(0, offset(t)) + src.substr(offset(t) + 1, offset(tk[j]) - offset(t) - 1) +
                        src.substr(offset(tk[j]) + 1));
          break;
        }
      }
    }
    if (t.text == "," && i >= 1 && i + 2 < tk.size()) {  // one element of a list: an import, an argument, a field
      cut(offset(t), offset(tk[i + 1]) + tk[i + 1].text.size(), "");          // `a, b` -> `a`
      cut(offset(tk[i - 1]), offset(tk[i + 1]), "");                           // `a, b` -> `b`
    }
    if (t.kind == lex::TokKind::Ident) literal_candidates(src, tk, i, out);
    if (t.kind == lex::TokKind::Int) {
      std::string lit(t.text);
      size_t digits_end = lit.find_first_not_of("0123456789xabcdefABCDEF_");
      std::string suffix = digits_end == std::string::npos ? "" : lit.substr(digits_end);
      std::string digits = lit.substr(0, digits_end);
      for (const char* small : {"0", "1"})
        if (digits != small) cut(offset(t), offset(t) + t.text.size(), small + suffix);
      if (digits.find_first_not_of("0123456789") == std::string::npos && digits.size() < 19) {
        unsigned long long v = std::stoull(digits);
        if (v > 2) cut(offset(t), offset(t) + t.text.size(), std::to_string(v / 2) + suffix);
      }
    }
  }
  type_candidates(src, tk, out);  // least shrinking, last: by then the program holds few types
}

}  // namespace

std::vector<std::string> reduction_candidates(const std::string& text) {
  std::vector<std::string> out;
  line_candidates(text, out);
  token_candidates(text, out);
  return out;
}

Reduction reduce_text(const std::string& text, const std::function<bool(const std::string&)>& accepts,
                      const FirstKept& first_kept, double budget_s, size_t width) {
  auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  Reduction r;
  r.text = text;
  std::set<std::string> tried;  // a text's verdict does not depend on the text it was cut from
  bool changed = true, out_of_time = false;
  size_t group_size = std::min<size_t>(width, 2);
  // Passes over the candidate list, a group at a time; after a kept edit the list is recomputed and the pass goes on
  // from the kept candidate's position (the edits before it were just refused).
  while (changed && !out_of_time) {
    changed = false;
    std::vector<std::string> candidates = reduction_candidates(r.text);
    size_t i = 0;
    while (i < candidates.size()) {
      if (elapsed() > budget_s) {
        out_of_time = true;
        break;
      }
      std::vector<std::string> group;
      std::vector<size_t> at;
      for (; i < candidates.size() && group.size() < group_size; ++i) {
        const std::string& c = candidates[i];
        if (c.size() > r.text.size() || (c.size() == r.text.size() && c >= r.text)) continue;  // only smaller texts
        if (!tried.insert(c).second || !accepts(c)) continue;
        group.push_back(c);
        at.push_back(i);
      }
      if (group.empty()) break;
      int k = first_kept(group);
      r.tried += k < 0 ? group.size() : static_cast<size_t>(k) + 1;
      // Groups grow while edits are refused and shrink to where the last kept one stood, so a run of kept edits
      // does not build candidates that are thrown away.
      group_size = k < 0 ? std::min(width, group_size * 2) : std::max<size_t>(1, static_cast<size_t>(k) + 1);
      if (k < 0) continue;
      r.text = group[static_cast<size_t>(k)];
      ++r.steps;
      changed = true;
      candidates = reduction_candidates(r.text);
      i = at[static_cast<size_t>(k)];
    }
  }
  r.minimal = !changed && !out_of_time;
  r.seconds = elapsed();
  return r;
}

}  // namespace cairn::fuzz
