#!/usr/bin/env python3
"""warpsynth's benchmarks, each next to its reference on the same work, printing ratios.

  bench/run.py [compile] [generate] [verify] [--callgrind] [options]

With no stage named, all three run. Builds what it needs in --build: Release with profile-guided
optimisation and LTO, as scripts/run.sh builds warpsynth (--no-pgo: plain Release, to compare).

  compile   The compiler (parse + forward/backward codegen + assembly, CUDA, one thread)
            against Warp's own generator (ModuleBuilder + codegen, one thread; Python
            parsing and import left out of Warp's time) on two sets of kernels: the corpus
            (tests/corpus) and --kernels kernels from `warpsynth generate --seed 1`.
            Prints kernels/s of each and the ratio per core.
  generate  `warpsynth generate --count N` end to end on --jobs threads: pairs/s, peak RSS
            (and RSS at N/10, to show memory stays flat), next to Warp's generator on a
            sample of the same kernels; ratio and ratio per core.
  verify    `warpsynth verify` of --verify-count `--device both` pairs with today's
            configuration against the previous one (--verify-reference), pairs/s each,
            the ratio, and whether every verdict is the same.

--callgrind counts instructions instead of seconds (valgrind; stable on a busy machine):
instructions per kernel for compile (warpsynth and Warp, each from the difference of two
runs of different length, so start-up is left out; 100 of the generated kernels) and per
kernel synthesized for generate (--jobs 1).
Verification's cost is in compiler child processes, so verify has no callgrind figure.

Examples:
  bench/run.py                              # everything, default sizes (about 10 minutes)
  bench/run.py generate --count 1000000     # the issue-13 pipeline figure
  bench/run.py compile --callgrind          # instructions per kernel, both compilers
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Today's defaults of `warpsynth verify` before the speed work of issue 13.
VERIFY_REFERENCE = "--cxx g++ --fd-samples 6 --batch-size 64"


def run(cmd, **kw):
    """Runs cmd; on failure shows its output and stops the benchmark."""
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if p.returncode != 0:
        sys.stderr.write(p.stdout + p.stderr)
        sys.exit(f"bench: failed ({p.returncode}): {' '.join(cmd)}")
    return p


def timed(cmd):
    """Wall seconds, peak RSS (MB) and user+sys CPU seconds of cmd, via /usr/bin/time -v."""
    t0 = time.perf_counter()
    p = run(["/usr/bin/time", "-v"] + cmd)
    wall = time.perf_counter() - t0
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", p.stderr).group(1)) / 1024
    user = float(re.search(r"User time \(seconds\): ([\d.]+)", p.stderr).group(1))
    sys_ = float(re.search(r"System time \(seconds\): ([\d.]+)", p.stderr).group(1))
    return wall, rss, user + sys_


def callgrind_instructions(cmd, out_dir):
    """Instructions cmd executes (all threads), counted by callgrind."""
    out = os.path.join(out_dir, f"cg.{time.monotonic_ns()}")
    run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + cmd)
    with open(out) as f:
        for line in f:
            if line.startswith("totals:") or line.startswith("summary:"):
                return int(line.split()[1])
    sys.exit(f"bench: no totals in {out}")


class Bench:
    def __init__(self, a):
        self.a = a
        self.build = os.path.abspath(a.build)
        self.python = a.python
        self.tmp = tempfile.mkdtemp(prefix="ws-bench-")
        self.ws = os.path.join(self.build, "src", "cli", "warpsynth")
        self.ct = os.path.join(self.build, "bench", "compile_throughput")
        self.env = dict(os.environ, WARP_CACHE_PATH=os.path.join(self.tmp, "warp-cache"))

    def prepare(self):
        if not os.path.exists(self.python):
            run([os.path.join(ROOT, "scripts", "setup.sh")])
        # verify compiles against the pinned Warp's native headers.
        find = 'import importlib.util as u, os; print(os.path.dirname(u.find_spec("warp").origin))'
        warp_dir = run([self.python, "-c", find]).stdout.strip()
        self.env.setdefault("WARP_INCLUDE", os.path.join(warp_dir, "native"))
        pgo = "OFF" if self.a.no_pgo else "ON"
        run(["cmake", "-S", ROOT, "-B", self.build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
             f"-DWS_PYTHON={self.python}", "-DWS_BUILD_BENCH=ON", f"-DWS_PGO={pgo}"])
        run(["cmake", "--build", self.build, "--target", "warpsynth", "compile_throughput"])
        print(f"warpsynth: {self.build}, Release, " + ("plain (--no-pgo)" if self.a.no_pgo else
                                                      "profile-guided with LTO (cmake/Pgo.cmake)"))

    def warp_cmd(self, repeat, files):
        return [self.python, os.path.join(ROOT, "bench", "warp_codegen_throughput.py"), "--repeat", str(repeat),
                "--list", files]

    def generated_kernels(self, count, device="cuda", seed=1):
        """A dataset of `count` generated kernels and a list of their Python files."""
        out = os.path.join(self.tmp, f"gen-{device}-{count}")
        if not os.path.exists(out):
            run([self.ws, "generate", "--count", str(count), "--seed", str(seed), "--device", device, "--quiet",
                 "--out", out])
            write_sources(out, os.path.join(out, "py"))
        return out

    # --- compile ------------------------------------------------------------------------
    def compile_rates(self, label, files, ws_repeat, warp_repeat):
        ok = os.path.join(self.tmp, f"{label}.ok")
        p = run([self.ct, "--repeat", str(ws_repeat), "--ok-list", ok, files])
        ws = float(re.search(r"kernels_per_second=([\d.]+)", p.stdout).group(1))
        p = run(self.warp_cmd(warp_repeat, ok), env=self.env, cwd=ROOT)
        warp = float(re.search(r"kernels_per_second=([\d.]+)", p.stdout).group(1))
        kernels = re.search(r"(\d+) kernels x", p.stdout).group(1)
        print(f"compile/{label}: {kernels} kernels (cuda, forward+backward, 1 thread each): "
              f"warpsynth {ws:,.0f} kernels/s, Warp {warp:,.0f} kernels/s: {ws / warp:.1f}x per core")

    def compile_instructions(self, label, files):
        ok = os.path.join(self.tmp, f"{label}.ok")
        run([self.ct, "--repeat", "1", "--ok-list", ok, files])
        n = kernel_count(run(self.warp_cmd(1, ok), env=self.env, cwd=ROOT).stdout)
        ws = [callgrind_instructions([self.ct, "--repeat", str(r), files], self.tmp) for r in (1, 3)]
        warp = [callgrind_instructions(self.warp_cmd(r, ok), self.tmp) for r in (1, 3)]
        ws_k, warp_k = (ws[1] - ws[0]) / (2 * n), (warp[1] - warp[0]) / (2 * n)
        print(f"compile/{label} --callgrind: {n} kernels: warpsynth {ws_k / 1e6:.3f} M instructions/kernel, "
              f"Warp {warp_k / 1e6:.2f} M: {warp_k / ws_k:.1f}x fewer")

    def compile(self):
        corpus = os.path.join(ROOT, "tests", "corpus")
        # Under valgrind Warp takes minutes per 100 files, so --callgrind takes 100 of the kernels.
        kernels = min(self.a.kernels, 100) if self.a.callgrind else self.a.kernels
        generated = os.path.join(self.generated_kernels(kernels), "py")
        for label, files, repeats in (("corpus", corpus, (100, 5)), ("generated", generated, (10, 1))):
            if self.a.callgrind:
                self.compile_instructions(label, files)
            else:
                self.compile_rates(label, files, *repeats)

    # --- generate -----------------------------------------------------------------------
    def generate_run(self, count, jobs):
        out = os.path.join(self.tmp, f"pipe-{count}")
        wall, rss, cpu = timed([self.ws, "generate", "--count", str(count), "--seed", "1", "--device",
                                self.a.device, "--jobs", str(jobs), "--quiet", "--out", out])
        with open(os.path.join(out, "stats.json")) as f:
            pairs = json.load(f)["records"]
        return out, pairs, wall, rss, cpu

    def generate(self):
        a = self.a
        if a.callgrind:
            base = 200
            ins = [callgrind_instructions([self.ws, "generate", "--count", str(n), "--seed", "1", "--device",
                                           a.device, "--jobs", "1", "--quiet", "--out",
                                           os.path.join(self.tmp, f"cg-gen-{n}")], self.tmp) for n in (base, 2 * base)]
            print(f"generate --callgrind: {(ins[1] - ins[0]) / base / 1e6:.2f} M instructions per kernel "
                  f"synthesized ({a.device}, --jobs 1, from --count {base} and {2 * base})")
            return
        out, pairs, wall, rss, cpu = self.generate_run(a.count, a.jobs)
        shutil.rmtree(out)
        small = self.generate_run(max(a.count // 10, 1), a.jobs)
        sample = os.path.join(self.tmp, "sample")
        write_sources(small[0], sample, limit=300)
        p = run(self.warp_cmd(3, os.path.join(sample, "list")), env=self.env, cwd=ROOT)
        warp = float(re.search(r"kernels_per_second=([\d.]+)", p.stdout).group(1))
        rate = pairs / wall
        print(f"generate --count {a.count} --device {a.device} --jobs {a.jobs}: {pairs:,} pairs in {wall:.1f} s = "
              f"{rate:,.0f} pairs/s ({cpu / pairs * 1e3:.3f} ms CPU per pair), peak RSS {rss:.0f} MB "
              f"(--count {a.count // 10}: {small[3]:.0f} MB)")
        print(f"generate vs Warp's generator ({warp:,.0f} kernels/s on 300 of these kernels, 1 thread): "
              f"{rate / warp:.0f}x, {rate / warp / a.jobs:.0f}x per core")

    # --- verify -------------------------------------------------------------------------
    def verify_run(self, data, flags, label):
        ds = os.path.join(self.tmp, f"verify-{label}")
        shutil.copytree(data, ds)
        report = os.path.join(self.tmp, f"verify-{label}.json")
        cmd = [self.ws, "verify", ds, "--jobs", str(self.a.jobs), "--report", report] + flags.split()
        p = subprocess.run(["/usr/bin/time", "-v"] + cmd, capture_output=True, text=True, env=self.env)
        if p.returncode not in (0, 5):  # 5: some pair not verified, a verdict like any other
            sys.stderr.write(p.stdout + p.stderr)
            sys.exit(f"bench: verify failed ({p.returncode})")
        wall = float_wall(p.stderr)
        return verdicts(ds), wall

    def verify(self):
        a = self.a
        if a.callgrind:
            print("verify: no callgrind figure (its cost is in compiler child processes)")
            return
        data = self.generated_kernels(a.verify_count, "both", seed=2)
        new, new_wall = self.verify_run(data, a.verify_flags, "new")
        old, old_wall = self.verify_run(data, a.verify_reference, "reference")
        n = len(new)
        same = sum(1 for k in new if old.get(k) == new[k])
        print(f"verify of {n} --device both pairs, --jobs {a.jobs}: {n / new_wall:.1f} pairs/s "
              f"('{a.verify_flags}'), reference {n / old_wall:.1f} pairs/s ('{a.verify_reference}'): "
              f"{old_wall / new_wall:.2f}x; same verdicts for {same} of {n} pairs")
        for k in sorted(k for k in new if old.get(k) != new[k])[:10]:
            print(f"  {k}: {old.get(k)} -> {new[k]}")


def kernel_count(warp_stdout):
    return int(re.search(r"(\d+) kernels x", warp_stdout).group(1))


def float_wall(time_v):
    t = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)", time_v).group(1)
    s = 0.0
    for part in t.split(":"):
        s = s * 60 + float(part)
    return s


def records(dataset):
    """Every record of a dataset folder's shards, in order."""
    data = os.path.join(dataset, "data")
    for name in sorted(os.listdir(data)):
        path = os.path.join(data, name)
        if name.endswith(".zst"):
            text = run(["zstd", "-dc", path]).stdout
        elif name.endswith(".jsonl"):
            with open(path) as f:
                text = f.read()
        else:
            continue
        for line in text.splitlines():
            yield json.loads(line)


