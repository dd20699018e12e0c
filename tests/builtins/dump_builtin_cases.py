#!/usr/bin/env python3
"""Golden cases for warpsynth's builtin rules, decided by real Warp.

Enumerates many calls of Warp's builtins (every overload with representative
argument types: scalars, vectors, matrices, quaternions, transforms, arrays,
tuples; constants and runtime values; keyword forms; defaults omitted; type
constructors with their type arguments) and records what Warp's own code
decides for each: the overload resolve_func picks, how the arguments bind,
the value_func result (or its error), the dispatch_func arguments and template
arguments, and the initializer-list flag. It runs Warp's functions directly
(Adjoint.resolve_func / resolve_call, the overload's callbacks) on codegen
Vars, the way Adjoint.add_call does, without building any kernel.

Output: a `# warp VERSION` line, then one case per line, tab-separated (format
read by tests/builtins/differential_test.cpp):

    key  min_outputs  args  kwargs  targs  ov=  bind=  bound=  res=  disp=  tmpl=  il=

The call (first five fields), then Warp's answers, as far as the call gets:
    ov=N | ov=-1 | ov=ERR:msg    overload index, no match, or a callback raising
    bind=OK | bind=ERR:msg       resolve_call's binding (type arguments, defaults)
    bound=NAME@SRC,...           bound arguments in order; SRC = call argument index or -1
    res=T1 T2 | res=void | res=const:T@CONST | res=ERR:msg     value_func
    disp=A1 A2 | disp=ERR:msg    dispatch args: bI (bound arg I), rI (bound arg I as a
                                 Reference), c:T@CONST (fresh constant)
    tmpl=T1|T2                   template arguments as C++ text
    il=0|1                       initializer list

Argument specs (`;`-separated; kwargs and targs as name=spec):
    val:PATTERN            a runtime value of that type
    val:PATTERN@CONST      a compile-time constant (CONST: pyint:3, pyfloat:1.5, pybool:1,
                           scalar:float64:2.0)
    type:PATTERN           a type object (dtype=wp.float32)
    tup:PATTERN@C1,C2      a tuple of constants (shape=(3, 3))

Usage: dump_builtin_cases.py OUT_FILE [--limit-keys k1,k2] [--jobs N]
"""

from __future__ import annotations

import argparse
import builtins
import itertools
import multiprocessing
import os
import random
import sys
import zlib
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools"))

import warp as wp  # noqa: E402
import warp._src.codegen as cg  # noqa: E402
import warp._src.context as ctx  # noqa: E402
import warp._src.types as wt  # noqa: E402
from dump_warp_registry import enc  # noqa: E402

wp.config.quiet = True

Var = cg.Var
SEED = 1234

# --------------------------------------------------------------------------------------------
# The universe of argument types.

FLOATS = (wt.float16, wt.float32, wt.float64)
INTS = (wt.int8, wt.uint8, wt.int16, wt.uint16, wt.int32, wt.uint32, wt.int64, wt.uint64)
SCALARS = INTS + FLOATS
BOOL = wt.bool

VECTORS = [wt.vector(length=n, dtype=s) for n in (2, 3, 4) for s in (wt.float16, wt.float32, wt.float64, wt.int32)]
VECTORS += [
    wt.vector(length=3, dtype=wt.int8),
    wt.vector(length=2, dtype=wt.int64),
    wt.vector(length=4, dtype=wt.uint32),
    wt.vector(length=3, dtype=wt.uint8),
    wt.vector(length=6, dtype=wt.float32),
    wt.vector(length=6, dtype=wt.float64),
    wt.vector(length=5, dtype=wt.float32),
    wt.vector(length=3, dtype=BOOL),
]
MATRICES = [wt.matrix(shape=(n, n), dtype=s) for n in (2, 3, 4) for s in FLOATS]
MATRICES += [
    wt.matrix(shape=(2, 3), dtype=wt.float32),
    wt.matrix(shape=(3, 2), dtype=wt.float64),
    wt.matrix(shape=(3, 4), dtype=wt.float32),
    wt.matrix(shape=(6, 6), dtype=wt.float32),
    wt.matrix(shape=(5, 5), dtype=wt.float64),
    wt.matrix(shape=(3, 3), dtype=wt.int32),
    wt.matrix(shape=(2, 2), dtype=wt.int64),
    wt.matrix(shape=(3, 3), dtype=BOOL),
]
QUATS = [wt.quaternion(dtype=s) for s in FLOATS]
XFORMS = [wt.transformation(dtype=s) for s in FLOATS]
COMPOSITES = VECTORS + MATRICES + QUATS + XFORMS

@wp.struct
class Body:
    x: wp.vec3
    m: float


@wp.struct
class Particle:
    v: wp.vec3


STRUCTS = [Body, Particle]

ARRAY_DTYPES = [
    wt.float32,
    wt.float64,
    wt.float16,
    wt.int32,
    wt.uint32,
    wt.int64,
    wt.uint64,
    wt.int8,
    wt.vector(length=3, dtype=wt.float32),
    wt.vector(length=2, dtype=wt.float64),
    wt.vector(length=3, dtype=wt.int32),
    wt.matrix(shape=(3, 3), dtype=wt.float32),
    wt.quaternion(dtype=wt.float32),
    wt.transformation(dtype=wt.float64),
    wt.vector(length=6, dtype=wt.float32),
    BOOL,
    Body,
]
ARRAYS = [wt.array(dtype=d, ndim=n) for d in ARRAY_DTYPES for n in (1, 2, 3, 4)]
ARRAYS += [wt.indexedarray(dtype=wt.float32, ndim=n) for n in (1, 2)]
ARRAYS += [wt.indexedarray(dtype=wt.vector(length=3, dtype=wt.float32), ndim=1)]
ARRAYS += [wt.fixedarray(dtype=wt.float32, shape=(4,)), wt.fixedarray(dtype=wt.int32, shape=(2, 3))]

