# Deterministic mode without a backward pass still registers the gradient targets of float reads
# (Warp records reverse statements either way), here in a kernel launched without a grid-stride loop.
import warp as wp

wp.set_module_options({"deterministic": wp.DeterministicMode.RUN_TO_RUN, "enable_backward": False})
wp.set_module_options({"deterministic_max_records": 8})


@wp.kernel(grid_stride=False)
def histogram(x: wp.array(dtype=float), bins: wp.array(dtype=float), hits: wp.array(dtype=wp.int64)):
    i = wp.tid()
    b = int(x[i] * 10.0)
    bins[b] += x[i]
    hits[b] += wp.int64(1)


@wp.kernel
def untouched(a: wp.array(dtype=int), b: wp.array(dtype=int)):
    i = wp.tid()
    b[i] = a[i] + 1
