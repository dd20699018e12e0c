#!/usr/bin/env python3
"""`warpsynth health tests/corpus`: the code-health figures issue 15 states for the corpus.

    corpus_health.py --cli build/src/cli/warpsynth --corpus tests/corpus

The corpus is 122 hand-written files (124 kernels, 137 @wp.func helpers). What the issue
measured, and why each figure is what it is under src/analysis/README.md's definitions:

- dead stores ~0.2%, files with one ~0.8%: exactly one local name is assigned and never read,
  the loop variable `s` of `for s in range(NUM_SUBSTEPS):` in
  t4_functions/17_projectile_constants.py (the loop repeats a step; `s` itself is unused), out of
  516 other assigned names and 37 loop variables: 1/553 = 0.18%, in 1 file of 122 = 0.82%.
- kernel parameters never used 0%, @wp.func parameters ignored 0%: every parameter is read.
- degenerate expressions 0: no `x - x`, `wp.min(x, x)`, `e if c else e`, constant condition...
  (`3 * t + 0` in t2_linalg/01_triangle_centroids.py and `1.4 * 287.05` in
  t3_control/14_atmosphere.py are how people write offsets and constants, and not counted).
- files with a docstring or comment 0%: the corpus has neither.
"""
import argparse
import json
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--corpus", required=True)
    args = ap.parse_args()
    p = subprocess.run([args.cli, "health", args.corpus, "--per-file"], capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"FAIL: warpsynth health exited {p.returncode}:\n{p.stderr}")
    lines = [json.loads(line) for line in p.stdout.splitlines()]
    files, totals = lines[:-1], lines[-1]["totals"]
    h = totals["code_health"]
    failures = []

    def check(cond, what):
        if not cond:
            failures.append(what)

    check(h["files"] == len(files) == 122 and h["unparsed_files"] == 0, f"files: {h['files']}, {len(files)} lines")
    check(h["kernels"] == 124 and h["helpers"] == 137, f"kernels {h['kernels']}, helpers {h['helpers']}")
    check(h["assigned_names"] == 553 and h["loop_variables"] == 37, f"assigned {h['assigned_names']}")
    check(h["dead_stores"] == 1 and abs(h["dead_store_rate"] - 0.002) < 0.0005,
          f"dead stores {h['dead_stores']}, rate {h['dead_store_rate']} (issue: ~0.2%)")
    check(h["unused_loop_variables"] == 1, f"unused loop variables {h['unused_loop_variables']}")
    check(h["files_with_dead_store"] == 1 and abs(h["files_with_dead_store_share"] - 0.008) < 0.0005,
          f"files with a dead store {h['files_with_dead_store']} (issue: 0.8%)")
    dead = [(f["path"].split("tests/corpus/")[-1], fn["name"], fn["dead_stores"])
            for f in files for fn in f["functions"] if fn["dead_stores"]]
    check(dead == [("t4_functions/17_projectile_constants.py", "projectile_step", ["s"])], f"dead stores: {dead}")
    check(h["unused_kernel_params"] == 0 and h["kernel_params"] > 500, f"unused kernel params {h['unused_kernel_params']}")
    check(h["ignored_helper_params"] == 0 and h["helper_params"] > 300, f"ignored helper params {h['ignored_helper_params']}")
    check(h["degenerate_expressions"] == 0, f"degenerate expressions: {h['degenerate_by_kind']}")
    check(h["files_documented"] == 0 and h["kernels_with_docstring"] == 0, "the corpus has no docstring or comment")
    # The distributions are there for every kernel (statements per kernel sums to the kernels).
    d = totals["distributions"]
    check(sum(d["statements_per_kernel"]["counts"].values()) == 124, "statements_per_kernel does not count every kernel")
    check(d["annotation_styles"]["counts"].get("wp.array(dtype=T)", 0) > 400, f"styles {d['annotation_styles']}")
    if failures:
        sys.exit("FAIL:\n  " + "\n  ".join(failures))
    print(f"corpus code health: dead stores {h['dead_stores']}/{h['assigned_names']} = {100 * h['dead_store_rate']:.2f}%, "
          f"files with one {100 * h['files_with_dead_store_share']:.1f}%, unused kernel params 0/{h['kernel_params']}, "
          f"ignored helper params 0/{h['helper_params']}, degenerate 0, documented 0")


if __name__ == "__main__":
    main()
