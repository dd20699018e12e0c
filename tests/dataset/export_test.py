#!/usr/bin/env python3
"""End-to-end tests of `warpsynth export` (issue 14, part 1).

    export_test.py CASE --cli ws_dataset_cli --tmp WORKDIR --inputs tests/dataset --hf-python PY [--docs DIR]

Each case asserts real behaviour and exits non-zero on failure; loading with Hugging Face `datasets`
runs under --hf-python (WS_PYTHON) and fails, never skips, without it. The helpers (run, fresh,
zstd_decompress, read_records) are pipeline_test.py's.
"""
import argparse
import io
import itertools
import json
import os
import re
import subprocess
import sys
import tokenize
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pipeline_test as pt  # noqa: E402
from pipeline_test import check, fail, fresh, read_records, run, zstd_decompress  # noqa: E402

TASKS = ["python-to-cuda", "python-to-cpu", "cuda-to-python", "forward-to-adjoint", "describe", "write"]
FORMATS = ["messages", "prompt-completion", "alpaca"]
SPLITS = ["train", "validation", "test"]
TEST_CORPUS = ["--kernel-source", "test-corpus"]


def hf_python():
    py = pt.ARGS.hf_python
    check(py and Path(py).exists(), f"WS_PYTHON={py} does not exist (make the venv: scripts/setup.sh)")
    return py


def run_hf(script, *args):
    """Runs `script` under the venv's python with a fresh datasets cache; returns its stdout."""
    cache = fresh(f"hf-cache-{pt.ARGS.case}")  # per case: cases run in parallel; datasets may reuse a stale cache
    p = subprocess.run([hf_python(), "-c", script, *map(str, args)], capture_output=True, text=True,
                       env={**os.environ, "HF_DATASETS_CACHE": str(cache), "HF_HUB_OFFLINE": "1"})
    check(p.returncode == 0, f"datasets failed:\n{p.stdout}\n{p.stderr}")
    return p.stdout


def rows(out):
    """{split: [row, ...]} of an exported folder, in file order."""
    result = {}
    for split in SPLITS:
        result[split] = []
        for f in sorted((Path(out) / "data").glob(f"{split}-*.jsonl.zst")):
            result[split] += [json.loads(line) for line in zstd_decompress(f).splitlines() if line]
    return result


def absent(name):
    """A path under --tmp where nothing is (merge refuses a folder of another configuration)."""
    d = fresh(name)
    d.rmdir()
    return d


def report(out):
    return json.loads((Path(out) / "export.json").read_text())


def export(src, out, task="python-to-cuda", fmt="messages", extra=(), expect=0):
    return run(["export", src, "--out", out, "--task", task, "--format", fmt, "--quiet", *extra], expect=expect)


def split_of_ids(out):
    return {r["id"]: s for s, rs in rows(out).items() for r in rs}


def check_no_fingerprint_in_two_splits(out):
    seen = {}
    for split, rs in rows(out).items():
        for r in rs:
            other = seen.setdefault(r["fingerprint"], split)
            check(other == split, f"{out}: fingerprint {r['fingerprint']} in {other} and {split}")


LOAD_ALL = r'''
import json, sys
from pathlib import Path
import datasets
cols = {"messages": ["messages"], "prompt-completion": ["prompt", "completion"],
        "alpaca": ["instruction", "input", "output"]}
for folder in sys.argv[1:]:
    d = Path(folder)
    rep = json.loads((d / "export.json").read_text())
    ds = datasets.load_dataset(str(d))
    want = {s: n for s, n in rep["splits"].items() if n > 0}
    got = {s: len(ds[s]) for s in ds}
    assert got == want, (folder, got, want)
    for split in ds:
        names = set(ds[split].column_names)
        need = set(cols[rep["row_format"]]) | {"id", "fingerprint", "kernel_name", "category"}
        if rep["task"] == "write":
            need.add("launch")
        assert need <= names, (folder, names)
        row = ds[split][0]
        if rep["row_format"] == "messages":
            assert [m["role"] for m in row["messages"]] == ["system", "user", "assistant"], row["messages"]
            assert all(m["content"] for m in row["messages"])
        if rep["task"] == "write":
            launch = json.loads(row["launch"])
            assert launch["dim"] and launch["args"], launch
    print(folder, got)
print("datasets", datasets.__version__, "loaded", len(sys.argv) - 1, "exports")
'''


