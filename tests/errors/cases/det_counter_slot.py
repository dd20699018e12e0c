# Deterministic mode: an atomic whose result is used assigns slots in two passes (Warp's
# det_counter buffers and phase guards on every store), which warpsynth does not model.
import warp as wp

wp.set_module_options({"deterministic": wp.DeterministicMode.RUN_TO_RUN})


@wp.kernel
def compact(flags: wp.array(dtype=int), count: wp.array(dtype=int), out: wp.array(dtype=int)):
    i = wp.tid()
    if flags[i] != 0:
        slot = wp.atomic_add(count, 0, 1)
        out[slot] = i

# expect-error: 12:16: deterministic mode: the result of an atomic
