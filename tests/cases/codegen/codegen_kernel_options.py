import warp as wp


@wp.func
def soft_clip(x: float, limit: float):
    return limit * wp.tanh(x / limit)


@wp.kernel(enable_backward=False, launch_bounds=128)
def clip_forward_only(values: wp.array(dtype=float), limit: float):
    i = wp.tid()
    values[i] = soft_clip(values[i], limit)


@wp.kernel(grid_stride=False)
def clip_lean(values: wp.array(dtype=float), out: wp.array(dtype=float), limit: float):
    i = wp.tid()
    if values[i] < 0.0:
        return
    out[i] = soft_clip(values[i], limit)


@wp.kernel(launch_bounds=(256, 2), cuda_max_registers=None)
def clip_bounded(values: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = soft_clip(values[i], 2.0)


@wp.kernel(name="renamed_clip", cuda_max_registers=64, enable_cuda_smem_spilling=True)
def clip_named(values: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = soft_clip(values[i], 4.0)
