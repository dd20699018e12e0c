import warp as wp


@wp.struct
class Inner:
    value: wp.float32


@wp.struct
class Outer:
    inner: Inner
    vec: wp.vec3


@wp.func_native("*(float*)ptr = *(float*)ptr + 1.0f;")
def increment_via_ptr(ptr: wp.uint64): ...


@wp.func
def address_of_ref(x: wp.ref[wp.float32]) -> wp.uint64:
    return wp.address_of(x)


@wp.kernel(enable_backward=False)
def address_of_forms(arr: wp.array(dtype=wp.float32), outers: wp.array(dtype=Outer), out: wp.array(dtype=wp.uint64)):
    i = wp.tid()
    x = wp.float32(1.0)
    increment_via_ptr(wp.address_of(x))
    increment_via_ptr(wp.address_of(arr[i]))
    v = wp.vec3(1.0, 2.0, 3.0)
    increment_via_ptr(wp.address_of(v.y))
    increment_via_ptr(wp.address_of(v[2]))
    o = Outer()
    increment_via_ptr(wp.address_of(o.inner.value))
    increment_via_ptr(wp.address_of(outers[i].inner.value))
    increment_via_ptr(wp.address_of(outers[i].vec.z))
    out[i] = address_of_ref(x)
    arr[i] = x + v.y + o.inner.value


@wp.kernel
def address_of_backward(arr: wp.array(dtype=wp.float32), out: wp.array(dtype=wp.uint64)):
    i = wp.tid()
    y = arr[i] * 2.0
    out[i] = wp.address_of(y)



@wp.struct
class WithArray:
    value: wp.float32
    arr: wp.array(dtype=wp.float32)


@wp.func
def address_of_params(x: wp.float32, b: wp.ref[WithArray], v: wp.vec3) -> wp.uint64:
    return wp.address_of(x) + wp.address_of(b.value) + wp.address_of(b) + wp.address_of(v[1]) + wp.address_of(b.arr[0])


@wp.kernel(enable_backward=False)
def address_of_more(arr: wp.array(dtype=wp.float32), out: wp.array(dtype=wp.uint64), n: int):
    i = wp.tid()
    b = WithArray()
    out[i] = wp.address_of(arr) + address_of_params(arr[i], b, wp.vec3()) + wp.address_of(n) + wp.address_of(out[i])
    out[0] = wp.address_of(b)
