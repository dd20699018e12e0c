"""Kernel names with Warp's content hash: without --strip-hash, warpsynth must name every
kernel exactly as Warp does (`<key>_<first 8 hex digits of Warp's kernel hash>`), for every
case file Warp accepts.

  python kernel_names.py --warpsynth BIN --list LIST --ref DIR

Runs under the test venv's Python (the pinned warp-lang) from the repository root. Warp's
names come from its own ModuleHasher, after a first build when the module has wp.static
expressions that are evaluated during code generation (as warp_reference.py does).
"""
import argparse
import contextlib
import importlib.util
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import ROOT, check_warp_pin, expected_errors, stem, warpsynth_env  # noqa: E402


def warp_names(path, warp, context):
    """Warp's mangled kernel names for one file, or None when Warp rejects it."""
    counts = dict(context.function_key_counts)
    name = f"_kernel_names_case_{abs(hash(path))}"
    try:
        with contextlib.redirect_stdout(sys.stderr):
            spec = importlib.util.spec_from_file_location(name, path)
            m = importlib.util.module_from_spec(spec)
            sys.modules[name] = m
            spec.loader.exec_module(m)
            mod = context.get_module(name)
            opts = mod.resolve_options(warp.config)
            kernels = list(mod.kernels.values())
            if mod.has_unresolved_static_expressions:
                context.ModuleBuilder(mod, opts, hasher=context.ModuleHasher(kernels, opts))
            hasher = context.ModuleHasher(kernels, opts)
            return [k.get_mangled_name() for k in hasher.unique_kernels.values()]
    except Exception:
        return None
    finally:
        sys.modules.pop(name, None)
        context.function_key_counts.clear()
        context.function_key_counts.update(counts)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--warpsynth", required=True)
    ap.add_argument("--list", required=True)
    ap.add_argument("--ref", required=True, help="the diff/reference fixture's output (files Warp rejects are skipped)")
    a = ap.parse_args()
    check_warp_pin()
    import warp
    from warp._src import context

    with open(a.list, encoding="utf-8") as f:
        paths = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    os.chdir(ROOT)
    checked = failures = 0
    for path in paths:
        if expected_errors(path) or not os.path.exists(os.path.join(a.ref, f"{stem(path)}.cuda.body")):
            continue
        names = warp_names(path, warp, context)
        if not names:
            continue
        p = subprocess.run([a.warpsynth, "compile", path, "--device", "cuda", "--body-only"],
                           capture_output=True, timeout=120, env=warpsynth_env())
        out = p.stdout.decode("utf-8", "replace")
        found = set(re.findall(r'__global__ void (?:WP_MAXNREG\(\d+\) )?(\w+)_cuda_kernel_forward\(', out))
        for n in names:
            checked += 1
            if n not in found:
                failures += 1
                print(f"FAIL {path}: Warp names a kernel {n}; warpsynth printed {sorted(found)}")
    print(f"{checked} kernel names checked, {failures} differ")
    if checked == 0:
        print("FAIL: no kernel names were checked")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
