#!/usr/bin/env python3
"""How close generated Warp kernels are to the ones people write.

    .venv/bin/python tools/realism/compare.py GENERATED_DATASET [--real NAME=PATH ...]
        [--warpsynth build/src/cli/warpsynth] [--scratch DIR] [--folds 5] [--seed 0] [--json OUT]

Copies the .py files of the installed warp-lang's own `warp/tests` and `warp/examples` to a
scratch folder (a temporary one by default; never inside the repository), runs
`warpsynth health --per-file --with-source` on the generated dataset, on that copy and on every
`--real` folder, and prints:

1. the code-health rates side by side (every figure is computed by warpsynth, src/analysis: one
   definition of each metric, in C++);
2. every style/shape distribution with its Jensen-Shannon divergence (base 2: 0 = the same
   distribution, 1 = disjoint) from Warp's, for the generated data and for each --real folder;
3. a realism classifier: multinomial naive Bayes on bag-of-token-n-grams (n = 1..3) of each kernel's
   source from its `def` line (decorators left out), 5-fold cross-validated, separating generated kernels from Warp's. Accuracy and AUC of
   0.5 mean indistinguishable. Three views: raw tokens; identifiers, numbers and strings abstracted;
   abstracted with comments and docstrings removed (what is left is structure).

Standard library and numpy only.
"""
import argparse
import io
import json
import keyword
import math
import random
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
import tokenize
from collections import Counter
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[2]

# Code-health rows: (label, key of warpsynth's code_health, format).
HEALTH_ROWS = [
    ("files", "files", "{:.0f}"),
    ("kernels", "kernels", "{:.0f}"),
    ("@wp.func helpers", "helpers", "{:.0f}"),
    ("assigned names never read (dead stores)", "dead_store_rate", "pct"),
    ("kernels with a dead store", "kernels_with_dead_store_share", "pct"),
    ("files with a dead store", "files_with_dead_store_share", "pct"),
    ("kernel parameters never used", "unused_kernel_param_rate", "pct"),
    ("@wp.func parameters ignored", "ignored_helper_param_rate", "pct"),
    ("degenerate expressions per kernel", "degenerate_per_kernel", "{:.3f}"),
    ("degenerate expressions per file", "degenerate_per_file", "{:.3f}"),
    ("kernels with a docstring", "kernel_docstring_share", "pct"),
    ("kernels with a docstring or comment", "kernels_documented_share", "pct"),
    ("files with a docstring or comment", "files_documented_share", "pct"),
]

KEEP_NAMES = {"wp", "warp", "range", "float", "int", "bool", "min", "max", "abs", "len", "round", "print",
              "self", "True", "False", "None"}


def fail(msg):
    sys.exit(f"compare.py: error: {msg}")


def copy_warp_sources(scratch):
    """warp/tests and warp/examples of the installed warp-lang (.py files only) under scratch/warp."""
    try:
        import warp  # noqa: F401  (only to find the package; nothing of it runs)
    except ImportError:
        fail("warp is not importable: run with the venv's python (.venv/bin/python)")
    root = Path(sys.modules["warp"].__file__).parent
    dest = scratch / "warp"
    if dest.exists():
        shutil.rmtree(dest)
    n = 0
    for sub in ("tests", "examples"):
        for f in sorted((root / sub).rglob("*.py")):
            if "__pycache__" in f.parts:
                continue
            target = dest / sub / f.relative_to(root / sub)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(f, target)
            n += 1
    if n == 0:
        fail(f"no .py files under {root}/tests or {root}/examples")
    return dest, sys.modules["warp"].__version__, n


def health(cli, path):
    """warpsynth health --per-file --with-source: (totals, [kernel sources])."""
    p = subprocess.run([str(cli), "health", str(path), "--per-file", "--with-source"], capture_output=True,
                       text=True)
    if p.returncode != 0:
        fail(f"warpsynth health {path}: exit {p.returncode}\n{p.stderr}")
    lines = p.stdout.splitlines()
    kernels = []
    for line in lines[:-1]:
        report = json.loads(line)
        for f in report.get("functions", []):
            if f["kind"] == "kernel" and not f["stub"]:
                kernels.append(f["source"])
    return json.loads(lines[-1])["totals"], kernels


