import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    if i > 2:
        break

# expect-error: 8:9: 'break' outside loop
