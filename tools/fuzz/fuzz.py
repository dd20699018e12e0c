#!/usr/bin/env python3
"""Differential fuzzer: mutants of real Warp files through real Warp and warpsynth.

  fuzz.py --out DIR [--seed S] [--count N] [--jobs J] [--seeds corpus,cases,suite]
          [--warpsynth BIN] [--devices cuda,cpu] [--fail-on crash,mismatch]

Seeds: tests/corpus, tests/cases and (with `suite`) standalone copies of the installed Warp's
own tests and examples, made at run time in DIR/work by tools/warp_suite/sanitize.py (never
in the repository). Only seeds on which both sides agree byte for byte on every device are
mutated. Each mutant (mutate.py: 1-3 mutations of one seed) goes through Warp (one
`warp_reference.py --batch` process per batch of mutants) and warpsynth, per device, and gets
the worst verdict over devices (run.py): crash, mismatch, warp_rejects, ws_rejects, warp_none,
both_reject, match. Every finding is kept in DIR/findings/<kind>/; one per (kind, detail)
group is minimised (minimize.py) into DIR/repro/<kind>/. DIR/summary.txt has the counts by
kind and by mutation category. Mutant i depends only on --seed, i and the qualified seeds.
Exit status 1 when a kind of --fail-on was found (crash and mismatch by default).
"""
import argparse
import collections
import difflib
import json
import multiprocessing
import os
import random
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import known  # noqa: E402
import minimize  # noqa: E402
import mutate  # noqa: E402
import run  # noqa: E402

ROOT = run.ROOT
FINDINGS = ("crash", "mismatch", "warp_rejects", "ws_rejects", "warp_none")


def collect_seeds(kinds, work):
    """{name: text} of the seed files, in a fixed order."""
    paths = []
    if "corpus" in kinds:
        paths += sorted(os.path.join(r, f) for r, _, fs in os.walk(os.path.join(ROOT, "tests", "corpus"))
                        for f in fs if f.endswith(".py"))
    if "cases" in kinds:
        paths += sorted(os.path.join(r, f) for r, _, fs in os.walk(os.path.join(ROOT, "tests", "cases"))
                        for f in fs if f.endswith(".py"))
    if "suite" in kinds:
        suite = os.path.join(work, "suite")
        if not os.path.isdir(suite):
            subprocess.run([sys.executable, os.path.join(ROOT, "tools", "warp_suite", "sanitize.py"),
                            "--out", suite], check=True, cwd=work, capture_output=True)
        paths += sorted(os.path.join(suite, f) for f in os.listdir(suite) if f.endswith(".py"))
    seeds = {}
    for p in paths:
        name = "s_" + re.sub(r"\W", "_", os.path.relpath(p, ROOT if p.startswith(ROOT) else work)[:-3])
        with open(p, encoding="utf-8") as f:
            seeds[name] = f.read()
    return seeds


def chunks(items, n):
    return [items[i:i + n] for i in range(0, len(items), n)]


class Job:
    """What a worker process needs (picklable)."""

    def __init__(self, a, seeds, work):
        self.out, self.seed, self.devices = a.out, a.seed, a.devices.split(",")
        self.binary, self.python, self.work = a.warpsynth, a.python, work
        self.seeds, self.names = seeds, sorted(seeds)
        self.ws_timeout, self.memory_mb = a.timeout, a.memory_mb


def qualify_batch(args):
    job, names = args
    d = os.path.join(job.work, f"qualify_{names[0]}")
    os.makedirs(d, exist_ok=True)
    files = []
    for n in names:
        with open(os.path.join(d, n + ".py"), "w", encoding="utf-8") as f:
            f.write(job.seeds[n])
        files.append(n + ".py")
    res = run.evaluate(files, d, job.devices, job.binary, python=job.python,
                       ws_timeout=job.ws_timeout, memory_mb=job.memory_mb)
    shutil.rmtree(d, ignore_errors=True)
    return {n: (res[n + ".py"]["kind"], res[n + ".py"]["detail"]) for n in names}


