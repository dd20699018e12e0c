import warp as wp

from ..geometry import Segment, closest_point


# A different function under the name geometry.py uses for its own: the two cannot share a module.
@wp.func
def clamp01(t: float):
    return wp.min(wp.max(t, 0.0), 1.0)


@wp.kernel
def clashing(segments: wp.array(dtype=Segment), points: wp.array(dtype=wp.vec3), t: wp.array(dtype=float)):
    i = wp.tid()
    t[i] = clamp01(t[i]) + wp.length(closest_point(segments[i], points[i]))
