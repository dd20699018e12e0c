# Deterministic mode (Warp rejects it too): one array cannot receive both additions and maxima.
import warp as wp

wp.set_module_options({"deterministic": wp.DeterministicMode.RUN_TO_RUN})


@wp.kernel
def k(v: wp.array(dtype=float), a: wp.array(dtype=float)):
    i = wp.tid()
    wp.atomic_add(a, 0, 1.0)
    wp.atomic_max(a, 1, 2.0)

# expect-error: 11:5: different families
