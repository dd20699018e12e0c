#!/usr/bin/env python3
"""Differential test of warpsynth's parser against CPython's `ast`.

Dumps every given Python file twice in one canonical text form -- once from
CPython's `ast.parse` (here), once from warpsynth's parser (ws_ast_dump) --
and requires the two to be identical: node kinds, fields and all four
positions of every node warpsynth keeps. Expression and statement kinds that
warpsynth keeps only as a kind and position (comprehensions, try, with, ...)
are dumped that way on both sides.

Files are the .py files under the given directories plus, with --warp, every
.py file under the installed warp package's tests/ and examples/.

One deliberate difference: warpsynth rejects integer literals beyond 64
bits, so for such a file the expected output is that error, at the literal.

    ast_diff.py --dump build/tests/syntax/ws_ast_dump --warp tests/corpus
"""
import argparse
import ast
import importlib.util
import io
import os
import struct
import subprocess
import sys
import tempfile
import tokenize

STMT_KIND = {"TryStar": "Try"}


def fmt_pos(n):
    return f"{n.lineno}:{n.col_offset}-{n.end_lineno}:{n.end_col_offset}"


def float_bits(v):
    return "%016x" % struct.unpack("<Q", struct.pack("<d", v))[0]


def constant(v):
    if v is None:
        return "None"
    if v is True or v is False:
        return str(v)
    if v is Ellipsis:
        return "..."
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return "float:" + float_bits(v)
    if isinstance(v, complex):
        return "complex:" + float_bits(v.imag)
    if isinstance(v, str):
        return "str:" + v.encode("utf-8", "surrogatepass").hex()
    if isinstance(v, bytes):
        return "bytes:" + v.hex()
    raise TypeError(type(v))


