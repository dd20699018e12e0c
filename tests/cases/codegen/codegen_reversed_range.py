import warp as wp

# reversed(range(...)) is never unrolled, even with constant bounds: Warp evaluates the
# range as a wp::range_t and loops over wp::iter_reverse of it (Warp's tests use it in
# scans and back-substitutions).

N = 4


@wp.func
def back_substitute(u: wp.mat33, b: wp.vec3):
    x = wp.vec3()
    for i in reversed(range(3)):
        s = b[i]
        for j in range(i + 1, 3):
            s = s - u[i, j] * x[j]
        x[i] = s / u[i, i]
    return x


@wp.kernel
def reversed_loops(a: wp.array(dtype=float), n: int, out: wp.array(dtype=float)):
    i = wp.tid()
    acc = float(0.0)
    for j in reversed(range(N)):
        acc = acc * 0.5 + a[(i + j) % n]
    for j in reversed(range(1, n, 2)):
        if j < 3:
            break
        acc = acc + float(j) * a[j]
    for k in reversed(range(n, 0, -1)):
        acc = acc - float(k)
    out[i] = acc


@wp.kernel
def reversed_solve(u: wp.array(dtype=wp.mat33), b: wp.array(dtype=wp.vec3), x: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    x[i] = back_substitute(u[i], b[i])
