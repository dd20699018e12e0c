import warp as wp


@wp.struct
class Counter:
    value: wp.int32


@wp.func
def set_value(c: wp.ref[Counter]):
    c.value = 1.5


@wp.kernel(enable_backward=False)
def k(out: wp.array(dtype=wp.int32)):
    c = Counter()
    set_value(c)
    out[0] = c.value

# expect-error: 11:5: store() value argument type
