import warp as wp


# wp.norm_l1 is a @wp.func of Warp's own Python source: for a vec3d, its float32 accumulator
# meets float64 components and Warp rejects the call. warpsynth reports it at this call, in
# this file, naming the line of Warp's source.
# expect-error: calling 'norm_l1' fails at
# expect-error: warp/_src/math.py
@wp.kernel
def l1_of_doubles(v: wp.array(dtype=wp.vec3d), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = wp.norm_l1(v[i])
