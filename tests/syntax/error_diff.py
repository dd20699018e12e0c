#!/usr/bin/env python3
"""Differential test of syntax errors against CPython 3.11.

Two sets of inputs go through ws_ast_dump and through CPython's compile():

  * CASES below: hand-written mistakes. Each must give CPython's exact
    message, line and column (SyntaxError.offset).
  * --mutants N: N damaged copies of real files (the given directories and,
    with --warp, warp's tests and examples): a token inserted, deleted or
    duplicated, or the file cut short, from a fixed seed. warpsynth must
    accept exactly the mutants CPython accepts (and then build the same
    tree, which ast_diff.py checks separately), and give CPython's message
    for at least --min-same of the rejected ones.

    error_diff.py --dump build/tests/syntax/ws_ast_dump --mutants 1500 --warp tests/corpus
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

from ast_diff import collect, warp_dirs  # the same inputs as the AST differential

PROG = "error_diff.py"

CASES = [
    "x = (1,\n", "x = [1, 2\ny = 3\n", "x = 1)\n", "x = (1]\n", "x = (1,\n\n]\n", "if x:\npass\n", "  x = 1\n",
    "if x:\n    a\n  b\n", "s = 'abc\n", 's = """abc\n\n', "x = 1abc\n", "x = 0x\n", "x = 09\n", "x = 1__0\n",
    "x = 1_\n", "x = 0b2\n", "x = 0o8\n", "x = 1e\n", "x = 1e+\n", "x = 0b\n", "x = 0o\n", "x = 1j5\n", "x = 0_\n",
    "x = 0xg\n", "def f(:\n", "f(a b)\n", "x = = 1\n", "f() = 1\n", "1 = x\n", "a + b = c\n", "f() += 1\n",
    "for f() in x: pass\n", "for a + b in c: pass\n", "x = $\n", "x = a ! b\n", "x = 1 \\ 2\n", "x = 1 +\\\n", "x = \\",
    "if x\n    pass\n", "def f(a=1, b): pass\n", "f(a=1, b)\n", "f(a=1, *b, c)\n", "f(**k, *a)\n", "f(**k, a)\n",
    "x = 'a' b'b'\n", "x = b'\u00e9'\n", "\tif x:\n        pass\n", "if x:\n        a\n\tb\n", "x = 'a\\x1'\n",
    "def f():\n    return\n  x\n", "class A\n", "x = yield = 1\n", "x = (yield) = 1\n", "a, b += 1\n",
    "x = 1 if 2\n", "print 'x'\n", "import a.b as\n", "from . import\n", "from x import a,\n", "while x:\nbreak\n",
    "x = (a for a in b, c)\n", "f(a for a in b, c)\n", "del f()\n", "del (a, f())\n", "x = {1: 2, 3}\n",
    "x = a +\n", "x = \u00d7\n", "x = \u00a0 1\n", "else:\n pass\n", "def f(*): pass\n", "def f(**k, a): pass\n",
    "def f(*a, *b): pass\n", "x.1\n", "a = 1 = 2\n", "True = 1\n", "def f():\n    x = 1\n   y = 2\n",
    "x = 'abc\\\n", "x = (\n", "f(\n  a,\n", "if x:\n", "if x:\n    pass\nelse\n", "(a, b): int = 1\n",
    "[a]: int\n", "f(): int\n", "a, b: int\n", "x: int, y: int = 1, 2\n", "x = 1\n\n\n)\n", "try:\n    pass\n",
    "try:\n    pass\nx = 1\n", "x = 1 2\n", "f(a, b c)\n", "[1, 2 3]\n", "x = {1 2}\n", "a[1 2]\n",
    "def f(x):\n    return x +\n", "for x in range(3)\n    pass\n", "while True\n    pass\n",
    "with open(f) as g\n    pass\n", "def f()\n    pass\n", "def f:\n    pass\n", "x = [1, 2,,]\n",
    "if x:\n    pass\n  else:\n    pass\n", "@wp.kernel\n", "@wp.kernel\nx = 1\n", "x = 'a' 'b\n", "x = '''a\n",
    "import\n", "from x import\n", "del 1\n", "(*a)\n", "x = *a\n", "a = b = f() = c\n", "[a, f()] = 1\n",
    "x = 0777\n", "x = 1.2.3\n", "x = 5 if\n", "lambda x\n", "x = not\n", "if x = 1:\n    pass\n",
    "if f() = 1:\n    pass\n", "if a is b = c:\n    pass\n", "x = (1 +\n  2))\n", "x ++= 1\n", "def (): pass\n",
    "class (): pass\n", "x = 1 if 2 else\n", "f(**)\n", "f(*)\n", "x: = 1\n", "x = [i for i in]\n", "x = a.\n",
    "x = a[\n]\n", "try:\n    pass\nexcept:\n    pass\nexcept:\npass\n", "if True:\n\tx = 1\n        y = 2\n",
    "f(x for x in y, )\n", "def f(a, /, b, /): pass\n", "def f(*, /): pass\n", "x = `a`\n", "x = a ? b\n",
    "x = 'abc' 'def' b'g'\n", "x = b'\\x1'\n", "x = yield from\n", "assert\n", "return 1 2\n", "nonlocal\n",
    "global x,\n", "f(a.b=1)\n", "f(x:=1=2)\n", "f(True=1)\n", "def f(a, b=1, c): pass\n",
    "def f(x=1, y)\n", "class A:\n    def f(self):\nx = 1\n", "if x:\n    pass\n    # c\n", "  # c\nx = 1\n  y\n",
    "try:\n    x\nexcept A, B:\n    pass\n", "with (a as b, c as d):\n    pass\n", "match x:\ncase 1: pass\n",
    "x = f'{'\n", "x = f'{}'\n", "x = f'{a b}'\n", "x = f'{*a}'\n", "x = f'{x!z}'\n", "x = f'}'\n",
    "x = f'{#}'\n", "x = f'{a\\n}'\n", "x = f'{[}'\n", "x = f'{1abc}'\n", "x = f'{lambda x: 1}'\n", "x = f'{x!}'\n",
    "x = [\n    1,\n    2\n    3,\n]\n", "x = (a,\n     b\n     c)\n", "def f(\n    a=1.\n    b=2,\n): pass\n",
]


