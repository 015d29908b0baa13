"""The one golden-file runner: `run.py PHASE` compares each case of a phase with its golden file, `run.py --list`
prints the phases (tests/CMakeLists.txt makes one ctest test golden_PHASE of each). With CAIRN_UPDATE_GOLDEN=1 it
rewrites the expectations of every case whose command ended as the case expects (review them with git diff).

A case runs one command and compares its output, as bytes, with one of two kinds of expectation:
  embedded  the input file's trailing `// EXPECT: ` lines (tokens, ast, check, ir)
  sibling   a file beside the input, NAME.EXT (smt, cpp, header, fmt, diff, sarif)
The PHASES table below says, per phase, its folder under tests/golden/, its cases and the command of each.

Environment: CAIRN (the cairn binary), CAIRN_GOLDEN_DUMP (tests/tools/golden_dump.cpp, for the dumps no cairn
command prints), CAIRN_SOURCE_DIR (the repository root).
"""
import json
import os
import urllib.parse
import shutil
import subprocess
import sys
import tempfile

SOURCE = os.environ.get("CAIRN_SOURCE_DIR") or os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLDEN = os.path.join(SOURCE, "tests", "golden")
PREFIX = b"// EXPECT:"
TIMEOUT = 600


class Case:
    """One comparison: `produce()` returns (exit status, output bytes, extra failures); the case passes when the
    status is `want_status`, there is no extra failure and the output equals the expectation."""

    def __init__(self, label, produce, golden=None, embedded=None, want_status=0, fixed_point=False, skip=None):
        self.label, self.produce, self.golden, self.embedded = label, produce, golden, embedded
        self.want_status, self.fixed_point, self.skip = want_status, fixed_point, skip


def run(args, cwd=None):
    p = subprocess.run(args, cwd=cwd, capture_output=True, timeout=TIMEOUT)
    return p.returncode, p.stdout, p.stderr


def cairn():
    return os.environ["CAIRN"]


def dump_tool():
    return os.environ["CAIRN_GOLDEN_DUMP"]


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write(path, data):
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def line_ended(data):
    """Output compared as the shell's `printf '%s\\n' "$(cmd)"` keeps it: trailing newlines folded into one."""
    return data.rstrip(b"\n") + b"\n"


def inputs(folder, ext=".cairn"):
    where = os.path.join(GOLDEN, folder)
    return sorted(os.path.join(where, n) for n in os.listdir(where) if n.endswith(ext))


# ---- embedded expectations: the trailing `// EXPECT: ` block of the input file ----------------------------------
def split_embedded(data):
    program, expected = [], []
    for line in data.split(b"\n")[:-1] if data.endswith(b"\n") else data.split(b"\n"):
        if line.startswith(PREFIX):
            rest = line[len(PREFIX):]
            expected.append(rest[1:] if rest.startswith(b" ") else rest)
        else:
            program.append(line)
    return b"".join(l + b"\n" for l in program), b"".join(l + b"\n" for l in expected)


def with_block(program, output):
    lines = output.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    return program + b"".join(PREFIX + (b" " + l if l else b"") + b"\n" for l in lines)


# ---- producers ----------------------------------------------------------------------------------------------------
def tool_dump(mode, path):
    return lambda: run([dump_tool(), mode, path])[:2] + ([],)


def emit(path, *flags):
    def produce():
        status, out, err = run([cairn(), "emit", os.path.basename(path)] + list(flags), cwd=os.path.dirname(path))
        return status, line_ended(out + err), []
    return produce


def checked_signatures(path, refused):
    """cairn check's record as lines: `CODE LINE` of a refusal, or each signature with its effect row."""
    def produce():
        status, out, _ = run([cairn(), "check", path, "--format", "json"])
        try:
            record = json.loads(out.decode("utf-8"))
        except ValueError:
            return status, b"<no record: %r>\n" % out[:200], []
        if refused:
            lines = ["%s %s" % (record.get("code"), record.get("line"))]
        elif record.get("status") != "typed":
            lines = ["%s %s %s" % (record.get("code"), record.get("line"), record.get("message"))]
        else:
            lines = ["%s effects(%s)" % (fn["signature"], ", ".join(fn["effects"])) for fn in record.get("functions", [])]
        return status, "".join(l + "\n" for l in lines).encode("utf-8"), []
    return produce


