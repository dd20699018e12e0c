# Tiles: tile_cholesky, tile_cholesky_solve, tile_lower_solve and tile_upper_solve (returning
# and in-place forms, fill_mode "lower" and "upper") and tile_fft / tile_ifft, as Warp emits
# them without MathDx (the cooperative scalar implementations), forward and adjoint. The
# module binds its constants by tuple unpacking, as Warp's Cholesky example does.
import warp as wp

N, DTYPE = 8, wp.float64
FFT_SIZE = 512


@wp.kernel
def cholesky_solves(a: wp.array2d(dtype=DTYPE), b: wp.array(dtype=DTYPE), x: wp.array(dtype=DTYPE)):
    A = wp.tile_load(a, shape=(N, N))
    y = wp.tile_load(b, shape=N)
    L = wp.tile_cholesky(A)
    U = wp.tile_cholesky(A, fill_mode="upper")
    x1 = wp.tile_cholesky_solve(L, y)
    x2 = wp.tile_cholesky_solve(U, y, fill_mode="upper")
    z = wp.tile_lower_solve(L, y)
    w = wp.tile_upper_solve(U, z)
    wp.tile_store(x, x1 + x2 + w)


@wp.kernel
def solves_inplace(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float)):
    A = wp.tile_load(a, shape=(4, 4), storage="shared")
    Y = wp.tile_load(b, shape=(4, 3))
    wp.tile_cholesky_inplace(A)
    wp.tile_cholesky_solve_inplace(A, Y)
    wp.tile_lower_solve_inplace(A, Y)
    wp.tile_upper_solve_inplace(A, Y)
    wp.tile_cholesky_inplace(A, fill_mode="upper")
    wp.tile_cholesky_solve_inplace(A, Y, fill_mode="upper")
    wp.tile_store(b, Y)


@wp.kernel
def lower_solve_matrix(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float)):
    L = wp.tile_load(a, shape=(4, 4))
    Y = wp.tile_load(b, shape=(4, 2))
    Z = wp.tile_lower_solve(L, Y * 2.0)
    wp.tile_store(b, Z)


@wp.kernel
def fft_roundtrip(x: wp.array2d(dtype=wp.vec2f), y: wp.array3d(dtype=wp.vec2d)):
    a = wp.tile_load(x, shape=(2, FFT_SIZE))
    wp.tile_fft(a)
    wp.tile_ifft(a)
    wp.tile_store(x, a)
    b = wp.tile_load(y, shape=(2, 3, 256))
    wp.tile_ifft(b)
    wp.tile_store(y, b)
