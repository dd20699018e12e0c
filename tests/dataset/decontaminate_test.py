#!/usr/bin/env python3
"""End-to-end tests of `warpsynth decontaminate` (issue 14, part 2).

    decontaminate_test.py CASE --cli ws_dataset_cli --tmp WORKDIR --inputs tests/dataset --hf-python PY

The reference kernels are Warp's own tests and examples, read at test time from the warp-lang package of
--hf-python (WS_PYTHON): found with importlib without importing warp, never copied into the repository.
Without it the cases fail; they never skip. The helpers are pipeline_test.py's.
"""
import argparse
import ast
import json
import re
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pipeline_test as pt  # noqa: E402
from pipeline_test import check, fail, fresh, read_records, run  # noqa: E402

PLANTED = 20  # kernels planted from Warp's tests


def warp_dir():
    py = pt.ARGS.hf_python
    check(py and Path(py).exists(), f"WS_PYTHON={py} does not exist (make the venv: scripts/setup.sh)")
    find = "import importlib.util as u; print(u.find_spec('warp').submodule_search_locations[0])"
    p = subprocess.run([py, "-c", find], capture_output=True, text=True)
    check(p.returncode == 0, f"no warp-lang under {py}: {p.stderr}")
    d = Path(p.stdout.strip())
    check((d / "tests").is_dir() and (d / "native" / "builtin.h").exists(), f"{d} is not an installed warp-lang")
    return d


def is_kernel(fn):
    for d in fn.decorator_list:
        d = d.func if isinstance(d, ast.Call) else d
        if isinstance(d, ast.Attribute) and d.attr == "kernel" and getattr(d.value, "id", "") == "wp":
            return True
    return False


def names_in(node, ctx):
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ctx)}


def swappable(fn):
    """The index i of two adjacent one-line assignments to local names, body[i] and body[i + 1], that do not
    depend on each other; None when there are none."""
    body = fn.body
    for i in range(len(body) - 1):
        a, b = body[i], body[i + 1]
        if a.lineno != a.end_lineno or b.lineno != b.end_lineno:
            continue
        wa, wb = names_in(a, ast.Store), names_in(b, ast.Store)
        ra, rb = names_in(a, ast.Load), names_in(b, ast.Load)
        if not all(isinstance(s, ast.Assign) and all(isinstance(t, ast.Name) for t in s.targets) for s in (a, b)):
            continue  # writes through subscripts may alias: only assignments to local names
        if wa & (rb | wb) or wb & ra:
            continue
        return i
    return None


def plant(source, fn, index):
    """The kernel `fn` of `source` with its names renamed, two independent statements swapped and a comment
    added; the new kernel name."""
    lines = source.splitlines()
    first = fn.decorator_list[0].lineno
    text = lines[first - 1:fn.end_lineno]
    i = swappable(fn)
    a, b = fn.body[i].lineno - first, fn.body[i + 1].lineno - first
    text[a], text[b] = text[b], text[a]
    indent = len(text[0]) - len(text[0].lstrip())
    text = [line[indent:] for line in text]
    body_indent = re.match(r"\s*", text[a]).group(0)
    text.insert(fn.body[0].lineno - first, f"{body_indent}# planted copy of a Warp test kernel")
    local = {arg.arg for arg in fn.args.args} | names_in(fn, ast.Store) | {fn.name}
    renamed = "\n".join(text)
    for k, name in enumerate(sorted(local)):
        renamed = re.sub(rf"(?<![.\w]){re.escape(name)}\b", f"planted_{index}_{k}", renamed)
    new_name = f"planted_{index}_{sorted(local).index(fn.name)}"
    return "import warp as wp\n\n\n" + renamed + "\n", new_name


def candidates(warp):
    """(file, source, fn) of simple top-level kernels of Warp's tests that have two swappable statements."""
    out = []
    for f in sorted((warp / "tests").glob("test_*.py")):
        source = f.read_text()
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        for fn in tree.body:
            if isinstance(fn, ast.FunctionDef) and is_kernel(fn) and 4 <= len(fn.body) <= 30 and \
                    swappable(fn) is not None:
                out.append((f, source, fn))
                break  # one kernel a file: variety
    return out