def formatted(path, scratch):
    """cairn fmt on a copy: the copy's bytes (and the expected text is itself formatted), or for a fail_ file the
    `KIND: REASON` of its not_formatted entry (and the copy unchanged)."""
    def produce():
        name = os.path.basename(path)
        copy = os.path.join(scratch, name)
        shutil.copyfile(path, copy)
        status, out, _ = run([cairn(), "fmt", copy, "--format", "json"])
        extra = []
        if name.startswith("fail_"):
            if read(copy) != read(path):
                extra.append("a file fmt refuses must be left unchanged")
            try:
                entries = json.loads(out.decode("utf-8")).get("not_formatted") or [{}]
            except ValueError:
                entries = [{}]
            text = ("%s: %s\n" % (entries[0].get("kind"), entries[0].get("reason"))).encode("utf-8")
            return status, text, extra
        expected = path[:-len(".cairn")] + ".expected"
        if os.path.exists(expected):
            again = os.path.join(scratch, "again.cairn")
            shutil.copyfile(expected, again)
            if run([cairn(), "fmt", "--check", again, "--format", "json"])[0] != 0:
                extra.append("the expected text is not formatted (cairn fmt --check exits non-zero)")
        return status, read(copy), extra
    return produce


def diff_markdown(scratch):
    """cairn diff of tests/golden/diff_markdown/pair (on a copy named old.cairn and new.cairn): the Markdown file."""
    def produce():
        pair = os.path.join(scratch, "pair")
        shutil.copytree(os.path.join(GOLDEN, "diff_markdown", "pair"), pair)
        md = os.path.join(scratch, "report.md")
        status, out, err = run([cairn(), "diff", "old.cairn", "new.cairn", "--markdown", md, "--format", "json"], cwd=pair)
        return status, read(md) if os.path.exists(md) else b"<no markdown: " + err[-300:] + b">", []
    return produce


LEVELS = {"none", "note", "warning", "error"}


def sarif_problems(log, want_results):
    """The required properties of a SARIF 2.1.0 log, run, tool, rule and result, the references between them, and
    the number of results the case expects: each missing one as a message."""
    problems = []

    class Collect:
        @staticmethod
        def check(ok, what):
            if not ok:
                problems.append(what)
    c, name = Collect, "SARIF"
    c.check(log.get("version") == "2.1.0" and isinstance(log.get("runs"), list) and len(log["runs"]) == 1,
            "%s: version 2.1.0 and one run" % name)
    if not log.get("runs"):
        return problems
    first = log["runs"][0]
    driver = first.get("tool", {}).get("driver", {})
    c.check(isinstance(driver.get("name"), str) and driver["name"] == "cairn", "%s: tool.driver.name" % name)
    rules = driver.get("rules", [])
    c.check(all(isinstance(r.get("id"), str) and r["id"] and isinstance(r.get("help", {}).get("text"), str)
                and isinstance(r.get("shortDescription", {}).get("text"), str) for r in rules),
            "%s: every rule has an id, a shortDescription and a help text" % name)
    c.check(len({r["id"] for r in rules}) == len(rules), "%s: rules listed once each" % name)
    results = first.get("results")
    c.check(isinstance(results, list), "%s: run.results is an array" % name)
    for i, res in enumerate(results or []):
        where = "%s: result %d" % (name, i)
        c.check(isinstance(res.get("message", {}).get("text"), str) and res["message"]["text"], where + ": message.text")
        c.check(res.get("level") in LEVELS, where + ": level")
        idx = res.get("ruleIndex")
        c.check(isinstance(idx, int) and 0 <= idx < len(rules) and rules[idx]["id"] == res.get("ruleId"),
                where + ": ruleIndex names the rule of ruleId")
        for loc in res.get("locations", []):
            phys = loc.get("physicalLocation")
            if phys:
                c.check(isinstance(phys.get("artifactLocation", {}).get("uri"), str), where + ": artifactLocation.uri")
                region = phys.get("region")
                if region:
                    c.check(isinstance(region.get("startLine"), int) and region["startLine"] >= 1, where + ": region.startLine >= 1")
            for logical in loc.get("logicalLocations", []):
                c.check(isinstance(logical.get("fullyQualifiedName"), str), where + ": logicalLocations name")
    c.check(len(results or []) == want_results, "%d results, want %d" % (len(results or []), want_results))
    return problems


def sarif_log(args, want_results):
    def produce():
        status, out, _ = run([cairn()] + args + ["--format", "sarif"], cwd=SOURCE)
        try:
            log = json.loads(out.decode("utf-8"))
        except ValueError:
            return status, b"<not JSON: %r>\n" % out[:200], []
        for r in log.get("runs", []):  # the checkout's absolute path is not part of the expectation
            base = r.get("originalUriBaseIds", {}).get("SRCROOT", {})
            if base.get("uri") == "file://" + urllib.parse.quote(os.path.realpath(SOURCE)) + "/":
                base["uri"] = "file:///SOURCE/"
        return status, (json.dumps(log, indent=2, sort_keys=True) + "\n").encode("utf-8"), sarif_problems(log, want_results)
    return produce


