"""`cairn diff` end to end, beyond the fixture corpus (see diff_cmd.sh). Prints one line per check, then totals.

usage: diff_cmd.py CAIRN SOURCE_DIR

Every `cairn` run gets TMPDIR set to a fresh directory of its group, which must be empty after each run (no
`cairn-diff-*` scratch left). Each git repository is snapshotted (git status --porcelain, the bytes and mode of every
work-tree file, every file under .git including the index, HEAD) before and after every revision diff. Groups of
checks run in parallel; their lines are printed in a fixed order.
"""
import concurrent.futures
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

cairn, source_dir = sys.argv[1], sys.argv[2]
ROOT = tempfile.mkdtemp(prefix="cairn-diffcmd-")
GOLDEN_DIR = os.path.join(source_dir, "tests", "golden", "diff_markdown")
CLASSES = ("identical-code", "identical-source", "smt-equivalent", "behavior-changed", "signature-changed",
           "added", "removed", "renamed", "unknown")
UNLISTED = ("identical-code", "identical-source")
HEX40 = re.compile(r"^[0-9a-f]{40}$")

# A pair with one function of each kind the revision tests look at: identical, smt-equivalent, behavior-changed.
PAIR_OLD = """fn inc(x:u32) -> u32 = x + 1;
fn poly(x:u32) -> u32 {
  let d = x * 2;
  return d + x;
}
fn div(a:u32, b:u32) -> u32 = a / b;
"""
PAIR_NEW = """fn inc(x:u32) -> u32 = x + 1;
fn poly(x:u32) -> u32 {
  let d = x + x;
  return x + d;
}
fn div(a:u32, b:u32) -> u32 {
  if b == 0 {
    return 0;
  }
  return a / b;
}
"""
PAIR_CLASSES = {"inc": "identical-code", "poly": "smt-equivalent", "div": "behavior-changed"}
BROKEN = "fn inc(x:u32) -> u32 = x + ;\n"


class Group:
    """One group's check lines, printed together in the group's order."""

    def __init__(self, name):
        self.name = name
        self.lines = []
        self.failed = 0
        self.tmpdir = os.path.join(ROOT, "tmpdir-" + name)
        os.makedirs(self.tmpdir)

    def check(self, ok, what, detail=""):
        if ok:
            self.lines.append("ok   " + what)
        else:
            self.failed += 1
            self.lines.append("FAIL " + what + (": " + detail if detail else ""))
        return ok

    def run(self, args, cwd, fmt="json"):
        """cairn diff ARGS in CWD; (exit, stdout, stderr, record or None). Checks TMPDIR is empty afterwards."""
        env = dict(os.environ)
        env.pop("CAIRN_FORMAT", None)
        env.pop("NO_COLOR", None)
        env["TMPDIR"] = self.tmpdir
        words = [cairn, "diff"] + args + (["--format", fmt] if fmt else [])
        p = subprocess.run(words, cwd=cwd, capture_output=True, text=True, env=env, timeout=600)
        rec = None
        if fmt == "json":
            try:
                rec = json.loads(p.stdout)
            except ValueError:
                rec = None
        left = sorted(os.listdir(self.tmpdir))
        if left:
            self.check(False, "TMPDIR empty after `cairn diff %s`" % " ".join(args), "left %s" % left)
            for name in left:
                shutil.rmtree(os.path.join(self.tmpdir, name), ignore_errors=True)
        return p.returncode, p.stdout, p.stderr, rec


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def git_env():
    env = dict(os.environ)
    env.update({"GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull, "LC_ALL": "C",
                "GIT_OPTIONAL_LOCKS": "0", "GIT_TERMINAL_PROMPT": "0"})
    for k in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"):
        env.pop(k, None)
    return env


def git(repo, *args, ok=True):
    p = subprocess.run(["git"] + list(args), cwd=repo, capture_output=True, text=True, env=git_env())
    if ok and p.returncode != 0:
        raise RuntimeError("git %s failed in %s: %s" % (" ".join(args), repo, p.stderr))
    return p.stdout.strip() if ok else p


def new_repo(name):
    repo = os.path.join(ROOT, name)
    os.makedirs(repo)
    git(repo, "init", "-q", "-b", "main", ".")
    git(repo, "config", "user.name", "Diff Test")
    git(repo, "config", "user.email", "diff-test@example.invalid")
    git(repo, "config", "commit.gpgsign", "false")
    return repo


def commit_all(repo, message):
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)
    return git(repo, "rev-parse", "HEAD")


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def snapshot(repo):
    """Everything a diff must leave alone, read without writing (.git read first, then git status without locks)."""
    tree, dotgit = {}, {}
    for base, dirs, files in os.walk(repo):
        for f in files:
            path = os.path.join(base, f)
            rel = os.path.relpath(path, repo)
            entry = (oct(os.lstat(path).st_mode), digest(path))
            (dotgit if rel.split(os.sep)[0] == ".git" else tree)[rel] = entry
    return {"tree": tree, "git": dotgit, "head": git(repo, "rev-parse", "HEAD"),
            "status": git(repo, "status", "--porcelain", "--untracked-files=all")}


def same_snapshot(g, repo, before, what):
    after = snapshot(repo)
    diffs = [k for k in before if before[k] != after[k]]
    detail = ""
    for k in diffs:
        if isinstance(before[k], dict):
            keys = sorted(set(before[k]) | set(after[k]))
            detail += "%s changed at %s; " % (k, [x for x in keys if before[k].get(x) != after[k].get(x)][:5])
        else:
            detail += "%s: %r -> %r; " % (k, before[k], after[k])
    g.check(not diffs, "work tree, index and HEAD unchanged by " + what, detail)


def classes(rec):
    return {n: e.get("class") for n, e in ((rec or {}).get("functions") or {}).items()}


def side(rec, key):
    return (rec or {}).get(key)


def is_env_failure(rec):
    return bool(rec) and rec.get("protocol") == "cairn.diagnostic/2" and rec.get("status") == "unknown" \
        and rec.get("code") == "E-PROJECT-OR-ENVIRONMENT"