def planted_dataset(name, extra=()):
    """Planted copies written as Python files and extracted; returns (dataset, {new name: (file, line)})."""
    warp = warp_dir()
    src = fresh(f"{name}_py")
    origin = {}
    for index, (f, source, fn) in enumerate(candidates(warp)):
        text, new_name = plant(source, fn, index)
        (src / f"planted_{index:03}.py").write_text(text)
        origin[new_name] = (str(f), fn.decorator_list[0].lineno)
    out = fresh(name)
    out.rmdir()
    run(["extract", src, *extra, "--out", out, "--quiet"])
    records = read_records(out)
    planted = [r for r in records if r["kernel_name"] in origin]
    check(len(planted) >= PLANTED, f"only {len(planted)} planted kernels compiled ({len(origin)} planted)")
    return out, origin, records


def kernel_at(where):
    """The syntax tree of the kernel whose first decorator is at `where` ("path:line")."""
    path, line = where.rsplit(":", 1)
    for node in ast.walk(ast.parse(Path(path).read_text())):
        if isinstance(node, ast.FunctionDef) and node.decorator_list and node.decorator_list[0].lineno == int(line):
            return node
    fail(f"no function at {where}")


def same_kernel(a, b):
    """Warp's tests hold copies of some kernels in several files: a match with an exact copy is right."""
    return ast.dump(kernel_at(a)) == ast.dump(kernel_at(b))


def case_decontaminate_planted():
    """Planted near-copies of Warp test kernels (renamed, two statements swapped, a comment) are found, each
    matched to the kernel it was copied from."""
    ds, origin, records = planted_dataset("planted")
    files = sorted({f for f, _ in origin.values()})
    report_file = Path(pt.ARGS.tmp) / "planted_report.json"
    start = time.time()
    p = run(["decontaminate", ds, "--against", *files, "--json", report_file, "--quiet"])
    seconds = time.time() - start
    report = json.loads(report_file.read_text())
    by_id = {m["id"]: m for m in report["matches"]}
    found = 0
    for r in records:
        m = by_id.get(r["id"])
        if m:
            f, line = origin[r["kernel_name"]]
            check(m["reference"] == f"{f}:{line}" or same_kernel(m["reference"], f"{f}:{line}"),
                  f"{r['kernel_name']} matched {m['reference']}, not {f}:{line}")
            check(f"{r['id']}\t{m['reference']}" in p.stdout, f"{r['id']} not in the text report:\n{p.stdout}")
            found += 1
    rate = found / len(records)
    print(f"detection: {found}/{len(records)} planted copies ({100 * rate:.0f}%) in {seconds:.2f} s; "
          f"{report['references']['kernels']} reference kernels from {len(files)} files")
    check(report["records"] == len(records) and report["contaminated"] == found, json.dumps(report)[:2000])
    # A swap of two statements in a kernel of a few lines changes most of its 5-grams (measured: the misses
    # are kernels of at most 10 lines whose swapped statements differ only in their literals).
    missed = [r for r in records if r["id"] not in by_id]
    check(rate >= 0.85, f"detection rate {rate:.2f} below 0.85; missed: {[r['kernel_name'] for r in missed]}")
    for r in missed:
        lines = [line for line in r["python_source"].splitlines()[3:] if line.strip() and
                 not line.strip().startswith("#")]
        check(len(lines) <= 10, f"missed {r['kernel_name']}, a kernel of {len(lines)} lines")


def skeleton(fn):
    """The kernel's syntax tree with every name but `wp`'s one placeholder and no docstring: two kernels with
    the same skeleton are the same code under other names."""
    fn = ast.parse(ast.unparse(fn)).body[0]
    if fn.body and isinstance(fn.body[0], ast.Expr) and isinstance(fn.body[0].value, ast.Constant):
        fn.body = fn.body[1:]
    fn.name = "v"
    for node in ast.walk(fn):
        if isinstance(node, ast.Name) and node.id != "wp":
            node.id = "v"
        elif isinstance(node, ast.arg):
            node.arg = "v"
    return ast.dump(fn)


