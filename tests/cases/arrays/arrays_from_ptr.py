import warp as wp


@wp.struct
class Item:
    a: wp.float32
    b: wp.vec3


@wp.func
def view_of(ptr: wp.uint64, n: int) -> wp.float32:
    arr = wp.array(ptr=ptr, shape=(n,), dtype=wp.float32)
    return arr[0]


@wp.kernel
def from_ptr(orig: wp.array2d(dtype=wp.float32), items: wp.array(dtype=Item), ptr: wp.uint64, nx: int, ny: int):
    arr = wp.array(ptr=orig.ptr, shape=(2, 3), dtype=wp.float32)
    arr[0, 0] = 1.0
    by_var = wp.array(ptr=ptr, shape=(nx, ny), dtype=wp.float32)
    by_var[0, 1] = arr[0, 2]
    mixed = wp.array(ptr=ptr, shape=(2, ny, 4), dtype=wp.vec3)
    mixed[0, 0, 0] = wp.vec3(1.0, 2.0, 3.0)
    structs = wp.array(ptr=items.ptr, shape=(2,), dtype=Item)
    structs[0].a = 1.0
    structs[1].b = wp.vec3(4.0, 5.0, 6.0)
    n = 4
    by_local = wp.array(ptr=ptr, shape=(n, 2, nx, 1), dtype=wp.int32)
    by_local[0, 0, 0, 0] = 7
    orig[0, 0] = view_of(ptr, nx)
