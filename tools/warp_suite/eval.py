#!/usr/bin/env python3
"""Measure warpsynth against Warp over the installed warp-lang's own tests and examples.

  eval.py [--out DIR] [--warpsynth BIN] [--ref-python PY] [--jobs N] [--only REGEX]
          [--skip-sanitize] [--skip-reference] [--no-peel] [--devices cuda,cpu]

Steps (see tools/warp_suite/README.md):
  1. sanitize.py copies warp/tests and warp/examples into DIR/src (static module content only);
  2. tools/reference_batch.py (tools/warp_reference.py, forgetting warp.tests.* between loads) prints Warp's BODY for every copy in one batch -> DIR/ref;
  3. `warpsynth compile F --device D --strip-hash --body-only` for every copy -> DIR/ws;
  4. each (file, device) is classified (identical, warpsynth error, MISMATCH, crash, ...);
  5. peeling: for every file warpsynth refuses, the top-level statement holding the error
     (a kernel, function, struct or module-level statement) is blanked and warpsynth is run
     again, until it accepts the file. The peeled copies (DIR/peeled) go through Warp and
     warpsynth again, which (a) checks the kernels warpsynth does accept in those files and
     (b) tells how many kernels each unsupported construct blocks, following the
     dependencies (a kernel that calls a refused function is blocked by that function's gap).
  6. DIR/report/: summary.txt, gaps.txt, errors.txt, results.json, mismatches/*.diff.

Run it with the repository's test venv (.venv/bin/python). Warp's files are only ever
copied to DIR (outside the repository).
"""
import argparse
import ast
import collections
import concurrent.futures as cf
import difflib
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the repository

KERNEL_RE = {
    "cuda": re.compile(r'^extern "C" __global__ void (\w+)_cuda_kernel_forward\(', re.M),
    "cpu": re.compile(r"^static void (\w+)_cpu_kernel_forward\(", re.M),
}
ERROR_RE = re.compile(r"^(.*?):(\d+):(\d+): error: (.*)$", re.M)

# Classes, worst first.
CLASSES = [
    ("mismatch", "MISMATCH (warpsynth output differs from Warp)"),
    ("only_warp_rejects", "Warp rejects, warpsynth prints output"),
    ("crash", "warpsynth crash (no clean error)"),
    ("timeout", "warpsynth timeout"),
    ("ref_failed", "reference produced nothing (Warp process died)"),
    ("ws_error", "warpsynth error (clean), Warp accepts"),
    ("both_reject", "both reject"),
    ("identical", "identical (>= 1 kernel)"),
    ("identical_empty", "identical, no kernels"),
]
WRONG = ("mismatch", "only_warp_rejects", "crash", "timeout")


def log(s):
    print(f"[warp_suite] {s}", file=sys.stderr, flush=True)


def default_ref_python():
    for p in (os.environ.get("WARP_REFERENCE_PY"), "/tmp/wv/bin/python", os.path.join(REPO, ".venv/bin/python")):
        if p and os.path.exists(p):
            return p
    return sys.executable


def read(p):
    try:
        with open(p, encoding="utf-8", errors="replace") as fh:
            return fh.read()
    except FileNotFoundError:
        return None


# ---------------------------------------------------------------------------------------------
# Running Warp and warpsynth