def case_decontaminate_generated():
    """A generated dataset has no false positive against Warp's tests and examples (the default references,
    found as verify finds Warp: $WARP_INCLUDE): every record flagged is the same code as the Warp kernel it
    matched, under other names (a true copy, which the synthesizer can make of a simple idiom)."""
    ds = fresh("generated")
    ds.rmdir()
    run(["generate", "--count", 500, "--seed", 11, "--out", ds, "--quiet"])
    report_file = Path(pt.ARGS.tmp) / "generated_report.json"
    start = time.time()
    run(["decontaminate", ds, "--json", report_file, "--quiet"], env={"WARP_INCLUDE": str(warp_dir())})
    seconds = time.time() - start
    report = json.loads(report_file.read_text())
    sources = report["references"]["sources"]
    check(any(s.endswith("tests") for s in sources) and any(s.endswith("examples") for s in sources), sources)
    records = {r["id"]: r for r in read_records(ds)}
    false_positives = []
    for m in report["matches"]:
        r = records[m["id"]]
        mine = next(n for n in ast.walk(ast.parse(r["python_source"]))
                    if isinstance(n, ast.FunctionDef) and n.name == r["kernel_name"])
        if skeleton(mine) != skeleton(kernel_at(m["reference"])):
            false_positives.append(m)
    print(f"flagged: {report['contaminated']}/{report['records']} generated records against "
          f"{report['references']['kernels']} kernels of Warp's tests and examples in {seconds:.2f} s; "
          f"false positives (not the same code as the reference): {len(false_positives)}; "
          f"matches: {[(m['kernel_name'], m['reference'], m['similarity']) for m in report['matches']]}")
    check(report["records"] == 500, report["records"])
    check(not false_positives, f"false positives: {false_positives[:5]}")
    check(report["contaminated"] <= 5, f"{report['contaminated']} records flagged")


def case_decontaminate_drop():
    """--drop --out writes a dataset without the contaminated records that validate accepts, with the counts
    in stats.json and on the card; an existing --out is refused."""
    kernels = Path(pt.ARGS.inputs) / "kernels"
    ds, origin, records = planted_dataset("drop_in", extra=[kernels])
    files = sorted({f for f, _ in origin.values()})
    out = Path(pt.ARGS.tmp) / "drop_out"
    if out.exists():
        subprocess.run(["rm", "-rf", str(out)], check=True)
    run(["decontaminate", ds, "--against", *files, "--drop", "--out", out, "--quiet"])
    kept = read_records(out)
    contaminated = len(records) - len(kept)
    check(contaminated >= PLANTED and len(kept) > 0, f"{len(records)} records, {len(kept)} kept")
    check(not any(r["kernel_name"] not in origin for r in records if r not in kept), "a test-corpus kernel was dropped")
    stats = json.loads((out / "stats.json").read_text())
    d = stats.get("decontamination")
    check(d and d["contaminated"] == contaminated and d["kept"] == len(kept) and d["records"] == len(records),
          f"stats.json decontamination: {d}")
    check(d["references"]["sources"] == files, d["references"])
    card = (out / "README.md").read_text()
    check("## Decontamination" in card and f"{contaminated} of {len(records)} records" in card, card[:3000])
    run(["validate", out, "--quiet"])
    check(not list(out.parent.glob(".drop_out.*")), "a temporary folder was left")
    # A dataset folder as the reference: every record is a copy of itself.
    self_report = Path(pt.ARGS.tmp) / "self_report.json"
    run(["decontaminate", ds, "--against", ds, "--json", self_report, "--quiet"])
    r = json.loads(self_report.read_text())
    check(r["contaminated"] == len(records) and r["references"]["kernels"] == len(records), json.dumps(r)[:1000])
    check(all(m["similarity"] == 1.0 and m["reference"].startswith(f"{ds}/") for m in r["matches"]),
          r["matches"][:3])
    p = run(["decontaminate", ds, "--against", *files, "--drop", "--out", out], expect=2)
    check("warpsynth: error: --out" in p.stderr and "already exists" in p.stderr, p.stderr)


