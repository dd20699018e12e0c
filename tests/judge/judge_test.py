#!/usr/bin/env python3
"""End-to-end tests of `warpsynth judge` (issue 14, part 3).

    judge_test.py CASE --warpsynth BIN --tmp WORKDIR --kernels tests/judge/kernels

Cases:
  planted    the two kernels of kernels/ (extracted into a dataset): the record's own kernel and
             semantically equal rewrites pass; wrong operator, wrong index, writes nothing, returns a
             constant, -inf where the record is finite, right outputs with wrong gradients (an int
             cast), never ends, writes out of bounds, another signature and a compile error fail,
             each for the reason it should (one batch, JSONL in and out, input order kept)
  generated  a small generated dataset: every record's own kernel passes in batch mode, and the
             answers of `export --task write` rows (their `output`) are judged by the rows' `id`
  single     one candidate file with --id: the exit status (0 passed, 5 not), unknown ids, usage errors
Warp's headers come from WS_PYTHON's warp-lang (PATH); the test fails, never skips, without them.
"""
import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

ARGS = None
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "dataset"))
import pipeline_test as pt  # noqa: E402  (fail, check, fresh, run: its ARGS name the CLI and the work folder)
from pipeline_test import check, fresh, run  # noqa: E402


def records(d):
    out = []
    for f in sorted((Path(d) / "data").glob("train-*.jsonl")):
        out += [json.loads(line) for line in f.read_text().splitlines() if line]
    return out


def judge_batch(dataset, lines, work, extra=()):
    inp = work / "candidates.jsonl"
    out = work / "verdicts.jsonl"
    inp.write_text("".join(json.dumps(line) + "\n" for line in lines))
    run(["judge", "--dataset", dataset, "--batch", inp, "--out", out, "--timeout", "2", "--quiet", *extra])
    verdicts = [json.loads(line) for line in out.read_text().splitlines()]
    check(len(verdicts) == len(lines), f"{len(verdicts)} verdicts for {len(lines)} candidates")
    for line, v in zip(lines, verdicts):
        check(v["id"] == line["id"], f"verdict for {v['id']} where {line['id']} was asked: order not kept")
    return verdicts


def extracted():
    d = fresh("planted")
    ds = d / "ds"
    run(["extract", ARGS.kernels, "--out", ds, "--device", "cpu", "--no-compress", "--quiet"])
    by_name = {r["kernel_name"]: r for r in records(ds)}
    check(set(by_name) == {"scaled_sum", "blend_points"}, f"extracted {sorted(by_name)}")
    return d, ds, by_name


def edit(src, old, new):
    check(old in src, f"fixture lacks {old!r}")
    return src.replace(old, new)


# (name, kernel, edit(s) (old, new) or None for the source as is, expected verdict fields)
SAXPY_BODY = "    s = a * x[i]\n    t = y[i] * 2.0\n    out[i] = s + t\n"
BLEND_BODY = "    p = points[i]\n    w = weights[i]\n    out[i] = wp.normalize(p) * w + p * (1.0 - w)\n"
PASS = {"passed": True, "compiles": True, "runs": True, "outputs_match": True, "writes_output": True,
        "input_dependent": True, "gradients_checked": True, "gradients_match": True}
