"""Shared helpers of the differential (tests/diff) and translation-unit (tests/tu) harnesses.

Everything runs under the tests' venv Python (WS_PYTHON, normally .venv/bin/python) from
the repository root, with case files named by their path relative to that root: Warp prints
cwd + "/" + path in its `// path:line` comments, so the reference and warpsynth must see the
same working directory and the same relative path.
"""
import difflib
import importlib.util
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REQUIREMENTS = os.path.join(ROOT, "tests", "requirements.txt")

EXPECT_ERROR = re.compile(r"^\s*#\s*expect-error:\s*(.*?)\s*$")


class HarnessError(Exception):
    """The harness itself cannot run: the test must fail, loudly."""


def stem(path):
    return os.path.splitext(os.path.basename(path))[0]


def pinned_warp():
    """The warp-lang version pinned in tests/requirements.txt."""
    with open(REQUIREMENTS, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^\s*warp-lang\s*==\s*([^\s#;]+)", line)
            if m:
                return m.group(1)
    raise HarnessError(f"{REQUIREMENTS} pins no warp-lang==VERSION")


def check_warp_pin():
    """Fail unless this interpreter has exactly the pinned warp-lang. Returns the version."""
    import importlib.metadata  # here, not at the top: 40% of the start-up of every diff test

    want = pinned_warp()
    try:
        have = importlib.metadata.version("warp-lang")
    except importlib.metadata.PackageNotFoundError:
        raise HarnessError(
            f"warp-lang is not installed for {sys.executable}; run scripts/setup.sh "
            f"(or configure with -DWS_PYTHON=<a python with warp-lang=={want}>)")
    if have != want:
        raise HarnessError(f"{sys.executable} has warp-lang {have}, but tests/requirements.txt pins {want}; "
                           "run scripts/setup.sh")
    return have


def warp_native_dir():
    """<site-packages>/warp/native of the pinned warp-lang (found without importing warp)."""
    check_warp_pin()
    spec = importlib.util.find_spec("warp")
    if spec is None or not spec.submodule_search_locations:
        raise HarnessError(f"cannot locate the warp package for {sys.executable}")
    native = os.path.join(list(spec.submodule_search_locations)[0], "native")
    if not os.path.isfile(os.path.join(native, "builtin.h")):
        raise HarnessError(f"{native} has no builtin.h: not a warp-lang install with native headers")
    return native


def expected_errors(path):
    """Substrings declared by `# expect-error: <substring>` comments in a case file."""
    out = []
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        for line in f:
            m = EXPECT_ERROR.match(line)
            if m:
                if not m.group(1):
                    raise HarnessError(f"{path}: empty `# expect-error:` comment")
                out.append(m.group(1))
    return out


def reference(ref_dir, path, device):
    """('body', text) or ('err', reason) from the reference batch run; HarnessError if missing."""
    base = os.path.join(ref_dir, f"{stem(path)}.{device}")
    for kind in ("body", "err"):
        if os.path.isfile(f"{base}.{kind}"):
            with open(f"{base}.{kind}", encoding="utf-8", newline="") as f:
                return kind, f.read()
    raise HarnessError(f"no reference output {base}.body/.err: did the diff/reference fixture run and pass?")


def warpsynth_env():
    """The environment for warpsynth: this venv's Python first on PATH, so that warpsynth finds the
    installed Warp whose Python-written builtins (wp.smooth_normalize) it compiles, as Warp did."""
    env = dict(os.environ)
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    env.pop("WARP_INCLUDE", None)
    return env


def run_warpsynth(warpsynth, args, timeout=120):
    if not warpsynth or not os.path.isfile(warpsynth):
        raise HarnessError(f"warpsynth executable not found ({warpsynth or 'no CMake target `warpsynth`'}); "
                           "the CLI target `warpsynth` (src/cli) must be built")
    try:
        p = subprocess.run([warpsynth] + args, cwd=ROOT, capture_output=True, timeout=timeout, env=warpsynth_env())
    except subprocess.TimeoutExpired:
        return None
    return p


def error_location_pattern(path):
    """`file:line:col: error:` with file as given or made absolute the way Python does."""
    names = {path, os.path.join(ROOT, path)}
    alt = "|".join(re.escape(n) for n in sorted(names))
    return re.compile(rf"^(?:{alt}):\d+:\d+: error: ", re.M)


def unified_diff(expected, actual, label_expected, label_actual, limit=400):
    lines = list(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                      label_expected, label_actual, n=3))
    text = "".join(l if l.endswith("\n") else l + "\n\\ No newline at end of file\n" for l in lines[:limit])
    if len(lines) > limit:
        text += f"... ({len(lines) - limit} more diff lines)\n"
    return text


def first_difference(expected, actual):
    a, b = expected.splitlines(True), actual.splitlines(True)
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return i + 1
    return min(len(a), len(b)) + 1
