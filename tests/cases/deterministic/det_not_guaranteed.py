# wp.DeterministicMode.NOT_GUARANTEED is Warp's default: the code is the usual one.
import warp as wp

wp.set_module_options({"deterministic": wp.DeterministicMode.NOT_GUARANTEED})


@wp.kernel
def accumulate(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[0] += a[i]
    wp.atomic_max(out, 1, a[i])
