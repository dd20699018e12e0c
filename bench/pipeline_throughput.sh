#!/usr/bin/env bash
# End-to-end throughput of the dataset pipeline:
#   bench/pipeline_throughput.sh [--count N] [--jobs J] [--device cuda|cpu|both] [--build DIR] [--warp-sample K]
#
# 1. `warpsynth generate --count N` (default 100000, all cores) under /usr/bin/time -v:
#    pairs/s (pairs written / wall time, synthesis + compile + dedup + zstd shards + stats)
#    and peak RSS. A second run at N/10 shows whether memory grows with N.
# 2. Warp's own code generator on a sample of K (default 300) of the generated kernels, in
#    one process (bench/warp_codegen_throughput.py: ModuleBuilder + codegen, as
#    tools/warp_reference.py loads modules), and the ratio. Warp runs on one core; the
#    per-core ratio divides warpsynth's rate by J too.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
count=100000 jobs=$(nproc) device=cuda build=build sample=300
while [ $# -gt 0 ]; do
  case $1 in
    --count) count=$2; shift ;;
    --jobs) jobs=$2; shift ;;
    --device) device=$2; shift ;;
    --build) build=$2; shift ;;
    --warp-sample) sample=$2; shift ;;
    *) echo "usage: $0 [--count N] [--jobs J] [--device cuda|cpu|both] [--build DIR] [--warp-sample K]" >&2; exit 2 ;;
  esac
  shift
done
python=${WS_PYTHON:-$root/.venv/bin/python}

if [ ! -f "$build/build.ninja" ]; then
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DWS_PYTHON="$python" >/dev/null
fi
cmake --build "$build" --target warpsynth >/dev/null
ws=$build/src/cli/warpsynth

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run_generate() { # count out
  /usr/bin/time -v "$ws" generate --count "$1" --seed 1 --device "$device" --jobs "$jobs" --quiet --out "$2" \
    2> "$2.time" || { cat "$2.time" >&2; exit 1; }
  wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$2.time" |
         awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
  rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$2.time")
  pairs=$("$python" -c 'import json,sys; print(json.load(open(sys.argv[1]))["records"])' "$2/stats.json")
  grep '^warpsynth generate' "$2.time" || true
}

echo "== warpsynth generate --count $count --device $device --jobs $jobs ($(nproc) cores)"
run_generate "$count" "$tmp/big"
big_wall=$wall big_rss=$rss big_pairs=$pairs
rate=$(awk -v p="$pairs" -v w="$wall" 'BEGIN { printf "%.0f", p / w }')
echo "pairs=$pairs wall=${wall}s pairs_per_second=$rate peak_rss_mb=$((rss / 1024))"
small=$((count / 10))
run_generate "$small" "$tmp/small"
echo "memory check: --count $small peak_rss_mb=$((rss / 1024)); --count $count peak_rss_mb=$((big_rss / 1024))"

echo "== Warp $(grep -E '^\s*warp-lang' tests/requirements.txt | tr -d ' ') on $sample of the generated kernels (one process)"
"$python" - "$tmp/big" "$tmp/sample" "$sample" <<'PY'
import json, os, subprocess, sys
src, out, k = sys.argv[1], sys.argv[2], int(sys.argv[3])
os.makedirs(out, exist_ok=True)
files = sorted(f for f in os.listdir(os.path.join(src, "data")) if f.startswith("train-"))
n = 0
with open(os.path.join(out, "list"), "w") as lst:
    for f in files:
        text = subprocess.run(["zstd", "-dc", os.path.join(src, "data", f)], capture_output=True, check=True).stdout
        for line in text.decode().splitlines():
            r = json.loads(line)
            p = os.path.join(out, f"k{n:05}.py")
            with open(p, "w") as g:
                g.write(r["python_source"])
            lst.write(p + "\n")
            n += 1
            if n >= k:
                sys.exit(0)
PY
WARP_CACHE_PATH=$tmp/warp-cache "$python" bench/warp_codegen_throughput.py --repeat 3 --device "$device" \
  --list "$tmp/sample/list" | tee "$tmp/warp.txt"
warp=$(sed -n 's/^kernels_per_second=//p' "$tmp/warp.txt")
awk -v ws="$rate" -v warp="$warp" -v j="$jobs" 'BEGIN {
  printf "== warpsynth %.0f pairs/s end to end (%d threads) vs Warp codegen %.1f kernels/s (1 thread): %.0fx, %.0fx per core\n",
         ws, j, warp, ws / warp, ws / warp / j }'