TUPLES = [
    wt.tuple_t(types=(wt.int32, wt.int32), values=(None, None)),
    wt.tuple_t(types=(wt.float32, wt.vector(length=3, dtype=wt.float32)), values=(None, None)),
    wt.tuple_t(types=(wt.int32, wt.float64, BOOL), values=(None, None, None)),
]
OTHERS = [wt.range_t, wt.shape_t]

UNIVERSE = list(SCALARS) + [BOOL] + COMPOSITES + ARRAYS + TUPLES + OTHERS + STRUCTS


def tenc(t) -> str:
    if isinstance(t, cg.Struct):
        return f"struct:{t.cls.__name__}"
    if wt.is_array(t) and isinstance(t.dtype, cg.Struct):
        cls = "fixedarray" if isinstance(t, wt.fixedarray) else wt.concrete_array_type(t).__name__
        return f"{cls}({tenc(t.dtype)},{t.ndim})"
    if wt.is_reference(t) and isinstance(t.value_type, cg.Struct):
        return f"ref({tenc(t.value_type)})"
    if isinstance(t, wt.tuple_t):
        return "tuple(" + ",".join(tenc(x) for x in t.types) + ")"
    if wt.is_array(t) and isinstance(t, wt.fixedarray):
        return f"fixedarray({enc(t.dtype)},{t.ndim})"
    return enc(t)


# --------------------------------------------------------------------------------------------
# Argument specs: a Var (or type object) plus its text.


class Arg:
    counter = 0

    def __init__(self, obj, spec: str):
        self.obj = obj
        self.spec = spec


def runtime(t) -> Arg:
    Arg.counter += 1
    return Arg(Var(f"a{Arg.counter}", type=t), f"val:{tenc(t)}")


def cenc(v) -> str:
    if isinstance(v, bool):
        return f"pybool:{int(v)}"
    if isinstance(v, int):
        return f"pyint:{v}"
    if isinstance(v, float):
        return f"pyfloat:{v!r}"
    if type(v) in wt.scalar_types or type(v) is wt.bool:
        val = v.value
        if isinstance(val, bool):
            val = int(val)
        return f"scalar:{type(v).__name__}:{val!r}"
    if wt.is_composite(v):
        comps = ",".join(repr(float(x)) for x in v)
        return f"comp:{enc(type(v))}:{comps}"
    raise ValueError(f"constant {v!r}")


def const(t, value) -> Arg:
    Arg.counter += 1
    return Arg(Var(f"a{Arg.counter}", type=t, constant=value), f"val:{tenc(t)}@{cenc(value)}")


def literal(value) -> Arg:
    """A Python literal as codegen makes it: a Var of int32/float32/bool holding the value."""
    t = {bool: BOOL, int: wt.int32, float: wt.float32}[type(value)]
    return const(t, value)


def warp_scalar(t, value) -> Arg:
    return const(t, t(value))


def tuple_const(values) -> Arg:
    """A static tuple such as `shape=(3, 3)`: codegen makes it a constant whose type is a tuple of types."""
    Arg.counter += 1
    types_ = tuple(wt.int32 for _ in values)
    spec = "tup:tuple(" + ",".join("int32" for _ in values) + ")@" + ",".join(f"pyint:{v}" for v in values)
    return Arg(Var(f"a{Arg.counter}", type=types_, constant=tuple(values)), spec)


def typeobj(t) -> Arg:
    return Arg(t, f"type:{tenc(t)}")


def ref(t) -> Arg:
    Arg.counter += 1
    return Arg(Var(f"a{Arg.counter}", type=wt.Reference(t)), f"val:ref({tenc(t)})")


# --------------------------------------------------------------------------------------------
# Running one call through Warp.


class FakeAdjoint:
    """Just enough of an Adjoint for resolve_call."""

    def resolve_func(self, func, arg_types, kwarg_types, min_outputs):
        return cg.Adjoint.resolve_func(None, func, arg_types, kwarg_types, min_outputs)


FAKE = FakeAdjoint()


def clean(msg: str) -> str:
    return " ".join(str(msg).split())


def template_str(p) -> str:
    s = cg.compute_type_str("X", (p,))
    return s[2:-1]


def type_list(rt) -> str:
    return " ".join(tenc(t) for t in rt)


