"""Running both sides on a set of files: real Warp (one `tools/warp_reference.py --batch`
process for many files) and warpsynth (one process per file and device), and the verdict.

Paths are relative to one working directory shared by both sides, since Warp prints
cwd + "/" + path in its `// path:line` comments.
"""
import os
import re
import resource
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REFERENCE = os.path.join(ROOT, "tools", "warp_reference.py")
SANITIZER = re.compile(r"ERROR: (Address|Leak|Memory|Thread)Sanitizer: ([\w-]+)|runtime error: ([^\n]{0,60})|"
                       r"(UndefinedBehaviorSanitizer|AddressSanitizer): ?([\w-]*)")


class Side:
    """One side's result for one (file, device): status accept|reject|crash|none and text."""
    __slots__ = ("status", "text", "detail")

    def __init__(self, status, text, detail=""):
        self.status, self.text, self.detail = status, text, detail

    def to_json(self):
        return {"status": self.status, "detail": self.detail,
                "text": self.text if self.status != "accept" else f"<{len(self.text)} chars>"}


def stem(path):
    return os.path.splitext(os.path.basename(path))[0]


def warp_batch(files, cwd, devices, timeout_per_file=20.0, python=None, memory_mb=6144):
    """{(file, device): Side} from real Warp. When the Warp process hangs, grows past memory_mb
    of resident memory or dies, the first file without output is marked (warp `none`: no
    verdict, time-out or crash of Warp itself) and the batch resumes after it, so one bad file
    never loses the others."""
    python = python or sys.executable
    out_dir = os.path.join(cwd, "_ref")
    results, todo = {}, list(files)
    env = dict(os.environ, WARP_REFERENCE_PY=python, PYTHONDONTWRITEBYTECODE="1")
    env.pop("WARP_SRC", None)
    while todo:
        listing = os.path.join(cwd, "_ref.list")
        with open(listing, "w") as f:
            f.write("".join(p + "\n" for p in todo))
        why = _run_watched([python, REFERENCE, "--batch", listing, "--out", out_dir, "--device",
                            ",".join(devices)], cwd, env, out_dir, timeout_per_file, memory_mb)
        done = 0
        for path in todo:
            got = {}
            for d in devices:
                base = os.path.join(out_dir, f"{stem(path)}.{d}")
                if os.path.exists(base + ".body"):
                    got[d] = Side("accept", read(base + ".body"))
                elif os.path.exists(base + ".err"):
                    got[d] = Side("reject", read(base + ".err").strip())
            if len(got) < len(devices):
                break
            for d in devices:
                results[(path, d)] = got[d]
                for ext in (".body", ".err"):
                    try:
                        os.remove(os.path.join(out_dir, f"{stem(path)}.{d}{ext}"))
                    except FileNotFoundError:
                        pass
            done += 1
        if done == len(todo):
            break
        if why is None and done < len(todo):
            why = "warp stopped early"
        bad = todo[done]
        for d in devices:
            results[(bad, d)] = Side("none", why or "no output", why or "")
        todo = todo[done + 1:]
    return results


def _run_watched(cmd, cwd, env, out_dir, timeout_per_file, memory_mb, startup=60.0):
    """Run Warp's batch process; None if it ends cleanly, else why it was stopped. The time-out
    is on progress (no new output file for timeout_per_file seconds after the first, startup
    before it), since a whole-batch deadline lets one hung mutant hold a worker for an hour; the
    memory cap reads the resident size, as Warp's own reservations defeat RLIMIT_AS."""
    import time
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(cwd, "_ref.stderr"), "w+") as err:
        p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=err, text=True)
        seen, deadline = len(os.listdir(out_dir)), time.monotonic() + startup
        while p.poll() is None:
            time.sleep(0.2)
            now, count = time.monotonic(), len(os.listdir(out_dir))
            if count != seen:
                seen, deadline = count, now + timeout_per_file
            why = ("warp time-out" if now > deadline else
                   "warp out of memory" if _resident_mb(p.pid) > memory_mb else None)
            if why:
                p.kill()
                p.wait()
                return why
        if p.returncode != 0:
            err.seek(0)
            return f"warp exited {p.returncode}: {err.read().strip().splitlines()[-1:]}"
    return None


def _resident_mb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) >> 10
    except (FileNotFoundError, ProcessLookupError):
        pass
    return 0


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def _limit_memory(mb):
    def apply():
        if mb:
            resource.setrlimit(resource.RLIMIT_AS, (mb << 20, mb << 20))
    return apply


