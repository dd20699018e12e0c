import warp as wp

saxpy_snippet = """
    out[tid] = a * x[tid] + y[tid];
    """
saxpy_adj_snippet = """
    adj_a += x[tid] * adj_out[tid];
    adj_x[tid] += a * adj_out[tid];
    adj_y[tid] += adj_out[tid];
    """


@wp.func_native(saxpy_snippet, saxpy_adj_snippet)
def saxpy(
    a: wp.float32,
    x: wp.array(dtype=wp.float32),
    y: wp.array(dtype=wp.float32),
    out: wp.array(dtype=wp.float32),
    tid: int,
):
    ...


@wp.func_native("return a + 2.0f;", adj_snippet="adj_a += adj_ret;")
def add_two(a: float) -> float:
    """Adds two."""
    ...


# Warp drops every `var_` of a parameter's name: `my_var_scale` is `my_scale` in the snippet.
@wp.func_native(
    """
    int s = my_scale * 2;
    return s + 1;
    """
)
def twice_plus_one(my_var_scale: int) -> wp.int32:
    return


@wp.func_native(snippet="wp::vec3 r = wp::vec3(v[0], v[1], 0.0f);\n    return r;\n", adj_snippet=None)
def flatten(v: wp.vec3) -> wp.vec3: ...


@wp.func
def helper(x: float) -> float:
    return add_two(x) * 3.0


@wp.kernel
def k(a: wp.float32, x: wp.array(dtype=wp.float32), y: wp.array(dtype=wp.float32), out: wp.array(dtype=wp.float32)):
    tid = wp.tid()
    saxpy(a, x, y, out, tid)
    out[tid] = helper(out[tid]) + float(twice_plus_one(tid))
    v = flatten(wp.vec3(out[tid], 1.0, 2.0))
    out[tid] = v[0] + v[2]
