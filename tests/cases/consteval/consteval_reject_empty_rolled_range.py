import warp as wp

# With a negative max_unroll even an empty range stays a loop, and Warp's
# constant loop reads the range's last value: IndexError.
wp.set_module_options({"max_unroll": -(2**70)})


@wp.kernel
def k(out: wp.array(dtype=int)):
    for i in range(0):
        out[i] = i