def is_sanitized(binary):
    with open(binary, "rb") as f:
        return b"__asan_init" in f.read()


def warpsynth(binary, path, device, cwd, timeout=20.0, memory_mb=4096, python=None):
    """Side for one (file, device). Crashes: a signal, a sanitizer report, a time-out, an
    internal error, or any failure that is not a clean `path:line:col: error:`. warpsynth finds
    the Warp whose Python-written builtins (wp.norm_l1) it compiles through `python` first on
    PATH, the reference's, whatever WARP_INCLUDE the caller has (as tests/diff/harness.py)."""
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:symbolize=1",
               UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")
    env["PATH"] = os.path.dirname(os.path.abspath(python or sys.executable)) + os.pathsep + env.get("PATH", "")
    env.pop("WARP_INCLUDE", None)
    try:
        p = subprocess.run([binary, "compile", path, "--device", device, "--strip-hash", "--body-only"],
                           cwd=cwd, capture_output=True, timeout=timeout, env=env,
                           preexec_fn=_limit_memory(memory_mb))
    except subprocess.TimeoutExpired:
        return Side("crash", "", "timeout")
    err = p.stderr.decode("utf-8", "replace")
    m = SANITIZER.search(err)
    if m:
        kind = m.group(2) or ("ubsan: " + m.group(3) if m.group(3) else (m.group(5) or m.group(4)))
        return Side("crash", err[-4000:], f"sanitizer {kind}")
    if p.returncode < 0:
        return Side("crash", err[-4000:], f"signal {-p.returncode}")
    if p.returncode == 0:
        return Side("accept", p.stdout.decode("utf-8", "replace"))
    first = err.splitlines()[0] if err else ""
    if re.match(re.escape(path) + r":\d+:\d+: error: ", first):
        return Side("reject", first)
    if "internal error" in err:
        return Side("crash", err[-4000:], "internal error")
    return Side("crash", err[-4000:], f"unclean exit {p.returncode}")


NUM = re.compile(r"\d+")
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|`[^`]*`")


def normalise(msg):
    """A message without positions, numbers, paths and quoted names: groups similar findings."""
    msg = re.sub(r"^\S+?:\d+:\d+: error: ", "", msg)
    msg = re.sub(r"^load: ", "", msg)
    msg = re.sub(r"(/[\w.\-]+)+", "PATH", msg)
    msg = QUOTED.sub("Q", msg)
    msg = NUM.sub("N", msg)
    return msg[:120]


def verdict(warp, ws):
    """(kind, detail) of one (file, device): match, both_reject, mismatch, crash,
    warp_rejects (warpsynth accepts what Warp rejects), ws_rejects (the reverse), or warp_none
    (Warp gave no verdict: its own time-out or crash; not counted against warpsynth)."""
    if ws.status == "crash":
        return "crash", ws.detail
    if warp.status == "none":
        return "warp_none", warp.detail
    if warp.status == "accept" and ws.status == "accept":
        return ("match", "") if warp.text == ws.text else ("mismatch", "")
    if warp.status == "reject" and ws.status == "reject":
        return "both_reject", ""
    if warp.status == "reject":
        return "warp_rejects", normalise(warp.text)
    return "ws_rejects", normalise(ws.text)


SEVERITY = ["crash", "mismatch", "warp_rejects", "ws_rejects", "warp_none", "both_reject", "match"]


def worst(verdicts):
    """The most severe (kind, detail, device) over devices."""
    return min(verdicts, key=lambda v: SEVERITY.index(v[0]))


def evaluate(files, cwd, devices, binary, python=None, ws_timeout=20.0, memory_mb=4096):
    """{file: {"kind", "detail", "device", "per_device": {d: (kind, detail)}, "sides": ...}}."""
    ref = warp_batch(files, cwd, devices, python=python)
    out = {}
    for f in files:
        per, sides = {}, {}
        for d in devices:
            ws = warpsynth(binary, f, d, cwd, timeout=ws_timeout, memory_mb=memory_mb, python=python)
            wp = ref[(f, d)]
            per[d] = verdict(wp, ws)
            sides[d] = (wp, ws)
        kind, detail, dev = worst([(k, det, d) for d, (k, det) in per.items()])
        out[f] = {"kind": kind, "detail": detail, "device": dev, "per_device": per, "sides": sides}
    return out
