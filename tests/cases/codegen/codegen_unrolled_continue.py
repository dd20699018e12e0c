import warp as wp


@wp.kernel
def count_above(values: wp.array2d(dtype=float), threshold: float, counts: wp.array(dtype=int)):
    r = wp.tid()
    n = int(0)
    s = float(0.0)
    for c in range(5):
        v = values[r, c]
        if v <= threshold:
            continue
        n += 1
        if v > 2.0 * threshold:
            s += v
            continue
        s -= v
    counts[r] = n + int(s)
