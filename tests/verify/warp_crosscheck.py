"""Cross-check warpsynth's verification runs against real Warp.

  python warp_crosscheck.py --dump DIR (--dataset DS | --sources FILE.py...) [--min-records N]
                            [--max-records N] [--expect-all]

DIR holds what the verification runner wrote with --dump for every record it
executed: <id>.json (arguments), <id>.bin (per argument: initial bytes, then
bytes after the forward pass) and <id>.grad.bin (per argument: adjoint seeds,
then adjoints after the backward pass).

For each dumped record this script imports the record's Python source, builds
Warp arrays holding exactly the runner's initial bytes, launches the kernel
with real Warp on the CPU (wp.launch(..., device="cpu"), or the record's
wp.launch_tiled for a tile kernel, which Warp runs with block_dim=1) and checks that
Warp's outputs equal the runner's; then, under a wp.Tape, seeds the outputs'
adjoints with the runner's seeds, runs tape.backward() and checks that the
adjoints of the inputs equal the runner's. The runner executed the RECORD's
C++ (or warpsynth's recompilation of it); Warp executes its own code
generator's output: agreement means the pair's code computes what Warp
computes.

Exit status: 0 when every compared record agrees (and at least --min-records
were compared), 1 otherwise, 2 when Warp cannot run here.
"""
import argparse
import glob
import importlib.util
import json
import os
import sys
import tempfile


def fail_setup(msg):
    print(f"warp_crosscheck: {msg}")
    sys.exit(2)


try:
    import numpy as np
    import warp as wp
    import warp._src.types as wpt  # the type helpers (warp.types re-exports only the public API)
except Exception as e:  # noqa: BLE001 - any import failure means Warp cannot run here
    fail_setup(f"cannot import warp/numpy with {sys.executable}: {e}")


def sanitize(record_id):
    return "".join(c if c.isalnum() else "_" for c in record_id)


def load_sources(args):
    """id -> (python source, kernel name)"""
    out = {}
    if args.dataset:
        for path in sorted(glob.glob(os.path.join(args.dataset, "data", "*.jsonl*"))):
            if path.endswith(".zst"):
                import subprocess
                text = subprocess.run(["zstd", "-dc", path], capture_output=True, check=True).stdout.decode()
            else:
                with open(path, encoding="utf-8") as f:
                    text = f.read()
            for line in text.splitlines():
                r = json.loads(line)
                meta = r.get("metadata", {})
                grad = (meta.get("verification") or {}).get("grad_check") or ""
                launch = meta.get("launch") or {}
                tiled = (launch["dim"], launch["block_dim"]) if launch.get("block_dim") else None
                out[r["id"]] = (r["python_source"], r["kernel_name"], grad, tiled)
    for path in args.sources or []:
        with open(path, encoding="utf-8") as f:
            src = f.read()
        stem = os.path.splitext(os.path.basename(path))[0]
        # verify_files names records "<stem>:<kernel>"
        out[("prefix", stem)] = src
    return out


_modules = {}


def import_source(src, tmpdir):
    if src in _modules:
        return _modules[src]
    name = f"ws_crosscheck_{len(_modules)}"
    path = os.path.join(tmpdir, name + ".py")
    with open(path, "w", encoding="utf-8") as f:
        f.write(src)
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    _modules[src] = mod
    return mod


def np_scalar(t):
    return np.dtype(wpt.warp_type_to_np_dtype[t])


def value_from_bytes(t, raw):
    """A by-value kernel argument of Warp type t from its bytes."""
    if wpt.type_is_vector(t) or wpt.type_is_matrix(t) or wpt.type_is_quaternion(t) or \
            wpt.type_is_transformation(t):
        comps = np.frombuffer(raw, dtype=np_scalar(t._wp_scalar_type_))
        return t(*[c.item() for c in comps])
    if t in wpt.scalar_types or t is bool or t in (int, float):
        wt = {int: wp.int32, float: wp.float32, bool: wp.bool}.get(t, t)
        v = np.frombuffer(raw, dtype=np_scalar(wt))[0]
        return bool(v) if wt is wp.bool else v.item()
    raise NotImplementedError(f"value of type {t}")


def array_from_bytes(t, shape, raw, requires_grad):
    a = wp.zeros(shape, dtype=t.dtype, device="cpu", requires_grad=requires_grad)
    view = a.numpy().view(np.uint8).reshape(-1)
    view[:] = np.frombuffer(raw, dtype=np.uint8)
    return a


def compare(name, ours, theirs, scalars, elem_size, rtol, atol):
    """First mismatch between two byte buffers of `scalars`-typed elements, or None."""
    kinds = {"float16": np.float16, "float32": np.float32, "float64": np.float64, "int8": np.int8, "uint8": np.uint8,
             "int16": np.int16, "uint16": np.uint16, "int32": np.int32, "uint32": np.uint32, "int64": np.int64,
             "uint64": np.uint64, "bool": np.uint8}
    if len(set(scalars)) != 1:
        return None if ours == theirs else f"{name}: bytes differ"
    dt = kinds[scalars[0]]
    a = np.frombuffer(ours, dtype=dt).astype(np.float64)
    b = np.frombuffer(theirs, dtype=dt).astype(np.float64)
    if scalars[0].startswith("float"):
        bad = ~np.isclose(a, b, rtol=rtol, atol=atol, equal_nan=True)
    else:
        bad = a != b
    if bad.any():
        i = int(np.argmax(bad))
        return f"{name}: element {i // len(scalars)} component {i % len(scalars)}: runner {a[i]!r}, Warp {b[i]!r}"
    return None


