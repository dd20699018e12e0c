#!/usr/bin/env bash
# Warp's acceptance rate on a large sample of synthesized kernels (not a ctest: slow).
# Every file must be accepted; prints the rate and the reasons of any rejection.
#
#   tests/synth/warp_sample.sh [COUNT] [SEED] [BUILD_DIR] [PYTHON]
#
# Defaults: 3000 kernels, seed 99, build/, .venv/bin/python (a Python with the pinned warp-lang).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
count=${1:-3000}
seed=${2:-99}
build=${3:-$root/build}
python=${4:-$root/.venv/bin/python}
work=$(mktemp -d "${TMPDIR:-/tmp}/synth_sample.XXXXXX")
trap 'rm -rf "$work"' EXIT

"$build/tests/synth/synth_dump" --count "$count" --seed "$seed" --out "$work" --jobs "$(nproc)"
(cd "$work" && ls ./*.py | sed 's|^\./||' > files.list)
(cd "$work" && WARP_REFERENCE_PY="$python" "$python" "$root/tools/warp_reference.py" \
   --batch files.list --out ref --device cuda,cpu)
bodies=$(find "$work/ref" -name '*.body' | wc -l)
rejects=$(find "$work/ref" -name '*.err' | wc -l)
total=$((bodies + rejects))
echo "Warp accepted $bodies of $total (kernel, device) pairs from $count kernels (seed $seed)"
if [ "$rejects" -gt 0 ]; then
  echo "rejections by reason:"
  cat "$work"/ref/*.err | sed -E 's/"[^"]*"/"…"/g; s/[0-9]+/N/g' | cut -c1-200 | sort | uniq -c | sort -rn | head -20
  for f in $(find "$work/ref" -name '*.err' | head -5); do
    stem=$(basename "$f" | sed 's/\.\(cuda\|cpu\)\.err$//')
    mkdir -p "${TMPDIR:-/tmp}/synth_rejected"
    cp "$work/$stem.py" "${TMPDIR:-/tmp}/synth_rejected/"
  done
  echo "(first rejected files copied to ${TMPDIR:-/tmp}/synth_rejected)"
  exit 1
fi
