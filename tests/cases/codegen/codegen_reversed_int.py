import warp as wp

# reversed() takes a range: Warp has no overload for an int.


@wp.kernel
def reversed_int(a: wp.array(dtype=float), n: int):
    i = wp.tid()
    for j in reversed(n):
        a[i] = a[i] + float(j)