CASES = [
    ("own kernel", "scaled_sum", None, PASS),
    ("own kernel", "blend_points", None, PASS),
    ("renamed locals", "scaled_sum", (SAXPY_BODY, "    scaled = a * x[i]\n    twice = y[i] * 2.0\n"
                                                  "    out[i] = scaled + twice\n"), PASS),
    ("reordered statements", "scaled_sum", (SAXPY_BODY, "    t = y[i] * 2.0\n    s = a * x[i]\n"
                                                        "    out[i] = s + t\n"), PASS),
    ("a*b -> b*a", "scaled_sum", (SAXPY_BODY, "    s = x[i] * a\n    t = 2.0 * y[i]\n    out[i] = t + s\n"), PASS),
    ("renamed and swapped", "blend_points",
     (BLEND_BODY, "    wt = weights[i]\n    q = points[i]\n    out[i] = q * (1.0 - wt) + wt * wp.normalize(q)\n"), PASS),
    ("wrong operator", "scaled_sum", ("out[i] = s + t", "out[i] = s - t"),
     {"passed": False, "runs": True, "outputs_match": False, "gradients_match": False}),
    ("wrong operator", "blend_points", ("(1.0 - w)", "(1.0 + w)"),
     {"passed": False, "outputs_match": False}),
    ("wrong index", "scaled_sum", ("t = y[i] * 2.0", "t = y[(i + 1) % y.shape[0]] * 2.0"),
     {"passed": False, "runs": True, "outputs_match": False}),
    ("writes nothing", "scaled_sum", ("out[i] = s + t", "u = s + t"),
     {"passed": False, "runs": True, "writes_output": False, "outputs_match": False}),
    ("returns a constant", "scaled_sum", ("out[i] = s + t", "out[i] = 1.5"),
     {"passed": False, "runs": True, "writes_output": True, "input_dependent": False, "outputs_match": False}),
    ("non-finite output", "scaled_sum", ("out[i] = s + t", "out[i] = s + t + wp.log(a - a)"),
     {"passed": False, "runs": True, "outputs_match": False}),
    ("gradients differ", "scaled_sum", ("s = a * x[i]", "s = a * (float(int(x[i] * 1000000.0)) / 1000000.0)"),
     {"passed": False, "runs": True, "outputs_match": True, "writes_output": True, "input_dependent": True,
      "gradients_checked": True, "gradients_match": False}),
    ("never ends", "scaled_sum", ("out[i] = s + t", "while True:\n        out[i] = s + t"),
     {"passed": False, "compiles": True, "runs": False, "outputs_match": None}),
    ("out of bounds", "scaled_sum", ("out[i] = s + t", "out[i + 1] = s + t"),
     {"passed": False, "compiles": True, "runs": False}),
    ("another signature", "scaled_sum", [("a: float, x:", "a: float, xs:"), ("x[i]", "xs[i]")],
     {"passed": False, "compiles": True, "signature_matches": False, "runs": None}),
    ("does not compile", "scaled_sum", ("s = a * x[i]", "s = a * wp.no_such_builtin(x[i])"),
     {"passed": False, "compiles": False, "runs": None}),
]
REASONS = {  # the text that says why, for the failures that name one
    "never ends": ("run_error", r"^timed out"),
    "out of bounds": ("run_error", r"^out-of-bounds array access"),
    "writes nothing": ("input_dependence_error", r"^no output"),
    "returns a constant": ("input_dependence_error", r"^outputs ignore the inputs: out"),
    "non-finite output": ("mismatch", r"^out\[0\]: -inf \(candidate\) vs [0-9.]+ \(reference\), draw 0$"),
    "gradients differ": ("gradients_note", r"^adjoint of x\[\d+\]: 0 \(candidate\) vs [0-9.]+ \(reference\)$"),
    "wrong index": ("mismatch", r"^out\[\d+\]: .* \(candidate\) vs .* \(reference\), draw \d"),
    "another signature": ("signature_error", r"parameter 2 is `xs: .*` in the candidate, `x: .*` in the record"),
    "does not compile": ("compile_error", r"^candidate\.py:7:13: error: .*no_such_builtin"),
}


def case_planted():
    d, ds, by_name = extracted()
    lines, expected = [], []
    for name, kernel, change, want in CASES:
        src = by_name[kernel]["python_source"]
        for old, new in [change] if isinstance(change, tuple) else change or []:
            src = edit(src, old, new)
        lines.append({"id": by_name[kernel]["id"], "source": src})
        expected.append((name, kernel, want))
    verdicts = judge_batch(ds, lines, d)
    for (name, kernel, want), v in zip(expected, verdicts):
        for field, value in want.items():
            check(v[field] == value, f"{kernel}, {name}: {field} is {v[field]!r}, expected {value!r}\n{v}")
        if name in REASONS:
            field, pattern = REASONS[name]
            check(v[field] and re.search(pattern, v[field]), f"{kernel}, {name}: {field} = {v[field]!r}\n{v}")
    # Deterministic: the same batch gives the same verdicts, with other jobs and batch sizes too.
    again = judge_batch(ds, lines, d, extra=("--jobs", "1", "--batch-size", "3"))
    check(again == verdicts, "the verdicts changed with --jobs 1 --batch-size 3")