def run_reference(paths, out, devices, ref_python):
    """Warp's BODY for every path, in one batch process; if the process dies, the file it died on
    is marked `.failed` and the batch resumes after it."""
    os.makedirs(out, exist_ok=True)
    for p in paths:
        stem = os.path.basename(p)[:-3]
        for d in devices:
            for e in ("body", "err", "failed"):
                f = os.path.join(out, f"{stem}.{d}.{e}")
                if os.path.exists(f):
                    os.remove(f)
    # reference_batch.py runs directly under the reference's Python (no re-exec by warp_reference).
    env = dict(os.environ, WARP_REFERENCE_PY=ref_python, _WARP_REFERENCE_CHILD="1")

    def done(p):
        stem = os.path.basename(p)[:-3]
        return all(any(os.path.exists(os.path.join(out, f"{stem}.{d}.{e}")) for e in ("body", "err", "failed"))
                   for d in devices)

    todo, attempt = list(paths), 0
    while todo:
        lst = os.path.join(out, "list.txt")
        with open(lst, "w") as fh:
            fh.write("\n".join(todo) + "\n")
        cmd = [ref_python, os.path.join(REPO, "tools/reference_batch.py"), "--batch", lst, "--out", out,
               "--device", ",".join(devices)]
        with open(os.path.join(out, f"reference.{attempt}.log"), "w") as lf:
            r = subprocess.run(cmd, env=env, stdout=lf, stderr=subprocess.STDOUT, cwd="/")
        log(f"reference batch ({len(todo)} files): exit {r.returncode}")
        left = [p for p in todo if not done(p)]
        if not left:
            break
        if r.returncode == 2 and attempt == 0 and len(left) == len(todo):
            sys.exit(f"warp_reference failed to start, see {out}/reference.0.log")
        culprit = left[0]
        log(f"  reference died at {os.path.basename(culprit)}; resuming after it")
        for d in devices:
            with open(os.path.join(out, f"{os.path.basename(culprit)[:-3]}.{d}.failed"), "w") as fh:
                fh.write(f"reference process exited {r.returncode}\n")
        todo, attempt = left[1:], attempt + 1


def warpsynth(bin_, path, device, timeout):
    try:
        r = subprocess.run([bin_, "compile", path, "--device", device, "--strip-hash", "--body-only"],
                           capture_output=True, timeout=timeout, cwd="/")
        return r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired as e:
        return "timeout", e.stdout or b"", e.stderr or b""


def run_all_warpsynth(bin_, paths, devices, out, timeout, jobs):
    os.makedirs(out, exist_ok=True)

    def one(path, device):
        rc, so, se = warpsynth(bin_, path, device, timeout)
        base = os.path.join(out, f"{os.path.basename(path)[:-3]}.{device}")
        with open(base + ".out", "wb") as fh:
            fh.write(so)
        with open(base + ".stderr", "wb") as fh:
            fh.write(se)
        return rc

    rcs = {}
    with cf.ThreadPoolExecutor(jobs) as ex:
        futs = {ex.submit(one, p, d): (os.path.basename(p)[:-3], d) for p in paths for d in devices}
        for f in cf.as_completed(futs):
            rcs[futs[f]] = f.result()
    return rcs


# ---------------------------------------------------------------------------------------------
# Classification


def enclosing_def(src_lines, line):
    """Name of the top-level def/class whose body holds 1-based `line` (scans upward)."""
    for i in range(min(line, len(src_lines)) - 1, -1, -1):
        m = re.match(r"(?:async\s+)?(def|class)\s+(\w+)", src_lines[i])
        if m:
            return m.group(2)
        s = src_lines[i]
        if s.strip() and not s[0].isspace() and not s.startswith(("#", "@", ")", "]", "}")):
            return None
    return None


def construct(msg):
    """(category, detail) of a warpsynth error message: what construct is missing."""
    m0 = re.sub(r"^in (kernel|function) '[^']*': ", "", msg)
    pats = [
        (r"builtin '(\w+)' is not supported", "builtin not supported"),
        (r"^'(\w+)' with arguments \(.*\) is not supported", "builtin not supported"),
        (r"unsupported type annotation '(.*)'$", "type annotation not supported"),
        (r"unsupported Warp decorator '(wp\.\w+)", "decorator not supported"),
        (r"module-level call `([^`]*)`", "module-level call refused"),
        (r"couldn't find (?:function )?overload for '(\w+)'", "no matching builtin overload"),
        (r"couldn't find an overload of '(\w+)'", "no matching builtin overload"),
        (r"global '[^']*' cannot be used in a kernel: (.*)", "module global kind not supported in kernels"),
        (r"'([^']*)' cannot be used in a kernel", "Python object not supported in kernels"),
        (r"unsupported @wp.kernel option '(\w+)'", "@wp.kernel option not supported"),
        (r"could not find function (\S+) as a built-in", "function not found"),
        (r"referencing undefined symbol: (\w+)", "undefined symbol"),
        (r"'(\w+)': .*", "builtin call refused"),
    ]
    for p, cat in pats:
        m = re.search(p, m0)
        if m:
            detail = re.sub(r"(?<![\w.])\d+(?![\w.])", "N", m.group(1))
            if cat == "module global kind not supported in kernels":
                detail = re.sub(r"'[^']*'", "'…'", detail)
                detail = "expression computed at import" if re.search(r"[-+*/]", detail) and "class" not in detail \
                    else detail
            if cat == "no matching builtin overload":
                t = re.search(r"types: \[(.*)\]|arguments \((.*)\)", m0)
                detail = detail.split("'")[0]
                detail += f"({t.group(1) or t.group(2)})" if t else ""
            if cat == "builtin call refused":
                detail = m0
            return cat, detail
    return "other", re.sub(r"(?<![\w.])\d+(?![\w.])", "N", re.sub(r"'[\w.]*'", "'…'", m0))


