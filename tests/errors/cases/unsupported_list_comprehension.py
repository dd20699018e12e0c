import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    xs = [x * 2.0 for x in range(3)]
    a[i] = 1.0

# expect-error: 7:10: construct `ast.ListComp` is not supported in kernels
