#!/usr/bin/env bash
# corpus_crosscheck.sh VERIFY_FILES PYTHON WORK CORPUS CROSSCHECK_PY
# Verifies every corpus kernel (shapes inferred), dumping inputs/outputs/adjoints of the records
# that execute, then has real Warp launch the same kernels on the same inputs and compare.
set -euo pipefail
verify_files=$1 python=$2 work=$3 corpus=$4 crosscheck=$5
rm -rf "$work" && mkdir -p "$work"
mapfile -t files < <(find "$corpus" -name '*.py' | sort)
"$verify_files" --dump "$work/dump" --jobs 2 "${files[@]}" > "$work/verdicts.txt" || true
tail -n 25 "$work/verdicts.txt"
# Every corpus kernel warpsynth compiles must compile for CUDA and CPU.
if grep -P '^[^\t]+\t(?!pass)' "$work/verdicts.txt" | grep -v "not compiled by warpsynth" | grep -q .; then
  echo "FAIL: a corpus record did not compile:"; grep -P '^[^\t]+\t(?!pass)' "$work/verdicts.txt" | head; exit 1
fi
if grep -P '^[^\t]+\t[^\t]+\t(?!pass)' "$work/verdicts.txt" | grep -q .; then
  echo "FAIL: a corpus record's CPU code did not compile:"; grep -P '^[^\t]+\t[^\t]+\t(?!pass)' "$work/verdicts.txt" | head; exit 1
fi
exec "$python" "$crosscheck" --dump "$work/dump" --sources "${files[@]}" --min-records 60
