#!/usr/bin/env python3
"""Differential probe of compile-time evaluation: random constant expressions through
real Warp and warpsynth.

Each case is a small Warp module that uses one random constant expression E (ints of
every magnitude, floats, bools; every operator; int()/float()/abs()/round()/min()/
max()/pow()/divmod(); nested wp.static; module constants and wp.constant) in one
context: a value stored into an int32/int64/float array, an array index, a range()
bound or step, a vector length or matrix shape, a Warp scalar constructor, a negated
literal, a module option. Warp's reference BODY (tools/warp_reference.py --batch) and
`warpsynth compile --body-only` are compared, and every case is classified:

  same           both accept with identical output, or both reject
  mismatch       both accept, outputs differ            (a bug: must be 0)
  crash          warpsynth dies, hangs, or fails without `file:line:col: error:` (must be 0)
  refused        Warp accepts, warpsynth rejects        (allowed, listed with reasons)
  accepted-bad   Warp rejects, warpsynth accepts        (a bug: must be 0)

  tools/consteval_probe.py --count 3000 --seed 1 [--keep DIR] [--jobs 2]

Runs the reference with WS_PYTHON (default .venv/bin/python) and build/src/cli/warpsynth.
Exit status 1 when there is any mismatch, crash or accepted-bad case.
"""
import argparse
import collections
import concurrent.futures
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import types

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# ----------------------------------------------------------------------------- expressions

INT_BOUNDARIES = [0, 1, 2, 3, 5, 7, 10, 16, 100, 255, 256, 1000, 2**31 - 1, 2**31, 2**32 - 1, 2**32, 2**53,
                  2**53 + 1, 2**63 - 1, 2**63, 2**64 - 1, 2**64, 2**65, 2**70, 2**100, 2**127, 10**19, 10**20]
FLOATS = ["0.0", "0.1", "0.5", "1.0", "1.5", "2.0", "2.5", "3.0", "0.3", "1e10", "1e16", "1e22", "1e300", "1e308",
          "1e-300", "5e-324", "123.456", "7.25", "1e-05", "9007199254740993.0", "1.7976931348623157e308"]


class Expr:
    """Python text plus the value CPython gives it (or the exception it raises)."""

    def __init__(self, text, value=None, error=None):
        self.text, self.value, self.error = text, value, error


def too_big(v):
    return isinstance(v, int) and not isinstance(v, bool) and v.bit_length() > 3000


def safe_eval(text, env):
    try:
        v = eval(text, env)
    except Exception as e:  # noqa: BLE001 - any Python error is a valid outcome
        return None, type(e).__name__
    if isinstance(v, complex):
        return None, "complex"
    return v, None


