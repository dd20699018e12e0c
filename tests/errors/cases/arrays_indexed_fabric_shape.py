# Fabric arrays expose only `size`: Warp rejects `shape`.
import warp as wp


@wp.kernel
def k(a: wp.indexedfabricarray[float], out: wp.array(dtype=int)):
    out[0] = a.shape[0]

# expect-error: 7:14: `shape` is not an attribute of 'a'