FAMILIES = [
    (r"\btile|storage=", "tiles (wp.tile_*, tile annotations) - outside issue 3"),
    (r"mesh_|bvh_|hash_grid|volume_|Volume|Texture|texture", "geometry/volume/texture queries - outside issue 3"),
]


def family(p):
    """A coarse family for constructs outside the language coverage of issue 3, else None."""
    for pat, fam in FAMILIES:
        if re.search(pat, p["detail"]) or re.search(pat, p.get("text", "")):
            return fam
    return None


def first_diff(a, b):
    al, bl = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(al, bl)):
        if x != y:
            return i + 1, x, y
    n = min(len(al), len(bl))
    return n + 1, (al[n] if n < len(al) else "<EOF>"), (bl[n] if n < len(bl) else "<EOF>")


def units(body):
    """Top-level units of a BODY, split at `// path:line` comments and kernels: [(header, text)]."""
    out, cur, name = [], [], "<prologue>"
    for line in body.splitlines(True):
        m = re.match(r'^(?:struct wp_args_(\w+) \{|extern "C" __global__ void (\w+)_cuda_kernel_forward\()', line)
        if (line.startswith("// ") and ".py:" in line) or m:
            out.append((name, "".join(cur)))
            cur, name = [], ("kernel " + (m.group(1) or m.group(2))) if m else line.strip().split("/")[-1]
        cur.append(line)
    out.append((name, "".join(cur)))
    seen, res = collections.Counter(), []
    for n, t in out:  # a header repeats (forward and adjoint of one function)
        seen[n] += 1
        res.append((f"{n} #{seen[n]}" if seen[n] > 1 else n, t))
    return res


def classify(stems, src, ref, ws, rcs, devices, diffdir, static_kernels):
    os.makedirs(diffdir, exist_ok=True)
    results = []
    for s in stems:
        p = os.path.join(src, s + ".py")
        src_lines = open(p, encoding="utf-8").read().splitlines()
        for d in devices:
            rc = rcs[(s, d)]
            body = read(os.path.join(ref, f"{s}.{d}.body"))
            rej = read(os.path.join(ref, f"{s}.{d}.err"))
            wout = read(os.path.join(ws, f"{s}.{d}.out")) or ""
            werr = read(os.path.join(ws, f"{s}.{d}.stderr")) or ""
            r = {"stem": s, "device": d, "rc": rc}
            r["kernel_names"] = KERNEL_RE[d].findall(body) if body is not None else []
            r["kernels"] = len(r["kernel_names"]) if body is not None else static_kernels.get(s, 0)
            em = ERROR_RE.search(werr)
            clean = rc == 1 and em is not None
            if em:
                line = int(em.group(2))
                cat, detail = construct(em.group(4))
                r["error"] = {"line": line, "col": int(em.group(3)), "message": em.group(4), "category": cat,
                              "detail": detail, "in": enclosing_def(src_lines, line),
                              "text": src_lines[line - 1].strip() if 0 < line <= len(src_lines) else ""}
            if rc == "timeout":
                cls = "timeout"
            elif rc != 0 and not clean:
                cls = "crash"
                r["stderr"] = werr[-2000:]
            elif body is None and rej is None:
                cls = "ref_failed"
            elif body is None:
                r["warp_reason"] = rej.strip()
                cls = "both_reject" if clean else "only_warp_rejects"
            elif rc == 0:
                if wout == body:
                    cls = "identical" if r["kernels"] else "identical_empty"
                else:
                    cls = "mismatch"
                    ln, want, got = first_diff(body, wout)
                    r["first_diff"] = {"line": ln, "warp": want, "warpsynth": got}
                    with open(os.path.join(diffdir, f"{s}.{d}.diff"), "w") as fh:
                        fh.writelines(difflib.unified_diff(body.splitlines(True), wout.splitlines(True),
                                                           f"warp/{s}.{d}", f"warpsynth/{s}.{d}", n=3))
                    wu, gu = dict(units(body)), dict(units(wout))
                    r["differing_units"] = [n for n in wu if wu.get(n) != gu.get(n)][:20]
            else:
                cls = "ws_error"
            r["class"] = cls
            results.append(r)
    return results


