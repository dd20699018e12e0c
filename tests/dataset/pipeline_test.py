#!/usr/bin/env python3
"""End-to-end tests of the dataset pipeline (generate, merge, extract, validate, stats).

    pipeline_test.py CASE --cli ws_dataset_cli --tmp WORKDIR --inputs tests/dataset [--hf-python PY]

Every case asserts real behaviour of the CLI and exits non-zero on failure; a case that
cannot run its dependency fails (disk_full alone exits 77, "skipped", outside CI when
the machine cannot mount a tmpfs). Standard library only, except hf_datasets_load,
which runs `datasets` under --hf-python.
"""
import argparse
import json
import os
import resource
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ARGS = None
SOURCE = ["--kernel-source", "test-corpus"]


def fail(msg):
    print(f"FAIL: {msg}", file=sys.stderr)
    sys.exit(1)


def check(cond, msg):
    if not cond:
        fail(msg)


def run(args, env=None, expect=0, **kw):
    full_env = dict(os.environ)
    for k in ("SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN", "JOB_COMPLETION_INDEX",
              "WARPSYNTH_FAULT"):
        full_env.pop(k, None)
    full_env.update(env or {})
    p = subprocess.run([ARGS.cli] + [str(a) for a in args], env=full_env, capture_output=True, text=True, **kw)
    if expect is not None and p.returncode != expect:
        fail(f"{' '.join(map(str, args))}: exit {p.returncode}, expected {expect}\nstdout:\n{p.stdout}\n"
             f"stderr:\n{p.stderr}")
    return p


def fresh(name):
    d = Path(ARGS.tmp) / name
    if d.exists():
        subprocess.run(["chmod", "-R", "u+w", str(d)], check=False)
        shutil.rmtree(d)
    d.mkdir(parents=True)
    return d


def snapshot(d):
    """The reproducible content of a dataset folder: shards, card, figures, stats minus timing."""
    d = Path(d)
    out = {}
    for p in sorted(d.rglob("*")):
        if not p.is_file():
            continue
        rel = p.relative_to(d).as_posix()
        if rel == "manifest.json":
            m = json.loads(p.read_text())
            m.pop("timing", None)
            out[rel] = json.dumps(m, sort_keys=True).encode()
        elif rel == "stats.json":
            s = json.loads(p.read_text())
            check("timing" in s, "stats.json has no timing section")
            s.pop("timing")
            out[rel] = json.dumps(s, sort_keys=True).encode()
        else:
            out[rel] = p.read_bytes()
    return out


def same(a, b, what):
    sa, sb = snapshot(a), snapshot(b)
    if sa.keys() != sb.keys():
        fail(f"{what}: different files: {sorted(sa.keys() ^ sb.keys())}")
    diff = [k for k in sa if sa[k] != sb[k]]
    check(not diff, f"{what}: files differ: {diff}")


def stats(d):
    return json.loads((Path(d) / "stats.json").read_text())


def gen(out, count=300, seed=7, extra=(), env=None, expect=0, shard_size=50):
    return run(["generate", "--count", count, "--seed", seed, "--shard-size", shard_size, "--out", out, "--quiet", *SOURCE,
                *extra], env=env, expect=expect)


# ----------------------------------------------------------------------------- cases

def case_jobs_independence():
    dirs = []
    for jobs in (1, 2, 4):
        d = fresh(f"jobs{jobs}")
        p = gen(d, extra=["--jobs", jobs])
        check("warpsynth generate:" in p.stderr, "no summary line in a pipe")
        check(p.stderr.count("\n") == 1, f"more than one line on stderr in a pipe: {p.stderr!r}")
        dirs.append(d)
    s = stats(dirs[0])
    check(s["records"] > 50, f"too few records: {s['records']}")
    check(s["exact_dedup"]["duplicates_dropped"] > 0, "the test stream should contain exact duplicates")
    check(s["failures"]["compile"] > 0, "the test stream should contain compile failures")
    check(s["records"] + s["exact_dedup"]["duplicates_dropped"] + s["failures"]["compile"] == 300,
          "records + duplicates + failures != count")
    check(len(list((dirs[0] / "data").glob("train-*-of-00006.jsonl.zst"))) == 6, "expected 6 shard files")
    for d in dirs[1:]:
        same(dirs[0], d, f"--jobs 1 vs {d.name}")
    check_code_health(dirs[0])
    # Records never contain machine paths: the comment path is virtual.
    for r in read_records(dirs[0])[:50]:
        text = json.dumps(r)
        check(str(Path(ARGS.tmp)) not in text and os.getcwd() not in text, "a machine path leaked into a record")
        if r["cuda_functions"]:  # `// path:line` comments sit above @wp.func functions
            check(f"/warpsynth/{r['id']}.py:" in r["cuda_functions"], f"no virtual comment path in {r['id']}")


def check_code_health(d):
    """stats.json's code_health and the card's section, reasoned from the test-corpus kernels: only
    kernels/health_clamp.py has flaws, one of each (`gain` unused, `spare` never read, `scaled - scaled`,
    a comment); the other kernels have none and no comment. Also what `health DIR` computes."""
    recs = read_records(d)
    n = sum(r["kernel_name"] == "clamp_scaled" for r in recs)
    check(n > 0, "the test stream should contain clamp_scaled")
    h = stats(d)["code_health"]
    check(h["files"] == h["kernels"] == len(recs) and h["unparsed_files"] == 0, f"code_health counts {h}")
    for key in ("dead_stores", "files_with_dead_store", "unused_kernel_params", "degenerate_expressions",
                "files_documented", "kernels_documented"):
        check(h[key] == n, f"code_health.{key} = {h[key]}, expected {n} (the clamp_scaled records)")
    check(h["degenerate_by_kind"]["same_operands"] == n and h["ignored_helper_params"] == 0, f"{h}")
    check(abs(h["unused_kernel_param_rate"] - round(n / h["kernel_params"], 6)) < 1e-9, "unused_kernel_param_rate")
    card = (Path(d) / "README.md").read_text()
    check("## Code health" in card, "no Code health section on the card")
    row = f"| kernel parameters never used | {100 * n / h['kernel_params']:.1f}% ({n} of {h['kernel_params']}) |"
    check(row in card, f"the card lacks {row!r}")
    # `warpsynth health DIR` streams the same records through the same definitions.
    p = run(["health", d])
    check(json.loads(p.stdout)["code_health"] == h, "health DIR and stats.json disagree")


