import warp as wp


@wp.struct
class State:
    v: float = some_host_function()


@wp.kernel
def k(s: State, out: wp.array(dtype=float)):
    out[0] = s.v

# expect-error: 6:16: struct field default values are supported when warpsynth can evaluate them
