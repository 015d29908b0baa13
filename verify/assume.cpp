// Preconditions: the SYM=EXPR words, and the function appended to the reference so the checker judges the
// expression (a bad one is refused with its diagnostic) and the encoder evaluates it over the same inputs.
#include "verify/assume.h"

#include <cctype>

namespace cairn::smt {

namespace {

bool plain_name(const std::string& s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  for (char ch : s)
    if (!(std::isalnum(static_cast<unsigned char>(ch)) || ch == '_')) return false;
  return true;
}

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// The byte offset of a 1-based line and column in `text`.
size_t offset_of(const std::string& text, uint32_t line, uint32_t col) {
  size_t off = 0;
  for (uint32_t l = 1; l < line && off < text.size(); ++l) {
    size_t nl = text.find('\n', off);
    if (nl == std::string::npos) return text.size();
    off = nl + 1;
  }
  return off + (col ? col - 1 : 0);
}

// The text between the '(' after the function's name and its matching ')'.
std::optional<std::string> parameter_text(const std::string& text, size_t name_at) {
  size_t open = text.find('(', name_at);
  if (open == std::string::npos) return std::nullopt;
  int depth = 0;
  for (size_t i = open; i < text.size(); ++i) {
    if (text[i] == '(') ++depth;
    if (text[i] == ')' && --depth == 0) return text.substr(open + 1, i - open - 1);
  }
  return std::nullopt;
}

}  // namespace

bool parse_assume(const std::string& text, AssumeArg& out, std::string& error) {
  size_t eq = text.find('=');
  if (eq == std::string::npos) {
    error = "--assume takes SYM=EXPR, not \"" + text + "\".";
    return false;
  }
  out.symbol = trim(text.substr(0, eq));
  out.expr = trim(text.substr(eq + 1));
  if (!plain_name(out.symbol)) {
    error = "--assume \"" + text + "\" does not begin with a function name before '='.";
    return false;
  }
  if (out.expr.empty()) {
    error = "--assume \"" + text + "\" has no expression after '='.";
    return false;
  }
  return true;
}

bool parse_assumes(const std::vector<std::string>& texts, std::vector<AssumeArg>& out, std::string& error) {
  out.clear();
  for (const std::string& t : texts) {
    AssumeArg a;
    if (!parse_assume(t, a, error)) return false;
    if (find_assume(out, a.symbol)) {
      error = "--assume names " + a.symbol + " twice; give at most one precondition per function.";
      return false;
    }
    out.push_back(a);
  }
  return true;
}

const AssumeArg* find_assume(const std::vector<AssumeArg>& assumes, const std::string& symbol) {
  for (const AssumeArg& a : assumes)
    if (a.symbol == symbol) return &a;
  return nullptr;
}

std::string assume_text(const std::vector<AssumeArg>& assumes, const std::string& symbol) {
  const AssumeArg* a = find_assume(assumes, symbol);
  return a ? a->expr : "true";
}

std::optional<Precondition> precondition_source(const std::string& source, const check::FnInfo& fn,
                                                const std::string& expr,
                                                const std::vector<const check::FnInfo*>& taken) {
  if (!fn.name_pos.valid()) return std::nullopt;
  std::optional<std::string> params = parameter_text(source, offset_of(source, fn.name_pos.line, fn.name_pos.col));
  if (!params) return std::nullopt;
  Precondition p;
  // A fresh name: the function's own, suffixed until no declared function has it.
  for (unsigned n = 0;; ++n) {
    p.name = "assume_" + fn.name + (n ? "_" + std::to_string(n) : "");
    bool used = false;
    for (const check::FnInfo* f : taken) used = used || f->name == p.name;
    if (!used) break;
  }
  // The expression on a line of its own: a `//` in it cannot comment out the closing brace.
  p.source = "\nfn " + p.name + "(" + *params + ") -> bool {\n  return (" + expr + "\n  );\n}\n";
  return p;
}

}  // namespace cairn::smt