def one_sentence(msg):
    return isinstance(msg, str) and msg.endswith(".") and "\n" not in msg and not re.search(r"[.!?] [A-Z]", msg)


def without_durations(rec):
    rec = json.loads(json.dumps(rec))
    if isinstance(rec, dict):
        rec.pop("durations_s", None)
    return rec


def record_difference(a, b):
    """The first differing path of two records, durations_s left out, with both values."""
    def walk(x, y, path):
        if isinstance(x, dict) and isinstance(y, dict):
            for k in list(x) + [k for k in y if k not in x]:
                if k != "durations_s" or path:
                    r = walk(x.get(k), y.get(k), path + [k])
                    if r:
                        return r
            return None
        return None if x == y else "%s: %s vs %s" % (".".join(map(str, path)), short(json.dumps(x), 150),
                                                    short(json.dumps(y), 150))
    return walk(a or {}, b or {}, []) or "nothing"


def short(text, n=300):
    text = (text or "").strip().replace("\n", " | ")
    return text if len(text) <= n else text[:n] + "..."


def check_revision_record(g, what, rc, rec, err, old_named, old_commit, new_named, new_commit, want):
    g.check(rc == 0, what + ": exit 0", "exit %d, %s" % (rc, short(err or json.dumps(rec))))
    g.check(bool(rec) and rec.get("schema") == "cairn.diff/1", what + ": a cairn.diff/1 record", short(json.dumps(rec)))
    g.check(side(rec, "old") == {"named": old_named, "kind": "revision" if old_commit else "path",
                                 "commit": old_commit or ""},
            what + ": old = %s %s" % ("revision" if old_commit else "path", old_named), json.dumps(side(rec, "old")))
    g.check(side(rec, "new") == {"named": new_named, "kind": "revision" if new_commit else "path",
                                 "commit": new_commit or ""},
            what + ": new = %s %s" % ("revision" if new_commit else "path", new_named), json.dumps(side(rec, "new")))
    g.check(classes(rec) == want, what + ": classes " + json.dumps(want, sort_keys=True),
            json.dumps(classes(rec), sort_keys=True))