def run(key, args, kwargs=None, targs=None, min_outputs=None) -> str:
    kwargs = kwargs or {}
    targs = targs or {}
    func = ctx.builtin_functions[key]
    a_objs = [a.obj for a in args]
    k_objs = {k: v.obj for k, v in kwargs.items()}
    t_vals = {k: v for k, (v, _) in targs.items()}
    fields = [
        key,
        str(min_outputs or 0),
        ";".join(a.spec for a in args),
        ";".join(f"{k}={v.spec}" for k, v in kwargs.items()),
        ";".join(f"{k}={spec}" for k, (_, spec) in targs.items()),
    ]

    arg_types = tuple(cg.get_arg_type(x) for x in a_objs)
    kwarg_types = {k: cg.get_arg_type(v) for k, v in k_objs.items()}
    try:
        f = cg.Adjoint.resolve_func(None, func, arg_types, kwarg_types, min_outputs)
    except cg.WarpCodegenError:
        return "\t".join([*fields, "ov=-1"])
    except Exception as e:  # a callback raised during resolution
        return "\t".join([*fields, f"ov=ERR:{clean(e)}"])
    index = next(i for i, o in enumerate(func.overloads) if o is f)
    fields.append(f"ov={index}")

    try:
        f2, bound_args, _ = cg.Adjoint.resolve_call(FAKE, func, a_objs, k_objs, t_vals, min_outputs)
    except Exception as e:
        fields.append(f"bind=ERR:{clean(e)}")
        return "\t".join(fields)
    assert f2 is f
    fields.append("bind=OK")

    # Flatten bound arguments (`*args` gives one entry per value), with their sources.
    sources = [*a_objs, *k_objs.values()]
    flat = []  # (name, obj)
    for name, v in bound_args.items():
        if name == "args" and isinstance(v, tuple):
            flat.extend(("args", x) for x in v)
        else:
            flat.append((name, v))

    def source_of(obj):
        for i, s in enumerate(sources):
            if s is obj:
                return i
        return -1

    fields.append("bound=" + ",".join(f"{n}@{source_of(o)}" for n, o in flat))

    # value_func, as add_call calls it
    bound_arg_types = {k: cg.get_arg_type(v) for k, v in bound_args.items()}
    bound_arg_values = {k: cg.get_arg_value(v) for k, v in bound_args.items()}
    try:
        return_type = f.value_func({k: wt.strip_reference(v) for k, v in bound_arg_types.items()}, bound_arg_values)
    except Exception as e:
        fields.append(f"res=ERR:{clean(e)}")
        return "\t".join(fields)

    if isinstance(return_type, Var):
        fields.append(f"res=const:{tenc(return_type.type)}@{cenc(return_type.constant)}")
        return "\t".join(fields)
    if isinstance(return_type, cg.Sequence) and return_type and all(isinstance(x, Var) for x in return_type):
        fields.append("res=ERR:alias")
        return "\t".join(fields)
    if cg.get_origin(return_type) is tuple:
        types_ = cg.get_args(return_type)
        return_type = wt.tuple_t(types=types_, values=(None,) * len(types_))
    if return_type is None:
        fields.append("res=void")
    elif not isinstance(return_type, cg.Sequence) or len(return_type) == 1:
        if isinstance(return_type, cg.Sequence):
            return_type = return_type[0]
        try:
            fields.append("res=" + tenc(return_type))
        except BaseException as e:  # a type the dump cannot spell
            fields.append(f"res=ERR:unencodable {clean(e)}")
            return "\t".join(fields)
    else:
        fields.append("res=" + type_list(return_type))

    # dispatch_func
    try:
        if f.dispatch_func is not None:
            func_args, template_args = f.dispatch_func(f.input_types, return_type, bound_args)
        else:
            func_args = tuple(bound_args.values())
            template_args = ()
    except Exception as e:
        fields.append(f"disp=ERR:{clean(e)}")
        return "\t".join(fields)

    flat_objs = [o for _, o in flat]

    def darg(x) -> str:
        if isinstance(x, wt.Reference):
            for i, o in enumerate(flat_objs):
                if o is x.value_type:
                    return f"r{i}"
            return "r?"
        for i, o in enumerate(flat_objs):
            if o is x:
                return f"b{i}"
        if isinstance(x, Var) and x.constant is not None:
            return f"c:{tenc(x.type)}@{cenc(x.constant)}"
        if isinstance(x, (int, float)):
            return f"c:{cenc(x)}"
        if isinstance(x, tuple):  # the untouched `args` tuple of a builtin without dispatch_func
            return " ".join(darg(y) for y in x)
        return "?"

    fields.append("disp=" + " ".join(darg(x) for x in func_args))
    try:
        fields.append("tmpl=" + "|".join(template_str(p) for p in template_args))
    except Exception as e:
        fields.append(f"tmpl=ERR:{clean(e)}")
    try:
        il = f.initializer_list_func(bound_args, return_type)
        fields.append(f"il={int(bool(il))}")
    except Exception as e:
        fields.append(f"il=ERR:{clean(e)}")
    return "\t".join(fields)


# --------------------------------------------------------------------------------------------
# Generators.


def accepts(ptype, t) -> bool:
    """func_match_args's check of one parameter (types only)."""
    if ptype is Any:
        return True
    if isinstance(t, type) and t in (wt.range_t, wt.shape_t) or isinstance(t, wt.tuple_t):
        try:
            return wt.types_equal_generic(ptype, t)
        except Exception:
            return False
    if wt.is_array(ptype):
        if not wt.is_array(t):
            return False
        fc, bc = wt.concrete_array_type(ptype), wt.concrete_array_type(t)
        if (issubclass(fc, bc) or issubclass(bc, fc)) and wt.types_equal_generic(ptype.dtype, t.dtype):
            return True
    try:
        return wt.types_equal_generic(ptype, t)
    except Exception:
        return False


def scalar_of(t):
    return getattr(t, "_wp_scalar_type_", t if t in SCALARS or t is BOOL else None)


def arg_for(t, rng: random.Random, allow_const=True) -> Arg:
    """A runtime value of type t, sometimes a constant of it."""
    if allow_const and (t in SCALARS or t is BOOL) and rng.random() < 0.25:
        if t is wt.int32:
            return literal(rng.choice([0, 1, 3, -2]))
        if t is wt.float32:
            return literal(rng.choice([0.5, 1.0, 2.0]))
        if t is BOOL:
            return literal(rng.choice([True, False]))
        if t in FLOATS:
            return warp_scalar(t, 1.5)
        return warp_scalar(t, 2)
    return runtime(t)


