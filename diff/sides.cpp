// The two sides of cairn diff: a path as it is, or a git revision whose tree is read object by object
// (`git ls-tree`, one `git cat-file --batch`) into a fresh scratch directory; git only ever reads objects.
#include "diff/sides.h"

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include <exception>
#include <filesystem>
#include <string_view>
#include <system_error>
#include <vector>

#include "diff/git_call.h"
#include "front/source/source_file.h"
#include "base/temp_dir.h"
#include "targets/process.h"

namespace cairn::diff {

namespace fs = std::filesystem;

namespace {

struct TreeEntry {
  bool executable = false;
  std::string object;
  uint64_t size = 0;
  std::string path;
};

// What a revision is read as: the name given, its commit and where its tree goes.
struct Revision {
  std::string name, commit, scratch;
  std::vector<TreeEntry> entries;
};

bool fail(std::string& error, std::string sentence) {
  error = std::move(sentence);
  return false;
}

// A path or name fit for a sentence: control characters shown as '?'.
std::string shown(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  return out;
}

GitOutput git(std::vector<std::string> args, std::string input = "", size_t out_limit = size_t{16} << 20) {
  GitCall call;
  call.args = std::move(args);
  call.input = std::move(input);
  call.timeout_s = kGitCallSeconds;
  call.out_limit = out_limit;
  return run_git(call);
}

// "PREFIX: REASON." or "PREFIX." when git gave no reason.
std::string because(const std::string& prefix, const std::string& git_err) {
  std::string reason = shown(first_line(git_err));
  return prefix + (reason.empty() ? "." : ": " + reason + ".");
}

std::string trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  return text;
}

bool is_hex_id(const std::string& s) {
  if (s.size() != 40 && s.size() != 64) return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

// The top of the work tree around the current directory, then NAME's commit.
bool find_commit(const std::string& name, std::string& top, std::string& commit, std::string& error) {
  std::error_code ec;
  std::string here = fs::current_path(ec).string();
  std::string shown_name = name.empty() ? std::string("The empty name") : shown(name);
  std::string neither = shown_name + " is neither a path nor a revision";
  std::string git_failed = shown_name + " is not a path, and reading it as a revision failed: ";
  GitOutput t = git({"rev-parse", "--show-toplevel"});
  if (!t.failure.empty()) return fail(error, git_failed + t.failure);
  top = trimmed(t.out);
  if (t.status != 0 || top.empty()) return fail(error, neither + ": there is no git work tree around " + here + ".");
  // A name git would read as an option is no revision.
  if (name.empty() || name[0] == '-') return fail(error, neither + " of the git repository around " + here + ".");
  GitOutput c = git({"rev-parse", "--verify", "--quiet", name + "^{commit}"});
  if (!c.failure.empty()) return fail(error, git_failed + c.failure);
  commit = trimmed(c.out);
  if (c.status != 0 || !is_hex_id(commit)) return fail(error, neither + " of the git repository around " + here + ".");
  return true;
}

// `--in`: relative to the current directory, inside the work tree; its path from the top ("." for the top).
bool project_inside(const std::string& in_path, const std::string& top, std::string& rel, std::string& error) {
  std::error_code ec;
  fs::path in = fs::absolute(in_path.empty() ? "." : in_path, ec);
  if (!ec) in = fs::weakly_canonical(in, ec);
  if (ec) return fail(error, "--in " + shown(in_path) + " cannot be resolved: " + ec.message() + ".");
  fs::path root = fs::canonical(top, ec);
  if (ec)
    return fail(error, "The top of the git work tree, " + shown(top) + ", cannot be resolved: " + ec.message() + ".");
  fs::path r = in.lexically_relative(root);
  if (r.empty() || *r.begin() == "..")
    return fail(error, "--in " + shown(in_path) + " lies outside the git work tree " + shown(root.string()) + ".");
  rel = r.generic_string();
  if (!rel.empty() && rel.back() == '/') rel.pop_back();
  if (rel.empty()) rel = ".";
  return true;
}

bool make_scratch(std::string& scratch, std::string& error) {
  std::string why;
  scratch = make_scratch_dir("cairn-diff", why);  // removed on an interrupt; its name carries our PID
  if (scratch.empty()) return fail(error, "cairn diff: " + shown(why));
  return true;
}

// A path git may hold but cairn does not write: an empty, "." or ".." part, or a backslash.
bool safe_path(const std::string& path) {
  if (path.empty() || path.find('\\') != std::string::npos) return false;
  size_t start = 0;
  for (;;) {
    size_t end = path.find('/', start);
    std::string_view part(path.data() + start, (end == std::string::npos ? path.size() : end) - start);
    if (part.empty() || part == "." || part == "..") return false;
    if (end == std::string::npos) return true;
    start = end + 1;
  }
}

// One `git ls-tree -l` record: "MODE TYPE OBJECT SIZE\tPATH"; what cannot be exported is refused.
bool parse_entry(const Revision& rev, std::string_view record, TreeEntry& e, std::string& error) {
  size_t tab = record.find('\t');
  if (tab == std::string_view::npos) return fail(error, "git ls-tree printed a line cairn diff does not understand.");
  std::vector<std::string> f;
  std::string meta(record.substr(0, tab));
  for (size_t i = 0; i < meta.size();) {
    size_t j = meta.find(' ', i);
    if (j == std::string::npos) j = meta.size();
    if (j > i) f.push_back(meta.substr(i, j - i));
    i = j + 1;
  }
  e.path = std::string(record.substr(tab + 1));
  std::string where = "Revision " + shown(rev.name) + " holds ";
  std::string tail = ", " + shown(e.path) + ", which cairn diff does not read.";
  if (f.size() != 4) return fail(error, "git ls-tree printed a line cairn diff does not understand.");
  if (f[0] == "120000") return fail(error, where + "a symbolic link" + tail);
  if (f[0] == "160000" || f[1] == "commit") return fail(error, where + "a submodule" + tail);
  if (f[1] != "blob" || f[0].size() != 6 || f[0].compare(0, 3, "100") != 0)
    return fail(error, where + "an entry of mode " + shown(f[0]) + tail);
  if (!safe_path(e.path)) return fail(error, where + "a path with an empty, '.' or '..' part or a backslash" + tail);
  e.executable = f[0] == "100755";
  e.object = f[2];
  if (!is_hex_id(e.object) || f[3].find_first_not_of("0123456789") != std::string::npos || f[3].size() > 15)
    return fail(error, "git ls-tree printed a line cairn diff does not understand.");
  e.size = std::stoull(f[3]);
  return true;
}

// Lists the commit's tree, checking each entry and the limits on files and bytes.
bool list_tree(Revision& rev, std::string& error) {
  GitOutput t = git({"ls-tree", "-r", "-z", "-l", "--full-tree", rev.commit});
  if (!t.failure.empty()) return fail(error, t.failure);
  if (t.status != 0) return fail(error, because("git ls-tree could not list revision " + shown(rev.name), t.err));
  uint64_t bytes = 0;
  std::string_view all = t.out;
  for (size_t start = 0; start < all.size();) {
    size_t end = all.find('\0', start);
    if (end == std::string_view::npos) end = all.size();
    TreeEntry e;
    if (!parse_entry(rev, all.substr(start, end - start), e, error)) return false;
    bytes += e.size;
    rev.entries.push_back(std::move(e));
    if (rev.entries.size() > kMaxRevisionFiles)
      return fail(error, "Revision " + shown(rev.name) + " holds more than " + grouped(kMaxRevisionFiles) +
                             " files, the most cairn diff reads.");
    if (bytes > kMaxRevisionBytes)
      return fail(error, "Revision " + shown(rev.name) + " holds more than " + grouped(kMaxRevisionBytes) +
                             " bytes, the most cairn diff reads.");
    start = end + 1;
  }
  return true;
}

bool holds(const Revision& rev, const std::string& rel) {
  if (rel == ".") return true;
  for (const TreeEntry& e : rev.entries) {
    if (e.path == rel) return true;
    if (e.path.size() > rel.size() && e.path.compare(0, rel.size(), rel) == 0 && e.path[rel.size()] == '/') return true;
  }
  return false;
}

bool write_blob(const Revision& rev, const TreeEntry& e, std::string_view bytes, std::string& error) {
  fs::path target = fs::path(rev.scratch) / e.path;
  std::error_code ec;
  fs::create_directories(target.parent_path(), ec);
  auto failed = [&](int err) {
    return fail(error, "cairn diff cannot write " + shown(target.string()) + ": " +
                           std::error_code(err, std::generic_category()).message() + ".");
  };
  if (ec) return failed(ec.value());
  int fd = open(target.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, e.executable ? 0755 : 0644);
  if (fd < 0) return failed(errno);
  while (!bytes.empty()) {
    ssize_t n = write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      int err = n < 0 ? errno : EIO;
      close(fd);
      return failed(err);
    }
    bytes.remove_prefix(static_cast<size_t>(n));
  }
  if (close(fd) != 0) return failed(errno);
  return true;
}

// One `git cat-file --batch` for every blob, in the listing's order: "OBJECT blob SIZE\nBYTES\n" each.
bool read_blobs(const Revision& rev, std::string& error) {
  std::string requests;
  uint64_t expected = 0;
  for (const TreeEntry& e : rev.entries) {
    requests += e.object + "\n";
    expected += e.size + e.object.size() + 32;
  }
  if (rev.entries.empty()) return true;
  GitOutput c = git({"cat-file", "--batch"}, requests, static_cast<size_t>(expected) + 1024);
  if (!c.failure.empty()) return fail(error, c.failure);
  if (c.status != 0) return fail(error, because("git cat-file --batch failed on revision " + shown(rev.name), c.err));
  std::string_view out = c.out;
  size_t pos = 0;
  for (const TreeEntry& e : rev.entries) {
    std::string bad = "git cat-file could not read " + shown(e.path) + " of revision " + shown(rev.name);
    size_t nl = out.find('\n', pos);
    std::string_view header = out.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    if (nl == std::string_view::npos || header != e.object + " blob " + std::to_string(e.size))
      return fail(error, bad + " (it printed \"" + shown(header.substr(0, 80)) + "\").");
    pos = nl + 1;
    if (out.size() - pos < e.size + 1 || out[pos + e.size] != '\n')
      return fail(error, bad + ": its bytes were cut short.");
    if (!write_blob(rev, e, out.substr(pos, e.size), error)) return false;
    pos += e.size + 1;
  }
  return true;
}

bool resolve_revision(const std::string& name, const std::string& in_path, ResolvedSide& out, std::string& error) {
  Revision rev;
  rev.name = name;
  std::string top, rel;
  if (!find_commit(name, top, rev.commit, error)) return false;
  if (!project_inside(in_path, top, rel, error)) return false;
  if (!make_scratch(rev.scratch, error)) return false;
  out.scratch = rev.scratch;  // removed by the caller of this function on failure
  if (!list_tree(rev, error)) return false;
  if (!holds(rev, rel))
    return fail(error, "Revision " + shown(name) + " has no " + shown(rel) + ", the project --in names.");
  if (!read_blobs(rev, error)) return false;
  out.kind = "revision";
  out.commit = rev.commit;
  out.check_path = rel == "." ? rev.scratch : rev.scratch + "/" + rel;
  return true;
}

}  // namespace

