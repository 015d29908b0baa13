#!/usr/bin/env python3
"""A user program never outlives a killed cairn (tools.md §1.7).

For `cairn run` (native and interp) and `cairn test` (native and interp) on a program that loops forever: start
cairn, wait until the program itself runs (a descendant of cairn that is not a compiler), read its limits, then
`kill -9` cairn, so no handler of cairn's runs. The program must end by itself (PR_SET_PDEATHSIG), and it must hold
an RLIMIT_CPU a little above the time limit (the backstop that does not need cairn alive).

Waits are bounded polls (the program's start, its end after the kill), not timing assertions: a slow machine
makes the test slower, never failing; a program that survives is killed by the test and reported.
"""
import os, signal, subprocess, sys, tempfile, time

CAIRN = os.environ["CAIRN"]
CAIRN_EXE = os.path.realpath(CAIRN)
fails = []

LOOP_MAIN = """fn main() -> i32 {
  let mut k:u64 = 0;
  while true {
    k = add_wrap(k, 1);
  }
  return 0;
}
"""
LOOP_TEST = """fn id(x:u64) -> u64 = x;
test forever {
  let mut k:u64 = 0;
  while true {
    k = add_wrap(k, id(1));
  }
}
"""


def proc_table():
    """pid -> (ppid, state) for every process."""
    table = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        rest = stat[stat.rfind(")") + 2:].split()
        table[int(name)] = (int(rest[1]), rest[0])
    return table


def descendants(root):
    table = proc_table()
    out, frontier = [], [root]
    while frontier:
        p = frontier.pop()
        for pid, (ppid, _) in table.items():
            if ppid == p:
                out.append(pid)
                frontier.append(pid)
    return out


def exe(pid):
    try:
        return os.path.realpath(f"/proc/{pid}/exe")
    except OSError:
        return ""


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
    except OSError:
        return False
    return stat[stat.rfind(")") + 2:].split()[0] not in ("Z", "X")


def is_program(pid, engine):
    """The user program: for interp a forked cairn, for native a binary outside the system's directories."""
    path = exe(pid)
    if not path:
        return False
    if engine == "interp":
        return path == CAIRN_EXE
    return not path.startswith(("/usr/", "/bin/", "/lib", "/sbin/")) and path != CAIRN_EXE


def cpu_limit(pid):
    try:
        with open(f"/proc/{pid}/limits") as f:
            for line in f:
                if line.startswith("Max cpu time"):
                    return line.split()[3]
    except OSError:
        pass
    return "?"


def check(name, argv, engine, timeout_s):
    proc = subprocess.Popen([CAIRN] + argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    program = None
    deadline = time.monotonic() + 240  # a native build on a loaded machine
    while time.monotonic() < deadline and proc.poll() is None and program is None:
        for pid in descendants(proc.pid):
            if is_program(pid, engine):
                program = pid
                break
        time.sleep(0.1)
    if program is None:
        fails.append(f"{name}: the program never started (cairn exit {proc.poll()})")
        proc.kill()
        proc.wait()
        return
    limit = cpu_limit(program)
    try:
        if limit == "unlimited" or not limit.isdigit() or not (timeout_s < int(limit) <= 2 * timeout_s + 5):
            fails.append(f"{name}: the program's RLIMIT_CPU is {limit}, want a little above {timeout_s} s")
    except ValueError:
        fails.append(f"{name}: unreadable RLIMIT_CPU {limit}")
    group = [program] + descendants(program)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    # Bounded: PR_SET_PDEATHSIG kills at once; 30 s leaves room for a loaded machine.
    end = time.monotonic() + 30
    while time.monotonic() < end and any(alive(p) for p in group):
        time.sleep(0.1)
    survivors = [p for p in group if alive(p)]
    for p in survivors:
        try:
            os.kill(p, signal.SIGKILL)
        except OSError:
            pass
    if survivors:
        fails.append(f"{name}: {len(survivors)} process(es) outlived the killed cairn: {survivors}")
    else:
        print(f"ok {name}: the program ended with cairn (RLIMIT_CPU {limit} s)")


with tempfile.TemporaryDirectory() as tmp:
    main = os.path.join(tmp, "loop.cairn")
    with open(main, "w") as f:
        f.write(LOOP_MAIN)
    tests = os.path.join(tmp, "forever.cairn")
    with open(tests, "w") as f:
        f.write(LOOP_TEST)
    check("run native", ["run", main, "--timeout", "100"], "native", 100)
    check("run interp", ["run", main, "--engine", "interp", "--timeout", "100"], "interp", 100)
    check("test interp", ["test", tests, "--engine", "interp", "--timeout", "100"], "interp", 100)
    check("test native", ["test", tests, "--timeout", "100"], "native", 100)
    # The default limit of cairn run (no --timeout) sets the CPU backstop too.
    check("run interp, default limit", ["run", main, "--engine", "interp"], "interp", 600)

for f in fails:
    print("FAIL " + f)
print(f"{'FAILED' if fails else 'passed'}: {len(fails)} failure(s)")
sys.exit(1 if fails else 0)
