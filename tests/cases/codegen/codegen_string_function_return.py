# A string constant returned by a function and printed by the caller: Warp declares it
# `const wp::str` and the function returns a wp::str.
import warp as wp


@wp.func
def label(x: float):
    s = "text"
    return s


@wp.kernel
def print_returned_string(out: wp.array(dtype=float)):
    t = label(1.0)
    print(t)
    wp.printf("%f\n", out[0])
