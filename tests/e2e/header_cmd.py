"""cairn build --header end to end (see header_cmd.sh). Prints one line per failure, then totals."""
import json, os, re, shutil, signal, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e_checks import Checks, record_of, run_cairn  # noqa: E402

cairn, root = sys.argv[1], sys.argv[2]
tmp = tempfile.mkdtemp(prefix="cairn-header-")
checks = Checks(tmp)
check = checks.check
fixture = os.path.join(root, "tests", "golden", "header")
host = os.path.join(fixture, "host")
SAN = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer", "-g"]


def project(name):
    """A copy of the stats fixture (a build writes build/ beside the project)."""
    dest = os.path.join(tmp, name)
    shutil.copytree(os.path.join(fixture, "stats"), dest, ignore=shutil.ignore_patterns("build"))
    return dest


def build(path, *flags):
    proc = run_cairn(cairn, ["build", path, "--header", "--format", "json"] + list(flags), tmp)
    return proc, record_of(proc)


def sh(args, env=None, cwd=None):
    return subprocess.run(args, capture_output=True, text=True, env=dict(os.environ, **(env or {})), cwd=cwd or tmp,
                          timeout=300)


def link_flags(directory):
    return ["-I", directory, "-L", directory, "-lstats", "-Wl,-rpath," + directory]


# --- the build: libstats.so, stats.h beside it, the record and the receipt name the header ---
v1 = project("v1")
proc, rec = build(v1)
check(proc.returncode == 0 and rec.get("status") == "native-built", "build --header: %s" % proc.stdout[:400])
directory = os.path.join(tmp, rec.get("directory", "?"))
header = os.path.join(tmp, rec.get("header", "?"))
check(os.path.isfile(header) and os.path.dirname(header) == directory and header.endswith("/stats.h"),
      "the record names stats.h beside the library: %s" % rec.get("header"))
check(os.path.isfile(os.path.join(directory, "libstats.so")), "libstats.so is built")
iface = rec.get("interface_hash", "")
text = open(header, encoding="utf-8").read() if os.path.isfile(header) else ""
check(len(iface) == 16 and ("cairn_stats_iface_" + iface) in text, "the header names the interface hash " + iface)
receipt = json.load(open(os.path.join(tmp, rec.get("receipt", "?")))) if rec.get("receipt") else {}
h = receipt.get("header", {})
check(h.get("interface_hash") == iface and "cf_summarize" in h.get("entries", []), "the receipt's header: %s" % h)
left = {x["function"].split("(")[0]: x["reason"] for x in h.get("left_out", [])}
check(set(left) == {"fn largest", "fn redeem", "fn apply", "fn first"},
      "the receipt lists what was left out: %s" % sorted(left))
for name in ("cf_summary_of_three", "cf_largest", "cf_times("):
    check(name not in text, "the header leaves out " + name)
nm = sh(["nm", "-D", "--defined-only", os.path.join(directory, "libstats.so")]).stdout
check(("cairn_stats_iface_" + iface) in nm and " T cf_summarize" in nm, "the library defines the interface and cf_ entries")
# Language spec §14.4: a library exports every function of its own sources, private ones, implementations and
# template instances included: each has its entry in the header and in the library, and nothing else has one.
EXPORTED = {"summarize", "add", "halve", "range_of", "range_width", "parse_digit", "reading_value", "scale_into", "sum4",
            "bump", "times_3", "helper", "add_swapped", "sample_of", "sample_score", "count_numbers", "clear_bad",
            "advance", "triple_plus_one"}
declared = set(re.findall(r" cf_([A-Za-z0-9_]+)\(", text))
defined = set(re.findall(r" T cf_([A-Za-z0-9_]+)$", nm, re.M))
check(declared == EXPORTED and defined == EXPORTED and set(h.get("entries", [])) == {"cf_" + e for e in EXPORTED},
      "every function crosses but tests and what cannot: header %s, library %s" % (sorted(declared ^ EXPORTED),
                                                                                  sorted(defined ^ EXPORTED)))

# --- C++17 under clang++ and g++, with AddressSanitizer and UBSan, against the library ---
BAD = {
    "overlap": "trap: disjoint at src/stats.cairn:66",
    "misaligned": "trap: part at src/stats.cairn:20",
    "null": "trap: part at src/stats.cairn:20",
    "null-borrow": "trap: part at src/stats.cairn:76",
    "bad-tag": "trap: match-tag at src/stats.cairn:35",
    "bad-bool": "trap: match-tag at src/stats.cairn:44",
    "overflow": "trap: overflow at src/stats.cairn:32",
    "bad-view-tag": "trap: match-tag at src/stats.cairn:120",
    "bad-borrow-tag": "trap: match-tag at src/stats.cairn:144",
}
for cxx in ("clang++", "g++"):
    exe = os.path.join(tmp, "host-" + cxx)
    c = sh([cxx, "-std=c++17", "-Wall", "-Wextra", "-Werror"] + SAN + [os.path.join(host, "main.cpp"), "-o", exe] +
           link_flags(directory))
    check(c.returncode == 0, "%s builds the host program: %s" % (cxx, c.stderr[:600]))
    if c.returncode != 0:
        continue
    r = sh([exe])
    check(r.returncode == 0 and r.stdout == "ok\n", "%s: every entry answers: %s %s" % (cxx, r.stdout[:300], r.stderr[:300]))
    for mode, report in BAD.items():
        r = sh([exe, mode], env={"CAIRN_TRAP_FD": "2"})
        check(r.returncode == -signal.SIGABRT and report in r.stderr and "returned" not in r.stdout,
              "%s %s aborts with '%s': status %d, stderr %s" % (cxx, mode, report, r.returncode, r.stderr[:300]))

