// The reducer's edits on types, on the token stream: records are found by their braces, bindings of a record type
// by the tokens around their names, and every candidate is left to the checker (a wrong guess is a refused text).
#include "fuzz/reduce/type_edits.h"

#include <algorithm>
#include <optional>
#include <set>
#include <string_view>
#include <utility>

#include "fuzz/reduce/token_lists.h"

namespace cairn::fuzz {

namespace {

struct Edit {
  size_t from = 0, to = 0;  // bytes of the source
  std::string with;
};

struct Field {
  size_t name = 0, semi = 0;  // the field's name token and its `;`
  TokRange type{0, 0};        // its type's tokens
  bool extent = false;        // a field extent follows the type
};

struct Record {
  std::string name;
  size_t first = 0, close = 0;  // the item (`pub`, `linear` or `struct`) to its `}`
  std::vector<Field> fields;
};

struct Use {
  size_t name = 0, close = 0;  // the record's name and the `)` of its argument list
  bool unpack = false;         // `let R(a, b) = v;`
  std::vector<TokRange> args;
};

class Types {
 public:
  Types(const std::string& src, const std::vector<lex::Token>& tk) : src_(src), tk_(tk), n_(0) {
    while (n_ < tk_.size() && tk_[n_].kind != lex::TokKind::Eof) ++n_;
  }
  void candidates(std::vector<std::string>& out) const;

 private:
  size_t at(size_t k) const { return static_cast<size_t>(tk_[k].text.data() - src_.data()); }
  size_t end(size_t k) const { return at(k) + tk_[k].text.size(); }
  bool is(size_t k, std::string_view s) const { return k < tk_.size() && tk_[k].text == s; }
  bool ident(size_t k) const { return k < tk_.size() && tk_[k].kind == lex::TokKind::Ident; }
  size_t count() const { return n_; }  // the tokens before Eof
  std::string text(TokRange r) const { return src_.substr(at(r.first), end(r.second) - at(r.first)); }
  std::string applied(std::vector<Edit> edits) const;
  std::optional<size_t> type_end(size_t first) const;
  std::optional<Record> record_at(size_t strukt) const;
  std::optional<std::vector<Use>> uses_of(const Record& r) const;
  std::set<std::pair<size_t, std::string>> bound_to(const std::string& type) const;
  void unwrap(const Record& r, const std::vector<Use>& uses, std::vector<std::string>& out) const;
  void drop_fields(const Record& r, const std::vector<Use>& uses, std::vector<std::string>& out) const;
  void borrows(std::vector<std::string>& out) const;
  void scalar_merges(std::vector<std::string>& out) const;

  const std::string& src_;
  const std::vector<lex::Token>& tk_;
  size_t n_;
};

// The source with `edits` made; empty when two overlap.
std::string Types::applied(std::vector<Edit> edits) const {
  std::sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.from < b.from; });
  std::string s;
  size_t from = 0;
  for (const Edit& e : edits) {
    if (e.from < from) return "";
    s += src_.substr(from, e.from - from) + e.with;
    from = e.to;
  }
  return s + src_.substr(from);
}

// The last token of a named type starting at `first` (a path and one bracket group of arguments); not for borrow
// and function types.
std::optional<size_t> Types::type_end(size_t first) const {
  if (!ident(first)) return std::nullopt;
  size_t k = first;
  while (is(k + 1, ".") && ident(k + 2)) k += 2;
  if (!is(k + 1, "[")) return k;
  return closing_bracket(tk_, k + 1);
}

// A record declaration at the `struct` token, with fields `name:Type;` (a field extent allowed, no `lends`).
std::optional<Record> Types::record_at(size_t strukt) const {
  if (!ident(strukt + 1)) return std::nullopt;
  Record r;
  r.name = std::string(tk_[strukt + 1].text);
  r.first = strukt;
  if (r.first >= 1 && is(r.first - 1, "linear")) --r.first;
  if (r.first >= 1 && is(r.first - 1, "pub")) --r.first;
  size_t open = strukt + 2;
  while (open < tk_.size() && !is(open, "{") && !is(open, ";")) ++open;
  if (!is(open, "{")) return std::nullopt;
  std::optional<size_t> close = closing_bracket(tk_, open);
  if (!close) return std::nullopt;
  r.close = *close;
  for (size_t k = open + 1; k < *close;) {
    size_t semi = k;
    while (semi < *close && !is(semi, ";")) ++semi;
    if (semi == *close || !ident(k) || !is(k + 1, ":") || semi < k + 3) return std::nullopt;
    std::optional<size_t> type_last = type_end(k + 2);
    Field f{k, semi, {k + 2, type_last.value_or(semi - 1)}, type_last && *type_last + 1 < semi};
    r.fields.push_back(f);
    k = semi + 1;
  }
  if (r.fields.empty()) return std::nullopt;
  return r;
}