class Dumper:
    def __init__(self):
        self.out = []

    def line(self, depth, label, text):
        self.out.append("  " * depth + (label + ": " if label else "") + text)

    def stmts(self, depth, label, body):
        self.line(depth, label, f"[{len(body)}]")
        for s in body:
            self.stmt(depth + 1, "", s)

    def exprs(self, depth, label, items):
        self.line(depth, label, f"[{len(items)}]")
        for e in items:
            self.expr(depth + 1, "", e)

    def arg(self, depth, label, a):
        if a is None:
            return self.line(depth, label, "-")
        self.line(depth, label, f"arg {fmt_pos(a)} name={a.arg}")
        self.expr(depth + 1, "annotation", a.annotation)

    def args(self, depth, label, items):
        self.line(depth, label, f"[{len(items)}]")
        for a in items:
            self.arg(depth + 1, "", a)

    def keywords(self, depth, items):
        self.line(depth, "keywords", f"[{len(items)}]")
        for k in items:
            self.line(depth + 1, "", f"keyword {fmt_pos(k)} arg={k.arg or ''}")
            self.expr(depth + 2, "value", k.value)

    def aliases(self, depth, items):
        self.line(depth, "names", f"[{len(items)}]")
        for a in items:
            self.line(depth + 1, "", f"alias {fmt_pos(a)} name={a.name} asname={a.asname or ''}")

    def module(self, m):
        self.out.append("Module")
        for s in m.body:
            self.stmt(1, "", s)

    def stmt(self, depth, label, s):
        kind = type(s).__name__
        kind = STMT_KIND.get(kind, kind)
        head = f"{kind} {fmt_pos(s)}"
        d = depth + 1
        if isinstance(s, (ast.FunctionDef, ast.ClassDef)):
            first = s.decorator_list[0].lineno if s.decorator_list else s.lineno
            self.line(depth, label, f"{head} name={s.name} first_line={first}")
            if isinstance(s, ast.FunctionDef):
                a = s.args
                self.args(d, "posonlyargs", a.posonlyargs)
                self.args(d, "args", a.args)
                self.arg(d, "vararg", a.vararg)
                self.args(d, "kwonlyargs", a.kwonlyargs)
                self.exprs(d, "kw_defaults", a.kw_defaults)
                self.arg(d, "kwarg", a.kwarg)
                self.exprs(d, "defaults", a.defaults)
                self.stmts(d, "body", s.body)
                self.exprs(d, "decorators", s.decorator_list)
                self.expr(d, "returns", s.returns)
            else:
                self.exprs(d, "bases", s.bases)
                self.keywords(d, s.keywords)
                self.stmts(d, "body", s.body)
                self.exprs(d, "decorators", s.decorator_list)
        elif isinstance(s, ast.Return):
            self.line(depth, label, head)
            self.expr(d, "value", s.value)
        elif isinstance(s, ast.Assign):
            self.line(depth, label, head)
            self.exprs(d, "targets", s.targets)
            self.expr(d, "value", s.value)
        elif isinstance(s, ast.AugAssign):
            self.line(depth, label, f"{head} op={type(s.op).__name__}")
            self.expr(d, "target", s.target)
            self.expr(d, "value", s.value)
        elif isinstance(s, ast.AnnAssign):
            self.line(depth, label, f"{head} simple={s.simple}")
            self.expr(d, "target", s.target)
            self.expr(d, "annotation", s.annotation)
            self.expr(d, "value", s.value)
        elif isinstance(s, ast.For):
            self.line(depth, label, head)
            self.expr(d, "target", s.target)
            self.expr(d, "iter", s.iter)
            self.stmts(d, "body", s.body)
            self.stmts(d, "orelse", s.orelse)
        elif isinstance(s, (ast.While, ast.If)):
            self.line(depth, label, head)
            self.expr(d, "test", s.test)
            self.stmts(d, "body", s.body)
            self.stmts(d, "orelse", s.orelse)
        elif isinstance(s, ast.Expr):
            self.line(depth, label, head)
            self.expr(d, "value", s.value)
        elif isinstance(s, ast.Assert):
            self.line(depth, label, head)
            self.expr(d, "test", s.test)
            self.expr(d, "msg", s.msg)
        elif isinstance(s, ast.Import):
            self.line(depth, label, head)
            self.aliases(d, s.names)
        elif isinstance(s, ast.ImportFrom):
            self.line(depth, label, f"{head} module={s.module or ''} level={s.level}")
            self.aliases(d, s.names)
        else:
            # Pass, Break, Continue and the kinds kept without children.
            self.line(depth, label, head)

    def expr(self, depth, label, e):
        if e is None:
            return self.line(depth, label, "-")
        head = f"{type(e).__name__} {fmt_pos(e)}"
        d = depth + 1
        ctx = lambda n: type(n.ctx).__name__  # noqa: E731
        if isinstance(e, ast.Name):
            self.line(depth, label, f"{head} id={e.id} ctx={ctx(e)}")
        elif isinstance(e, ast.Constant):
            self.line(depth, label, f"{head} value={constant(e.value)}")
        elif isinstance(e, ast.Attribute):
            self.line(depth, label, f"{head} attr={e.attr} ctx={ctx(e)}")
            self.expr(d, "value", e.value)
        elif isinstance(e, ast.Subscript):
            self.line(depth, label, f"{head} ctx={ctx(e)}")
            self.expr(d, "value", e.value)
            self.expr(d, "slice", e.slice)
        elif isinstance(e, ast.Slice):
            self.line(depth, label, head)
            self.expr(d, "lower", e.lower)
            self.expr(d, "upper", e.upper)
            self.expr(d, "step", e.step)
        elif isinstance(e, ast.Call):
            self.line(depth, label, head)
            self.expr(d, "func", e.func)
            self.exprs(d, "args", e.args)
            self.keywords(d, e.keywords)
        elif isinstance(e, ast.BinOp):
            self.line(depth, label, f"{head} op={type(e.op).__name__}")
            self.expr(d, "left", e.left)
            self.expr(d, "right", e.right)
        elif isinstance(e, ast.UnaryOp):
            self.line(depth, label, f"{head} op={type(e.op).__name__}")
            self.expr(d, "operand", e.operand)
        elif isinstance(e, ast.BoolOp):
            self.line(depth, label, f"{head} op={type(e.op).__name__}")
            self.exprs(d, "values", e.values)
        elif isinstance(e, ast.Compare):
            ops = ",".join(type(op).__name__ for op in e.ops)
            self.line(depth, label, f"{head} ops={ops}")
            self.expr(d, "left", e.left)
            self.exprs(d, "comparators", e.comparators)
        elif isinstance(e, ast.IfExp):
            self.line(depth, label, head)
            self.expr(d, "test", e.test)
            self.expr(d, "body", e.body)
            self.expr(d, "orelse", e.orelse)
        elif isinstance(e, (ast.Tuple, ast.List)):
            self.line(depth, label, f"{head} ctx={ctx(e)}")
            self.exprs(d, "elts", e.elts)
        elif isinstance(e, ast.Starred):
            self.line(depth, label, f"{head} ctx={ctx(e)}")
            self.expr(d, "value", e.value)
        else:
            # Lambda, Dict, comprehensions, f-strings, ...: kind and position.
            self.line(depth, label, head)


