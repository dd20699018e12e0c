"""Acceptance test of the kernel synthesizer (issue 4).

Synthesizes COUNT kernels from a seed (a fixed number, or `date` for today's date as
YYYYMMDD), runs every file through real Warp (tools/warp_reference.py, the pinned
warp-lang of tests/requirements.txt) and through `warpsynth compile F --device D
--strip-hash --body-only` for D in cuda and cpu, and requires that Warp accepts every
file and that warpsynth's BODY is byte-identical to Warp's.

It never filters kernels: a construct warpsynth does not support yet is a failure. The
report groups failures by construct (the Python line behind the first differing C++
line, or warpsynth's error message), so the compiler engineers can read it as a bug list.

  acceptance.py --synth-dump PATH --warpsynth PATH --seed N|date --count N --work DIR [--jobs J]
  acceptance.py ... --each-idiom --count K   (K kernels rooted at every idiom of the library)
  acceptance.py ... --categories a,b         (only those categories' kernels)

Runs under the tests' Python (WS_PYTHON); exits 1 on any failure, including a missing
or mismatched Warp.
"""
import argparse
import collections
import concurrent.futures
import datetime
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "diff"))
import harness  # noqa: E402  (shared with the differential tests: pinned Warp, diffs)

DEVICES = ("cuda", "cpu")
LINE_COMMENT = re.compile(r"//\s?(?:adj: )?(.*?)\s+<L (\d+)>\s*$")
CALL = re.compile(r"\b(wp\.\w+|float|int|min|max|abs|len|range)\(")


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--synth-dump", required=True)
    ap.add_argument("--warpsynth", default="")
    ap.add_argument("--seed", required=True, help="an integer, or `date` (today as YYYYMMDD)")
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--work", required=True)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--examples", type=int, default=2, help="examples shown per construct")
    ap.add_argument("--categories", default="", help="comma-separated categories (default: all)")
    ap.add_argument("--each-idiom", action="store_true",
                    help="instead of a seed's stream: COUNT kernels rooted at each idiom of the library "
                         "(float32 and float64 alternately)")
    return ap.parse_args()


def classify_line(line):
    """A short name for the construct on one Python line: statement kind and builtins."""
    s = line.strip()
    calls = sorted(set(CALL.findall(s)))
    if s.startswith(("for ", "while ", "if ", "elif ", "else", "return", "break", "continue")):
        kind = s.split()[0].rstrip(":")
        if kind == "for":
            m = re.search(r"range\((.*)\):", s)
            nargs = 0 if not m else len([a for a in re.split(r",(?![^()]*\))", m.group(1)) if a.strip()])
            kind = f"for range({nargs} args)"
            calls = [c for c in calls if c != "range"]
        elif kind == "while" and s.startswith("while True"):
            kind = "while True"
    elif re.match(r"^[\w, ]+ = \w+\(.*\)$", s) and "," in s.split("=")[0]:
        kind = "tuple unpack"
    elif re.match(r"^[\w.]+\[.*\]\s*[-+*/]=", s):
        kind = "aug-assign to element"
    elif re.match(r"^[\w.]+\[.*\]\s*=", s):
        kind = "store to element"
    elif re.match(r"^\w+\.\w+\s*[-+*/]?=", s):
        kind = "attribute assign"
    elif re.match(r"^\w+\s*[-+*/%]=", s):
        kind = "aug-assign"
    elif re.match(r"^\w+\s*=", s):
        kind = "assign"
    elif re.match(r"^(def|@)", s):
        kind = "signature"
    else:
        kind = "call statement" if calls else "statement"
    ops = [o for o in ("**", "//", "%", " @ ", "<<", ">>", "~", " if ") if o in s]
    text = kind
    if calls:
        text += ": " + ", ".join(calls)
    if ops:
        text += " [" + " ".join(o.strip() for o in ops) + "]"
    return text


def locate(expected, index):
    """The Python line number behind C++ line `index` (0-based): the nearest source comment above."""
    for i in range(min(index, len(expected) - 1), -1, -1):
        m = LINE_COMMENT.search(expected[i])
        if m:
            return int(m.group(2))
        if expected[i].startswith(("static CUDA_CALLABLE", "extern \"C\" __global__", "void ", "// ")) and i < index:
            break
    return None


def mismatch_construct(source_lines, expected, actual):
    a, b = expected.splitlines(), actual.splitlines()
    first = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    exp_line = a[first] if first < len(a) else "<end of output>"
    act_line = b[first] if first < len(b) else "<end of output>"
    py = locate(a, first)
    if py is not None and 1 <= py <= len(source_lines):
        construct = classify_line(source_lines[py - 1])
        where = py
    else:
        # Declarations, signatures, struct definitions: name the C++ line's shape.
        shape = re.sub(r"\b(var|adj)_\w+", "VAR", exp_line.strip())
        shape = re.sub(r"\d+", "N", shape)
        construct = "C++ outside any Python line: " + shape[:90]
        where = None
    return construct, where, exp_line, act_line, first + 1


def error_construct(stderr):
    m = re.search(r":(\d+):(\d+): error: (.*)", stderr)
    if not m:
        return "warpsynth error: " + (stderr.strip().splitlines() or ["<no message>"])[-1][:120], None
    msg = re.sub(r"in (kernel|function) '[^']*': ", "", m.group(3))
    msg = re.sub(r"\b\d+\b", "N", msg)
    return "unsupported: " + msg[:140], int(m.group(1))


