import warp as wp


# Volume's methods are host code: Warp finds no builtin or @wp.func of that name.
@wp.kernel
def k(vol: wp.uint64, out: wp.array(dtype=float)):
    out[0] = float(wp.Volume.allocate(0.0, 1.0, 0.1))

# expect-error: 7:20: could not find function wp.Volume.allocate as a built-in or user-defined function
