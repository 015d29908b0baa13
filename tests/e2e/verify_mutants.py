"""Soundness of the proofs for every trip count against mutants: for pairs of tests/verify/loops/ expected
smt-equivalent, one version's first `for i in 0..n {` or `while i < n {` is made to stop one iteration early from
n = 21 on (`n - min(n / 21, 1)`), so the mutant differs from the other version only past the unrolling bound (on
inputs whose last element counts). `cairn verify` must never answer smt-equivalent on a mutant; a counterexample must
carry a replayed witness longer than 16 elements. Unknown is allowed (a difference past --depth, a timeout).

usage: verify_mutants.py CAIRN --corpus DIR [--jobs N] [--timeout-ms N] [--limit N (spread evenly over the pairs)]
"""
import argparse, json, os, re, subprocess, sys, tempfile, time
from concurrent.futures import ThreadPoolExecutor

MUTATIONS = [(re.compile(r"in 0\.\.n \{"), "in 0..(n - min(n / 21, 1)) {"),
             (re.compile(r"while i < n \{"), "while i < n - min(n / 21, 1) {")]


def mutate(text):
    for pattern, repl in MUTATIONS:
        if pattern.search(text):
            return pattern.sub(repl, text, count=1)
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cairn"); ap.add_argument("--corpus", required=True)
    ap.add_argument("--jobs", type=int, default=2); ap.add_argument("--timeout-ms", type=int, default=3000)
    ap.add_argument("--limit", type=int, default=20)
    a = ap.parse_args()
    work = tempfile.mkdtemp()
    jobs = []
    for name in sorted(os.listdir(a.corpus)):
        d = os.path.join(a.corpus, name)
        path = os.path.join(d, "expect.json")
        if not os.path.isfile(path):
            continue
        exp = json.load(open(path))
        if exp.get("status") != "smt-equivalent" or "assume" in exp:
            continue
        for side in ("cand", "ref"):
            src = open(os.path.join(d, side + ".cairn")).read()
            m = mutate(src)
            if m is None:
                continue
            out = os.path.join(work, "%s_%s.cairn" % (name, side))
            open(out, "w").write(m)
            other = os.path.join(d, ("ref" if side == "cand" else "cand") + ".cairn")
            pair = (out, other) if side == "ref" else (other, out)
            jobs.append((name + " (" + side + " mutated)", pair, exp["symbol"]))
            break
    if len(jobs) > a.limit:  # spread over the corpus: every kind of pair, not only the first ones
        jobs = [jobs[i * len(jobs) // a.limit] for i in range(a.limit)]

    def run(job):
        name, (ref, cand), sym = job
        env = dict(os.environ); env.pop("CAIRN_FORMAT", None)
        t0 = time.monotonic()
        p = subprocess.run([a.cairn, "verify", ref, cand, "--symbol", sym, "--format", "json", "--timeout-ms",
                            str(a.timeout_ms)], capture_output=True, text=True, env=env, timeout=600)
        try:
            rec = json.loads(p.stdout)
        except ValueError:
            return name, None, ["no JSON record (exit %d): %s" % (p.returncode, p.stderr[:300])], 0.0
        fails = []
        status = rec.get("status")
        if status == "smt-equivalent":
            fails.append("smt-equivalent on a mutant that differs from n = 21 on")
        if status in ("counterexample", "invalid-reference") and not rec.get("concrete_replay"):
            fails.append("a %s without a replayed witness" % status)
        return name, status, fails, time.monotonic() - t0

    with ThreadPoolExecutor(max_workers=a.jobs) as pool:
        results = list(pool.map(run, jobs))
    failed = 0
    tally = {}
    for name, status, fails, seconds in results:
        tally[status] = tally.get(status, 0) + 1
        for f in fails:
            print("FAIL %s: %s" % (name, f))
        failed += bool(fails)
        if not fails:
            print("ok   %-48s %-16s %5.1f s" % (name, status, seconds))
    print("mutants: %d judged, %s; %d failed" % (len(results), ", ".join("%s %d" % kv for kv in sorted(
        tally.items(), key=lambda kv: str(kv[0]))), failed))
    if len(results) < 10:
        print("FAIL fewer than 10 mutants were made (%d)" % len(results))
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