// Every constructor call `R(..)` and unpacking `let [mut] R(..)` of record `r`; none when one does not have an
// argument per field.
std::optional<std::vector<Use>> Types::uses_of(const Record& r) const {
  std::vector<Use> uses;
  for (size_t k = 0; k + 1 < count(); ++k) {
    if (!ident(k) || tk_[k].text != r.name || !is(k + 1, "(")) continue;
    if (k >= 1 && (is(k - 1, ".") || is(k - 1, "struct") || is(k - 1, "fn"))) continue;
    std::optional<size_t> close = closing_bracket(tk_, k + 1);
    if (!close) return std::nullopt;
    Use u{k, *close, false, comma_list(tk_, k + 1, *close)};
    u.unpack = (k >= 1 && is(k - 1, "let")) || (k >= 2 && is(k - 1, "mut") && is(k - 2, "let"));
    if (u.args.size() != r.fields.size()) return std::nullopt;
    uses.push_back(std::move(u));
  }
  return uses;
}

// The names bound to a value of `type` (or a borrow of one), each with the function it is bound in: the `fn`
// token's index, 0 outside functions. `x:R`, `x:ro<R>`, `x:rw<R>`, `let [mut] x = R(`.
std::set<std::pair<size_t, std::string>> Types::bound_to(const std::string& type) const {
  std::set<std::pair<size_t, std::string>> names;
  size_t scope = 0;
  for (size_t k = 0; k + 2 < count(); ++k) {
    if (is(k, "fn") && ident(k + 1)) scope = k;
    if (!ident(k)) continue;
    bool typed = is(k + 1, ":") && (tk_[k + 2].text == type || ((is(k + 2, "ro") || is(k + 2, "rw")) &&
                                                                is(k + 3, "<") && is(k + 4, type) && is(k + 5, ">")));
    bool built = is(k + 1, "=") && is(k + 2, type) && is(k + 3, "(") && k >= 1 &&
                 (is(k - 1, "let") || (is(k - 1, "mut") && k >= 2 && is(k - 2, "let")));
    if (typed || built) names.insert({scope, std::string(tk_[k].text)});
  }
  return names;
}

// Whether `type` is a numeric scalar, which a conversion `T(e)` can build.
bool numeric(std::string_view type) {
  static const std::set<std::string_view> names = {
#define SCALAR(Id, name, size, is_int, is_signed, is_float) is_int || is_float ? name : "",
#include "core/scalars.def"
#undef SCALAR
  };
  return !type.empty() && names.count(type) > 0;
}

// The record deleted and its one field's type standing for it: a construction `R(e)` becomes the conversion
// `T(e)` for a numeric T (so that a literal argument keeps the type the constructor gave it), else `(e)`.
void Types::unwrap(const Record& r, const std::vector<Use>& uses, std::vector<std::string>& out) const {
  if (r.fields.size() != 1 || r.fields[0].extent) return;
  const Field& f = r.fields[0];
  std::string field_name(tk_[f.name].text), type = text(f.type);
  size_t item_to = end(r.close);
  if (item_to < src_.size() && src_[item_to] == '\n') ++item_to;
  std::vector<Edit> edits = {{at(r.first), item_to, ""}};
  std::set<size_t> call_names;
  for (const Use& u : uses) {
    call_names.insert(u.name);
    if (u.unpack)
      edits.push_back({at(u.name), end(u.close), text(u.args[0])});
    else
      edits.push_back({at(u.name), end(u.name), numeric(type) ? type : ""});
  }
  std::set<std::pair<size_t, std::string>> bound = bound_to(r.name);
  size_t scope = 0;
  for (size_t k = 0; k < count(); ++k) {
    if (k >= r.first && k <= r.close) continue;
    if (is(k, "fn") && ident(k + 1)) scope = k;
    if (ident(k) && tk_[k].text == r.name && !call_names.count(k)) edits.push_back({at(k), end(k), type});
    if (is(k, ".") && k >= 1 && ident(k - 1) && is(k + 1, field_name) && !(k >= 2 && is(k - 2, ".")) &&
        bound.count({scope, std::string(tk_[k - 1].text)}))
      edits.push_back({at(k), end(k + 1), ""});
  }
  std::string s = applied(std::move(edits));
  if (!s.empty()) out.push_back(std::move(s));
}

