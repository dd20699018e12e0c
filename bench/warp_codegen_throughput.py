"""Warp's own code-generation throughput on the same files as bench/compile_throughput.

  .venv/bin/python bench/warp_codegen_throughput.py [--repeat N] [--device cuda|cpu] [--list FILE] [PATH...]

Loads each file once (importing it, as tools/warp_reference.py does), then times only
what Warp does to generate the module's source: ModuleBuilder(module, options) (which
builds every kernel's and function's forward and adjoint) and .codegen(device), repeated
N times. Python parsing and the import are outside the timing (warpsynth's figure
includes its parsing, so the comparison flatters Warp, if anything).
Files Warp rejects are left out. Prints kernels/s; `--list` reads paths from a file
(one per line), e.g. the files warpsynth compiled.
"""
import argparse
import contextlib
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import warp_reference  # noqa: E402  (the reference's loading rules: fresh module, resolved options)


def collect(paths):
    out = []
    for p in paths:
        if os.path.isdir(p):
            for d, _, files in os.walk(p):
                out += [os.path.join(d, f) for f in files if f.endswith(".py")]
        else:
            out.append(p)
    return sorted(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--device", default="cuda", choices=["cuda", "cpu"])
    ap.add_argument("--list")
    ap.add_argument("paths", nargs="*")
    a = ap.parse_args()
    paths = collect(a.paths)
    if a.list:
        with open(a.list) as f:
            paths += [l.strip() for l in f if l.strip()]
    if not paths:
        paths = collect([os.path.join(ROOT, "tests", "corpus")])

    ref = warp_reference.Reference()
    ctx = ref.context
    modules, rejected = [], []
    for path in paths:
        try:
            with contextlib.redirect_stdout(sys.stderr):
                _, mod = ref.load(path)
                opts = ref.options(mod)
                ref.body(mod, opts, a.device)  # warm-up; resolves wp.static expressions
            order = {k: i for i, k in enumerate(mod.kernels)}
            kernels = sorted(mod._get_live_kernels(), key=lambda k: order.get(k.key, len(order)))
            modules.append((mod, opts, ctx.ModuleHasher(kernels, opts), len(kernels)))
        except Exception as e:  # noqa: BLE001 - a rejected file is just left out
            rejected.append(f"{path}: {warp_reference.reason(e)}")
    for r in rejected:
        print(f"warp rejects {r}", file=sys.stderr)
    if not modules:
        print("warp_codegen_throughput: no file to time", file=sys.stderr)
        return 1

    kernels = sum(m[3] for m in modules)
    t0 = time.perf_counter()
    with contextlib.redirect_stdout(sys.stderr):
        for _ in range(a.repeat):
            for mod, opts, hasher, _ in modules:
                ctx.ModuleBuilder(mod, opts, hasher=hasher).codegen(a.device)
    secs = time.perf_counter() - t0
    rate = kernels * a.repeat / secs
    print(f"warp {ref.wp.config.version}: {len(modules)} files, {kernels} kernels x {a.repeat} passes "
          f"({a.device}, forward+backward) in {secs:.2f} s: {rate:.1f} kernels/s")
    print(f"kernels_per_second={rate:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
