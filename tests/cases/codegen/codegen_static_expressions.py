import warp as wp

TAPS = 3
SCALE = 0.5
USE_BIAS = False
COEFFS = (0.25, 0.5, 0.25)
OFFSET = wp.constant(wp.vec3(1.0, 2.0, 3.0))


@wp.func
def bias_term(x: float):
    return x + wp.static(SCALE * 2.0)


@wp.kernel
def fir_filter(signal: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    n = signal.shape[0]
    acc = float(0.0)
    for k in range(wp.static(TAPS)):
        j = wp.clamp(i + k - 1, 0, n - 1)
        acc += wp.static(COEFFS[k]) * signal[j]
    if wp.static(USE_BIAS):
        acc = bias_term(acc)
    out[i] = acc * wp.static(SCALE) + wp.static(OFFSET)[wp.static(TAPS - 1)]


@wp.kernel
def second_filter(signal: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    acc = float(0.0)
    for k in range(2):
        acc += wp.static(COEFFS[k + 1]) * signal[i]
    out[i] = bias_term(acc)