// Per field: it, the matching constructor argument and the matching unpacking binder deleted.
void Types::drop_fields(const Record& r, const std::vector<Use>& uses, std::vector<std::string>& out) const {
  size_t n = r.fields.size();
  if (n < 2) return;
  for (size_t p = 0; p < n; ++p) {
    std::vector<Edit> edits;
    // The field with the space to the next one, or for the last field with the space before it.
    if (p + 1 < n)
      edits.push_back({at(r.fields[p].name), at(r.fields[p + 1].name), ""});
    else
      edits.push_back({end(r.fields[p - 1].semi), end(r.fields[p].semi), ""});
    for (const Use& u : uses) {
      if (p + 1 < n)
        edits.push_back({at(u.args[p].first), at(u.args[p + 1].first), ""});
      else
        edits.push_back({end(u.args[p - 1].second), end(u.args[p].second), ""});
    }
    std::string s = applied(std::move(edits));
    if (!s.empty()) out.push_back(std::move(s));
  }
}

// Per borrow `ro<T>`/`rw<T>` that is not a view: the borrow replaced by `T`; per `rw<`, `ro<`.
void Types::borrows(std::vector<std::string>& out) const {
  for (size_t k = 0; k + 2 < count(); ++k) {
    if (!(is(k, "ro") || is(k, "rw")) || !is(k + 1, "<")) continue;
    size_t close = k + 2;
    while (close < count() && !is(close, ">") && !is(close, ";") && !is(close, "{")) ++close;
    if (!is(close, ">")) continue;
    if (!is(close + 1, "[")) out.push_back(applied({{at(k), end(k + 1), ""}, {at(close), end(close), ""}}));
    if (is(k, "rw")) out.push_back(applied({{at(k), end(k), "ro"}}));
  }
}

// Per row of simpler_types.def whose type occurs: every occurrence replaced.
void Types::scalar_merges(std::vector<std::string>& out) const {
  static const std::pair<std::string_view, std::string_view> rows[] = {
#define SIMPLER(from, to) {from, to},
#include "fuzz/reduce/simpler_types.def"
#undef SIMPLER
  };
  for (auto [from, to] : rows) {
    std::vector<Edit> edits;
    for (size_t k = 0; k < count(); ++k)
      if (ident(k) && tk_[k].text == from && !(k >= 1 && is(k - 1, ".")))
        edits.push_back({at(k), end(k), std::string(to)});
    if (!edits.empty()) out.push_back(applied(std::move(edits)));
  }
}

void Types::candidates(std::vector<std::string>& out) const {
  std::vector<Record> records;
  for (size_t k = 0; k < count(); ++k)
    if (is(k, "struct"))
      if (std::optional<Record> r = record_at(k)) records.push_back(std::move(*r));
  std::vector<std::optional<std::vector<Use>>> uses;
  for (const Record& r : records) uses.push_back(uses_of(r));
  for (size_t i = 0; i < records.size(); ++i)
    if (uses[i]) unwrap(records[i], *uses[i], out);
  for (size_t i = 0; i < records.size(); ++i)
    if (uses[i]) drop_fields(records[i], *uses[i], out);
  borrows(out);
  scalar_merges(out);
}

}  // namespace

void type_candidates(const std::string& src, const std::vector<lex::Token>& tokens, std::vector<std::string>& out) {
  Types(src, tokens).candidates(out);
}

}  // namespace cairn::fuzz
