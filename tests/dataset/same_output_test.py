#!/usr/bin/env python3
"""tools/same_output.py: two runs of one build are the same; a dataset of another seed is
not, and the differing shards are named with the command that remakes one alone. --compile:
one build against itself is the same; a build whose cpu output of one file differs is named."""
import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "same_output.py"


def tool(*args):
    return subprocess.run([sys.executable, str(TOOL), *map(str, args)], capture_output=True, text=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--tmp", required=True)
    a = ap.parse_args()
    tmp = Path(a.tmp) / "same_output"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    failures = []

    p = tool(a.cli, a.cli, "--count", 300, "--seed", 5, "--keep", tmp / "a")
    if p.returncode != 0 or p.stdout.strip().splitlines()[-1] != "same":
        failures.append(f"one build against itself: exit {p.returncode}\n{p.stdout}{p.stderr}")

    # Another seed: every shard differs (and the configuration).
    other = tmp / "seed6"
    subprocess.run([a.cli, "generate", "--count", "300", "--seed", "6", "--device", "cuda", "--quiet",
                    "--out", str(other)], check=True)
    p = tool("--dirs", tmp / "a" / "old", other)
    if p.returncode != 1 or "shard 0 differs" not in p.stdout or "generate --shard 0/1" not in p.stdout \
            or "configurations differ" not in p.stdout:
        failures.append(f"another seed: exit {p.returncode}\n{p.stdout}{p.stderr}")

    # The same folder against itself through --dirs.
    p = tool("--dirs", tmp / "a" / "old", tmp / "a" / "new")
    if p.returncode != 0:
        failures.append(f"--dirs of two equal folders: exit {p.returncode}\n{p.stdout}")

    # --compile over one tier of the corpus and a few generated kernels of each mix.
    compile_args = ["--compile", "--sources", "tests/corpus/t1_scalar", "--generated", 3]
    p = tool(a.cli, a.cli, *compile_args)
    counted = re.search(r"compile: (\d+) compilations \((\d+) files x 2 devices", p.stderr)
    if p.returncode != 0 or p.stdout.strip().splitlines()[-1] != "same" or not counted \
            or int(counted[2]) < 31 + 3 or int(counted[1]) != 2 * int(counted[2]):
        failures.append(f"--compile, one build against itself: exit {p.returncode}\n{p.stdout}{p.stderr}")
    # A "build" that adds a line to the cpu output of one file: that file and device are named.
    wrapper = tmp / "changed_warpsynth"
    wrapper.write_text(f"""#!/bin/sh
"{a.cli}" "$@"; status=$?
case "$*" in *01_axpby.py*cpu*) echo "// changed";; esac
exit $status
""")
    wrapper.chmod(0o755)
    p = tool(a.cli, wrapper, *compile_args)
    lines = p.stdout.strip().splitlines()
    if p.returncode != 1 or lines[:-1] != ["compile tests/corpus/t1_scalar/01_axpby.py --device cpu: output differs"]:
        failures.append(f"--compile, one output changed: exit {p.returncode}\n{p.stdout}{p.stderr}")

    for f in failures:
        print("FAIL:", f)
    print("same_output: ok" if not failures else f"same_output: {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
