import warp as wp

bf16_vec3 = wp.types.vector(3, wp.bfloat16)
CV = wp.constant(bf16_vec3(1.0, 2.0, 3.3))


@wp.kernel
def k(a: wp.array(dtype=bf16_vec3)):
    i = wp.tid()
    a[i] = CV

# expect-error: 4:18: 'NoneType' object has no attribute 'core'
