import warp as wp

# Strings have no operators in kernels: Warp finds no overload of add for (str, str).


@wp.kernel
def concat(x: wp.array(dtype=float)):
    i = wp.tid()
    print("a" + "b")
