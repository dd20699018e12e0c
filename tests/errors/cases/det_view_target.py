# Deterministic mode: an atomic through a row view of a 2d array (Warp prepends the view's
# indices to the scatter index) is refused.
import warp as wp

wp.set_module_options({"deterministic": wp.DeterministicMode.RUN_TO_RUN})


@wp.kernel
def rows(grid: wp.array2d(dtype=float)):
    i, j = wp.tid()
    row = grid[i]
    wp.atomic_add(row, j, 1.0)

# expect-error: 11:16: deterministic mode: an array view
