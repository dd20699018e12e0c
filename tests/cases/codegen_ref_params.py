import warp as wp


@wp.struct
class Box:
    value: wp.float32
    vec: wp.vec3


@wp.func
def increment(x: wp.ref[wp.int32]):
    x += 1


@wp.func
def forward(x: wp.ref[wp.int32]):
    increment(x)


@wp.func
def add_to(x: wp.ref[wp.float32], delta: wp.float32):
    x += delta


@wp.func
def double(x: wp.ref[wp.float32]) -> wp.float32:
    x = x * wp.float32(2.0)
    return x + wp.float32(1.0)


@wp.func
def set_vec(x: wp.ref[wp.vec3], value: wp.vec3):
    x = value


@wp.func
def swap(x: wp.ref[wp.float32], y: wp.ref[wp.float32]):
    x, y = y, x


@wp.func
def replace(x: wp.ref[wp.float32]) -> wp.float32:
    old, x = x, wp.float32(2.0)
    return old


@wp.kernel(enable_backward=False)
def locals_and_elements(arr: wp.array(dtype=wp.float32), counts: wp.array(dtype=wp.int32)):
    i = wp.tid()
    n = wp.int32(0)
    forward(n)
    increment(counts[i])
    add_to(arr[i], wp.float32(10.0))
    v = wp.float32(1.0)
    add_to(v, arr[i])
    r = double(v)
    a = wp.float32(3.0)
    swap(a, v)
    arr[i] = v + a + r + replace(a) + wp.float32(n)


@wp.kernel(enable_backward=False)
def components_and_fields(boxes: wp.array(dtype=Box), out: wp.array(dtype=wp.float32)):
    i = wp.tid()
    v = wp.vec3(1.0, 2.0, 3.0)
    m = wp.mat33(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0)
    t = wp.transformf(wp.vec3f(1.0, 2.0, 3.0), wp.quatf(0.0, 0.0, 0.0, 1.0))
    add_to(v.x, wp.float32(1.0))
    add_to(v[-1], wp.float32(2.0))
    add_to(m[1, 2], wp.float32(3.0))
    set_vec(m[0], v)
    add_to(t.p.y, wp.float32(4.0))
    add_to(boxes[i].value, wp.float32(5.0))
    set_vec(boxes[i].vec, v)
    b = Box()
    add_to(b.value, wp.float32(6.0))
    out[i] = v.x + m[0, 0] + t.p.y + boxes[i].value + b.value