bool resolve_side(const std::string& name_given, const std::string& in_given, ResolvedSide& out, std::string& error) {
  const std::string name = name_given, in_path = in_given;  // copies: either may be a field of `out`
  out = ResolvedSide{};
  out.named = name;
  error.clear();
  try {
    std::error_code ec;
    if (!name.empty() && fs::exists(name, ec)) {
      out.kind = "path";
      out.check_path = name;
      return true;
    }
    if (resolve_revision(name, in_path, out, error)) return true;
  } catch (const std::exception& e) {
    error = "cairn diff could not read " + shown(name) + ": " + e.what() + ".";
  } catch (...) {
    error = "cairn diff could not read " + shown(name) + ".";
  }
  remove_scratch(out);
  out = ResolvedSide{};
  out.named = name;
  if (error.empty()) error = "cairn diff could not read " + shown(name) + ".";
  return false;
}

void remove_scratch(ResolvedSide& side) {
  if (side.scratch.empty()) return;
  try {
    // Only what resolve_side made: a `cairn-diff-*` directory.
    if (fs::path(side.scratch).filename().string().rfind("cairn-diff-", 0) == 0) {
      std::error_code ec;
      fs::remove_all(side.scratch, ec);
      targets::forget_on_interrupt(side.scratch);
    }
  } catch (...) {
  }
  side.scratch.clear();
}

}  // namespace cairn::diff
