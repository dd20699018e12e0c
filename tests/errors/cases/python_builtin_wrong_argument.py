# A Python-written builtin of Warp (read from the installed Warp) called with a type none of its
# overloads takes.
import warp as wp


@wp.kernel
def k(v: wp.array(dtype=wp.vec3), out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    out[i] = wp.quat_to_rpy(v[i])

# expect-error: 9:14: couldn't find function overload for 'quat_to_rpy' that matched inputs with types: [vec3f]