def answer_of(fmt, row):
    return {"messages": lambda: row["messages"][2]["content"], "prompt-completion": lambda: row["completion"],
            "alpaca": lambda: row["output"]}[fmt]()


def expected_answer(task, rec):
    """What the answer of a record must be, from the record's own fields."""
    join = lambda *keys: "".join(rec[k] or "" for k in keys).lstrip("\n")  # noqa: E731
    return {"python-to-cuda": lambda: join("cuda_functions", "cuda_forward", "cuda_backward"),
            "python-to-cpu": lambda: join("cpu_functions", "cpu_forward", "cpu_backward", "cpu_entry"),
            "cuda-to-python": lambda: rec["python_source"], "forward-to-adjoint": lambda: join("cuda_backward"),
            "describe": lambda: rec["description"], "write": lambda: rec["python_source"]}[task]()


def case_export_formats():
    """Every task x format from a small generated dataset loads with `datasets`; answers are the record's fields."""
    src = fresh("export_src")
    run(["generate", "--count", 200, "--seed", 21, "--device", "both", "--shard-size", 60, "--out", src, "--quiet"])
    records = {r["id"]: r for r in read_records(src)}
    outs = []
    for task, fmt in itertools.product(TASKS, FORMATS):
        out = Path(pt.ARGS.tmp) / f"export_{task}_{fmt}"
        export(src, out, task, fmt, ["--split", "80/10/10", "--overwrite", "--jobs", 3])
        rep = report(out)
        got = rows(out)
        n = sum(len(v) for v in got.values())
        check(n == rep["rows"] == sum(rep["splits"].values()), f"{out}: row counts {n} vs {rep['rows']}")
        check(n + sum(rep["removed"].values()) == len(records), f"{out}: rows + removed != records")
        check(n > 100, f"{out}: only {n} rows")
        check(rep["splits"]["train"] > rep["splits"]["validation"] > 0 and rep["splits"]["test"] > 0,
              f"{out}: splits {rep['splits']}")
        for r in itertools.chain(*got.values()):
            rec = records[r["id"]]
            check(r["fingerprint"] == rec["metadata"]["source_hash"], f"{out}: fingerprint of {r['id']}")
            check(answer_of(fmt, r) == expected_answer(task, rec), f"{out}: answer of {r['id']} is not the record's")
            if task == "write":
                check(json.loads(r["launch"]) == rec["metadata"]["launch"], f"{out}: launch of {r['id']}")
                check(f"def {rec['kernel_name']}(" in (r.get("input") or r.get("prompt") or
                                                       r["messages"][1]["content"]), f"{out}: no signature")
        check_no_fingerprint_in_two_splits(out)
        card = (out / "README.md").read_text()
        for want in (f"`{task}`", f"`{fmt}`", "| train |", "p50", "p99", "Tokens are approximate"):
            check(want in card, f"{out}: the card lacks {want!r}")
        outs.append(out)
    # one record keeps its split whatever the task (groups are made over all records)
    by_task = [split_of_ids(o) for o in outs]
    for a in by_task[1:]:
        for i in a.keys() & by_task[0].keys():
            check(a[i] == by_task[0][i], f"record {i}: different splits in two tasks")
    # deterministic: the same export twice gives the same bytes, whatever --jobs is
    again = fresh("export_again")
    export(src, again, "python-to-cuda", "messages", ["--split", "80/10/10", "--overwrite", "--jobs", 1])
    first = outs[0]
    files = sorted(p.relative_to(first).as_posix() for p in first.rglob("*") if p.is_file())
    check(files == sorted(p.relative_to(again).as_posix() for p in again.rglob("*") if p.is_file()), "file lists")
    for f in files:
        if f != "export.json":  # its source path differs
            check((first / f).read_bytes() == (again / f).read_bytes(), f"{f} differs between two runs")
    print(run_hf(LOAD_ALL, *outs).strip().splitlines()[-1])


