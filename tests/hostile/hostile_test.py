#!/usr/bin/env python3
"""Hostile input: warpsynth must end every case with the documented exit status
and message, within a time and memory bound, never a crash or a hang.

  hostile_test.py WARPSYNTH [--sanitizer] [--only NAME]

Inputs are generated on the fly in a scratch folder. Each run's peak RSS is the
child's ru_maxrss (os.wait4); a run past its time bound is killed and fails.
--sanitizer (the ASan+UBSan build): time bounds x8, memory bounds x4 + 256 MiB, and the
cases that measure cost at scale (10,000 kernels, 100,000 statements, ...) are left out:
that build is there to catch stack overflows and memory errors, not to time things.
The limits themselves are in src/syntax/limits.h and README "Input limits".
"""
import argparse
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

OK, INPUT, IO, LIMIT = 0, 1, 3, 6  # exit statuses (src/cli/commands.h)
MIB = 1 << 20

KERNEL_HEAD = "import warp as wp\n\n@wp.kernel\ndef k(a: wp.array(dtype=float)):\n    i = wp.tid()\n"


def kernel(body):
    return KERNEL_HEAD + "    x = a[i]\n" + body + "    a[i] = x\n"


def run(argv, seconds, scratch):
    """(exit status or -signal, stdout, stderr, wall seconds, peak RSS in MiB, killed).

    The peak RSS comes from GNU time (/usr/bin/time -f %M): a child's ru_maxrss read
    here would include this Python process, which a child inherits up to its exec.
    """
    rss_file = os.path.join(scratch, "rss.txt")
    t0 = time.monotonic()
    p = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", rss_file] + argv, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, start_new_session=True)
    killed = []

    def kill():
        killed.append(True)
        os.killpg(p.pid, signal.SIGKILL)

    timer = threading.Timer(seconds, kill)
    timer.start()
    out, err = p.communicate()
    timer.cancel()
    wall = time.monotonic() - t0
    code, rss = p.returncode, 0.0  # no figure when killed before GNU time could write it
    try:
        with open(rss_file) as f:
            report = f.read()
        rss = int(report.split()[-1]) / 1024
        # GNU time reports a crash as "Command terminated by signal N".
        crash = re.search(r"terminated by signal (\d+)", report)
        if crash:
            code = -int(crash.group(1))
    except (OSError, ValueError, IndexError):
        pass
    return code, out.decode(errors="replace"), err.decode(errors="replace"), wall, rss, bool(killed)


