import warp as wp

EPS = wp.constant(1.0e-6)
SCALE = 2.0
UNUSED = 3.0
