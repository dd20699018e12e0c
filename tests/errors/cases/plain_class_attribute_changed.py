# A plain class whose attribute the module changes after its definition: warpsynth does not follow it.
# expect-error: 15:12: in kernel 'k': global 'Flags' cannot be used in a kernel: Python class 'Flags' whose attributes change after its definition
import warp as wp


class Flags:
    ON = 1


Flags.ON = 2


@wp.kernel
def k(a: wp.array[int]):
    a[0] = Flags.ON
