import warp as wp


# A 2D texture has width and height only (Warp finds the Texture class's `depth` property
# and fails on it).
@wp.kernel
def k(tex: wp.Texture2D, out: wp.array(dtype=float)):
    out[0] = float(tex.depth)

# expect-error: 8:20: `depth` is not an attribute of 'tex'
