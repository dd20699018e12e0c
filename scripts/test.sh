#!/usr/bin/env bash
# scripts/test.sh: set up, build, and run every test; exits non-zero on any failure.
#   1. scripts/setup.sh (Debian packages, .venv with the pinned Warp)
#   2. Release build in build/ and every ctest test there (labels unit, diff, tu, reference, infra)
#   3. ASan+UBSan build in build-asan/ and the unit and hostile tests (labels unit, hostile) there
# CI (.ci/run) runs exactly this.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
jobs=$(nproc)
python=$root/.venv/bin/python

scripts/setup.sh

step() { printf '\n==> %s\n' "$*"; }
status=0

step "Release build (build/)"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DWS_PYTHON="$python" >/dev/null
cmake --build build -j"$jobs"

step "ctest: every test (build/)"
ctest --test-dir build --output-on-failure -j"$jobs" --no-tests=error || status=1

step "Sanitizer build (build-asan/: ASan + UBSan)"
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DWS_SANITIZE=ON -DWS_BUILD_BENCH=OFF \
  -DWS_PYTHON="$python" >/dev/null
cmake --build build-asan -j"$jobs"

step "ctest: unit and hostile-input tests under sanitizers (build-asan/)"
ctest --test-dir build-asan -L 'unit|hostile' --output-on-failure -j"$jobs" --no-tests=error || status=1

if [ $status -ne 0 ]; then
  step "FAILED (see the ctest output above)"
else
  step "all tests passed"
fi
exit $status
