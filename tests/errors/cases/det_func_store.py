# Deterministic mode: a @wp.func that writes an array gets Warp's phase-guarded stores and the
# kernel's deterministic context; warpsynth refuses it.
import warp as wp

wp.set_module_options({"deterministic": wp.DeterministicMode.RUN_TO_RUN})


@wp.func
def put(a: wp.array(dtype=int), i: int):
    a[i] = i


@wp.kernel
def k(a: wp.array(dtype=int)):
    i = wp.tid()
    put(a, i)

# expect-error: 10:7: deterministic mode: writing to an array inside a @wp.func
