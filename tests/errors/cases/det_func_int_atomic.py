# Deterministic mode: an integer atomic inside a @wp.func is guarded with the caller's
# deterministic context (an extra parameter of the function); warpsynth refuses it.
import warp as wp

wp.set_module_options({"deterministic": wp.DeterministicMode.RUN_TO_RUN})


@wp.func
def bump(counts: wp.array(dtype=int), i: int):
    wp.atomic_add(counts, i, 1)


@wp.kernel
def k(counts: wp.array(dtype=int)):
    i = wp.tid()
    bump(counts, i % 4)

# expect-error: 10:5: deterministic mode: an integer atomic inside a @wp.func
