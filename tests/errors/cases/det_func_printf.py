# Deterministic mode: wp.printf inside a @wp.func is a side effect Warp guards with the kernel's
# deterministic context (an extra parameter of the function); warpsynth refuses it.
import warp as wp

wp.set_module_options({"deterministic": wp.DeterministicMode.RUN_TO_RUN})


@wp.func
def show(x: float):
    wp.printf("%f\n", x)


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    show(float(i))
    a[0] += 1.0

# expect-error: 10:5: deterministic mode: wp.printf() inside a @wp.func
