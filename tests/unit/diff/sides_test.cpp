// Unit tests of diff/sides and diff/git_call: path sides, revisions (HEAD, HEAD~1, a branch, a tag, an
// abbreviated commit) read into scratch directories with their bytes and executable bits, `--in`, what a
// tree may not hold (symbolic links, submodules, backslashes, too many files or bytes), a repository in the
// middle of a merge left as it was, scratch removal, and git run with its own environment and limits.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "diff/git_call.h"
#include "diff/sides.h"
#include "targets/exec.h"
#include "../scratch_dir.h"

namespace cairn::diff {
namespace {

namespace fs = std::filesystem;

[[maybe_unused]] auto* const kCleanup = ::testing::AddGlobalTestEnvironment(new test::ScratchCleanup("cairn_sides_"));

// Restores the current directory when it goes out of scope.
class CwdGuard {
 public:
  CwdGuard() : saved_(fs::current_path()) {}
  ~CwdGuard() {
    std::error_code ec;
    fs::current_path(saved_, ec);
  }
  CwdGuard(const CwdGuard&) = delete;
  CwdGuard& operator=(const CwdGuard&) = delete;

 private:
  fs::path saved_;
};

std::string read_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_bytes(const fs::path& p, const std::string& bytes) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << bytes;
}

bool executable(const fs::path& p) {
  struct stat st {};
  return stat(p.c_str(), &st) == 0 && (st.st_mode & S_IXUSR) != 0;
}

// Every regular file under `root` (not .git) with its bytes, by path relative to it.
std::map<std::string, std::string> snapshot(const fs::path& root) {
  std::map<std::string, std::string> files;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator(); ++it) {
    if (it->path().filename() == ".git") {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file()) files[fs::relative(it->path(), root).generic_string()] = read_bytes(it->path());
  }
  return files;
}

// A fresh directory per test, with TMPDIR pointing into it so scratch directories can be counted.
class Sides : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* old = std::getenv("TMPDIR");
    had_tmpdir_ = old != nullptr;
    if (old) old_tmpdir_ = old;
    root_ = test::scratch_dir("cairn_sides_") / ::testing::UnitTest::GetInstance()->current_test_info()->name();
    fs::remove_all(root_);
    fs::create_directories(tmp());
    setenv("TMPDIR", tmp().c_str(), 1);
  }
  void TearDown() override {
    if (had_tmpdir_) setenv("TMPDIR", old_tmpdir_.c_str(), 1);
    else unsetenv("TMPDIR");
  }

  fs::path tmp() const { return root_ / "tmp"; }
  fs::path repo() const { return root_ / "repo"; }
  size_t scratch_count() const {
    size_t n = 0;
    for (const auto& e : fs::directory_iterator(tmp())) n += e.path().filename().string().rfind("cairn-diff-", 0) == 0;
    return n;
  }

  // Runs git in `dir` (no shell); the test fails when it does not end with status 0 unless `may_fail`.
  std::string git(const fs::path& dir, std::vector<std::string> args, bool may_fail = false) {
    args.insert(args.begin(), "git");
    targets::ProcessOptions o;
    o.capture = true;
    o.null_stdin = true;
    o.timeout_s = 120;
    targets::ProcessResult r =
        targets::run_program({args, {{"GIT_OPTIONAL_LOCKS", "0"}, {"LC_ALL", "C"}}, dir.string(), {}}, o);
    if (!may_fail) {
      EXPECT_EQ(r.status, 0) << args[1] << ": " << r.err;
    }
    return r.out;
  }

  void init_repo() {
    fs::create_directories(repo());
    git(repo(), {"init", "-q", "-b", "main"});
    git(repo(), {"config", "user.name", "Cairn Test"});
    git(repo(), {"config", "user.email", "cairn@example.invalid"});
    git(repo(), {"config", "commit.gpgsign", "false"});
  }
  void commit_all(const std::string& message) {
    git(repo(), {"add", "-A"});
    git(repo(), {"commit", "-q", "--allow-empty", "-m", message});
  }
  std::string rev(const std::string& name) {
    std::string out = git(repo(), {"rev-parse", name});
    while (!out.empty() && out.back() == '\n') out.pop_back();
    return out;
  }

  // Two commits: the first with a.cairn and src/run.sh (executable), the second changing a.cairn and adding
  // sub/proj/cairn.toml.
  void two_commits() {
    init_repo();
    write_bytes(repo() / "a.cairn", "fn a() -> u32 { 1 }\n");
    write_bytes(repo() / "src/run.sh", "#!/bin/sh\necho hi\n");
    fs::permissions(repo() / "src/run.sh", fs::perms::owner_exec, fs::perm_options::add);
    commit_all("one");
    write_bytes(repo() / "a.cairn", "fn a() -> u32 { 2 }\n");
    write_bytes(repo() / "sub/proj/cairn.toml", "[project]\nname = \"p\"\n");
    write_bytes(repo() / "sub/proj/src/main.cairn", "fn main() {}\n");
    commit_all("two");
  }

  fs::path root_;
  std::string old_tmpdir_;
  bool had_tmpdir_ = false;
};

