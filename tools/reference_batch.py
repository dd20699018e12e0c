#!/usr/bin/env python3
"""tools/warp_reference.py --batch, with each load as in a fresh process also for files that
import helper modules of the warp package.

Files of warp/tests and warp/examples, and our cases that `import warp.tests...`, import helper
modules of the warp package (`warp.tests.aux_*`). In a fresh process those are imported, and
their @wp.funcs numbered, anew; in one batch process they would stay imported and shift the
numbering of every later load. This wrapper forgets them after each load. Warp's library
modules (`warp.sparse`, `warp.fem`) stay: they register API functions once per process.

tools/warp_reference.py itself is a vendored copy of ../shared (tests/infra/check_vendored.sh)
and is not edited here. Run it under the reference's Python (it does not re-exec);
arguments are those of warp_reference.py. Used by tests/diff/make_reference.py and
tools/warp_suite/eval.py.
"""
import os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import warp_reference  # noqa: E402

FORGET = ("warp.tests.", "warp.examples.")


class SuiteReference(warp_reference.Reference):
    def run(self, path, devices):
        out = {}
        for d in devices:  # one device at a time: each load must import the helpers afresh
            imported = set(sys.modules)
            try:
                out.update(super().run(path, [d]))
            finally:
                for m in set(sys.modules) - imported:
                    if m.startswith(FORGET):
                        sys.modules.pop(m, None)
        return out


if __name__ == "__main__":
    warp_reference.Reference = SuiteReference
    try:
        sys.exit(warp_reference.main(sys.argv[1:]))
    except (warp_reference.SetupError, ImportError) as e:
        print(f"reference_batch: {type(e).__name__}: {e}", file=sys.stderr)
        sys.exit(2)
