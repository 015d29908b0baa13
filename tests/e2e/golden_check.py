"""Runs the checker golden files: refusal code and line, or the accepted signatures and effect rows."""
import json
import os
import subprocess
import sys


def expectations(text):
    return [line[len("// EXPECT: "):] for line in text.splitlines() if line.startswith("// EXPECT: ")]


def strip_expectations(text):
    lines = [line for line in text.splitlines() if not line.startswith("// EXPECT: ")]
    return "\n".join(lines).rstrip("\n") + "\n"


def actual_lines(cairn, path, refused):
    proc = subprocess.run([cairn, "check", path, "--format", "json"], capture_output=True, timeout=60)
    try:
        record = json.loads(proc.stdout.decode("utf-8"))
    except ValueError:
        return proc.returncode, ["<no record: %r>" % proc.stdout[:200]]
    if refused:
        return proc.returncode, ["%s %s" % (record.get("code"), record.get("line"))]
    if record.get("status") != "typed":
        return proc.returncode, ["%s %s %s" % (record.get("code"), record.get("line"), record.get("message"))]
    out = []
    for fn in record.get("functions", []):
        out.append("%s effects(%s)" % (fn["signature"], ", ".join(fn["effects"])))
    return proc.returncode, out


def main():
    cairn, folder = sys.argv[1], sys.argv[2]
    update = os.environ.get("CAIRN_UPDATE_GOLDEN") == "1"
    passed = failed = 0
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".cairn"):
            continue
        path = os.path.join(folder, name)
        text = open(path, encoding="utf-8").read()
        refused = name.startswith("fail_")
        status, got = actual_lines(cairn, path, refused)
        want = expectations(text)
        ok = status == (1 if refused else 0) and got == want
        if update and status == (1 if refused else 0):
            new = strip_expectations(text) + "".join("// EXPECT: %s\n" % line for line in got)
            if new != text:
                open(path, "w", encoding="utf-8").write(new)
            ok = True
        if ok:
            passed += 1
        else:
            failed += 1
            print("FAIL %s (exit %d)" % (name, status))
            for line in want:
                print("  - want: " + line)
            for line in got:
                print("  + got:  " + line)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
