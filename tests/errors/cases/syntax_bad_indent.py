import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
      a[i] = 1.0

# expect-error: 7:6: unexpected indent
