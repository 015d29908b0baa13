"""SARIF logs of cairn check and cairn diff: structure (the properties SARIF 2.1.0 requires) and golden files."""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e_checks import Checks  # noqa: E402

LEVELS = {"none", "note", "warning", "error"}


def structure(c, name, log):
    """The required properties of a SARIF 2.1.0 log, run, tool, rule and result, and the references between them."""
    c.check(log.get("version") == "2.1.0" and isinstance(log.get("runs"), list) and len(log["runs"]) == 1,
            "%s: version 2.1.0 and one run" % name)
    if not log.get("runs"):
        return
    run = log["runs"][0]
    driver = run.get("tool", {}).get("driver", {})
    c.check(isinstance(driver.get("name"), str) and driver["name"] == "cairn", "%s: tool.driver.name" % name)
    rules = driver.get("rules", [])
    c.check(all(isinstance(r.get("id"), str) and r["id"] and isinstance(r.get("help", {}).get("text"), str)
                and isinstance(r.get("shortDescription", {}).get("text"), str) for r in rules),
            "%s: every rule has an id, a shortDescription and a help text" % name)
    c.check(len({r["id"] for r in rules}) == len(rules), "%s: rules listed once each" % name)
    results = run.get("results")
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


def golden(c, name, log, path):
    text = json.dumps(log, indent=2, sort_keys=True) + "\n"
    if os.environ.get("CAIRN_UPDATE_GOLDEN") == "1":
        open(path, "w").write(text)
    want = open(path).read() if os.path.exists(path) else ""
    c.check(text == want, "%s: differs from %s (CAIRN_UPDATE_GOLDEN=1 rewrites it)" % (name, path))


def main():
    cairn, src = sys.argv[1], sys.argv[2]
    tmp = tempfile.mkdtemp(prefix="cairn-sarif-")
    c = Checks(tmp)
    cases = [
        ("check_refusals", ["check", "tests/golden/sarif/two_refusals.cairn"], 1, 2),
        ("check_accepted", ["check", "examples/01_hello.cairn"], 0, 0),
        ("diff_behavior_changed", ["diff", "tests/diff/013_bc_off_by_one/old.cairn", "tests/diff/013_bc_off_by_one/new.cairn"], 0, 1),
    ]
    for name, args, want_exit, want_results in cases:
        p = subprocess.run([cairn] + args + ["--format", "sarif"], cwd=src, capture_output=True, text=True, timeout=600)
        c.check(p.returncode == want_exit, "%s: exit %d, want %d (%s)" % (name, p.returncode, want_exit, p.stdout[-200:]))
        try:
            log = json.loads(p.stdout)
        except ValueError:
            c.check(False, "%s: the output is not JSON (%s)" % (name, p.stdout[:200]))
            continue
        structure(c, name, log)
        results = log.get("runs", [{}])[0].get("results", [])
        c.check(len(results) == want_results, "%s: %d results, want %d" % (name, len(results), want_results))
        golden(c, name, log, os.path.join(src, "tests", "golden", "sarif", name + ".json"))
    c.finish("sarif_cmd")


main()
