# A name that the imported module of the warp package does not define: Python raises ImportError.
import warp as wp
from warp.tests.aux_test_reference import no_such_name


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[0] = 1.0

# expect-error: 3:43: Python raises ImportError: cannot import name 'no_such_name' from 'warp.tests.aux_test_reference'
