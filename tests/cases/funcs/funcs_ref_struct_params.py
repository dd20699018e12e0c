import warp as wp


@wp.struct
class Counter:
    value: wp.int32


@wp.struct
class Inner:
    value: wp.float32
    v: wp.vec3


@wp.struct
class Outer:
    inner: Inner
    m: wp.mat33
    q: wp.quatf
    t: wp.transformf
    count: wp.int32


@wp.func
def set_float(x: wp.ref[wp.float32], value: wp.float32):
    x = value


@wp.func
def increment_counter(c: wp.ref[Counter]):
    c.value += 1


@wp.func
def set_counter(c: wp.ref[Counter], n: wp.int32):
    c.value = n


@wp.func
def read_counter(c: wp.ref[Counter]) -> wp.int32:
    return c.value * 2


@wp.func
def nested(o: wp.ref[Outer], value: wp.float32) -> wp.float32:
    set_float(o.inner.value, value)
    set_float(o.inner.v.y, value)
    set_float(o.m[1, 2], value)
    o.inner.value += value
    o.count += 1
    o.inner.v[0] += value
    o.inner.v = wp.vec3(value)
    o.inner.v.z = value
    a = o.q.w + o.t.p[0] + o.m[0, 0] + o.inner.v.x
    return a


@wp.func
def bump_vec(v: wp.ref[wp.vec3]):
    v[0] += 1.0
    v.y += 2.0
    v[2] = 3.0
    v.x = v.y


@wp.func
def bump_mat(m: wp.ref[wp.mat33]):
    m[0, 0] += 1.0
    m[1, 1] = m[0, 1]
    m[2] = wp.vec3(1.0)


@wp.func
def whole_struct(c: wp.ref[Counter], d: Counter):
    c = d


@wp.kernel(enable_backward=False)
def k_fields(arr: wp.array(dtype=Counter), outers: wp.array(dtype=Outer), out: wp.array(dtype=wp.float32)):
    i = wp.tid()
    c = Counter()
    c.value = wp.int32(5)
    increment_counter(c)
    increment_counter(arr[i])
    set_counter(c, 3)
    o = Outer()
    x = nested(o, out[i])
    y = nested(outers[i], x)
    v = wp.vec3(1.0, 2.0, 3.0)
    bump_vec(v)
    bump_vec(o.inner.v)
    m = wp.mat33()
    bump_mat(m)
    whole_struct(c, arr[i])
    out[i] = wp.float32(c.value + read_counter(c)) + x + y + v.x + m[0, 0]

@wp.struct
class Data:
    arr: wp.array(dtype=wp.float32)
    value: wp.float32
    v: wp.vec3


@wp.func
def by_value(d: Data) -> wp.float32:
    return d.value


@wp.func
def use_data(d: wp.ref[Data], i: int) -> wp.float32:
    d.arr[i] = d.value
    d.arr[i] += 1.0
    e = d
    e.value = 2.0
    s = by_value(d)
    d.value = s
    for j in range(i):
        d.value += wp.float32(j)
    for j in range(3):
        d.v[j] = d.value
    w = d.v[0:2]
    return s + e.value + w[0] + d.arr[0]


@wp.func
def pass_on(d: wp.ref[Data], i: int) -> wp.float32:
    return use_data(d, i)


@wp.func
def swap_vals(a: wp.ref[Data], b: wp.ref[Data]):
    a.value = b.value
    a, b = b, a


@wp.func
def ret_whole(d: wp.ref[Data]) -> Data:
    return d


@wp.func_native(
    "d.value = y * 2.0f;",
    adj_snippet="adj_y += 2.0f * adj_d.value;",
)
def native_data(d: wp.ref[Data], y: wp.float32): ...


@wp.kernel(enable_backward=False)
def k_data(arr: wp.array(dtype=Data), out: wp.array(dtype=wp.float32)):
    i = wp.tid()
    d = Data()
    d.arr = out
    d.value = 1.0
    x = pass_on(d, i)
    y = use_data(arr[i], i)
    swap_vals(d, arr[i])
    r = ret_whole(d)
    out[i] = x + y + r.value


@wp.kernel
def k_native_backward(x: wp.array(dtype=wp.float32), arr: wp.array(dtype=Data), out: wp.array(dtype=wp.float32)):
    i = wp.tid()
    d = Data()
    native_data(d, x[i])
    native_data(arr[i], x[i])
    out[i] = d.value + arr[i].value


@wp.struct
class P:
    x: wp.float32
    v: wp.vec3
    m: wp.mat22


@wp.func
def branchy(p: wp.ref[P], v: wp.ref[wp.vec3], m: wp.ref[wp.mat22], flag: bool, n: int):
    if flag:
        p.x = 1.0
        v[1] = 2.0
        m[0, 1] = 3.0
    else:
        p.v.x += 1.0
        v.z -= 1.0
        m[1] = wp.vec2(1.0, 2.0)
    while p.x < 10.0:
        p.x *= 2.0
        v *= 2.0
    for i in range(n):
        p.m[0, 0] += p.x
        m[1, 1] = m[1, 1] + wp.float32(i)
        v[i % 3] /= 2.0
    t = p.v
    t.y = p.x
    u = v
    u[0] = 5.0
    p.v = t + u
    p.m = wp.transpose(m)


@wp.kernel(enable_backward=False)
def k_branches(ps: wp.array(dtype=P), out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    p = P()
    v = wp.vec3()
    m = wp.mat22()
    branchy(p, v, m, i > 2, i)
    branchy(ps[i], out[i], p.m, False, 3)
    branchy(ps[i], p.v, ps[i].m, True, i)
    out[i] = p.v + v



@wp.struct
class Augmented:
    v: wp.vec3
    m: wp.mat22
    t: wp.transformf
    q: wp.quatf


@wp.func
def augment_ref_fields(s: wp.ref[Augmented], v: wp.ref[wp.vec3], q: wp.ref[wp.quatf]):
    s.v += wp.vec3(1.0)
    s.v *= 2.0
    s.m -= wp.mat22(1.0, 0.0, 0.0, 1.0)
    s.q.x += 1.0
    v *= 3.0
    v.x *= 2.0
    q.w = 1.0
    q[1] *= 2.0


@wp.kernel(enable_backward=False)
def k_augmented(out: wp.array(dtype=Augmented)):
    i = wp.tid()
    v = wp.vec3()
    q = wp.quatf()
    augment_ref_fields(out[i], v, q)
