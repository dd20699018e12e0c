# Warp rejects a constant tile index outside the axis (after wrapping a negative one).
import warp as wp


@wp.kernel
def k(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    t = wp.tile_load(x, shape=4)
    y[0] = t[-5]

# expect-error: 8:14: Tile index -5 is out of bounds for axis 0 with size 4.
