// The layout: two-space indentation; each statement of a block written over several lines on its own line;
// a block written on one line kept there when its line fits; a comment kept after the token it followed or on
// its own line; a line longer than the width broken after a comma or `=`, or before a binary operator.
#include "front/fmt/render.h"

#include <set>

#include "front/fmt/spacing.h"

namespace cairn::fmt {

uint32_t columns(const std::string& s) {
  uint32_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

namespace {

using lex::TokKind;
constexpr uint32_t kNone = Block::kNone;
constexpr int kContinuation = 4;  // extra indent of a statement's wrapped lines

// One unit of a line: a token, or a block written inline.
struct Piece {
  std::string text;
  uint32_t first_tok = 0, last_tok = 0;
  int depth = 0;              // parentheses and brackets open around it
  bool break_before = false;  // the line may break before it
  int rank = 0;               // among break points of one depth, the lower the better
  uint32_t block = kNone;     // the inline block it renders
};

// The rank of a break before a binary operator: the loosest-binding operator first (language.md §2.5).
int operator_rank(TokKind k) {
  switch (k) {
    case TokKind::OrOr: return 2;
    case TokKind::AndAnd: return 3;
    case TokKind::Plus: case TokKind::Minus: return 5;
    case TokKind::Star: case TokKind::Slash: case TokKind::Percent: return 6;
    default: return 4;  // | ^ & == != < <= > >=
  }
}

// `effects`, `pure`, `implements`, `when` and `tune`: the clauses after a signature, where its header breaks first.
bool clause_word(const lex::Token& t) {
  return t.kind == TokKind::Effects || t.kind == TokKind::Pure || lex::is_word(t, lex::ContextWord::Implements) ||
         lex::is_word(t, lex::ContextWord::When) || lex::is_word(t, lex::ContextWord::Tune);
}

bool breaks_after(TokKind k) {
  switch (k) {
    case TokKind::Comma: case TokKind::Assign: case TokKind::PlusEq: case TokKind::MinusEq: case TokKind::StarEq:
    case TokKind::SlashEq: case TokKind::PercentEq: case TokKind::AmpEq: case TokKind::PipeEq: case TokKind::CaretEq:
    case TokKind::FatArrow:
      return true;
    default: return false;
  }
}

class Renderer {
 public:
  Renderer(const Tree& t, uint32_t width, std::vector<std::string>& out)
      : t_(t), toks_(*t.tokens), width_(width), out_(out) {}

  void block_body(uint32_t b, int indent) {
    const Block& blk = t_.blocks[b];
    uint32_t prev_last = 0;
    bool first = true;
    for (const Entry& e : blk.entries) {
      if (!first && e.first_line > prev_last + 1) out_.emplace_back();
      first = false;
      if (e.is_comment) out_.push_back(spaces(indent) + comment_text(e.comment));
      else stmt(e.stmt, indent);
      prev_last = e.last_line;
    }
  }

 private:
  const Tree& t_;
  const std::vector<lex::Token>& toks_;
  uint32_t width_;
  std::vector<std::string>& out_;
  std::set<uint32_t> expand_;  // one-line blocks that did not fit and are laid out over several lines

  static std::string spaces(int n) { return std::string(static_cast<size_t>(n), ' '); }

  std::string comment_text(uint32_t c) const {
    std::string_view text = (*t_.comments)[c].text;
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r' ||
                             text.back() == '\f' || text.back() == '\v'))
      text.remove_suffix(1);
    return "//" + std::string(text);
  }

  bool is_comment(const Atom& a) const { return a.kind == Atom::Kind::Comment; }
  bool own_line(const Atom& a) const { return (*t_.comments)[a.index].own_line; }
  uint32_t first_token(const Atom& a) const {
    return a.kind == Atom::Kind::Block ? t_.blocks[a.index].open : a.index;
  }

  // A statement: segments of tokens and blocks, split where a comment forces a line end.
  void stmt(const Stmt& s, int indent) {
    const std::vector<Atom>& atoms = s.atoms;
    size_t i = 0;
    bool first = true;
    while (i < atoms.size()) {
      size_t own_start = i;
      while (i < atoms.size() && is_comment(atoms[i]) && own_line(atoms[i])) ++i;
      size_t j = i;
      while (j < atoms.size() && !is_comment(atoms[j])) ++j;
      int seg_indent = indent;
      if (!first && i < j) {
        TokKind k = toks_[first_token(atoms[i])].kind;
        if (k != TokKind::LBrace && k != TokKind::RBrace && k != TokKind::Else) seg_indent += kContinuation;
      } else if (!first) {
        seg_indent += kContinuation;
      }
      for (size_t c = own_start; c < i; ++c) out_.push_back(spaces(seg_indent) + comment_text(atoms[c].index));
      uint32_t trailing = kNone;
      if (j < atoms.size() && !own_line(atoms[j])) trailing = atoms[j].index;
      if (i < j) segment(atoms, i, j, indent, seg_indent, trailing);
      else if (trailing != kNone) out_.push_back(spaces(seg_indent) + comment_text(trailing));
      i = j + (trailing != kNone ? 1 : 0);
      first = false;
    }
  }

  // atoms[i, j): laid out with its one-line blocks inline; those on a run that does not fit are expanded, again.
  void segment(const std::vector<Atom>& atoms, size_t i, size_t j, int indent, int seg_indent, uint32_t trailing) {
    size_t mark = out_.size();
    for (;;) {
      std::vector<uint32_t> misfits;
      layout(atoms, i, j, indent, seg_indent, trailing, misfits);
      if (misfits.empty()) return;
      out_.resize(mark);
      for (uint32_t b : misfits) expand_.insert(b);
    }
  }

  bool inline_block(uint32_t b) const { return t_.blocks[b].one_line && !expand_.count(b); }

  void layout(const std::vector<Atom>& atoms, size_t i, size_t j, int indent, int seg_indent, uint32_t trailing,
              std::vector<uint32_t>& misfits) {
    std::vector<Piece> run;
    int run_indent = seg_indent, depth = 0;
    for (size_t k = i; k < j; ++k) {
      const Atom& a = atoms[k];
      if (a.kind == Atom::Kind::Token) {
        run.push_back(token_piece(a.index, depth, run));
        continue;
      }
      const Block& blk = t_.blocks[a.index];
      if (inline_block(a.index)) {
        Piece p;
        p.text = inline_text(a.index);
        p.first_tok = blk.open;
        p.last_tok = blk.close;
        p.depth = depth;
        p.block = a.index;
        run.push_back(std::move(p));
        continue;
      }
      run.push_back(token_piece(blk.open, depth, run));
      if (!flush(run, run_indent, indent, blk.head_comment, misfits)) return;
      block_body(a.index, indent + 2);
      run.clear();
      run_indent = indent;
      depth = 0;
      if (blk.close != kNone) run.push_back(token_piece(blk.close, depth, run));
    }
    flush(run, run_indent, indent, trailing, misfits);
  }

  Piece token_piece(uint32_t ti, int& depth, const std::vector<Piece>& run) const {
    const lex::Token& tk = toks_[ti];
    Piece p;
    p.text = std::string(tk.text);
    p.first_tok = p.last_tok = ti;
    if (tk.kind == TokKind::RParen || tk.kind == TokKind::RBracket) depth = depth > 0 ? depth - 1 : 0;
    p.depth = depth;
    if (tk.kind == TokKind::LParen || tk.kind == TokKind::LBracket) ++depth;
    if (!run.empty()) {
      TokKind prev = toks_[run.back().last_tok].kind;
      TokKind head = toks_[run.front().first_tok].kind;
      if (run.back().block == kNone && breaks_after(prev)) {
        p.break_before = true;
        p.rank = prev == TokKind::Comma ? 1 : 7;  // after `=` only when no operator of its depth breaks the line
        p.depth = run.back().depth;
      } else if (t_.roles[ti] == Role::Binary && !breaks_after(tk.kind) && tk.kind != TokKind::Arrow) {
        p.break_before = true;
        p.rank = operator_rank(tk.kind);
      } else if (depth == 0 && clause_word(tk) && (head == TokKind::Fn || head == TokKind::Pub) &&
                 prev != TokKind::Dot) {
        p.break_before = true;
        p.rank = 0;
      }
    }
    return p;
  }

  // The text of a one-line block: `{ a; b; }`, or `{ }`.
  std::string inline_text(uint32_t b) const {
    const Block& blk = t_.blocks[b];
    std::string s = "{";
    for (const Entry& e : blk.entries) {
      s += ' ';
      uint32_t prev = kNone;
      for (const Atom& a : e.stmt.atoms) {
        uint32_t first = first_token(a);
        if (prev != kNone && space_between(t_, prev, first)) s += ' ';
        if (a.kind == Atom::Kind::Block) {
          s += inline_text(a.index);
          prev = t_.blocks[a.index].close;
        } else {
          s += toks_[a.index].text;
          prev = a.index;
        }
      }
    }
    return s + " }";
  }

  static std::string join(const Tree& t, const std::vector<Piece>& run, size_t from, size_t to) {
    std::string s;
    for (size_t k = from; k < to; ++k) {
      if (k > from && space_between(t, run[k - 1].last_tok, run[k].first_tok)) s += ' ';
      s += run[k].text;
    }
    return s;
  }

  // Writes a run as one line, or wrapped; false (nothing written) when an inline block on it must expand.
  bool flush(const std::vector<Piece>& run, int first_indent, int indent, uint32_t trailing,
             std::vector<uint32_t>& misfits) {
    if (run.empty()) {
      if (trailing != kNone) out_.push_back(spaces(first_indent) + comment_text(trailing));
      return true;
    }
    std::string whole = spaces(first_indent) + join(t_, run, 0, run.size());
    if (columns(whole) > width_) {
      for (const Piece& p : run)
        if (p.block != kNone) misfits.push_back(p.block);
      if (!misfits.empty()) return false;
      wrap(run, first_indent, indent + kContinuation);
    } else {
      out_.push_back(std::move(whole));
    }
    if (trailing != kNone) out_.back() += " " + comment_text(trailing);
    return true;
  }

  // Greedy: each line takes pieces until the next would pass the width, then breaks at the shallowest break
  // point on it (the last of those), so a wrapped line keeps its parentheses' contents together when it can.
  void wrap(const std::vector<Piece>& run, int first_indent, int cont_indent) {
    size_t start = 0;
    int line_indent = first_indent;
    while (start < run.size()) {
      uint32_t used = static_cast<uint32_t>(line_indent);
      size_t best = 0, k = start;
      bool have = false;
      for (; k < run.size(); ++k) {
        uint32_t add = columns(run[k].text);
        if (k > start && space_between(t_, run[k - 1].last_tok, run[k].first_tok)) ++add;
        if (k > start && run[k].break_before &&
            (!have || run[k].depth < run[best].depth ||
             (run[k].depth == run[best].depth && run[k].rank <= run[best].rank))) {
          best = k;
          have = true;
        }
        if (k > start && have && used + add > width_) break;
        used += add;
      }
      if (k == run.size()) best = k;
      out_.push_back(spaces(line_indent) + join(t_, run, start, best));
      start = best;
      line_indent = cont_indent;
    }
  }
};

}  // namespace

std::vector<std::string> render(const Tree& tree, uint32_t width) {
  std::vector<std::string> lines;
  Renderer(tree, width, lines).block_body(0, 0);
  return lines;
}

}  // namespace cairn::fmt
