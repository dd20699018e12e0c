#!/usr/bin/env python3
"""One summary for several fuzz.py output folders (a campaign run in parts), with the
findings re-classified by the current known.py (e.g. after a rule was added or removed).

  report.py DIR [DIR...] [--out SUMMARY.txt]
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzz  # noqa: E402
import known  # noqa: E402


def load(dirs):
    records, qualified, rejected, minimised = [], set(), {}, {}
    for d in dirs:
        with open(os.path.join(d, "mutants.jsonl")) as f:
            part = [json.loads(l) for l in f]
        for r in part:
            r["dir"] = d
            if r["kind"] in fuzz.FINDINGS:
                base = os.path.join(d, "findings", r["kind"], f"m{r['i']:07d}")
                with open(base + ".json") as f:
                    info = json.load(f)
                with open(base + ".py", encoding="utf-8") as f:
                    r["known"] = known.classify(f.read(), info)
            repro = os.path.join(d, "repro", r["kind"], f"m{r['i']:07d}.py")
            if os.path.exists(repro):
                minimised[r["i"]] = (0, 0, sum(1 for _ in open(repro)))
        records += part
        with open(os.path.join(d, "seeds.json")) as f:
            s = json.load(f)
        qualified.update(s["qualified"])
        rejected.update(s["not_used"])
    return sorted(records, key=lambda r: r["i"]), sorted(qualified), rejected, minimised


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--out")
    a = ap.parse_args(argv)
    records, qualified, rejected, minimised = load(a.dirs)
    elapsed = 0
    for d in a.dirs:
        if os.path.exists(os.path.join(d, "summary.json")):  # not there while a run is minimising
            with open(os.path.join(d, "summary.json")) as f:
                elapsed += json.load(f).get("elapsed_s", 0)
    text, _, _ = fuzz.summarise(records, qualified, rejected, minimised, elapsed)
    text = f"folders: {' '.join(a.dirs)}\n" + text
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)
    print(text)


if __name__ == "__main__":
    main(sys.argv[1:])
