# wp.adjoint[s.field]: the adjoint of a struct parameter's field, which Warp spells `adj_s.field`
# and reaches through pointers warpsynth does not model.
import warp as wp


@wp.struct
class Pair:
    a: float
    b: float


@wp.func
def total(p: Pair) -> float:
    return p.a + p.b


@wp.func_grad(total)
def total_grad(p: Pair, adj_ret: float):
    wp.adjoint[p.a] += adj_ret


@wp.kernel
def k(ps: wp.array(dtype=Pair), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = total(ps[i])

# expect-error: 19:16: wp.adjoint[...] of a reference, a struct or an array view is not supported by warpsynth