def zstd_decompress(path):
    """The zstd command line tool, else the `zstandard` module of the tests' venv (--hf-python)."""
    if shutil.which("zstd"):
        return subprocess.run(["zstd", "-dc", str(path)], capture_output=True, check=True).stdout.decode()
    check(ARGS.hf_python and Path(ARGS.hf_python).exists(),
          "reading .zst shards needs the zstd tool or the tests' venv (WS_PYTHON) with zstandard")
    code = "import sys, zstandard; sys.stdout.buffer.write(zstandard.ZstdDecompressor().stream_reader(" \
           "open(sys.argv[1], 'rb'), read_across_frames=True).read())"
    return subprocess.run([ARGS.hf_python, "-c", code, str(path)], capture_output=True, check=True).stdout.decode()


def read_records(d):
    """All records of a dataset, in order."""
    recs = []
    for f in sorted((Path(d) / "data").glob("train-*")):
        if f.suffix == ".zst":
            text = zstd_decompress(f)
        else:
            text = f.read_text()
        recs += [json.loads(line) for line in text.splitlines() if line]
    return recs


def case_kill_resume():
    ref = fresh("resume_ref")
    gen(ref, extra=["--jobs", 2])
    points = ["record:1", "record:130", "shard:1", "manifest:1", "shard:3", "manifest:6", "finalize:1"]
    for point in points:
        d = fresh("resume_" + point.replace(":", "_"))
        p = gen(d, extra=["--jobs", 2], env={"WARPSYNTH_FAULT": point}, expect=None)
        check(p.returncode == -signal.SIGKILL, f"{point}: expected death by SIGKILL, got {p.returncode}: {p.stderr}")
        check(not (d / "stats.json").exists() or point == "finalize:1", f"{point}: stats.json before the end")
        if point.startswith("record"):
            check(list((d / "data").glob(".*.tmp")), f"{point}: expected a temporary shard file at the kill")
        # Half the time the same command, half `--resume` alone.
        if points.index(point) % 2:
            gen(d, extra=["--jobs", 4])
        else:
            run(["generate", "--resume", "--out", d, "--quiet"])
        check(not list((d / "data").glob(".*")), f"{point}: temporary files left behind")
        same(ref, d, f"kill at {point} + resume")
    # A real kill -9 from outside, at whatever moment the first shard is on disk.
    d = fresh("resume_external")
    base = ["generate", "--count", 3000, "--seed", 7, "--shard-size", 100, "--quiet", *SOURCE, "--jobs", 2]
    ref2 = fresh("resume_external_ref")
    run(base + ["--out", ref2])
    proc = subprocess.Popen([ARGS.cli] + [str(a) for a in base + ["--out", d]], stderr=subprocess.DEVNULL)
    deadline = time.time() + 120
    while time.time() < deadline and proc.poll() is None:
        m = d / "manifest.json"
        if m.exists() and json.loads(m.read_text())["shards"]:
            break
        time.sleep(0.005)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    run(base + ["--out", d])
    same(ref2, d, "external kill -9 + rerun")
    # Running a complete dataset's command again does nothing.
    before = snapshot(ref)
    p = gen(ref)
    check("already complete" in p.stderr, f"rerun of a complete dataset: {p.stderr}")
    check(snapshot(ref) == before, "rerun of a complete dataset changed it")


def case_config_mismatch():
    d = fresh("mismatch")
    gen(d, count=100)
    before = snapshot(d)
    p = gen(d, count=100, seed=8, expect=2)
    check("different configuration" in p.stderr and "seed" in p.stderr, f"unclear refusal: {p.stderr}")
    check(p.stderr.startswith("warpsynth: error:"), f"not a warpsynth error: {p.stderr}")
    p = gen(d, count=200, expect=2)
    check("count" in p.stderr, f"count change not named: {p.stderr}")
    p = gen(d, count=100, extra=["--device", "cpu"], expect=2)
    check("device" in p.stderr, f"device change not named: {p.stderr}")
    check(snapshot(d) == before, "a refused run changed the folder")
    # A slice relaunched with a different N is refused.
    s = fresh("mismatch_slice")
    gen(s, count=100, extra=["--shard", "0/2"])
    p = gen(s, count=100, extra=["--shard", "0/3"], expect=2)
    check("slice" in p.stderr, f"slice change not named: {p.stderr}")
    p = gen(s, count=100, env={"SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "4"}, expect=2)
    check("slice" in p.stderr, f"slice change from Slurm not named: {p.stderr}")
    # A folder that is not a dataset is refused.
    o = fresh("mismatch_other")
    (o / "data").mkdir()
    (o / "data" / "train-00000-of-00001.jsonl").write_text("{}\n")
    p = gen(o, count=100, expect=2)
    check("manifest" in p.stderr, f"foreign folder: {p.stderr}")


def no_partial_shards(d):
    data = Path(d) / "data"
    if not data.exists():
        return
    for f in data.iterdir():
        check(not f.name.endswith(".tmp"), f"temporary file left: {f}")


def case_unwritable_output():
    # 1. A read-only folder (root ignores permissions, so drop to nobody).
    ro = fresh("readonly")
    ro.chmod(0o555)
    cmd, cli, env, scratch = [], ARGS.cli, dict(os.environ), None
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        check(setpriv, "running as root: setpriv (util-linux) is needed to test a read-only folder")
        cmd = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
        # nobody may not reach the checkout (a clone under a 0700 folder): the CLI, the
        # test kernels and the read-only folder go to a scratch folder it can reach.
        scratch = Path(tempfile.mkdtemp(prefix="ws-readonly-"))
        scratch.chmod(0o755)
        cli = str(scratch / "cli")
        shutil.copy2(ARGS.cli, cli)
        shutil.copytree(Path(ARGS.inputs) / "kernels", scratch / "kernels")
        env["WS_TEST_KERNELS"] = str(scratch / "kernels")
        ro = scratch / "readonly"
        ro.mkdir(mode=0o555)
        ro.chmod(0o555)
    try:
        p = subprocess.run(cmd + [cli, "generate", "--count", "50", "--out", str(ro / "ds"), "--quiet", *SOURCE],
                           capture_output=True, text=True, env=env)
        check(p.returncode == 3, f"read-only folder: exit {p.returncode} (expected 3): {p.stderr}")
        check(p.stderr.startswith("warpsynth: error:") and "ermission denied" in p.stderr, f"unclear: {p.stderr}")
        check(not (ro / "ds").exists(), "something was created in the read-only folder")
    finally:
        if scratch:
            shutil.rmtree(scratch, ignore_errors=True)
    # 2. A write that fails half-way (file size limit: EFBIG, like a full disk) leaves no shard.
    d = fresh("fsize")

    def limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (40000, 40000))

    p = subprocess.run([ARGS.cli, "generate", "--count", "3000", "--seed", "7", "--shard-size", "3000", "--out", str(d), "--quiet",
                        *SOURCE], capture_output=True, text=True, preexec_fn=limit)
    check(p.returncode == 3, f"file size limit: exit {p.returncode} (expected 3): {p.stderr}")
    check(p.stderr.startswith("warpsynth: error: cannot write") and "too large" in p.stderr, f"unclear: {p.stderr}")
    check(not list((d / "data").glob("train-*")), "a shard was left under its final name")
    no_partial_shards(d)
    # and the same folder then completes normally
    ref = fresh("fsize_ref")
    gen(ref, count=3000, shard_size=3000)
    gen(d, count=3000, shard_size=3000)
    same(ref, d, "after a failed write")
    # 3. --out is a file
    f = Path(ARGS.tmp) / "a_file"
    f.write_text("x")
    p = run(["generate", "--count", 10, "--out", f / "sub", *SOURCE], expect=3)
    check("warpsynth: error:" in p.stderr, p.stderr)


def case_disk_full():
    mnt = fresh("tmpfs")
    m = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mnt)], capture_output=True, text=True)
    if m.returncode != 0:
        msg = f"cannot mount a 64 KiB tmpfs ({m.stderr.strip()}): needs root with CAP_SYS_ADMIN"
        if os.environ.get("CI"):
            fail(msg + " (required in CI)")
        print("SKIPPED: " + msg)
        sys.exit(77)
    try:
        p = run(["generate", "--count", 3000, "--shard-size", 1000, "--out", mnt / "ds", "--quiet", *SOURCE,
                 "--no-compress"], expect=3)
        check("No space left on device" in p.stderr, f"unclear: {p.stderr}")
        no_partial_shards(mnt / "ds")
        # every shard the manifest lists is intact
        man = json.loads((mnt / "ds" / "manifest.json").read_text())
        for s in man["shards"]:
            check((mnt / "ds" / s["file"]).stat().st_size == s["bytes"], f"{s['file']} damaged")
    finally:
        subprocess.run(["umount", str(mnt)], check=False)


