# Found by tools/fuzz: Warp accepts a float length only when a vector type of that length
# exists already (length=3.0 is vec3, length=5.0 fails), so warpsynth refuses float lengths.
# expect-error: a float as the vector length is not supported
import warp as wp


@wp.kernel
def float_length(out: wp.array(dtype=float)):
    v = wp.types.vector(1.0, length=3.0, dtype=wp.float32)
    out[0] = v[0]
