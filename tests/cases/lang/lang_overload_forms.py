from typing import Any

import warp as wp


@wp.func
def blend(a: Any, b: Any, t: float):
    return a * (1.0 - t) + b * t


@wp.kernel
def lerp_arrays(x: wp.array[Any], y: wp.array[Any], t: float, out: wp.array[Any]):
    i = wp.tid()
    out[i] = blend(x[i], y[i], t)


# list form, a repeated signature (no new kernel), the dict form
lerp_f = wp.overload(lerp_arrays, [wp.array[float], wp.array[float], float, wp.array[float]])
lerp_v = wp.overload(lerp_arrays, [wp.array[wp.vec3], wp.array[wp.vec3], float, wp.array[wp.vec3]])
lerp_again = wp.overload(lerp_arrays, [wp.array[float], wp.array[float], float, wp.array[float]])
wp.overload(
    lerp_arrays,
    {"x": wp.array(dtype=wp.vec2), "y": wp.array(dtype=wp.vec2), "out": wp.array(dtype=wp.vec2)},
)


@wp.kernel(enable_backward=False)
def accumulate(src: wp.array2d[Any], scale: Any, dst: wp.array[Any]):
    i, j = wp.tid()
    wp.atomic_add(dst, i, src[i, j] * scale)


@wp.overload
def accumulate(src: wp.array2d[wp.float64], scale: wp.float64, dst: wp.array[wp.float64]):
    """A docstring is allowed in a stub."""
    ...


@wp.overload
def accumulate(src: wp.array2d[wp.mat22], scale: float, dst: wp.array[wp.mat22]):
    pass


@wp.kernel
def plain(a: wp.array[float]):
    i = wp.tid()
    a[i] = blend(a[i], 2.0, 0.5)