def check_refused_query(r, v):
    check(v["passed"] is False and v["runs"] is None and v["error"]
          and "cannot be launched: needs a mesh, BVH, hash grid or volume" in v["error"],
          f"{r['id']}: a kernel that queries a Warp object by id is not refused clearly: {v}")


def case_generated():
    d = fresh("generated")
    ds = d / "ds"
    run(["generate", "--count", "16", "--seed", "11", "--out", ds, "--no-compress", "--quiet"])
    recs = records(ds)
    check(len(recs) >= 12, f"only {len(recs)} records generated")
    verdicts = judge_batch(ds, [{"id": r["id"], "source": r["python_source"]} for r in recs], d)
    spatial = {r["id"] for r in recs if r["category"] == "spatial"}
    for r, v in zip(recs, verdicts):
        if r["id"] in spatial:
            check_refused_query(r, v)
            continue
        check(v["passed"], f"{r['id']}: the record's own kernel does not pass: {v}")
        if not v["gradients_checked"]:
            check(v["gradients_note"], f"{r['id']}: gradients not checked and no reason given: {v}")
    # Kernels that query a mesh, BVH, hash grid or volume by id cannot be run without the object:
    # judge refuses them with the reason, never passes or fails them.
    qs = d / "spatial"
    run(["generate", "--count", "6", "--seed", "11", "--categories", "spatial", "--out", qs, "--no-compress",
         "--quiet"])
    qrecs = records(qs)
    check(qrecs, "no spatial records generated")
    for r, v in zip(qrecs, judge_batch(qs, [{"id": r["id"], "source": r["python_source"]} for r in qrecs], d)):
        check_refused_query(r, v)
    # The rows of `export --task write` carry the id judge needs; their answer (output) passes.
    out = d / "export"
    run(["export", ds, "--out", out, "--task", "write", "--format", "alpaca", "--quiet"])
    rows = []
    for f in sorted((out / "data").glob("*.jsonl*")):
        text = subprocess.run(["zstd", "-dc", str(f)], capture_output=True, check=True).stdout.decode() \
            if f.suffix == ".zst" else f.read_text()
        rows += [json.loads(line) for line in text.splitlines() if line]
    check(rows, "export --task write wrote no rows")
    row_verdicts = judge_batch(ds, [{"id": row["id"], "source": row["output"]} for row in rows], d)
    check(all(v["passed"] for v in row_verdicts if v["id"] not in spatial),
          f"a write row's own answer fails: {row_verdicts}")


def case_single():
    d, ds, by_name = extracted()
    r = by_name["scaled_sum"]
    good = d / "good.py"
    good.write_text(r["python_source"])
    p = run(["judge", "--dataset", ds, "--id", r["id"], good])
    v = json.loads(p.stdout)
    check(v["passed"] and v["candidate"] == str(good), f"own kernel: {v}")
    bad = d / "bad.py"
    bad.write_text(edit(r["python_source"], "out[i] = s + t", "out[i] = s * t"))
    v = json.loads(run(["judge", "--dataset", ds, "--id", r["id"], bad], expect=5).stdout)
    check(not v["passed"] and v["outputs_match"] is False, f"wrong operator: {v}")
    v = json.loads(run(["judge", "--dataset", ds, "--id", "x-nosuchrecord", good], expect=5).stdout)
    check(v["error"] == "no record with id x-nosuchrecord in the dataset", f"unknown id: {v}")
    check(v["compiles"] is False and v["runs"] is None, f"unknown id: {v}")
    run(["judge", "--dataset", ds, good], expect=2)  # no --id
    run(["judge", "--dataset", d / "nowhere", "--id", r["id"], good], expect=3)


def main():
    global ARGS
    ap = argparse.ArgumentParser()
    ap.add_argument("case")
    ap.add_argument("--warpsynth", required=True)
    ap.add_argument("--tmp", required=True)
    ap.add_argument("--kernels", required=True)
    ARGS = ap.parse_args()
    pt.ARGS = argparse.Namespace(cli=ARGS.warpsynth, tmp=ARGS.tmp, hf_python=None)
    {"planted": case_planted, "generated": case_generated, "single": case_single}[ARGS.case]()
    print(f"judge/{ARGS.case}: ok")


if __name__ == "__main__":
    main()
