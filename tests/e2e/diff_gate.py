"""`cairn diff --merge` and the SARIF logs of diff and check, end to end (see diff_gate.sh).

usage: diff_gate.py CAIRN SOURCE_DIR

Prints one line per check, then totals; exits 1 on any failed check.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

cairn, source_dir = sys.argv[1], sys.argv[2]
ROOT = tempfile.mkdtemp(prefix="cairn-diffgate-")
VALIDATOR = os.path.join(source_dir, "tests", "e2e", "sarif_validate.py")
DEBIAN_PYTHON = "/usr/bin/python3"
failed = passed = 0


def check(ok, what, detail=""):
    global failed, passed
    if ok:
        passed += 1
        print("ok   " + what)
    else:
        failed += 1
        print("FAIL " + what + (": " + detail if detail else ""))
    return ok


def run(args, cwd, env_extra=None):
    env = dict(os.environ)
    env.pop("CAIRN_FORMAT", None)
    env.update({"GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull, "LC_ALL": "C"})
    env.update(env_extra or {})
    p = subprocess.run([cairn] + args, cwd=cwd, capture_output=True, text=True, env=env, timeout=600)
    return p.returncode, p.stdout, p.stderr


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def git(repo, *args):
    env = dict(os.environ, GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull, LC_ALL="C")
    return subprocess.run(["git"] + list(args), cwd=repo, capture_output=True, text=True, env=env,
                          check=True).stdout.strip()


def without(rec, *keys):
    return {k: v for k, v in rec.items() if k not in keys}


def load(text):
    try:
        return json.loads(text)
    except ValueError:
        return None


sarif_files = []


def keep_sarif(name, text):
    path = os.path.join(ROOT, "sarif", name + ".sarif")
    write(path, text)
    sarif_files.append(path)
    return load(text) or {}


# ---------------------------------------------------------------------------------------------------------------
# Shards and --merge.
def group_merge():
    d = os.path.join(ROOT, "merge")
    subprocess.run([sys.executable, os.path.join(source_dir, "bench", "diff", "gen_diff_project.py"), d,
                    "--modules", "8", "--per-module", "3"], check=True, capture_output=True)
    base = ["old", "new", "--require", "equivalent", "--jobs", "2", "--replays", "2"]
    rc_full, out, _ = run(["diff"] + base + ["--format", "json", "--markdown", "full.md"], d)
    full = load(out) or {}
    check(rc_full == 1 and full.get("schema") == "cairn.diff/1", "merge: the single run fails its requirement (setup)",
          "exit %d" % rc_full)
    shards = []
    for i in (1, 2, 3):
        rc, out, _ = run(["diff"] + base + ["--shard", "%d/3" % i, "--format", "json"], d)
        write(os.path.join(d, "s%d.json" % i), out)
        shards.append(load(out) or {})
    check(all(s.get("shard", {}).get("count") == 3 for s in shards) and
          sum(len(s.get("functions", {})) for s in shards) == len(full.get("functions", {})),
          "merge: three shards cover every function once (setup)")
    recs = ["s3.json", "s1.json", "s2.json"]  # any order
    rc, out, err = run(["diff", "--merge"] + recs + ["--format", "json", "--markdown", "merged.md"], d)
    merged = load(out) or {}
    check(rc == rc_full and without(merged, "durations_s", "merged") == without(full, "durations_s"),
          "merge: the joined record is the single run's (functions, summary, semver, require), exit %d" % rc,
          err[:300] + " differs in %s" % [k for k in set(full) | set(merged)
                                          if full.get(k) != merged.get(k) and k not in ("durations_s", "merged")])
    check(merged.get("merged") == {"shards": 3, "records": recs}, "merge: the record names the joined shards",
          json.dumps(merged.get("merged")))
    same_md = open(os.path.join(d, "full.md")).read() == open(os.path.join(d, "merged.md")).read()
    check(same_md, "merge: the same Markdown as the single run")
    _, h1, _ = run(["diff"] + base + ["--format", "human"], d)
    _, h2, _ = run(["diff", "--merge"] + recs + ["--format", "human"], d)
    check(h1.rstrip().split("\n")[-1] == h2.rstrip().split("\n")[-1] and h2.rstrip().split("\n")[-1].startswith(
        "require equivalent: fails"), "merge: the same verdict line", repr(h2.rstrip().split("\n")[-1:]))
    _, s1, _ = run(["diff"] + base + ["--format", "sarif"], d)
    _, s2, _ = run(["diff", "--merge"] + recs + ["--format", "sarif"], d)
    check(load(s1) == load(s2) and load(s1) is not None, "merge: the same SARIF log as the single run")
    keep_sarif("merged", s2)
    rc, out, _ = run(["diff", "--merge"] + recs + ["--require", "identical", "--format", "json"], d)
    check(rc == 1 and (load(out) or {}).get("require", {}).get("level") == "identical",
          "merge --require identical: judged again at that level")
    # Bad sets of records: each refused with exit 2 and one sentence.
    rc, out, _ = run(["diff", "old", "new", "--shard", "1/2", "--format", "json", "--replays", "0"], d)
    write(os.path.join(d, "two.json"), out)
    write(os.path.join(d, "junk.json"), "{not json")
    write(os.path.join(d, "other.json"), json.dumps(dict(shards[1], new={"named": "elsewhere", "kind": "path",
                                                                            "commit": ""})))
    write(os.path.join(d, "broken.cairn"), "fn f(x:u32) -> u32 = x + ;\n")
    rc, out, _ = run(["diff", "broken.cairn", "new", "--format", "json"], d)
    write(os.path.join(d, "refusal.json"), out)
    check(rc == 1 and (load(out) or {}).get("side") == "old", "merge: a side's refusal record (setup)", out[:200])
    bad = [(["s1.json", "s2.json"], "Shard 3/3 is missing"),
           (["s1.json", "s1.json", "s3.json"], "twice"),
           (["s1.json", "two.json", "s3.json"], "one of 2 shards"),
           (["s1.json", "other.json", "s3.json"], "compares"),
           (["junk.json"], "not JSON"),
           (["refusal.json"], "refusal of the old side"),
           (["missing.json"], "cannot be read")]
    for files, words in bad:
        rc, out, _ = run(["diff", "--merge"] + files + ["--format", "json"], d)
        rec = load(out) or {}
        check(rc == 2 and rec.get("code") == "E-PROJECT-OR-ENVIRONMENT" and words in rec.get("message", ""),
              "merge %s: refused, saying %r" % (" ".join(files), words), "exit %d, %s" % (rc, out[:200]))
    rc, out, _ = run(["diff", "--merge", "s1.json", "--jobs", "2", "--format", "json"], d)
    check(rc == 2 and "does not apply to --merge" in out, "merge --jobs: a usage error", "exit %d" % rc)
    rc, out, _ = run(["diff", "--merge", "--format", "json"], d)
    check(rc == 2, "merge without records: a usage error", "exit %d" % rc)


# ---------------------------------------------------------------------------------------------------------------
# SARIF: check and diff, paths, revisions, columns.
PAIR_OLD = """pub fn inc(x:u32) -> u32 = x + 1;
pub fn div(a:u32, b:u32) -> u32 {
  if b == 0 {
    return 0;
  }
  return a / b;
}
pub fn gone() -> u32 = 7;
fn main() -> void {
}
"""
PAIR_NEW = """pub fn inc(x:u32) -> u32 = x + 1;
pub fn div(a:u32, b:u32) -> u32 {
  if b == 0 {
    return 1;
  }
  return a / b;
}
fn main() -> void {
}
"""
MANIFEST = '[project]\nname = "p"\nsources = ["src/main.cairn"]\n'


def results_by_rule(log):
    out = {}
    for r in log.get("runs", [{}])[0].get("results", []):
        out.setdefault(r.get("ruleId"), []).append(r)
    return out


def phys(result):
    loc = (result.get("locations") or [{}])[0].get("physicalLocation", {})
    return loc.get("artifactLocation", {}), loc.get("region", {})


def group_sarif():
    repo = os.path.join(ROOT, "repo")
    os.makedirs(repo)
    git(repo, "init", "-q", "-b", "main", ".")
    git(repo, "config", "user.name", "Gate Test")
    git(repo, "config", "user.email", "gate@example.invalid")
    proj = os.path.join(repo, "svc")
    write(os.path.join(proj, "cairn.toml"), MANIFEST)
    # Two accented letters before the refusal: byte column 32, code-point column 30.
    write(os.path.join(proj, "src", "main.cairn"), 'fn main() -> void {\n  let s = "\u00e9\u00e9"; let x: u64 = true;\n}\n')
    for cwd, want_uri, what in ((proj, "svc/src/main.cairn", "from the project"),
                                (repo, "svc/src/main.cairn", "from the repository root"),
                                (os.path.join(proj, "src"), "svc/src/main.cairn", "from a subdirectory")):
        target = os.path.relpath(proj, cwd)
        rc, out, _ = run(["check", target, "--format", "sarif"], cwd)
        log = keep_sarif("check-" + what.replace(" ", "-"), out)
        runs = log.get("runs") or [{}]
        res = (runs[0].get("results") or [{}])[0]
        art, region = phys(res)
        check(rc == 1 and art.get("uri") == want_uri and art.get("uriBaseId") == "SRCROOT" and
              runs[0].get("originalUriBaseIds", {}).get("SRCROOT", {}).get("uri", "").endswith("/repo/"),
              "check --format sarif %s: uri %s under SRCROOT, the repository root" % (what, want_uri),
              "%s %s" % (art, runs[0].get("originalUriBaseIds")))
        check(runs[0].get("columnKind") == "unicodeCodePoints" and region.get("startLine") == 2 and
              region.get("startColumn") == 30, "check --format sarif %s: column 30 in code points" % what,
              json.dumps(region))
    rule = ((log.get("runs") or [{}])[0].get("tool", {}).get("driver", {}).get("rules") or [{}])[0]
    check(rule.get("id") == "E-TYPE-MISMATCH" and rule.get("name") == "TypeMismatch" and
          rule.get("fullDescription", {}).get("text"), "check: the rule's name differs from its id, with a full "
          "description", json.dumps(rule)[:200])
    # Revision sides: the paths are the repository's at each revision.
    write(os.path.join(proj, "src", "main.cairn"), PAIR_OLD)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "old")
    write(os.path.join(proj, "src", "main.cairn"), PAIR_NEW)
    git(repo, "commit", "-q", "-am", "new")
    rc, out, _ = run(["diff", "HEAD~1", "HEAD", "--in", "svc", "--replays", "0", "--format", "sarif",
                      "--allow", "div=reviewed"], repo)
    log = keep_sarif("diff-revisions", out)
    by = results_by_rule(log)
    check(set(by) == {"behavior-changed", "removed"}, "diff HEAD~1 HEAD: results for behavior-changed and removed",
          str(sorted(by)))
    div = (by.get("behavior-changed") or [{}])[0]
    art, region = phys(div)
    check(art.get("uri") == "svc/src/main.cairn" and region.get("startLine") == 2 and region.get("endLine") == 7,
          "diff: div at its span in the repository's path (lines 2-7)", "%s %s" % (art, region))
    check(div.get("level") == "error" and (div.get("suppressions") or [{}])[0].get("justification") == "reviewed",
          "diff: the allowed div keeps its result, suppressed with the reason", json.dumps(div.get("suppressions")))
    related = (div.get("relatedLocations") or [{}])[0]
    check(related.get("message", {}).get("text") == "the old version", "diff: the old side as a related location")
    gone = (by.get("removed") or [{}])[0]
    art, region = phys(gone)
    check(art.get("uri") == "svc/src/main.cairn" and region.get("startLine") == 8,
          "diff: the removed gone at its line on the old side", "%s %s" % (art, region))
    # Path sides run from the parent of the repository: URIs stay relative to the repository root.
    old = os.path.join(ROOT, "old.cairn")
    write(old, PAIR_OLD)
    rc, out, _ = run(["diff", old, os.path.join("repo", "svc"), "--replays", "0", "--format", "sarif"], ROOT)
    log = keep_sarif("diff-paths", out)
    uris = sorted({phys(r)[0].get("uri") for rs in results_by_rule(log).values() for r in rs})
    check(any(u.endswith("old.cairn") for u in uris) and "repo/svc/src/main.cairn" in uris,
          "diff with path sides from outside a repository: URIs relative to the current directory", str(uris))
    # Signature change, rename and unknown levels.
    sig = os.path.join(ROOT, "sig")
    write(os.path.join(sig, "old.cairn"), "pub fn f(x:u32) -> u32 = x;\npub fn g(x:f32) -> bool = x == x;\n"
          "fn main() -> void {\n}\n")
    write(os.path.join(sig, "new.cairn"), "pub fn f(x:u64) -> u64 = x;\npub fn g(x:f32) -> bool = !(x != x);\n"
          "fn main() -> void {\n}\n")
    rc, out, _ = run(["diff", "old.cairn", "new.cairn", "--replays", "0", "--format", "sarif"], sig)
    log = keep_sarif("diff-signature", out)
    by = results_by_rule(log)
    check((by.get("signature-changed") or [{}])[0].get("level") == "error",
          "diff: signature-changed is an error result", str(sorted(by)))
    p = subprocess.run([DEBIAN_PYTHON, VALIDATOR] + sarif_files, capture_output=True, text=True)
    check(p.returncode == 0, "every SARIF log of this suite is valid against the SARIF 2.1.0 schema (%d logs)" %
          len(sarif_files), p.stdout[-2000:] + p.stderr[-500:])


def main():
    for group in (group_merge, group_sarif):
        try:
            group()
        except Exception as e:  # a setup failure is a failed check, not a crash
            check(False, group.__name__ + " ran to the end", "%s: %s" % (type(e).__name__, e))
    print("diff_gate: %d passed, %d failed" % (passed, failed))
    if failed:
        print("scratch kept in " + ROOT)
    else:
        shutil.rmtree(ROOT, ignore_errors=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
