#!/usr/bin/env python3
"""Check an extract (or any) dataset against real Warp: every record's python_source, loaded by Warp,
must generate exactly the record's code.

    extract_check.py DATASET --work DIR [--python PY] [--every K]

Writes each record's python_source to DIR/src/<id>.py, runs tools/warp_reference.py --batch over
them (cuda and cpu, the record's devices), and checks that Warp's module BODY ends with the
record's forward + backward (+ CPU entry points) and contains its functions, with Warp's
`// path:line` comments naming the record's virtual path. --every K checks every K-th record only.
Prints one line per mismatch and a summary `N passed, N failed`; exit 1 on any mismatch.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def read_records(dataset, python):
    recs = []
    for f in sorted((Path(dataset) / "data").glob("train-*")):
        if f.suffix == ".zst":
            code = ("import sys, zstandard; sys.stdout.buffer.write(zstandard.ZstdDecompressor().stream_reader("
                    "open(sys.argv[1], 'rb'), read_across_frames=True).read())")
            text = subprocess.run([python, "-c", code, str(f)], capture_output=True, check=True).stdout.decode()
        else:
            text = f.read_text()
        recs += [json.loads(line) for line in text.splitlines() if line]
    return recs


def expected(r, device):
    text = lambda k: r.get(k) or ""  # noqa: E731 (absent code fields are null)
    tail = text(f"{device}_forward") + text(f"{device}_backward") + (text("cpu_entry") if device == "cpu" else "")
    return text(f"{device}_functions"), tail


def devices_of(r):
    d = r["metadata"]["device"]
    return ("cuda", "cpu") if d == "both" else (d,)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("dataset")
    ap.add_argument("--work", required=True)
    ap.add_argument("--python", default=sys.executable, help="a Python with warp-lang (and zstandard)")
    ap.add_argument("--every", type=int, default=1)
    a = ap.parse_args()
    recs = read_records(a.dataset, a.python)[::a.every]
    work = Path(a.work).resolve()
    if work.exists():
        shutil.rmtree(work)
    (work / "src").mkdir(parents=True)
    paths = []
    for r in recs:
        p = work / "src" / f"{r['id']}.py"
        p.write_text(r["python_source"], encoding="utf-8")
        paths.append(str(p))
    (work / "list.txt").write_text("\n".join(paths) + "\n")
    devices = sorted({d for r in recs for d in devices_of(r)})
    if recs:
        env = dict(os.environ, WARP_REFERENCE_PY=a.python)
        subprocess.run([a.python, str(HERE / "warp_reference.py"), "--batch", str(work / "list.txt"), "--out",
                        str(work / "ref"), "--device", ",".join(devices)], check=True, env=env)
    passed = failed = 0
    for r, path in zip(recs, paths):
        for d in devices_of(r):
            body_file, err_file = (work / "ref" / f"{r['id']}.{d}.{ext}" for ext in ("body", "err"))
            problem = None
            if not body_file.exists():
                problem = "Warp rejects it: " + err_file.read_text().strip()
            else:
                body = body_file.read_text().replace(path, f"/warpsynth/{r['id']}.py")
                functions, tail = expected(r, d)
                if not body.endswith(tail):
                    problem = "forward/backward differ from Warp's"
                elif functions not in body:
                    problem = "functions differ from Warp's"
            if problem:
                failed += 1
                print(f"{r['id']} ({r['kernel_name']}, {d}): {problem}")
            else:
                passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not recs else 0


if __name__ == "__main__":
    sys.exit(main())
