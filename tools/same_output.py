#!/usr/bin/env python3
"""Whether two warpsynth builds generate the same dataset, byte for byte: the gate for a change
that must not change output (issue 13's speed work).

  tools/same_output.py OLD_WARPSYNTH NEW_WARPSYNTH [--count 1000000] [--seed 1] [--device cuda]
  tools/same_output.py OLD_WARPSYNTH NEW_WARPSYNTH --configs    # seven small datasets
  tools/same_output.py OLD_WARPSYNTH NEW_WARPSYNTH --compile    # compile, file by file
  tools/same_output.py --dirs OLD_DATASET NEW_DATASET           # two folders already generated

Runs `generate` with each build (one after the other, --jobs of them each) and compares the two
manifests shard by shard (each shard file's xxh3 and its counts) and stats.json (less its
"timing" block). Exit 0 when all is the same; 1 with the differing shards, and the `--shard K/N`
command that remakes one of them alone, otherwise.

--configs does the same for seven datasets of 2,000 to 4,000 kernels in the configurations the
1M run does not reach: cpu and both devices, the tiles and spatial categories, small shards, no
compression. --compile runs `compile F --device cuda|cpu --strip-hash --body-only` with each
build on every case file (tests/corpus, tests/cases, tests/errors/cases; --sources) and on
--generated kernels of each of three mixes (default categories, tiles, spatial), and compares output and exit status. The three modes
together are the gate of a change that must not change output; --compile and --configs take a
few minutes, the 1M run about ten per build on 2 cores.

Why the whole 1M: a probe change once gave another input value on about 4 kernels in 1,000,000
(stop 40). It passed 1,042 compilations, 20 small datasets and 3,477 recorded probes; only two
complete 1M runs showed it. Each index's kernel depends on (seed, index) only, so a difference
found in shard K shows again in `generate --shard K/N` with the same --count.
"""
import argparse
import json
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CASE_DIRS = ["tests/corpus", "tests/cases", "tests/errors/cases"]
# (generate options, name): what --configs compares beyond the 1M cuda run.
CONFIGS = [
    ("--seed 1 --count 4000 --device cuda", "cuda"),
    ("--seed 2 --count 3000 --device cpu", "cpu"),
    ("--seed 3 --count 3000 --device both", "both"),
    ("--seed 4 --count 2000 --categories tiles --device cuda", "tiles"),
    ("--seed 5 --count 2000 --categories spatial --device both", "spatial"),
    ("--seed 6 --count 3000 --categories functions,loops,atomic --device cuda --shard-size 50", "small-shards"),
    ("--seed 7 --count 2000 --categories physics,random --device cpu --no-compress", "uncompressed"),
]
# (generate options, file prefix): the generated kernels --compile adds to the case files.
GENERATED = [("--seed 1", "mix"), ("--seed 4 --categories tiles", "tiles"),
             ("--seed 5 --categories spatial", "spatial")]


def stats_without_timing(path):
    stats = json.loads(path.read_text())
    stats.pop("timing", None)
    return stats


def compare(old, new):
    """Differences between two dataset folders, as lines; empty when they are the same."""
    out = []
    mo = json.loads((old / "manifest.json").read_text())
    mn = json.loads((new / "manifest.json").read_text())
    co, cn = mo.get("config", {}), mn.get("config", {})
    if co != cn:
        keys = sorted(k for k in set(co) | set(cn) if co.get(k) != cn.get(k))
        out.append("configurations differ: " + ", ".join(f"{k} {co.get(k)} vs {cn.get(k)}" for k in keys))
    so = {s["shard"]: s for s in mo["shards"]}
    sn = {s["shard"]: s for s in mn["shards"]}
    count = mo.get("shard_count", len(so))
    for k in sorted(set(so) | set(sn)):
        if so.get(k) != sn.get(k):
            a, b = so.get(k, {}), sn.get(k, {})
            fields = sorted(f for f in set(a) | set(b) if a.get(f) != b.get(f))
            out.append(f"shard {k} differs ({', '.join(fields)}): remake it alone with "
                       f"`generate --shard {k}/{count}` and the same --count and --seed")
    if mo.get("complete") and mn.get("complete"):
        st_o = stats_without_timing(old / "stats.json")
        st_n = stats_without_timing(new / "stats.json")
        if st_o != st_n:
            keys = sorted(k for k in set(st_o) | set(st_n) if st_o.get(k) != st_n.get(k))
            out.append(f"stats.json differs in {', '.join(keys)}")
    elif mo.get("complete") != mn.get("complete"):
        out.append("one dataset is complete and the other is not")
    return out