# ---------------------------------------------------------------------------------------------------------------
# A: a single-file project at the root of a repository: revisions, a branch, a path against a revision, --in
# outside the work tree, a missing revision, a side that does not check; a dirty work tree and index throughout.
def group_single_file():
    g = Group("single")
    repo = new_repo("repo-single")
    write(os.path.join(repo, "prog.cairn"), PAIR_OLD)
    write(os.path.join(repo, "notes.txt"), "not cairn\n")
    c1 = commit_all(repo, "old")
    write(os.path.join(repo, "prog.cairn"), PAIR_NEW)
    c2 = commit_all(repo, "new")
    git(repo, "branch", "base", c1)
    git(repo, "checkout", "-q", "-b", "broken")
    write(os.path.join(repo, "prog.cairn"), BROKEN)
    commit_all(repo, "broken")
    git(repo, "checkout", "-q", "main")
    # Uncommitted work: prog.cairn does not check in the work tree, a staged file, untracked copies of both sides.
    write(os.path.join(repo, "prog.cairn"), BROKEN)
    write(os.path.join(repo, "staged.txt"), "staged\n")
    git(repo, "add", "staged.txt")
    write(os.path.join(repo, "copies", "old.cairn"), PAIR_OLD)
    write(os.path.join(repo, "copies", "new.cairn"), PAIR_NEW)
    outside = os.path.join(ROOT, "outside-dir")
    os.makedirs(outside, exist_ok=True)

    before = snapshot(repo)
    rc, out, err, rec = g.run(["HEAD~1", "HEAD", "--in", "prog.cairn"], repo)
    check_revision_record(g, "single file: diff HEAD~1 HEAD --in prog.cairn", rc, rec, err,
                          "HEAD~1", c1, "HEAD", c2, PAIR_CLASSES)
    g.check(bool(HEX40.match(((rec or {}).get("old") or {}).get("commit", ""))),
            "single file: old.commit is 40 hex digits")
    same_snapshot(g, repo, before, "diff HEAD~1 HEAD")
    div = ((rec or {}).get("functions") or {}).get("div") or {}
    trap = ((div.get("witness") or {}).get("before") or {}).get("trap", "")
    g.check("cairn-diff-" not in json.dumps(rec or {}),
            "single file: the record never names the scratch directory", short(trap))

    rc2, _, err2, rec2 = g.run(["HEAD~1", "HEAD", "--in", "prog.cairn"], repo)
    g.check(rc2 == 0 and bool(rec) and bool(rec2) and without_durations(rec) == without_durations(rec2),
            "single file: the same revision diff twice gives the same record but durations_s",
            "exit %d; differing: %s" % (rc2, record_difference(rec, rec2)))
    same_snapshot(g, repo, before, "a second diff HEAD~1 HEAD")

    sub = os.path.join(repo, "copies")
    rc, out, err, rec = g.run(["HEAD~1", "HEAD", "--in", "../prog.cairn", "--replays", "0"], sub)
    check_revision_record(g, "single file: from a subdirectory, --in ../prog.cairn", rc, rec, err,
                          "HEAD~1", c1, "HEAD", c2, PAIR_CLASSES)
    same_snapshot(g, repo, before, "the diff from a subdirectory")

    rc, out, err, rec = g.run(["base", "HEAD", "--in", "prog.cairn", "--replays", "0"], repo)
    check_revision_record(g, "single file: branch side, diff base HEAD", rc, rec, err,
                          "base", c1, "HEAD", c2, PAIR_CLASSES)
    same_snapshot(g, repo, before, "diff base HEAD")

    rc, out, err, rec = g.run(["copies/old.cairn", "HEAD", "--in", "prog.cairn", "--replays", "0"], repo)
    check_revision_record(g, "mixed: diff copies/old.cairn HEAD (path against revision; the work tree's "
                          "prog.cairn, which does not check, is not read)", rc, rec, err,
                          "copies/old.cairn", None, "HEAD", c2, PAIR_CLASSES)
    same_snapshot(g, repo, before, "diff PATH HEAD")

    rc, out, err, rec = g.run(["base", "copies/new.cairn", "--in", "prog.cairn", "--replays", "0"], repo)
    check_revision_record(g, "mixed: diff base copies/new.cairn (revision against path)", rc, rec, err,
                          "base", c1, "copies/new.cairn", None, PAIR_CLASSES)
    same_snapshot(g, repo, before, "diff base PATH")

    rc, out, err, rec = g.run(["HEAD~1", "HEAD", "--in", outside], repo)
    msg = (rec or {}).get("message", "")
    g.check(rc == 2 and is_env_failure(rec) and "outside" in msg and outside in msg,
            "--in outside the work tree: exit 2, E-PROJECT-OR-ENVIRONMENT naming the path and 'outside'",
            "exit %d, %s" % (rc, short(out + err)))
    rc, out, err, _ = g.run(["HEAD~1", "HEAD", "--in", outside], repo, fmt="human")
    g.check(rc == 2 and "outside" in (out + err), "--in outside the work tree (human): exit 2 with the message",
            "exit %d, %s" % (rc, short(out + err)))
    same_snapshot(g, repo, before, "--in outside the work tree")

    rc, out, err, rec = g.run(["no-such-rev", "HEAD", "--in", "prog.cairn"], repo)
    msg = (rec or {}).get("message", "")
    g.check(rc == 2 and is_env_failure(rec), "missing revision: exit 2, a refusal record E-PROJECT-OR-ENVIRONMENT",
            "exit %d, %s" % (rc, short(out + err)))
    g.check("no-such-rev" in msg and one_sentence(msg), "missing revision: one sentence naming it", repr(msg))
    rc, out, err, rec = g.run(["HEAD", "no-such-rev", "--in", "prog.cairn"], repo)
    g.check(rc == 2 and is_env_failure(rec) and "no-such-rev" in (rec or {}).get("message", ""),
            "missing revision as NEW: exit 2 naming it", "exit %d, %s" % (rc, short(out + err)))
    rc, out, err, _ = g.run(["no-such-rev", "HEAD", "--in", "prog.cairn"], repo, fmt="human")
    g.check(rc == 2 and "no-such-rev" in (out + err), "missing revision (human): exit 2 naming it",
            "exit %d, %s" % (rc, short(out + err)))
    rc, out, err, rec = g.run(["no-such-rev", "HEAD"], outside)
    g.check(rc == 2 and is_env_failure(rec) and "no-such-rev" in (rec or {}).get("message", ""),
            "a name that is neither a path nor a revision, outside any work tree: exit 2 naming it",
            "exit %d, %s" % (rc, short(out + err)))
    same_snapshot(g, repo, before, "the missing revision diffs")

    rc, out, err, rec = g.run(["HEAD", "broken", "--in", "prog.cairn"], repo)
    g.check(rc == 1, "NEW revision does not check: exit 1", "exit %d, %s" % (rc, short(out + err)))
    g.check(bool(rec) and rec.get("protocol") == "cairn.diagnostic/2" and rec.get("status") == "rejected"
            and rec.get("side") == "new" and rec.get("version") == "broken",
            "NEW revision does not check: diagnostic with side new, version broken", short(json.dumps(rec)))
    rc, out, err, rec = g.run(["broken", "HEAD", "--in", "prog.cairn"], repo)
    g.check(rc == 1 and bool(rec) and rec.get("side") == "old" and rec.get("version") == "broken",
            "OLD revision does not check: exit 1, side old, version broken", "exit %d, %s" % (rc, short(out + err)))
    g.check("cairn-diff-" not in json.dumps(rec or {}),
            "OLD revision does not check: the diagnostic does not name the removed scratch directory",
            short(json.dumps({k: (rec or {}).get(k) for k in ("file", "message")})))
    rc, out, err, _ = g.run(["broken", "HEAD", "--in", "prog.cairn"], repo, fmt="human")
    g.check(rc == 1, "OLD revision does not check (human): exit 1", "exit %d" % rc)
    rc, out, err, rec = g.run(["copies/old.cairn", "prog.cairn"], repo)
    g.check(rc == 1 and bool(rec) and rec.get("side") == "new" and rec.get("version") == "prog.cairn",
            "NEW path does not check: exit 1, side new, version prog.cairn", "exit %d, %s" % (rc, short(out + err)))
    same_snapshot(g, repo, before, "the diffs of sides that do not check")
    return g


