#!/usr/bin/env python3
"""Copy Warp's own tests/examples into a scratch directory, keeping only what defines
each module's kernels statically.

  sanitize.py --out DIR [--warp-dir PKG] [--subdirs tests,examples]

For every .py file under PKG/tests and PKG/examples (PKG: the installed warp package,
found with `import warp` unless given), writes DIR/<stem>.py where <stem> is the path
relative to PKG with "/" replaced by "__" (e.g. tests__geometry__test_mesh). A copy
keeps the original text of the top-level statements it keeps and blanks every other
line, so line numbers and columns (`// <L n>` comments) match the original file.

Kept:
  - imports of modules that can be imported here (torch, jax, ... are dropped);
  - defs and classes (decorators other than Warp's kernel/func/struct family blanked;
    plain defs/classes whose import-time parts - defaults, annotations, bases, class
    body statements - use names that are not bound are dropped);
  - module-level assignments whose value is static: literals, names already bound,
    arithmetic, containers, and calls of wp.constant / Warp type constructors
    (wp.vec3(...), wp.types.vector(...), wp.float32(...)), numpy scalar types and
    a few pure Python builtins (int, float, min, max, round, abs, tuple, len);
  - wp.config.X = <static>, wp.set_module_options(<static>), wp.overload(<static>),
    docstrings.
Dropped: test registration, device queries, `if`/`for`/`while`/`with`/`try` blocks
(loops creating kernels, `if __name__ == "__main__":`), anything else that calls code.

Also writes DIR/manifest.json: for each stem, the original path, the top-level
kernels it defines statically and the dropped statements (line ranges, reasons).
Run it with the repository's test venv (.venv/bin/python), never from inside the
warp package directory (warp/types.py would shadow the stdlib's `types`).
"""
import argparse
import ast
import builtins
import importlib
import importlib.util
import inspect
import json
import os
import re
import sys

WARP_DECORATORS = {
    "warp.kernel", "warp.func", "warp.struct", "warp.func_native", "warp.func_grad",
    "warp.func_replay", "warp.overload",
}
# Calls whose value is static when their arguments are.
STATIC_CALL = re.compile(
    r"^(warp\.(types\.)?("
    r"constant|Module|overload|vector|matrix|quaternion|transformation|vec\w*|mat\w*|quat\w*|transform\w*|spatial_\w+|"
    r"float\d+|int\d+|uint\d+|bool|half|bfloat16|float16|Float|Int|Scalar)"
    r"|numpy\.(float\d+|int\d+|uint\d+|bool_|pi)"
    r"|math\.\w+"
    r"|int|float|bool|str|abs|min|max|round|tuple|list|len|range)$"
)
# Module-level calls that are part of a module's static definition (prefixes of qualified names).
STATIC_EXPR_CALL = ("warp.set_module_options", "warp.overload", "warp.build_experimental.")


class Scope:
    """Names bound by the kept top-level statements, and what import aliases stand for."""

    def __init__(self):
        self.bound = set(dir(builtins)) | {"__name__", "__file__", "__doc__", "__spec__"}
        self.alias = {}  # local name -> qualified module/object path
        self.star_cache = {}
        self.static_callables = set()  # user vector/matrix types, struct classes

    def qualify(self, e):
        parts = []
        while isinstance(e, ast.Attribute):
            parts.insert(0, e.attr)
            e = e.value
        if not isinstance(e, ast.Name):
            return None
        if e.id in self.alias:
            return ".".join([self.alias[e.id]] + parts)
        if e.id in dir(builtins) and not parts:
            return e.id
        return None

    def star_names(self, module):
        """{name: qualified name} that `from module import *` binds (None if it cannot be imported)."""
        if module not in self.star_cache:
            try:
                m = importlib.import_module(module)
                names = getattr(m, "__all__", None) or [n for n in dir(m) if not n.startswith("_")]
                out = {}
                for n in names:
                    v = getattr(m, n, None)
                    out[n] = v.__name__ if inspect.ismodule(v) else f"{module}.{n}"
                self.star_cache[module] = out
            except Exception:
                self.star_cache[module] = None
        return self.star_cache[module]


_WARP_NAMES = None


def warp_builtin_names():
    """Names Warp resolves in kernel bodies without a module prefix (its builtins, e.g. expect_eq, vec3)."""
    global _WARP_NAMES
    if _WARP_NAMES is None:
        import warp
        try:
            from warp._src import context
        except ImportError:
            from warp import context
        _WARP_NAMES = set(getattr(context, "builtin_functions", {})) | {n for n in dir(warp) if not n.startswith("_")}
    return _WARP_NAMES


def importable(name):
    top = name.split(".")[0]
    try:
        return importlib.util.find_spec(top) is not None
    except (ImportError, ValueError):
        return False


