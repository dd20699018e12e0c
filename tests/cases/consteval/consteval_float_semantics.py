import warp as wp

# Python's float arithmetic: floor division and modulo through fmod, pow's
# special cases, correctly rounded int/int division, round() to even.


@wp.kernel
def floats(out: wp.array(dtype=float)):
    out[0] = wp.static(1.0 // 0.1)
    out[1] = wp.static(-1.0 // 1e309)
    out[2] = wp.static(1e308 * 10)
    out[3] = wp.static(0.1 + 0.2)
    out[4] = wp.static(2.0**0.5)
    out[5] = wp.static((-8.0) ** 3.0)
    out[6] = wp.static(divmod(7.5, -2.0)[0] + divmod(-7.5, 2.0)[1])
    out[7] = wp.static(round(2.675, 2))
    out[8] = wp.static(round(-0.4, 0))
    out[9] = wp.static(7.5 % -2)
    out[10] = wp.static(-0.0 % 5.0)
    out[11] = wp.static(0.0**0.0 + 1e309**0 + (-1.0) ** 1e309)
    out[12] = wp.static(round(1e300, -299))
    out[13] = wp.static(5e-324 / 2 + 2.0**-1074)
    out[14] = wp.static(1 / 3 + 2**0.5)
    out[15] = wp.static(max(0.0, -0.0) + min(-0.0, 0.0))
    out[16] = wp.static(abs(-1e309) - 1e308 * 2)
    out[17] = wp.static(1e309 - 1e309)
    out[18] = wp.static(10**308 * 17 / 10**308)
