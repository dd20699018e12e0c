# reversed() of a range held by a name, and of a range whose step is only known to be zero when
# the kernel runs: Warp loops over wp::iter_reverse of the wp::range_t either way.
import warp as wp


@wp.kernel
def reversed_range_values(n: int, step: int, out: wp.array(dtype=float)):
    r = range(n)
    for i in reversed(r):
        out[i] = float(i)
    for i in reversed(range(0, n, step)):
        out[i] += 1.0
