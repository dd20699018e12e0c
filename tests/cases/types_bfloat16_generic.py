import warp as wp
from typing import Any

vec4bf = wp.types.vector(4, wp.bfloat16)
CB = wp.constant(wp.bfloat16(2.5))


@wp.func
def twice(x: Any):
    return x + x


@wp.func
def twice(x: wp.bfloat16, y: int):
    return x * wp.bfloat16(y)


@wp.kernel
def k(a: wp.array(dtype=wp.bfloat16), v4: vec4bf, out: wp.array(dtype=wp.float16)):
    i = wp.tid()
    x = twice(a[i])
    y = twice(x, 3)
    if x > y:
        y = -x
    z = wp.int32(y)
    h = wp.float16(y)
    out[i] = h + wp.float16(z)
    a[i] = wp.min(x, y) + CB + wp.clamp(x, wp.bfloat16(0.0), wp.bfloat16(1.0))
    r = v4 * y
    a[0] = r[0] + wp.dot(v4, v4)
    print(x)
    wp.printf("%f\n", wp.float32(x))
    c = wp.bfloat16(7)
    a[1] = c