# ---------------------------------------------------------------------------------------------------------------
# B: a project directory (cairn.toml + src/*.cairn) in a subdirectory of the repository, under --in.
def group_project():
    g = Group("project")
    repo = new_repo("repo-project")
    manifest = ('[project]\nname = "svc"\nsources = ["src/mathx.cairn", "src/usex.cairn"]\n\n'
                '[build]\nkind = "library"\n')
    mathx_old = ("module mathx;\n\npub fn inc(x:u32) -> u32 = x + 1;\n\npub fn poly(x:u32) -> u32 {\n"
                 "  let d = x * 2;\n  return d + x;\n}\n")
    mathx_new = ("module mathx;\n\npub fn inc(x:u32) -> u32 = x + 1;\n\npub fn poly(x:u32) -> u32 {\n"
                 "  let d = x + x;\n  return x + d;\n}\n\npub fn fresh(x:u32) -> u32 = x * 3;\n")
    usex = "module usex;\nimport mathx;\n\npub fn twice(x:u32) -> u32 = mathx.inc(mathx.inc(x));\n"
    write(os.path.join(repo, "README.md"), "# a repository whose CAIRN project is in svc/\n")
    write(os.path.join(repo, "svc", "cairn.toml"), manifest)
    write(os.path.join(repo, "svc", "src", "mathx.cairn"), mathx_old)
    write(os.path.join(repo, "svc", "src", "usex.cairn"), usex)
    c1 = commit_all(repo, "old")
    write(os.path.join(repo, "svc", "src", "mathx.cairn"), mathx_new)
    c2 = commit_all(repo, "new")
    # Uncommitted: the work tree's mathx does not check, and a staged change to the README.
    write(os.path.join(repo, "svc", "src", "mathx.cairn"), "module mathx;\npub fn inc(x:u32) -> u32 = ;\n")
    write(os.path.join(repo, "README.md"), "# edited\n")
    git(repo, "add", "README.md")
    want = {"mathx.inc": "identical-code", "mathx.poly": "smt-equivalent", "mathx.fresh": "added",
            "usex.twice": "identical-code"}

    before = snapshot(repo)
    rc, out, err, rec = g.run(["HEAD~1", "HEAD", "--in", "svc"], repo)
    check_revision_record(g, "project directory: diff HEAD~1 HEAD --in svc", rc, rec, err, "HEAD~1", c1, "HEAD", c2,
                          want)
    same_snapshot(g, repo, before, "diff HEAD~1 HEAD --in svc")
    rc2, out2, err2, rec2 = g.run(["HEAD~1", "HEAD"], os.path.join(repo, "svc"))
    check_revision_record(g, "project directory: diff HEAD~1 HEAD run inside svc/ (default --in .)", rc2, rec2, err2,
                          "HEAD~1", c1, "HEAD", c2, want)
    g.check(bool(rec) and bool(rec2) and without_durations(rec) == without_durations(rec2),
            "project directory: --in svc from the top and --in . inside svc/ give the same record",
            record_difference(rec, rec2))
    rc, out, err, _ = g.run(["HEAD~1", "HEAD", "--in", "svc"], repo, fmt="human")
    first = out.splitlines()[0] if out else ""
    g.check(rc == 0 and first == "HEAD~1 -> HEAD: 2 identical-code, 1 smt-equivalent, 1 added",
            "project directory (human): first line `HEAD~1 -> HEAD: 2 identical-code, 1 smt-equivalent, 1 added`",
            "exit %d, %r" % (rc, first))
    same_snapshot(g, repo, before, "the human diff --in svc")
    git(repo, "stash", "-q")  # to commit on a branch; popped back at once
    git(repo, "checkout", "-q", "-b", "withlink")
    os.symlink("mathx.cairn", os.path.join(repo, "svc", "src", "link.cairn"))
    commit_all(repo, "a symbolic link")
    git(repo, "checkout", "-q", "main")
    git(repo, "stash", "pop", "-q", "--index")
    before = snapshot(repo)
    rc, out, err, rec = g.run(["HEAD", "withlink", "--in", "svc"], repo)
    g.check(rc == 2 and is_env_failure(rec) and "symbolic link" in (rec or {}).get("message", ""),
            "project directory: a revision holding a symbolic link is refused, exit 2",
            "exit %d, %s" % (rc, short(out + err)))
    same_snapshot(g, repo, before, "the refused symbolic link")
    git(repo, "stash", "-q")
    git(repo, "checkout", "-q", "-b", "brokensvc")
    write(os.path.join(repo, "svc", "src", "usex.cairn"), usex.replace("mathx.inc(x))", "mathx.inc(x)"))
    commit_all(repo, "usex does not parse")
    git(repo, "checkout", "-q", "main")
    git(repo, "stash", "pop", "-q", "--index")
    before = snapshot(repo)
    rc, out, err, rec = g.run(["HEAD", "brokensvc", "--in", "svc"], repo)
    g.check(rc == 1 and bool(rec) and rec.get("status") == "rejected" and rec.get("side") == "new"
            and rec.get("version") == "brokensvc",
            "project directory: NEW revision does not check: exit 1, side new, version brokensvc",
            "exit %d, %s" % (rc, short(out + err)))
    g.check("cairn-diff-" not in json.dumps(rec or {}),
            "project directory: that diagnostic does not name the removed scratch directory",
            short(json.dumps({k: (rec or {}).get(k) for k in ("file", "message")})))
    same_snapshot(g, repo, before, "the refused project revision")
    same_snapshot(g, repo, before, "diff HEAD~1 HEAD inside svc/")
    rc, out, err, rec = g.run(["HEAD~1", "HEAD", "--in", "svc/nothere"], repo)
    g.check(rc == 2 and is_env_failure(rec) and "svc/nothere" in (rec or {}).get("message", ""),
            "project directory: --in naming what the revision lacks: exit 2 naming it",
            "exit %d, %s" % (rc, short(out + err)))
    rc, out, err, rec = g.run(["HEAD~1", "HEAD"], repo)
    g.check(rc == 2 and is_env_failure(rec), "project directory: default --in . at the top, which has no "
            "cairn.toml: exit 2", "exit %d, %s" % (rc, short(out + err)))
    g.check("cairn-diff-" not in json.dumps(rec or {}),
            "project directory: that refusal does not name the removed scratch directory",
            short((rec or {}).get("message", "")))
    same_snapshot(g, repo, before, "the refused --in diffs")
    return g


# ---------------------------------------------------------------------------------------------------------------
# C: a repository in the middle of a conflicted merge.
def group_merge():
    g = Group("merge")
    repo = new_repo("repo-merge")
    write(os.path.join(repo, "prog.cairn"), PAIR_OLD)
    c1 = commit_all(repo, "old")
    git(repo, "checkout", "-q", "-b", "other")
    write(os.path.join(repo, "prog.cairn"), PAIR_OLD.replace("x + 1;", "x + 2;").replace("a / b", "b / a"))
    commit_all(repo, "other")
    git(repo, "checkout", "-q", "main")
    write(os.path.join(repo, "prog.cairn"), PAIR_NEW)
    c2 = commit_all(repo, "new")
    p = git(repo, "merge", "--no-edit", "other", ok=False)
    conflicted = git(repo, "ls-files", "-u")
    g.check(p.returncode != 0 and conflicted != "" and os.path.exists(os.path.join(repo, ".git", "MERGE_HEAD")),
            "merge: the repository is in a conflicted merge (setup)", short(p.stdout + p.stderr))
    before = snapshot(repo)
    rc, out, err, rec = g.run(["HEAD~1", "HEAD", "--in", "prog.cairn", "--replays", "0"], repo)
    check_revision_record(g, "merge: diff HEAD~1 HEAD during a conflicted merge", rc, rec, err,
                          "HEAD~1", c1, "HEAD", c2, PAIR_CLASSES)
    same_snapshot(g, repo, before, "the diff during a merge")
    g.check(git(repo, "ls-files", "-u") == conflicted and os.path.exists(os.path.join(repo, ".git", "MERGE_HEAD")),
            "merge: still conflicted, MERGE_HEAD kept")
    return g