class Checker:
    def __init__(self, warpsynth, scratch, sanitizer, only):
        self.warpsynth, self.scratch, self.only = warpsynth, scratch, only
        self.sanitizer = sanitizer
        self.scale = 8 if sanitizer else 1
        self.passed = self.failed = 0

    def write(self, name, text):
        path = os.path.join(self.scratch, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def check(self, name, argv, status, message, seconds=30, mib=1024, stdout_has=(), at_scale=False):
        if (self.only and self.only != name) or (at_scale and self.sanitizer):
            return
        if self.sanitizer:
            mib = mib * 4 + 256
        code, out, err, wall, rss, killed = run(argv, seconds * self.scale, self.scratch)
        problems = []
        if killed:
            problems.append(f"still running after {seconds * self.scale:.0f} s: killed")
        elif code != status:
            problems.append(f"exit status {code}, expected {status}")
        if message not in err:
            problems.append(f"stderr lacks {message!r}")
        if rss > mib:
            problems.append(f"peak RSS {rss:.0f} MiB, bound {mib} MiB")
        if "AddressSanitizer" in err or "runtime error:" in err:
            problems.append("sanitizer report")
        for s in stdout_has:
            if s not in out:
                problems.append(f"stdout lacks {s!r}")
        line = f"{name}: exit {code}, {wall:.2f} s, {rss:.0f} MiB"
        if problems:
            self.failed += 1
            print(f"FAIL {line}: " + "; ".join(problems))
            print("  stderr: " + err.strip()[:400].replace("\n", "\n          "))
        else:
            self.passed += 1
            print(f"ok   {line}: {err.strip().splitlines()[0][:150] if err.strip() else ''}")

    def compile(self, name, path, status, message, **kw):
        self.check(name, [self.warpsynth, "compile", path, "--strip-hash", "--body-only"], status, message, **kw)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("warpsynth")
    ap.add_argument("--sanitizer", action="store_true")
    ap.add_argument("--only")
    args = ap.parse_args()
    warpsynth = os.path.abspath(args.warpsynth)
    scratch = tempfile.mkdtemp(prefix="ws-hostile-")
    try:
        c = Checker(warpsynth, scratch, args.sanitizer, args.only)
        w = c.write

        # ---- recursion: deep syntax is refused at a documented depth, never a stack overflow
        c.compile("sum_9700_terms", w("sum.py", kernel("    x = " + " + ".join(["x"] * 9700) + "\n")),
                  LIMIT, "expression nested too deeply (more than 1000 levels")
        c.compile("sum_450_terms", w("sum450.py", kernel("    x = " + " + ".join(["x"] * 450) + "\n")),
                  LIMIT, "code nested too deeply to generate (more than 400 levels")
        c.compile("sum_300_terms", w("sum300.py", kernel("    x = " + " + ".join(["x"] * 300) + "\n")), OK, "")
        c.compile("expression_5mb_one_line",
                  w("line.py", kernel("    x = " + " + ".join(["x"] * (5 * MIB // 4)) + "\n")),
                  LIMIT, "expression nested too deeply")
        c.compile("unary_minus_5000", w("unary.py", kernel("    x = " + "- " * 5000 + "x\n")),
                  LIMIT, "expression nested too deeply")
        c.compile("not_5000", w("not.py", kernel("    y = " + "not " * 5000 + "x\n")),
                  LIMIT, "expression nested too deeply")
        c.compile("power_chain_5000", w("pow.py", kernel("    x = " + " ** ".join(["x"] * 5000) + "\n")),
                  LIMIT, "expression nested too deeply")
        c.compile("ifexp_chain_5000", w("ifexp.py", kernel("    x = " + "x if x > 0.0 else " * 5000 + "x\n")),
                  LIMIT, "expression nested too deeply")
        c.compile("attribute_chain_10000", w("attr.py", kernel("    y = x" + ".x" * 10000 + "\n")),
                  LIMIT, "expression nested too deeply")
        c.compile("call_chain_10000", w("callchain.py", kernel("    y = x" + "()" * 10000 + "\n")),
                  LIMIT, "expression nested too deeply")
        c.compile("subscript_chain_10000", w("subchain.py", kernel("    y = a" + "[0]" * 10000 + "\n")),
                  LIMIT, "expression nested too deeply")
        c.compile("parentheses_1000", w("parens.py", kernel("    x = " + "(" * 1000 + "x" + ")" * 1000 + "\n")),
                  INPUT, "too many nested parentheses")
        c.compile("nested_calls_1000", w("calls.py", kernel("    x = " + "wp.abs(" * 1000 + "x" + ")" * 1000 + "\n")),
                  INPUT, "too many nested parentheses")
        c.compile("comparison_chain_10000", w("cmp.py", kernel("    y = " + " < ".join(["x"] * 10000) + "\n")),
                  OK, "")
        c.compile("elif_chain_100000",
                  w("elif.py", kernel("    if x > 0.0:\n        x = 1.0\n" + "    elif x > 1.0:\n        x = 2.0\n" * 100000)),
                  LIMIT, "nested too deeply (more than 1000 levels")
        c.compile("elif_chain_450",
                  w("elif450.py", kernel("    if x > 0.0:\n        x = 1.0\n" + "    elif x > 1.0:\n        x = 2.0\n" * 450)),
                  LIMIT, "code nested too deeply to generate")
        blocks = "".join("    " * (d + 1) + "if x > 0.0:\n" for d in range(99)) + "    " * 100 + "x = 1.0\n"
        c.compile("indentation_100", w("indent.py", kernel(blocks)), INPUT, "too many levels of indentation")
        loops = "".join("    " * (d + 1) + f"for j{d} in range(i):\n" for d in range(21)) + "    " * 22 + "x = 1.0\n"
        c.compile("nested_loops_21", w("loops.py", kernel(loops)), INPUT, "too many statically nested blocks")
        funcs = ["import warp as wp\n\n@wp.func\ndef f0(x: float):\n    return x\n"]
        funcs += [f"\n@wp.func\ndef f{j}(x: float):\n    return f{j - 1}(x)\n" for j in range(1, 5000)]
        funcs.append("\n@wp.kernel\ndef k(a: wp.array(dtype=float)):\n    i = wp.tid()\n    a[i] = f4999(a[i])\n")
        c.compile("function_chain_5000", w("funcs.py", "".join(funcs)), LIMIT, "code nested too deeply to generate")

        # ---- size: many kernels, many statements, big files
        def kernels(n):
            return "import warp as wp\n" + "".join(
                f"\n@wp.kernel\ndef k{j}(a: wp.array(dtype=float)):\n    i = wp.tid()\n    a[i] = a[i] * 2.0\n"
                for j in range(n))
        c.compile("kernels_10000", w("k10k.py", kernels(10000)), OK, "", seconds=60, mib=1024, at_scale=True)
        c.compile("kernels_100000", w("k100k.py", kernels(100000)), LIMIT,
                  "more than the 8 MiB limit for a Python source", seconds=30)
        c.compile("definitions_12000", w("defs.py", "".join(f"def f{j}():\n    pass\n" for j in range(12000))),
                  LIMIT, "more than 10000 top-level function and class definitions")
        c.compile("statements_110000", w("stmts.py", kernel("    x = x + 1.0\n" * 110000)), LIMIT,
                  "more than 200000 variables", seconds=60, mib=1536, at_scale=True)
        c.compile("local_names_50000", w("names.py", kernel("".join(f"    v{j} = x + 1.0\n" for j in range(50000)))),
                  OK, "", seconds=60, at_scale=True)
        c.compile("names_times_branches",
                  w("branches.py", kernel("".join(f"    v{j} = x + 1.0\n" for j in range(10000))
                                          + "    if x > 0.0:\n        x = x + 1.0\n" * 10000)),
                  LIMIT, "too many local names times branches and loops", seconds=60, at_scale=True)
        big = w("big.py", "# padding\n" * (9 * MIB // 10))
        c.compile("file_9mib", big, LIMIT, "more than the 8 MiB limit")
        rnd = random.Random(9)
        with open(os.path.join(scratch, "random.py"), "wb") as f:
            f.write(bytes(rnd.getrandbits(8) for _ in range(1 * MIB)))
        c.compile("random_bytes_file", os.path.join(scratch, "random.py"), INPUT, "error:")

        # ---- files that are not files
        c.compile("dev_zero", "/dev/zero", IO, "is not a regular file", seconds=10, mib=64)
        c.compile("dev_urandom", "/dev/urandom", IO, "is not a regular file", seconds=10, mib=64)
        fifo = os.path.join(scratch, "fifo.py")
        os.mkfifo(fifo)
        c.compile("fifo", fifo, IO, "is not a regular file", seconds=10, mib=64)
        c.compile("directory", scratch, IO, "is a folder", seconds=10, mib=64)
        c.compile("missing", os.path.join(scratch, "missing.py"), IO, "No such file", seconds=10, mib=64)

        # ---- extract over a hostile tree: every bad path skipped with a reason, the rest extracted
        tree = os.path.join(scratch, "tree")
        os.makedirs(os.path.join(tree, "pkg"))
        with open(os.path.join(tree, "pkg", "good.py"), "w") as f:
            f.write("import warp as wp\n\n@wp.kernel\ndef scale(a: wp.array(dtype=float)):\n"
                    "    i = wp.tid()\n    a[i] = a[i] * 2.0\n")
        os.symlink("loop.py", os.path.join(tree, "loop.py"))               # a link to itself
        os.symlink("b.py", os.path.join(tree, "a.py"))                     # a -> b -> a
        os.symlink("a.py", os.path.join(tree, "b.py"))
        os.symlink("..", os.path.join(tree, "pkg", "up"))                  # a folder loop: not followed
        os.symlink("/dev/zero", os.path.join(tree, "zero.py"))
        os.mkfifo(os.path.join(tree, "fifo.py"))
        shutil.copy(big, os.path.join(tree, "big.py"))
        with open(os.path.join(tree, "latin1.py"), "wb") as f:
            f.write(b"x = '\xe9'\n")
        deep = tree
        for _ in range(200):
            deep = os.path.join(deep, "d")
        os.makedirs(deep)
        with open(os.path.join(deep, "deep_good.py"), "w") as f:
            f.write("import warp as wp\n\n@wp.kernel\ndef deep(a: wp.array(dtype=float)):\n"
                    "    i = wp.tid()\n    a[i] = a[i] + 1.0\n")
        out = os.path.join(scratch, "extract-out")
        c.check("extract_hostile_tree",
                [warpsynth, "extract", tree, "--out", out, "--no-compress", "--jobs", "2"], OK, "2 pairs",
                stdout_has=[
                    "loop.py: skipped: cannot read: Too many levels of symbolic links",
                    "a.py: skipped: cannot read: Too many levels of symbolic links",
                    "zero.py: skipped: ", "is not a regular file",
                    "fifo.py: skipped: ",
                    "big.py: skipped: ", "more than the 8 MiB limit",
                    "latin1.py: skipped: does not parse:",
                ])
        c.check("extract_directory_loop_only", [warpsynth, "extract", os.path.join(tree, "pkg"), "--out",
                os.path.join(scratch, "extract-out2"), "--no-compress"], OK, "1 pairs")

        print(f"{c.passed} passed, {c.failed} failed")
        return 1 if c.failed else 0
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
