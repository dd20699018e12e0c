import warp as wp


# Warp cannot lay out a query object in a struct (its class has no ctypes `_type_`).
@wp.struct
class Holder:
    q: wp.HashGridQuery


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[0] = 1.0

# expect-error: 7:8: a query object (warp._src.types.HashGridQuery) cannot be a struct field