# ---------------------------------------------------------------------------------------------------------------
# D: limits (solver timeout, budget) and usage errors.
def group_limits():
    g = Group("limits")
    d = os.path.join(ROOT, "limits")
    fixture = os.path.join(source_dir, "tests", "diff", "011_smt_callee_equivalent_rewrite")
    for name in ("old.cairn", "new.cairn"):
        with open(os.path.join(fixture, name), encoding="utf-8") as f:
            write(os.path.join(d, name), f.read() + "fn inc(x:u32) -> u32 = x + 1;\n")

    rc, out, err, rec = g.run(["old.cairn", "new.cairn", "--timeout-ms", "1"], d)
    fns = (rec or {}).get("functions") or {}
    avg = fns.get("avg") or {}
    g.check(rc == 0 and bool(rec) and rec.get("schema") == "cairn.diff/1", "--timeout-ms 1: exit 0 with a record",
            "exit %d, %s" % (rc, short(err)))
    g.check(avg.get("class") == "unknown" and bool(avg.get("reason")),
            "--timeout-ms 1: the u32 division rewrite avg is unknown with a reason", short(json.dumps(avg)))
    g.check((fns.get("inc") or {}).get("class") == "identical-code",
            "--timeout-ms 1: the untouched inc is still identical-code", json.dumps(classes(rec)))
    g.check((rec or {}).get("summary", {}).get("unknown", 0) >= 1, "--timeout-ms 1: summary counts the unknown")

    rc, out, err, rec = g.run(["old.cairn", "new.cairn", "--budget-s", "0.001"], d)
    fns = (rec or {}).get("functions") or {}
    g.check(rc == 0 and bool(rec) and rec.get("schema") == "cairn.diff/1", "--budget-s 0.001: exit 0 with a record",
            "exit %d, %s" % (rc, short(err)))
    for name in ("avg", "avg_next"):
        e = fns.get(name) or {}
        g.check(e.get("class") == "unknown" and "budget" in e.get("reason", "").lower(),
                "--budget-s 0.001: %s is unknown, its reason names the budget" % name, short(json.dumps(e)))
    g.check((fns.get("inc") or {}).get("class") == "identical-code", "--budget-s 0.001: inc is identical-code")

    usage = [(["old.cairn"], "one operand"), (["old.cairn", "new.cairn", "new.cairn"], "three operands"),
             (["old.cairn", "new.cairn", "--timeout-ms", "0"], "--timeout-ms 0"),
             (["old.cairn", "new.cairn", "--timeout-ms", "30001"], "--timeout-ms 30001"),
             (["old.cairn", "new.cairn", "--jobs", "0"], "--jobs 0"),
             (["old.cairn", "new.cairn", "--require", "bogus"], "--require bogus"),
             (["old.cairn", "new.cairn", "--solver", "bogus"], "--solver bogus"),
             (["old.cairn", "new.cairn", "--budget-s", "0"], "--budget-s 0"),
             (["old.cairn", "new.cairn", "--replays", "-1"], "--replays -1"),
             (["old.cairn", "new.cairn", "--bogus-flag"], "an unknown flag")]
    for args, what in usage:
        rc, out, err, rec = g.run(args, d)
        g.check(rc == 2 and is_env_failure(rec), "usage error, %s: exit 2, E-PROJECT-OR-ENVIRONMENT" % what,
                "exit %d, %s" % (rc, short(out + err)))
    rc, out, err, _ = g.run(["old.cairn"], d, fmt="human")
    g.check(rc == 2, "usage error, one operand (human): exit 2", "exit %d" % rc)
    rc, out, err, rec = g.run(["old.cairn", "new.cairn", "--timeout-ms", "30000", "--replays", "0"], d)
    g.check(rc == 0 and classes(rec).get("avg") in ("smt-equivalent", "unknown"),
            "--timeout-ms 30000 (the top of the range) is accepted", "exit %d, %s" % (rc, short(out + err)))
    rc, out, err, rec = g.run(["old.cairn", "new.cairn", "--markdown", os.path.join(ROOT, "no", "such", "x.md")], d)
    g.check(rc == 2 and is_env_failure(rec), "--markdown into a missing directory: exit 2, an environment failure",
            "exit %d, %s" % (rc, short(out + err)))
    return g