# ---- the phases ---------------------------------------------------------------------------------------------------
def lexer_or_parser(folder, mode):
    def cases(scratch):
        for path in inputs(folder):
            yield Case("%s/%s" % (folder, os.path.basename(path)), dump_and_cli(mode, path), embedded=path, fixed_point=True)
    return cases


def dump_and_cli(mode, path):
    """The in-process dump of the whole file, refusals last; `cairn emit --dump=MODE` must agree: the same text for
    an accepted file, and for a fail_ file exit 1 with the first refusal's code, message and position."""
    def produce():
        status, out, _ = run([dump_tool(), mode, path])
        extra = []
        cli_status, cli_out, cli_err = run([cairn(), "emit", "--dump=" + mode, os.path.basename(path)], cwd=os.path.dirname(path))
        errors = [l for l in out.split(b"\n") if l.startswith(b"error[")]
        if not errors:
            if cli_status != 0 or line_ended(cli_out) != line_ended(out):
                extra.append("cairn emit --dump=%s (exit %d) differs from the dump" % (mode, cli_status))
        else:
            code, _, rest = errors[0][len(b"error["):].partition(b"] ")
            where, _, message = rest.partition(b" ")
            shown = cli_out + cli_err
            name = os.path.basename(path).encode("utf-8")
            if cli_status != 1 or b"error[%s]: %s" % (code, message) not in shown or name + b":" + where not in shown:
                extra.append("cairn emit --dump=%s: want exit 1 with error[%s] at %s, got exit %d: %r" % (
                    mode, code.decode(), where.decode(), cli_status, shown[:300]))
        return status, out, extra
    return produce


def check_cases(scratch):
    for path in inputs("check"):
        refused = os.path.basename(path).startswith("fail_")
        yield Case("check/" + os.path.basename(path), checked_signatures(path, refused), embedded=path,
                   want_status=1 if refused else 0)


def ir_cases(scratch):
    for path in inputs("ir"):
        yield Case("ir/" + os.path.basename(path), emit(path, "--dump=ir"), embedded=path)


def sibling_emit(folder, ext, *flags):
    def cases(scratch):
        for path in inputs(folder):
            yield Case("%s/%s" % (folder, os.path.basename(path)), emit(path, *flags), golden=path[:-len(".cairn")] + ext)
    return cases


def header_cases(scratch):
    where = os.path.join(GOLDEN, "header")
    for name in sorted(os.listdir(where)):
        if os.path.isfile(os.path.join(where, name, "cairn.toml")):
            def produce(name=name):
                status, out, err = run([cairn(), "emit", name, "--dump=header"], cwd=where)
                return status, out if status == 0 else err, []
            yield Case("header/%s.h" % name, produce, golden=os.path.join(where, name + ".h"))


def fmt_cases(scratch):
    for path in inputs("fmt"):
        refused = os.path.basename(path).startswith("fail_")
        yield Case("fmt/" + os.path.basename(path), formatted(path, scratch), golden=path[:-len(".cairn")] + ".expected",
                   want_status=1 if refused else 0)


def diff_cases(scratch):
    for record in inputs("diff", ".json"):
        stem = record[:-len(".json")]
        for mode, ext in (("diff-human", ".human"), ("diff-md", ".md")):
            yield Case("diff/" + os.path.basename(stem) + ext, tool_dump(mode, record), golden=stem + ext)
    # The witnesses' replays name both native compilers, so the report needs both on PATH. Its witness inputs come
    # from solver models narrowed under 500 ms limits: on a heavily loaded machine a narrowing query can time out,
    # a larger input stands and this case fails.
    missing = [c for c in ("clang++", "g++") if not shutil.which(c)]
    yield Case("diff_markdown/expected.md", diff_markdown(scratch), golden=os.path.join(GOLDEN, "diff_markdown", "expected.md"),
               skip="%s not on PATH" % " and ".join(missing) if missing else None)


SARIF_CASES = [  # name, cairn arguments (from the repository root), exit status, number of results
    ("check_refusals", ["check", "tests/golden/sarif/two_refusals.cairn"], 1, 2),
    ("check_accepted", ["check", "examples/01_hello.cairn"], 0, 0),
    ("diff_behavior_changed", ["diff", "tests/diff/013_bc_off_by_one/old.cairn", "tests/diff/013_bc_off_by_one/new.cairn"], 0, 1),
]