# --- the library built by g++, called from a clang++ program ---
gnu = project("gnu")
proc, rec_gnu = build(gnu, "--cc", "gcc")
check(proc.returncode == 0 and rec_gnu.get("interface_hash") == iface, "build --header --cc gcc: %s" % proc.stdout[:400])
if proc.returncode == 0:
    gdir = os.path.join(tmp, rec_gnu["directory"])
    exe = os.path.join(tmp, "host-gnu-lib")
    c = sh(["clang++", "-std=c++17"] + SAN + [os.path.join(host, "main.cpp"), "-o", exe] + link_flags(gdir))
    r = sh([exe]) if c.returncode == 0 else c
    check(r.returncode == 0 and r.stdout == "ok\n", "g++'s library from clang++: %s %s" % (r.stdout[:300], r.stderr[:600]))
    for mode in ("overlap", "null"):
        r = sh([exe, mode], env={"CAIRN_TRAP_FD": "2"}) if c.returncode == 0 else c
        check(r.returncode == -signal.SIGABRT and BAD[mode] in r.stderr, "g++'s library, %s aborts: %s" % (mode, r.stderr[:300]))

# --- the library itself under AddressSanitizer and UBSan (clang's runtime, from the clang++ program) ---
asan = project("asan")
proc, rec_asan = build(asan, "--sanitize", "address", "--cc", "clang")
check(proc.returncode == 0, "build --header --sanitize address: %s" % proc.stdout[:400])
if proc.returncode == 0:
    adir = os.path.join(tmp, rec_asan["directory"])
    exe = os.path.join(tmp, "host-asan")
    c = sh(["clang++", "-std=c++17"] + SAN + [os.path.join(host, "main.cpp"), "-o", exe] + link_flags(adir))
    r = sh([exe]) if c.returncode == 0 else c
    check(r.returncode == 0 and r.stdout == "ok\n", "sanitized library and program: %s %s" % (r.stdout[:300], r.stderr[:600]))
    r = sh([exe, "overlap"], env={"CAIRN_TRAP_FD": "2"}) if c.returncode == 0 else c
    check(r.returncode == -signal.SIGABRT and BAD["overlap"] in r.stderr, "sanitized overlap aborts: %s" % r.stderr[:300])

