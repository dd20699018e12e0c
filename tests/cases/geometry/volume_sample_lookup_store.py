# Volume reads and writes with Warp dtypes: volume_sample(_grad), volume_lookup, volume_store, the typed _f variants (template argument = dtype).
import warp as wp

@wp.kernel
def kv(vol: wp.uint64, vvol: wp.uint64, pts: wp.array(dtype=wp.vec3), out: wp.array(dtype=wp.float32)):
    tid = wp.tid()
    p = wp.volume_world_to_index(vol, pts[tid])
    a = wp.volume_sample(vol, p, 1, dtype=wp.float32)
    g = wp.vec3(0.0)
    b = wp.volume_sample_grad(vol, p, 0, g, dtype=wp.float32)
    v = wp.volume_sample(vvol, p, 1, dtype=wp.vec3)
    i = wp.volume_lookup(vol, 1, 2, 3, dtype=wp.int32)
    f = wp.volume_lookup_f(vol, 0, 0, 0)
    wp.volume_store(vvol, 0, 0, tid, v * 2.0)
    wp.volume_store_f(vol, 0, 0, tid, a)
    out[tid] = a + b + v[0] + float(i) + f + g[1] + wp.volume_sample_f(vol, p, 1)


@wp.kernel
def kv2(vol: wp.uint64, out: wp.array(dtype=wp.vec4d)):
    tid = wp.tid()
    uvw = wp.vec3(float(tid), 0.5, 0.25)
    x = wp.volume_sample(vol, uvw, 1, dtype=wp.vec4d)
    out[tid] = x + wp.volume_lookup(vol, tid, 0, 0, dtype=wp.vec4d)
    wp.volume_store(vol, tid, 1, 2, x)
    d = wp.volume_sample(vol, uvw, 0, dtype=wp.int64)
    wp.volume_store(vol, tid, 1, 3, d)
