import warp as wp


@wp.kernel
def clamp_scaled(x: wp.array(dtype=float), gain: float, out: wp.array(dtype=float)):
    i = wp.tid()
    # scale, then clamp (the code-health figures of stats.json count this kernel's flaws:
    # `gain` is never used, `spare` never read, `scaled - scaled` is degenerate)
    scaled = x[i] * 2.0
    spare = scaled - scaled
    out[i] = wp.clamp(scaled, 0.0, 1.0)