def shingles(source, n=5):
    toks = [t.string for t in tokenize.generate_tokens(io.StringIO(source).readline)
            if t.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.ENDMARKER)]
    return {tuple(toks[i:i + n]) for i in range(max(1, len(toks) - n + 1))}


def exported(src):
    out = Path(pt.ARGS.tmp) / f"{Path(src).name}_export"
    export(src, out, extra=["--split", "60/20/20", "--overwrite", "--max-chars", 0])
    check_no_fingerprint_in_two_splits(out)
    return out


def split_of_fingerprints(out):
    return {r["fingerprint"]: s for s, rs in rows(out).items() for r in rs}


def case_export_split_invariance():
    """A record's split does not depend on --jobs, shard sizes, slices or the order of a merge."""
    args = ["--count", 240, "--seed", 9, "--quiet"]
    a1, a2 = fresh("inv_jobs1"), fresh("inv_jobs2")
    run(["generate", *args, "--jobs", 1, "--shard-size", 240, "--out", a1])
    run(["generate", *args, "--jobs", 2, "--shard-size", 25, "--out", a2])
    slices = []
    for i in range(3):
        d = fresh(f"inv_slice{i}")
        run(["generate", *args, "--shard-size", 40, "--shard", f"{i}/3", "--out", d])
        slices.append(d)
    merged = absent("inv_merged")
    run(["merge", *reversed(slices), "--out", merged, "--quiet"])
    other = fresh("inv_other")
    run(["generate", "--count", 240, "--seed", 10, "--shard-size", 60, "--quiet", "--out", other])
    union_ab, union_ba = absent("inv_union_ab"), absent("inv_union_ba")
    run(["merge", a1, other, "--out", union_ab, "--shard-size", 100, "--quiet"])
    run(["merge", other, a2, "--out", union_ba, "--shard-size", 33, "--quiet"])

    ref = split_of_ids(exported(a1))
    counts = {s: list(ref.values()).count(s) for s in SPLITS}
    check(min(counts.values()) >= 20, f"splits of 60/20/20 over {len(ref)} rows: {counts}")
    for d in (a2, merged):
        check(split_of_ids(exported(d)) == ref, f"splits differ between {a1.name} and {d.name}")
    ab, ba = split_of_fingerprints(exported(union_ab)), split_of_fingerprints(exported(union_ba))
    check(len(ab) > len(ref) and ab == ba, "splits differ between merge A B and merge B A")
    print(f"{len(ref)} rows, splits {counts}; identical over --jobs 1/2, shard sizes 240/25, 3 slices merged "
          f"in reverse, and unions of {len(ab)} rows merged A+B and B+A")


def case_export_near_copies():
    """Near-copies (the test corpus perturbs literals of a few kernels) share a group and so a split."""
    a, b = fresh("near_a"), fresh("near_b")
    for d, seed in ((a, 9), (b, 10)):
        run(["generate", "--count", 240, "--seed", seed, "--shard-size", 60, "--quiet", *TEST_CORPUS, "--out", d])
    union_ab, union_ba = absent("near_union_ab"), absent("near_union_ba")
    run(["merge", a, b, "--out", union_ab, "--quiet"])
    run(["merge", b, a, "--out", union_ba, "--shard-size", 45, "--quiet"])
    out = exported(union_ab)
    check(split_of_fingerprints(out) == split_of_fingerprints(exported(union_ba)), "merge order moved records")
    rep = report(out)
    fps = {r["fingerprint"] for r in itertools.chain(*rows(out).values())}
    groups = rep["near_duplicate_groups"]["groups"]
    check(len(fps) == rep["rows"] > 10 * groups, f"{rep['rows']} rows, {len(fps)} fingerprints, {groups} groups")
    recs = {r["id"]: r for r in read_records(union_ab)}
    sh = {i: shingles(recs[i]["python_source"]) for i in recs}
    split = split_of_ids(out)
    check(len(set(split.values())) >= 2, f"one split only: {rep['splits']}")
    pairs = 0
    for i, j in itertools.combinations(sorted(split), 2):
        jac = len(sh[i] & sh[j]) / len(sh[i] | sh[j])
        if jac >= 0.9:
            pairs += 1
            check(split[i] == split[j], f"{i} ({split[i]}) and {j} ({split[j]}) are near-copies (Jaccard {jac:.2f})")
    check(pairs > 1000, f"only {pairs} near-copy pairs: the test proves nothing")
    print(f"{rep['rows']} rows with distinct fingerprints in {groups} groups; {pairs} pairs of Jaccard >= 0.9, "
          f"none split apart; splits {rep['splits']}")


