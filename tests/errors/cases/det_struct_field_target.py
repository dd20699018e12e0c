# Deterministic mode: an atomic into an array held by a struct argument (Warp's helper for
# `state.acc`) is refused.
import warp as wp

wp.set_module_options({"deterministic": wp.DeterministicMode.RUN_TO_RUN})


@wp.struct
class State:
    acc: wp.array(dtype=float)


@wp.kernel
def deposit(state: State, v: float):
    i = wp.tid()
    wp.atomic_add(state.acc, i % 4, v)

# expect-error: 16:5: deterministic mode: an atomic whose target array is not a kernel argument