def fmt_value(v, how):
    if v is None:
        return "-"
    return f"{100 * v:.1f}%" if how == "pct" else how.format(v)


def print_table(header, rows):
    widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]
    line = lambda r: "  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w) for i, (c, w) in
                               enumerate(zip(r, widths)))
    print(line(header))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print(line(r))


# ----------------------------------------------------------------------------- distributions

def js_divergence(p_counts, q_counts):
    """Jensen-Shannon divergence (base 2) of two count dictionaries."""
    keys = sorted(set(p_counts) | set(q_counts))
    p = np.array([p_counts.get(k, 0) for k in keys], dtype=float)
    q = np.array([q_counts.get(k, 0) for k in keys], dtype=float)
    if p.sum() == 0 or q.sum() == 0:
        return None
    p, q = p / p.sum(), q / q.sum()
    m = (p + q) / 2

    def kl(a, b):
        mask = a > 0
        return float(np.sum(a[mask] * np.log2(a[mask] / b[mask])))

    return 0.5 * kl(p, m) + 0.5 * kl(q, m)


def summary_of(counts):
    """Mean for numeric distributions, the most common values for the others."""
    if not counts:
        return "-"
    total = sum(counts.values())
    if all(re.fullmatch(r"-?\d+", k) for k in counts):
        mean = sum(int(k) * n for k, n in counts.items()) / total
        return f"mean {mean:.2f}"
    top = sorted(counts.items(), key=lambda kv: -kv[1])[:2]
    return ", ".join(f"{k} {100 * n / total:.0f}%" for k, n in top)


# ----------------------------------------------------------------------------- classifier

def tokens(source, abstract, drop_comments):
    """The token stream of one kernel's source (Python's tokenizer)."""
    out = []
    prev = None
    text = textwrap.dedent(source)
    # From the `def` line: decorators carry test-only options in Warp's tests (module="unique").
    text = text[max(0, text.find("\ndef ") + 1):] if not text.startswith("def ") else text
    try:
        toks = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return text.split()
    first_in_body = False
    for t in toks:
        kind, s = t.type, t.string
        if kind in (tokenize.ENDMARKER,):
            continue
        if kind == tokenize.NL:
            continue
        if kind == tokenize.COMMENT:
            if not drop_comments:
                out.append("#COMMENT" if abstract else s)
            continue
        if kind == tokenize.STRING:
            # a docstring: a string right after the INDENT that opens the body
            if drop_comments and first_in_body:
                first_in_body = False
                continue
            tok = "STR" if abstract else s
        elif kind == tokenize.NUMBER:
            tok = "NUM" if abstract else s
        elif kind == tokenize.NAME:
            keep = not abstract or s in KEEP_NAMES or prev == "." or keyword.iskeyword(s)
            tok = s if keep else "ID"
        elif kind == tokenize.INDENT:
            tok = "INDENT"
        elif kind == tokenize.DEDENT:
            tok = "DEDENT"
        elif kind == tokenize.NEWLINE:
            tok = "NEWLINE"
        else:
            tok = s
        first_in_body = kind == tokenize.INDENT
        out.append(tok)
        prev = s
    return out


def ngrams(toks, n_max=3):
    grams = Counter()
    for n in range(1, n_max + 1):
        for i in range(len(toks) - n + 1):
            grams[" ".join(toks[i:i + n])] += 1
    return grams