TEST_F(Sides, APathIsThePathItself) {
  CwdGuard guard;
  write_bytes(root_ / "proj/cairn.toml", "[project]\n");
  write_bytes(root_ / "one.cairn", "fn f() {}\n");
  fs::current_path(root_);
  for (std::string name : std::vector<std::string>{"proj", "proj/cairn.toml", "one.cairn", (root_ / "proj").string()}) {
    ResolvedSide side;
    std::string error;
    ASSERT_TRUE(resolve_side(name, ".", side, error)) << error;
    EXPECT_EQ(side.named, name);
    EXPECT_EQ(side.kind, "path");
    EXPECT_EQ(side.commit, "");
    EXPECT_EQ(side.check_path, name);
    EXPECT_EQ(side.scratch, "");
    remove_scratch(side);
    EXPECT_TRUE(fs::exists(root_ / name));
  }
  EXPECT_EQ(scratch_count(), 0u);
}

TEST_F(Sides, HeadAndItsParentAreReadWithTheirBytes) {
  CwdGuard guard;
  two_commits();
  fs::current_path(repo());
  ResolvedSide head, parent;
  std::string error;
  ASSERT_TRUE(resolve_side("HEAD", ".", head, error)) << error;
  ASSERT_TRUE(resolve_side("HEAD~1", ".", parent, error)) << error;
  EXPECT_EQ(head.kind, "revision");
  EXPECT_EQ(head.named, "HEAD");
  EXPECT_EQ(head.commit, rev("HEAD"));
  EXPECT_EQ(parent.commit, rev("HEAD~1"));
  EXPECT_EQ(head.check_path, head.scratch);
  EXPECT_EQ(fs::path(head.scratch).parent_path(), tmp());
  EXPECT_EQ(fs::path(head.scratch).filename().string().rfind("cairn-diff-", 0), 0u);
  EXPECT_NE(head.scratch, parent.scratch);
  std::map<std::string, std::string> want_head = snapshot(repo());
  EXPECT_EQ(snapshot(head.scratch), want_head);
  std::map<std::string, std::string> want_parent = {{"a.cairn", "fn a() -> u32 { 1 }\n"},
                                                    {"src/run.sh", "#!/bin/sh\necho hi\n"}};
  EXPECT_EQ(snapshot(parent.scratch), want_parent);
  EXPECT_TRUE(executable(fs::path(parent.scratch) / "src/run.sh"));
  EXPECT_FALSE(executable(fs::path(parent.scratch) / "a.cairn"));
  EXPECT_EQ(scratch_count(), 2u);
  remove_scratch(head);
  remove_scratch(parent);
  EXPECT_EQ(scratch_count(), 0u);
}