def free_names(nodes):
    """Names loaded by expressions (not descending into lambdas/comprehension scopes specially)."""
    out = set()
    for n in nodes:
        if n is None:
            continue
        for x in ast.walk(n):
            if isinstance(x, ast.Name) and isinstance(x.ctx, ast.Load):
                out.add(x.id)
    return out


def is_static(e, scope):
    if e is None:
        return True
    if isinstance(e, ast.Constant):
        return True
    if isinstance(e, ast.Name):
        return e.id in scope.bound
    if isinstance(e, ast.Attribute):
        return is_static(e.value, scope)
    if isinstance(e, ast.Subscript):
        return is_static(e.value, scope) and is_static(e.slice, scope)
    if isinstance(e, ast.Slice):
        return all(is_static(x, scope) for x in (e.lower, e.upper, e.step))
    if isinstance(e, (ast.Tuple, ast.List, ast.Set)):
        return all(is_static(x, scope) for x in e.elts)
    if isinstance(e, ast.Dict):
        return all(is_static(x, scope) for x in e.keys + e.values)
    if isinstance(e, ast.BinOp):
        return is_static(e.left, scope) and is_static(e.right, scope)
    if isinstance(e, ast.UnaryOp):
        return is_static(e.operand, scope)
    if isinstance(e, ast.BoolOp):
        return all(is_static(x, scope) for x in e.values)
    if isinstance(e, ast.Compare):
        return is_static(e.left, scope) and all(is_static(x, scope) for x in e.comparators)
    if isinstance(e, ast.IfExp):
        return all(is_static(x, scope) for x in (e.test, e.body, e.orelse))
    if isinstance(e, ast.JoinedStr):
        return all(is_static(x, scope) for x in e.values)
    if isinstance(e, ast.FormattedValue):
        return is_static(e.value, scope)
    if isinstance(e, ast.Call):
        q = scope.qualify(e.func)
        user_type = isinstance(e.func, ast.Name) and e.func.id in scope.static_callables
        if not user_type and (q is None or not STATIC_CALL.match(q)):
            return False
        return all(is_static(a, scope) for a in e.args) and all(is_static(k.value, scope) for k in e.keywords)
    return False


def def_import_time_nodes(d):
    a = d.args
    nodes = list(a.defaults) + [x for x in a.kw_defaults if x is not None]
    for arg in a.posonlyargs + a.args + a.kwonlyargs + [a.vararg, a.kwarg]:
        if arg is not None and arg.annotation is not None:
            nodes.append(arg.annotation)
    if d.returns is not None:
        nodes.append(d.returns)
    return nodes


def class_import_time_nodes(c):
    nodes = list(c.bases) + [k.value for k in c.keywords]
    for s in c.body:
        if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)):
            nodes += [d for d in s.decorator_list] + def_import_time_nodes(s)
        elif isinstance(s, ast.ClassDef):
            nodes += [d for d in s.decorator_list] + class_import_time_nodes(s)
        else:
            nodes.append(s)
    return nodes


def bound_by_target(t):
    if isinstance(t, ast.Name):
        return [t.id]
    if isinstance(t, (ast.Tuple, ast.List)):
        return [n for x in t.elts for n in bound_by_target(x)]
    return []


def decorator_name(d, scope):
    return scope.qualify(d.func if isinstance(d, ast.Call) else d)


