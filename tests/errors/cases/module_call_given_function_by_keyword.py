# A module-level call handed one of the module's functions, here by keyword, may return an
# object that holds it (Warp then calls the function through it): refused as module code.
import types

import warp as wp


@wp.func
def first_index():
    return 0


ops = types.SimpleNamespace(tid=first_index)


@wp.kernel
def k(out: wp.array(dtype=int)):
    out[ops.tid()] = 1

# expect-error: 13:7: module-level call `types.SimpleNamespace` may create Warp kernels or functions