TEST_F(Sides, ABranchATagAndAnAbbreviatedCommitAreRevisions) {
  CwdGuard guard;
  two_commits();
  git(repo(), {"branch", "old", "HEAD~1"});
  git(repo(), {"tag", "-a", "v1", "-m", "v1", "HEAD~1"});  // an annotated tag: peeled to its commit
  fs::current_path(repo() / "src");                        // any directory of the work tree
  std::string abbreviated = rev("HEAD~1").substr(0, 9);
  for (std::string name : std::vector<std::string>{"old", "v1", abbreviated}) {
    ResolvedSide side;
    std::string error;
    ASSERT_TRUE(resolve_side(name, "..", side, error)) << name << ": " << error;
    EXPECT_EQ(side.kind, "revision");
    EXPECT_EQ(side.commit, rev("HEAD~1")) << name;
    EXPECT_EQ(read_bytes(fs::path(side.check_path) / "a.cairn"), "fn a() -> u32 { 1 }\n");
    remove_scratch(side);
  }
  EXPECT_EQ(scratch_count(), 0u);
}

TEST_F(Sides, InNamesTheProjectRelativeToTheCurrentDirectory) {
  CwdGuard guard;
  two_commits();
  fs::current_path(repo() / "sub");
  ResolvedSide side;
  std::string error;
  ASSERT_TRUE(resolve_side("HEAD", "proj", side, error)) << error;
  EXPECT_EQ(side.check_path, side.scratch + "/sub/proj");
  EXPECT_EQ(read_bytes(fs::path(side.check_path) / "cairn.toml"), "[project]\nname = \"p\"\n");
  EXPECT_TRUE(fs::exists(fs::path(side.scratch) / "a.cairn"));  // the whole tree is read
  remove_scratch(side);
  ASSERT_TRUE(resolve_side("HEAD", (repo() / "sub/proj/src/main.cairn").string(), side, error)) << error;
  EXPECT_EQ(side.check_path, side.scratch + "/sub/proj/src/main.cairn");
  remove_scratch(side);
  EXPECT_EQ(scratch_count(), 0u);
}

TEST_F(Sides, InAbsentFromTheRevisionIsAnErrorNamingIt) {
  CwdGuard guard;
  two_commits();
  fs::current_path(repo());
  ResolvedSide side;
  std::string error;
  EXPECT_FALSE(resolve_side("HEAD~1", "sub/proj", side, error));
  EXPECT_EQ(error, "Revision HEAD~1 has no sub/proj, the project --in names.");
  EXPECT_EQ(side.scratch, "");
  EXPECT_EQ(scratch_count(), 0u);
}

TEST_F(Sides, InOutsideTheWorkTreeIsRefused) {
  CwdGuard guard;
  two_commits();
  fs::create_directories(root_ / "elsewhere");
  fs::current_path(repo());
  for (std::string in : std::vector<std::string>{"../elsewhere", (root_ / "elsewhere").string(), "/"}) {
    ResolvedSide side;
    std::string error;
    EXPECT_FALSE(resolve_side("HEAD", in, side, error)) << in;
    EXPECT_NE(error.find("lies outside the git work tree"), std::string::npos) << error;
    EXPECT_EQ(side.scratch, "");
  }
  EXPECT_EQ(scratch_count(), 0u);
}

TEST_F(Sides, ANameThatIsNeitherIsAnErrorAndLeavesNoScratch) {
  CwdGuard guard;
  two_commits();
  fs::current_path(repo());
  std::string here = fs::current_path().string();
  for (std::string name : {"HEAD~7", "no-such-branch", "", "--output=x"}) {
    ResolvedSide side;
    std::string error;
    EXPECT_FALSE(resolve_side(name, ".", side, error));
    std::string shown = name.empty() ? "The empty name" : name;
    EXPECT_EQ(error, shown + " is neither a path nor a revision of the git repository around " + here + ".");
    EXPECT_EQ(side.kind, "");
  }
  // Outside any work tree.
  fs::create_directories(root_ / "plain");
  fs::current_path(root_ / "plain");
  setenv("GIT_CEILING_DIRECTORIES", root_.c_str(), 1);
  ResolvedSide side;
  std::string error;
  EXPECT_FALSE(resolve_side("HEAD", ".", side, error));
  unsetenv("GIT_CEILING_DIRECTORIES");
  EXPECT_EQ(error, "HEAD is neither a path nor a revision: there is no git work tree around " +
                       fs::current_path().string() + ".");
  EXPECT_EQ(scratch_count(), 0u);
}

