import warp as wp


@wp.func
def identity(x: float) -> float:
    return x


@wp.func_replay(identity)
def replay_identity(x: float) -> float:
    return x

# expect-error: 9:2: unsupported Warp decorator 'wp.func_replay(identity)' (wa
