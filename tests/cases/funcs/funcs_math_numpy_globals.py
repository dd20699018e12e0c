import math

import numpy as np

import warp as wp

# math.sqrt at module level is exact (IEEE sqrt); numpy's constants are Python floats.
DX = 0.1
DT = DX / math.sqrt(3.0)
ROOT2 = math.sqrt(2)
NEG_ZERO = math.sqrt(-0.0)
INV_TWO_PI = 1.0 / (np.pi * 2.0)
MIX = np.e + math.sqrt(0.5) * np.euler_gamma
BIG = math.sqrt(2**80)


@wp.func
def scaled(x: float):
    return x * DT + ROOT2 - INV_TWO_PI


@wp.kernel
def update(a: wp.array(dtype=float), b: wp.array(dtype=wp.float64)):
    i = wp.tid()
    a[i] = scaled(a[i]) + MIX + NEG_ZERO + np.pi
    b[i] = wp.float64(BIG) * b[i] + wp.float64(wp.static(math.sqrt(5.0))) + wp.float64(np.inf)