def related_types(prev, rng):
    """Candidates for an `Any` parameter: types related to the earlier arguments."""
    out = []
    for t in prev:
        if wt.is_array(t):
            out.append(t.dtype)
        s = scalar_of(t)
        if s is not None:
            out.append(s)
        if wt.type_is_matrix(t):
            out.append(t._wp_row_type_ if t._shape_[1] else None)
        if t is not None and not wt.is_array(t):
            out.append(t)
    out += rng.sample(UNIVERSE, 3)
    seen, res = set(), []
    for t in out:
        if t is None:
            continue
        k = tenc(t)
        if k not in seen:
            seen.add(k)
            res.append(t)
    return res


def gen_signature(key, names, group, rng, budget):
    """Calls of the overloads in `group` (same parameter names), as (args, kwargs) lists."""
    n = len(names)
    cands = []
    for i, name in enumerate(names):
        seen, lst = set(), []
        any_param = False
        for ov in group:
            ptype = list(ov.input_types.values())[i]
            if ptype is Any:
                any_param = True
                continue
            for t in UNIVERSE:
                k = tenc(t)
                if k not in seen and accepts(ptype, t):
                    seen.add(k)
                    lst.append(t)
        cands.append((lst, any_param))

    def pick(i, prev):
        lst, any_param = cands[i]
        pool = list(lst)
        if any_param or not pool:
            pool += related_types(prev, rng)
        return pool

    combos = []
    # same scalar type across positions, for every candidate of the first position
    first = pick(0, []) if n else []
    for t0 in first:
        combo = [t0]
        for i in range(1, n):
            pool = pick(i, combo)
            s0 = scalar_of(t0)
            same = [t for t in pool if scalar_of(t) is s0] or pool
            combo.append(rng.choice(same))
        combos.append(combo)
        # a second one with other choices
        combo = [t0]
        for i in range(1, n):
            pool = pick(i, combo)
            s0 = scalar_of(t0)
            same = [t for t in pool if scalar_of(t) is s0] or pool
            combo.append(rng.choice(same))
        combos.append(combo)
    # random combinations, including types no overload accepts
    for _ in range(budget):
        combo = []
        for i in range(n):
            pool = pick(i, combo)
            if rng.random() < 0.08:
                pool = UNIVERSE
            combo.append(rng.choice(pool))
        combos.append(combo)
    if n == 0:
        combos = [[]]

    defaults = {}
    for ov in group:
        defaults.update(ov.defaults)
    out = []
    seen = set()
    for combo in combos:
        args = [arg_for(t, rng) for t in combo]
        variants = [(args, {})]
        if n >= 1:
            # last argument by keyword
            variants.append((args[:-1], {names[-1]: args[-1]}))
        # trailing defaulted parameters left out
        m = n
        while m > 0 and names[m - 1] in defaults:
            m -= 1
        if m < n:
            variants.append((args[:m], {}))
        for a, k in variants:
            sig = (tuple(x.spec for x in a), tuple((kk, v.spec) for kk, v in k.items()))
            if sig in seen:
                continue
            seen.add(sig)
            out.append((a, k))
    return out


SPECIAL = {
    "vector",
    "matrix",
    "matrix_from_cols",
    "matrix_from_rows",
    "quaternion",
    "transformation",
    "spatial_vector",
    "identity",
    "quat_identity",
    "transform_identity",
    "tuple",
    "printf",
    "cast",
    "tid",
    "extract",
    "len",
    "print",
    "static",
}


def representable(ov) -> bool:
    for t in ov.input_types.values():
        s = tenc(t) if t is not Any else "*"
        if "opaque" in s or s in ("str", "callable") or "bfloat16" in s:
            return False
    return True


def gen_generic(rows, key, rng):
    func = ctx.builtin_functions[key]
    groups = {}
    for ov in func.overloads:
        if ov.variadic or not representable(ov):
            continue
        names = tuple(ov.input_types.keys())
        groups.setdefault(names, []).append(ov)
    for names, group in groups.items():
        budget = 60 if len(names) <= 1 else 150
        for args, kwargs in gen_signature(key, names, group, rng, budget):
            rows.append(run(key, args, kwargs))


