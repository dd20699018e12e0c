import warp as wp


@wp.constant
def identity(x: float) -> float:
    return x

# Warp raises TypeError: Invalid constant type: <class 'function'>.
# expect-error: 4:2: unsupported Warp decorator 'wp.constant' (wa
