import warp as wp


@wp.func_native("return x;")
def native_identity(x: float) -> float: ...

# expect-error: 4:2: unsupported Warp decorator 'wp.func_native("return x;")' (wa