JUNK = ["(", ")", "[", "]", ":", ",", "=", "\n", "    ", "\t", '"', "'", "\\", ".", "1", "if", "else", "*", "**",
        "#", "@", "$", "0x", "lambda", "def", "not", "in", "is", "yield", "->", ":=", "{", "}", ";", 'f"', 'r"',
        "\n  "]


def mutants(files, count, seed):
    rng = random.Random(seed)
    sources = []
    for f in files:
        with open(f, "rb") as fh:
            data = fh.read()
        try:
            sources.append(data.decode("utf-8"))
        except UnicodeDecodeError:
            pass
    out = []
    while len(out) < count:
        src = rng.choice(sources)
        if len(src) < 10:
            continue
        k = rng.randrange(len(src))
        op = rng.randrange(4)
        if op == 0:
            src = src[:k] + rng.choice(JUNK) + src[k:]
        elif op == 1:
            src = src[:k] + src[k + rng.randint(1, 5):]
        elif op == 2:
            src = src[:k]
        else:
            j = rng.randrange(len(src))
            src = src[:k] + src[j:j + rng.randint(1, 8)] + src[k:]
        out.append(src.encode("utf-8"))
    return out


def cpython_result(source):
    try:
        compile(source, "case.py", "exec", flags=0x400)  # PyCF_ONLY_AST: parse only, like ast.parse
        return "ok"
    except SyntaxError as e:
        return f"error: {e.lineno}:{e.offset}: {e.msg}"
    except ValueError as e:
        return f"error: {e}"


def ours(dump, sources):
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for i, src in enumerate(sources):
            p = os.path.join(tmp, f"case{i:05d}.py")
            with open(p, "wb") as f:
                f.write(src)
            paths.append(p)
        lst = os.path.join(tmp, "cases.list")
        with open(lst, "w") as f:
            f.write("\n".join(paths) + "\n")
        run = subprocess.run([dump, "--list", lst], capture_output=True, text=True, encoding="utf-8",
                             errors="replace")
        if run.returncode != 0:
            sys.exit(f"error_diff.py: {dump} failed ({run.returncode}):\n{run.stderr}")
    results, current = {}, None
    for line in run.stdout.split("\n"):
        if line.startswith("== "):
            current = int(os.path.basename(line[3:])[4:9])
            results[current] = "ok"
        elif line.startswith("error:") and current is not None:
            results[current] = line
    return [results.get(i, "<missing>") for i in range(len(sources))]


# CPython moved the reported column of these errors between 3.11 patch
# releases (3.11.2 and 3.11.7 differ); warpsynth follows the later release, so
# only the message is compared for them.
PATCH_DEPENDENT_POSITION = {"f(**k, *a)\n", "x = b'\u00e9'\n"}


def message(result):
    return result.split(": ", 2)[-1]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dump", required=True, help="path of the ws_ast_dump executable")
    ap.add_argument("--mutants", type=int, default=0, help="number of damaged real files to compare")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min-same", type=float, default=0.95,
                    help="least share of rejected mutants that must get CPython's message")
    ap.add_argument("--warp", action="store_true", help="also mutate warp's tests and examples")
    ap.add_argument("dirs", nargs="*")
    args = ap.parse_args()
    if sys.version_info[:2] != (3, 11):
        sys.exit(f"error_diff.py: needs CPython 3.11, not {sys.version.split()[0]}")

    failed = False
    sources = [c.encode("utf-8") for c in CASES]
    got = ours(args.dump, sources)
    bad = 0
    for src, g in zip(CASES, got):
        want = cpython_result(src)
        if src in PATCH_DEPENDENT_POSITION and message(g) == message(want):
            continue
        if g != want:
            bad += 1
            print(f"CASE {src!r}\n  cpython:   {want}\n  warpsynth: {g}")
    print(f"{len(CASES)} error cases: {len(CASES) - bad} as CPython, {bad} different")
    failed |= bad > 0

    if args.mutants:
        dirs = list(args.dirs) + (warp_dirs(PROG) if args.warp else [])
        sources = mutants(collect(dirs, PROG), args.mutants, args.seed)
        got = ours(args.dump, sources)
        accept_mismatch = same = same_message = rejected = 0
        for i, (src, g) in enumerate(zip(sources, got)):
            want = cpython_result(src)
            if (want == "ok") != (g == "ok"):
                if "\\N{...}" in g:
                    continue  # warpsynth's documented limits
                accept_mismatch += 1
                print(f"MUTANT {i} accepted by only one side\n  cpython:   {want}\n  warpsynth: {g}")
                continue
            if want == "ok":
                continue
            rejected += 1
            same += want == g
            same_message += message(want) == message(g)
        share = same_message / rejected if rejected else 1.0
        print(f"{len(sources)} mutants (seed {args.seed}): {accept_mismatch} accepted by only one side; "
              f"{rejected} rejected by both, {same} with CPython's message and position, "
              f"{same_message} with its message ({share:.1%}, at least {args.min_same:.0%} required)")
        failed |= accept_mismatch > 0 or share < args.min_same
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
