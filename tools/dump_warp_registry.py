#!/usr/bin/env python3
"""Write Warp's builtin registry and `warp` namespace as C++ tables.

Run with the Python of a venv that has the pinned warp-lang installed:

    .venv/bin/python tools/dump_warp_registry.py            # writes src/builtins/*.inc
    .venv/bin/python tools/dump_warp_registry.py --check    # exit 1 if the checked-in tables differ

Outputs (both checked in, both deterministic):

- src/builtins/registry_table.inc: every key of `warp._src.context.builtin_functions`, and
  for each key every overload in the order Warp tries them, with parameter names, type
  patterns, defaults, flags, native name and namespace, and the *identity* of the Python
  callbacks (value_func, dispatch_func, initializer_list_func). Those callbacks hold rules that
  Warp computes in Python; warpsynth implements them by hand in src/builtins/rules_*.cpp,
  keyed by these identities, so a callback Warp renames or adds shows up as an unknown rule
  instead of silently changing behaviour.
- src/builtins/warp_namespace.inc: what `import warp as wp` exposes under `wp.` and `wp.types.`
  (builtins, scalar and composite types, Python constants, Python-level helpers), and
  `warp._src.context.function_key_counts` and the warp modules in `sys.modules`, as they are
  right after `import warp`.

Type pattern grammar (parsed by src/builtins/type_pattern.cpp):

    *                       Any
    Scalar | Float | Int    Warp's generic scalar families
    bool, int8 ... float64  concrete scalars (Python int/float/bool canonicalised); bfloat16 too
    vec(L,D) mat(R,C,D)     vectors / matrices; L, R, C an integer or * ; D a scalar pattern
    quat(D) transform(D)
    array(D,N) indexedarray(D,N) fabricarray(D,N) indexedfabricarray(D,N) fixedarray(D,N)
    tuple  tuple(P,...)  tuple(P,Q)          tuple[...] annotations
    [P,Q]                   a fixed list of return types (multi-output builtins such as tid)
    ref(P)                  Warp's Reference(P) (a returned pointer, e.g. an indexed matrix element)
    range_t shape_t str callable
    tile(D)                 a tile of any shape and storage whose dtype matches D
    opaque:NAME             any other Python type (tile stacks, mesh queries, textures, ...)
"""

from __future__ import annotations

import argparse
import builtins
import collections.abc
import functools
import os
import sys
import typing
from typing import Any, TypeVar, get_args, get_origin

import warp  # noqa: E402  (must be imported before anything reads function_key_counts)
import warp._src.context as ctx
import warp._src.types as wt

# Read right after `import warp`: the @wp.func helpers Warp defines at import time.
FUNCTION_KEY_COUNTS = dict(ctx.function_key_counts)
# ... and the modules of the package it has run: importing one of them again runs nothing.
PRELOADED_MODULES = sorted(m for m in sys.modules if m == "warp" or m.startswith("warp."))

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REGISTRY_OUT = os.path.join(REPO, "src", "builtins", "registry_table.inc")
NAMESPACE_OUT = os.path.join(REPO, "src", "builtins", "warp_namespace.inc")

ARRAY_CLASSES = {
    "array": "array",
    "indexedarray": "indexedarray",
    "fabricarray": "fabricarray",
    "indexedfabricarray": "indexedfabricarray",
    "fixedarray": "fixedarray",
}


def scalar_name(t) -> str | None:
    """Canonical name of a concrete scalar type, or None."""
    if t is int:
        return "int32"
    if t is float:
        return "float32"
    if t is builtins.bool or t is wt.bool:
        return "bool"
    if t is wt.handle:
        return "uint64"  # a semantic alias of uint64 in Warp's matching
    if t in wt.scalar_types:
        return t.__name__
    return None


