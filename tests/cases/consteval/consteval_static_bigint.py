import warp as wp

# wp.static(...) evaluates with Python's ints: no size limit, floor division and
# modulo by the divisor's sign, shifts and bitwise operators on negatives.


@wp.kernel
def big_ints(frame: wp.array(dtype=int), out: wp.array(dtype=float)):
    frame[wp.static((1 << 70) >> 60)] = 1
    frame[0] = wp.static(2**64 % 7)
    frame[1] = wp.static(2**100)
    frame[2] = wp.static(-(2**63) - 1)
    frame[3] = wp.static((2**64 - 1) & 0xFF)
    frame[4] = wp.static(~(2**70))
    frame[5] = wp.static(-(2**70) >> 3)
    frame[6] = wp.static((-7) // 2 + (-7) % 3 + 7 % -3)
    frame[7] = wp.static(10**20 // 3)
    frame[8] = wp.static(2**200 // 2**190)
    frame[9] = wp.static(int(1e19))
    frame[10] = wp.static(10**400 // 10**399)
    frame[11] = wp.static(-(2**70) | 0xFFFF)
    frame[12] = wp.static((2**65 + 3) ^ -(2**64))
    frame[13] = wp.static(divmod(-7, 2)[1] + pow(3, -1, 7))
    frame[14] = wp.static(abs(-(2**70)) - round(2.5) - round(-0.5))
    frame[15] = wp.static(round(123456789, -3) + round(2**70, -20))
    frame[16] = wp.static(int(2**53 + 1 == float(2**53 + 1)) + 2 * int(2**53 == float(2**53)))
    frame[17] = wp.static(int(2**1023 * 1.5 - 2**1023) - 2**1022 + 5)
    out[0] = wp.static(float(2**64))
    out[1] = wp.static(2**-2)
    out[2] = wp.static((2**64) / 3)
    out[3] = wp.static((2**53 + 1) / 1)
    out[4] = wp.static(10**30 / 10**10)
    out[5] = wp.static((1 << 1100) / (1 << 1090))
    out[6] = wp.static(min(2**70, 1.5))
    out[7] = wp.static(-(2**1000) / 3**600)
