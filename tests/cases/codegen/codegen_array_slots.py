import warp as wp


@wp.struct
class Particle:
    pos: wp.vec3
    vel: wp.vec3
    mass: float
    pose: wp.transform


@wp.kernel
def write_slots(
    points: wp.array(dtype=wp.vec3),
    frames: wp.array(dtype=wp.mat33),
    particles: wp.array(dtype=Particle),
    quats: wp.array(dtype=wp.quat),
    counts: wp.array(dtype=wp.vec2i),
    dt: float,
):
    i = wp.tid()
    points[i].x = 1.0
    points[i][2] = dt
    points[i].y += dt
    points[i][0] -= 0.5
    frames[i][0, 1] = dt
    frames[i][2] = wp.vec3(0.0, 0.0, 1.0)
    frames[i][1, 1] += 2.0
    particles[i].vel = wp.vec3(0.0, dt, 0.0)
    particles[i].pos.z = dt
    particles[i].mass += dt
    particles[i].pose.p = wp.vec3(1.0, 2.0, 3.0)
    quats[i].w = 1.0
    counts[i].x += 1
    counts[i][1] |= 4