class Gen:
    def __init__(self, rng):
        self.rng = rng
        self.env = {"__builtins__": __builtins__, "wp": types.SimpleNamespace(static=lambda x: x)}
        self.consts = []  # (name, Expr) module constants usable in expressions

    def int_literal(self):
        r = self.rng
        x = r.random()
        if x < 0.35:
            v = r.randint(0, 20)
        elif x < 0.7:
            v = r.choice(INT_BOUNDARIES)
        elif x < 0.85:
            v = r.getrandbits(r.choice([8, 16, 31, 33, 63, 65, 100, 200]))
        else:
            v = r.randint(0, 10**6)
        style = r.random()
        if style < 0.1 and v > 9:
            text = hex(v)
        elif style < 0.15 and v > 1000:
            text = f"{v:_}"
        elif style < 0.18:
            text = bin(v) if v < 2**40 else oct(v).replace("0o", "0o")
        else:
            text = str(v)
        return Expr(text, v)

    def leaf(self):
        r = self.rng
        x = r.random()
        if x < 0.55:
            return self.int_literal()
        if x < 0.8:
            t = r.choice(FLOATS) if r.random() < 0.7 else repr(r.uniform(-100, 100))
            return Expr(t, float(t))
        if x < 0.85:
            b = r.random() < 0.5
            return Expr(str(b), b)
        if self.consts:
            name, e = r.choice(self.consts)
            return Expr(name, e.value, e.error)
        return self.int_literal()

    def combine(self, depth):
        """A random expression; its CPython value (or error) is known."""
        r = self.rng
        if depth <= 0 or r.random() < 0.25:
            return self.leaf()
        kind = r.random()
        if kind < 0.5:
            a, b = self.combine(depth - 1), self.combine(depth - 1)
            op = r.choice(["+", "-", "*", "/", "//", "%", "**", "<<", ">>", "&", "|", "^"])
            if op in ("**", "<<") and not self.small_power(op, a, b):
                return a
            text = f"({a.text} {op} {b.text})"
        elif kind < 0.62:
            a = self.combine(depth - 1)
            text = f"({r.choice(['-', '+', '~', 'not '])}{a.text})"
        elif kind < 0.7:
            a, b = self.combine(depth - 1), self.combine(depth - 1)
            op = r.choice(["<", "<=", ">", ">=", "==", "!="])
            text = f"({a.text} {op} {b.text})"
        elif kind < 0.75:
            a, b, c = self.combine(depth - 1), self.combine(depth - 1), self.combine(depth - 1)
            text = f"({a.text} if {b.text} else {c.text})" if r.random() < 0.6 else \
                f"({a.text} {r.choice(['and', 'or'])} {c.text})"
        elif kind < 0.95:
            a = self.combine(depth - 1)
            f = r.choice(["int", "float", "abs", "round", "round2", "min", "max", "pow", "divmod", "static", "bool"])
            if f == "round2":
                text = f"round({a.text}, {r.randint(-25, 25)})"
            elif f in ("min", "max"):
                text = f"{f}({a.text}, {self.combine(depth - 1).text})"
            elif f == "pow":
                b = self.combine(depth - 1)
                if not self.small_power("**", a, b):
                    return a
                text = f"pow({a.text}, {b.text})"
            elif f == "divmod":
                text = f"divmod({a.text}, {self.combine(depth - 1).text})[{r.randint(0, 1)}]"
            elif f == "static":
                text = f"wp.static({a.text})"
            else:
                text = f"{f}({a.text})"
        else:
            return self.leaf()
        v, err = safe_eval(text, self.env)
        if too_big(v):
            return self.leaf()
        return Expr(text, v, err)

    def small_power(self, op, a, b):
        """Keeps CPython (and the table of values) away from astronomically large ints."""
        if a.error or b.error:
            return False  # unknown operands: could be astronomically large
        if not isinstance(b.value, (int, float)):
            return True
        x = b.value
        if isinstance(x, float):
            return True
        base = a.value
        if op == "**":
            if not isinstance(base, int) or abs(base) <= 1:
                return True
            return x <= 0 or base.bit_length() * x <= 3000
        return x <= 2500 or (isinstance(base, int) and base == 0)

    def expr(self):
        e = self.combine(self.rng.randint(1, 4))
        return e


# ----------------------------------------------------------------------------- contexts

HEADER = "import warp as wp\n\n"
KERNEL = ("@wp.kernel\ndef k(out_f: wp.array(dtype=float), out_i: wp.array(dtype=int), "
          "out_l: wp.array(dtype=wp.int64), out_d: wp.array(dtype=wp.float64)):\n")


def store_target(value, rng):
    """Mostly the array whose dtype matches the Python value, sometimes any."""
    if rng.random() < 0.15:
        return rng.choice(["out_f", "out_i", "out_l"])
    if isinstance(value, bool) or isinstance(value, int):
        return "out_i"
    return "out_f"