def case_export_limits():
    """--max-chars removes exactly the rows over the limit and counts them; --verified-only needs verdicts."""
    src = fresh("limits_src")
    run(["generate", "--count", 200, "--seed", 23, "--out", src, "--quiet"])
    full = Path(pt.ARGS.tmp) / "limits_full"
    export(src, full, fmt="prompt-completion", extra=["--max-chars", 0, "--overwrite"])
    check(report(full)["removed"] == {}, f"removed without a limit: {report(full)['removed']}")
    sizes = {r["id"]: len(r["prompt"]) + len(r["completion"]) for r in itertools.chain(*rows(full).values())}
    limit = sorted(sizes.values())[len(sizes) // 2]  # the median: about half go
    cut = Path(pt.ARGS.tmp) / "limits_cut"
    export(src, cut, fmt="prompt-completion", extra=["--max-chars", limit, "--overwrite"])
    rep = report(cut)
    over = {i for i, n in sizes.items() if n > limit}
    check(rep["removed"] == {f"prompt and answer over --max-chars {limit}": len(over)}, f"removed: {rep['removed']}")
    kept = {r["id"] for r in itertools.chain(*rows(cut).values())}
    check(kept == set(sizes) - over, "the rows kept are not those within the limit")
    check(f"| prompt and answer over --max-chars {limit} | {len(over)} |" in (cut / "README.md").read_text(),
          "the card does not count the rows removed")
    # the default limit applies without the flag
    dflt = Path(pt.ARGS.tmp) / "limits_default"
    export(src, dflt, fmt="prompt-completion", extra=["--overwrite"])
    check(report(dflt)["max_chars"] == 32000, f"default --max-chars: {report(dflt)['max_chars']}")
    check(all(n <= 32000 for n in (len(r["prompt"]) + len(r["completion"]) for r in
                                    itertools.chain(*rows(dflt).values()))), "a row over the default limit")
    # the split of a record does not depend on the filters
    a, b = split_of_ids(full), split_of_ids(cut)
    check(all(a[i] == b[i] for i in b), "a limit moved records between splits")
    print(f"--max-chars {limit}: {len(over)} of {len(sizes)} rows removed; default 32000 removed "
          f"{sum(report(dflt)['removed'].values())}")


def case_export_verified_only():
    """--verified-only keeps exactly the records the verifier passed (the real verifier: NVRTC, g++, Warp;
    one failed verdict planted)."""
    src = fresh("verified_src")
    p = pt.vgen(src, 20, 10, ["--verify", "--no-compress"], expect=None)
    check(p.returncode in (0, 5), f"generate --verify: exit {p.returncode}: {p.stderr}")  # 5: some not verified
    # One failed verdict planted in the shards as the verifier writes them (export reads verdicts, not
    # checksums), so the check does not depend on how many pairs of the seed the synthesizer gets wrong.
    planted = False
    for shard in sorted((src / "data").glob("train-*.jsonl")):
        recs = [json.loads(line) for line in shard.read_text().splitlines()]
        for r in recs:
            if not planted and pt.is_verified(r["metadata"]["verification"]):
                r["metadata"]["verification"]["executed"] = "fail: planted by export_test"
                planted = True
        shard.write_text("".join(json.dumps(r) + "\n" for r in recs))
    recs = read_records(src)
    verified = {r["id"] for r in recs if pt.is_verified(r["metadata"]["verification"])}
    check(planted and 0 < len(verified) < len(recs), f"{len(verified)} of {len(recs)} verified")
    out = Path(pt.ARGS.tmp) / "verified_export"
    export(src, out, "python-to-cuda", extra=["--verified-only", "--overwrite", "--max-chars", 0])
    check({r["id"] for r in itertools.chain(*rows(out).values())} == verified, "rows are not the verified records")
    check(report(out)["removed"] == {"not verified": len(recs) - len(verified)}, f"removed: {report(out)['removed']}")
    check("`--verified-only`" in (out / "README.md").read_text(), "the card does not say --verified-only")
    everything = Path(pt.ARGS.tmp) / "verified_export_all"
    export(src, everything, "python-to-cuda", extra=["--overwrite", "--max-chars", 0])
    check(report(everything)["rows"] == len(recs), "without --verified-only every record is a row")
    print(f"--verified-only: {len(verified)} of {len(recs)} records kept")


def case_export_errors():
    """Bad flags and paths: a clear `warpsynth: error:` message, the documented exit code, no output folder."""
    src = fresh("errors_src")
    run(["generate", "--count", 20, "--seed", 4, "--out", src, "--quiet"])
    out = Path(pt.ARGS.tmp) / "errors_out"
    notds = fresh("errors_not_a_dataset")
    exists = fresh("errors_exists")
    cases = [
        (["--task", "translate"], 2, "--task translate: unknown task (one of python-to-cuda"),
        (["--task", "describe", "--format", "sharegpt"], 2, "--format sharegpt: unknown format"),
        (["--task", "describe", "--split", "98/2"], 2, "--split 98/2: expected TRAIN/VALIDATION/TEST"),
        (["--task", "describe", "--split", "a/b/c"], 2, "--split a/b/c: expected"),
        (["--task", "describe", "--split", "0/0/0"], 2, "--split 0/0/0: the shares add up to 0"),
        (["--task", "describe", "--verified-only"], 2, "--verified-only: "),
        (["--task", "describe", "--shard-size", "0"], 2, "--shard-size must be at least 1"),
    ]
    for flags, code, msg in cases:
        p = run(["export", src, "--out", out, *flags], expect=code)
        check(f"warpsynth: error: {msg}" in p.stderr, f"{flags}: message {p.stderr!r}")
        check(not out.exists(), f"{flags}: {out} was written")
    p = run(["export", Path(pt.ARGS.tmp) / "no_such_dir", "--out", out, "--task", "describe"], expect=3)
    check("warpsynth: error: cannot read" in p.stderr and "no such dataset folder" in p.stderr, p.stderr)
    p = run(["export", notds, "--out", out, "--task", "describe"], expect=2)
    check("has no manifest.json: not a warpsynth dataset" in p.stderr, p.stderr)
    p = run(["export", src, "--out", exists, "--task", "describe"], expect=2)
    check("already exists (--overwrite replaces it)" in p.stderr, p.stderr)
    p = run(["export", src, "--out", src, "--task", "describe", "--overwrite"], expect=2)
    check("is the input folder" in p.stderr and (src / "manifest.json").exists(), p.stderr)
    nodesc = fresh("errors_no_descriptions")
    run(["generate", "--count", 10, "--seed", 4, "--out", nodesc, "--quiet", *TEST_CORPUS])
    p = run(["export", nodesc, "--out", out, "--task", "describe"], expect=2)
    n = len(read_records(nodesc))
    check(f"makes a describe row ({n} records; no description: {n})" in p.stderr and n > 0, p.stderr)
    p = run(["export", src, "--out", out], expect=2)  # CLI11: a required option
    check("--task is required" in p.stderr, p.stderr)
    check(not out.exists(), "an output folder after the errors")
    check(not (Path(pt.ARGS.tmp) / ".errors_out.export-tmp").exists(), "a temporary folder was left")
    # a trailing slash names the same folder
    slash = absent("errors_slash")
    export(src, str(slash) + "/", "describe")
    check((slash / "README.md").exists() and not (slash / "..errors_slash.export-tmp").exists(), "--out DIR/")
    # --overwrite replaces an earlier folder completely
    (exists / "stale").write_text("from before")
    export(src, exists, "describe", extra=["--overwrite"])
    check(not (exists / "stale").exists() and (exists / "README.md").exists(), "--overwrite")
    print(f"{len(cases) + 5} bad invocations refused")


def case_export_crash():
    """kill -9 during an export leaves no OUT (or the old one with --overwrite); a rerun completes it."""
    src = fresh("crash_src")
    run(["generate", "--count", 200, "--seed", 6, "--out", src, "--quiet"])
    ref = absent("crash_ref")
    export(src, ref, "describe", extra=["--shard-size", 40])
    out = absent("crash_out")
    tmp = Path(pt.ARGS.tmp) / ".crash_out.export-tmp"
    for point in ("export_row:1", "export_row:77", "export_publish:1"):
        p = run(["export", src, "--out", out, "--task", "describe", "--shard-size", 40, "--quiet"],
                env={"WARPSYNTH_FAULT": point}, expect=None)
        check(p.returncode == -9, f"{point}: exit {p.returncode}, expected SIGKILL")
        check(not out.exists(), f"{point}: {out} exists after a crash")
        check(tmp.exists(), f"{point}: the temporary folder should be left by the kill")
    export(src, out, "describe", extra=["--shard-size", 40])
    check(not tmp.exists(), "the rerun left the temporary folder")
    files = lambda d: {p.relative_to(d).as_posix(): p.read_bytes() for p in d.rglob("*") if p.is_file()}  # noqa: E731
    a, b = files(ref), files(out)
    a.pop("export.json"), b.pop("export.json")  # they name their --out
    check(a == b, "the export after crashes differs from a clean one")
    # --overwrite: a crash before the rename keeps the old folder whole
    (out / "marker").write_text("old")
    p = run(["export", src, "--out", out, "--task", "write", "--overwrite", "--quiet"],
            env={"WARPSYNTH_FAULT": "export_publish:1"}, expect=None)
    check(p.returncode == -9 and (out / "marker").exists() and report(out)["task"] == "describe",
          "--overwrite: the old folder was touched before the new one was complete")
    export(src, out, "write", extra=["--overwrite"])
    check(not (out / "marker").exists() and report(out)["task"] == "write", "--overwrite after a crash")
    print(f"3 crash points: no {out.name} after each; rerun identical to a clean export")


def case_export_training_doc():
    """docs/training.md: its shell steps and its loading snippet run as written (datasets; TRL is not needed)."""
    doc = (Path(pt.ARGS.docs) / "training.md").read_text()
    sh = re.findall(r"```sh\n(.*?)```", doc, re.S)
    py = re.findall(r"```python\n(.*?)```", doc, re.S)
    check(sh and py, "docs/training.md has no ```sh or ```python block")
    work = fresh("training_doc")
    commands = [line for block in sh for line in block.splitlines() if line.startswith("warpsynth ")]
    check(any(c.startswith("warpsynth generate") for c in commands) and
          any(c.startswith("warpsynth export") for c in commands), f"commands: {commands}")
    for c in commands:
        args = c.split("#")[0].split()[1:]
        run(args, cwd=work)
    out = run_hf("import os, sys; os.chdir(sys.argv[1])\n" + py[0], work)
    print(out.strip())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("case")
    ap.add_argument("--cli", required=True)
    ap.add_argument("--tmp", required=True)
    ap.add_argument("--inputs", required=True)
    ap.add_argument("--hf-python")
    ap.add_argument("--docs")
    pt.ARGS = ap.parse_args()
    Path(pt.ARGS.tmp).mkdir(parents=True, exist_ok=True)
    fn = globals().get("case_" + pt.ARGS.case)
    if not fn:
        fail(f"unknown case {pt.ARGS.case}")
    fn()
    print(f"PASS {pt.ARGS.case}")


if __name__ == "__main__":
    main()
