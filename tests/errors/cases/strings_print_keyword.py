# print() takes values only: Warp has no overload for a keyword such as sep.
import warp as wp


@wp.kernel
def k(x: float):
    print("value", x, sep=", ")

# expect-error: 7:5: couldn't find an overload of 'print' for arguments (str, float32, str)