def make_mutant(job, i, pool):
    rng = random.Random(f"{job.seed}:{i}")
    # the repository's files and Warp's suite get an even share (suite modules are larger)
    groups = [g for g in ([n for n in pool if not n.startswith("s_suite_")],
                          [n for n in pool if n.startswith("s_suite_")]) if g]
    for _ in range(20):
        name = rng.choice(rng.choice(groups))
        r = mutate.mutant(job.seeds[name], rng)
        if r is not None:
            return name, r[0], r[1]
    return None


def save_finding(job, i, seed, cats, text, res):
    kind = res["kind"]
    d = os.path.join(job.out, "findings", kind)
    os.makedirs(d, exist_ok=True)
    base = os.path.join(d, f"m{i:07d}")
    with open(base + ".py", "w", encoding="utf-8") as f:
        f.write(text)
    info = {"mutant": i, "seed": seed, "categories": cats, "kind": kind, "detail": res["detail"],
            "device": res["device"], "sides": {}}
    for dev, (wp, ws) in res["sides"].items():
        info["sides"][dev] = {"warp": wp.to_json(), "warpsynth": ws.to_json(),
                              "verdict": list(res["per_device"][dev])}
        if res["per_device"][dev][0] == "mismatch":
            info["sides"][dev]["diff"] = "".join(difflib.unified_diff(
                wp.text.splitlines(True), ws.text.splitlines(True), "warp", "warpsynth", n=2))[:20000]
    info["known"] = known.classify(text, info)
    with open(base + ".json", "w") as f:
        json.dump(info, f, indent=1)
    return info["known"]


def mutant_batch(args):
    job, pool, indices = args
    d = os.path.join(job.work, f"batch_{indices[0]:07d}")
    os.makedirs(d, exist_ok=True)
    made = {}
    for i in indices:
        m = make_mutant(job, i, pool)
        if m is None:
            continue
        made[i] = m
        with open(os.path.join(d, f"m{i:07d}.py"), "w", encoding="utf-8") as f:
            f.write(m[1])
    res = run.evaluate([f"m{i:07d}.py" for i in made], d, job.devices, job.binary, python=job.python,
                       ws_timeout=job.ws_timeout, memory_mb=job.memory_mb)
    records = []
    for i, (seed, text, cats) in made.items():
        r = res[f"m{i:07d}.py"]
        issue = save_finding(job, i, seed, cats, text, r) if r["kind"] in FINDINGS else None
        records.append({"i": i, "seed": seed, "cats": cats, "kind": r["kind"], "detail": r["detail"],
                        "device": r["device"], "known": issue})
    shutil.rmtree(d, ignore_errors=True)
    return records


def minimise_one(args):
    job, kind, i, rec = args
    src = os.path.join(job.out, "findings", kind, f"m{i:07d}.py")
    with open(src, encoding="utf-8") as f:
        text = f.read()
    work = os.path.join(job.work, f"min_{i:07d}")
    t0 = time.time()
    small, rounds = minimize.minimise(text, (kind, "" if kind == "mismatch" else rec["detail"]), work,
                                      job.devices, job.binary, job.python)
    shutil.rmtree(work, ignore_errors=True)
    d = os.path.join(job.out, "repro", kind)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, f"m{i:07d}.py"), "w", encoding="utf-8") as f:
        f.write(small)
    return i, len(text.splitlines()), len(small.splitlines()), rounds, time.time() - t0