def gen_constructors(rows, rng):
    S = wt
    vec_types = [wt.vector(length=n, dtype=s) for n in (2, 3, 4) for s in (S.float16, S.float32, S.float64, S.int32)]
    vec_types += [wt.vector(length=6, dtype=S.float32), wt.vector(length=5, dtype=S.float64),
                  wt.vector(length=3, dtype=S.uint8), wt.vector(length=2, dtype=S.int64)]
    for vt in vec_types:
        n, s = vt._length_, vt._wp_scalar_type_
        targs = {"length": (n, f"val:int32@pyint:{n}"), "dtype": (s, f"type:{tenc(s)}")}
        other = S.float64 if s is not S.float64 else S.float32
        arglists = [
            [],
            [literal(1.0)],
            [literal(2)],
            [runtime(s)],
            [runtime(other)],
            [runtime(wt.vector(length=n, dtype=other))],
            [runtime(wt.vector(length=n, dtype=s))],
            [runtime(wt.vector(length=n + 1, dtype=s))],
            [runtime(s) for _ in range(n)],
            [literal(1.0) for _ in range(n)],
            [literal(i) for i in range(n)],
            [runtime(s) if i % 2 else literal(1.5) for i in range(n)],
            [runtime(other) for _ in range(n)],
            [runtime(s) for _ in range(n - 1)] + [runtime(other)],
            [runtime(s) for _ in range(n + 1)],
            [warp_scalar(other, 2.0) for _ in range(n)],
            [runtime(S.bool) for _ in range(n)],
        ]
        for args in arglists:
            rows.append(run("vector", args, targs=targs))  # wp.vec3(...)
            rows.append(run("vector", args))  # wp.types.vector(...) without type arguments
            rows.append(run("vector", args, kwargs={"length": literal(n)}))
            rows.append(run("vector", args, kwargs={"length": literal(n), "dtype": typeobj(s)}))
            rows.append(run("vector", args, kwargs={"dtype": typeobj(s)}))
        two = [runtime(s) for _ in range(2)]
        all_n = [runtime(s) for _ in range(n)]
        rows.append(run("vector", two, kwargs={"dtype": typeobj(s)}, targs=targs))
        rows.append(run("vector", two, kwargs={"dtype": typeobj(other)}, targs=targs))
        rows.append(run("vector", all_n, kwargs={"length": literal(n)}, targs=targs))
        rows.append(run("vector", all_n, kwargs={"length": literal(n + 1)}, targs=targs))
        if n == 6:  # wp.spatial_vector(...) binds the `spatial_vector` builtin, with the type arguments
            sv_args = [
                [],
                [runtime(wt.vector(length=3, dtype=s)), runtime(wt.vector(length=3, dtype=s))],
                [runtime(wt.vector(length=3, dtype=other)), runtime(wt.vector(length=3, dtype=other))],
                [runtime(wt.vector(length=3, dtype=s)), runtime(wt.vector(length=2, dtype=s))],
                [runtime(s) for _ in range(6)],
                [literal(1.0) for _ in range(6)],
                [runtime(other) for _ in range(6)],
                [runtime(s) for _ in range(5)],
            ]
            for args in sv_args:
                rows.append(run("spatial_vector", args, targs=targs))
                rows.append(run("spatial_vector", args))
                rows.append(run("spatial_vector", args, kwargs={"dtype": typeobj(s)}))
                rows.append(run("spatial_vector", args, kwargs={"dtype": typeobj(other)}))
            rows.append(run("spatial_vector", [], kwargs={"w": runtime(wt.vector(length=3, dtype=s)),
                                                          "v": runtime(wt.vector(length=3, dtype=s))}))

    mat_types = [wt.matrix(shape=(n, n), dtype=s) for n in (2, 3, 4) for s in (S.float16, S.float32, S.float64)]
    mat_types += [wt.matrix(shape=(2, 3), dtype=S.float32), wt.matrix(shape=(3, 2), dtype=S.float64),
                  wt.matrix(shape=(6, 6), dtype=S.float32), wt.matrix(shape=(5, 5), dtype=S.float32),
                  wt.matrix(shape=(3, 3), dtype=S.int32)]
    for mt in mat_types:
        r, c = mt._shape_
        s = mt._wp_scalar_type_
        other = S.float64 if s is not S.float64 else S.float32
        targs = {"shape": ((r, c), f"tup:tuple(int32,int32)@pyint:{r},pyint:{c}"), "dtype": (s, f"type:{tenc(s)}")}
        row = wt.vector(length=c, dtype=s)
        col = wt.vector(length=r, dtype=s)
        arglists = [
            [],
            [literal(1.0)],
            [literal(0)],
            [runtime(s)],
            [runtime(other)],
            [runtime(wt.matrix(shape=(r, c), dtype=other))],
            [runtime(wt.matrix(shape=(r, c), dtype=s))],
            [runtime(wt.matrix(shape=(c + 1, r), dtype=s))],
            [runtime(s) for _ in range(r * c)],
            [literal(1.0) for _ in range(r * c)],
            [literal(i) for i in range(r * c)],
            [runtime(other) for _ in range(r * c)],
            [runtime(s) for _ in range(r * c - 1)],
            [runtime(row) for _ in range(r)],
            [runtime(s) for _ in range(r * c - 1)] + [literal(2)],
        ]
        for args in arglists:
            rows.append(run("matrix", args, targs=targs))
            rows.append(run("matrix", args))
            rows.append(run("matrix", args, kwargs={"dtype": typeobj(s)}))
        for fn in ("matrix_from_rows", "matrix_from_cols"):
            rows.append(run(fn, [runtime(row) for _ in range(r)]))
            rows.append(run(fn, [runtime(col) for _ in range(c)]))
            rows.append(run(fn, [runtime(row), runtime(wt.vector(length=c + 1, dtype=s))]))
            rows.append(run(fn, [runtime(row), runtime(wt.vector(length=c, dtype=other))]))
            rows.append(run(fn, [runtime(row), runtime(s)]))
            rows.append(run(fn, []))
    # explicit shape=(r, c)
    for (r, c) in ((2, 2), (3, 3), (2, 3), (4, 4), (5, 5)):
        for s in (S.float32, S.float64):
            rows.append(run("matrix", [], kwargs={"shape": tuple_const((r, c)), "dtype": typeobj(s)}))
            rows.append(run("matrix", [], kwargs={"shape": tuple_const((r, c))}))
            rows.append(run("matrix", [runtime(s) for _ in range(r * c)], kwargs={"shape": tuple_const((r, c))}))
            rows.append(run("matrix", [literal(1.0) for _ in range(r * c)], kwargs={"shape": tuple_const((r, c))}))
            rows.append(run("matrix", [runtime(s)], kwargs={"shape": tuple_const((r, c))}))
            rows.append(run("matrix", [runtime(wt.matrix(shape=(r, c), dtype=s))], kwargs={"shape": tuple_const((r, c))}))
            rows.append(run("matrix", [runtime(wt.matrix(shape=(c, r + 1), dtype=s))],
                            kwargs={"shape": tuple_const((r, c))}))
            rows.append(run("matrix", [runtime(s) for _ in range(r * c)],
                            kwargs={"shape": tuple_const((r, c)), "dtype": typeobj(S.float16)}))
            # the type argument and an explicit, equal or different, shape
            targs = {"shape": ((r, c), f"tup:tuple(int32,int32)@pyint:{r},pyint:{c}"), "dtype": (s, f"type:{tenc(s)}")}
            rows.append(run("matrix", [], kwargs={"shape": tuple_const((r, c))}, targs=targs))
            rows.append(run("matrix", [], kwargs={"shape": tuple_const((c, r + 1))}, targs=targs))
    # identity
    for n in (2, 3, 4, 5):
        for s in (S.float32, S.float64, S.int32, S.float16):
            rows.append(run("identity", [], kwargs={"n": literal(n), "dtype": typeobj(s)}))
            rows.append(run("identity", [literal(n), typeobj(s)]))
    rows.append(run("identity", [runtime(S.int32), typeobj(S.float32)]))
    rows.append(run("identity", [], kwargs={"n": literal(3)}))

    for s in (S.float16, S.float32, S.float64):
        other = S.float64 if s is not S.float64 else S.float32
        q = wt.quaternion(dtype=s)
        targs = {"dtype": (s, f"type:{tenc(s)}")}
        arglists = [
            [],
            [runtime(s) for _ in range(4)],
            [literal(0.0), literal(0.0), literal(0.0), literal(1.0)],
            [literal(0), literal(0), literal(0), literal(1)],
            [runtime(other) for _ in range(4)],
            [runtime(s), runtime(s), runtime(s), runtime(other)],
            [runtime(wt.vector(length=3, dtype=s)), runtime(s)],
            [runtime(wt.vector(length=3, dtype=s)), literal(1.0)],
            [runtime(wt.vector(length=3, dtype=other)), runtime(other)],
            [runtime(q)],
            [runtime(wt.quaternion(dtype=other))],
            [runtime(s)],
            [runtime(s) for _ in range(3)],
        ]
        for args in arglists:
            rows.append(run("quaternion", args, targs=targs))  # wp.quat(...)
            rows.append(run("quaternion", args))
            rows.append(run("quaternion", args, kwargs={"dtype": typeobj(other)}))
        rows.append(run("quaternion", [], kwargs={"dtype": typeobj(S.int32)}))
        rows.append(run("quat_identity", []))
        rows.append(run("quat_identity", [], kwargs={"dtype": typeobj(s)}))
        rows.append(run("quat_identity", [typeobj(s)]))
        rows.append(run("transform_identity", []))
        rows.append(run("transform_identity", [], kwargs={"dtype": typeobj(s)}))

        xf = wt.transformation(dtype=s)
        p, pq = runtime(wt.vector(length=3, dtype=s)), runtime(q)
        arglists = [
            [],
            [p, pq],
            [p],
            [runtime(wt.vector(length=3, dtype=other)), runtime(wt.quaternion(dtype=other))],
            [p, runtime(wt.quaternion(dtype=other))],
            [runtime(s) for _ in range(7)],
            [literal(1.0) for _ in range(7)],
            [literal(1) for _ in range(7)],
            [runtime(other) for _ in range(7)],
            [runtime(xf)],
            [runtime(wt.transformation(dtype=other))],
            [runtime(s)],
            [runtime(s) for _ in range(3)],
            [runtime(wt.vector(length=3, dtype=s)), runtime(wt.vector(length=3, dtype=s))],
        ]
        for args in arglists:
            rows.append(run("transformation", args, targs=targs))  # wp.transform(...)
            rows.append(run("transformation", args))
            rows.append(run("transformation", args, kwargs={"dtype": typeobj(other)}))
        rows.append(run("transformation", [], kwargs={"p": p, "q": pq}, targs=targs))
        rows.append(run("transformation", [], kwargs={"p": p}, targs=targs))
        rows.append(run("transformation", [p], kwargs={"q": pq}))
        rows.append(run("transformation", [], kwargs={"p": p, "q": pq, "dtype": typeobj(s)}, targs=targs))
        rows.append(run("transformation", [], kwargs={"p": p, "q": pq, "dtype": typeobj(other)}, targs=targs))