# ---------------------------------------------------------------------------------------------
# Peeling


def top_level_stmt(text, line):
    """The top-level statement (with its decorators) that holds 1-based `line`."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return None
    for s in tree.body:
        first = min([s.lineno] + [d.lineno for d in getattr(s, "decorator_list", [])])
        if first <= line <= s.end_lineno:
            return s, first
    return None


def stmt_kind(s):
    if isinstance(s, (ast.FunctionDef, ast.ClassDef)):
        for d in s.decorator_list:
            t = ast.unparse(d.func if isinstance(d, ast.Call) else d)
            if t.endswith(".kernel") or t == "kernel":
                return "kernel"
            if t.endswith(".struct"):
                return "struct"
            return "function"
        return "python def" if isinstance(s, ast.FunctionDef) else "python class"
    return "module statement"


def peel(bin_, text, path, devices, timeout, max_steps=300):
    """Blank the statement holding warpsynth's error until warpsynth accepts the file on every device;
    then drop what Python could no longer import (module code using a peeled name), and repeat.
    Returns (text, peels, status)."""
    import sanitize
    bound = sanitize.sanitize(text)[1]["bound"]
    peels = []
    for _ in range(4):
        text, status = peel_refused(bin_, text, path, devices, timeout, max_steps, peels)
        if status != "ok":
            return text, peels, status
        new, info = sanitize.sanitize(text, also_bound=bound)
        if new == text:
            return text, peels, status
        for d in info["dropped"]:
            if d.get("missing"):
                peels.append({"name": d.get("name"), "kind": "python " + d["kind"], "line": d["lines"][0], "col": 1,
                              "message": f"uses peeled names: {', '.join(d['missing'])}",
                              "category": "uses a refused definition", "detail": ", ".join(d["missing"]),
                              "text": ""})
        text = new
    return text, peels, "did not settle"


def peel_refused(bin_, text, path, devices, timeout, max_steps, peels):
    for _ in range(max_steps):
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        err = None
        for d in devices:
            rc, _, se = warpsynth(bin_, path, d, timeout)
            if rc == 0:
                continue
            em = ERROR_RE.search(se.decode("utf-8", "replace"))
            if rc != 1 or not em:
                return text, f"crash ({d}, rc={rc})"
            err = em
            break
        if err is None:
            return text, "ok"
        line, msg = int(err.group(2)), err.group(4)
        found = top_level_stmt(text, line)
        if not found:
            return text, f"error outside any statement: {msg}"
        s, first = found
        lines = text.splitlines(True)
        cat, detail = construct(msg)
        name = getattr(s, "name", None)
        if isinstance(s, (ast.Assign, ast.AnnAssign)):
            ts = s.targets if isinstance(s, ast.Assign) else [s.target]
            name = ",".join(x.id for t in ts for x in ast.walk(t) if isinstance(x, ast.Name)) or None
        peels.append({"name": name, "kind": stmt_kind(s), "line": line, "col": int(err.group(3)),
                      "message": msg, "category": cat, "detail": detail,
                      "text": lines[line - 1].strip() if line <= len(lines) else ""})
        for i in range(first - 1, s.end_lineno):
            lines[i] = "\n" if lines[i].endswith("\n") else ""
        text = "".join(lines)
    return text, "too many steps"


def attribute(peels):
    """Root cause of each peel: a def refused because it uses a def peeled earlier inherits that def's cause."""
    roots = {}
    for p in peels:
        cause = (p["category"], p["detail"])
        for q in peels:
            if q is p:
                break
            if q["name"] and any(re.search(rf"(?<![\w.]){re.escape(n)}(?!\w)", p["message"] + " " + p["text"])
                                 for n in q["name"].split(",")):
                cause = roots[id(q)]
                break
        roots[id(p)] = cause
        p["root"] = list(cause)
        fam = family(p)
        if fam and cause == (p["category"], p["detail"]):
            p["root"] = [fam, f"{p['category']}: {p['detail']}"]
            roots[id(p)] = tuple(p["root"])
    return peels


