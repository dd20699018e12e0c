# @wp.func_replay(f): the backward pass replays the body (`replay_<key>_<N>`, printed after f
# with only a forward) where the forward pass calls f.
import warp as wp


@wp.func
def reversible_increment(counter: wp.array(dtype=int), values: wp.array(dtype=int), tid: int):
    next_index = wp.atomic_add(counter, 0, 1)
    values[tid] = next_index
    return next_index


@wp.func_replay(reversible_increment)
def replay_reversible_increment(counter: wp.array(dtype=int), values: wp.array(dtype=int), tid: int):
    return values[tid]


@wp.func
def record(values: wp.array(dtype=float), tid: int, x: float):
    values[tid] = x


@wp.func_replay(record)
def replay_record(values: wp.array(dtype=float), tid: int, x: float):
    pass


@wp.kernel
def replayed(xs: wp.array(dtype=float), counter: wp.array(dtype=int), values: wp.array(dtype=int),
             out: wp.array(dtype=float)):
    tid = wp.tid()
    idx = reversible_increment(counter, values, tid)
    out[idx] = xs[idx] ** 2.0
    record(out, tid, xs[tid])