def body_free_names(d):
    """Globals a def's body reads: names loaded minus names the def binds itself."""
    loaded, stored = set(), set()
    for x in ast.walk(d):
        if isinstance(x, ast.Name):
            (loaded if isinstance(x.ctx, ast.Load) else stored).add(x.id)
        elif isinstance(x, ast.arg):
            stored.add(x.arg)
        elif isinstance(x, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and x is not d:
            stored.add(x.name)
        elif isinstance(x, (ast.Import, ast.ImportFrom)):
            stored.update((a.asname or a.name).split(".")[0] for a in x.names)
    return loaded - stored


class Kept:
    """A kept top-level statement: the lines it owns, the names it binds and needs."""

    def __init__(self, stmt, lines, binds, needs):
        self.stmt, self.lines, self.binds, self.needs = stmt, lines, set(binds), set(needs)


def sanitize(text, future_annotations=False, also_bound=()):
    """Return (new_text, info) for one module's source. `also_bound`: names to treat as bound by the
    original module when deciding whether a missing name is the sanitizer's doing (see below)."""
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    scope = Scope()
    blank = set()  # 1-based line numbers to blank
    kept = []
    dropped = []
    kernel_of, warp_def = {}, {}

    def first_line(s):
        decos = getattr(s, "decorator_list", [])
        return min([s.lineno] + [d.lineno for d in decos])

    def drop(s, why):
        a, b = first_line(s), s.end_lineno
        blank.update(range(a, b + 1))
        dropped.append({"lines": [a, b], "kind": type(s).__name__, "name": getattr(s, "name", None), "why": why})

    def keep(s, binds=(), needs=(), lines=None):
        kept.append(Kept(s, lines if lines is not None else set(range(first_line(s), s.end_lineno + 1)), binds, needs))
        scope.bound.update(binds)

    def type_like(e):
        """A static value that Warp code may call like a type (vector/matrix types, scalar types)."""
        if isinstance(e, ast.Call):
            q = scope.qualify(e.func)
            return bool(q and re.match(r"^warp\.(types\.)?(vector|matrix|quaternion|transformation|vec|mat|quat"
                                       r"|transform)$", q))
        q = scope.qualify(e)
        return bool(q and q.startswith("warp."))

    for s in tree.body:
        if isinstance(s, ast.ImportFrom) and s.module == "__future__":
            if any(a.name == "annotations" for a in s.names):
                future_annotations = True
            keep(s)
            continue
        if isinstance(s, ast.Import):
            if all(importable(a.name) for a in s.names):
                binds = []
                for a in s.names:
                    if a.asname:
                        scope.alias[a.asname] = a.name
                        binds.append(a.asname)
                    else:
                        top = a.name.split(".")[0]
                        scope.alias[top] = top
                        binds.append(top)
                keep(s, binds)
            else:
                drop(s, "import of a module not installed here")
            continue
        if isinstance(s, ast.ImportFrom):
            if s.level:
                drop(s, "relative import")
                continue
            if not importable(s.module):
                drop(s, "import of a module not installed here")
                continue
            binds = []
            for a in s.names:
                if a.name == "*":
                    star = scope.star_names(s.module) or {}
                    binds += sorted(star)
                    scope.alias.update(star)
                else:
                    n = a.asname or a.name
                    binds.append(n)
                    scope.alias[n] = f"{s.module}.{a.name}"
            keep(s, binds)
            continue
        if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            warp_decos, deco_lines = [], set()
            for d in s.decorator_list:
                q = decorator_name(d, scope)
                if q in WARP_DECORATORS:
                    warp_decos.append(q)
                    deco_lines.update(range(d.lineno, d.end_lineno + 1))
                else:  # decorators run code at import: blank them, the def stays a plain def
                    blank.update(range(d.lineno, d.end_lineno + 1))
                    dropped.append({"lines": [d.lineno, d.end_lineno], "kind": "decorator", "name": s.name,
                                    "why": f"non-Warp decorator {ast.unparse(d)[:60]}"})
            is_class = isinstance(s, ast.ClassDef)
            if is_class:
                import_time = class_import_time_nodes(s)
            else:
                import_time = [] if future_annotations else def_import_time_nodes(s)
            import_time += [d for d in s.decorator_list if decorator_name(d, scope) in WARP_DECORATORS]
            missing = free_names(import_time) - scope.bound - {s.name}
            if missing:
                drop(s, f"{'class' if is_class else 'def'} uses names unbound at import: {sorted(missing)[:5]}")
                dropped[-1]["missing"] = sorted(missing)
                continue
            needs = set()
            if warp_decos and not is_class:
                # Warp resolves the body's globals when it generates code (after the module ran).
                needs = body_free_names(s) - {s.name}
                if future_annotations:
                    needs |= free_names(def_import_time_nodes(s))
                warp_def[id(s)] = True
                if "warp.kernel" in warp_decos:
                    kernel_of[id(s)] = True
            needs |= free_names(import_time) - {s.name}
            keep(s, [s.name], needs, deco_lines | set(range(s.lineno, s.end_lineno + 1)))
            if is_class and "warp.struct" in warp_decos:
                scope.static_callables.add(s.name)
            continue
        if isinstance(s, (ast.Assign, ast.AnnAssign)):
            targets = s.targets if isinstance(s, ast.Assign) else [s.target]
            config = all(isinstance(t, ast.Attribute) and (scope.qualify(t) or "").startswith("warp.config.")
                         for t in targets)
            names_only = all(bound_by_target(t) for t in targets) and all(
                isinstance(x, ast.Name) for t in targets for x in ast.walk(t)
                if not isinstance(x, (ast.Tuple, ast.List, ast.Load, ast.Store)))
            ann_ok = not isinstance(s, ast.AnnAssign) or future_annotations or is_static(s.annotation, scope)
            if (names_only or config) and ann_ok and s.value is not None and is_static(s.value, scope):
                binds = [n for t in targets for n in bound_by_target(t)]
                keep(s, binds, free_names([s.value]))
                for t in targets:
                    if isinstance(t, ast.Name):
                        q = scope.qualify(s.value) if isinstance(s.value, (ast.Name, ast.Attribute)) else None
                        if q:
                            scope.alias[t.id] = q  # wptype = wp.float32: wptype(...) is a static call
                        if type_like(s.value):
                            scope.static_callables.add(t.id)
            elif isinstance(s, ast.AnnAssign) and s.value is None and (future_annotations or is_static(s.annotation, scope)):
                keep(s)
            else:
                drop(s, "assignment of a value computed at import")
                dropped[-1]["missing"] = sorted(free_names([s.value]) - scope.bound)
            continue
        if isinstance(s, ast.Expr):
            v = s.value
            if isinstance(v, ast.Constant):
                keep(s)
            elif isinstance(v, ast.Call) and (scope.qualify(v.func) or "").startswith(STATIC_EXPR_CALL) and all(
                    is_static(a, scope) for a in v.args) and all(is_static(k.value, scope) for k in v.keywords):
                keep(s, (), free_names([v]))
            else:
                drop(s, "module-level call" if isinstance(v, ast.Call) else "module-level expression")
                dropped[-1]["missing"] = sorted(free_names([v]) - scope.bound)
            continue
        if isinstance(s, ast.Pass):
            keep(s)
            continue
        drop(s, f"module-level {type(s).__name__}")

    original_bound = set(also_bound)
    for s in tree.body:
        for x in ast.walk(s):
            if isinstance(x, ast.Name) and isinstance(x.ctx, ast.Store):
                original_bound.add(x.id)
            elif isinstance(x, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                original_bound.add(x.name)
            elif isinstance(x, (ast.Import, ast.ImportFrom)):
                original_bound.update((a.asname or a.name).split(".")[0] for a in x.names)
    # Warp defs whose bodies read globals that are not bound (dropped, computed at import, or
    # never defined) would make Warp reject the whole module: drop them, and whatever used them.
    base = set(dir(builtins)) | {"__name__", "__file__", "__doc__", "__spec__"} | warp_builtin_names()
    changed = True
    while changed:
        changed = False
        bound = set(base)
        for k in kept:
            bound |= k.binds
        for k in list(kept):
            # Names the original module never binds are the file's own errors (Warp tests
            # that expect a rejection): keep those, so both sides are seen to reject.
            missing = (k.needs - bound) & original_bound
            if missing:
                kept.remove(k)
                s = k.stmt
                drop(s, f"uses names that are not bound: {sorted(missing)[:5]}")
                dropped[-1]["missing"] = sorted(missing)
                changed = True

    keep_lines = set()
    for k in kept:
        keep_lines |= k.lines
    blank -= keep_lines
    out = []
    for i, line in enumerate(lines, 1):
        if i in blank:
            out.append("\n" if line.endswith("\n") else "")
        else:
            out.append(line)
    new = "".join(out)
    ast.parse(new)  # must stay valid Python
    kernels = [{"name": k.stmt.name, "line": k.stmt.lineno} for k in kept if id(k.stmt) in kernel_of]
    funcs = [k.stmt.name for k in kept if id(k.stmt) in warp_def and id(k.stmt) not in kernel_of]
    return new, {"kernels": kernels, "funcs": funcs, "dropped": dropped, "bound": sorted(original_bound)}


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--warp-dir", help="the installed warp package directory (default: import warp)")
    ap.add_argument("--subdirs", default="tests,examples")
    a = ap.parse_args(argv)
    pkg = a.warp_dir
    if not pkg:
        import warp
        pkg = os.path.dirname(warp.__file__)
    pkg = os.path.abspath(pkg)
    if os.path.realpath(os.getcwd()) == os.path.realpath(pkg):
        sys.exit("sanitize: do not run from inside the warp package")
    os.makedirs(a.out, exist_ok=True)
    manifest = {}
    for sub in a.subdirs.split(","):
        for root, dirs, files in os.walk(os.path.join(pkg, sub)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for f in sorted(files):
                if not f.endswith(".py") or f in ("__init__.py", "__main__.py"):
                    continue
                path = os.path.join(root, f)
                rel = os.path.relpath(path, pkg)
                stem = rel[:-3].replace(os.sep, "__")
                text = open(path, encoding="utf-8").read()
                try:
                    new, info = sanitize(text)
                except SyntaxError as e:
                    print(f"sanitize: {rel}: {e}", file=sys.stderr)
                    continue
                with open(os.path.join(a.out, stem + ".py"), "w", encoding="utf-8") as fh:
                    fh.write(new)
                manifest[stem] = {"original": rel, **info}
    with open(os.path.join(a.out, "manifest.json"), "w") as fh:
        json.dump({"warp_dir": pkg, "files": manifest}, fh, indent=1)
    nk = sum(len(v["kernels"]) for v in manifest.values())
    print(f"sanitize: {len(manifest)} files, {nk} top-level kernels -> {a.out}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
