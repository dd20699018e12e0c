# Deterministic mode (Warp rejects it too): `a[i].x += v` on a float vector array is a composite
# slot atomic, which deterministic mode does not transform.
import warp as wp

wp.set_module_options({"deterministic": wp.DeterministicMode.RUN_TO_RUN})


@wp.kernel
def k(a: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    a[i].x += 1.0

# expect-error: 11:5: floating-point composite slot augmented assignment atomics are not supported
