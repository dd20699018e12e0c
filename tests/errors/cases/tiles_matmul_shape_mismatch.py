# Warp rejects a tile_matmul whose inner dimensions differ.
import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float)):
    ta = wp.tile_load(a, shape=(4, 8))
    tb = wp.tile_load(b, shape=(4, 2))
    tc = wp.tile_matmul(ta, tb)
    wp.tile_store(b, tc)

# expect-error: 9:10: tile_matmul(A, B, C) requires sizes of A, B and C to be consistent for a matmul
