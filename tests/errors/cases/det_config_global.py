# wp.config.deterministic applies to modules created after it is set, which warpsynth does not
# model: use wp.set_module_options({"deterministic": ...}).
import warp as wp

wp.config.deterministic = wp.DeterministicMode.RUN_TO_RUN


@wp.kernel
def k(a: wp.array(dtype=float)):
    a[0] += 1.0

# expect-error: 5:1: wp.config.deterministic changes Warp's code generation
