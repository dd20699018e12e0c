import warp as wp

# f-strings are not supported in kernels (ast.JoinedStr).


@wp.kernel
def fstring(x: wp.array(dtype=float)):
    i = wp.tid()
    print(f"value {i}")
