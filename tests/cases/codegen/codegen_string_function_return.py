# A string constant returned by a function and printed by the caller: Warp declares it
# `const wp::str` and the function returns a wp::str. Forward only: Warp's adjoint of the
# function (`adj_0 += adj_ret` on strings) would not compile.
import warp as wp

wp.set_module_options({"enable_backward": False})


@wp.func
def label(x: float):
    s = "text"
    return s


@wp.kernel
def print_returned_string(out: wp.array(dtype=float)):
    t = label(1.0)
    print(t)
    wp.printf("%f\n", out[0])
