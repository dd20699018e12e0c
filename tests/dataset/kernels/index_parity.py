import warp as wp


@wp.func
def parity(r: int, c: int):
    return (r + c) % 2


@wp.kernel
def index_parity(width: int, cells: wp.array(dtype=int), out: wp.array(dtype=int)):
    i = wp.tid()
    r = i // width
    c = i % width
    out[i] = parity(r, c) + cells[i]
