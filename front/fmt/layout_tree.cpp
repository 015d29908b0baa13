// Builds the formatter's tree: token roles (borrow brackets, prefix and binary operators), then blocks of
// statements, each comment placed where it was met.
#include "front/fmt/layout_tree.h"

namespace cairn::fmt {

namespace {

using lex::Comment;
using lex::Token;
using lex::TokKind;

// A token after which a `-` is subtraction and a `(` or `[` is a call, index or argument list.
bool ends_operand(TokKind k, Role r) {
  switch (k) {
    case TokKind::Ident: case TokKind::Splice: case TokKind::Int: case TokKind::Float: case TokKind::Char:
    case TokKind::String: case TokKind::True: case TokKind::False: case TokKind::RParen: case TokKind::RBracket:
      return true;
    case TokKind::Greater: return r == Role::AngleClose;
    default: return false;
  }
}

bool is_binary_spelling(TokKind k) {
  switch (k) {
    case TokKind::FatArrow: case TokKind::Arrow: case TokKind::EqEq: case TokKind::NotEq: case TokKind::LessEq:
    case TokKind::GreaterEq: case TokKind::AndAnd: case TokKind::OrOr: case TokKind::PlusEq: case TokKind::MinusEq:
    case TokKind::StarEq: case TokKind::SlashEq: case TokKind::PercentEq: case TokKind::AmpEq: case TokKind::PipeEq:
    case TokKind::CaretEq: case TokKind::Plus: case TokKind::Star: case TokKind::Slash: case TokKind::Percent:
    case TokKind::Assign: case TokKind::Amp: case TokKind::Pipe: case TokKind::Caret: case TokKind::Less:
    case TokKind::Greater:
      return true;
    default: return false;
  }
}

std::vector<Role> assign_roles(const std::vector<Token>& toks) {
  std::vector<Role> roles(toks.size(), Role::Plain);
  std::vector<int> angles;  // bracket depth at each open borrow `<`
  int depth = 0;
  bool import_list = false;  // in an import, before its name list
  for (size_t i = 0; i < toks.size(); ++i) {
    TokKind k = toks[i].kind;
    TokKind prev = i ? toks[i - 1].kind : TokKind::Eof;
    if (prev == TokKind::Eof || prev == TokKind::Semi || prev == TokKind::LBrace || prev == TokKind::RBrace)
      import_list = k == TokKind::Import;
    if (k == TokKind::LParen && import_list) {
      roles[i] = Role::ListOpen;
      import_list = false;
      ++depth;
      continue;
    }
    Role prev_role = i ? roles[i - 1] : Role::Plain;
    if (k == TokKind::LParen || k == TokKind::LBracket) ++depth;
    if ((k == TokKind::RParen || k == TokKind::RBracket) && depth > 0) {
      --depth;
      while (!angles.empty() && angles.back() > depth) angles.pop_back();
    }
    if (k == TokKind::LBrace || k == TokKind::RBrace || k == TokKind::Semi) angles.clear(), depth = 0;
    if (k == TokKind::Less && (prev == TokKind::Ro || prev == TokKind::Rw)) {
      roles[i] = Role::AngleOpen;
      angles.push_back(depth);
    } else if (k == TokKind::Greater && !angles.empty() && angles.back() == depth) {
      roles[i] = Role::AngleClose;
      angles.pop_back();
    } else if (k == TokKind::Minus) {
      roles[i] = ends_operand(prev, prev_role) || prev == TokKind::Reduce ? Role::Binary : Role::Unary;
    } else if (k == TokKind::Bang || k == TokKind::Tilde) {
      roles[i] = prev == TokKind::Reduce ? Role::Binary : Role::Unary;
    } else if (is_binary_spelling(k)) {
      roles[i] = Role::Binary;
    }
  }
  return roles;
}

class Builder {
 public:
  Builder(Tree& tree) : t_(tree), toks_(*tree.tokens), coms_(*tree.comments) {}

  void file() {
    t_.blocks.emplace_back();
    body(0);
  }

 private:
  Tree& t_;
  const std::vector<Token>& toks_;
  const std::vector<Comment>& coms_;
  size_t ti_ = 0, ci_ = 0;