# ---------------------------------------------------------------------------------------------------------------
# E: flags on path sides: --require, --solver, --no-predict (the pair of tests/diff/008).
def group_flags():
    g = Group("flags")
    d = os.path.join(ROOT, "flags")
    fixture = os.path.join(source_dir, "tests", "diff", "008_smt_rewritten_arith")
    os.makedirs(d)
    for name in ("old.cairn", "new.cairn"):
        shutil.copy(os.path.join(fixture, name), os.path.join(d, name))
    want = {"inc": "identical-code", "poly": "smt-equivalent"}

    md = os.path.join(ROOT, "require-identical.md")
    rc, out, err, rec = g.run(["old.cairn", "new.cairn", "--require", "identical", "--markdown", md], d)
    g.check(rc == 1, "--require identical with an smt-equivalent function: exit 1", "exit %d, %s" % (rc, short(err)))
    g.check((rec or {}).get("require") == {"level": "identical", "holds": False,
                                           "breaking": [{"function": "poly", "class": "smt-equivalent"}]},
            "--require identical: require {level: identical, holds: false, breaking: [poly smt-equivalent]}",
            json.dumps((rec or {}).get("require")))
    g.check(classes(rec) == want, "--require identical: the classes are unchanged", json.dumps(classes(rec)))
    g.check(os.path.isfile(md) and os.path.getsize(md) > 0,
            "--require identical --markdown: the file is written although the requirement fails")
    rc, out, err, rec = g.run(["old.cairn", "new.cairn", "--require", "equivalent"], d)
    g.check(rc == 0 and (rec or {}).get("require") == {"level": "equivalent", "holds": True, "breaking": []},
            "--require equivalent on the same pair: exit 0, holds true",
            "exit %d, %s" % (rc, json.dumps((rec or {}).get("require"))))
    rc, out, err, rec = g.run(["old.cairn", "new.cairn"], d)
    g.check(rc == 0 and "require" not in (rec or {"require": 1}), "without --require: exit 0, no require field")
    g.check("predicted" in (rec or {}), "without --no-predict: the record has predicted")
    g.check((rec or {}).get("formal_status") == "not-verified", "formal_status is not-verified")
    g.check(side(rec, "old") == {"named": "old.cairn", "kind": "path", "commit": ""},
            "a path side: {named, kind: path, commit: \"\"}", json.dumps(side(rec, "old")))
    rc, out, err, rec = g.run(["old.cairn", "new.cairn", "--no-predict"], d)
    g.check(rc == 0 and bool(rec) and "predicted" not in rec and classes(rec) == want,
            "--no-predict: no predicted field, same classes", "exit %d" % rc)
    for solver in ("z3", "cvc5"):
        rc, out, err, rec = g.run(["old.cairn", "new.cairn", "--solver", solver], d)
        sv = (rec or {}).get("solver_versions")
        ev = (((rec or {}).get("functions") or {}).get("poly") or {}).get("evidence") or {}
        g.check(rc == 0 and classes(rec) == want, "--solver %s: exit 0, poly smt-equivalent" % solver,
                "exit %d, %s" % (rc, json.dumps(classes(rec))))
        g.check(isinstance(sv, dict) and list(sv) == [solver], "--solver %s: solver_versions names only %s"
                % (solver, solver), json.dumps(sv))
        other = "cvc5" if solver == "z3" else "z3"
        g.check((ev.get("solvers") or {}).get(solver) == "unsat"
                and (ev.get("solvers") or {}).get(other, "not-run") == "not-run",
                "--solver %s: evidence.solvers has %s unsat and %s not-run (or absent)" % (solver, solver, other),
                json.dumps(ev.get("solvers")))
    rc, out, err, rec = g.run(["old.cairn", "new.cairn", "--solver", "both"], d)
    g.check(sorted((rec or {}).get("solver_versions") or {}) == ["cvc5", "z3"],
            "--solver both: solver_versions names z3 and cvc5", json.dumps((rec or {}).get("solver_versions")))
    return g


# ---------------------------------------------------------------------------------------------------------------
# E2: the verdict line and the allow-list: --allow, a manifest [allow], a warning for an allow that accepts nothing,
# a misspelled name refused with a suggestion (at its manifest line for a manifest entry).
def group_allow():
    g = Group("allow")
    d = os.path.join(ROOT, "allow")
    write(os.path.join(d, "old.cairn"), PAIR_OLD)
    write(os.path.join(d, "new.cairn"), PAIR_NEW)
    rc, human, err, _ = g.run(["old.cairn", "new.cairn", "--require", "equivalent"], d, fmt="human")
    last = human.rstrip("\n").split("\n")[-1]
    g.check(rc == 1 and last == "require equivalent: fails — 1 behavior-changed (div)",
            "human: the last line is the failing verdict naming div", "exit %d, last line %r" % (rc, last))
    md = os.path.join(ROOT, "allow.md")
    reason = "divides by zero as 0 now (#12)"
    rc, out, err, rec = g.run(["old.cairn", "new.cairn", "--require", "equivalent", "--allow", "div=" + reason,
                               "--allow", "inc=no change", "--markdown", md], d)
    rec = rec or {}
    g.check(rc == 0 and (rec.get("require") or {}).get("holds") is True,
            "--allow div: the requirement holds, exit 0", "exit %d, %s" % (rc, json.dumps(rec.get("require"))))
    g.check(rec.get("allowed") == [{"function": "div", "class": "behavior-changed", "reason": reason, "from": "--allow"}],
            "--allow div: allowed lists div with its class, reason and origin", json.dumps(rec.get("allowed")))
    g.check(((rec.get("functions") or {}).get("div") or {}).get("allowed") == reason
            and ((rec.get("functions") or {}).get("div") or {}).get("class") == "behavior-changed",
            "--allow div: div's entry keeps its class and carries the reason")
    warns = rec.get("warnings") or []
    g.check(len(warns) == 1 and "inc" in warns[0] and "accepts nothing" in warns[0],
            "--allow inc (identical-code): one warning in the record", json.dumps(warns))
    text = open(md).read() if os.path.isfile(md) else ""
    lines = text.rstrip("\n").split("\n")
    g.check(len(lines) > 3 and lines[2].startswith("\u2705 **require equivalent: holds (1 allowed: `div`)**")
            and lines[-1] == "**require equivalent: holds (1 allowed: `div`)**",
            "Markdown: the badge under the title and the verdict as the last line", repr(lines[:3] + lines[-1:]))
    g.check("### Allowed changes" in text and reason in text and "### Warnings" in text,
            "Markdown: the allowed change with its reason, and the warning")
    rc, out, err, rec = g.run(["old.cairn", "new.cairn", "--require", "equivalent", "--allow", "dvi=typo"], d)
    msg = (rec or {}).get("message", "")
    g.check(rc == 2 and is_env_failure(rec) and "Did you mean `div`?" in msg,
            "--allow dvi: a usage error suggesting div", "exit %d, %s" % (rc, msg))
    for bad in ("div", "div=", "=why"):
        rc, out, err, rec = g.run(["old.cairn", "new.cairn", "--allow", bad], d)
        g.check(rc == 2 and is_env_failure(rec) and "FN=REASON" in (rec or {}).get("message", ""),
                "--allow %s: refused, naming FN=REASON" % bad, "exit %d" % rc)
    # A project side's manifest [allow], and a misspelled entry reported at its line.
    p_old, p_new = os.path.join(d, "p_old"), os.path.join(d, "p_new")
    for root, src in ((p_old, PAIR_OLD), (p_new, PAIR_NEW)):
        write(os.path.join(root, "src", "m.cairn"), src)
    write(os.path.join(p_old, "cairn.toml"), '[project]\nname = "m"\nsources = ["src/m.cairn"]\n')
    write(os.path.join(p_new, "cairn.toml"),
          '[project]\nname = "m"\nsources = ["src/m.cairn"]\n\n[allow]\ndiv = "reviewed in #12"\n')
    rc, out, err, rec = g.run(["p_old", "p_new", "--require", "equivalent"], d)
    allowed = (rec or {}).get("allowed") or [{}]
    g.check(rc == 0 and allowed[0].get("function") == "div" and allowed[0].get("reason") == "reviewed in #12"
            and allowed[0].get("from", "").endswith("cairn.toml:6"),
            "manifest [allow]: div allowed, from the manifest's line 6", "exit %d, %s" % (rc, json.dumps(allowed)))
    rc, out, err, rec = g.run(["p_old", "p_new", "--require", "equivalent", "--allow", "div=command line wins"], d)
    allowed = (rec or {}).get("allowed") or [{}]
    g.check(rc == 0 and len(allowed) == 1 and allowed[0].get("reason") == "command line wins",
            "--allow and [allow] for one function: the command line's reason", json.dumps(allowed))
    write(os.path.join(p_new, "cairn.toml"),
          '[project]\nname = "m"\nsources = ["src/m.cairn"]\n\n[allow]\npoyl = "reviewed"\n')
    rc, out, err, rec = g.run(["p_old", "p_new", "--require", "equivalent"], d)
    rec = rec or {}
    g.check(rc == 2 and is_env_failure(rec) and "Did you mean `poly`?" in rec.get("message", "")
            and rec.get("line") == 6 and rec.get("file", "").endswith("cairn.toml"),
            "[allow] poyl: refused at the manifest's line 6, suggesting poly", json.dumps(rec)[:300])
    write(os.path.join(p_new, "cairn.toml"),
          '[project]\nname = "m"\nsources = ["src/m.cairn"]\n\n[allow]\ndiv = ""\n')
    rc, out, err, rec = g.run(["p_old", "p_new"], d)
    g.check(rc == 2 and is_env_failure(rec) and "reason of allow.div" in (rec or {}).get("message", ""),
            "[allow] with an empty reason: the manifest is refused", "exit %d, %s" % (rc, json.dumps(rec)[:200]))
    return g


