import warp as wp


@wp.func
def setp(t: wp.ref[wp.transformf]):
    t.p = wp.vec3(1.0)


@wp.kernel(enable_backward=False)
def k(out: wp.array(dtype=wp.transformf)):
    i = wp.tid()
    t = wp.transformf()
    setp(t)
    out[i] = t

# expect-error: 6:5: assigning transform attribute
