import warp as wp


@wp.func
def lerp3(a: float, b: float, t: float):
    return a + (b - a) * t


@wp.func
def lerp3(a: wp.vec3, b: wp.vec3, t: float):
    return a + (b - a) * t
