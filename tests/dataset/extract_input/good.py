"""A module with host code around its kernels: extract must not run it."""
import no_such_host_library  # host code only: a record must load without it
import numpy as np
import warp as wp

SCALE = wp.constant(2.0)
UNUSED = 3.0
devices = no_such_host_library.devices()  # a module-level call no kernel uses


@wp.func
def twice(v: float):
    return v * SCALE


@wp.kernel
def scale_values(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = twice(x[i])


@wp.kernel
def mixed(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = x[i] * 0.5 + i


def host_side():
    raise SystemExit("extract must never execute this file")


if __name__ == "__main__":
    host_side()
    wp.launch(scale_values, dim=4, inputs=[np.zeros(4), np.zeros(4)])
