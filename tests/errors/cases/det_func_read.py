# Deterministic mode: reading a float array inside a @wp.func scatters its gradient through
# helpers Warp adds to the function's signature; warpsynth refuses it.
import warp as wp

wp.set_module_options({"deterministic": wp.DeterministicMode.RUN_TO_RUN})


@wp.func
def fetch(a: wp.array(dtype=float), i: int) -> float:
    return a[i]


@wp.kernel
def k(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = fetch(a, i)

# expect-error: 10:14: deterministic mode: reading a float array inside a @wp.func