def auc(scores, labels):
    """Area under the ROC curve (Mann-Whitney U, ties counted half)."""
    scores, labels = np.asarray(scores), np.asarray(labels)
    order = np.argsort(scores, kind="mergesort")
    ranks = np.empty(len(scores))
    sorted_scores = scores[order]
    i = 0
    while i < len(scores):
        j = i
        while j + 1 < len(scores) and sorted_scores[j + 1] == sorted_scores[i]:
            j += 1
        ranks[order[i:j + 1]] = (i + j) / 2 + 1
        i = j + 1
    pos = labels == 1
    n_pos, n_neg = pos.sum(), (~pos).sum()
    return float((ranks[pos].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def naive_bayes_cv(docs, labels, folds, seed):
    """Multinomial naive Bayes (Laplace smoothing), stratified k-fold: (accuracy mean, std, pooled AUC)."""
    rng = random.Random(seed)
    idx = {c: [i for i, y in enumerate(labels) if y == c] for c in (0, 1)}
    fold_of = [0] * len(docs)
    for c in (0, 1):
        rng.shuffle(idx[c])
        for k, i in enumerate(idx[c]):
            fold_of[i] = k % folds
    scores = np.zeros(len(docs))
    accs = []
    for f in range(folds):
        train = [i for i in range(len(docs)) if fold_of[i] != f]
        test = [i for i in range(len(docs)) if fold_of[i] == f]
        counts = {0: Counter(), 1: Counter()}
        n_docs = Counter()
        for i in train:
            counts[labels[i]].update(docs[i])
            n_docs[labels[i]] += 1
        vocab = set(counts[0]) | set(counts[1])
        totals = {c: sum(counts[c].values()) + len(vocab) for c in (0, 1)}
        prior = math.log(n_docs[1] / n_docs[0])
        correct = 0
        for i in test:
            s = prior
            for g, n in docs[i].items():
                if g not in vocab:
                    continue
                s += n * (math.log((counts[1][g] + 1) / totals[1]) - math.log((counts[0][g] + 1) / totals[0]))
            scores[i] = s
            correct += (s > 0) == (labels[i] == 1)
        accs.append(correct / len(test))
    return float(np.mean(accs)), float(np.std(accs)), auc(scores, labels)


def telling_ngrams(docs, labels, top=12, min_docs=20):
    """The n-grams that give each side away: smoothed log-ratio of the shares of kernels that contain
    them, among n-grams found in at least `min_docs` kernels."""
    seen = {0: Counter(), 1: Counter()}
    for d, y in zip(docs, labels):
        seen[y].update(d.keys())
    n = {c: labels.count(c) for c in (0, 1)}
    scored = []
    for g in set(seen[0]) | set(seen[1]):
        if seen[0][g] + seen[1][g] < min_docs:
            continue
        r = math.log((seen[1][g] + 1) / (n[1] + 2)) - math.log((seen[0][g] + 1) / (n[0] + 2))
        scored.append((r, g, seen[1][g] / n[1], seen[0][g] / n[0]))
    scored.sort()
    return scored[::-1][:top], scored[:top]


def classify(generated, real, folds, seed):
    """Results per view, on equal numbers of distinct kernels of each side."""
    gen = sorted(set(generated))
    rea = sorted(set(real))
    n = min(len(gen), len(rea))
    rng = random.Random(seed)
    gen, rea = rng.sample(gen, n), rng.sample(rea, n)
    results = []
    for name, abstract, drop in (("raw tokens", False, False),
                                 ("identifiers, numbers, strings abstracted", True, False),
                                 ("abstracted, without comments and docstrings", True, True)):
        docs = [ngrams(tokens(s, abstract, drop)) for s in gen + rea]
        labels = [1] * n + [0] * n
        acc, std, a = naive_bayes_cv(docs, labels, folds, seed)
        results.append({"view": name, "kernels_per_side": n, "accuracy": acc, "accuracy_std": std, "auc": a})
    gen_side, real_side = telling_ngrams(docs, labels)  # of the last view: structure only
    return results, gen_side, real_side


# ----------------------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("generated", help="a dataset folder made by `warpsynth generate`")
    ap.add_argument("--real", action="append", default=[], metavar="NAME=PATH",
                    help="another folder (or dataset) of real code, shown as a column (repeatable)")
    ap.add_argument("--warpsynth", default=str(REPO / "build/src/cli/warpsynth"))
    ap.add_argument("--scratch", help="where Warp's sources are copied (default: a temporary folder)")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", help="also write every figure to this JSON file")
    args = ap.parse_args()

    cli = Path(args.warpsynth)
    if not cli.exists():
        fail(f"{cli} does not exist: build warpsynth first (cmake --build build)")
    extra = []
    for spec in args.real:
        name, sep, path = spec.partition("=")
        if not sep:
            fail(f"--real takes NAME=PATH, not {spec!r}")
        extra.append((name, Path(path)))

    tmp = None
    if args.scratch:
        scratch = Path(args.scratch).resolve()
    else:
        tmp = tempfile.TemporaryDirectory(prefix="warpsynth-realism-")
        scratch = Path(tmp.name)
    if scratch == REPO or REPO in scratch.parents:
        fail(f"--scratch {scratch} is inside the repository; Warp's sources are never copied there")
    scratch.mkdir(parents=True, exist_ok=True)
    warp_dir, warp_version, n_files = copy_warp_sources(scratch)

    columns = [("generated", Path(args.generated)), (f"warp {warp_version}", warp_dir)] + extra
    totals, kernels = {}, {}
    for name, path in columns:
        totals[name], kernels[name] = health(cli, path)
    names = [c[0] for c in columns]
    warp_name = names[1]

    print(f"Generated: {args.generated}; Warp {warp_version}'s tests and examples: {n_files} files copied to "
          f"{warp_dir}\n")
    print("Code health (warpsynth health; definitions in src/analysis/README.md)\n")
    rows = []
    for label, key, how in HEALTH_ROWS:
        rows.append([label] + [fmt_value(totals[n]["code_health"].get(key), how) for n in names])
    print_table(["measure"] + names, rows)

    print("\nDistributions: Jensen-Shannon divergence (base 2) from Warp's, and a summary of each\n")
    dists = sorted(set().union(*(totals[n]["distributions"].keys() for n in names)))
    others = [n for n in names if n != warp_name]
    rows = []
    js_all = {}
    for d in dists:
        counts = {n: totals[n]["distributions"].get(d, {}).get("counts", {}) for n in names}
        js = {n: js_divergence(counts[n], counts[warp_name]) for n in others}
        js_all[d] = js
        rows.append([d] + [f"{js[n]:.3f}" if js[n] is not None else "-" for n in others] +
                    [summary_of(counts[n]) for n in names])
    print_table(["distribution"] + [f"JS {n}" for n in others] + names, rows)

    print("\nRealism classifier: multinomial naive Bayes on token 1-3-grams of each kernel, "
          f"{args.folds}-fold cross-validation, generated vs Warp's kernels (0.5 = indistinguishable)\n")
    results, gen_side, real_side = classify(kernels["generated"], kernels[warp_name], args.folds, args.seed)
    print_table(["view", "kernels per side", "accuracy", "AUC"],
                [[r["view"], r["kernels_per_side"], f"{r['accuracy']:.3f} ± {r['accuracy_std']:.3f}",
                  f"{r['auc']:.3f}"] for r in results])
    for title, side in (("generated", gen_side), ("Warp's", real_side)):
        print(f"\nWhat gives {title} kernels away (abstracted tokens, no comments; share of kernels with it):\n")
        print_table(["n-gram", "generated", "warp"],
                    [[repr(g), f"{100 * pg:.0f}%", f"{100 * pr:.0f}%"] for _, g, pg, pr in side])

    if args.json:
        telling = {"generated": [[g, pg, pr] for _, g, pg, pr in gen_side],
                   "warp": [[g, pg, pr] for _, g, pg, pr in real_side]}
        Path(args.json).write_text(json.dumps({"columns": names, "totals": totals, "js_divergence": js_all,
                                               "classifier": results, "telling_ngrams": telling}, indent=2) + "\n")
    if tmp:
        tmp.cleanup()


if __name__ == "__main__":
    main()
