# The module option `deterministic` takes a wp.DeterministicMode member (Warp rejects a plain int
# when it loads the module).
import warp as wp

wp.set_module_options({"deterministic": 1})


@wp.kernel
def k(a: wp.array(dtype=float)):
    a[0] += 1.0

# expect-error: 5:41: module option 'deterministic' must be a wp.DeterministicMode member