# ---------------------------------------------------------------------------------------------


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("--out", default="/tmp/warp_suite")
    ap.add_argument("--warpsynth", default=os.path.join(REPO, "build-eval/src/cli/warpsynth"))
    ap.add_argument("--ref-python", default=default_ref_python())
    ap.add_argument("--warp-dir", help="warp package whose tests/examples are measured (default: the reference's)")
    ap.add_argument("--devices", default="cuda,cpu")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--only", help="regex on stems")
    ap.add_argument("--skip-sanitize", action="store_true", help="reuse DIR/src")
    ap.add_argument("--skip-reference", action="store_true", help="reuse DIR/ref (Warp's output for the sanitized copies)")
    ap.add_argument("--no-peel", action="store_true")
    a = ap.parse_args(argv)
    devices = a.devices.split(",")
    out = os.path.abspath(a.out)
    D = {k: os.path.join(out, k) for k in ("src", "ref", "ws", "report", "peeled", "ref_peeled", "ws_peeled")}
    if not os.path.exists(a.warpsynth):
        sys.exit(f"no warpsynth at {a.warpsynth} (build it: see tools/warp_suite/README.md)")
    bin_ = os.path.abspath(a.warpsynth)
    # warpsynth reads Warp's Python-written builtins (wp.smooth_normalize) from the Warp of the
    # first python3 on PATH: make that the reference's.
    if os.path.dirname(a.ref_python):
        os.environ["PATH"] = os.path.dirname(a.ref_python) + os.pathsep + os.environ.get("PATH", "")
    os.environ.pop("WARP_INCLUDE", None)

    if not a.skip_sanitize:
        warp_dir = a.warp_dir or subprocess.run(
            [a.ref_python, "-c", "import os, warp; print(os.path.dirname(warp.__file__))"],
            capture_output=True, text=True, cwd="/", check=True).stdout.strip()
        shutil.rmtree(D["src"], ignore_errors=True)
        subprocess.run([sys.executable, os.path.join(HERE, "sanitize.py"), "--out", D["src"], "--warp-dir", warp_dir],
                       check=True, cwd="/")
    manifest = json.load(open(os.path.join(D["src"], "manifest.json")))
    files = manifest["files"]
    stems = sorted(s for s in files if not a.only or re.search(a.only, s))
    static_kernels = {s: len(files[s]["kernels"]) for s in stems}
    paths = [os.path.join(D["src"], s + ".py") for s in stems]

    if not a.skip_reference:
        t0 = time.time()
        run_reference(paths, D["ref"], devices, a.ref_python)
        log(f"reference: {time.time() - t0:.0f}s")
    t0 = time.time()
    rcs = run_all_warpsynth(bin_, paths, devices, D["ws"], a.timeout, a.jobs)
    log(f"warpsynth: {len(rcs)} runs in {time.time() - t0:.1f}s")
    shutil.rmtree(D["report"], ignore_errors=True)
    results = classify(stems, D["src"], D["ref"], D["ws"], rcs, devices, os.path.join(D["report"], "mismatches"),
                       static_kernels)

    peeled_results, peel_info = [], {}
    if not a.no_peel:
        refused = sorted({r["stem"] for r in results if r["class"] == "ws_error"})
        shutil.rmtree(D["peeled"], ignore_errors=True)
        os.makedirs(D["peeled"])
        t0 = time.time()

        def do_peel(s):
            text = open(os.path.join(D["src"], s + ".py"), encoding="utf-8").read()
            return s, peel(bin_, text, os.path.join(D["peeled"], s + ".py"), devices, a.timeout)

        with cf.ThreadPoolExecutor(a.jobs) as ex:
            for s, (text, peels, status) in ex.map(do_peel, refused):
                with open(os.path.join(D["peeled"], s + ".py"), "w", encoding="utf-8") as fh:
                    fh.write(text)
                peel_info[s] = {"peels": attribute(peels), "status": status}
        log(f"peeling {len(refused)} files: {time.time() - t0:.0f}s")
        ppaths = [os.path.join(D["peeled"], s + ".py") for s in refused]
        if True:  # peeled copies depend on the warpsynth build: always regenerated
            t0 = time.time()
            run_reference(ppaths, D["ref_peeled"], devices, a.ref_python)
            log(f"reference (peeled): {time.time() - t0:.0f}s")
        prcs = run_all_warpsynth(bin_, ppaths, devices, D["ws_peeled"], a.timeout, a.jobs)
        peeled_results = classify(refused, D["peeled"], D["ref_peeled"], D["ws_peeled"], prcs, devices,
                                  os.path.join(D["report"], "mismatches_peeled"), {})

    report(results, peeled_results, peel_info, devices, D, manifest)