def summarise(records, qualified, rejected_seeds, minimised, elapsed):
    by_kind = collections.Counter(r["kind"] for r in records)
    new = collections.Counter(r["kind"] for r in records if not r.get("known"))
    lines = [f"mutants: {len(records)} from {len(qualified)} qualified seeds ({len(rejected_seeds)} "
             f"seeds where the two sides already disagree were not used), {elapsed:.0f} s", "",
             "by kind (all / not explained by a known issue of known.py):"]
    for k in run.SEVERITY:
        lines.append(f"  {k:13s} {by_kind.get(k, 0):7d} {new.get(k, 0):7d}")
    issues = collections.Counter((r["known"], r["kind"]) for r in records if r.get("known"))
    if issues:
        lines += ["", "known, being fixed elsewhere (known.py):"]
        for (issue, kind), n in sorted(issues.items()):
            ex = next(r for r in records if r.get("known") == issue and r["kind"] == kind)
            m = minimised.get(ex["i"])
            where = f"repro/{kind}/m{ex['i']:07d}.py" if m else f"findings/{kind}/m{ex['i']:07d}.py"
            lines.append(f"  {n:6d}  {kind:12s} {issue}  [e.g. {where}]")
    cats = sorted({c for r in records for c in r["cats"]})
    lines += ["", "by mutation category (a mutant counts once per category it used):",
              "  " + f"{'category':16s}" + "".join(f"{k[:12]:>13s}" for k in run.SEVERITY)]
    for c in cats:
        cnt = collections.Counter(r["kind"] for r in records if c in r["cats"])
        lines.append("  " + f"{c:16s}" + "".join(f"{cnt.get(k, 0):13d}" for k in run.SEVERITY))
    for kind in FINDINGS:
        groups = collections.defaultdict(list)
        for r in records:
            if r["kind"] == kind and not r.get("known"):
                groups[r["detail"]].append(r)
        if not groups:
            continue
        lines += ["", f"{kind} ({new[kind]} not known), by detail:"]
        for detail, rs in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            ex = rs[0]
            m = minimised.get(ex["i"])
            where = f"repro/{kind}/m{ex['i']:07d}.py ({m[1]}->{m[2]} lines)" if m else f"findings/{kind}/m{ex['i']:07d}.py"
            lines.append(f"  {len(rs):6d}  {detail or '-'}  [{ex['device']}; e.g. {where}; "
                         f"seed {ex['seed']}; {'+'.join(ex['cats'])}]")
    return "\n".join(lines) + "\n", by_kind, new


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--start", type=int, default=0, help="first mutant index (to extend a campaign)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--batch", type=int, default=100, help="mutants per Warp process")
    ap.add_argument("--seeds", default="corpus,cases,suite")
    ap.add_argument("--seed-filter", metavar="REGEX", help="only seeds whose name (s_tests_corpus_t1_scalar_01_axpby, "
                    "s_suite_tests__test_mesh, ...) matches")
    ap.add_argument("--devices", default="cuda,cpu")
    ap.add_argument("--warpsynth", default=os.path.join(ROOT, "build", "src", "cli", "warpsynth"))
    ap.add_argument("--python", default=sys.executable, help="Python with the pinned warp-lang")
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds per warpsynth run")
    ap.add_argument("--memory-mb", type=int, default=4096, help="address-space limit of warpsynth "
                    "(not applied to a sanitizer build)")
    ap.add_argument("--minimise", default="crash,mismatch,warp_rejects,ws_rejects",
                    help="kinds whose groups get a minimised reproducer (one per kind and detail)")
    ap.add_argument("--minimise-known", action="store_true", help="also minimise findings of known.py's issues")
    ap.add_argument("--fail-on", default="crash,mismatch", help="kinds that fail the run (unless known.py explains them)")
    ap.add_argument("--reuse-seeds", metavar="SEEDS_JSON", help="take the qualified seeds from an earlier "
                    "run's DIR/seeds.json instead of qualifying them again")
    ap.add_argument("--keep-work", action="store_true")
    a = ap.parse_args(argv)
    a.out = os.path.abspath(a.out)
    a.warpsynth = os.path.abspath(a.warpsynth)
    if not os.access(a.warpsynth, os.X_OK):
        ap.error(f"no warpsynth at {a.warpsynth} (--warpsynth)")
    if subprocess.run([a.python, "-c", "import warp"], capture_output=True).returncode != 0:
        ap.error(f"{a.python} cannot import warp (--python)")
    if run.is_sanitized(a.warpsynth):
        a.memory_mb = 0  # ASan reserves terabytes of address space
    t0 = time.time()
    work = os.path.join(a.out, "work")
    os.makedirs(work, exist_ok=True)
    for sub in ("findings", "repro"):
        shutil.rmtree(os.path.join(a.out, sub), ignore_errors=True)
    seeds = collect_seeds(a.seeds.split(","), a.out)  # the suite copies stay in DIR/suite
    if a.seed_filter:
        seeds = {n: t for n, t in seeds.items() if re.search(a.seed_filter, n)}
    job = Job(a, seeds, work)
    with multiprocessing.Pool(a.jobs) as pool:
        if a.reuse_seeds:  # the qualification of an earlier run with the same seeds and binaries
            with open(a.reuse_seeds) as f:
                prior = json.load(f)
            qualified = [n for n in prior["qualified"] if n in seeds]
            rejected = prior["not_used"]
        else:
            verdicts = {}
            for part in pool.imap_unordered(qualify_batch, [(job, c) for c in chunks(job.names, 40)]):
                verdicts.update(part)
            qualified = [n for n in job.names if verdicts[n][0] == "match"]
            rejected = {n: list(v) for n, v in verdicts.items() if v[0] != "match"}
        with open(os.path.join(a.out, "seeds.json"), "w") as f:
            json.dump({"qualified": qualified, "not_used": rejected}, f, indent=1)
        print(f"fuzz: {len(qualified)} of {len(seeds)} seeds qualified ({time.time() - t0:.0f} s)", flush=True)
        if not qualified:
            print("fuzz: no seed on which Warp and warpsynth agree", file=sys.stderr)
            return 2
        indices = list(range(a.start, a.start + a.count))
        records, last = [], time.time()
        for part in pool.imap_unordered(mutant_batch, [(job, qualified, c) for c in chunks(indices, a.batch)]):
            records += part
            if time.time() - last > 30 or len(records) == len(indices):
                last = time.time()
                cnt = collections.Counter(r["kind"] for r in records)
                print(f"fuzz: {len(records)}/{len(indices)} mutants, {time.time() - t0:.0f} s: "
                      + ", ".join(f"{k} {cnt[k]}" for k in run.SEVERITY if cnt[k]), flush=True)
        records.sort(key=lambda r: r["i"])
        with open(os.path.join(a.out, "mutants.jsonl"), "w") as f:
            for r in records:
                f.write(json.dumps(r) + "\n")
        firsts = {}
        for r in records:
            if r["kind"] in a.minimise.split(",") and r["kind"] in FINDINGS and (a.minimise_known or not r["known"]):
                firsts.setdefault((r["kind"], r["detail"], r["known"]), r)
        minimised = {}
        for i, n0, n1, rounds, secs in pool.imap_unordered(
                minimise_one, [(job, k, r["i"], r) for (k, _, _), r in sorted(firsts.items(), key=lambda kv: kv[1]["i"])]):
            minimised[i] = (rounds, n0, n1)
    text, by_kind, new = summarise(records, qualified, rejected, minimised, time.time() - t0)
    with open(os.path.join(a.out, "summary.txt"), "w") as f:
        f.write(text)
    with open(os.path.join(a.out, "summary.json"), "w") as f:
        json.dump({"seed": a.seed, "start": a.start, "count": a.count, "by_kind": by_kind, "not_known": new,
                   "elapsed_s": round(time.time() - t0)}, f, indent=1)
    if not a.keep_work:
        shutil.rmtree(work, ignore_errors=True)
    print(text)
    bad = {k: new.get(k, 0) for k in a.fail_on.split(",") if new.get(k, 0)}
    if bad:
        print(f"fuzz: FAILED: {bad} (see {a.out}/findings and {a.out}/repro)", file=sys.stderr)
        return 1
    print(f"fuzz: no {' or '.join(a.fail_on.split(','))} (other than known issues) in {len(records)} mutants")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
