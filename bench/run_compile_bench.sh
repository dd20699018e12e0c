#!/usr/bin/env bash
# Compile throughput, warpsynth against Warp's own code generator, on the corpus:
#   bench/run_compile_bench.sh [--repeat-ws N] [--repeat-warp N] [--device cuda|cpu]
# Builds bench/compile_throughput (Release, build/), times it, then times Warp's
# ModuleBuilder(...).codegen on the same files under .venv, and prints both and the ratio.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
repeat_ws=200 repeat_warp=20 device=cuda
while [ $# -gt 0 ]; do
  case $1 in
    --repeat-ws) repeat_ws=$2; shift ;;
    --repeat-warp) repeat_warp=$2; shift ;;
    --device) device=$2; shift ;;
    *) echo "usage: $0 [--repeat-ws N] [--repeat-warp N] [--device cuda|cpu]" >&2; exit 2 ;;
  esac
  shift
done

scripts/setup.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DWS_PYTHON="$root/.venv/bin/python" -DWS_BUILD_BENCH=ON >/dev/null
cmake --build build --target compile_throughput >/dev/null

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "== warpsynth (bench/compile_throughput)"
build/bench/compile_throughput --repeat "$repeat_ws" --device "$device" --ok-list "$tmp/ok.list" tests/corpus | tee "$tmp/ws.txt"
echo "== Warp $(grep -E '^\s*warp-lang' tests/requirements.txt | tr -d ' ') (bench/warp_codegen_throughput.py, same files)"
WARP_CACHE_PATH=$tmp/warp-cache .venv/bin/python bench/warp_codegen_throughput.py --repeat "$repeat_warp" \
  --device "$device" --list "$tmp/ok.list" | tee "$tmp/warp.txt"

ws=$(sed -n 's/^kernels_per_second=//p' "$tmp/ws.txt")
warp=$(sed -n 's/^kernels_per_second=//p' "$tmp/warp.txt")
awk -v ws="$ws" -v warp="$warp" -v n="$(wc -l < "$tmp/ok.list")" 'BEGIN {
  printf "== %d files: warpsynth %.0f kernels/s, Warp %.0f kernels/s: warpsynth is %.1fx Warp\n", n, ws, warp, ws / warp }'
