// The reducer's edits on functions and calls, on the token stream: definitions and calls are found by their
// brackets, and every candidate is left to the checker (a wrong guess is a refused text, never a wrong result).
#include "fuzz/reduce/call_edits.h"

#include <algorithm>
#include <optional>

#include "fuzz/reduce/token_lists.h"

namespace cairn::fuzz {

namespace {

using Range = TokRange;

struct Call {
  size_t name = 0, close = 0;  // the callee's token and the closing parenthesis
  std::vector<Range> args;
};

struct Def {
  std::string name;
  size_t first = 0, last = 0;  // the item, `pub` or `fn` to its `;` or `}`
  std::vector<Range> params;
  std::vector<std::string> param_names;
  std::optional<Range> expr;  // the one returned expression, when the body is only that
};

class Calls {
 public:
  Calls(const std::string& src, const std::vector<lex::Token>& tk) : src_(src), tk_(tk) {}
  void candidates(std::vector<std::string>& out);

 private:
  size_t at(size_t k) const { return static_cast<size_t>(tk_[k].text.data() - src_.data()); }
  size_t end(size_t k) const { return at(k) + tk_[k].text.size(); }
  bool is(size_t k, std::string_view s) const { return k < tk_.size() && tk_[k].text == s; }
  std::string text(Range r) const { return src_.substr(at(r.first), end(r.second) - at(r.first)); }
  std::optional<size_t> closing(size_t open) const;
  std::vector<Range> split(size_t open, size_t close) const;
  std::optional<Def> def_at(size_t fn) const;
  std::string substituted(const Def& d, const Call& c) const;
  void inline_everywhere(const Def& d, const std::vector<Call>& calls, std::vector<std::string>& out) const;
  void drop_parameters(const Def& d, const std::vector<Call>& calls, std::vector<std::string>& out) const;

