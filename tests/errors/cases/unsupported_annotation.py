import warp as wp


@wp.kernel
def k(a: list):
    pass

# expect-error: 5:10: unsupported type annotation 'list'
