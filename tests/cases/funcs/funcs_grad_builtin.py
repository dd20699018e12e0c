# wp.grad(builtin)(args): Warp calls the builtin's adjoint in forward code with zeroed input
# adjoints typed like the resolved overload's parameters, an output adjoint of one, and the
# original output first for the adjoints that take it (length); several inputs make a tuple.
import warp as wp


@wp.func
def grad_in_function(x: wp.float64) -> wp.float64:
    return wp.grad(wp.sin)(x)


@wp.kernel
def builtin_grads(x: wp.array(dtype=float), d: wp.array(dtype=wp.float64), v: wp.array(dtype=wp.vec3),
                  out: wp.array(dtype=float)):
    i = wp.tid()
    b, a = wp.grad(wp.atan2)(x[i], 2.0)
    c = wp.grad(wp.length)(v[i])
    e, f = wp.grad(wp.dot)(v[i], v[i])
    g = wp.grad(wp.sqrt)
    out[i] = a + b + c[0] + e[1] + f[2] + g(x[i]) + float(grad_in_function(d[i]))