def check_record(meta, blob, grad_blob, src, kernel_name, tmpdir, tiled=None):
    mod = import_source(src, tmpdir)
    kernel = getattr(mod, kernel_name)
    kargs = kernel.adj.args
    if len(kargs) != len(meta["args"]):
        return "skip", "argument count differs"
    # Split the dump into per-argument buffers.
    off, init, fwd = 0, [], []
    for a in meta["args"]:
        n = a["bytes"]
        init.append(blob[off:off + n])
        fwd.append(blob[off + n:off + 2 * n])
        off += 2 * n
    inputs = []
    for a, ka, raw in zip(meta["args"], kargs, init):
        if a["array"]:
            inputs.append(array_from_bytes(ka.type, tuple(a["shape"]), raw, requires_grad=True))
        else:
            try:
                inputs.append(value_from_bytes(ka.type, raw))
            except NotImplementedError as e:
                return "skip", str(e)
    dim = tuple(meta["dim"]) if len(meta["dim"]) > 1 else meta["dim"][0]
    tape = wp.Tape()
    with tape:
        if tiled:  # the record's wp.launch_tiled, which Warp runs on the CPU with block_dim=1
            wp.launch_tiled(kernel, dim=tuple(tiled[0]), inputs=inputs, block_dim=tiled[1], device="cpu")
        else:
            wp.launch(kernel, dim=dim, inputs=inputs, device="cpu")
    wp.synchronize_device("cpu")
    for a, arr, ours in zip(meta["args"], inputs, fwd):
        if not a["array"]:
            continue
        theirs = arr.numpy().tobytes()
        msg = compare(f"forward {a['name']}", ours, theirs, a["scalars"], a["elem_size"], 1e-5, 1e-6)
        if msg:
            return "fail", msg
    if grad_blob is None:
        return "pass", "forward"
    off, seeds, adjs = 0, [], []
    for a in meta["args"]:
        n = a["bytes"]
        seeds.append(grad_blob[off:off + n])
        adjs.append(grad_blob[off + n:off + 2 * n])
        off += 2 * n
    grads = {}
    for a, arr, seed in zip(meta["args"], inputs, seeds):
        if a["array"] and a["output"]:
            shaped = arr.numpy()
            grads[arr] = wp.array(np.frombuffer(seed, dtype=shaped.dtype).reshape(shaped.shape), dtype=arr.dtype,
                                  device="cpu")
    tape.backward(grads=grads)
    for a, arr, ours in zip(meta["args"], inputs, adjs):
        if not a["array"] or a["output"] or not any(s.startswith("float") for s in a["scalars"]):
            continue
        theirs = arr.grad.numpy().tobytes()
        msg = compare(f"adjoint of {a['name']}", ours, theirs, a["scalars"], a["elem_size"], 1e-4, 1e-5)
        if msg:
            return "fail", msg
    return "pass", "forward and backward"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dump", required=True)
    ap.add_argument("--dataset")
    ap.add_argument("--sources", nargs="*")
    ap.add_argument("--min-records", type=int, default=1)
    ap.add_argument("--max-records", type=int, default=0)
    args = ap.parse_args()

    wp.config.quiet = True
    wp.init()
    sources = load_sources(args)
    metas = sorted(glob.glob(os.path.join(args.dump, "*.json")))
    if args.max_records:
        metas = metas[:args.max_records]
    counts = {"pass": 0, "fail": 0, "skip": 0}
    with tempfile.TemporaryDirectory() as tmpdir:
        for mpath in metas:
            with open(mpath, encoding="utf-8") as f:
                meta = json.load(f)
            base = mpath[:-5]
            with open(base + ".bin", "rb") as f:
                blob = f.read()
            grad_blob = None
            if os.path.exists(base + ".grad.bin"):
                with open(base + ".grad.bin", "rb") as f:
                    grad_blob = f.read()
            rid = meta["id"]
            grad_verdict, tiled = "", None
            if rid in sources:
                src, kname, grad_verdict, tiled = sources[rid]
            else:
                stem, _, kname = rid.partition(":")
                src = sources.get(("prefix", stem))
                if src is None:
                    counts["skip"] += 1
                    print(f"skip {rid}: no source")
                    continue
            # Where the backward pass depends on state the forward pass changed (an atomic's return
            # value used as an index), the order of launches decides the adjoints: forward only.
            if "atomic operation" in grad_verdict:
                grad_blob = None
            try:
                status, msg = check_record(meta, blob, grad_blob, src, kname, tmpdir, tiled)
            except Exception as e:  # noqa: BLE001 - a record Warp itself cannot launch is reported, not fatal
                status, msg = "fail", f"Warp raised {type(e).__name__}: {e}"
            counts[status] += 1
            print(f"{status} {rid}: {msg}")
    print(f"warp_crosscheck: {counts['pass']} agree with Warp, {counts['fail']} differ, {counts['skip']} skipped")
    if counts["fail"] or counts["pass"] < args.min_records:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