def enc_scalar_param(p) -> str:
    """A composite's dtype/length parameter."""
    if p is Any:
        return "*"
    if isinstance(p, TypeVar):
        if p in (wt.Scalar, wt.Float, wt.Int):
            return p.__name__
        raise SystemExit(f"unexpected TypeVar {p!r} in a composite")
    if isinstance(p, int) and not isinstance(p, bool):
        return str(p)
    name = scalar_name(p)
    if name is not None:
        return name
    raise SystemExit(f"unexpected composite parameter {p!r}")


def enc(t) -> str:
    """Pattern text of a type annotation."""
    if t is Any:
        return "*"
    if isinstance(t, TypeVar):
        if t in (wt.Scalar, wt.Float, wt.Int):
            return t.__name__
        raise SystemExit(f"unexpected TypeVar {t!r}")
    name = scalar_name(t)
    if name is not None:
        return name
    if isinstance(t, list):
        return "[" + ",".join(enc(x) for x in t) + "]"
    if wt.is_reference(t):
        return f"ref({enc(t.value_type)})"
    if wt.type_is_composite(t):
        hint = t._wp_generic_type_hint_
        params = [enc_scalar_param(p) for p in t._wp_type_params_]
        if hint is wt.Vector:
            return f"vec({params[0]},{params[1]})"
        if hint is wt.Matrix:
            return f"mat({params[0]},{params[1]},{params[2]})"
        if hint is wt.Quaternion:
            return f"quat({params[0]})"
        if hint is wt.Transformation:
            return f"transform({params[0]})"
        raise SystemExit(f"unexpected composite {t!r}")
    if wt.is_tile(t):
        return f"tile({enc(t.dtype)})"
    if wt.is_tile_stack(t):
        return "opaque:tile_stack"
    if wt.is_array(t):
        cls = wt.concrete_array_type(t).__name__
        if cls not in ARRAY_CLASSES:
            raise SystemExit(f"unexpected array class {cls}")
        ndim = "*" if t.ndim is Any else str(t.ndim)
        return f"{cls}({enc(t.dtype)},{ndim})"
    if get_origin(t) is tuple:
        return "tuple(" + ",".join("..." if a is Ellipsis else enc(a) for a in get_args(t)) + ")"
    if t is tuple:
        return "tuple"
    if t is wt.range_t:
        return "range_t"
    if t is wt.shape_t:
        return "shape_t"
    if t is str:
        return "str"
    if t is collections.abc.Callable or t is typing.Callable or get_origin(t) is collections.abc.Callable:
        return "callable"
    name = getattr(t, "__qualname__", None) or getattr(t, "__name__", None) or type(t).__name__
    return "opaque:" + name


def enc_default(v) -> str:
    """Default value text: N (None), b:0/1, i:INT, f:REPR, s:SCALAR:VALUE, t:PATTERN, str:TEXT."""
    if v is None:
        return "N"
    if isinstance(v, bool):
        return "b:1" if v else "b:0"
    if isinstance(v, int):
        return f"i:{v}"
    if isinstance(v, float):
        return f"f:{v!r}"
    if type(v) in wt.scalar_types or type(v) is wt.bool:
        return f"s:{type(v).__name__}:{v.value!r}"
    if isinstance(v, type):
        return "t:" + enc(v)
    if isinstance(v, str):
        return "str:" + v
    return "?:" + type(v).__name__


DEFAULT_VALUE_FUNC = "add_builtin.<locals>.value_func"
DEFAULT_INIT_LIST_FUNC = "add_builtin.<locals>.initializer_list_func"


def closure_args(fn) -> str:
    """Simple captured values of a callback made by a factory (op='add', cols=True...)."""
    code = getattr(fn, "__code__", None)
    cells = getattr(fn, "__closure__", None) or ()
    if code is None:
        return ""
    parts = []
    for name, cell in zip(code.co_freevars, cells, strict=True):
        try:
            v = cell.cell_contents
        except ValueError:
            continue
        if isinstance(v, bool):
            parts.append(f"{name}={int(v)}")
        elif isinstance(v, (int, str)):
            parts.append(f"{name}={v}")
        elif v is Any or isinstance(v, (type, TypeVar)):
            try:
                parts.append(f"{name}={enc(v)}")
            except SystemExit:
                pass
    return ";".join(parts)


