#!/usr/bin/env python3
"""Measure warpsynth on the kernels of Warp's deterministic-mode tests, in deterministic mode.

  deterministic.py [--out DIR] [--warpsynth BIN] [--ref-python PY] [eval.py options...]

Warp's tests (warp/tests/deterministic/test_deterministic_*.py) switch their module to
deterministic mode at run time (setUpClass) and put many kernels in unique modules
(`@wp.kernel(module="unique", module_options={"deterministic": ...})`), so a plain sanitized
copy compiles them in Warp's default mode. This script sanitizes those files as eval.py does,
then rewrites each copy the way the tests run it: one
`wp.set_module_options({"deterministic": wp.DeterministicMode.RUN_TO_RUN})` after the first
`import warp as wp`, and the `module`/`module_options` keywords removed from kernel decorators
(RUN_TO_RUN and GPU_TO_GPU generate the same code), so every kernel is in the file's
deterministic module. Decorators keep their line count, so kernels keep their lines. Each kernel
then gets a copy of its own (the others blanked), as most of them have a module of their own in
the tests and Warp rejects a whole module for one kernel. Then it runs eval.py --skip-sanitize on
DIR (Warp's reference, warpsynth, peeling, report): modules there are kernels.
"""
import argparse
import ast
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True

OPTION = 'wp.set_module_options({"deterministic": wp.DeterministicMode.RUN_TO_RUN})\n'


def kernel_decorator(dec):
    """A `@wp.kernel(...)` call decorator, or None."""
    if not isinstance(dec, ast.Call):
        return None
    f = dec.func
    return dec if isinstance(f, ast.Attribute) and f.attr == "kernel" else None


def rewrite(text):
    """The copy in deterministic mode, with unique-module kernels moved into the file's module."""
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    edits = []  # (first line, last line, replacement lines)
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef):
            continue
        for dec in node.decorator_list:
            call = kernel_decorator(dec)
            if call is None or not any(k.arg in ("module", "module_options") for k in call.keywords):
                continue
            kept = [ast.get_source_segment(text, k) for k in call.keywords if k.arg not in ("module", "module_options")]
            n = call.end_lineno - call.lineno + 1
            head = lines[call.lineno - 1][: call.col_offset]
            body = f"{ast.get_source_segment(text, call.func)}({', '.join(kept)}" + "\n" * (n - 1) + ")\n"
            edits.append((call.lineno, call.end_lineno, head + body))
    for first, last, new in sorted(edits, reverse=True):
        lines[first - 1 : last] = [new]
    for i, line in enumerate(lines):
        if line.strip() == "import warp as wp":
            lines.insert(i + 1, OPTION)
            break
    new = "".join(lines)
    ast.parse(new)
    return new


def is_kernel(node):
    for dec in node.decorator_list:
        f = dec.func if isinstance(dec, ast.Call) else dec
        if isinstance(f, ast.Attribute) and f.attr == "kernel":
            return True
    return False


def split(text):
    """{kernel name: the copy with only that kernel}: Warp's tests give most kernels a module of
    their own, and Warp rejects a whole module for one kernel it rejects. The other kernels, and the
    top-level statements naming them, become blank lines (lines keep their numbers)."""
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    kernels = [n for n in tree.body if isinstance(n, ast.FunctionDef) and is_kernel(n)]
    names = {k.name for k in kernels}
    out = {}
    for keep in kernels:
        blank = set()
        for n in tree.body:
            if n is keep:
                continue
            used = {x.id for x in ast.walk(n) if isinstance(x, ast.Name)}
            if n in kernels or (used & (names - {keep.name})):
                first = min([n.lineno] + [d.lineno for d in getattr(n, "decorator_list", [])])
                blank |= set(range(first, n.end_lineno + 1))
        copy = "".join(("\n" if line.endswith("\n") else "") if i in blank else line
                       for i, line in enumerate(lines, 1))
        ast.parse(copy)
        out[keep.name] = copy
    return out


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default="/tmp/warp_suite_det")
    ap.add_argument("--ref-python", default=os.environ.get("WARP_REFERENCE_PY", sys.executable))
    a, rest = ap.parse_known_args(argv)
    out = os.path.abspath(a.out)
    src = os.path.join(out, "src")
    warp_dir = subprocess.run(
        [a.ref_python, "-c", "import os, warp; print(os.path.dirname(warp.__file__))"],
        capture_output=True, text=True, cwd="/", check=True).stdout.strip()
    subprocess.run([sys.executable, os.path.join(HERE, "sanitize.py"), "--out", src, "--warp-dir", warp_dir,
                    "--subdirs", os.path.join("tests", "deterministic")], check=True, cwd="/")
    manifest = json.load(open(os.path.join(src, "manifest.json")))
    files = {}
    for stem, info in manifest["files"].items():
        path = os.path.join(src, stem + ".py")
        text = rewrite(open(path, encoding="utf-8").read())
        os.remove(path)
        for kernel, copy in split(text).items():
            with open(os.path.join(src, f"{stem}__{kernel}.py"), "w", encoding="utf-8") as fh:
                fh.write(copy)
            files[f"{stem}__{kernel}"] = {**info, "kernels": [k for k in info["kernels"] if k["name"] == kernel]}
    manifest["files"] = files
    with open(os.path.join(src, "manifest.json"), "w") as fh:
        json.dump(manifest, fh, indent=1)
    subprocess.run([sys.executable, os.path.join(HERE, "eval.py"), "--out", out, "--skip-sanitize",
                    "--ref-python", a.ref_python, *rest], check=True)


if __name__ == "__main__":
    main(sys.argv[1:])
