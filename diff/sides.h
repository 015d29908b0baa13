// The two sides of `cairn diff` (tools.md §4.1): a side is a path (project directory, manifest or `.cairn`
// file) or a git revision of the work tree around the current directory; a name that is both is a path.
// A revision is resolved to a commit and its tree is read object by object into a scratch directory
// (`cairn-diff-*`): nothing is checked out, the work tree and the index are never touched.
#pragma once
#include <cstdint>
#include <string>

namespace cairn::diff {

// Read limits for a revision's tree (tools.md §4.1).
constexpr uint64_t kMaxRevisionFiles = 4000;
constexpr uint64_t kMaxRevisionBytes = 32'000'000;
constexpr unsigned kGitCallSeconds = 60;

struct ResolvedSide {
  std::string named;    // as given on the command line
  std::string kind;     // "path" or "revision"
  std::string commit;   // 40 hex digits for a revision, "" for a path
  std::string check_path;  // what the front end checks: the path itself, or the project inside the scratch copy
  std::string scratch;  // the scratch directory to remove ("" for a path)
};

// Resolves NAME: an existing path is a path; otherwise a revision of the git work tree around the current
// directory, exported with `in_path` (`--in`, default ".", relative to the current directory and inside
// the work tree) naming the project inside it. False with `error` (one sentence) when NAME is neither,
// when git fails, when a read limit is passed or when the tree holds what cannot be exported (a symbolic
// link, a submodule, a path with an empty, `.` or `..` part or a backslash). Never throws.
bool resolve_side(const std::string& name, const std::string& in_path, ResolvedSide& out, std::string& error);

// Removes a side's scratch directory (nothing for a path side). Safe to call twice.
void remove_scratch(ResolvedSide& side);

}  // namespace cairn::diff
