#!/usr/bin/env bash
# cmake/pgo-train.sh WARPSYNTH PROFILE_DIR WORK_DIR SOURCE_DIR: the training run of the
# profile-guided build (cmake/Pgo.cmake). The instrumented WARPSYNTH compiles every file of
# tests/cases for both devices (each construct we support, and some refusals), then generates
# 2,000 pairs for both devices (synthesis, probing, compiling, writing shards). Not tests/corpus
# nor seed 1, which bench/run.py measures: the benchmark's figures are of work the profile has
# not seen. Counts accumulate across runs, so the old profile goes first.
set -euo pipefail
ws=$1 profile=$2 work=$3 src=$4

rm -rf "$profile" "$work"
mkdir -p "$work"
# Python-written builtins (wp.smooth_normalize, ...) come from the pinned Warp, as in run.sh.
if [ -z "${WARP_INCLUDE:-}" ]; then
  for native in "$src"/.venv/lib/python3*/site-packages/warp/native; do
    [ -d "$native" ] && export WARP_INCLUDE=$native
  done
fi
find "$src/tests/cases" -name '*.py' | LC_ALL=C sort >"$work/cases"
while read -r file; do
  for device in cuda cpu; do
    # Some cases are refusals on purpose; their exit status is not the training's concern.
    "$ws" compile "$file" --device "$device" >/dev/null 2>&1 || true
  done
done <"$work/cases"
"$ws" generate --count 2000 --seed 7 --device both --jobs 1 --quiet --out "$work/dataset" >/dev/null
rm -rf "$work"
