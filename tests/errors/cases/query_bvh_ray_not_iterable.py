import warp as wp


# Warp has no iter_next for BVH queries: only hash grid and mesh queries are iterable.
@wp.kernel
def k(bvh: wp.uint64, out: wp.array(dtype=int)):
    p = wp.vec3(0.0)
    n = int(0)
    for bi in wp.bvh_query_ray(bvh, p, p):
        n += bi
    out[0] = n

# expect-error: 9:15: couldn't find an overload of 'iter_next'