TEST_F(Sides, ANameThatIsBothAPathAndABranchIsThePath) {
  CwdGuard guard;
  two_commits();
  git(repo(), {"branch", "feature"});
  write_bytes(repo() / "feature/cairn.toml", "[project]\n");  // untracked
  fs::current_path(repo());
  ResolvedSide side;
  std::string error;
  ASSERT_TRUE(resolve_side("feature", ".", side, error)) << error;
  EXPECT_EQ(side.kind, "path");
  EXPECT_EQ(side.check_path, "feature");
  EXPECT_EQ(scratch_count(), 0u);
}

TEST_F(Sides, ASymbolicLinkIsRefused) {
  CwdGuard guard;
  init_repo();
  write_bytes(repo() / "src/a.cairn", "fn a() {}\n");
  fs::create_symlink("a.cairn", repo() / "src/l.cairn");
  commit_all("link");
  fs::current_path(repo());
  ResolvedSide side;
  std::string error;
  EXPECT_FALSE(resolve_side("HEAD", ".", side, error));
  EXPECT_EQ(error, "Revision HEAD holds a symbolic link, src/l.cairn, which cairn diff does not read.");
  EXPECT_EQ(side.scratch, "");
  EXPECT_EQ(scratch_count(), 0u);
}

TEST_F(Sides, ASubmoduleIsRefused) {
  CwdGuard guard;
  init_repo();
  write_bytes(repo() / "a.cairn", "fn a() {}\n");
  commit_all("one");
  git(repo(), {"update-index", "--add", "--cacheinfo", "160000," + rev("HEAD") + ",lib/dep"});
  git(repo(), {"commit", "-q", "-m", "submodule"});
  fs::current_path(repo());
  ResolvedSide side;
  std::string error;
  EXPECT_FALSE(resolve_side("HEAD", ".", side, error));
  EXPECT_EQ(error, "Revision HEAD holds a submodule, lib/dep, which cairn diff does not read.");
  EXPECT_EQ(scratch_count(), 0u);
}

TEST_F(Sides, ABackslashInAPathIsRefused) {
  CwdGuard guard;
  init_repo();
  write_bytes(repo() / "a\\b.cairn", "fn a() {}\n");
  commit_all("backslash");
  fs::current_path(repo());
  ResolvedSide side;
  std::string error;
  EXPECT_FALSE(resolve_side("HEAD", ".", side, error));
  EXPECT_EQ(error, "Revision HEAD holds a path with an empty, '.' or '..' part or a backslash, a\\b.cairn, which "
                   "cairn diff does not read.");
  EXPECT_EQ(scratch_count(), 0u);
}

// A tree git itself would not write, made with `git mktree` (which does not check names).
TEST_F(Sides, DotAndDotDotPartsAreRefused) {
  CwdGuard guard;
  init_repo();
  fs::current_path(repo());
  auto plumbing = [](std::vector<std::string> args, std::string input) {
    GitCall call;
    call.args = std::move(args);
    call.input = std::move(input);
    GitOutput r = run_git(call);
    EXPECT_TRUE(r.ran && r.status == 0) << r.failure << r.err;
    return r.out.substr(0, r.out.find('\n'));
  };
  std::string blob = plumbing({"hash-object", "-w", "--stdin"}, "fn a() {}\n");
  for (std::string part : {"..", "."}) {
    std::string inner = plumbing({"mktree"}, "100644 blob " + blob + "\t" + part + "\n");
    std::string outer = plumbing({"mktree"}, "040000 tree " + inner + "\tsrc\n");
    std::string commit = plumbing({"commit-tree", outer, "-m", "odd"}, "");
    ResolvedSide side;
    std::string error;
    EXPECT_FALSE(resolve_side(commit, ".", side, error));
    EXPECT_EQ(error, "Revision " + commit + " holds a path with an empty, '.' or '..' part or a backslash, src/" +
                         part + ", which cairn diff does not read.");
  }
  EXPECT_EQ(scratch_count(), 0u);
  EXPECT_FALSE(fs::exists(root_ / "a.cairn"));
}