def make_case(rng):
    g = Gen(rng)
    module, body = [], []
    # Module constants expressions may refer to.
    for n in range(rng.randint(0, 2)):
        e = g.expr()
        wrap = rng.random() < 0.3
        module.append(f"M{n} = {'wp.constant(' + e.text + ')' if wrap else e.text}")
        g.env[f"M{n}"] = e.value
        if e.error is None:
            g.consts.append((f"M{n}", e))
        else:
            break  # the module raises at import: nothing after matters
    e = g.expr()
    kernel_options = ""
    functions = []
    ctx = rng.choice(["store", "store", "store", "module", "constant", "index", "range", "range", "range_step",
                      "vector", "matrix", "scalar_ctor", "module_scalar", "neg_literal", "if", "max_unroll",
                      "static_compare", "vec_index", "launch_bounds", "loop_static", "func_default", "augassign",
                      "module_if"])
    et = e.text
    if ctx == "store":
        body.append(f"{store_target(e.value, rng)}[0] = wp.static({et})")
    elif ctx == "module":
        module.append(f"C = {et}")
        body.append(f"{store_target(e.value, rng)}[0] = C")
    elif ctx == "constant":
        module.append(f"C = wp.constant({et})")
        body.append(f"{store_target(e.value, rng)}[1] = C")
    elif ctx == "index":
        idx = f"wp.static({et})" if rng.random() < 0.6 else "C"
        if idx == "C":
            module.append(f"C = {et}")
        body.append(f"out_f[{idx}] = 1.0")
    elif ctx == "range":
        arg = f"wp.static({et})" if rng.random() < 0.7 else "C"
        if arg == "C":
            module.append(f"C = {et}")
        form = rng.choice(["{a}", "0, {a}", "{a}, 10", "{a}, 10, 3", "-3, {a}, 2"])
        body += [f"for i in range({form.format(a=arg)}):", "    out_i[0] = i"]
    elif ctx == "range_step":
        step = f"-wp.static({et})" if rng.random() < 0.5 else f"wp.static({et})"
        body += [f"for i in range(5, -1, {step}):", "    out_i[i] = i"]
    elif ctx == "vector":
        module.append(f"V = wp.types.vector(length={et}, dtype={rng.choice(['float', 'wp.float64', 'int'])})")
        body += ["v = V()", "out_i[0] = wp.static(len(V))"]
    elif ctx == "matrix":
        other = rng.choice(["2", "3", et])
        module.append(f"M = wp.types.matrix(shape=({et}, {other}), dtype=float)")
        body += ["m = M()"]
    elif ctx == "scalar_ctor":
        t, arr = rng.choice([("wp.int64", "out_l"), ("wp.float64", "out_d"), ("wp.uint64", None),
                             ("wp.int32", "out_i"), ("wp.float32", "out_f"), ("wp.uint32", None), ("wp.int8", None)])
        arg = f"wp.static({et})" if rng.random() < 0.7 else et
        body.append(f"x = {t}({arg})" if arr is None else f"{arr}[0] = {t}({arg})")
    elif ctx == "module_scalar":
        t, arr = rng.choice([("wp.int64", "out_l"), ("wp.float64", "out_d"), ("wp.int32", "out_i"),
                             ("wp.float32", "out_f"), ("wp.uint64", None), ("wp.int8", None)])
        module.append(f"C = {t}({et})")
        body.append(f"{arr}[0] = C" if arr else "x = C")
    elif ctx == "neg_literal":
        lit = g.int_literal() if rng.random() < 0.7 else Expr(rng.choice(FLOATS))
        body.append(f"{'out_f' if '.' in lit.text or 'e' in lit.text else 'out_i'}[0] = -{lit.text}")
    elif ctx == "if":
        body += [f"if wp.static({et}):", "    out_f[0] = 1.0", "else:", "    out_f[0] = 2.0"]
    elif ctx == "max_unroll":
        module.append(f'wp.set_module_options({{"max_unroll": {et}}})')
        body += [f"for i in range({rng.choice([0, 1, 3, 16, 17, 40])}):", "    out_i[i] = i"]
    elif ctx == "vec_index":
        body += ["v = wp.vec3(1.0, 2.0, 3.0)", f"out_f[0] = v[wp.static({et})]"]
    elif ctx == "launch_bounds":
        kernel_options = f"launch_bounds={et}"
    elif ctx == "loop_static":
        body += ["for i in range(3):", f"    {store_target(e.value, rng)}[i] = wp.static(({et}) + i * 2**{rng.choice([3, 64, 70])})"]
    elif ctx == "func_default":
        ann = "int" if isinstance(e.value, int) else "float"
        functions.append(f"@wp.func\ndef f(x: {ann} = {et}):\n    return x\n")
        body.append(f"{'out_i' if ann == 'int' else 'out_f'}[0] = f()")
    elif ctx == "augassign":
        module += [f"C = {g.int_literal().text}", f"C {rng.choice(['+', '-', '*', '//', '%', '**', '<<', '>>', '&', '|', '^', '/'])}= {et}"]
        body.append(f"{store_target(e.value, rng)}[0] = C")
    elif ctx == "module_if":
        module += [f"if {et}:", "    C = 1", "else:", "    C = 2.0"]
        body.append("out_f[0] = float(C)")
    elif ctx == "static_compare":
        body.append(f"out_i[0] = wp.static(({et}) == ({g.expr().text}))")
    kernel = KERNEL if not kernel_options else KERNEL.replace("@wp.kernel", f"@wp.kernel({kernel_options})")
    text = HEADER + "".join(line + "\n" for line in module) + "\n\n" + "".join(f + "\n\n" for f in functions) + kernel + "".join(
        "    " + line + "\n" for line in (body or ["pass"]))
    return ctx, text


