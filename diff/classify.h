// Function matching and the classes that need no solver (tools.md §4.1-4.4): renamed pairs, canonical own
// code, signature changes, the identical-code fixed point, templates, tests and types. What is left for the
// verify engine is listed in `to_compare`.
#pragma once
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "diff/version.h"

namespace cairn::diff {

struct Entry {
  std::string cls;                        // the class, once decided
  nlohmann::ordered_json json = nlohmann::ordered_json::object();  // the record's entry (without `class`)
  const FnView* before = nullptr;         // OLD's function (the `from` one for renamed)
  const FnView* after = nullptr;
  std::string own_code;                   // "identical", "changed", "changed only in which guards it emits"
};

struct Classified {
  std::map<std::string, Entry> fns;       // by name (NEW's name for renamed)
  std::vector<std::string> to_compare;    // names for the verify engine, in name order
  nlohmann::ordered_json types = nlohmann::ordered_json::object();
  nlohmann::ordered_json tests = nlohmann::ordered_json::object();
};

// Everything the solver does not decide; entries in `to_compare` have no class yet.
Classified classify(const Version& old_v, const Version& new_v);

// Templates (§4.4) once every other class is known: identical-source, or unknown naming what changed.
void classify_templates(Classified& c);

// The classes that count as unchanged.
bool unchanged_class(const std::string& cls);

}  // namespace cairn::diff