def gen_utility(rows, rng):
    S = wt
    for n in (0, 1, 2, 3, 4, 5):
        rows.append(run("tid", [], min_outputs=n or None))
    for t in [S.int32, S.float32, S.float64, S.uint8, S.bool]:
        for dtype in [S.float32, S.int64, S.float16, S.bool, S.uint32]:
            rows.append(run("cast", [runtime(t)], kwargs={"dtype": typeobj(dtype)}))
            rows.append(run("cast", [runtime(t), typeobj(dtype)]))
    for v in [wt.vector(length=3, dtype=S.float32), wt.matrix(shape=(3, 3), dtype=S.float64)]:
        rows.append(run("cast", [runtime(v)], kwargs={"dtype": typeobj(S.float64)}))
    # tuples
    elems = [S.int32, S.float32, wt.vector(length=3, dtype=S.float32), S.bool, wt.array(dtype=S.float32, ndim=1)]
    for k in range(0, 4):
        for combo in itertools.product(elems, repeat=k):
            rows.append(run("tuple", [runtime(t) for t in combo]))
    for t in TUPLES:
        for i in (0, 1, 2, 3, -1, -4):
            rows.append(run("extract", [runtime(t), literal(i)]))
        rows.append(run("extract", [runtime(t), runtime(S.int32)]))
        rows.append(run("len", [runtime(t)]))
    for t in STRUCTS:
        rows.append(run("where", [runtime(S.bool), runtime(t), runtime(t)]))
        rows.append(run("where", [runtime(S.bool), runtime(Body), runtime(Particle)]))
        rows.append(run("print", [runtime(t)]))
    for t in COMPOSITES + ARRAYS[:8] + [S.float32, S.int32]:
        rows.append(run("len", [runtime(t)]))
        rows.append(run("print", [runtime(t)]))
    # extract / index on composites, shape
    rows.append(run("extract", [runtime(S.shape_t), literal(0)]))
    rows.append(run("extract", [runtime(S.shape_t), runtime(S.int32)]))
    for t in COMPOSITES:
        for idx in ([literal(0)], [runtime(S.int32)], [runtime(S.int64)], [runtime(S.float32)],
                    [literal(1), literal(2)], [runtime(S.int32), runtime(S.uint32)]):
            rows.append(run("extract", [runtime(t), *idx]))
    rows.append(run("static", [runtime(S.float32)]))


