import warp as wp


@wp.struct
class S:
    x: float


@wp.func_native("S s; s.x = a; return s;")
def make(a: float) -> S: ...


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[0] = make(1.0).x

# expect-error: 10:1: Native function 'make' has unsupported return type