# ---------------------------------------------------------------------------------------------------------------
# F: the golden pair: --markdown (its shape), --format human, --jobs 1 = --jobs 2, --replays 0.
def group_golden():
    g = Group("golden")
    pair = os.path.join(GOLDEN_DIR, "pair")
    d = os.path.join(ROOT, "golden")
    shutil.copytree(pair, d)  # run on a copy, named old.cairn and new.cairn, so the source tree is not written
    md1, md2 = os.path.join(ROOT, "golden-1.md"), os.path.join(ROOT, "golden-2.md")

    rc, human, err, _ = g.run(["old.cairn", "new.cairn", "--markdown", md1], d, fmt="human")
    g.check(rc == 0, "golden pair, human: exit 0", "exit %d, %s" % (rc, short(err)))
    rc_j, _, err_j, rec = g.run(["old.cairn", "new.cairn", "--markdown", md2, "--jobs", "1"], d)
    g.check(rc_j == 0 and bool(rec), "golden pair, json --jobs 1: exit 0", "exit %d, %s" % (rc_j, short(err_j)))
    rec = rec or {}
    fns = rec.get("functions") or {}
    summary = rec.get("summary") or {}
    g.check(summary == {c: n for c, n in
                        ((c, sum(1 for e in fns.values() if e.get("class") == c)) for c in CLASSES) if n},
            "golden pair: summary counts the classes, nonzero only", json.dumps(summary))

    # Human output.
    lines = human.splitlines()
    first = lines[0] if lines else ""
    m = re.match(r"^old\.cairn -> new\.cairn: (.*)$", first)
    counts = {}
    if m:
        for part in m.group(1).split(", "):
            n, _, c = part.partition(" ")
            counts[c] = int(n) if n.isdigit() else -1
    g.check(bool(m) and counts == summary, "human: first line is `old.cairn -> new.cairn: COUNTS` matching summary",
            repr(first))
    listed = {}
    bad_pad = []
    for line in lines[1:]:
        word = line.split(" ", 1)[0]
        if word in CLASSES:
            fields = line[17:].split()
            if not (line[:17] == word.ljust(17) and line[17:18] == " " and fields):
                bad_pad.append(line)
            else:
                listed[fields[0]] = word
    g.check(not bad_pad and listed != {}, "human: each listed function line starts with its class padded to 17 columns",
            repr(bad_pad[:2]))
    want_listed = {n: e.get("class") for n, e in fns.items() if e.get("class") not in UNLISTED}
    g.check(listed == want_listed, "human: the listed functions are exactly the non-identical ones, with their class",
            "%s vs %s" % (json.dumps(listed, sort_keys=True), json.dumps(want_listed, sort_keys=True)))
    order = ["behavior-changed", "unknown", "signature-changed", "smt-equivalent", "renamed", "added", "removed"]
    seq = [(order.index(c), n) for n, c in ((l[17:].split()[0], l.split(" ", 1)[0]) for l in lines[1:]
                                            if l.split(" ", 1)[0] in order and len(l) > 18)]
    g.check(seq == sorted(seq), "human: listed functions ordered by class, then name", repr(seq))
    g.check(any(l.startswith("semver: ") for l in lines), "human: a semver line")

    # Markdown.
    text = open(md1, encoding="utf-8").read() if os.path.isfile(md1) else ""
    mdl = text.splitlines()
    tm = re.match(r"^## cairn diff `old\.cairn` -> `new\.cairn`: (\d+ [a-z-]+)(, \d+ [a-z-]+)*$", mdl[0] if mdl else "")
    g.check(bool(tm), "markdown: title line ## cairn diff `OLD` -> `NEW`: COUNTS", repr(mdl[:1]))
    g.check(bool(mdl) and mdl[0].split(": ", 1)[-1] == first.split(": ", 1)[-1],
            "markdown: the title's counts are the human first line's")
    g.check("| Function | Class | Evidence |" in mdl, "markdown: the table header | Function | Class | Evidence |")
    rows = [l for l in mdl if l.startswith("| `")]
    g.check({r.split("`")[1]: r.split(" | ")[1] for r in rows} == want_listed,
            "markdown: one row per listed function, name in backticks, with its class", repr(rows[:2]))
    g.check("### Witnesses" in mdl and any(l.startswith("Semantic version: **") for l in mdl),
            "markdown: ### Witnesses and Semantic version sections")
    text2 = open(md2, encoding="utf-8").read() if os.path.isfile(md2) else None
    g.check(text == text2, "markdown: the same file from the human run (default --jobs) and the json run (--jobs 1)",
            "the two files differ")
    # The whole file is compared with tests/golden/diff_markdown/expected.md by tests/golden/run.py diff.

    # --replays 0, and --jobs 1 = --jobs 2.
    rc1, _, err1, r1 = g.run(["old.cairn", "new.cairn", "--replays", "0", "--jobs", "1"], d)
    rc2, _, err2, r2 = g.run(["old.cairn", "new.cairn", "--replays", "0", "--jobs", "2"], d)
    g.check(rc1 == 0 and rc2 == 0 and bool(r1) and bool(r2), "--replays 0 --jobs 1 and --jobs 2: exit 0",
            "exit %d/%d" % (rc1, rc2))
    g.check(bool(r1) and without_durations(r1) == without_durations(r2),
            "--jobs 1 and --jobs 2 give the same record except durations_s",
            short(json.dumps([k for k in (r1 or {}) if (r1 or {}).get(k) != (r2 or {}).get(k)])))
    bc = {n: e for n, e in ((r1 or {}).get("functions") or {}).items() if n in ("div", "fill")}
    for n in ("div", "fill"):
        e = bc.get(n) or {}
        native = (e.get("witness") or {}).get("native")
        vals = [v for per in (native or {}).values() for v in (per or {}).values()]
        g.check(e.get("class") == "behavior-changed" and isinstance(native, dict) and len(native) >= 1
                and all(isinstance(per, dict) and set(per) == {"before", "after"} for per in native.values())
                and all(isinstance(v, str) and v.startswith("not replayed: ") for v in vals),
                "--replays 0: %s stays behavior-changed, every witness.native entry says \"not replayed: ...\"" % n,
                short(json.dumps(e)))
    nat = (((rec.get("functions") or {}).get("div") or {}).get("witness") or {}).get("native") or {}
    g.check(bool(nat) and all(v == "agrees" for per in nat.values() for v in per.values()),
            "default --replays: div's witness is replayed natively and agrees", json.dumps(nat))
    g.check(without_durations(r1 or {}).get("functions", {}).keys() == fns.keys(),
            "--replays 0: the same functions as with replays")
    return g


