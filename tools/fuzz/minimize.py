"""Delta debugging of a finding: the smallest file (by statements, then lines) that keeps the
same disagreement (kind, and for crashes and validity disagreements the same normalised
detail). Every round's candidates go through one Warp batch process.
"""
import ast
import os
import re
import time

import run


def key(result):
    """What a reduced file must preserve: the kind, plus the detail except for mismatches."""
    return (result["kind"], "" if result["kind"] == "mismatch" else result["detail"])


def units(text):
    """Line ranges (0-based, end exclusive) of every statement, decorators included."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return []
    out = []
    for n in ast.walk(tree):
        if isinstance(n, ast.stmt):
            first = min([n.lineno] + [d.lineno for d in getattr(n, "decorator_list", [])])
            out.append((first - 1, n.end_lineno))
    return sorted(set(out))


def fix_empty_blocks(lines):
    """Insert `pass` under a block header left without an indented body."""
    out = []
    for i, line in enumerate(lines):
        out.append(line)
        code = line.split("#")[0].rstrip()
        if not code.endswith(":"):
            continue
        ind = len(line) - len(line.lstrip())
        nxt = next((l for l in lines[i + 1:] if l.strip() and not l.lstrip().startswith("#")), None)
        if nxt is None or len(nxt) - len(nxt.lstrip()) <= ind:
            out.append(" " * (ind + 4) + "pass\n")
    return out


def without(lines, ranges):
    drop = set()
    for a, b in ranges:
        drop.update(range(a, b))
    kept = [l for i, l in enumerate(lines) if i not in drop]
    return "".join(fix_empty_blocks(kept))


def valid(text):
    try:
        ast.parse(text)
        return True
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False


class Reducer:
    def __init__(self, workdir, devices, binary, python, want, budget_s=300, log=None):
        self.workdir, self.devices, self.binary, self.python = workdir, devices, binary, python
        self.want, self.deadline, self.rounds, self.log = want, time.time() + budget_s, 0, log
        os.makedirs(workdir, exist_ok=True)

    def first_keeping(self, texts):
        """Index of the first candidate text that keeps the finding, or None."""
        cands = [(i, t) for i, t in enumerate(texts) if valid(t)]
        if not cands or time.time() > self.deadline:
            return None
        self.rounds += 1
        names = []
        for i, t in cands:
            name = f"r{self.rounds:03d}_{i:04d}.py"
            with open(os.path.join(self.workdir, name), "w", encoding="utf-8") as f:
                f.write(t)
            names.append(name)
        res = run.evaluate(names, self.workdir, self.devices, self.binary, python=self.python)
        for (i, _), name in zip(cands, names):
            os.remove(os.path.join(self.workdir, name))
            if key(res[name]) == self.want:
                return i
        return None

    def ddmin_statements(self, text):
        n = 2
        while True:
            lines = text.splitlines(True)
            us = units(text)
            if len(us) < 1 or time.time() > self.deadline:
                return text
            n = min(n, len(us))
            chunks = [us[i * len(us) // n:(i + 1) * len(us) // n] for i in range(n)]
            cands = [without(lines, c) for c in chunks if c]
            cands = [c for c in cands if c != text]
            i = self.first_keeping(cands)
            if i is not None:
                text = cands[i]
                n = max(n - 1, 2)
                continue
            if n >= len(us):
                return text
            n = min(2 * n, len(us))

    def unwrap(self, text):
        """Replace compound statements (if/for/while/with) by their dedented body."""
        changed = True
        while changed and time.time() < self.deadline:
            changed = False
            try:
                tree = ast.parse(text)
            except SyntaxError:
                return text
            lines = text.splitlines(True)
            cands = []
            for n in ast.walk(tree):
                if isinstance(n, (ast.If, ast.For, ast.While, ast.With)) and n.body:
                    head = n.body[0].lineno - 1
                    ind = len(lines[n.lineno - 1]) - len(lines[n.lineno - 1].lstrip())
                    end = n.body[-1].end_lineno
                    body = [re.sub(r"^ {4}", "", l) if l.strip() else l for l in lines[head:end]]
                    if any(l.strip() and len(l) - len(l.lstrip()) < ind for l in body):
                        continue
                    cands.append("".join(lines[:n.lineno - 1] + body + lines[n.end_lineno:]))
            i = self.first_keeping(cands)
            if i is not None:
                text, changed = cands[i], True
        return text

    def reduce(self, text):
        text = self.ddmin_statements(text)
        text = self.unwrap(text)
        return self.ddmin_statements(text)


def minimise(text, want, workdir, devices, binary, python, budget_s=300):
    """(reduced text, rounds)."""
    r = Reducer(workdir, devices, binary, python, want, budget_s)
    tidy = re.sub(r"\n{3,}", "\n\n", text)
    if tidy != text and r.first_keeping([tidy]) == 0:
        text = tidy
    return r.reduce(text), r.rounds


def main(argv):
    """minimize.py FINDING.py --warpsynth BIN --out SMALL.py: minimise one kept finding again
    (its FINDING.json beside it gives the kind and detail to keep)."""
    import argparse
    import json
    import sys
    ap = argparse.ArgumentParser(description="minimise one finding of fuzz.py")
    ap.add_argument("finding")
    ap.add_argument("--warpsynth", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--devices", default="cuda,cpu")
    ap.add_argument("--budget", type=float, default=600, help="seconds")
    a = ap.parse_args(argv)
    with open(a.finding[:-3] + ".json") as f:
        info = json.load(f)
    with open(a.finding, encoding="utf-8") as f:
        text = f.read()
    want = (info["kind"], "" if info["kind"] == "mismatch" else info["detail"])
    work = os.path.abspath(a.out) + ".work"
    small, rounds = minimise(text, want, work, a.devices.split(","), os.path.abspath(a.warpsynth),
                             sys.executable, a.budget)
    import shutil
    shutil.rmtree(work, ignore_errors=True)
    with open(a.out, "w", encoding="utf-8") as f:
        f.write(small)
    print(f"minimize: {len(text.splitlines())} -> {len(small.splitlines())} lines in {rounds} rounds: {a.out}")


if __name__ == "__main__":
    import sys
    main(sys.argv[1:])