TEST_F(Sides, AsManyFilesAsTheLimitAreReadInOneBatch) {
  CwdGuard guard;
  init_repo();
  for (uint64_t i = 0; i < kMaxRevisionFiles - 1; ++i)
    write_bytes(repo() / ("d" + std::to_string(i % 7)) / ("f" + std::to_string(i) + ".cairn"),
                std::to_string(i) + "\n");
  std::string big(3'000'000, '\0');
  for (size_t i = 0; i < big.size(); ++i) big[i] = static_cast<char>(i * 7919 % 251);
  write_bytes(repo() / "big.bin", big);
  commit_all("limit");
  fs::current_path(repo());
  ResolvedSide side;
  std::string error;
  ASSERT_TRUE(resolve_side("HEAD", ".", side, error)) << error;
  EXPECT_EQ(snapshot(side.scratch), snapshot(repo()));
  remove_scratch(side);
  EXPECT_EQ(scratch_count(), 0u);
}

TEST_F(Sides, MoreFilesThanTheLimitAreRefused) {
  CwdGuard guard;
  init_repo();
  for (uint64_t i = 0; i <= kMaxRevisionFiles; ++i) write_bytes(repo() / ("f" + std::to_string(i)), "");
  commit_all("many");
  fs::current_path(repo());
  ResolvedSide side;
  std::string error;
  EXPECT_FALSE(resolve_side("HEAD", ".", side, error));
  EXPECT_EQ(error, "Revision HEAD holds more than 4,000 files, the most cairn diff reads.");
  EXPECT_EQ(scratch_count(), 0u);
}

TEST_F(Sides, MoreBytesThanTheLimitAreRefused) {
  CwdGuard guard;
  init_repo();
  write_bytes(repo() / "big", std::string(kMaxRevisionBytes / 2, 'x'));
  write_bytes(repo() / "big2", std::string(kMaxRevisionBytes / 2 + 1, 'y'));
  commit_all("big");
  fs::current_path(repo());
  ResolvedSide side;
  std::string error;
  EXPECT_FALSE(resolve_side("HEAD", ".", side, error));
  EXPECT_EQ(error, "Revision HEAD holds more than 32,000,000 bytes, the most cairn diff reads.");
  EXPECT_EQ(scratch_count(), 0u);
}

TEST_F(Sides, AnEmptyTreeIsAnEmptyScratchDirectory) {
  CwdGuard guard;
  init_repo();
  commit_all("empty");
  fs::current_path(repo());
  ResolvedSide side;
  std::string error;
  ASSERT_TRUE(resolve_side("HEAD", ".", side, error)) << error;
  EXPECT_TRUE(fs::is_directory(side.check_path));
  EXPECT_TRUE(fs::is_empty(side.check_path));
  remove_scratch(side);
  EXPECT_EQ(scratch_count(), 0u);
}

TEST_F(Sides, ARepositoryInTheMiddleOfAMergeIsReadAndLeftAsItWas) {
  CwdGuard guard;
  init_repo();
  write_bytes(repo() / "a.cairn", "fn a() -> u32 { 0 }\n");
  commit_all("base");
  git(repo(), {"checkout", "-q", "-b", "other"});
  write_bytes(repo() / "a.cairn", "fn a() -> u32 { 1 }\n");
  commit_all("other");
  git(repo(), {"checkout", "-q", "main"});
  write_bytes(repo() / "a.cairn", "fn a() -> u32 { 2 }\n");
  commit_all("main");
  git(repo(), {"merge", "-q", "other"}, /*may_fail=*/true);
  std::string status = git(repo(), {"status", "--porcelain"});
  ASSERT_NE(status.find("UU a.cairn"), std::string::npos) << status;  // conflicted
  std::map<std::string, std::string> tree = snapshot(repo());
  std::string index = read_bytes(repo() / ".git/index");
  fs::current_path(repo());
  for (std::string name : {"HEAD", "MERGE_HEAD", "HEAD~1"}) {
    ResolvedSide side;
    std::string error;
    ASSERT_TRUE(resolve_side(name, ".", side, error)) << name << ": " << error;
    std::string want = name == "MERGE_HEAD" ? "fn a() -> u32 { 1 }\n" : name == "HEAD" ? "fn a() -> u32 { 2 }\n"
                                                                                      : "fn a() -> u32 { 0 }\n";
    EXPECT_EQ(read_bytes(fs::path(side.check_path) / "a.cairn"), want) << name;
    remove_scratch(side);
  }
  EXPECT_EQ(git(repo(), {"status", "--porcelain"}), status);
  EXPECT_EQ(snapshot(repo()), tree);
  EXPECT_EQ(read_bytes(repo() / ".git/index"), index);
  EXPECT_TRUE(fs::exists(repo() / ".git/MERGE_HEAD"));
  EXPECT_EQ(scratch_count(), 0u);
}