def rule_id(fn, key: str, default_name: str) -> tuple[str, str]:
    """(rule name, rule argument) identifying a Python callback."""
    if fn is None:
        return "", ""
    if isinstance(fn, functools.partial):
        name = fn.func.__qualname__
        arg = ";".join(f"{k}={v}" for k, v in sorted(fn.keywords.items()))
        return name, arg
    qn = getattr(fn, "__qualname__", None)
    if qn is None:
        return "?" + type(fn).__name__, ""
    if qn == default_name:
        return "", ""
    if qn.endswith("<lambda>"):
        # Lambdas have no name: identify them by the builtin that registers them.
        return key + ".lambda", ""
    if ".<locals>." in qn:
        return qn.split(".<locals>.")[0], closure_args(fn)
    return qn, ""


FLAGS = [
    ("variadic", "kVariadic"),
    ("skip_replay", "kSkipReplay"),
    ("is_differentiable", "kDifferentiable"),
    ("require_original_output_arg", "kRequireOriginalOutputArg"),
    ("adjoint_uses_template_args", "kAdjointUsesTemplateArgs"),
    ("generic", "kGeneric"),
    ("hidden", "kHidden"),
    ("export", "kExport"),
]


def cstr(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


class Interner:
    def __init__(self):
        self.items: list[str] = []
        self.index: dict[str, int] = {}

    def get(self, s: str) -> int:
        i = self.index.get(s)
        if i is None:
            i = len(self.items)
            self.items.append(s)
            self.index[s] = i
        return i


def dump_registry() -> str:
    patterns = Interner()
    strings = Interner()  # rule names, rule args, defaults
    strings.get("")
    param_lists: list[tuple[int, int, int]] = []  # (name string, pattern, default string or -1)
    param_list_index: dict[tuple, int] = {}
    overload_rows = []
    builtin_rows = []

    for key, head in ctx.builtin_functions.items():
        overloads = getattr(head, "overloads", None)
        if overloads is None or not head.is_builtin():
            # A Python-defined @wp.func registered as a builtin (transform_compose, norm_l2...).
            builtin_rows.append((key, key, len(overload_rows), 0, 1))
            continue
        first = len(overload_rows)
        for ov in overloads:
            params = []
            for pname, ptype in ov.input_types.items():
                bare = pname.lstrip("*")
                default = enc_default(ov.defaults[bare]) if bare in ov.defaults else None
                params.append(
                    (strings.get(pname), patterns.get(enc(ptype)), -1 if default is None else strings.get(default))
                )
            pkey = tuple(params)
            if pkey not in param_list_index:
                param_list_index[pkey] = len(param_lists)
                param_lists.extend(params)
            poff = param_list_index[pkey]

            vname, varg = rule_id(ov.value_func, key, DEFAULT_VALUE_FUNC)
            if vname == "":
                vt = ov.value_type
                if vt is None:
                    value_type = -2  # void
                elif isinstance(vt, tuple) and not wt.type_is_composite(vt):
                    value_type = patterns.get(enc(list(vt)))
                else:
                    value_type = patterns.get(enc(vt))
            else:
                value_type = -1  # decided by the value rule
            dname, darg = rule_id(ov.dispatch_func, key, "")
            if ov.lto_dispatch_func is not None:
                dname = "lto:" + rule_id(ov.lto_dispatch_func, key, "")[0]
            iname, _ = rule_id(ov.initializer_list_func, key, DEFAULT_INIT_LIST_FUNC)
            flags = [c for attr, c in FLAGS if getattr(ov, attr)]
            if not ov.export and "kExport" in flags:
                flags.remove("kExport")
            overload_rows.append(
                (
                    key,
                    ov.native_func,
                    ov.namespace,
                    poff,
                    len(params),
                    value_type,
                    "|".join(flags) or "0",
                    strings.get(vname),
                    strings.get(varg),
                    strings.get(dname),
                    strings.get(darg),
                    strings.get(iname),
                )
            )
        builtin_rows.append((key, head.native_func, first, len(overload_rows) - first, 0))

    out = []
    out.append(f"// Generated by tools/dump_warp_registry.py from warp-lang {warp.__version__}. Do not edit.")
    out.append("// Regenerate with: .venv/bin/python tools/dump_warp_registry.py")
    out.append("// clang-format off")
    out.append(f'static constexpr std::string_view kWarpVersion = "{warp.__version__}";')
    out.append("")
    out.append("// Type patterns (grammar in tools/dump_warp_registry.py).")
    out.append("static constexpr std::string_view kPatternTexts[] = {")
    for i, p in enumerate(patterns.items):
        out.append(f"    {cstr(p)}, // {i}")
    out.append("};")
    out.append("")
    out.append("// Strings: parameter names, defaults, rule names and rule arguments.")
    out.append("static constexpr std::string_view kStrings[] = {")
    for i, s in enumerate(strings.items):
        out.append(f"    {cstr(s)}, // {i}")
    out.append("};")
    out.append("")
    out.append("// Parameters {name string, pattern, default string or -1}; overloads share identical lists.")
    out.append("static constexpr RawParam kParams[] = {")
    for i in range(0, len(param_lists), 6):
        chunk = param_lists[i : i + 6]
        out.append("    " + " ".join(f"{{{a},{b},{c}}}," for a, b, c in chunk))
    out.append("};")
    out.append("")
    out.append("// Overloads in Warp's resolution order: key, native_func, namespace, first param, param count,")
    out.append("// fixed value type (pattern; -1 decided by the value rule, -2 void), flags,")
    out.append("// value rule, value rule argument, dispatch rule, dispatch rule argument, initializer-list rule.")
    out.append("static constexpr RawOverload kOverloads[] = {")
    for row in overload_rows:
        key, native, ns, poff, pcount, vt, flags, vr, va, dr, da, ir = row
        out.append(
            f"    {{{cstr(key)},{cstr(native)},{cstr(ns)},{poff},{pcount},{vt},{flags},{vr},{va},{dr},{da},{ir}}},"
        )
    out.append("};")
    out.append("")
    out.append("// Builtins in registry order: key, native_func of the group (Warp's module hash reads it),")
    out.append("// first overload, overload count, Python-defined.")
    out.append("static constexpr RawBuiltin kBuiltins[] = {")
    for key, native, first, count, pydef in builtin_rows:
        out.append(f"    {{{cstr(key)},{cstr(native)},{first},{count},{'true' if pydef else 'false'}}},")
    out.append("};")
    out.append("// clang-format on")
    return "\n".join(out) + "\n"


def classify(module_name: str, name: str, obj) -> tuple[str, str, str]:
    """(kind, payload, extra) of one module attribute."""
    import types as pytypes

    if isinstance(obj, ctx.Function):
        if obj.is_builtin() and ctx.builtin_functions.get(obj.key) is obj:
            return "Builtin", obj.key, ""
        if obj.is_builtin():
            return "Builtin", obj.key, ""
        return "PythonFunc", obj.key, ""
    if isinstance(obj, TypeVar):
        return "Generic", obj.__name__, ""
    if isinstance(obj, type):
        sn = scalar_name(obj)
        if sn is not None and (obj in wt.scalar_types or obj is wt.bool or obj is wt.handle):
            return "ScalarType", sn, ""
        if wt.type_is_composite(obj):
            return "CompositeType", enc(obj), obj._wp_constructor_
        if obj in wt.array_types:
            return "ArrayClass", obj.__name__, ""
    if name in ("array1d", "array2d", "array3d", "array4d"):
        return "ArrayClass", "array", name[-2]
    if name.startswith("indexedarray") and name[-2:-1].isdigit():
        return "ArrayClass", "indexedarray", name[-2]
    if isinstance(obj, bool):
        return "Bool", "1" if obj else "0", ""
    if isinstance(obj, int) and not isinstance(obj, enum_types()):
        return "Int", str(obj), ""
    if isinstance(obj, float):
        return "Float", repr(obj), ""
    if isinstance(obj, pytypes.ModuleType):
        return "Module", obj.__name__, ""
    if callable(obj):
        mod = getattr(obj, "__module__", None) or ""
        qn = getattr(obj, "__qualname__", None) or getattr(obj, "__name__", None) or name
        return "PythonCallable", f"{mod}.{qn}", ""
    return "Other", type(obj).__name__, ""


def enum_types():
    import enum

    return (enum.Enum,)


def dump_namespace() -> str:
    rows = []
    for module_name, module in (("warp", warp), ("warp.types", warp.types)):
        for name in sorted(dir(module)):
            if name.startswith("__"):
                continue
            obj = getattr(module, name)
            kind, payload, extra = classify(module_name, name, obj)
            rows.append((module_name, name, kind, payload, extra))

    out = []
    out.append(f"// Generated by tools/dump_warp_registry.py from warp-lang {warp.__version__}. Do not edit.")
    out.append("// clang-format off")
    out.append("// What `import warp as wp` exposes: module, name, kind, payload, extra.")
    out.append("//   Builtin: payload = builtin key; PythonFunc: a Python @wp.func (payload = key);")
    out.append("//   ScalarType: scalar name; CompositeType: type pattern, extra = Warp's constructor builtin;")
    out.append("//   ArrayClass: class name, extra = ndim for array1d..array4d; Int/Float/Bool: value;")
    out.append("//   Generic: Scalar/Float/Int; Module; PythonCallable: qualified name; Other: Python type name.")
    out.append("static constexpr RawNamespaceEntry kNamespaceEntries[] = {")
    for module_name, name, kind, payload, extra in rows:
        out.append(
            f"    {{{cstr(module_name)},{cstr(name)},NamespaceKind::{kind},{cstr(payload)},{cstr(extra)}}},"
        )
    out.append("};")
    out.append("")
    out.append("// warp._src.context.function_key_counts right after `import warp`.")
    out.append("static constexpr RawKeyCount kFunctionKeyCounts[] = {")
    for k in sorted(FUNCTION_KEY_COUNTS):
        out.append(f"    {{{cstr(k)},{FUNCTION_KEY_COUNTS[k]}}},")
    out.append("};")
    out.append("")
    out.append("// The modules of the warp package in sys.modules right after `import warp`.")
    out.append("static constexpr std::string_view kPreloadedModules[] = {")
    for m in PRELOADED_MODULES:
        out.append(f"    {cstr(m)},")
    out.append("};")
    out.append("// clang-format on")
    return "\n".join(out) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the checked-in tables instead of writing")
    ap.add_argument("--out-dir", help="write the tables into this directory instead of src/builtins")
    args = ap.parse_args()

    outputs = {REGISTRY_OUT: dump_registry(), NAMESPACE_OUT: dump_namespace()}
    if args.check:
        stale = []
        for path, text in outputs.items():
            try:
                with open(path, encoding="utf-8") as f:
                    if f.read() != text:
                        stale.append(path)
            except FileNotFoundError:
                stale.append(path)
        for path in stale:
            print(f"stale: {path} (regenerate with tools/dump_warp_registry.py)", file=sys.stderr)
        return 1 if stale else 0
    for path, text in outputs.items():
        if args.out_dir:
            path = os.path.join(args.out_dir, os.path.basename(path))
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
