# Deterministic mode with a backward pass: every read of a float array argument scatters its
# gradient (adj_<array>) through a helper of its own; integer arrays keep their usual adjoint,
# and integer atomics stay as they are.
import warp as wp

wp.set_module_options({"deterministic": wp.DeterministicMode.RUN_TO_RUN})


@wp.func
def smooth(x: float, k: float) -> float:
    return x * x / (x * x + k)


@wp.kernel
def loss(
    pred: wp.array(dtype=float),
    target: wp.array2d(dtype=float),
    weight: wp.array(dtype=float),
    label: wp.array(dtype=int),
    counts: wp.array(dtype=int),
    out: wp.array(dtype=float),
):
    i = wp.tid()
    d = pred[i] - target[label[i], i]
    w = weight[label[i]]
    if d > 0.0:
        out[0] += w * smooth(d, 0.1)
    else:
        out[1] += w * d * d
    for k in range(3):
        out[2 + k] += pred[i] * float(k)
    counts[label[i]] += 1
    wp.atomic_add(counts, 0, 1)


@wp.kernel
def gather(values: wp.array(dtype=float), index: wp.array(dtype=int), result: wp.array(dtype=float)):
    i = wp.tid()
    result[i] = values[index[i]] * 2.0
    j = int(0)
    while j < index[i]:
        result[i] = result[i] + values[j]
        j += 1
