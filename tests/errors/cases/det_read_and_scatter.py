# Deterministic mode (Warp rejects it too): an array that receives deferred atomic updates must
# not also be read directly in the same kernel.
import warp as wp

wp.set_module_options({"deterministic": wp.DeterministicMode.RUN_TO_RUN})


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    wp.atomic_add(a, 0, 1.0)
    x = a[i]

# expect-error: 12:11: is also read directly