def write_sources(dataset, out, limit=None):
    """Each record's Python source as a file in out, listed in out/list."""
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "list"), "w") as lst:
        for n, r in enumerate(records(dataset)):
            if limit is not None and n >= limit:
                break
            path = os.path.join(out, f"k{n:06}.py")
            with open(path, "w") as f:
                f.write(r["python_source"])
            lst.write(path + "\n")


def verdicts(dataset):
    return {r["id"]: json.dumps(r.get("metadata", {}).get("verification"), sort_keys=True)
            for r in records(dataset)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0], epilog=__doc__.split("\n", 2)[2],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("stages", nargs="*", metavar="STAGE", help="compile, generate or verify (default: all)")
    ap.add_argument("--callgrind", action="store_true", help="count instructions (valgrind) instead of seconds")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"), help="Release build folder (default build/)")
    ap.add_argument("--no-pgo", action="store_true",
                    help="build --build without profile-guided optimisation (WS_PGO=OFF)")
    ap.add_argument("--python", default=os.path.join(ROOT, ".venv", "bin", "python"),
                    help="Python with the pinned warp-lang (default .venv, made by scripts/setup.sh)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count(), help="threads for generate and verify")
    ap.add_argument("--kernels", type=int, default=2000, help="generated kernels for compile (default 2000)")
    ap.add_argument("--count", type=int, default=100000, help="generate --count (default 100000)")
    ap.add_argument("--device", default="cuda", choices=["cuda", "cpu", "both"], help="generate --device")
    ap.add_argument("--verify-count", type=int, default=500, help="pairs to verify (default 500)")
    ap.add_argument("--verify-flags", default="", help="options of the verify run measured (default: none)")
    ap.add_argument("--verify-reference", default=VERIFY_REFERENCE,
                    help=f"options of the reference verify run (default '{VERIFY_REFERENCE}')")
    a = ap.parse_args()
    stages = a.stages or ["compile", "generate", "verify"]
    for s in stages:
        if s not in ("compile", "generate", "verify"):
            ap.error(f"unknown stage '{s}': compile, generate or verify")
    b = Bench(a)
    try:
        b.prepare()
        for s in stages:
            getattr(b, s)()
    finally:
        shutil.rmtree(b.tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
