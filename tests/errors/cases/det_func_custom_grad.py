# Deterministic mode: a @wp.func with scatter targets and a @wp.func_grad (Warp passes the
# custom adjoint's own helpers to the reverse call) is refused.
import warp as wp

wp.set_module_options({"deterministic": wp.DeterministicMode.RUN_TO_RUN})


@wp.func
def lookup(values: wp.array(dtype=float), index: int) -> float:
    return values[index]


@wp.func_grad(lookup)
def adj_lookup(values: wp.array(dtype=float), index: int, adj_ret: float):
    wp.adjoint[values][index] += adj_ret


@wp.kernel
def k(values: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = lookup(values, i)

# expect-error: 21:14: a custom adjoint or replay is not supported by warpsynth
