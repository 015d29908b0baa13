// The programs a validation runs (tools.md §5.1): `base`, the program with every plan for the reference removed
// (the reference runs its own body) plus a predicate for the implementation's condition, and `selected`, with
// `plan f use g;` so that the reference symbol is the dispatch. Both are scratch copies of the checked sources,
// edited in place (a removed plan is blanked, so every other position stays where it was).
#pragma once
#include <string>

#include "front/driver/driver.h"

namespace cairn::validate {

constexpr const char* kPredicate = "cairn_validate_when";

struct Programs {
  std::string scratch;          // the directory holding both copies (removed by remove_programs)
  std::string base, selected;   // what to check: a file or a project directory inside `scratch`
  bool has_predicate = false;   // the implementation has a `when` condition: `kPredicate` is in base
  std::string reference;        // the reference's and the implementation's names as the harness calls them
  std::string implementation;
  std::string predicate;        // the predicate's name as the harness calls it ("" when none)
};

// Writes both copies of the program `run` checked from `path`. False with `error` (one sentence).
bool make_programs(const driver::CheckRun& run, const std::string& path, const check::FnInfo& impl, Programs& out,
                   std::string& error);

void remove_programs(Programs& p);

// Copies a program's directory (without its `build` and `.git` directories). False with `error` (one sentence).
bool copy_program_tree(const std::string& from_dir, const std::string& to_dir, std::string& error);

// The source text of an implementation's `when` condition, naturals written as their values ("" when none).
std::string condition_text(const driver::CheckRun& run, const check::FnInfo& impl);

}  // namespace cairn::validate