def generate(binary, out, options, jobs):
    cmd = [str(binary), "generate", *options, "--jobs", str(jobs), "--quiet", "--out", str(out)]
    t0 = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"same_output: failed ({p.returncode}): {' '.join(cmd)}\n{p.stderr}")
    print(f"{binary}: {time.perf_counter() - t0:.1f} s", file=sys.stderr)


def compare_configs(a, root):
    """--configs: each small configuration with both builds, compared as the 1M run is."""
    out = []
    for options, name in CONFIGS:
        for side, binary in (("old", a.old), ("new", a.new)):
            generate(binary, root / name / side, options.split(), a.jobs)
        out += [f"{name} ({options}): {d}" for d in compare(root / name / "old", root / name / "new")]
    return out


def generated_sources(binary, root, count, jobs):
    """count kernels of each GENERATED mix, as .py files (python_source of uncompressed records)."""
    files = []
    for options, prefix in GENERATED:
        out = root / f"gen-{prefix}"
        generate(binary, out, [*options.split(), "--count", str(count), "--device", "cuda", "--no-compress"], jobs)
        for shard in sorted((out / "data").glob("*.jsonl")):
            for line in shard.read_text().splitlines():
                record = json.loads(line)
                files.append(root / "src" / f"{prefix}_{len(files):05d}.py")
                files[-1].parent.mkdir(parents=True, exist_ok=True)
                files[-1].write_text(record["python_source"])
    return files


def compile_output(binary, path, device):
    p = subprocess.run([str(binary), "compile", str(path), "--device", device, "--strip-hash", "--body-only"],
                       capture_output=True, text=True, cwd=ROOT)
    return p.returncode, p.stdout, p.stderr


def compare_compile(a, root):
    """--compile: every case file and generated kernel, cuda and cpu, output and exit status."""
    files = sorted(p.relative_to(ROOT) for d in a.sources for p in (ROOT / d).rglob("*.py"))
    files += generated_sources(a.old, root, a.generated, a.jobs)
    jobs = [(f, dev) for f in files for dev in ("cuda", "cpu")]
    with ThreadPoolExecutor(max_workers=a.jobs) as pool:
        old = list(pool.map(lambda j: compile_output(a.old, *j), jobs))
        new = list(pool.map(lambda j: compile_output(a.new, *j), jobs))
    out = [f"compile {f} --device {dev}: " + ("exit status differs" if o[0] != n[0] else "output differs")
           for (f, dev), o, n in zip(jobs, old, new) if o != n]
    rejected = sum(1 for o in old if o[0] != 0)
    print(f"compile: {len(jobs)} compilations ({len(files)} files x 2 devices; {rejected} rejected by OLD)",
          file=sys.stderr)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("old", help="the reference warpsynth (or, with --dirs, its dataset folder)")
    ap.add_argument("new", help="the warpsynth under test (or, with --dirs, its dataset folder)")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--dirs", action="store_true", help="OLD and NEW are dataset folders already generated")
    mode.add_argument("--configs", action="store_true", help="seven small datasets of other configurations")
    mode.add_argument("--compile", action="store_true", help="compile every case file and generated kernel")
    ap.add_argument("--generated", type=int, default=200, metavar="N",
                    help="--compile: N generated kernels of each of the three mixes (default 200)")
    ap.add_argument("--sources", nargs="+", default=CASE_DIRS, metavar="DIR",
                    help="--compile: folders of .py files, relative to the repository (default: "
                         + ", ".join(CASE_DIRS) + ")")
    ap.add_argument("--count", type=int, default=1000000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--device", default="cuda", choices=["cuda", "cpu", "both"])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--keep", metavar="DIR", help="generate into DIR/old and DIR/new and keep them")
    a = ap.parse_args()
    if a.dirs:
        diffs = compare(Path(a.old), Path(a.new))
    else:
        a.old, a.new = Path(a.old).resolve(), Path(a.new).resolve()
        with tempfile.TemporaryDirectory(prefix="same_output.") as tmp:
            root = Path(a.keep) if a.keep else Path(tmp)
            if a.configs:
                diffs = compare_configs(a, root)
            elif a.compile:
                diffs = compare_compile(a, root)
            else:
                options = ["--count", str(a.count), "--seed", str(a.seed), "--device", a.device]
                generate(a.old, root / "old", options, a.jobs)
                generate(a.new, root / "new", options, a.jobs)
                diffs = compare(root / "old", root / "new")
    for d in diffs:
        print(d)
    print("same" if not diffs else f"DIFFERENT: {len(diffs)} difference(s)")
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