# ---------------------------------------------------------------------------------------------------------------
# G: SIGINT during a revision diff (tools.md §1.7): exit 128 + 2 and no scratch left.
def group_interrupt():
    g = Group("interrupt")
    repo = new_repo("repo-interrupt")
    write(os.path.join(repo, "prog.cairn"), PAIR_OLD)
    commit_all(repo, "old")
    write(os.path.join(repo, "prog.cairn"), PAIR_NEW)
    commit_all(repo, "new")
    before = snapshot(repo)
    env = dict(os.environ, TMPDIR=g.tmpdir)
    env.pop("CAIRN_FORMAT", None)
    p = subprocess.Popen([cairn, "diff", "HEAD~1", "HEAD", "--in", "prog.cairn", "--format", "json"], cwd=repo,
                         env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, restore_signals=True)
    seen = []
    while p.poll() is None and not seen:  # wait for the scratch copies of the two revisions, then interrupt
        seen = [n for n in os.listdir(g.tmpdir) if n.startswith("cairn-diff-")]
        time.sleep(0.01)
    if p.poll() is None:
        p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=120)
    if not seen:
        g.lines.append("skip SIGINT during a revision diff: the diff ended before its scratch directory was seen")
        return g
    left = []
    for _ in range(20):  # a little grace for the file system, not a time assertion
        left = sorted(os.listdir(g.tmpdir))
        if not left:
            break
        time.sleep(0.1)
    if p.returncode == 0:
        g.lines.append("skip SIGINT during a revision diff: the diff ended before the signal")
    else:
        g.check(p.returncode == 130, "SIGINT during a revision diff: exit 130 (128 + SIGINT)",
                "exit status %d%s" % (p.returncode, " (killed by the signal)" if p.returncode < 0 else ""))
    g.check(not left, "SIGINT during a revision diff: no cairn-diff-* scratch left in TMPDIR", "left %s" % left)
    for name in left:
        path = os.path.join(g.tmpdir, name)
        shutil.rmtree(path, ignore_errors=True) if os.path.isdir(path) else os.remove(path)
    same_snapshot(g, repo, before, "the interrupted diff")
    return g


def main():
    groups = [group_single_file, group_project, group_merge, group_limits, group_flags, group_allow, group_golden,
              group_interrupt]
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=3) as pool:
        futures = [pool.submit(f) for f in groups]
        for f, fut in zip(groups, futures):
            try:
                results.append(fut.result())
            except Exception as e:  # a setup failure is a failed check, not a crash
                g = Group(f.__name__ + "-crashed")
                g.check(False, f.__name__ + " ran to the end", "%s: %s" % (type(e).__name__, e))
                results.append(g)
    failed = passed = 0
    for g in results:
        for line in g.lines:
            print(line)
        failed += g.failed
        passed += sum(1 for l in g.lines if l.startswith("ok "))
    leftovers = [(g.name, os.listdir(g.tmpdir)) for g in results if os.listdir(g.tmpdir)]
    ok = not leftovers
    print(("ok   " if ok else "FAIL ") + "every TMPDIR is empty at the end (no cairn-diff-* left)"
          + ("" if ok else ": %s" % leftovers))
    passed, failed = passed + ok, failed + (not ok)
    print("diff_cmd: %d passed, %d failed" % (passed, failed))
    if not failed:
        shutil.rmtree(ROOT, ignore_errors=True)
    else:
        print("scratch kept in " + ROOT)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