  const std::string& src_;
  const std::vector<lex::Token>& tk_;
};

std::optional<size_t> Calls::closing(size_t open) const { return closing_bracket(tk_, open); }

std::vector<Range> Calls::split(size_t open, size_t close) const { return comma_list(tk_, open, close); }

// A non-generic function definition starting at the `fn` token.
std::optional<Def> Calls::def_at(size_t fn) const {
  if (!is(fn + 2, "(") || tk_[fn + 1].kind != lex::TokKind::Ident) return std::nullopt;
  Def d;
  d.name = std::string(tk_[fn + 1].text);
  d.first = fn >= 1 && is(fn - 1, "pub") ? fn - 1 : fn;
  std::optional<size_t> close = closing(fn + 2);
  if (!close) return std::nullopt;
  d.params = split(fn + 2, *close);
  for (Range p : d.params) {
    size_t n = p.first + (is(p.first, "mut") ? 1 : 0);
    if (tk_[n].kind != lex::TokKind::Ident) return std::nullopt;
    d.param_names.push_back(std::string(tk_[n].text));
  }
  for (size_t k = *close + 1; k < tk_.size() && tk_[k].kind != lex::TokKind::Eof; ++k) {
    std::string_view t = tk_[k].text;
    if (t == "(" || t == "[") {
      std::optional<size_t> c = closing(k);
      if (!c) return std::nullopt;
      k = *c;
    } else if (t == "=") {  // fn f(..) -> T = E;
      size_t semi = k + 1;
      while (semi < tk_.size() && !is(semi, ";")) {
        if (is(semi, "(") || is(semi, "[") || is(semi, "{")) {
          std::optional<size_t> c = closing(semi);
          if (!c) return std::nullopt;
          semi = *c;
        }
        ++semi;
      }
      if (semi >= tk_.size() || semi == k + 1) return std::nullopt;
      d.expr = Range{k + 1, semi - 1};
      d.last = semi;
      return d;
    } else if (t == "{") {  // fn f(..) -> T { return E; } (or any other body: not inlined)
      std::optional<size_t> c = closing(k);
      if (!c) return std::nullopt;
      d.last = *c;
      if (is(k + 1, "return") && is(*c - 1, ";") && *c >= k + 4) {
        bool one = true;
        for (size_t j = k + 2; j + 1 < *c && one; ++j) {
          if (is(j, "(") || is(j, "[") || is(j, "{")) {
            std::optional<size_t> cj = closing(j);
            one = cj && *cj < *c - 1;
            if (one) j = *cj;
          } else if (is(j, ";")) {
            one = false;
          }
        }
        if (one) d.expr = Range{k + 2, *c - 2};
      }
      return d;
    } else if (t == ";" || t == "}") {
      return std::nullopt;
    }
  }
  return std::nullopt;
}

// The returned expression with each parameter (not a field name after `.`) replaced by its argument.
std::string Calls::substituted(const Def& d, const Call& c) const {
  std::string s = "(";
  for (size_t k = d.expr->first; k <= d.expr->second; ++k) {
    if (k > d.expr->first) s += src_.substr(end(k - 1), at(k) - end(k - 1));
    std::string word(tk_[k].text);
    size_t p = 0;
    while (p < d.param_names.size() && d.param_names[p] != word) ++p;
    bool param = tk_[k].kind == lex::TokKind::Ident && p < d.param_names.size() && !(k >= 1 && is(k - 1, "."));
    s += param ? "(" + text(c.args[p]) + ")" : word;
  }
  return s + ")";
}

// Every call of `d` replaced by its body, and `d` deleted; not when a call is inside `d` or inside another's
// arguments (the edits would overlap).
void Calls::inline_everywhere(const Def& d, const std::vector<Call>& calls, std::vector<std::string>& out) const {
  if (!d.expr || calls.empty()) return;
  size_t reach = 0;  // the furthest closing parenthesis of the calls so far
  for (size_t i = 0; i < calls.size(); ++i) {
    if (calls[i].args.size() != d.params.size()) return;
    if (calls[i].name >= d.first && calls[i].name <= d.last) return;
    if (i > 0 && calls[i].name <= reach) return;
    reach = std::max(reach, calls[i].close);
  }
  std::string s;
  size_t from = 0;
  auto copy_to = [&](size_t to) {
    s += src_.substr(from, to - from);
  };
  size_t def_from = at(d.first), def_to = end(d.last);
  if (def_to < src_.size() && src_[def_to] == '\n') ++def_to;
  bool def_done = false;
  for (const Call& c : calls) {
    if (!def_done && at(c.name) > def_from) {
      copy_to(def_from);
      from = def_to;
      def_done = true;
    }
    copy_to(at(c.name));
    s += substituted(d, c);
    from = end(c.close);
  }
  if (!def_done) {
    copy_to(def_from);
    from = def_to;
  }
  copy_to(src_.size());
  out.push_back(std::move(s));
}

// Per parameter: it and the matching argument of every call deleted.
void Calls::drop_parameters(const Def& d, const std::vector<Call>& calls, std::vector<std::string>& out) const {
  for (const Call& c : calls)
    if (c.args.size() != d.params.size()) return;
  size_t n = d.params.size();
  for (size_t p = 0; p < n; ++p) {
    // The element and a comma beside it: the next one's, or for the last element the previous one's.
    auto cut = [&](const std::vector<Range>& list) -> std::pair<size_t, size_t> {
      if (list.size() == 1) return {at(list[0].first), end(list[0].second)};
      if (p + 1 < list.size()) return {at(list[p].first), at(list[p + 1].first)};
      return {end(list[p - 1].second), end(list[p].second)};
    };
    std::vector<std::pair<size_t, size_t>> cuts = {cut(d.params)};
    for (const Call& c : calls) cuts.push_back(cut(c.args));
    std::sort(cuts.begin(), cuts.end());
    std::string s;
    size_t from = 0;
    for (auto [a, b] : cuts) {
      if (a < from && b <= from) continue;  // an argument inside an argument already cut
      if (a < from) return;
      s += src_.substr(from, a - from);
      from = b;
    }
    s += src_.substr(from);
    out.push_back(std::move(s));
  }
}

void Calls::candidates(std::vector<std::string>& out) {
  std::vector<Call> calls;
  std::vector<Def> defs;
  for (size_t k = 0; k + 1 < tk_.size() && tk_[k].kind != lex::TokKind::Eof; ++k) {
    if (is(k, "fn"))
      if (std::optional<Def> d = def_at(k)) defs.push_back(std::move(*d));
    if (tk_[k].kind != lex::TokKind::Ident || !is(k + 1, "(") || (k >= 1 && is(k - 1, "fn"))) continue;
    std::optional<size_t> close = closing(k + 1);
    if (!close) continue;
    Call c{k, *close, split(k + 1, *close)};
    if (c.args.empty() && *close != k + 2) continue;
    calls.push_back(std::move(c));
  }
  for (const Def& d : defs) {
    std::vector<Call> mine;
    for (const Call& c : calls)
      if (tk_[c.name].text == d.name) mine.push_back(c);
    inline_everywhere(d, mine, out);
    drop_parameters(d, mine, out);
  }
  for (const Call& c : calls)
    for (Range a : c.args) out.push_back(src_.substr(0, at(c.name)) + text(a) + src_.substr(end(c.close)));
}

}  // namespace

void call_candidates(const std::string& src, const std::vector<lex::Token>& tokens, std::vector<std::string>& out) {
  Calls(src, tokens).candidates(out);
}

}  // namespace cairn::fuzz
