# Deterministic mode: a @wp.func with an atomic takes the kernel's scatter helpers as extra
# parameters in Warp; warpsynth refuses it.
import warp as wp

wp.set_module_options({"deterministic": wp.DeterministicMode.RUN_TO_RUN})


@wp.func
def deposit(acc: wp.array(dtype=float), i: int, v: float):
    wp.atomic_add(acc, i, v)


@wp.kernel
def k(acc: wp.array(dtype=float)):
    i = wp.tid()
    deposit(acc, i, 1.0)

# expect-error: 10:5: deterministic mode: an atomic inside a @wp.func
