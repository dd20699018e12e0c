#!/usr/bin/env bash
# scripts/run.sh ARGS...: set up (quietly), build warpsynth incrementally (Release with profile-guided
# optimisation, build/; see cmake/Pgo.cmake),
# then run `warpsynth ARGS...`. Build output goes to stderr, and only when there was work,
# so stdout is warpsynth's alone (e.g. `scripts/run.sh compile F --body-only > body.cpp`).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$root/build

"$root/scripts/setup.sh"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
configure=(cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DWS_PGO=ON
           -DWS_PYTHON="$root/.venv/bin/python")
# Configured once, and again for a build/ made before WS_PGO existed.
if [ ! -f "$build/build.ninja" ] || ! grep -q '^WS_PGO:BOOL=ON$' "$build/CMakeCache.txt"; then
  if ! "${configure[@]}" >"$log" 2>&1; then
    cat "$log" >&2
    echo "run.sh: configuring $build failed" >&2
    exit 1
  fi
  echo "run.sh: building warpsynth in $build: an instrumented build, a training run, then the" \
    "profile-guided build (a few minutes, once)" >&2
fi
if ! cmake --build "$build" --target warpsynth >"$log" 2>&1; then
  cat "$log" >&2
  if grep -q "unknown target 'warpsynth'" "$log"; then
    echo "run.sh: there is no CMake target 'warpsynth' yet (src/cli/CMakeLists.txt defines it)" >&2
  else
    echo "run.sh: building warpsynth failed" >&2
  fi
  exit 1
fi
grep -q "no work to do" "$log" || grep -E "^\[[0-9]+/[0-9]+\] Linking" "$log" >&2 || true

# verify and generate --verify compile against Warp's headers: those of the pinned
# warp-lang in .venv unless the caller chose (WARP_INCLUDE or --warp-include).
if [ -z "${WARP_INCLUDE:-}" ]; then
  for native in "$root"/.venv/lib/python3*/site-packages/warp/native; do
    [ -d "$native" ] && export WARP_INCLUDE=$native
  done
fi
exec "$build/src/cli/warpsynth" "$@"
