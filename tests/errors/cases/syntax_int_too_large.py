import warp as wp

BIG = 123456789012345678901234567890

# expect-error: 3:7: integer literal is too large (does not fit in 64 bits)