  bool done() const { return ti_ >= toks_.size() && ci_ >= coms_.size(); }
  // Whether the next element is a comment (comments and tokens never share a position).
  bool comment_next() const {
    if (ci_ >= coms_.size()) return false;
    if (ti_ >= toks_.size()) return true;
    const Comment& c = coms_[ci_];
    const Token& k = toks_[ti_];
    return c.line < k.line || (c.line == k.line && c.col < k.col);
  }
  const Token& tok() const { return toks_[ti_]; }
  uint32_t prev_line() const {  // the line of the last element taken
    uint32_t l = 0;
    if (ti_ > 0) l = toks_[ti_ - 1].line;
    if (ci_ > 0 && coms_[ci_ - 1].line > l) l = coms_[ci_ - 1].line;
    return l;
  }
  bool trailing_comment_next() const { return comment_next() && !coms_[ci_].own_line; }

  Atom take_comment() { return Atom{Atom::Kind::Comment, static_cast<uint32_t>(ci_++)}; }
  Atom take_token() { return Atom{Atom::Kind::Token, static_cast<uint32_t>(ti_++)}; }

  // The entries of block `b` up to its `}` (taken) or the end of the file.
  void body(uint32_t b) {
    bool top = b == 0;
    if (!top && trailing_comment_next()) t_.blocks[b].head_comment = static_cast<uint32_t>(ci_++);
    for (;;) {
      if (done()) break;
      if (!comment_next() && tok().kind == TokKind::RBrace && !top) {
        t_.blocks[b].close = static_cast<uint32_t>(ti_++);
        break;
      }
      Entry e;
      if (comment_next()) {
        e.is_comment = true;
        e.comment = static_cast<uint32_t>(ci_);
        e.first_line = coms_[ci_].line;
        ++ci_;
      } else {
        e.first_line = tok().line;
        stmt(e.stmt);
      }
      e.last_line = prev_line();
      t_.blocks[b].entries.push_back(std::move(e));
    }
    Block& blk = t_.blocks[b];
    blk.last_line = prev_line();
    if (!top && blk.close != Block::kNone && toks_[blk.open].line == toks_[blk.close].line) {
      blk.one_line = blk.head_comment == Block::kNone;
      for (const Entry& e : blk.entries)
        for (const Atom& a : e.stmt.atoms)
          if (e.is_comment || a.kind == Atom::Kind::Comment ||
              (a.kind == Atom::Kind::Block && !t_.blocks[a.index].one_line))
            blk.one_line = false;
      if (!blk.entries.empty() && blk.entries.back().is_comment) blk.one_line = false;
    }
  }

  // One statement: up to `;`, or up to the `}` of a block it holds unless `else` or `;` follows.
  void stmt(Stmt& s) {
    for (;;) {
      if (done()) return;
      if (comment_next()) {
        s.atoms.push_back(take_comment());
        continue;
      }
      TokKind k = tok().kind;
      if (k == TokKind::RBrace) {
        if (s.atoms.empty()) s.atoms.push_back(take_token());  // a stray `}` at file level
        return;
      }
      if (k == TokKind::Semi) {
        s.atoms.push_back(take_token());
        if (trailing_comment_next()) s.atoms.push_back(take_comment());
        return;
      }
      if (k != TokKind::LBrace) {
        s.atoms.push_back(take_token());
        continue;
      }
      uint32_t b = static_cast<uint32_t>(t_.blocks.size());
      t_.blocks.emplace_back();
      t_.blocks[b].open = static_cast<uint32_t>(ti_++);
      s.atoms.push_back(Atom{Atom::Kind::Block, b});
      body(b);
      if (t_.blocks[b].close == Block::kNone) return;
      // comments after the `}`: the statement goes on only when `else` or `;` is the next token
      size_t save_c = ci_;
      while (comment_next()) ++ci_;
      bool goes_on = ti_ < toks_.size() && (tok().kind == TokKind::Else || tok().kind == TokKind::Semi);
      ci_ = save_c;
      if (goes_on) continue;
      if (trailing_comment_next()) s.atoms.push_back(take_comment());
      return;
    }
  }
};

}  // namespace

Tree build_tree(const std::vector<Token>& tokens, const std::vector<Comment>& comments) {
  Tree t;
  t.tokens = &tokens;
  t.comments = &comments;
  t.roles = assign_roles(tokens);
  Builder(t).file();
  return t;
}

}  // namespace cairn::fmt