# ----------------------------------------------------------------------------- running

ERROR_RE = re.compile(r"^[^\n]*:\d+:\d+: error: ")


def run_warp(python, files, out_dir, jobs):
    """Warp's BODY or rejection for every file, in `jobs` batch processes."""
    chunks = [files[i::jobs] for i in range(jobs)]
    procs = []
    for n, chunk in enumerate(chunks):
        lst = os.path.join(out_dir, f"batch{n}.txt")
        with open(lst, "w") as f:
            f.write("\n".join(chunk) + "\n")
        env = dict(os.environ, WARP_REFERENCE_PY=python)
        procs.append(subprocess.Popen(["nice", "-n", "10", python, os.path.join(ROOT, "tools", "warp_reference.py"),
                                       "--batch", lst, "--out", os.path.join(out_dir, "warp"), "--device", "cpu"],
                                      cwd=out_dir, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE))
    for p in procs:
        _, err = p.communicate()
        if p.returncode != 0:
            sys.exit(f"consteval_probe: warp_reference failed ({p.returncode}): {err.decode()[-2000:]}")


def run_warp_alone(python, rel, cwd):
    """Warp in a fresh process for one file: (accepted, BODY or reason). The batch shares one
    process, and Warp caches some state across modules (e.g. vector types by length, where
    0 == False), so a disagreement is confirmed this way before it is counted."""
    env = dict(os.environ, WARP_REFERENCE_PY=python)
    p = subprocess.run(["nice", "-n", "10", python, os.path.join(ROOT, "tools", "warp_reference.py"), rel,
                        "--device", "cpu"], cwd=cwd, env=env, capture_output=True)
    if p.returncode not in (0, 3):
        sys.exit(f"consteval_probe: warp_reference failed on {rel}: {p.stderr.decode()[-2000:]}")
    return p.returncode == 0, p.stdout.decode("utf-8") if p.returncode == 0 else p.stderr.decode()


def run_warpsynth(warpsynth, rel, cwd):
    try:
        p = subprocess.run(["nice", "-n", "10", warpsynth, "compile", rel, "--device", "cpu", "--strip-hash",
                            "--body-only"], cwd=cwd, capture_output=True, timeout=30)
    except subprocess.TimeoutExpired:
        return "hang", "", "timed out after 30 s"
    out, err = p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
    if p.returncode == 0:
        return "ok", out, err
    if p.returncode == 1 and ERROR_RE.match(err) and not out:
        return "error", out, err
    return "crash", out, f"exit {p.returncode}: {err[-500:]}"


