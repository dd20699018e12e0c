#!/usr/bin/env python3
"""Warp's code for modules of a package, imported the normal way (not as standalone files).

    package_reference.py ROOT MODULE... --devices cuda,cpu

Puts ROOT first on sys.path, imports each MODULE (e.g. `mylib.sim.kernels`) and prints one JSON
object {MODULE: {DEVICE: BODY}}: the module's code after Warp's header, as tools/warp_reference.py
gives it for a file.
"""
import argparse
import contextlib
import importlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import warp_reference  # noqa: E402


def main():
    p = argparse.ArgumentParser()
    p.add_argument("root")
    p.add_argument("modules", nargs="+")
    p.add_argument("--devices", default="cuda,cpu")
    a = p.parse_args()
    sys.path.insert(0, a.root)
    ref = warp_reference.Reference()
    out = {}
    with contextlib.redirect_stdout(sys.stderr):  # Warp prints its banner to stdout
        for name in a.modules:
            importlib.import_module(name)
            mod = ref.context.get_module(name)
            out[name] = {d: ref.body(mod, ref.options(mod), d) for d in a.devices.split(",")}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
