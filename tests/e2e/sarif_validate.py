"""Validates SARIF logs against the OASIS SARIF 2.1.0 JSON schema vendored in tests/sarif/ (see its README).

usage: /usr/bin/python3 sarif_validate.py FILE...

Run with Debian's python3 (python3-jsonschema). Each FILE must be JSON that the schema accepts (draft 2020-12, with
format checks); beyond the schema, what code scanning relies on: run.columnKind is set, every result's ruleIndex
points at the rule with its ruleId, and every relative artifact URI names a uriBaseId that originalUriBaseIds
defines. Prints one line per file and exits 1 when any file fails.
"""
import json
import os
import sys

import jsonschema

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "sarif", "sarif-2.1.0.json")


def extra_problems(log):
    problems = []
    for run in log.get("runs", []):
        if run.get("columnKind") not in ("unicodeCodePoints", "utf16CodeUnits"):
            problems.append("run.columnKind is not set")
        rules = run.get("tool", {}).get("driver", {}).get("rules", [])
        bases = run.get("originalUriBaseIds", {})
        for r in rules:
            if r.get("name") == r.get("id"):
                problems.append("rule %s: name equals id" % r.get("id"))
        for res in run.get("results", []):
            i = res.get("ruleIndex")
            if i is None or i >= len(rules) or rules[i].get("id") != res.get("ruleId"):
                problems.append("result %s: ruleIndex does not point at its rule" % res.get("ruleId"))
            places = [l.get("physicalLocation") for l in res.get("locations", [])]
            places += [l.get("physicalLocation") for l in res.get("relatedLocations", [])]
            for p in places:
                if not p:
                    continue
                a = p.get("artifactLocation", {})
                uri = a.get("uri", "")
                if not uri.startswith("file://") and a.get("uriBaseId") not in bases:
                    problems.append("result %s: relative uri %s without a defined uriBaseId" % (res.get("ruleId"), uri))
    return problems


def main():
    with open(SCHEMA, encoding="utf-8") as f:
        schema = json.load(f)
    validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())
    failed = 0
    for path in sys.argv[1:]:
        try:
            with open(path, encoding="utf-8") as f:
                log = json.load(f)
        except (OSError, ValueError) as e:
            print("FAIL %s: not JSON: %s" % (path, e))
            failed += 1
            continue
        errors = ["%s at %s" % (e.message, "/".join(str(p) for p in e.absolute_path))
                  for e in validator.iter_errors(log)]
        errors += extra_problems(log)
        if errors:
            failed += 1
            print("FAIL %s: %s" % (path, "; ".join(errors[:5])))
        else:
            print("ok   %s" % path)
    print("sarif_validate: %d of %d valid" % (len(sys.argv) - 1 - failed, len(sys.argv) - 1))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
