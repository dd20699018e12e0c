#!/usr/bin/env python3
"""Self-test of the differential fuzzer: it must catch planted faults. A fake warpsynth wraps
the real one and, on mutants only, crashes (SIGSEGV) when a statement was wrapped in a loop
(`_fz`) and prints a wrong BODY when a module constant was inserted (`FZ_C`). The fuzzer must
report both kinds, exit 1 and leave minimised reproducers that still hold the trigger.

  selftest.py --warpsynth BIN --out DIR
"""
import argparse
import json
import os
import stat
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FAKE = '''#!{python}
import os, signal, subprocess, sys
path = sys.argv[2]
text = open(path).read()
if "_fz" in text:
    os.kill(os.getpid(), signal.SIGSEGV)
p = subprocess.run([{real!r}] + sys.argv[1:], capture_output=True)
sys.stderr.buffer.write(p.stderr)
out = p.stdout
if p.returncode == 0 and "FZ_C" in text:
    out += b"// planted\\n"
sys.stdout.buffer.write(out)
sys.exit(p.returncode)
'''


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--warpsynth", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    fake = os.path.join(a.out, "fake-warpsynth")
    with open(fake, "w") as f:
        f.write(FAKE.format(python=sys.executable, real=os.path.abspath(a.warpsynth)))
    os.chmod(fake, os.stat(fake).st_mode | stat.S_IXUSR)
    run = os.path.join(a.out, "run")
    p = subprocess.run([sys.executable, os.path.join(HERE, "fuzz.py"), "--out", run, "--seed", "3",
                        "--count", "60", "--batch", "30", "--seeds", "corpus", "--seed-filter", "t1_scalar_0",
                        "--minimise", "crash,mismatch", "--warpsynth", fake,
                        "--memory-mb", "0"],  # the real binary may be a sanitizer build
                       capture_output=True, text=True)
    print(p.stdout[-3000:], p.stderr[-2000:])
    problems = []
    if p.returncode != 1:
        problems.append(f"fuzz.py exited {p.returncode}, not 1")
    summary = os.path.join(run, "summary.json")
    if not os.path.exists(summary):
        print(f"selftest: FAILED: fuzz.py wrote no {summary}")
        return 1
    with open(summary) as f:
        kinds = json.load(f)["not_known"]
    for kind, trigger in (("crash", "_fz"), ("mismatch", "FZ_C")):
        if not kinds.get(kind):
            problems.append(f"no {kind} reported")
            continue
        d = os.path.join(run, "repro", kind)
        repros = [os.path.join(d, n) for n in os.listdir(d)] if os.path.isdir(d) else []
        if not repros:
            problems.append(f"no minimised {kind} reproducer")
        for r in repros:
            if trigger not in open(r).read():
                problems.append(f"{r} lost the trigger {trigger}")
    if problems:
        print("selftest: FAILED: " + "; ".join(problems))
        return 1
    print(f"selftest: the planted crash and mismatch were caught ({kinds}) and minimised")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
