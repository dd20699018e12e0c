# A module of the warp package that the installed Warp does not have: Python raises
# ModuleNotFoundError at the import, so Warp cannot load the file.
import warp as wp
import warp.tests.aux_no_such_module as missing


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[0] = 1.0

# expect-error: 4:8: Python raises ModuleNotFoundError: No module named 'warp.tests.aux_no_such_module'
