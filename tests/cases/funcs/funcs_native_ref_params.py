import warp as wp


@wp.struct
class Box:
    value: wp.float32
    vec: wp.vec3
    xform: wp.transformf


@wp.func_native("x = x + 5;")
def add_five(x: wp.ref[wp.int32]): ...


@wp.func_native(
    "x = y * 2.0f;",
    adj_snippet="""
    adj_y += 2.0f * adj_x;
    adj_x = 0.0f;
    """,
)
def store_double(x: wp.ref[wp.float32], y: wp.float32): ...


@wp.func_native(
    "float t = a; a = b; b = t; return a + b;",
    adj_snippet="float t = adj_a; adj_a = adj_b; adj_b = t; adj_a += adj_ret; adj_b += adj_ret;",
)
def swap_sum(a: wp.ref[wp.float32], b: wp.ref[wp.float32]) -> wp.float32: ...


@wp.func
def double_through(x: wp.ref[wp.float32], y: wp.float32):
    store_double(x, y)


@wp.kernel(enable_backward=False)
def native_no_backward(result: wp.array(dtype=wp.int32)):
    local = wp.int32(10)
    add_five(local)
    result[0] = local
    add_five(result[1])
    f = wp.float32(1.0)
    double_through(f, wp.float32(result[0]))
    result[2] = wp.int32(f)


@wp.kernel
def native_locals_and_elements(x: wp.array(dtype=wp.float32), dst: wp.array2d(dtype=wp.float32), out: wp.array(dtype=wp.float32)):
    i = wp.tid()
    tmp = wp.float32(0.0)
    store_double(tmp, x[i])
    store_double(out[i], x[i])
    store_double(dst[i, 0], x[i])
    row = dst[i]
    store_double(row[0], tmp)
    window = row[0:1]
    store_double(window[0], x[i])
    a = wp.float32(1.0)
    s = swap_sum(a, tmp)
    out[i] = tmp + a + s + window[0]


@wp.kernel
def native_components(x: wp.array(dtype=wp.float32), boxes: wp.array(dtype=Box), out: wp.array(dtype=wp.float32)):
    i = wp.tid()
    v = wp.vec3(0.0, 0.0, 0.0)
    m = wp.mat33(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    q = wp.quatf(0.0, 0.0, 0.0, 0.0)
    store_double(v.y, x[i])
    store_double(m[1, 2], x[i])
    store_double(q.w, x[i])
    b = Box()
    b.value = wp.float32(0.0)
    store_double(b.value, x[i])
    store_double(b.xform.p.x, x[i])
    store_double(boxes[i].value, x[i])
    store_double(boxes[i].vec.z, x[i])
    store_double(boxes[i].xform.p.x, x[i])
    out[i] = v.y + m[1, 2] + q.w + b.value + boxes[i].vec.z
