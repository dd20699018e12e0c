# A @wp.func made per type by a plain Python factory, as Warp makes wp.transform_compose:
# wp.func(make(dtype), name="...") registers the nested function under that name, overloads
# merging, and it sees the factory's locals (types, constants) before the module's globals.
import warp as wp


def make_scaled_norm(dtype):
    vec3 = wp.types.vector(3, dtype)
    half = dtype(0.5)

    def scaled_norm(v: vec3):
        """Half the squared length."""
        return half * wp.dot(v, v)

    return scaled_norm


scaled_norm = wp.func(make_scaled_norm(wp.float32), name="scaled_norm")
wp.func(make_scaled_norm(wp.float64), name="scaled_norm")


@wp.kernel
def factory_functions(v: wp.array(dtype=wp.vec3), d: wp.array(dtype=wp.vec3d), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = scaled_norm(v[i]) + float(scaled_norm(d[i]))
    m = wp.transform_compose(v[i], wp.quat_identity(), v[i])
    p, q, s = wp.transform_decompose(m)
    t = wp.transform_from_matrix(m)
    out[i] += m[0, 0] + p[0] + q[1] + s[2] + wp.transform_to_matrix(t)[1, 1]
