# Deterministic mode (Warp rejects it too): an array written directly must not also receive
# deferred atomic updates.
import warp as wp

wp.set_module_options({"deterministic": wp.DeterministicMode.RUN_TO_RUN})


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = 0.0
    a[0] += 1.0

# expect-error: 12:5: is also written directly
