# Without MathDx Warp's FFT needs a power-of-two size that block_dim (256) divides.
import warp as wp


@wp.kernel
def k(x: wp.array2d(dtype=wp.vec2d)):
    a = wp.tile_load(x, shape=(1, 128))
    wp.tile_fft(a)
    wp.tile_store(x, a)

# expect-error: 8:5: tile_fft() on CPU requires fft_size to be divisible by block_dim (got fft_size=128, block_dim=256).