def expected_dump(path):
    with open(path, "rb") as f:
        source = f.read()
    try:
        tree = ast.parse(source, filename=path)
    except SyntaxError as e:
        # Files CPython rejects must be rejected with the same message and place.
        return f"error: {e.lineno}:{e.offset}: {e.msg}"
    except ValueError as e:  # null bytes
        return f"error: {e}"
    d = Dumper()
    d.module(tree)
    return "\n".join(d.out)


def warp_dirs(prog="ast_diff.py"):
    """Warp's own tests and examples, the inputs of the differential runs (also error_diff.py's)."""
    spec = importlib.util.find_spec("warp")
    if spec is None or not spec.submodule_search_locations:
        sys.exit(f"{prog}: warp is not installed in " + sys.executable)
    root = list(spec.submodule_search_locations)[0]
    return [os.path.join(root, "tests"), os.path.join(root, "examples")]


def collect(dirs, prog="ast_diff.py"):
    files = []
    for d in dirs:
        if not os.path.isdir(d):
            sys.exit(f"{prog}: no such directory: {d}")
        for base, _, names in os.walk(d):
            files += [os.path.join(base, n) for n in names if n.endswith(".py")]
    return sorted(files)


def split_dumps(text):
    dumps, current, lines = {}, None, []
    for line in text.split("\n"):
        if line.startswith("== "):
            if current is not None:
                dumps[current] = "\n".join(lines).rstrip("\n")
            current, lines = line[3:], []
        else:
            lines.append(line)
    if current is not None:
        dumps[current] = "\n".join(lines).rstrip("\n")
    return dumps


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dump", required=True, help="path of the ws_ast_dump executable")
    ap.add_argument("--warp", action="store_true", help="also every .py of warp's tests/ and examples/")
    ap.add_argument("--min-files", type=int, default=1, help="fail when fewer files were found")
    ap.add_argument("dirs", nargs="*")
    args = ap.parse_args()

    if sys.version_info[:2] != (3, 11):
        sys.exit(f"ast_diff.py: needs CPython 3.11 (positions are 3.11's), not {sys.version.split()[0]}")
    dirs = list(args.dirs) + (warp_dirs() if args.warp else [])
    files = collect(dirs)
    if len(files) < args.min_files:
        sys.exit(f"ast_diff.py: only {len(files)} files found in {dirs}")

    with tempfile.NamedTemporaryFile("w", suffix=".list", delete=False) as lst:
        lst.write("\n".join(files) + "\n")
    try:
        run = subprocess.run([args.dump, "--list", lst.name], capture_output=True, text=True,
                             encoding="utf-8", errors="surrogateescape")
    finally:
        os.unlink(lst.name)
    if run.returncode != 0:
        sys.exit(f"ast_diff.py: {args.dump} failed ({run.returncode}):\n{run.stderr}")
    ours = split_dumps(run.stdout)

    mismatches = 0
    rejected_alike = 0
    for path in files:
        want = expected_dump(path)
        got = ours.get(path)
        if got == want:
            rejected_alike += want.startswith("error:")
            continue
        mismatches += 1
        want_lines, got_lines = want.split("\n"), (got or "<missing>").split("\n")
        for i in range(max(len(want_lines), len(got_lines))):
            w = want_lines[i] if i < len(want_lines) else "<end>"
            g = got_lines[i] if i < len(got_lines) else "<end>"
            if w != g:
                context = want_lines[max(0, i - 3):i]
                print(f"MISMATCH {path} (dump line {i + 1})")
                for c in context:
                    print(f"    {c}")
                print(f"  cpython:   {w}")
                print(f"  warpsynth: {g}")
                break
    print(f"{len(files)} files compared, {len(files) - mismatches} equal, {mismatches} different "
          f"({rejected_alike} invalid files rejected with CPython's message and position)")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
