import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = a[i] * 2

# expect-error: 7:12: 'mul': Input types must be the same, got ['float32', 'int32'