TEST_F(Sides, RemoveScratchRemovesTheDirectoryAndIsSafeTwice) {
  CwdGuard guard;
  two_commits();
  fs::current_path(repo());
  ResolvedSide side;
  std::string error;
  ASSERT_TRUE(resolve_side("HEAD", ".", side, error)) << error;
  std::string scratch = side.scratch;
  ASSERT_TRUE(fs::is_directory(scratch));
  remove_scratch(side);
  EXPECT_FALSE(fs::exists(scratch));
  EXPECT_EQ(side.scratch, "");
  remove_scratch(side);
  ResolvedSide copy;
  copy.scratch = scratch;  // already gone
  remove_scratch(copy);
  ResolvedSide stranger;
  stranger.scratch = repo().string();  // not a cairn-diff-* directory: left alone
  remove_scratch(stranger);
  EXPECT_TRUE(fs::exists(repo() / "a.cairn"));
  EXPECT_EQ(scratch_count(), 0u);
}

TEST(GitCall, RunsGitWithItsInputAndItsOwnEnvironment) {
  GitCall call;
  call.args = {"hash-object", "--stdin"};
  call.input = "hello\n";
  GitOutput r = run_git(call);
  ASSERT_TRUE(r.ran) << r.failure;
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "ce013625030ba8dba906f756967f9e9ca394464a\n");
  std::vector<std::string> env = git_environment();
  EXPECT_NE(std::find(env.begin(), env.end(), "LC_ALL=C"), env.end());
  EXPECT_NE(std::find(env.begin(), env.end(), "GIT_TERMINAL_PROMPT=0"), env.end());
  for (const std::string& e : env) {
    EXPECT_NE(e.rfind("GIT_DIR=", 0), 0u);
    EXPECT_NE(e.rfind("LANG=", 0), 0u);
  }
}

TEST(GitCall, AFailingCommandReportsItsStatus) {
  GitCall call;
  call.args = {"no-such-git-command-cairn"};
  GitOutput r = run_git(call);
  ASSERT_TRUE(r.ran) << r.failure;
  EXPECT_NE(r.status, 0);
  EXPECT_FALSE(r.err.empty());
  EXPECT_FALSE(first_line(r.err).empty());
}

TEST(GitCall, ACallPastItsLimitIsStopped) {
  GitCall call;
  call.args = {"-c", "alias.cairn-wait=!sleep 30", "cairn-wait"};
  call.timeout_s = 1;
  GitOutput r = run_git(call);
  EXPECT_FALSE(r.ran);
  EXPECT_EQ(r.failure, "git -c alias.cairn-wait=!sleep 30 cairn-wait ran past 1 s and was stopped.");
}

TEST(GitCall, OutputPastItsLimitIsAFailure) {
  GitCall call;
  call.args = {"hash-object", "--stdin"};
  call.input = "x";
  call.out_limit = 8;
  GitOutput r = run_git(call);
  EXPECT_FALSE(r.ran);
  EXPECT_NE(r.failure.find("wrote more than 8 bytes"), std::string::npos) << r.failure;
}

}  // namespace
}  // namespace cairn::diff