INDEX_TYPES = [wt.int32, wt.int64, wt.uint32, wt.int8, wt.uint64]


def index_arg(rng, t=None) -> Arg:
    t = t or rng.choice(INDEX_TYPES + [wt.int32] * 4)
    if t is wt.int32 and rng.random() < 0.3:
        return literal(rng.choice([0, 1, 2]))
    return runtime(t)


def gen_arrays(rows, rng):
    """Element access, views, stores and atomics, with index counts around each array's ndim."""
    S = wt
    atomic_ops = ["atomic_add", "atomic_sub", "atomic_min", "atomic_max", "atomic_cas", "atomic_exch",
                  "atomic_and", "atomic_or", "atomic_xor"]
    for arr in ARRAYS:
        dtype = arr.dtype
        for nidx in range(0, 5):
            idx_variants = [[index_arg(rng, S.int32) for _ in range(nidx)],
                            [index_arg(rng) for _ in range(nidx)]]
            if nidx:
                idx_variants.append([index_arg(rng) for _ in range(nidx - 1)] + [runtime(S.float32)])
            for idx in idx_variants:
                names = "ijkl"[:nidx]
                rows.append(run("address", [runtime(arr), *idx]))
                rows.append(run("view", [runtime(arr), *idx]))
                if nidx:
                    rows.append(run("address", [runtime(arr)], kwargs=dict(zip(names, idx))))
                for value in (runtime(dtype), runtime(S.float64 if dtype is not S.float64 else S.float32)):
                    rows.append(run("array_store", [runtime(arr), *idx, value]))
                    op = rng.choice(atomic_ops)
                    args = [runtime(arr), *idx]
                    if op == "atomic_cas":
                        args.append(runtime(dtype))
                    rows.append(run(op, [*args, value]))
                    if nidx:
                        rows.append(run(op, [runtime(arr)], kwargs={**dict(zip(names, idx)), "value": value}))
        # every atomic with matching indices
        idx = [index_arg(rng, S.int32) for _ in range(arr.ndim)]
        for op in atomic_ops:
            extra = [runtime(dtype)] if op == "atomic_cas" else []
            rows.append(run(op, [runtime(arr), *idx, *extra, runtime(dtype)]))
        rows.append(run("len", [runtime(arr)]))
        rows.append(run("lower_bound", [runtime(arr), runtime(dtype)]))
    for t in [S.float32, S.int32, S.float64, wt.vector(length=3, dtype=S.float32), wt.matrix(shape=(3, 3), dtype=S.float32),
              wt.quaternion(dtype=S.float64), S.bool, Body, Particle]:
        rows.append(run("load", [ref(t)]))
        rows.append(run("load", [runtime(t)]))
        rows.append(run("store", [ref(t), runtime(t)]))
        rows.append(run("store", [ref(t), runtime(S.float64)]))
        rows.append(run("store", [runtime(t), runtime(t)]))
        rows.append(run("copy", [runtime(t)]))
        rows.append(run("copy", [ref(t)]))
        rows.append(run("assign", [runtime(t), runtime(t)]))


def gen_components(rows, rng):
    """The hidden builtins codegen uses for v[i], m[i, j], q.x and their in-place updates."""
    S = wt
    keys = ["extract", "index", "indexref", "assign_inplace", "assign_copy", "add_inplace", "sub_inplace",
            "bit_and_inplace", "bit_or_inplace", "bit_xor_inplace", "transform_add_inplace", "transform_sub_inplace"]
    for t in COMPOSITES:
        s = scalar_of(t)
        values = [runtime(s), runtime(S.float64 if s is not S.float64 else S.float32), literal(1.0), literal(1)]
        if wt.type_is_matrix(t):
            values += [runtime(t._wp_row_type_), runtime(wt.vector(length=t._shape_[1] + 1, dtype=s)),
                       runtime(wt.vector(length=t._shape_[1], dtype=S.float64 if s is not S.float64 else S.float32))]
        if wt.type_is_transformation(t):
            values += [runtime(wt.vector(length=3, dtype=s))]
        for key in keys:
            for idx in ([index_arg(rng, S.int32)], [index_arg(rng)], [runtime(S.float32)],
                        [index_arg(rng, S.int32), index_arg(rng, S.int32)], [index_arg(rng), index_arg(rng)]):
                if key in ("extract", "index", "indexref"):
                    rows.append(run(key, [runtime(t), *idx]))
                    rows.append(run(key, [ref(t), *idx]))
                    continue
                for v in values:
                    rows.append(run(key, [runtime(t), *idx, v]))
            if key.startswith("transform_"):
                for v in values:
                    rows.append(run(key, [runtime(t), v]))
        rows.append(run("where", [runtime(S.bool), runtime(t), runtime(t)]))
        rows.append(run("where", [runtime(S.int32), runtime(t), runtime(S.float32)]))
        rows.append(run("where", [runtime(wt.array(dtype=S.float32, ndim=1)), runtime(t), runtime(t)]))
        rows.append(run("where", [runtime(S.bool)], kwargs={"value_if_false": runtime(t), "value_if_true": runtime(t)}))
        rows.append(run("select", [runtime(S.bool), runtime(t), runtime(t)]))
        rows.append(run("expect_eq", [runtime(t), runtime(t)]))