# ---------------------------------------------------------------------------------------------
# Report

# Every kernel declares the shared-storage object; any other tile builtin makes a tile kernel.
TILE_USE_RE = re.compile(r"wp::tile_(?!shared_storage_t)")


def tile_kernels(body, device):
    """{kernel name: uses tiles} from Warp's BODY, judged on each kernel's forward function."""
    marks = list(KERNEL_RE[device].finditer(body))
    out = {}
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(body)
        out[m.group(1)] = bool(TILE_USE_RE.search(body, m.start(), end))
    return out


def tile_split(results, peeled_results, devices, D):
    """Kernels by name per module (a generic kernel's overloads count once), split into tile and
    non-tile kernels: [(device, kind, reproduced, total)]. A kernel is reproduced when its module,
    or its peeled module, is identical to Warp's."""
    ok = {(r["stem"], r["device"]) for r in results if r["class"] == "identical"}
    ok_peeled = {(r["stem"], r["device"]) for r in peeled_results if r["class"] == "identical"}
    peeled_names = {(r["stem"], r["device"]): set(r["kernel_names"]) for r in peeled_results}
    rows = []
    for d in devices:
        count = {"tile": [0, 0], "non-tile": [0, 0]}
        for r in results:
            if r["device"] != d or r["class"] in ("both_reject", "only_warp_rejects", "ref_failed"):
                continue
            body = read(os.path.join(D["ref"], f"{r['stem']}.{d}.body")) or ""
            for name, tiled in tile_kernels(body, d).items():
                c = count["tile" if tiled else "non-tile"]
                c[1] += 1
                key = (r["stem"], d)
                if key in ok or (key in ok_peeled and name in peeled_names.get(key, ())):
                    c[0] += 1
        rows += [(d, kind, n, tot) for kind, (n, tot) in count.items()]
    return rows


