import warp as wp

from .constants import EPS


@wp.struct
class Segment:
    a: wp.vec3
    b: wp.vec3


@wp.func
def clamp01(t: float):
    return wp.clamp(t, 0.0, 1.0)


@wp.func
def closest_point(s: Segment, p: wp.vec3):
    d = s.b - s.a
    t = wp.dot(p - s.a, d) / (wp.dot(d, d) + EPS)
    return s.a + clamp01(t) * d


@wp.func
def not_needed(x: float):
    return x + 1.0
