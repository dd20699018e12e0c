"""Full translation units compiled against the pinned warp-lang's native headers.

  python tu_check.py --mode warpsynth|preamble --device cuda|cpu --ref DIR --work DIR
                     --preamble-tool BIN [--warpsynth BIN] [--nvrtc BIN] [--cxx CXX] PATH...

Runs from the repository root; PATHs are case files relative to it.

--mode preamble: the unit is warpsynth's own preamble (print_preamble, built from
  src/codegen/preamble.cpp) + Warp's reference BODY. Proves the preamble against what Warp
  really emits, independently of warpsynth's compiler. With --warpsynth, a file whose BODY
  warpsynth reproduces (`compile --strip-hash --body-only` equals Warp's) gets no unit here,
  but for the first file of each folder: tu/warpsynth compiles that same text (but for the
  hash suffixes) already.
--mode warpsynth: the unit is `warpsynth compile PATH --device D -o X` (kernel names with
  their hash suffix, as Warp builds them), which must equal the preamble + warpsynth's
  --body-only output.

CUDA units are compiled to PTX by nvrtc_compile (NVRTC, all files in one process); CPU units
with the host compiler as Warp's CPU build would (C++17, NDEBUG, tiles in stack memory).
In warpsynth mode, a file Warp rejects or that declares `# expect-error:` must make
`warpsynth compile -o` fail (no unit); in preamble mode a file Warp rejects has no BODY to
compile, and neither has one whose stripped BODY defines a kernel twice (the overloads of a
generic kernel share its name without the hash suffix). The test fails if any check fails, and if nothing at all was checked.
"""
import argparse
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "diff"))
from harness import (ROOT, HarnessError, expected_errors, reference, run_warpsynth, stem,  # noqa: E402
                     unified_diff, warp_native_dir)

# What Warp's CPU build defines besides the include path (warp/native/clang/clang.cpp):
# release mode (NDEBUG) and tile storage on the stack (config.enable_tiles_in_stack_memory).
CPU_FLAGS = ["-std=c++17", "-c", "-O0", "-DNDEBUG", "-DWP_ENABLE_TILES_IN_STACK_MEMORY"]


def kernel_defined_twice(body, device):
    """Whether a stripped BODY defines some kernel entry point twice."""
    marker = f"_{device}_kernel_forward("
    names = [line.split()[-1] for line in body.splitlines() if line.endswith(marker)]
    return len(names) != len(set(names))


