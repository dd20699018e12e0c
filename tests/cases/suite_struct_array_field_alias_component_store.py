# An array held in a struct field, bound to a local, then written through a component of
# one of its elements (`pts = body.points; pts[i].y = v`): the adjoint has to reach the
# struct's adjoint array.
import warp as wp


@wp.struct
class Body:
    points: wp.array(dtype=wp.vec3)
    mass: float


@wp.kernel
def lift_points(body: Body, h: wp.array(dtype=float)):
    i = wp.tid()
    pts = body.points
    pts[i].y = h[i] * body.mass


@wp.kernel
def nudge_points(body: Body, h: wp.array(dtype=float)):
    i = wp.tid()
    pts = body.points
    pts[i].z += h[i]