def main():
    args = parse_args()
    seed = int(datetime.date.today().strftime("%Y%m%d")) if args.seed == "date" else int(args.seed)
    print(f"synth acceptance: seed {seed}, {args.count} kernels, devices {','.join(DEVICES)}")
    try:
        version = harness.check_warp_pin()
    except harness.HarnessError as e:
        print(f"FAIL: {e}")
        return 1
    if not args.warpsynth or not os.path.isfile(args.warpsynth):
        print(f"FAIL: warpsynth executable not found ({args.warpsynth or 'no CMake target `warpsynth`'})")
        return 1

    work = os.path.abspath(args.work)
    args.warpsynth = os.path.abspath(args.warpsynth)
    args.synth_dump = os.path.abspath(args.synth_dump)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    dump = [args.synth_dump, "--count", str(args.count), "--seed", str(seed), "--out", work, "--jobs", str(args.jobs)]
    if args.each_idiom:
        dump.append("--each-idiom")
    if args.categories:
        dump += ["--categories", args.categories]
    subprocess.run(dump, check=True)
    kernels = json.load(open(os.path.join(work, "kernels.json")))
    files = [k["file"] for k in kernels]
    categories = collections.Counter(k["category"] for k in kernels)
    print(f"  {len(files)} kernels; per category: " + ", ".join(f"{c} {n}" for c, n in sorted(categories.items())))
    expected = set(args.categories.split(",")) if args.categories else set(
        subprocess.run([args.synth_dump, "--list-categories"], check=True, capture_output=True,
                       text=True).stdout.split())
    if set(categories) != expected and not args.each_idiom:
        print(f"FAIL: categories {sorted(categories)} among {len(files)} kernels (expected {sorted(expected)})")
        return 1

    # Warp's reference for every file and device, in one process (cwd = work dir, relative
    # names: Warp prints cwd + "/" + path in its line comments, and so does warpsynth).
    with open(os.path.join(work, "files.list"), "w") as f:
        f.write("\n".join(files) + "\n")
    env = dict(os.environ, WARP_REFERENCE_PY=sys.executable)
    ref = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "warp_reference.py"), "--batch", "files.list",
                          "--out", "ref", "--device", ",".join(DEVICES)], cwd=work, env=env,
                         capture_output=True, text=True)
    if ref.returncode != 0:
        print(f"FAIL: warp_reference.py exited {ref.returncode}: {ref.stderr.strip()[-500:]}")
        return 1

    def run(item):
        file, device = item
        try:
            p = subprocess.run([args.warpsynth, "compile", file, "--device", device, "--strip-hash", "--body-only"],
                               cwd=work, capture_output=True, timeout=120)
            return item, p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            return item, None, "", "timeout"

    items = [(f, d) for f in files for d in DEVICES]
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(run, items))

    status = collections.Counter()
    groups = collections.defaultdict(list)  # construct -> [(file, device, detail...)]
    rejected = []
    for (file, device), rc, out, err in results:
        stem = os.path.splitext(file)[0]
        kind, ref_text = harness.reference(os.path.join(work, "ref"), stem, device)
        source_lines = open(os.path.join(work, file), encoding="utf-8").read().splitlines()
        if kind == "err":
            status["warp_rejected"] += 1
            rejected.append((file, device, ref_text.strip()))
            continue
        if rc is None:
            status["timeout"] += 1
            groups["timeout"].append((file, device, None, "", ""))
        elif rc < 0 or rc >= 128:
            status["crashed"] += 1
            groups[f"crash (exit {rc})"].append((file, device, None, err.strip()[-200:], ""))
        elif rc != 0:
            status["unsupported"] += 1
            construct, line = error_construct(err)
            src = source_lines[line - 1].strip() if line and 1 <= line <= len(source_lines) else ""
            groups[construct].append((file, device, line, src, ""))
        elif out == ref_text:
            status["identical"] += 1
        else:
            status["mismatched"] += 1
            construct, line, exp, act, cpp_line = mismatch_construct(source_lines, ref_text, out)
            src = source_lines[line - 1].strip() if line else ""
            groups[construct].append((file, device, line, src, f"C++ line {cpp_line}\n          warp:      {exp.strip()}\n          warpsynth: {act.strip()}"))

    total = len(items)
    report = [f"synth acceptance: seed {seed}, {len(files)} kernels x {len(DEVICES)} devices = {total} compilations "
              f"(warp-lang {version})",
              "  " + ", ".join(f"{k} {status[k]}" for k in
                               ("identical", "mismatched", "unsupported", "crashed", "timeout", "warp_rejected"))]
    for file, device, why in rejected[:20]:
        report.append(f"  WARP REJECTED {file} [{device}]: {why[:300]}")
    if groups:
        report.append("Failures by construct (most frequent first):")
    for construct, cases in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        files_hit = len({c[0] for c in cases})
        report.append(f"  [{len(cases)} compilations, {files_hit} files] {construct}")
        for file, device, line, src, detail in cases[:args.examples]:
            where = f"{file}:{line}" if line else file
            report.append(f"      e.g. {where} [{device}]" + (f": {src}" if src else ""))
            if detail:
                report.append(f"          {detail}")
    text = "\n".join(report) + "\n"
    with open(os.path.join(work, "report.txt"), "w") as f:
        f.write(text)
    print(text)
    ok = status["identical"] == total
    print("PASS" if ok else f"FAIL ({total - status['identical']} of {total} compilations differ from Warp; "
                             f"report in {os.path.join(work, 'report.txt')})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
