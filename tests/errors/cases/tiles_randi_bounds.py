# tile_randi() bounds with max not greater than min: Warp's dispatch raises; warpsynth gives its
# message.
import warp as wp


@wp.kernel
def k(x: wp.array(dtype=int), seed: int):
    rng = wp.rand_init(seed)
    t = wp.tile_randi(8, rng, 5, 5)
    wp.tile_store(x, t)

# expect-error: 9:9: tile_randi() max must be greater than min
