# Warp functions and kernels defined in a class body: Warp keys them by their qualified name
# (`Geometry__area`), and kernels reach them through the class.
import warp as wp


class Geometry:
    """Helpers grouped in a class."""

    SCALE = 2.0

    def __init__(self, n):
        self.n = n

    @wp.func
    def area(a: wp.vec3, b: wp.vec3) -> float:
        return 0.5 * wp.length(wp.cross(a, b))

    @wp.func
    def area(a: wp.vec2, b: wp.vec2) -> float:
        return 0.5 * (a[0] * b[1] - a[1] * b[0])

    @wp.kernel
    def areas(a: wp.array(dtype=wp.vec3), b: wp.array(dtype=wp.vec3), out: wp.array(dtype=float)):
        i = wp.tid()
        out[i] = Geometry.area(a[i], b[i]) * Geometry.SCALE + Geometry.area(wp.vec2(1.0), wp.vec2(2.0))


@wp.func
def area(x: float) -> float:
    return x


@wp.kernel
def module_kernel(out: wp.array(dtype=float)):
    out[0] = area(1.0) + Geometry.area(wp.vec2(1.0), wp.vec2(0.0, 1.0))
