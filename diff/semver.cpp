// The semantic version level of a diff (tools.md §4.7): every reason a function or type gives, at its level.
//
// Decisions where the spec is silent:
// - `reasons` lists the reasons of the computed level only (the highest), functions first, then types, each
//   sorted by name; one name may give several reasons (a signature change and a gained effect), kept in rule
//   order. When the level becomes `unknown`, `reasons` still holds the reasons of `at_least`.
// - For `renamed`, `public_before` is the OLD function's: a public one renamed is major ("h was renamed");
//   a private one renamed to a public name is an addition to the public API, minor ("h was added"); else
//   patch ("h was renamed").
// - Patch reasons, for a function whose code is not unchanged (unchanged: identical-code and
//   identical-source; an smt-equivalent function has new code, proven to behave the same, which is a patch)
//   and gave no higher reason: "f was added", "f was removed", "f was renamed", "f changed its signature",
//   "f behaves differently at ...", "f is not proven unchanged" (unknown), "f was rewritten, proven
//   equivalent" (smt-equivalent) or "f changed" (any other class). A gained effect of a function not public
//   on both sides gives no reason of its own (the spec names only public ones).
// - A type made public is an addition to the public API, as a function made public is: minor ("type P was
//   made public"); a removed public type is major ("type P was removed", it is no longer public); an added
//   type that is not public, or any other type change, is patch.
#include <algorithm>
#include <set>

#include "diff/semver.h"

namespace cairn::diff {
namespace {

enum Level { kNone = 0, kPatch = 1, kMinor = 2, kMajor = 3 };

const char* level_name(int level) {
  static const char* const kNames[] = {"none", "patch", "minor", "major"};
  return kNames[level];
}

struct Reason {
  int level;
  int group;  // 0 functions, 1 types
  std::string name;
  std::string text;
};

bool code_unchanged(const std::string& cls) { return cls == "identical-code" || cls == "identical-source"; }

std::string behaves_text(const SemverFunction& f) {
  return f.name + " behaves differently" + (f.witness_text.empty() ? "" : " " + f.witness_text);
}

// The public-on-both-sides major reasons of a function present on both sides.
void both_public_reasons(const SemverFunction& f, std::vector<Reason>& out) {
  auto add = [&](const std::string& text) { out.push_back({kMajor, 0, f.name, text}); };
  if (f.cls == "signature-changed") add(f.name + " changed its signature");
  if (f.gained_effect) add(f.name + " gained an effect");
  if (f.cls == "behavior-changed") add(behaves_text(f));
}

std::string patch_text(const SemverFunction& f) {
  if (f.cls == "added") return f.name + " was added";
  if (f.cls == "removed") return f.name + " was removed";
  if (f.cls == "renamed") return f.name + " was renamed";
  if (f.cls == "signature-changed") return f.name + " changed its signature";
  if (f.cls == "behavior-changed") return behaves_text(f);
  if (f.cls == "unknown") return f.name + " is not proven unchanged";
  if (f.cls == "smt-equivalent") return f.name + " was rewritten, proven equivalent";
  return f.name + " changed";
}

void function_reasons(const SemverFunction& f, std::vector<Reason>& out) {
  size_t before = out.size();
  auto add = [&](int level, const std::string& text) { out.push_back({level, 0, f.name, text}); };
  if (f.cls == "removed") {
    if (f.public_before) add(kMajor, f.name + " was removed");
  } else if (f.cls == "renamed") {
    if (f.public_before) add(kMajor, f.name + " was renamed");
    else if (f.public_after) add(kMinor, f.name + " was added");
  } else if (f.cls == "added") {
    if (f.public_after) add(kMinor, f.name + " was added");
  } else if (f.public_before && !f.public_after) {
    add(kMajor, f.name + " is no longer public");
  } else if (!f.public_before && f.public_after) {
    add(kMinor, f.name + " was made public");
  } else if (f.public_before && f.public_after) {
    both_public_reasons(f, out);
  }
  if (out.size() == before && !code_unchanged(f.cls)) add(kPatch, patch_text(f));
}

void type_reasons(const SemverType& t, std::vector<Reason>& out) {
  auto add = [&](int level, const std::string& text) { out.push_back({level, 1, t.name, text}); };
  const std::string type = "type " + t.name;
  if (t.change == "removed") add(t.public_before ? kMajor : kPatch, type + " was removed");
  else if (t.change == "added") add(t.public_after ? kMinor : kPatch, type + " was added");
  else if (t.public_before && !t.public_after) add(kMajor, type + " is no longer public");
  else if (!t.public_before && t.public_after) add(kMinor, type + " was made public");
  else if (t.public_before && t.public_after) add(kMajor, type + " changed");
  else add(kPatch, type + " changed");
}

}  // namespace

nlohmann::ordered_json semver_of(const std::vector<SemverFunction>& functions, const std::vector<SemverType>& types) {
  std::vector<Reason> reasons;
  std::set<std::string> unproven;
  for (const SemverFunction& f : functions) {
    function_reasons(f, reasons);
    if (f.cls == "unknown" && f.public_before && f.public_after) unproven.insert(f.name);
  }
  for (const SemverType& t : types) type_reasons(t, reasons);
  int level = kNone;
  for (const Reason& r : reasons) level = std::max(level, r.level);
  std::vector<const Reason*> top;
  for (const Reason& r : reasons)
    if (r.level == level) top.push_back(&r);
  std::stable_sort(top.begin(), top.end(), [](const Reason* a, const Reason* b) {
    return a->group != b->group ? a->group < b->group : a->name < b->name;
  });
  nlohmann::ordered_json out;
  bool demoted = !unproven.empty() && level != kMajor;
  out["level"] = demoted ? "unknown" : level_name(level);
  out["reasons"] = nlohmann::ordered_json::array();
  for (const Reason* r : top) out["reasons"].push_back(r->text);
  if (!unproven.empty()) out["unproven"] = std::vector<std::string>(unproven.begin(), unproven.end());
  if (demoted) out["at_least"] = level_name(level);
  return out;
}

}  // namespace cairn::diff
