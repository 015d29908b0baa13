// The formatter tests' corpus and the whitespace perturbation (see corpus.h).
#include "corpus.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>

#include "front/diag/diagnostic.h"
#include "front/lex/lexer.h"
#include "front/source/source.h"

namespace cairn::testing {

namespace fs = std::filesystem;

std::string read_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<fs::path> fmt_corpus() {
  std::vector<fs::path> out;
  fs::path root = CAIRN_SOURCE_DIR;
  std::string cmd = "git -C '" + root.string() + "' ls-files -z -- '*.cairn' 2>/dev/null";
  if (FILE* p = popen(cmd.c_str(), "r")) {
    std::string name;
    int c;
    while ((c = std::fgetc(p)) != EOF) {
      if (c == 0) {
        out.push_back(root / name);
        name.clear();
      } else {
        name.push_back(static_cast<char>(c));
      }
    }
    pclose(p);
  }
  std::sort(out.begin(), out.end());
  fs::path shared = std::getenv("CAIRN_SHARED_DIR") ? fs::path(std::getenv("CAIRN_SHARED_DIR"))
                                                    : root / ".." / "shared";
  std::vector<fs::path> conf;
  if (fs::is_directory(shared / "conformance"))
    for (const auto& e : fs::recursive_directory_iterator(shared / "conformance"))
      if (e.path().extension() == ".cairn") conf.push_back(e.path());
  std::sort(conf.begin(), conf.end());
  out.insert(out.end(), conf.begin(), conf.end());
  return out;
}

namespace {

struct Element {
  uint32_t line, col;  // where it starts
  size_t begin, end;   // its bytes in the text
  bool comment;
  bool trailing_comment;
};

// Byte offset of (line, col) in text (columns are bytes; the first line starts after a byte-order mark).
std::vector<size_t> line_starts(const std::string& text, size_t bom) {
  std::vector<size_t> s{bom};
  for (size_t i = bom; i < text.size(); ++i)
    if (text[i] == '\n') s.push_back(i + 1);
  return s;
}

}  // namespace

namespace {

std::string perturb(const std::string& text, uint32_t seed, bool free_layout) {
  SourceSet sources;
  sources.add("perturb", text);
  DiagSink sink;
  lex::LexResult lexed = lex::lex_file(sources, 0, sink);
  if (!lexed.ok) return text;
  size_t bom = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
  std::vector<size_t> starts = line_starts(text, bom);
  std::vector<Element> els;
  for (size_t i = 0; i + 1 < lexed.tokens.size(); ++i) {
    const lex::Token& t = lexed.tokens[i];
    size_t b = starts[t.line - 1] + t.col - 1;
    els.push_back({t.line, t.col, b, b + t.text.size(), false, false});
  }
  for (const lex::Comment& c : lexed.comments) {
    size_t b = starts[c.line - 1] + c.col - 1;
    els.push_back({c.line, c.col, b, b + 2 + c.text.size(), true, !c.own_line});
  }
  std::sort(els.begin(), els.end(), [](const Element& a, const Element& b) { return a.begin < b.begin; });
  // gaps inside a block written on one line take no line break: mark them by brace matching
  std::vector<bool> no_break(els.size() + 1, false);
  std::vector<size_t> open;
  for (size_t i = 0; i < els.size(); ++i) {
    if (els[i].comment) continue;
    char c = text[els[i].begin];
    if (c == '{' && els[i].end - els[i].begin == 1) open.push_back(i);
    if (c == '}' && els[i].end - els[i].begin == 1 && !open.empty()) {
      size_t o = open.back();
      open.pop_back();
      if (els[o].line == els[i].line)
        for (size_t g = o + 1; g <= i; ++g) no_break[g] = true;
    }
  }
  size_t crlf = 0, lf = 0;
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') ++(i > 0 && text[i - 1] == '\r' ? crlf : lf);
  std::string eol = crlf > lf ? "\r\n" : "\n";
  std::mt19937 rng(seed);
  auto pick = [&](uint32_t n) { return static_cast<uint32_t>(rng() % n); };
  auto blanks = [&](uint32_t max) {
    std::string s;
    for (uint32_t k = pick(max + 1); k > 0; --k) s += pick(4) == 0 ? '\t' : ' ';
    return s;
  };
  std::string out = text.substr(0, bom);
  out += blanks(3);
  for (size_t i = 0; i < els.size(); ++i) {
    if (i > 0) {
      uint32_t newlines = els[i].line - els[i - 1].line;
      if (free_layout && newlines > 0 && !els[i - 1].comment && pick(4) == 0) {
        out += " " + blanks(2);  // join the lines
      } else if (newlines == 0) {
        bool may_break = free_layout ? pick(5) == 0 : !no_break[i] && !els[i].comment && pick(6) == 0;
        if (may_break) out += blanks(2) + eol + blanks(8);
        else out += (text[els[i - 1].end] == ' ' || text[els[i - 1].end] == '\t') ? " " + blanks(3) : blanks(2);
      } else {
        if (newlines >= 2 && pick(3) == 0) newlines += 1 + pick(3);
        for (uint32_t k = 0; k < newlines; ++k) out += blanks(3) + eol;
        out += blanks(10);
      }
    }
    out.append(text, els[i].begin, els[i].end - els[i].begin);
  }
  out += blanks(3) + eol;
  for (uint32_t k = pick(3); k > 0; --k) out += eol;
  return out;
}

}  // namespace

std::string perturb_whitespace(const std::string& text, uint32_t seed) { return perturb(text, seed, false); }
std::string perturb_layout(const std::string& text, uint32_t seed) { return perturb(text, seed, true); }

}  // namespace cairn::testing
