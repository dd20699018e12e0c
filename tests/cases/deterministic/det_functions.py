# Deterministic mode in @wp.funcs: a function that reads float arrays or scatters into them takes
# the deterministic context and its own helpers after its parameters (before the outputs of a
# function with several results); each call passes the caller's helpers for the arrays it passes.
import warp as wp

wp.set_module_options({"deterministic": wp.DeterministicMode.RUN_TO_RUN})


@wp.func
def fetch(a: wp.array(dtype=float), i: int) -> float:
    return a[i] * 2.0


@wp.func
def deposit(acc: wp.array(dtype=wp.vec3), i: int, v: wp.vec3):
    wp.atomic_add(acc, i, v)
    acc[0] -= v


@wp.func
def pair(a: wp.array(dtype=float), b: wp.array2d(dtype=float), i: int):
    return a[i] + fetch(a, i), b[i, 0]


@wp.func
def count(flags: wp.array(dtype=int), i: int) -> int:
    return flags[i] + 1


@wp.kernel
def gather(
    x: wp.array(dtype=float),
    y: wp.array(dtype=float),
    m: wp.array2d(dtype=float),
    flags: wp.array(dtype=int),
    out: wp.array(dtype=wp.vec3),
):
    i = wp.tid()
    s, t = pair(y, m, i)
    v = wp.vec3(fetch(x, i), fetch(y, i) + s, t * float(count(flags, i)))
    deposit(out, i % 2, v)