def case_merge_equality():
    single = fresh("merge_single")
    args = ["--count", 300, "--seed", 11, "--shard-size", 25, "--quiet", *SOURCE]
    run(["generate", *args, "--out", single])
    slices = []
    for i in range(5):
        d = fresh(f"merge_slice{i}")
        if i == 1:
            run(["generate", *args, "--out", d], env={"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "5"})
        elif i == 2:
            run(["generate", *args, "--out", d, "--shard-count", 5], env={"JOB_COMPLETION_INDEX": "2"})
        else:
            run(["generate", *args, "--out", d, "--shard", f"{i}/5"])
        slices.append(d)
    # disjoint slices
    files = [sorted(p.name for p in (d / "data").iterdir()) for d in slices]
    flat = sum(files, [])
    check(len(flat) == len(set(flat)) == 12, f"slices are not a partition of the 12 shards: {files}")
    # a complete slice relaunched is skipped
    p = run(["generate", *args, "--out", slices[0], "--shard", "0/5"])
    check("already complete" in p.stderr, p.stderr)
    merged = fresh("merge_out")
    shutil.rmtree(merged)
    p = run(["merge", *reversed(slices), "--out", merged])
    check("slices of one generation" in p.stderr, p.stderr)
    same(single, merged, "merge of 5 slices vs a single run")
    check(stats(merged)["records"] == stats(single)["records"], "record counts differ")
    # an incomplete set of slices is not silently taken for the whole
    part = fresh("merge_partial")
    shutil.rmtree(part)
    run(["merge", slices[0], slices[1], "--out", part])
    check(json.loads((part / "manifest.json").read_text())["kind"] == "merge", "partial merge is a plain union")
    # union of two different runs: global dedup
    other = fresh("merge_other")
    run(["generate", "--count", 300, "--seed", 12, "--shard-size", 25, "--quiet", *SOURCE, "--out", other])
    union = fresh("merge_union")
    shutil.rmtree(union)
    p = run(["merge", single, other, "--out", union, "--shard-size", 100])
    recs = read_records(union)
    hashes = [r["metadata"]["source_hash"] for r in recs]
    check(len(hashes) == len(set(hashes)), "union has duplicates")
    both = {r["metadata"]["source_hash"] for r in read_records(single)} | {
        r["metadata"]["source_hash"] for r in read_records(other)}
    check(len(recs) == len(both), f"union lost records: {len(recs)} vs {len(both)}")
    check(stats(union)["records"] == len(recs), "union stats")
    run(["validate", union, "--quiet"])


def case_extract_mixed():
    out = fresh("extract")
    shutil.rmtree(out)
    inputs = Path(ARGS.inputs) / "extract_input"
    p = run(["extract", inputs, "--out", out])
    skipped = p.stdout
    check("broken_syntax.py: skipped: does not parse" in skipped, f"syntax error not listed:\n{skipped}")
    check("configured.py:3: skipped: sets wp.config" in skipped, f"wp.config file not listed:\n{skipped}")
    # kernel options: the compiler's (options it does not model are skips that say why)
    check("(bad_option): skipped:" in skipped and "unsupported @wp.kernel option 'not_an_option'" in skipped,
          skipped)
    check("(mixed): skipped:" in skipped, f"rejected kernel not listed:\n{skipped}")
    # A generic kernel without wp.overload has no code in Warp's module: a clean skip that says
    # why (it was an internal compiler error), at the parameter typed Any: line 6, column 19 of
    # the reduced module (two imports, two blank lines, the decorator; `def generic_scale(` is 18).
    check("(generic_scale): skipped: /warpsynth/x-" in skipped and
          ".py:6:19: error: kernel 'generic_scale' is generic (parameter 'x' is typed with Any)" in skipped,
          f"generic kernel not listed:\n{skipped}")
    check("internal compiler error" not in skipped, f"internal error:\n{skipped}")
    recs = read_records(out)
    names = sorted(r["kernel_name"] for r in recs)
    # description: the first paragraph of the kernel's docstring, whitespace made single spaces
    desc = {r["kernel_name"]: r["description"] for r in recs}
    check(desc.get("damp_velocities") == "Multiplies every velocity by the damping factor `k`.",
          f"description of damp_velocities: {desc.get('damp_velocities')!r}")
    check(all(v == "" for k, v in desc.items() if k != "damp_velocities"), f"descriptions: {desc}")
    check("concrete_scale" in names, f"the kernel beside a generic one is missing: {names}")
    by_name = {r["kernel_name"]: r for r in recs}
    # provenance: the path under the folder given, the decorator's line, the qualified name and the
    # licence of the tree (sub/ has an MIT LICENSE; nothing above good.py up to the root given has one)
    check(by_name["forward_only"]["metadata"]["origin"] == {
        "path": "extract_input/sub/options.py", "line": 6, "qualified_name": "forward_only", "license": "MIT"},
        f"origin: {by_name['forward_only']['metadata']['origin']}")
    check(by_name["scale_values"]["metadata"]["origin"] == {
        "path": "extract_input/good.py", "line": 16, "qualified_name": "scale_values", "license": "unknown"},
        f"origin: {by_name['scale_values']['metadata']['origin']}")
    check(stats(out).get("by_license") == {"MIT": 8, "unknown": 3}, f"licence mix: {stats(out).get('by_license')}")
    card = (out / "README.md").read_text()
    check("## Licences" in card and "| MIT | 8 | 72.7% |" in card and "| unknown | 3 | 27.3% |" in card, card)
    # the skips by reason, in stats.json and on the card (names and numbers blanked)
    skips = stats(out).get("extract_skips")
    check(skips == {"files": {"does not parse: invalid syntax": 1,
                              "sets wp.config, which changes the generated code: file skipped": 1},
                    "kernels": {"'_': Input types must be the same, got ['_', '_']": 1,
                                "kernel '_' is generic (parameter '_' is typed with Any): Warp generates its code "
                                "only for wp.overload() declarations ...": 1,
                                "unsupported @wp.kernel option '_'": 1}}, f"extract_skips: {skips}")
    check("## Skipped by extract" in card and "| files | does not parse: invalid syntax | 1 |" in card, card)
    single = fresh("extract_single_file")
    shutil.rmtree(single)
    run(["extract", inputs / "sub" / "options.py", "--out", single, "--quiet"])
    o = {r["kernel_name"]: r["metadata"]["origin"] for r in read_records(single)}["plain"]
    check(o == {"path": "options.py", "line": 36, "qualified_name": "plain", "license": "MIT"}, f"origin: {o}")
    # the reduced module keeps what the kernel uses (SCALE through twice), not host code
    src = by_name["scale_values"]["python_source"]
    check("SCALE = wp.constant(2.0)" in src and "def twice" in src and "import warp as wp" in src, src)
    check("no_such_host_library" not in src and "numpy" not in src and "UNUSED" not in src, src)
    check(not by_name["forward_only"]["cuda_backward"] and by_name["forward_only"]["cuda_forward"],
          "enable_backward=False")
    check("__launch_bounds__(128, 2)" in by_name["bounded"]["cuda_forward"], "launch_bounds")
    check("for (size_t _idx" not in by_name["bounded"]["cuda_forward"], "grid_stride=False")
    check("renamed_kernel_cuda_kernel_forward" in by_name["named"]["cuda_forward"], "name=")
    check("plain" in names, f"the supported kernel of a file with an unsupported one is missing: {names}")
    # A kernel of another module is a plain kernel of a reduced module of its own, with Warp's default
    # options (not its file's) and its module_options; the file's options stay with its other kernels.
    own = by_name["own_module"]["python_source"]
    check("@wp.kernel\ndef own_module(" in own and "unique" not in own, own)
    src = by_name["file_module_kernel"]["python_source"]
    check('wp.set_module_options({"enable_backward": False})' in src, src)
    check(not by_name["file_module_kernel"]["cuda_backward"], "the file's enable_backward=False")
    src = by_name["unrolled_own"]["python_source"]
    check('wp.set_module_options({"max_unroll": 2})\n\n\n@wp.kernel\ndef unrolled_own(' in src, src)
    check("enable_backward" not in src and by_name["unrolled_own"]["cuda_backward"], src)
    src = by_name["named_module"]["python_source"]
    check("@wp.kernel(grid_stride=False)\ndef named_module(" in src and "enable_backward" not in src, src)
    check("for (size_t _idx" not in by_name["named_module"]["cuda_forward"], "grid_stride=False")
    check("mixed" not in names and "broken" not in names and "debug_kernel" not in names, f"{names}")
    for r in recs:
        check(r["category"] == "extracted" and r["id"].startswith("x-"), r["id"])
        check("__main__" not in r["python_source"] and "host_side" not in r["python_source"],
              "host code kept in the reduced module")
        check(str(inputs) not in json.dumps(r), "a machine path leaked into a record")
    run(["validate", out, "--quiet"])
    # the same inputs again, with any number of threads: the same bytes
    for jobs in (1, 3):
        again = fresh(f"extract_again{jobs}")
        shutil.rmtree(again)
        run(["extract", inputs, "--out", again, "--quiet", "--jobs", jobs])
        same(out, again, f"extract twice (--jobs {jobs})")


def case_extract_warp():
    """Every pair extract makes from Warp's own tests and examples (all of them, and extract_input)
    is what real Warp makes: tools/extract_check.py loads each record's python_source with Warp
    and compares its code, for cuda and cpu."""
    check(ARGS.hf_python and Path(ARGS.hf_python).exists(), "needs WS_PYTHON (a venv with warp-lang)")
    warp_dir = Path(subprocess.run([ARGS.hf_python, "-c", "import os, warp; print(os.path.dirname(warp.__file__))"],
                                   capture_output=True, text=True, check=True).stdout.strip())
    out = fresh("extract_warp")
    shutil.rmtree(out)
    run(["extract", warp_dir / "tests", warp_dir / "examples", Path(ARGS.inputs) / "extract_input", "--out", out,
         "--device", "both", "--quiet"])
    n = stats(out)["records"]
    check(n >= 1050, f"fewer pairs from Warp's tests and examples than the 1,101 of warp-lang 1.19.0: {n}")
    tool = Path(__file__).resolve().parents[2] / "tools" / "extract_check.py"
    p = subprocess.run([ARGS.hf_python, str(tool), str(out), "--work", str(Path(ARGS.tmp) / "extract_warp_check"),
                        "--python", ARGS.hf_python], capture_output=True, text=True)
    check(p.returncode == 0 and f"{2 * n} passed, 0 failed" in p.stdout,
          f"records differ from Warp's output:\n{p.stdout}\n{p.stderr[-2000:]}")


def case_extract_packages():
    """A package of our own (relative and absolute imports, a re-export through __init__.py, an import
    under another name, a struct, an IntEnum and overloads from other modules): each kernel's record is one
    self-contained module that real Warp compiles to the record's code (tools/extract_check.py), and
    its code is Warp's code for the original package module, function by function (Warp imports
    the package normally; only the `// file:line` and `<L n>` comments differ). A name two modules
    define differently is a skip that says so."""
    check(ARGS.hf_python and Path(ARGS.hf_python).exists(), "needs WS_PYTHON (a venv with warp-lang)")
    tree = Path(ARGS.inputs) / "extract_packages"
    out = fresh("extract_packages")
    shutil.rmtree(out)
    p = run(["extract", tree, "--out", out, "--device", "both"])
    check("mylib/sim/clash.py:12 (clashing): skipped: the name 'clamp01' is defined in modules mylib.geometry "
          "and mylib.sim.clash" in p.stdout, p.stdout)
    check("2 pairs" in p.stderr and "from 3 kernels" in p.stderr, p.stderr)
    recs = {r["kernel_name"]: r for r in read_records(out)}
    check(sorted(recs) == ["blend", "project_points"], f"{sorted(recs)}")
    for r in recs.values():
        imports = [l for l in r["python_source"].splitlines() if "import" in l]
        check("import warp as wp" in imports and not any("mylib" in l or "from ." in l for l in imports),
              f"{r['kernel_name']} still imports from the package: {imports}")
    src = recs["project_points"]["python_source"]
    check("GAIN = SCALE" in src and "class Mode(IntEnum)" in src and "not_needed" not in src and "UNUSED" not in src and "lerp3" not in src, src)
    tool = Path(__file__).resolve().parents[2] / "tools" / "extract_check.py"
    c = subprocess.run([ARGS.hf_python, str(tool), str(out), "--work", str(Path(ARGS.tmp) / "extract_packages_check"),
                        "--python", ARGS.hf_python], capture_output=True, text=True)
    check(c.returncode == 0 and "4 passed, 0 failed" in c.stdout, f"{c.stdout}\n{c.stderr[-2000:]}")
    w = subprocess.run([ARGS.hf_python, str(Path(__file__).with_name("package_reference.py")), str(tree),
                        "mylib.sim.kernels"], capture_output=True, text=True)
    check(w.returncode == 0, w.stderr[-2000:])
    warp = json.loads(w.stdout)["mylib.sim.kernels"]

    def norm(t):
        t = re.sub(r"^// /.*\.py:\d+\n", "", t or "", flags=re.M)
        return re.sub(r" +<L \d+>$", "", t, flags=re.M)

    for r in recs.values():
        for device in ("cuda", "cpu"):
            original = norm(warp[device])
            blocks = re.split(r"\n(?=static |struct )", norm(r[f"{device}_functions"]))
            blocks += [norm(r[f"{device}_forward"]), norm(r[f"{device}_backward"])]
            for b in blocks:
                check(b.strip() in original, f"{r['kernel_name']} ({device}): not in Warp's code for the "
                      f"package module:\n{b[:800]}")


def code_lines(r):
    """record_builder's code_lines: lines of C++ of the record's larger device."""
    n = lambda t: 0 if not t else t.count("\n") + (0 if t.endswith("\n") else 1)  # noqa: E731
    return max(sum(n(r[k]) for k in ("cuda_functions", "cuda_forward", "cuda_backward")),
               sum(n(r[k]) for k in ("cpu_functions", "cpu_forward", "cpu_backward", "cpu_entry")))


def case_size_limit():
    """generate/extract --max-code-lines leave out exactly the records over the limit and count them."""
    args = ["--count", 200, "--seed", 5, "--device", "both", "--shard-size", 50, "--quiet"]
    full, cut = fresh("size_full"), fresh("size_cut")
    run(["generate", *args, "--max-code-lines", 0, "--out", full])
    recs = read_records(full)
    limit = sorted(code_lines(r) for r in recs)[len(recs) * 3 // 4]
    over = {r["id"] for r in recs if code_lines(r) > limit}
    p = run(["generate", *args, "--max-code-lines", limit, "--out", cut])
    check(f"{len(over)} over --max-code-lines {limit}" in p.stderr, p.stderr)
    check({r["id"] for r in read_records(cut)} == {r["id"] for r in recs} - over, "not the records within the limit")
    s = stats(cut)
    check(s["size_limit"]["oversized_dropped"] == len(over) > 0, f"stats.json: {s['size_limit']}, {len(over)}")
    check(s["records"] + s["exact_dedup"]["duplicates_dropped"] + s["failures"]["compile"] + s["failures"]["source"]
          + len(over) == 200, "records + drops != count")
    m = manifest(cut)
    check(m["config"]["max_code_lines"] == limit and sum(e["oversized"] for e in m["shards"]) == len(over),
          "manifest counts")
    check(f"over {limit} lines of C++, `--max-code-lines`) | {len(over)} (" in (cut / "README.md").read_text(),
          "the card does not count the records over the limit")
    run(["validate", cut, "--quiet"])
    p = run(["generate", *args, "--max-code-lines", limit + 1, "--out", cut], expect=2)
    check("max_code_lines" in p.stderr, f"another limit against the folder: {p.stderr}")
    dflt = fresh("size_default")
    run(["generate", "--count", 20, "--seed", 5, "--out", dflt, "--quiet"])
    check(manifest(dflt)["config"]["max_code_lines"] == 10000, "default --max-code-lines")
    # extract: the same limit, listed among the skipped kernels
    inputs = Path(ARGS.inputs) / "extract_input"
    ex_full, ex_cut = fresh("size_extract_full"), fresh("size_extract_cut")
    run(["extract", inputs, "--out", ex_full, "--quiet", "--max-code-lines", 0])
    erecs = read_records(ex_full)
    elimit = sorted(code_lines(r) for r in erecs)[len(erecs) // 2]
    eover = {r["kernel_name"] for r in erecs if code_lines(r) > elimit}
    p = run(["extract", inputs, "--out", ex_cut, "--max-code-lines", elimit])
    check(p.stdout.count(f"over the size limit (--max-code-lines {elimit})") == len(eover) > 0, p.stdout)
    check({r["kernel_name"] for r in read_records(ex_cut)} == {r["kernel_name"] for r in erecs} - eover, "extract")
    check(stats(ex_cut)["size_limit"]["oversized_dropped"] == len(eover), "extract: stats.json")
    run(["validate", ex_cut, "--quiet"])
    print(f"generate: {len(over)} of {len(recs)} records over {limit} lines left out; "
          f"extract: {len(eover)} of {len(erecs)} over {elimit}")


def case_validate_corrupt():
    d = fresh("validate")
    gen(d, count=150, extra=["--no-compress"])
    p = run(["validate", d])
    check("no problems" in p.stderr, p.stderr)
    shard = sorted((d / "data").glob("train-*.jsonl"))[1]
    lines = shard.read_text().splitlines()
    victim = json.loads(lines[2])
    victim["cuda_forward"] = victim["cuda_forward"].replace("wp::", "wq::", 1)
    lines[2] = json.dumps(victim, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    shard.write_text("\n".join(lines) + "\n")
    # With the manifest's checksum out of date, both are reported.
    p = run(["validate", d], expect=5)
    check(f"record {victim['id']}" in p.stdout and "cuda_forward differs from a fresh compile" in p.stdout,
          f"corrupted record not named:\n{p.stdout}")
    check(f"{shard.relative_to(d).as_posix()}: xxh3 does not match" in p.stdout, f"checksum not checked:\n{p.stdout}")
    # A duplicate record and a bad source_hash are caught too.
    lines.append(lines[0])
    shard.write_text("\n".join(lines) + "\n")
    p = run(["validate", d, "--no-recompile"], expect=5)
    check("appears twice" in p.stdout and "exact duplicate" in p.stdout, p.stdout)
    check("records, manifest.json says" in p.stdout, p.stdout)
    # stats.json tampering
    d2 = fresh("validate_stats")
    gen(d2, count=100)
    s = stats(d2)
    s["records"] += 1
    (d2 / "stats.json").write_text(json.dumps(s))
    p = run(["validate", d2], expect=5)
    check("stats.json does not match the records (differs in: records" in p.stdout, p.stdout)
    # `stats` rewrites it
    run(["stats", d2])
    run(["validate", d2])


def case_product_generate():
    """The product's own kernel source (src/synth) through the whole pipeline."""
    d = fresh("product")
    p = run(["generate", "--count", 200, "--seed", 3, "--shard-size", 100, "--out", d, "--quiet"], expect=None)
    check(p.returncode == 0, f"generate with the synthesizer: exit {p.returncode}: {p.stderr}")
    s = stats(d)
    check(s["candidates"] == 200, f"candidates {s['candidates']}")
    print(f"synthesizer: {s['records']} pairs, {s['failures']['compile']} rejected by the compiler, "
          f"{s['exact_dedup']['duplicates_dropped']} duplicates")
    check(s["records"] > 0, f"no pair compiled; failure reasons: {s['failures']['reasons']}")
    run(["validate", d, "--quiet"])


def case_hf_datasets_load():
    py = ARGS.hf_python
    check(py and Path(py).exists(), f"WS_PYTHON={py} does not exist (make the venv: scripts/setup.sh)")
    d = fresh("hf")
    cache = fresh("hf-cache")  # datasets may reuse a stale cache of an earlier run's folder
    gen(d, count=200)
    n = stats(d)["records"]
    script = r'''
import json, sys
from pathlib import Path
import datasets, yaml
d = Path(sys.argv[1]); n = int(sys.argv[2])
card = (d / "README.md").read_text()
assert card.startswith("---\n"), "no YAML front matter"
meta = yaml.safe_load(card.split("---\n")[1])
files = meta["configs"][0]["data_files"][0]
assert files["split"] == "train"
ds = datasets.load_dataset("json", data_files=str(d / files["path"]), split="train")
assert len(ds) == n, (len(ds), n)
want = {"id", "kernel_name", "category", "description", "python_source", "cuda_forward", "cuda_backward", "cuda_functions",
        "cpu_forward", "cpu_backward", "cpu_functions", "cpu_entry", "metadata"}
assert want <= set(ds.column_names), ds.column_names
m = ds[0]["metadata"]
for k in ("device", "warp_version", "seed", "index", "python_lines", "forward_lines", "builtins", "source_hash",
          "verification"):
    assert k in m, k
assert ds[0]["cuda_forward"], "empty cuda_forward"
assert len(set(ds["id"])) == n
# the folder itself, through the card's configs
ds2 = datasets.load_dataset(str(d), split="train")
assert len(ds2) == n, (len(ds2), n, sorted(p.name for p in d.rglob("*")))
print("datasets", datasets.__version__, "loaded", n, "records")
'''
    p = subprocess.run([py, "-c", script, str(d), str(n)], capture_output=True, text=True,
                       env={**os.environ, "HF_DATASETS_CACHE": str(cache),
                            "HF_HUB_OFFLINE": "1"})
    check(p.returncode == 0, f"datasets could not load the dataset:\n{p.stdout}\n{p.stderr}")
    print(p.stdout.strip())


# ----------------------------------------------------------------------------- verification
# generate --verify and verify --drop-failed run the real verifier: NVRTC and g++ against Warp's
# headers, found through the python3 on PATH (verify_env puts WS_PYTHON's folder first), on pairs of the
# product synthesizer (test-corpus kernels have no launch shapes). The first 20 pairs of seed VSEED
# include one that fails verification (a gradient check), so --drop-failed has work to do. Which pairs
# fail moves with the synthesizer (and they grow rare as it improves): the checks below count the
# verdicts of the records rather than pin them, and when they find no failure, search another seed
# (generate --count 20 --verify --seed S for S = 1, 2, ... until stats.json counts a failure). Outputs
# that ignore the inputs no longer occur in so few pairs (the synthesizer's probe draws such kernels
# again); their figure is checked against the records whatever its value, and the verifier's
# detection of them has its own tests (tests/verify/verify_pipeline_test.cpp).
VSEED = 6

VERDICTS = ("compiled_cuda", "compiled_cpu", "executed", "grad_check", "depends_on_inputs")


def is_verified(v):
    """src/verify/totals.cpp's is_verified: no verdict is a failure and one compilation passed."""
    if any(v.get(k) is None or not (v[k] == "pass" or v[k].startswith("skipped")) for k in VERDICTS):
        return False
    return "pass" in (v["compiled_cuda"], v["compiled_cpu"])


def vgen(out, count, shard_size, extra=(), env=None, expect=0, jobs=2):
    """generate with seed VSEED; the verifier's work folders (and those a kill leaves) go under --tmp."""
    return run(["generate", "--count", count, "--seed", VSEED, "--shard-size", shard_size, "--out", out, "--quiet",
                "--jobs", jobs, *extra], env={**verify_env(), **(env or {})}, expect=expect)


def verify_env():
    """The verifier finds Warp through the python3 on PATH: WS_PYTHON's (--hf-python) folder goes first,
    here rather than in CMake because a pyenv shim running this script puts its own folder first."""
    py = ARGS.hf_python
    check(py and Path(py).exists(), f"WS_PYTHON={py} does not exist (make the venv: scripts/setup.sh)")
    tmp = Path(ARGS.tmp) / "verify-tmp"
    tmp.mkdir(parents=True, exist_ok=True)
    return {"TMPDIR": str(tmp), "PATH": f"{Path(py).parent}{os.pathsep}{os.environ.get('PATH', '')}"}


def manifest(d):
    return json.loads((Path(d) / "manifest.json").read_text())


def same_data(a, b, what):
    """Shards and stats.json (without timing) of two folders whose manifests may differ in config."""
    sa, sb = snapshot(a), snapshot(b)
    keys = sorted(k for k in sa.keys() | sb.keys() if k.startswith("data/") or k == "stats.json")
    diff = [k for k in keys if sa.get(k) != sb.get(k)]
    check(not diff, f"{what}: files differ: {diff}")


def case_verify_drop_failed():
    plain = fresh("vdrop_plain")
    vgen(plain, 60, 20)
    d = fresh("vdrop")
    vgen(d, 60, 20, ["--verify", "--drop-failed"])
    recs = read_records(d)
    check(recs, "--drop-failed kept nothing")
    for r in recs:
        v = r["metadata"]["verification"]
        check(is_verified(v), f"{r['id']} was kept but is not verified: {v}")
    m = manifest(d)
    check(m["complete"] and m["config"]["verify"] is True and m["config"]["drop_failed"] is True,
          f"manifest: complete {m['complete']}, config {m['config']}")
    check(all(s["verified"] for s in m["shards"]), "a shard is not marked verified")
    dropped = sum(s["verification_dropped"] for s in m["shards"])
    check(dropped > 0, f"seed {VSEED} has pairs that fail verification; none was dropped")
    check(sum(s["records"] for s in m["shards"]) == len(recs), "manifest record counts != records in the shards")
    s = stats(d)
    check(s["records"] == len(recs) and s["verification_dropped"] == dropped,
          f"stats.json: records {s['records']}, verification_dropped {s.get('verification_dropped')}")
    # Kept + dropped = what a plain generate of the same seed and count writes, in the same order.
    plain_ids = [r["id"] for r in read_records(plain)]
    kept_ids = [r["id"] for r in recs]
    check(len(kept_ids) + dropped == len(plain_ids) == stats(plain)["records"],
          f"{len(kept_ids)} kept + {dropped} dropped != {len(plain_ids)} plain records")
    check([i for i in plain_ids if i in set(kept_ids)] == kept_ids, "kept records are not a subsequence of the plain run")
    check("verification_dropped" not in stats(plain) and "verification_figures" not in stats(plain),
          "stats.json of an unverified dataset changed shape")
    card = (d / "README.md").read_text()
    check(f"| dropped as not verified (`--drop-failed`) | {dropped} (" in card, "the card does not count the drops")
    check("--verify --drop-failed" in card, "the card's command line lacks --verify --drop-failed")
    run(["validate", d, "--quiet"])
    # Slices verified separately merge into the same bytes (the per-shard counts travel).
    slices = []
    for i in range(2):
        sd = fresh(f"vdrop_slice{i}")
        vgen(sd, 60, 20, ["--verify", "--drop-failed", "--shard", f"{i}/2"])
        slices.append(sd)
    merged = fresh("vdrop_merged")
    shutil.rmtree(merged)
    run(["merge", *slices, "--out", merged, "--quiet"])
    same(d, merged, "merge of verified slices vs a single run")
    # `verify DIR --drop-failed` on the plain dataset is the same pass: the same shards and stats.
    p = run(["verify", plain, "--drop-failed", "--quiet"], env=verify_env())
    check(f"dropped {dropped} records that are not verified" in p.stdout, f"verify --drop-failed:\n{p.stdout}")
    same_data(d, plain, "verify --drop-failed vs generate --verify --drop-failed")
    run(["validate", plain, "--quiet"])
    # Without --drop-failed every pair stays, and exit status 5 says that some are not verified.
    k = fresh("vkeep")
    p = vgen(k, 20, 20, ["--verify"], expect=5)
    check("are not verified" in p.stderr, f"no explanation of exit status 5: {p.stderr}")
    kept = read_records(k)
    unverified = sum(not is_verified(r["metadata"]["verification"]) for r in kept)
    check(len(kept) == 20 and unverified > 0, f"generate --verify should keep all 20 pairs, some not verified: {unverified}")
    check(stats(k)["verification_dropped"] == 0, "stats.json of a verified dataset lacks verification_dropped")
    # Non-finite outputs and outputs that ignore the inputs are counted on their own.
    fig = stats(k)["verification_figures"]
    verdicts = [r["metadata"]["verification"] for r in kept]
    nan = sum(v["executed"].startswith("fail: nan") for v in verdicts)
    inf = sum(v["executed"].startswith("fail: inf") for v in verdicts)
    other = sum(v["executed"].startswith("fail") for v in verdicts) - nan - inf
    ignore = sum(v["depends_on_inputs"].startswith("fail: outputs ignore the inputs") for v in verdicts)
    checked = sum(not v["depends_on_inputs"].startswith("skipped") for v in verdicts)
    check(fig["executed"]["non_finite"] == nan + inf and fig["executed"]["other_failures"] == other
          and fig["depends_on_inputs"]["outputs_ignore_inputs"] == ignore and fig["depends_on_inputs"]["checked"] == checked,
          f"stats.json verification_figures: {fig}")
    card = (k / "README.md").read_text()
    check(f"| outputs that ignore their inputs (bit-identical when the inputs are drawn anew), of {checked} checked | "
          f"{ignore} | {100 * ignore / checked:.1f}% |" in card
          and f"| non-finite outputs ({nan} with nan, {inf} with inf only) | {nan + inf} | {100 * (nan + inf) / 20:.1f}% |" in card,
          "the card lacks the non-finite and input-independence figures")
    # Pairs compiled but not run (kernels that query a mesh or hash grid by id) are counted by reason.
    not_run = {}
    for v in verdicts:
        if v["executed"].startswith("skipped: "):
            not_run[v["executed"][9:]] = not_run.get(v["executed"][9:], 0) + 1
    check(fig["executed"]["not_run"] == not_run, f"stats.json verification_figures not_run: {fig}")
    for reason, n in not_run.items():
        check(f"| {reason} | {n} | {100 * n / 20:.1f}% |" in card, f"the card lacks the pairs not run: {reason}")
    run(["validate", k, "--quiet"])
    # Spatial kernels are compiled, not run: verified (nothing failed), each run verdict giving the reason.
    sp = fresh("vspatial")
    vgen(sp, 4, 4, ["--verify", "--categories", "spatial"])
    why = "needs a mesh, BVH, hash grid or volume (the kernel queries one by its id)"
    for r in read_records(sp):
        v = r["metadata"]["verification"]
        check(v["compiled_cuda"] == "pass" and v["compiled_cpu"] in ("pass", "skipped: the record has no CPU code")
              and all(v[c] == "skipped: " + why for c in ("executed", "grad_check", "depends_on_inputs")),
              f"{r['id']}: a spatial kernel's verdicts: {v}")
    check(stats(sp)["verification_figures"]["executed"]["not_run"] == {why: 4}, f"stats.json: {stats(sp)}")
    check(f"| {why} | 4 | 100.0% |" in (sp / "README.md").read_text(), "the card lacks the pairs not run")


def case_verify_kill_resume():
    args = ["--verify", "--drop-failed"]
    ref = fresh("vresume_ref")
    vgen(ref, 30, 10, args)
    check(stats(ref)["verification_dropped"] > 0, f"expected drops: {stats(ref).get('verification_dropped')}")
    # Kills inside the verification pass (generation is complete by then), rerun with the same command
    # (another --jobs) or --resume.
    for point, rerun in (("verify_chunk:2", "same"), ("verify_manifest:1", "resume"), ("verify_shard:3", "same")):
        d = fresh("vresume_" + point.replace(":", "_"))
        p = vgen(d, 30, 10, args, env={"WARPSYNTH_FAULT": point}, expect=None)
        check(p.returncode == -signal.SIGKILL, f"{point}: expected death by SIGKILL, got {p.returncode}: {p.stderr}")
        m = manifest(d)
        check(len(m["shards"]) == 3 and not m["complete"], f"{point}: the kill should come after generation")
        check(not (d / "stats.json").exists(), f"{point}: stats.json before the end")
        flags = [s["verified"] for s in m["shards"]]
        temps = list((d / "data").glob(".*.tmp"))
        if point == "verify_chunk:2":
            check(flags == [True, False, False] and temps, f"{point}: flags {flags}, temporary files {temps}")
        if point == "verify_manifest:1":
            # The manifest already describes the rewritten shard, which is still under its temporary name.
            check(flags == [True, False, False] and len(temps) == 1, f"{point}: flags {flags}, temporary files {temps}")
        if rerun == "same":
            vgen(d, 30, 10, args, jobs=1)
        else:
            run(["generate", "--resume", "--out", d, "--quiet"], env=verify_env())
        check(not list((d / "data").glob(".*")), f"{point}: temporary files left behind")
        same(ref, d, f"kill at {point} + rerun")
    # `warpsynth verify DIR` resumes the same way.
    d = fresh("vresume_verify_cmd")
    vgen(d, 30, 10)
    p = run(["verify", d, "--drop-failed", "--quiet"], env={**verify_env(), "WARPSYNTH_FAULT": "verify_manifest:2"},
            expect=None)
    check(p.returncode == -signal.SIGKILL, f"verify: expected death by SIGKILL, got {p.returncode}: {p.stderr}")
    run(["verify", d, "--drop-failed", "--quiet"], env=verify_env())
    same_data(ref, d, "verify --drop-failed killed + rerun")
    # A real kill -9 from outside, once the first shard is verified (the second is being verified).
    d = fresh("vresume_external")
    cmd = [ARGS.cli, "generate", "--count", "30", "--seed", str(VSEED), "--shard-size", "10", "--out", str(d), "--quiet",
           "--jobs", "2", *args]
    env = {k: v for k, v in os.environ.items() if k != "WARPSYNTH_FAULT"}
    proc = subprocess.Popen(cmd, env={**env, **verify_env()}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 120
    while time.time() < deadline and proc.poll() is None:
        try:
            if any(s["verified"] for s in manifest(d)["shards"]):
                break
        except (OSError, ValueError, KeyError):
            pass
        time.sleep(0.005)
    check(proc.poll() is None, "the run ended before it could be killed")
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    check(not manifest(d)["complete"], "killed after the end")
    vgen(d, 30, 10, args)
    same(ref, d, "external kill -9 during verification + rerun")
    # The finished dataset's command again does nothing.
    before = snapshot(ref)
    p = vgen(ref, 30, 10, args)
    check("already complete" in p.stderr, f"rerun of a complete dataset: {p.stderr}")
    check(snapshot(ref) == before, "rerun of a complete dataset changed it")


def case_verify_config_mismatch():
    args = ["--verify", "--drop-failed"]
    # Without Warp's headers --verify fails before anything is generated.
    bad = fresh("vmismatch_noheaders")
    shutil.rmtree(bad)
    p = vgen(bad, 20, 10, args + ["--warp-include", Path(ARGS.tmp) / "nowhere"], expect=2)
    check(p.stderr.startswith("warpsynth: error: --verify:") and "no Warp native headers" in p.stderr,
          f"unclear: {p.stderr}")
    check(not bad.exists(), "a folder was created although verification cannot run")
    p = vgen(bad, 20, 10, ["--drop-failed"], expect=2)
    check("--drop-failed needs --verify" in p.stderr, f"unclear: {p.stderr}")
    # A run killed after its first shard: the folder records --verify --drop-failed.
    d = fresh("vmismatch")
    p = vgen(d, 20, 10, args, env={"WARPSYNTH_FAULT": "manifest:1"}, expect=None)
    check(p.returncode == -signal.SIGKILL, f"expected death by SIGKILL, got {p.returncode}: {p.stderr}")
    before = snapshot(d)
    p = vgen(d, 20, 10, ["--verify"], expect=2)
    check("different configuration" in p.stderr and "drop_failed: true in the folder vs false now" in p.stderr,
          f"changing --drop-failed: {p.stderr}")
    p = vgen(d, 20, 10, [], expect=2)
    check("verify: true in the folder vs false now" in p.stderr, f"dropping --verify: {p.stderr}")
    check(snapshot(d) == before, "a refused run changed the folder")
    # Finished, it refuses the same way.
    vgen(d, 20, 10, args)
    before = snapshot(d)
    p = vgen(d, 20, 10, ["--verify"], expect=2)
    check("drop_failed: true in the folder vs false now" in p.stderr, f"changing --drop-failed: {p.stderr}")
    check(snapshot(d) == before, "a refused run changed the folder")
    # A folder made before --verify existed (its manifest has none of the new keys) is an unverified one.
    old = fresh("vmismatch_old")
    vgen(old, 20, 10)
    m = manifest(old)
    del m["config"]["verify"], m["config"]["drop_failed"]
    for s in m["shards"]:
        del s["verified"], s["verification_dropped"]
    (old / "manifest.json").write_text(json.dumps(m, indent=2) + "\n")
    p = vgen(old, 20, 10)
    check("already complete" in p.stderr, f"an old folder is not recognised: {p.stderr}")
    p = vgen(old, 20, 10, ["--verify", "--drop-failed"], expect=2)
    check("verify: false in the folder vs true now" in p.stderr, f"old folder and --verify: {p.stderr}")
    run(["validate", old, "--quiet"])


def main():
    global ARGS
    ap = argparse.ArgumentParser()
    ap.add_argument("case")
    ap.add_argument("--cli", required=True)
    ap.add_argument("--tmp", required=True)
    ap.add_argument("--inputs", required=True)
    ap.add_argument("--hf-python")
    ARGS = ap.parse_args()
    Path(ARGS.tmp).mkdir(parents=True, exist_ok=True)
    fn = globals().get("case_" + ARGS.case)
    if not fn:
        fail(f"unknown case {ARGS.case}")
    fn()
    print(f"PASS {ARGS.case}")


if __name__ == "__main__":
    main()
