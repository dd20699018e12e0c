"""Fixture of the differential tests: Warp's reference BODY for every case file, in ONE batch
run of tools/reference_batch.py (tools/warp_reference.py in one Python process, each file
loaded as in a fresh process).

  python make_reference.py --list LIST --out DIR [--device cuda,cpu]

LIST holds case paths relative to the repository root, one per line; the batch runs from the
root, so `// path:line` comments read <root>/<path>, as they do for warpsynth run from there.
Writes DIR/<stem>.<device>.body (Warp accepts) or .err (Warp rejects). Exits non-zero, loudly,
when Warp cannot run or is not the pinned release: a reference that cannot be made is a failure.
"""
import argparse
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import ROOT, HarnessError, check_warp_pin, stem  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--list", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--device", default="cuda,cpu")
    a = ap.parse_args()
    devices = a.device.split(",")
    version = check_warp_pin()
    with open(a.list, encoding="utf-8") as f:
        paths = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    if not paths:
        raise HarnessError(f"{a.list} lists no case files")
    stems = {}
    for p in paths:
        if not os.path.isfile(os.path.join(ROOT, p)):
            raise HarnessError(f"case file {p} does not exist (re-run cmake after removing cases)")
        stems.setdefault(stem(p), []).append(p)
    dups = {s: ps for s, ps in stems.items() if len(ps) > 1}
    if dups:
        raise HarnessError("case file stems must be unique across tests/corpus and tests/cases: "
                           + "; ".join(" and ".join(ps) for ps in dups.values()))

    shutil.rmtree(a.out, ignore_errors=True)
    os.makedirs(a.out)
    env = dict(os.environ, WARP_REFERENCE_PY=sys.executable, _WARP_REFERENCE_CHILD="1")
    env.pop("WARP_SRC", None)  # the reference is the installed, pinned warp-lang
    env.setdefault("WARP_CACHE_PATH", os.path.join(os.path.abspath(a.out), ".warp-cache"))
    cmd = [sys.executable, os.path.join(ROOT, "tools", "reference_batch.py"),
           "--batch", os.path.abspath(a.list), "--out", os.path.abspath(a.out), "--device", ",".join(devices)]
    t0 = time.time()
    p = subprocess.run(cmd, cwd=ROOT, env=env)
    if p.returncode != 0:
        raise HarnessError(f"warp_reference.py exited with {p.returncode}: Warp could not run")

    missing, rejected = [], []
    for path in paths:
        for d in devices:
            base = os.path.join(a.out, f"{stem(path)}.{d}")
            if os.path.isfile(base + ".err"):
                with open(base + ".err", encoding="utf-8") as f:
                    rejected.append(f"{path} [{d}]: {f.read().strip()}")
            elif not os.path.isfile(base + ".body"):
                missing.append(f"{path} [{d}]")
    for r in rejected:
        print(f"warp rejects {r}")
    if missing:
        raise HarnessError(f"warp_reference.py wrote no output for: {', '.join(missing)}")
    print(f"reference: warp-lang {version}, {len(paths)} files x {len(devices)} devices, "
          f"{len(paths) * len(devices) - len(rejected)} bodies, {len(rejected)} rejects, "
          f"{time.time() - t0:.1f} s -> {a.out}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except HarnessError as e:
        print(f"make_reference: FAIL: {e}", file=sys.stderr)
        sys.exit(1)
