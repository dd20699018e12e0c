import warp as wp


@wp.func
def weighted(values: tuple[wp.vec3, float]) -> float:
    wp.expect_eq(len(values), 2)
    wp.expect_eq(wp.static(len(values)), 2)
    return wp.length(values[0]) * values[1]


@wp.func
def total(values: tuple[int, int, int]):
    out = wp.int32(0)
    for i in range(wp.static(len(values))):
        out += values[i]
    for i in range(len(values)):
        out += values[i] * 2
    return out


@wp.func
def mixed(values: tuple[wp.float64, bool, wp.int16], scale: float) -> float:
    if values[1]:
        return float(values[0]) * scale + float(values[2])
    return scale


@wp.func
def variadic(values: tuple[int, ...]):
    out = wp.int32(0)
    for i in range(wp.static(len(values))):
        out += values[i]
    return out


@wp.kernel
def variadic_calls(counts: wp.array[int]):
    t1 = (1,)
    counts[0] = variadic(t1)
    t3 = (3, 4, counts[1])
    counts[2] = variadic(t3)
    t2 = (2, 3)
    counts[3] = variadic(t2) + variadic(t3)


@wp.kernel
def tuples(out: wp.array[float], counts: wp.array[int]):
    t = (wp.vec3(1.0, 2.0, 3.0), wp.pow(2.0, 4.0))
    out[0] = weighted(t)
    out[1] = weighted((t[0], t[1]))
    out[2] = weighted((wp.vec3(1.0, 2.0, 3.0), out[0]))
    u = (1, 2, counts[0])
    counts[1] = total(u)
    v = (wp.float64(2.0), True, wp.int16(3))
    out[3] = mixed(v, out[1])
