import warp as wp

# The decorator's root name is not bound: Python raises NameError when the `def` runs, so the
# module never loads (fuzzer, seed 21 mutant 106: `@wp.kernel` renamed to `@c.kernel`).


@c.kernel
def scale(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = a[i] * 2.0

# expect-error: 7:2: decorator: Python raises NameError: name 'c' is not defined