def case_decontaminate_export():
    """`export --against` leaves out exactly the records `decontaminate` finds, counts them under "removed" and
    "decontamination" in export.json and on the card; the other records become rows."""
    kernels = Path(pt.ARGS.inputs) / "kernels"
    ds, origin, records = planted_dataset("export_in", extra=[kernels])
    files = sorted({f for f, _ in origin.values()})
    report_file = Path(pt.ARGS.tmp) / "export_report.json"
    run(["decontaminate", ds, "--against", *files, "--json", report_file, "--quiet"])
    flagged = {m["id"] for m in json.loads(report_file.read_text())["matches"]}
    check(len(flagged) >= PLANTED, f"{len(flagged)} flagged")
    out = Path(pt.ARGS.tmp) / "export_out"
    if out.exists():
        subprocess.run(["rm", "-rf", str(out)], check=True)
    run(["export", ds, "--out", out, "--task", "python-to-cuda", "--max-chars", 0, "--against", *files,
         "--quiet"])
    rows = [json.loads(line) for f in sorted((out / "data").glob("*.jsonl.zst"))
            for line in pt.zstd_decompress(f).splitlines() if line]
    check({r["id"] for r in rows} == {r["id"] for r in records} - flagged,
          f"{len(rows)} rows for {len(records)} records, {len(flagged)} flagged")
    e = json.loads((out / "export.json").read_text())
    reason = "near-duplicate of a reference kernel (--decontaminate)"
    check(e["removed"] == {reason: len(flagged)}, e["removed"])
    d = e["decontamination"]
    check(d["contaminated"] == len(flagged) and d["records"] == len(records) and d["references"]["sources"] == files,
          d)
    card = (out / "README.md").read_text()
    check(f"| {reason} | {len(flagged)} |" in card and f"{len(flagged)} of {len(records)} records" in card,
          card[:3000])
    p = run(["export", ds, "--out", Path(pt.ARGS.tmp) / "export_bad", "--task", "python-to-cuda",
             "--decontaminate", "--threshold", "2"], expect=2)
    check("warpsynth: error: --threshold 2: must be in (0, 1]" in p.stderr, p.stderr)


def case_decontaminate_errors():
    """Bad flags and paths: `warpsynth: error:` and the documented exit code, no output folder."""
    ds = fresh("errors_ds")
    ds.rmdir()
    run(["generate", "--count", 5, "--seed", 3, "--out", ds, "--quiet"])
    ref = Path(pt.ARGS.inputs) / "kernels"
    out = Path(pt.ARGS.tmp) / "errors_out"
    notds = fresh("errors_not_a_dataset")
    cases = [
        ([ds, "--against", ref, "--threshold", "1.5"], 2, "warpsynth: error: --threshold 1.5: must be in (0, 1]"),
        ([ds, "--against", ref, "--threshold", "0"], 2, "warpsynth: error: --threshold 0: must be in (0, 1]"),
        ([ds, "--against", ref, "--threshold", "high"], 2, "--threshold"),
        ([ds, "--against", ref, "--drop"], 2, "warpsynth: error: --drop needs --out OUT"),
        ([ds, "--against", ref, "--out", out], 2, "warpsynth: error: --out is only for --drop"),
        ([ds, "--against", ref, "--no-such-flag"], 2, "--no-such-flag"),
        ([ds, "--against", Path(pt.ARGS.tmp) / "no_such_ref"], 3, "warpsynth: error:"),
        ([Path(pt.ARGS.tmp) / "no_such_dir", "--against", ref], 3, "no such dataset folder"),
        ([notds, "--against", ref], 2, "has no manifest.json: not a warpsynth dataset"),
        ([ds, "--against", notds], 2, "no @wp.kernel function in the references"),
        ([ds, "--warp-include", notds], 2, "no --against given and no installed warp-lang"),
    ]
    for args, code, msg in cases:
        p = run(["decontaminate", *args], expect=code)
        check(msg in p.stderr, f"{args}: message {p.stderr!r}")
        check(not out.exists(), f"{args}: {out} was written")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("case")
    ap.add_argument("--cli", required=True)
    ap.add_argument("--tmp", required=True)
    ap.add_argument("--inputs", required=True)
    ap.add_argument("--hf-python")
    pt.ARGS = ap.parse_args()
    Path(pt.ARGS.tmp).mkdir(parents=True, exist_ok=True)
    fn = globals().get("case_" + pt.ARGS.case)
    if not fn:
        fail(f"unknown case {pt.ARGS.case}")
    fn()
    print(f"PASS {pt.ARGS.case}")


if __name__ == "__main__":
    main()
