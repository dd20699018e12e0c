# A string constant is only a print()/wp.printf argument: Warp has no overload adding it to a number.
import warp as wp


@wp.kernel
def k(x: float):
    s = "value"
    y = s + x

# expect-error: 8:9: couldn't find an overload of 'add' for arguments (str, float32)
