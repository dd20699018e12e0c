"""One differential test: warpsynth's BODY for a case file and device against Warp's.

  python diff_case.py --warpsynth BIN --ref DIR --device cuda|cpu PATH

PATH is relative to the repository root, and the test runs from there (as the reference did).
- Warp accepts the file: `warpsynth compile PATH --device D --strip-hash --body-only` must
  succeed and print Warp's BODY byte for byte; otherwise a unified diff is printed.
- Warp rejects it (reference .err): warpsynth must fail with `PATH:line:col: error: ...`.
- The file declares `# expect-error: <substring>` (a construct warpsynth rejects by design,
  whatever Warp does): warpsynth must fail with `PATH:line:col: error: ...` containing every
  declared substring.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import (HarnessError, error_location_pattern, expected_errors, first_difference,  # noqa: E402
                     reference, run_warpsynth, unified_diff)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--warpsynth", default="")
    ap.add_argument("--ref", required=True)
    ap.add_argument("--device", required=True, choices=["cuda", "cpu"])
    ap.add_argument("path")
    a = ap.parse_args()
    kind, ref = reference(a.ref, a.path, a.device)
    expects = expected_errors(a.path)
    args = ["compile", a.path, "--device", a.device, "--strip-hash", "--body-only"]
    print(f"$ (cd <root> && warpsynth {' '.join(args)})")
    p = run_warpsynth(a.warpsynth, args)
    if p is None:
        print("FAIL: warpsynth timed out")
        return 1
    if p.returncode < 0:
        print(f"FAIL: warpsynth was killed by signal {-p.returncode}; stderr:\n{p.stderr.decode('utf-8', 'replace')}")
        return 1
    out = p.stdout.decode("utf-8", errors="replace")
    err = p.stderr.decode("utf-8", errors="replace")

    if expects or kind == "err":
        reasons = [f"the file declares expect-error {expects!r}"] if expects else []
        reasons.append(f"Warp rejects it: {ref.strip()}" if kind == "err" else "Warp accepts it")
        why = "; ".join(reasons)
        if p.returncode == 0:
            print(f"FAIL: warpsynth succeeded, but {why}; it printed {len(out)} bytes")
            return 1
        if not error_location_pattern(a.path).search(err):
            print(f"FAIL: warpsynth failed (exit {p.returncode}) without a `{a.path}:line:col: error:` message "
                  f"({why}); stderr:\n{err}")
            return 1
        missing = [s for s in expects if s not in err]
        if missing:
            print(f"FAIL: warpsynth's error lacks the expected {missing!r}; stderr:\n{err}")
            return 1
        print(f"ok: warpsynth rejects {a.path} for {a.device} as expected ({why}):\n{err.strip()}")
        return 0

    if p.returncode != 0:
        print(f"FAIL: warpsynth exited with {p.returncode}, but Warp accepts {a.path}; stderr:\n{err}")
        return 1
    if out == ref:
        print(f"ok: {len(ref.splitlines())} lines identical to Warp's {a.device} BODY")
        return 0
    line = first_difference(ref, out)
    print(f"FAIL: warpsynth's {a.device} BODY differs from Warp's (first at line {line}; "
          f"{len(ref)} bytes expected, {len(out)} got)")
    sys.stdout.write(unified_diff(ref, out, f"warp/{a.path}.{a.device}", f"warpsynth/{a.path}.{a.device}"))
    if err:
        print(f"warpsynth stderr:\n{err}")
    return 1


if __name__ == "__main__":
    try:
        sys.exit(main())
    except HarnessError as e:
        print(f"FAIL: {e}")
        sys.exit(1)
