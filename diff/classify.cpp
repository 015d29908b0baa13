// Matching by qualified name, renamed pairs by canonical code, rule 1 (signature), rule 2 (identical code by
// fixed point over callees), templates by tokens, tests by canonical code, types by definition.
#include "diff/classify.h"

#include <set>

#include "diff/canonical.h"
#include "diff/deltas.h"

namespace cairn::diff {

namespace {

using Json = nlohmann::ordered_json;
using Names = std::map<std::string, std::string>;  // C++ symbol -> symbol written instead

bool same_shape(const FnView& a, const FnView& b) {
  return a.param_types == b.param_types && a.result_type == b.result_type;
}

std::string canon(const Version& v, const FnView& f, const Names& names) {
  return f.low ? canonical_text(v.low, *f.low, names) : "";
}

// Functions only in NEW whose canonical code equals that of exactly one function only in OLD, one to one.
std::map<std::string, std::string> renamed_pairs(const Version& o, const Version& n) {
  std::map<std::string, std::vector<std::string>> of_new, of_old;
  for (const auto& [nn, nf] : n.fns) {
    if (o.fns.count(nn) || nf.is_template || !nf.low) continue;
    std::string nt = canon(n, nf, {});
    for (const auto& [on, of] : o.fns) {
      if (n.fns.count(on) || of.is_template || !of.low || !same_shape(of, nf)) continue;
      if (canon(o, of, {}) != nt) continue;
      of_new[nn].push_back(on);
      of_old[on].push_back(nn);
    }
  }
  std::map<std::string, std::string> out;  // new name -> old name
  for (const auto& [nn, olds] : of_new)
    if (olds.size() == 1 && of_old[olds[0]].size() == 1) out[nn] = olds[0];
  return out;
}

struct Context {
  const Version& o;
  const Version& n;
  std::map<std::string, std::string> renamed;  // new -> old
  Names new_names;                             // NEW symbol of a renamed function -> its OLD symbol
  std::map<std::string, std::string> own_code;  // new name -> own-code verdict (both sides or renamed)
};

std::string own_code_of(const Context& cx, const FnView& before, const FnView& after) {
  std::string a = canon(cx.o, before, {}), b = canon(cx.n, after, cx.new_names);
  if (a == b) return "identical";
  if (without_guards(a) == without_guards(b)) return "changed only in which guards it emits";
  return "changed";
}

// A callee outside the compared functions (the standard library, a dependency): identical when OLD has a
// function of the same symbol with the same canonical code.
bool foreign_callee_identical(const Context& cx, const std::string& sym) {
  auto a = cx.o.by_symbol.find(sym);
  auto b = cx.n.by_symbol.find(sym);
  if (a == cx.o.by_symbol.end() || b == cx.n.by_symbol.end()) return false;
  return canonical_text(cx.o.low, *a->second, {}) == canonical_text(cx.n.low, *b->second, cx.new_names);
}

// Rule 2 by fixed point: a function stays identical while every function it may call stays identical.
std::set<std::string> identical_set(const Context& cx) {
  std::set<std::string> s;
  for (const auto& [name, verdict] : cx.own_code)
    if (verdict == "identical") s.insert(name);
  for (bool changed = true; changed;) {
    changed = false;
    for (auto it = s.begin(); it != s.end();) {
      const FnView& f = cx.n.fns.at(*it);
      bool ok = true;
      for (const std::string& sym : f.low ? f.low->depends : std::vector<std::string>{}) {
        auto callee = cx.n.by_symbol.find(sym);
        if (callee == cx.n.by_symbol.end()) continue;  // a type or table: part of the canonical text
        const std::string& cname = callee->second->name;
        if (cx.n.fns.count(cname) || cx.n.tests.count(cname)) ok = ok && s.count(cname);
        else ok = ok && foreign_callee_identical(cx, sym);
      }
      if (ok) {
        ++it;
      } else {
        it = s.erase(it);
        changed = true;
      }
    }
  }
  return s;
}

void one_side_only(Classified& c, const Version& v, const Version& other, const char* cls,
                   const std::map<std::string, std::string>& renamed, bool is_new) {
  std::set<std::string> olds;
  for (const auto& [nn, on] : renamed) olds.insert(on);
  for (const auto& [name, f] : v.fns) {
    if (other.fns.count(name) || (is_new ? renamed.count(name) : olds.count(name))) continue;
    Entry& e = c.fns[name];
    e.cls = cls;
    (is_new ? e.after : e.before) = &f;
    e.json["signature"] = f.signature;
    if (f.is_template) e.json["template"] = true;
  }
}

void classify_tests(Classified& c, const Context& cx) {
  for (const auto& [name, t] : cx.o.tests)
    if (!cx.n.tests.count(name)) c.tests[name] = "removed";
  for (const auto& [name, t] : cx.n.tests) {
    auto it = cx.o.tests.find(name);
    if (it == cx.o.tests.end()) c.tests[name] = "added";
    else c.tests[name] = own_code_of(cx, it->second, t) == "identical" ? "identical-code" : "changed";
  }
}

void classify_types(Classified& c, const Version& o, const Version& n) {
  for (const auto& [name, text] : o.types)
    if (!n.types.count(name)) c.types[name] = "removed";
  for (const auto& [name, text] : n.types) {
    auto it = o.types.find(name);
    if (it == o.types.end()) c.types[name] = "added";
    else if (it->second != text) c.types[name] = "changed";
  }
}

}  // namespace

bool unchanged_class(const std::string& cls) {
  return cls == "identical-code" || cls == "identical-source" || cls == "smt-equivalent";
}

Classified classify(const Version& old_v, const Version& new_v) {
  Classified c;
  Context cx{old_v, new_v, renamed_pairs(old_v, new_v), {}, {}};
  for (const auto& [nn, on] : cx.renamed) cx.new_names[new_v.fns.at(nn).low->symbol] = old_v.fns.at(on).low->symbol;
  for (const auto& [name, after] : new_v.fns) {
    auto it = old_v.fns.find(name);
    const FnView* before = it != old_v.fns.end() ? &it->second : nullptr;
    if (!before && cx.renamed.count(name)) before = &old_v.fns.at(cx.renamed.at(name));
    if (!before || before->is_template || after.is_template || !before->low || !after.low) continue;
    if (same_shape(*before, after)) cx.own_code[name] = own_code_of(cx, *before, after);
  }
  std::set<std::string> identical = identical_set(cx);
  for (const auto& [name, after] : new_v.fns) {
    auto it = old_v.fns.find(name);
    if (it == old_v.fns.end()) continue;
    Entry& e = c.fns[name];
    e.before = &it->second;
    e.after = &after;
    if (e.before->is_template || after.is_template) {
      e.json["template"] = true;
      if (!same_shape(*e.before, after) || e.before->is_template != after.is_template) e.cls = "signature-changed";
    } else if (!same_shape(*e.before, after)) {
      e.cls = "signature-changed";
    } else {
      e.own_code = cx.own_code[name];
      e.json["own_code"] = e.own_code;
      if (identical.count(name)) e.cls = "identical-code";
      else c.to_compare.push_back(name);
    }
    Json d = deltas(*e.before, after);
    if (!d.empty()) e.json["deltas"] = d;
  }
  for (const auto& [nn, on] : cx.renamed) {
    Entry& e = c.fns[nn];
    e.cls = "renamed";
    e.before = &old_v.fns.at(on);
    e.after = &new_v.fns.at(nn);
    e.json["from"] = on;
    e.json["own_code"] = cx.own_code[nn];
  }
  one_side_only(c, new_v, old_v, "added", cx.renamed, true);
  one_side_only(c, old_v, new_v, "removed", cx.renamed, false);
  classify_tests(c, cx);
  classify_types(c, old_v, new_v);
  return c;
}

void classify_templates(Classified& c) {
  for (auto& [name, e] : c.fns) {
    if (!e.cls.empty() || !e.before || !e.after || !(e.before->is_template && e.after->is_template)) continue;
    if (e.before->source_tokens != e.after->source_tokens) {
      e.cls = "unknown";
      e.json["reason"] = "Its tokens changed.";
      continue;
    }
    std::set<std::string> words;
    std::string w;
    for (char ch : e.after->source_tokens + " ") {
      if (ch == ' ') {
        words.insert(w);
        w.clear();
      } else {
        w += ch;
      }
    }
    e.cls = "identical-source";
    for (const auto& [other, oe] : c.fns) {
      if (other == name || unchanged_class(oe.cls)) continue;
      std::string simple = other.substr(other.find_last_of('.') == std::string::npos ? 0 : other.find_last_of('.') + 1);
      if (words.count(other) || words.count(simple)) {
        e.cls = "unknown";
        e.json["reason"] = "It names " + other + ", which changed.";
        break;
      }
    }
  }
}

}  // namespace cairn::diff