def sarif_cases(scratch):
    for name, args, status, results in SARIF_CASES:
        yield Case("sarif/%s.json" % name, sarif_log(args, results), golden=os.path.join(GOLDEN, "sarif", name + ".json"),
                   want_status=status)


PHASES = {  # phase: (what its golden files hold, its cases)
    "tokens": ("the lexer's token dump of tests/golden/lex/*.cairn, refusals last", lexer_or_parser("lex", "tokens")),
    "ast": ("the parser's tree dump of tests/golden/parse/*.cairn, refusals last", lexer_or_parser("parse", "ast")),
    "check": ("cairn check: a fail_ file's code and line, or the signatures and effect rows", check_cases),
    "ir": ("cairn emit --dump=ir: the core IR", ir_cases),
    "smt": ("cairn emit --dump=smt: the SMT encoding as SMT-LIB2", sibling_emit("smt", ".smt2", "--dump=smt")),
    "cpp": ("cairn emit: the canonical C++ of tests/golden/lower/*.cairn", sibling_emit("lower", ".cpp")),
    "header": ("cairn emit PROJECT --dump=header: a library's C header", header_cases),
    "fmt": ("cairn fmt: the formatted text, or a fail_ file's reason", fmt_cases),
    "diff": ("cairn diff's human and Markdown renderings of records, and one whole report", diff_cases),
    "sarif": ("cairn check and cairn diff as SARIF 2.1.0 logs, with the properties SARIF requires", sarif_cases),
}


def expectation(case):
    if case.embedded:
        return split_embedded(read(case.embedded))[1]
    return read(case.golden) if os.path.exists(case.golden) else None


def update(case, output):
    if case.golden:
        write(case.golden, output)
        return output
    # An embedded block is part of the input: a dump of the whole file (positions at its end) moves with the block,
    # so the rewrite repeats until the file reproduces itself.
    program = split_embedded(read(case.embedded))[0]
    for _ in range(4 if case.fixed_point else 1):
        write(case.embedded, with_block(program, output))
        if not case.fixed_point:
            break
        status, again, _ = case.produce()
        if again == output:
            break
        output = again
    return output


def fail_prefix_rule(case, output):
    """tokens and ast: a fail_ file exactly when the dump ends in a refusal."""
    refused = any(l.startswith(b"error[") for l in output.split(b"\n"))
    named = os.path.basename(case.embedded).startswith("fail_")
    return [] if refused == named else ["a fail_ prefix exactly when a refusal is expected (refused: %s)" % refused]


def main():
    if sys.argv[1:] == ["--list"]:
        print(";".join(PHASES))
        return 0
    if len(sys.argv) != 2 or sys.argv[1] not in PHASES:
        print("usage: run.py PHASE | --list (phases: %s)" % ", ".join(PHASES), file=sys.stderr)
        return 2
    phase = sys.argv[1]
    updating = os.environ.get("CAIRN_UPDATE_GOLDEN") == "1"
    checked = failed = skipped = 0
    scratch = tempfile.mkdtemp(prefix="cairn-golden-")
    try:
        for case in PHASES[phase][1](scratch):
            if case.skip:
                skipped += 1
                print("skip %s: %s" % (case.label, case.skip))
                continue
            checked += 1
            status, output, extra = case.produce()
            if phase in ("tokens", "ast"):
                extra = extra + fail_prefix_rule(case, output)
            if updating and status == case.want_status:
                output = update(case, output)
            want = expectation(case)
            if status == case.want_status and not extra and output == want:
                continue
            failed += 1
            print("FAIL %s (exit %d, want %d)" % (case.label, status, case.want_status))
            for e in extra:
                print("  " + e)
            show(want, output)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print("golden %s: %d checked, %d failed, %d skipped%s" % (
        phase, checked, failed, skipped, "" if updating else " (CAIRN_UPDATE_GOLDEN=1 rewrites the expectations)"))
    return 0 if checked > 0 and failed == 0 else 1


def show(want, got):
    """The first differing lines of expectation and output."""
    if want is None:
        print("  no golden file")
        return
    wl, gl = want.split(b"\n"), got.split(b"\n")
    shown = 0
    for i in range(max(len(wl), len(gl))):
        a = wl[i] if i < len(wl) else b"<none>"
        b = gl[i] if i < len(gl) else b"<none>"
        if a != b:
            print("  line %d: want %r" % (i + 1, a))
            print("  line %d: got  %r" % (i + 1, b))
            shown += 1
            if shown == 5:
                break


if __name__ == "__main__":
    sys.exit(main())