# --- C11: the header compiles as C under gcc and clang, and a C program calls the library ---
for cc in ("gcc", "clang"):
    c = sh([cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", "-fsyntax-only", "-x", "c", header])
    check(c.returncode == 0, "%s -std=c11 accepts stats.h: %s" % (cc, c.stderr[:600]))
    exe = os.path.join(tmp, "use-" + cc)
    c = sh([cc, "-std=c11", "-Wall", "-Wextra", "-Werror", os.path.join(host, "use.c"), "-o", exe] + link_flags(directory))
    r = sh([exe]) if c.returncode == 0 else c
    check(r.returncode == 0 and r.stdout == "13 -1 9 4 4 6\n", "%s: a C11 program calls the library: %s %s" % (cc, r.stdout, r.stderr[:600]))
for cxx in ("clang++", "g++"):
    c = sh([cxx, "-std=c++17", "-Wall", "-Wextra", "-Werror", "-pedantic", "-fsyntax-only", "-x", "c++", header])
    check(c.returncode == 0, "%s -std=c++17 accepts stats.h: %s" % (cxx, c.stderr[:600]))

# --- a library of two modules: qualified entries, records by borrow and in views, views of enums, Option ---
shapes = os.path.join(tmp, "shapes")
shutil.copytree(os.path.join(fixture, "shapes"), shapes, ignore=shutil.ignore_patterns("build"))
proc, rec_shapes = build(shapes)
check(proc.returncode == 0, "build shapes --header: %s" % proc.stdout[:400])
if proc.returncode == 0:
    sdir = os.path.join(tmp, rec_shapes["directory"])
    exe = os.path.join(tmp, "use-shapes")
    c = sh(["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror"] + SAN + [os.path.join(host, "shapes.c"), "-o", exe, "-I",
           sdir, "-L", sdir, "-lshapes", "-Wl,-rpath," + sdir])
    r = sh([exe]) if c.returncode == 0 else c
    check(r.returncode == 0 and r.stdout == "12 3 6 -3 2 0 2 1\n", "shapes from C11: %s %s" % (r.stdout, r.stderr[:600]))
    r = sh([exe, "bad-side"], env={"CAIRN_TRAP_FD": "2"}) if c.returncode == 0 else c
    check(r.returncode == -signal.SIGABRT and "trap: match-tag at src/geo.cairn:" in r.stderr,
          "a view holding a bad tag aborts: %d %s" % (r.returncode, r.stderr[:300]))

# --- another interface: a program built against v1's header does not link with v2's library ---
v2 = project("v2")
src = os.path.join(v2, "src", "stats.cairn")
code = open(src, encoding="utf-8").read()
open(src, "w", encoding="utf-8").write(code.replace("pub fn add(a:i64, b:i64) -> i64 = a + b;",
                                                    "pub fn add(a:i64, b:i64, c:i64) -> i64 = a + b + c;")
                                       .replace("fn add_swapped(a:i64, b:i64) -> i64 implements add = b + a;",
                                                "fn add_swapped(a:i64, b:i64, c:i64) -> i64 implements add = c + b + a;"))
proc, rec2 = build(v2)
check(proc.returncode == 0 and rec2.get("interface_hash") not in ("", None, iface),
      "another signature, another interface hash: %s vs %s" % (rec2.get("interface_hash"), iface))
if proc.returncode == 0:
    d2 = os.path.join(tmp, rec2["directory"])
    obj = os.path.join(tmp, "main-v1.o")
    c = sh(["c++", "-std=c++17", "-c", os.path.join(host, "main.cpp"), "-I", directory, "-o", obj])
    check(c.returncode == 0, "the host program compiles against v1: " + c.stderr[:300])
    bad = sh(["c++", obj, "-o", os.path.join(tmp, "mixed"), "-L", d2, "-lstats", "-Wl,-rpath," + d2])
    check(bad.returncode != 0 and ("cairn_stats_iface_" + iface) in bad.stderr,
          "v1's program against v2's library fails to link on the interface: %s" % bad.stderr[:400])
    good = sh(["c++", obj, "-o", os.path.join(tmp, "same"), "-L", directory, "-lstats", "-Wl,-rpath," + directory])
    check(good.returncode == 0, "v1's program links with v1's library: " + good.stderr[:300])
    # Unused sections collected, or link-time optimization, must not drop the reference.
    gc = os.path.join(tmp, "main-v1-gc.o")
    c = sh(["c++", "-std=c++17", "-O2", "-ffunction-sections", "-fdata-sections", "-c", os.path.join(host, "main.cpp"),
            "-I", directory, "-o", gc])
    bad = sh(["c++", gc, "-o", os.path.join(tmp, "mixed-gc"), "-Wl,--gc-sections", "-Wl,--as-needed", "-L", d2, "-lstats"])
    check(c.returncode == 0 and bad.returncode != 0 and ("cairn_stats_iface_" + iface) in bad.stderr,
          "with --gc-sections too: %s" % bad.stderr[:400])
    lto = os.path.join(tmp, "main-v1-lto.o")
    c = sh(["g++", "-std=c++17", "-O2", "-flto", "-c", os.path.join(host, "main.cpp"), "-I", directory, "-o", lto])
    bad = sh(["g++", "-O2", "-flto", lto, "-o", os.path.join(tmp, "mixed-lto"), "-Wl,--gc-sections", "-L", d2, "-lstats"])
    check(c.returncode == 0 and bad.returncode != 0 and ("cairn_stats_iface_" + iface) in bad.stderr,
          "with -flto too: %s" % bad.stderr[:400])

# --- a second build writes the same header, byte for byte ---
proc, again = build(v1)
h2 = os.path.join(tmp, again.get("header", "?"))
check(os.path.isfile(h2) and open(h2, encoding="utf-8").read() == text, "the header is deterministic")

# --- the human form names the header and its interface hash ---
proc = run_cairn(cairn, ["build", v1, "--header", "--format", "human"], tmp)
check(proc.returncode == 0 and b"header: " in proc.stdout and b"/stats.h (interface " in proc.stdout,
      "the human form names the header: %s" % proc.stdout[:300])

# --- refusals: an executable, a freestanding target ---
for flags, what in ((["--kind", "exe"], "add --kind library"), (["--target", "aarch64-virt"], "--target hosted")):
    proc = run_cairn(cairn, ["build", v1, "--header", "--format", "json"] + flags, tmp)
    rec = record_of(proc)
    check(proc.returncode == 1 and rec.get("code") == "E-HEADER" and what in rec.get("message", ""),
          "--header %s is refused with E-HEADER: %d %s %s" % (" ".join(flags), proc.returncode, proc.stdout[:300], proc.stderr[:300]))
proc = run_cairn(cairn, ["build", v1, "--header", "--kind", "exe"], tmp, env={"NO_COLOR": "1"})
check(proc.returncode == 1 and b"E-HEADER" in proc.stdout + proc.stderr and b"Traceback" not in proc.stderr,
      "the human refusal names E-HEADER: %s" % (proc.stdout + proc.stderr)[:300])

shutil.rmtree(tmp, ignore_errors=True)
checks.finish("header_cmd")