def first_line(text):
    return text.strip().splitlines()[0] if text.strip() else ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--keep", metavar="DIR", help="copy every non-`same` case here")
    ap.add_argument("--python", default=os.environ.get("WS_PYTHON", os.path.join(ROOT, ".venv", "bin", "python")))
    ap.add_argument("--warpsynth", default=os.path.join(ROOT, "build", "src", "cli", "warpsynth"))
    ap.add_argument("--list", type=int, default=40, help="refused cases to list (grouped by reason)")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    work = tempfile.mkdtemp(prefix="consteval_probe_")
    try:
        cases = []
        for i in range(a.count):
            ctx, text = make_case(rng)
            rel = f"cp_{a.seed}_{i}.py"
            with open(os.path.join(work, rel), "w") as f:
                f.write(text)
            cases.append((rel, ctx))
        run_warp(a.python, [rel for rel, _ in cases], work, a.jobs)
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
            ours = list(pool.map(lambda c: run_warpsynth(a.warpsynth, c[0], work), cases))
        counts = collections.Counter()
        refused, bad = collections.defaultdict(list), []
        for (rel, ctx), (status, out, err) in zip(cases, ours):
            stem = rel[:-3]
            body_path = os.path.join(work, "warp", f"{stem}.cpu.body")
            warp_ok = os.path.exists(body_path)
            warp_text = open(body_path if warp_ok else os.path.join(work, "warp", f"{stem}.cpu.err")).read()
            agree = (warp_ok and status == "ok" and out == warp_text) or (not warp_ok and status == "error")
            if not agree and status not in ("crash", "hang"):
                alone = run_warp_alone(a.python, rel, work)
                counts["batch artifacts"] += alone != (warp_ok, warp_text) and \
                    ((alone[0] and status == "ok" and out == alone[1]) or (not alone[0] and status == "error"))
                warp_ok, warp_text = alone
            if status in ("crash", "hang"):
                verdict = "crash"
            elif warp_ok and status == "ok":
                verdict = "same" if out == warp_text else "mismatch"
            elif not warp_ok and status == "error":
                verdict = "same"
            elif warp_ok:
                verdict = "refused"
                reason = re.sub(r"^[^:]*:\d+:\d+: error: ", "", first_line(err))
                refused[re.sub(r"\d{4,}", "N", reason)[:150]].append(rel)
            else:
                verdict = "accepted-bad"
            counts[verdict] += 1
            counts["ctx:" + ctx + ":" + verdict] += 1
            if verdict in ("mismatch", "crash", "accepted-bad"):
                bad.append((verdict, rel, first_line(warp_text) if not warp_ok else "", err))
            if a.keep and verdict != "same":
                os.makedirs(a.keep, exist_ok=True)
                shutil.copy(os.path.join(work, rel), os.path.join(a.keep, f"{verdict}_{rel}"))
        total = len(cases)
        print(f"consteval_probe: seed {a.seed}: {total} expressions tried: {counts['same']} same, "
              f"{counts['mismatch']} mismatches, {counts['crash']} crashes, "
              f"{counts['refused'] + counts['accepted-bad']} validity disagreements "
              f"({counts['refused']} refused by warpsynth only, {counts['accepted-bad']} accepted by warpsynth only); "
              f"{counts['batch artifacts']} batch-only disagreements resolved by a fresh Warp process")
        for verdict, rel, werr, err in bad[:50]:
            print(f"  {verdict}: {rel}\n    warp: {werr[:300]}\n    warpsynth: {first_line(err)[:300]}")
        if refused:
            print("refused by warpsynth only, by reason:")
            for reason, rels in sorted(refused.items(), key=lambda kv: -len(kv[1]))[:a.list]:
                print(f"  {len(rels):5d}  {reason}   (e.g. {rels[0]})")
        return 1 if counts["mismatch"] or counts["crash"] or counts["accepted-bad"] else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
