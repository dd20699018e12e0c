#!/usr/bin/env python3
"""Writes python_number_cases.txt: Python's own answers for the operations that
src/types/python_number.cpp reimplements, computed by CPython 3.11 (run with the
venv's python: .venv/bin/python tests/types/gen_python_number_cases.py).

One case per line, tab-separated: OP, the arguments, "=>", the results.
Values: i:<int in hex, e.g. -0x1f>, b:True/False, f:<IEEE bits in hex>; results may also be
E:<exception type> (Python raises) or N:complex (a complex result, not modelled).
Random operands come from a fixed seed, so the file is reproducible.
"""
import math
import operator
import os
import random
import struct
import sys

assert sys.version_info[:2] == (3, 11), "the expected values are CPython 3.11's"

rng = random.Random(20250611)


def enc(v):
    if isinstance(v, bool):
        return f"b:{v}"
    if isinstance(v, int):
        return f"i:{'-' if v < 0 else ''}{hex(abs(v))}"
    if isinstance(v, float):
        return "f:%016x" % struct.unpack("<Q", struct.pack("<d", v))[0]
    if isinstance(v, complex):
        return "N:complex"
    raise TypeError(type(v))


def interesting_ints():
    out = [0, 1, -1, 2, -2, 3, 7, -7, 10, 255, 256, -256, 1000, 65535, 65536]
    for k in (15, 16, 31, 32, 52, 53, 54, 62, 63, 64, 65, 100, 127, 128, 1000, 1023, 1024, 1025, 1074, 1075, 1076):
        for d in (-1, 0, 1):
            out += [2**k + d, -(2**k + d)]
    out += [10**18, 10**19, 10**20, -(10**19), 3**40, 7**30, 2**1024 - 2**970, 2**1024 - 2**970 - 1,
            2**1024 - 2**971, (2**53 + 1) * 2**900]
    return out


def random_int():
    bits = rng.choice([1, 3, 8, 16, 31, 32, 33, 53, 54, 63, 64, 65, 70, 100]) if rng.random() < 0.9 else rng.choice([150, 300, 1030])
    v = rng.getrandbits(bits)
    if rng.random() < 0.3:
        v |= 1 << (bits - 1)
    return -v if rng.random() < 0.5 else v


def interesting_floats():
    vals = [0.0, -0.0, 0.1, -0.1, 0.5, 1.0, -1.0, 1.5, -1.5, 2.5, -2.5, 3.0, 9.0, 1e16, 1e22, 1e300, -1e300,
            1.7976931348623157e308, -1.7976931348623157e308, 5e-324, -5e-324, 2.2250738585072014e-308,
            2.0**53, 2.0**53 + 2, 2.0**63, 2.0**64, -2.0**63, 0.7, 123.456, -987.25, math.pi, math.e,
            math.inf, -math.inf, math.nan]
    return vals


def random_float():
    r = rng.random()
    if r < 0.3:
        return struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0]
    if r < 0.6:
        return rng.uniform(-1000, 1000)
    if r < 0.8:
        return float(rng.randint(-10**6, 10**6)) / rng.choice([1, 2, 4, 10, 3])
    return rng.choice(interesting_floats())


def operand():
    r = rng.random()
    if r < 0.05:
        return rng.choice([True, False])
    if r < 0.3:
        return rng.choice(interesting_ints())
    if r < 0.55:
        return random_int()
    if r < 0.75:
        return rng.choice(interesting_floats())
    return random_float()


def run(f, *args):
    try:
        r = f(*args)
    except (ZeroDivisionError, OverflowError, ValueError, TypeError) as e:
        return [f"E:{type(e).__name__}"]
    if isinstance(r, tuple):
        return [enc(x) for x in r]
    return [enc(r)]


BINARY = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
          "//": operator.floordiv, "%": operator.mod, "**": operator.pow, "<<": operator.lshift,
          ">>": operator.rshift, "&": operator.and_, "|": operator.or_, "^": operator.xor}
COMPARE = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
           ">=": operator.ge}
UNARY = {"-": operator.neg, "+": operator.pos, "~": operator.invert, "not": operator.not_}


def small_enough(op, a, b):
    """Skip what would be huge (Python computes it, the table would not hold it)."""
    if op == "**" and isinstance(a, int) and isinstance(b, int) and b > 0:
        return abs(a) <= 1 or a.bit_length() * b <= 1200
    if op == "<<" and isinstance(b, int) and not isinstance(a, float) and b > 0:
        return b <= 1100
    if op == "*" and isinstance(a, int) and isinstance(b, int):
        return a.bit_length() + b.bit_length() <= 1200
    return True


def main():
    lines = []

    def add(op, args, results):
        lines.append("\t".join([op] + [enc(a) for a in args] + ["=>"] + results))

    for _ in range(3000):
        op = rng.choice(list(BINARY))
        a, b = operand(), operand()
        if op in ("**", "<<", ">>") and rng.random() < 0.6 and not isinstance(b, float):
            b = rng.randint(-3, 70) if rng.random() < 0.8 else rng.randint(-10**6, 10**6)
        if not small_enough(op, a, b):
            continue
        add("bin" + op, [a, b], run(BINARY[op], a, b))
    for _ in range(900):
        op = rng.choice(list(COMPARE))
        a, b = operand(), operand()
        if rng.random() < 0.3 and isinstance(a, int) and not isinstance(a, bool):
            b = float(a) if abs(a) < 2**1023 else b  # near-equal int/float pairs
            if rng.random() < 0.5 and isinstance(b, float) and math.isfinite(b):
                b = math.nextafter(b, rng.choice([-math.inf, math.inf]))
        add("cmp" + op, [a, b], run(COMPARE[op], a, b))
    for _ in range(400):
        op = rng.choice(list(UNARY))
        a = operand()
        add("un" + op, [a], run(UNARY[op], a))
    for _ in range(300):
        a = operand()
        for name, f in (("int", int), ("float", float), ("abs", abs), ("round1", round)):
            add(name, [a], run(f, a))
    for _ in range(400):
        a = operand()
        n = rng.randint(-30, 30) if rng.random() < 0.9 else rng.choice([-400, -330, -308, 308, 324, 400, 10**20])
        add("round2", [a, n], run(round, a, n))
    for _ in range(400):
        a, b = operand(), operand()
        add("divmod", [a, b], run(divmod, a, b))
    for _ in range(250):
        a, b = random_int(), rng.randint(-50, 200)
        m = random_int() if rng.random() < 0.9 else 0
        add("pow3", [a, b, m], run(pow, a, b, m))
    for _ in range(250):
        xs = [operand() for _ in range(rng.randint(1, 4))]
        if rng.random() < 0.3:
            xs.append(xs[0] if not isinstance(xs[0], bool) else 1)
        add("min", xs, run(min, *xs))
        add("max", xs, run(max, *xs))

    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "python_number_cases.txt")
    with open(out, "w") as f:
        f.write("# Generated by tests/types/gen_python_number_cases.py with CPython %s; do not edit.\n"
                % sys.version.split()[0])
        f.write("\n".join(lines) + "\n")
    print(f"{len(lines)} cases -> {out}")


if __name__ == "__main__":
    main()
