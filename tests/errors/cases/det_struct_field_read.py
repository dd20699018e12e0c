# Deterministic mode: the gradient of a float array read through a struct argument would be
# scattered into `adj_state.x`; warpsynth refuses it.
import warp as wp

wp.set_module_options({"deterministic": wp.DeterministicMode.RUN_TO_RUN})


@wp.struct
class State:
    x: wp.array(dtype=float)


@wp.kernel
def norm(state: State, out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = state.x[i] * 2.0

# expect-error: 16:22: deterministic mode: the gradient of a float array that is not a plain kernel argument