def same_body(warpsynth, path, device, ref):
    """Whether warpsynth's stripped BODY of path is Warp's reference BODY, byte for byte."""
    p = run_warpsynth(warpsynth, ["compile", path, "--device", device, "--strip-hash", "--body-only"])
    return p is not None and p.returncode == 0 and p.stdout.decode("utf-8", "replace") == ref


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", required=True, choices=["warpsynth", "preamble"])
    ap.add_argument("--device", required=True, choices=["cuda", "cpu"])
    ap.add_argument("--ref", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--preamble-tool", required=True)
    ap.add_argument("--warpsynth", default="")
    ap.add_argument("--nvrtc", default="")
    ap.add_argument("--cxx", default="g++")
    ap.add_argument("paths", nargs="+")
    a = ap.parse_args()

    native = warp_native_dir()
    if a.device == "cuda" and not (a.nvrtc and os.path.isfile(a.nvrtc)):
        raise HarnessError("nvrtc_compile was not built: CMake found no CUDA toolkit with NVRTC "
                           "(install the CUDA toolkit at /usr/local/cuda, or set CUDAToolkit_ROOT)")
    if a.device == "cpu" and not shutil.which(a.cxx):
        raise HarnessError(f"host compiler {a.cxx} not found")
    if not os.path.isfile(a.preamble_tool):
        raise HarnessError(f"{a.preamble_tool} not built")
    pre = subprocess.run([a.preamble_tool, a.device], capture_output=True)
    if pre.returncode != 0 or not pre.stdout:
        raise HarnessError(f"print_preamble {a.device} failed: {pre.stderr.decode()}")
    preamble = pre.stdout.decode("utf-8")

    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    ext = ".cu" if a.device == "cuda" else ".cpp"
    units, failures, not_applicable, rejected = {}, [], [], []
    witnessed = set()  # folders (corpus tiers) with a unit of Warp's own BODY
    for path in a.paths:
        kind, ref = reference(a.ref, path, a.device)
        expects = expected_errors(path)
        if a.mode == "preamble" and kind == "err":
            not_applicable.append(f"{path} (Warp rejects it: no BODY)")
            continue
        if a.mode == "preamble" and kernel_defined_twice(ref, a.device):
            not_applicable.append(f"{path} (kernel overloads: their stripped names collide)")
            continue
        witness = os.path.dirname(path) not in witnessed  # Warp's own BODY, one per folder at least
        if a.mode == "preamble" and a.warpsynth and not witness and same_body(a.warpsynth, path, a.device, ref):
            not_applicable.append(f"{path} (warpsynth reproduces its BODY: tu/warpsynth compiles it)")
            continue
        witnessed.add(os.path.dirname(path))
        if a.mode == "warpsynth" and (kind == "err" or expects):
            # No unit may come out of a file Warp rejects or that warpsynth rejects by design.
            why = "Warp rejects it" if kind == "err" else f"it declares expect-error {expects!r}"
            p = run_warpsynth(a.warpsynth, ["compile", path, "--device", a.device, "-o",
                                            os.path.join(a.work, stem(path) + ext)])
            if p is None or p.returncode <= 0:
                failures.append(f"{path}: warpsynth compile {'timed out' if p is None else f'exited with {p.returncode}'}"
                                f", but {why}")
            else:
                rejected.append(f"{path} ({why}; warpsynth rejects it too)")
            continue
        unit = os.path.join(a.work, stem(path) + ext)
        if a.mode == "preamble":
            with open(unit, "w", encoding="utf-8", newline="") as f:
                f.write(preamble + ref)
        else:
            p = run_warpsynth(a.warpsynth, ["compile", path, "--device", a.device, "-o", unit])
            if p is None or p.returncode != 0 or not os.path.isfile(unit):
                why = "timed out" if p is None else f"exit {p.returncode}: {p.stderr.decode('utf-8', 'replace')}"
                failures.append(f"{path}: warpsynth compile failed ({why})")
                continue
            # The unit must be exactly the preamble + BODY (which also makes the CPU check's
            # precompiled preamble equivalent to the unit's own text).
            b = run_warpsynth(a.warpsynth, ["compile", path, "--device", a.device, "--body-only"])
            if b is None or b.returncode != 0:
                failures.append(f"{path}: `compile -o` succeeded but `compile --body-only` failed")
                continue
            with open(unit, encoding="utf-8", newline="") as f:
                text = f.read()
            expected = preamble + b.stdout.decode("utf-8", "replace")
            if text != expected:
                failures.append(f"{path}: the full unit is not translation_unit_preamble({a.device}) + --body-only "
                                "output:\n" + unified_diff(expected, text, "preamble+body", "compile -o", limit=60))
                continue
        units[unit] = path

    t0, compile_failed = time.time(), 0
    if units and a.device == "cuda":
        p = subprocess.run([a.nvrtc, "--quiet", "-I", native] + list(units), capture_output=True, text=True)
        sys.stdout.write(p.stdout)
        sys.stderr.write(p.stderr)
        failed = [u for u in units if f"FAIL {u}" in p.stdout]
        if p.returncode != 0 and not failed:
            raise HarnessError(f"nvrtc_compile exited with {p.returncode}")
        failures += [f"{units[u]}: NVRTC failed on {u}" for u in failed]
        compile_failed = len(failed)
    elif units:
        # Every unit starts with the same preamble: precompile it once and force-include it.
        # Harmless to the check: each unit still holds the preamble text itself (asserted above),
        # and its second processing is a no-op (#pragma once headers, identical macro definitions).
        pch = [os.path.join(a.work, "ws_preamble.h")]
        with open(pch[0], "w", encoding="utf-8") as f:
            f.write(preamble)
        p = subprocess.run([a.cxx] + CPU_FLAGS + ["-I", native, "-x", "c++-header", pch[0], "-o", pch[0] + ".gch"],
                           capture_output=True, text=True)
        if p.returncode != 0:
            print(f"note: cannot precompile the preamble (compiling without):\n{p.stderr[:2000]}")
            pch = []
        for u, path in units.items():
            p = subprocess.run([a.cxx] + CPU_FLAGS + ["-I", native]
                               + (["-include", pch[0], "-Winvalid-pch"] if pch else []) + [u, "-o", os.devnull],
                               capture_output=True, text=True)
            if p.returncode != 0:
                log = "\n".join(p.stderr.splitlines()[:60])
                failures.append(f"{path}: {a.cxx} failed on {u}:\n{log}")
                compile_failed += 1
    secs = time.time() - t0

    compiler = "NVRTC" if a.device == "cuda" else os.path.basename(a.cxx)
    what = "preamble + Warp's BODY" if a.mode == "preamble" else "warpsynth's unit"
    for n in not_applicable:
        print(f"no unit: {n}")
    for r in rejected:
        print(f"rejected as expected: {r}")
    for f in failures:
        print(f"FAIL {f}")
    ok = len(units) - compile_failed
    print(f"tu ({what}, {a.device}, {compiler}): {ok} compiled, {len(rejected)} rejected as expected, "
          f"{len(failures)} failed, {len(not_applicable)} without a unit ({secs:.1f} s; headers {native})")
    if failures:
        return 1
    if not units and not rejected:
        print("FAIL: nothing was checked")
        return 1
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except HarnessError as e:
        print(f"FAIL: {e}")
        sys.exit(1)
