// Canonical emission (tools.md §4.2): the function's C++ as tokens, two local identities applied, its own
// symbol and site table as placeholders, callees under their OLD names, locals and temporaries renumbered in
// order of first appearance, and the definitions of the types and tables it names appended, sorted by name.
#include "diff/canonical.h"

#include <cctype>
#include <set>
#include <vector>

namespace cairn::diff {

namespace {

using Tokens = std::vector<std::string>;

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// C++ text as tokens: identifiers and numbers, string and character literals, `::` and `->`, single
// punctuation. Whitespace and line breaks do not change code, so they are dropped.
Tokens tokenize(const std::string& s) {
  Tokens out;
  size_t i = 0;
  while (i < s.size()) {
    char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (ident_char(c)) {
      size_t j = i;
      while (j < s.size() && ident_char(s[j])) ++j;
      out.push_back(s.substr(i, j - i));
      i = j;
    } else if (c == '"' || c == '\'') {
      size_t j = i + 1;
      while (j < s.size() && s[j] != c) j += s[j] == '\\' ? 2 : 1;
      j = std::min(j + 1, s.size());
      out.push_back(s.substr(i, j - i));
      i = j;
    } else if (i + 1 < s.size() && ((c == ':' && s[i + 1] == ':') || (c == '-' && s[i + 1] == '>'))) {
      out.push_back(s.substr(i, 2));
      i += 2;
    } else {
      out.push_back(std::string(1, c));
      ++i;
    }
  }
  return out;
}

bool at(const Tokens& t, size_t i, std::initializer_list<const char*> want) {
  size_t k = i;
  for (const char* w : want) {
    if (k >= t.size() || t[k] != w) return false;
    ++k;
  }
  return true;
}

bool is_numbered(const std::string& tok, char prefix) {
  if (tok.size() < 2 || tok[0] != prefix) return false;
  for (size_t i = 1; i < tok.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(tok[i]))) return false;
  return true;
}

size_t count_of(const Tokens& t, const std::string& tok) {
  size_t n = 0;
  for (const std::string& x : t) n += x == tok ? 1 : 0;
  return n;
}

// Identity 1: `cr::View<uint8_t> lN = cr::str("...", K);` with lN read exactly once is inlined at its use.
void inline_string_locals(Tokens& t) {
  for (size_t i = 0; i + 14 < t.size(); ++i) {
    if (!at(t, i, {"cr", "::", "View", "<", "uint8_t", ">"}) || !is_numbered(t[i + 6], 'l')) continue;
    if (!at(t, i + 7, {"=", "cr", "::", "str", "("}) || t[i + 12][0] != '"' || t[i + 13] != ",") continue;
    if (i + 16 >= t.size() || t[i + 15] != ")" || t[i + 16] != ";") continue;
    const std::string local = t[i + 6];
    if (count_of(t, local) != 2) continue;
    Tokens value(t.begin() + static_cast<long>(i + 8), t.begin() + static_cast<long>(i + 16));
    t.erase(t.begin() + static_cast<long>(i), t.begin() + static_cast<long>(i + 17));
    for (size_t k = i; k < t.size(); ++k)
      if (t[k] == local) {
        t.erase(t.begin() + static_cast<long>(k));
        t.insert(t.begin() + static_cast<long>(k), value.begin(), value.end());
        break;
      }
    --i;
  }
}

// The arguments of the call whose `(` is at `open`, split at depth-0 commas; `close` gets its `)`.
std::vector<Tokens> call_args(const Tokens& t, size_t open, size_t& close) {
  std::vector<Tokens> args(1);
  int depth = 0;
  for (size_t k = open + 1; k < t.size(); ++k) {
    const std::string& x = t[k];
    if (x == "(" || x == "[" || x == "{") ++depth;
    if (x == ")" || x == "]" || x == "}") {
      if (depth == 0) {
        close = k;
        return args;
      }
      --depth;
    }
    if (x == "," && depth == 0) {
      args.emplace_back();
      continue;
    }
    args.back().push_back(x);
  }
  close = t.size();
  return {};
}

// Identity 2: subtracting a zero offset from an extent, `cr_sub<uint64_t>(E, uint64_t(0ull), ...)`, is E.
void drop_zero_offsets(Tokens& t) {
  for (size_t i = 0; i + 4 < t.size(); ++i) {
    if ((t[i] != "cr_sub" && t[i] != "cr_sub_nc") || !at(t, i + 1, {"<", "uint64_t", ">", "("})) continue;
    size_t close = 0;
    std::vector<Tokens> args = call_args(t, i + 4, close);
    if (args.size() < 2 || args[1] != Tokens{"uint64_t", "(", "0ull", ")"} || close >= t.size()) continue;
    Tokens e = args[0];
    t.erase(t.begin() + static_cast<long>(i), t.begin() + static_cast<long>(close + 1));
    t.insert(t.begin() + static_cast<long>(i), e.begin(), e.end());
  }
}

bool is_site_table(const std::string& sym) { return sym.rfind("K_", 0) == 0; }

void rename_symbols(Tokens& t, const std::string& self, const std::map<std::string, std::string>& callees) {
  std::map<char, std::map<std::string, std::string>> numbered;
  for (std::string& x : t) {
    if (x == self) {
      x = "@self";
    } else if (is_site_table(x)) {
      x = "@sites";
    } else if (auto it = callees.find(x); it != callees.end()) {
      x = it->second;
    } else if (is_numbered(x, 'l') || is_numbered(x, 't')) {
      auto& m = numbered[x[0]];
      auto [pos, added] = m.emplace(x, std::string(1, x[0]) + std::to_string(m.size()));
      x = pos->second;
    }
  }
}

std::string joined(const Tokens& t) {
  std::string s;
  for (const std::string& x : t) {
    if (!s.empty()) s += ' ';
    s += x;
  }
  return s;
}

// Every struct and table `text` names, transitively, sorted by name; a site table by its entry count.
std::string definitions(const lower::Lowered& low, const lower::Function& fn) {
  std::set<std::string> named, work(fn.depends.begin(), fn.depends.end());
  while (!work.empty()) {
    std::string sym = *work.begin();
    work.erase(work.begin());
    auto it = low.definitions.find(sym);
    if (it == low.definitions.end() || !named.insert(sym).second) continue;
    if (is_site_table(sym)) continue;
    for (const std::string& x : tokenize(it->second))
      if (x != sym && low.definitions.count(x) && !named.count(x)) work.insert(x);
  }
  std::string out;
  for (const std::string& sym : named) {
    const std::string& text = low.definitions.at(sym);
    if (is_site_table(sym)) {
      Tokens t = tokenize(text);
      out += "\n@sites [ " + std::to_string(count_of(t, "{") - 1) + " ]";
    } else {
      out += "\n" + joined(tokenize(text));
    }
  }
  return out;
}

}  // namespace

std::string canonical_text(const lower::Lowered& low, const lower::Function& fn,
                           const std::map<std::string, std::string>& callee_names) {
  Tokens t = tokenize(fn.text);
  inline_string_locals(t);
  drop_zero_offsets(t);
  rename_symbols(t, fn.symbol, callee_names);
  return joined(t) + definitions(low, fn);
}

std::string without_guards(const std::string& canonical) {
  Tokens t = tokenize(canonical);
  Tokens out;
  for (size_t i = 0; i < t.size(); ++i) {
    // `, & @sites [ N ]`: the site argument of a guarded operation.
    if (at(t, i, {",", "&", "@", "sites", "["}) && i + 6 < t.size() && t[i + 6] == "]") {
      i += 6;
      continue;
    }
    if (at(t, i, {"@", "sites", "["}) && i + 4 < t.size() && t[i + 4] == "]") {
      i += 4;
      continue;
    }
    std::string x = t[i];
    if (x.rfind("cr_", 0) == 0 && x.size() > 3 && x.compare(x.size() - 3, 3, "_nc") == 0) x.resize(x.size() - 3);
    out.push_back(x);
  }
  return joined(out);
}

}  // namespace cairn::diff