def report(results, peeled_results, peel_info, devices, D, manifest):
    rep = D["report"]
    os.makedirs(rep, exist_ok=True)
    files = manifest["files"]
    orig = lambda s: files[s]["original"]
    with open(os.path.join(rep, "results.json"), "w") as fh:
        json.dump({"modules": results, "peeled": peeled_results, "peels": peel_info}, fh, indent=1)
    L = []
    P = L.append
    nfiles = len({r["stem"] for r in results})
    P(f"warp_suite: {nfiles} files from {manifest.get('warp_dir', 'warp')}/{{tests,examples}}")
    P("")
    P("A. Whole modules: warpsynth compile F --device D --strip-hash --body-only vs Warp's BODY")
    hdr = f"{'':50s}" + "".join(f"{d + ' files':>12s}{d + ' kernels':>14s}" for d in devices)
    P(hdr)
    P("-" * len(hdr))
    for c, label in CLASSES:
        row = f"{label:50s}"
        for d in devices:
            rs = [r for r in results if r["device"] == d and r["class"] == c]
            row += f"{len(rs):12d}{sum(r['kernels'] for r in rs):14d}"
        P(row)
    P("-" * len(hdr))
    totals = {}
    for d in devices:
        acc = [r for r in results if r["device"] == d and r["class"] not in ("both_reject", "only_warp_rejects",
                                                                             "ref_failed")]
        tot = sum(r["kernels"] for r in acc)
        ok = sum(r["kernels"] for r in acc if r["class"] == "identical")
        fk = [r for r in acc if r["kernels"]]
        totals[d] = tot
        P(f"{d}: {ok} of {tot} kernels (Warp accepts the module) are in identical modules "
          f"({100.0 * ok / max(tot, 1):.1f}%); {sum(1 for r in fk if r['class'] == 'identical')} of {len(fk)} "
          f"modules with kernels identical")
    P("")

    if peel_info:
        P("B. Peeled modules: in each module warpsynth refuses, the statements it refuses are removed one by one")
        P("   (with whatever then fails because it used them); the rest is compared with Warp again.")
        hdr = f"{'':50s}" + "".join(f"{d + ' files':>12s}{d + ' kernels':>14s}" for d in devices)
        P(hdr)
        P("-" * len(hdr))
        for c, label in CLASSES:
            row = f"{label:50s}"
            if not any(r["class"] == c for r in peeled_results):
                continue
            for d in devices:
                rs = [r for r in peeled_results if r["device"] == d and r["class"] == c]
                row += f"{len(rs):12d}{sum(r['kernels'] for r in rs):14d}"
            P(row)
        P("-" * len(hdr))
        status = collections.Counter(v["status"].split(":")[0].split(" (")[0] for v in peel_info.values())
        P(f"peeling status: {dict(status)}")
        for d in devices:
            whole = sum(r["kernels"] for r in results if r["device"] == d and r["class"] == "identical")
            peeled = sum(r["kernels"] for r in peeled_results if r["device"] == d and r["class"] == "identical")
            P(f"{d}: kernels warpsynth reproduces exactly (identical modules + identical peeled modules): "
              f"{whole + peeled} of {totals[d]} ({100.0 * (whole + peeled) / max(totals[d], 1):.1f}%)")
        P("")

    P("D. Tile and non-tile kernels reproduced exactly (by name per module; a kernel is a tile kernel when")
    P("   Warp's forward function for it calls a wp::tile_* builtin)")
    for d, kind, n, tot in tile_split(results, peeled_results, devices, D):
        P(f"  {d:5s} {kind:9s} {n:5d} of {tot:5d} ({100.0 * n / max(tot, 1):.1f}%)")
    P("")

    bad = [("module", r) for r in results if r["class"] in WRONG] + \
          [("peeled", r) for r in peeled_results if r["class"] in WRONG]
    P("Wrong output and crashes (each deserves a reproducer, tests/cases/suite_*.py):" if bad else
      "Wrong output and crashes: none")
    for where, r in bad:
        extra = ""
        if r["class"] == "mismatch":
            fd = r["first_diff"]
            extra = (f"\n{'':10s}first diff, body line {fd['line']}: warp `{fd['warp'].strip()[:80]}` vs warpsynth "
                     f"`{fd['warpsynth'].strip()[:80]}`; units: {', '.join(r['differing_units'][:4])}")
        elif r["class"] == "only_warp_rejects":
            extra = f" warp: {r['warp_reason'][:120]}"
        elif r["class"] in ("crash", "timeout"):
            tail = r.get("stderr", "").strip().splitlines()[-1:]
            extra = f" rc={r['rc']} {tail[0][:100] if tail else ''}"
        P(f"  {r['class']:10s} {r['device']:4s} {where:6s} {orig(r['stem'])} ({r['kernels']} kernels){extra}")
    P("")

    # Gaps, ranked by kernels blocked.
    d0 = devices[0]
    if peel_info:
        orig_k = {r["stem"]: collections.Counter(r["kernel_names"]) for r in results if r["device"] == d0}
        peel_k = {r["stem"]: collections.Counter(r["kernel_names"]) for r in peeled_results if r["device"] == d0}
        gaps = collections.defaultdict(lambda: {"kernels": 0, "defs": 0, "files": set(), "example": None})
        for s, info in peel_info.items():
            lost = orig_k.get(s, collections.Counter()) - peel_k.get(s, collections.Counter())
            peels = info["peels"]
            for p in peels:
                g = gaps[tuple(p["root"])]
                g["defs"] += 1
                g["files"].add(s)
                if g["example"] is None and tuple(p["root"]) == (p["category"], p["detail"]):
                    g["example"] = (s, p)
                if p["kind"] == "kernel" and lost.get(p["name"]):
                    g["kernels"] += lost.pop(p["name"])
            rest = sum(lost.values())  # kernels lost with module-level statements (wp.overload, ...)
            if rest:
                mod = [p for p in peels if p["kind"] == "module statement"] or peels
                if mod:
                    gaps[tuple(mod[0]["root"])]["kernels"] += rest
        with open(os.path.join(rep, "gaps.txt"), "w") as fh:
            for (cat, det), g in sorted(gaps.items(), key=lambda kv: (-kv[1]["kernels"], -kv[1]["defs"], kv[0])):
                fh.write(f"{g['kernels']:5d} kernels {g['defs']:4d} defs {len(g['files']):3d} files  {cat}: {det}\n")
                if g["example"]:
                    s, p = g["example"]
                    fh.write(f"{'':35s}e.g. {orig(s)}:{p['line']}:{p['col']} ({p['kind']} {p['name']}): "
                             f"{p['text'][:90]}\n")
        bycat = collections.defaultdict(lambda: [0, 0, set(), []])
        for (cat, det), g in gaps.items():
            c = bycat[cat]
            c[0] += g["kernels"]
            c[1] += g["defs"]
            c[2] |= g["files"]
            c[3].append((g["kernels"], g["defs"], det, g["example"]))
        P(f"C. Gaps ranked by kernels blocked ({d0}; a kernel is blocked by the first refused construct it")
        P("   depends on; full list in gaps.txt):")
        P(f"{'kernels':>8s}{'defs':>6s}{'files':>6s}  construct")
        for cat, (k, n, fs, dets) in sorted(bycat.items(), key=lambda kv: (-kv[1][0], -kv[1][1])):
            P(f"{k:8d}{n:6d}{len(fs):6d}  {cat}")
            dets.sort(key=lambda x: (-x[0], -x[1], x[2]))
            for kk, nn, det, ex in dets[:12]:
                loc = f"  [{orig(ex[0])}:{ex[1]['line']}]" if ex else ""
                P(f"{kk:14d}{nn:6d}        {det[:90]}{loc}")
            if len(dets) > 12:
                P(f"{'':28s}... {len(dets) - 12} more in gaps.txt")
        P("")

    rej = collections.Counter()
    for r in results:
        if r["class"] in ("both_reject", "only_warp_rejects") and r["device"] == d0:
            rej[f"{orig(r['stem'])}: " + re.sub(r"\s+", " ", r["warp_reason"]).split(" | ")[-1][:100]] += 1
    P(f"Warp rejects ({d0}):")
    for k, v in sorted(rej.items()):
        P(f"  {k}")
    text = "\n".join(L) + "\n"
    with open(os.path.join(rep, "summary.txt"), "w") as fh:
        fh.write(text)
    with open(os.path.join(rep, "errors.txt"), "w") as fh:
        for r in sorted(results, key=lambda r: (r["class"], r["stem"], r["device"])):
            if "error" in r:
                e = r["error"]
                fh.write(f"{r['class']:12s} {r['device']:4s} {r['kernels']:3d}k {orig(r['stem'])}:{e['line']}:"
                         f"{e['col']} [{e['in']}] {e['message']}\n")
        for s, info in sorted(peel_info.items()):
            for p in info["peels"]:
                fh.write(f"peeled       {orig(s)}:{p['line']}:{p['col']} [{p['kind']} {p['name']}] {p['message']}"
                         f"{'  <- ' + ': '.join(p['root']) if tuple(p['root']) != (p['category'], p['detail']) else ''}\n")
    print(text)


if __name__ == "__main__":
    main(sys.argv[1:])