def gen_keywords(rows, rng):
    """Keyword forms, binding errors and tuple-unpacking calls."""
    S = wt
    f32, f64 = S.float32, S.float64
    rows.append(run("clamp", [runtime(f32)], kwargs={"low": runtime(f32), "high": runtime(f32)}))
    rows.append(run("clamp", [], kwargs={"high": runtime(f32), "x": runtime(f32), "low": runtime(f32)}))
    rows.append(run("clamp", [runtime(f32), runtime(f32)], kwargs={"x": runtime(f32)}))
    rows.append(run("clamp", [runtime(f32)], kwargs={"lo": runtime(f32), "high": runtime(f32)}))
    rows.append(run("clamp", [runtime(f32), runtime(f32), runtime(f32), runtime(f32)]))
    rows.append(run("lerp", [runtime(f32), runtime(f32)], kwargs={"t": literal(0.5)}))
    rows.append(run("atan2", [], kwargs={"x": runtime(f64), "y": runtime(f64)}))
    rows.append(run("pow", [runtime(f32)], kwargs={"y": literal(2.0)}))
    rows.append(run("rand_init", [runtime(S.int32)], kwargs={"offset": runtime(S.int32)}))
    rows.append(run("randf", [runtime(S.uint32)], kwargs={"low": literal(0.0), "high": literal(1.0)}))
    rows.append(run("randi", [runtime(S.uint32), literal(0)], kwargs={"high": literal(10)}))
    rows.append(run("expect_near", [runtime(f32), runtime(f32)]))
    rows.append(run("expect_near", [runtime(f64), runtime(f64)]))
    rows.append(run("expect_near", [runtime(f64), runtime(f64), runtime(f64)]))
    rows.append(run("curlnoise", [runtime(S.uint32), runtime(wt.vector(length=3, dtype=f32))], kwargs={"gain": literal(0.25)}))
    rows.append(run("curlnoise", [runtime(S.uint32), runtime(wt.vector(length=2, dtype=f32)), runtime(S.uint32)]))
    rows.append(run("curlnoise", [runtime(S.uint32), runtime(wt.vector(length=2, dtype=f32)), literal(2)]))
    for key, arg, outs in [("svd3", wt.matrix(shape=(3, 3), dtype=f32), (1, 2, 3)),
                           ("svd3", wt.matrix(shape=(3, 3), dtype=f64), (3,)),
                           ("svd2", wt.matrix(shape=(2, 2), dtype=f64), (3, 2)),
                           ("qr3", wt.matrix(shape=(3, 3), dtype=f32), (2, 3)),
                           ("eig3", wt.matrix(shape=(3, 3), dtype=f16(S)), (2,)),
                           ("quat_to_axis_angle", wt.quaternion(dtype=f32), (2, 1)),
                           ("quat_to_axis_angle", wt.quaternion(dtype=f64), (2,)),
                           ("sin", f32, (1, 2)),
                           ("where", S.bool, (2,)),
                           ("copy", f32, (2,)),
                           ("atomic_add", wt.array(dtype=f32, ndim=1), (2,))]:
        for n in outs:
            rows.append(run(key, [runtime(arg)], min_outputs=n))
    rows.append(run("range", [runtime(S.int32)]))
    rows.append(run("range", [literal(0), runtime(S.int32), literal(-1)]))
    rows.append(run("range", [runtime(S.int64)]))
    rows.append(run("range", [runtime(f32)]))
    rows.append(run("iter_next", [runtime(S.range_t)]))
    rows.append(run("reversed", [runtime(S.range_t)]))


def f16(S):
    return S.float16


def task_rows(task: str) -> list[str]:
    """The cases of one task: a builtin key (generic generator) or a special generator."""
    rng = random.Random(SEED + zlib.crc32(task.encode()))
    rows: list[str] = []
    if task.startswith("@"):
        SPECIAL_GENERATORS[task](rows, rng)
    else:
        gen_generic(rows, task, rng)
    return rows


SPECIAL_GENERATORS = {
    "@constructors": gen_constructors,
    "@utility": gen_utility,
    "@arrays": gen_arrays,
    "@components": gen_components,
    "@keywords": gen_keywords,
}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--limit-keys", default="", help="only these builtin keys (comma-separated)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (the output does not depend on it)")
    args = ap.parse_args()
    limit = set(filter(None, args.limit_keys.split(",")))

    # Some callbacks build Warp values (float16 quaternions) that need the native
    # runtime; keep its kernel cache out of the user's home.
    wp.config.kernel_cache_dir = os.path.join(os.path.dirname(os.path.abspath(args.out)), "warp_cache")
    wp.init()

    tasks = []
    for key, func in ctx.builtin_functions.items():
        if limit and key not in limit:
            continue
        if not getattr(func, "overloads", None) or not func.is_builtin():
            continue
        if key in SPECIAL or key.startswith("tile") or key.startswith("dense_"):
            continue
        tasks.append(key)
    if not limit:
        tasks += list(SPECIAL_GENERATORS)

    # Each task has its own seeded generator, so the output does not depend on --jobs.
    if args.jobs > 1:
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            chunks = pool.map(task_rows, tasks, chunksize=4)
    else:
        chunks = [task_rows(t) for t in tasks]

    count = 0
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(f"# warp {wp.__version__}\n")
        for rows in chunks:
            for r in rows:
                f.write(r + "\n")
            count += len(rows)
    print(f"{count} cases written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
