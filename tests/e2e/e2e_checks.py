"""Shared by the Python end-to-end scripts: a tally of checks (one FAIL line each) and files in a scratch folder."""
import json
import os
import subprocess
import sys


class Checks:
    def __init__(self, tmp):
        self.tmp = tmp
        self.passed = 0
        self.failed = 0

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL " + what)

    def write(self, name, text):
        path = os.path.join(self.tmp, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path

    def finish(self, label):
        print("%s%d passed, %d failed" % (label + ": " if label else "", self.passed, self.failed))
        sys.exit(1 if self.failed else 0)


def run_cairn(cairn, args, cwd, env=None, fds=(), timeout=300):
    """Runs cairn with `args` in `cwd` (CAIRN_FORMAT unset, so each command chooses its own form), capturing bytes."""
    e = dict(os.environ, **(env or {}))
    e.pop("CAIRN_FORMAT", None)
    return subprocess.run([cairn] + args, capture_output=True, env=e, pass_fds=fds, timeout=timeout, cwd=cwd)


def record_of(proc):
    """The JSON record a run printed, or {} when it printed none."""
    try:
        return json.loads(proc.stdout)
    except ValueError:
        return {}
