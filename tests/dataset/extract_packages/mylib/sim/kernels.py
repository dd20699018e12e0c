import warp as wp

from mylib import EPS
from mylib.constants import SCALE as GAIN
from mylib.constants import Mode
from ..geometry import Segment, closest_point
from .ops import lerp3


@wp.kernel
def project_points(
    segments: wp.array(dtype=Segment), points: wp.array(dtype=wp.vec3), mode: int, out: wp.array(dtype=wp.vec3)
):
    """Moves each point onto the closest point of its segment, scaled by the gain in SCALED mode."""
    i = wp.tid()
    q = closest_point(segments[i], points[i])
    if mode == Mode.SCALED:
        q = q * GAIN
    out[i] = q + wp.vec3(EPS)


@wp.kernel
def blend(a: wp.array(dtype=wp.vec3), b: wp.array(dtype=wp.vec3), w: wp.array(dtype=float), t: float):
    i = wp.tid()
    a[i] = lerp3(a[i], b[i], t)
    w[i] = lerp3(w[i], 1.0, t)
