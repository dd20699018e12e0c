# A module of the user's own package may hold a @wp.func named like a builtin: Warp calls
# that function, so resolving `geometry.length` to the builtin `length` would be wrong code.
import geometry
import warp as wp


@wp.kernel
def k(out: wp.array(dtype=float), v: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    out[i] = geometry.length(v[i])

# expect-error: 10:14: cannot resolve geometry.length: warpsynth does not know what geometry holds
