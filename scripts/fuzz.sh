#!/usr/bin/env bash
# scripts/fuzz.sh TARGET SECONDS [LIBFUZZER_OPTION...]: build and run one libFuzzer target.
#   TARGET   parse    the lexer and parser                       (fuzz/fuzz_parse.cpp)
#            compile  source -> BODY, cuda and cpu, with backward (fuzz/fuzz_compile.cpp)
#   SECONDS  how long to fuzz (-max_total_time)
# Builds build-fuzz/ with clang and -DWS_FUZZ=ON (ASan + UBSan in every library, libFuzzer's
# coverage in the compile path's). The corpus build-fuzz/corpus/TARGET grows from run to run; each run also
# reads build-fuzz/seeds/TARGET (tests/corpus, tests/cases, tests/errors/cases, copied at run time)
# and uses the dictionary fuzz/python_warp.dict. Findings (crash-*, leak-*, timeout-*, oom-*)
# go to build-fuzz/artifacts/TARGET/; libFuzzer's output to build-fuzz/fuzz_TARGET.log (its tail
# is printed). Exit status: non-zero on any finding.
# Environment: WS_FUZZ_KEEP_GOING=1  go on after a finding (long campaigns: -fork=1 with
#              -ignore_crashes/-ignore_timeouts/-ignore_ooms; every finding is still saved).
set -euo pipefail

if [ $# -lt 2 ] || [[ ! "$1" =~ ^(parse|compile)$ ]] || [[ ! "$2" =~ ^[0-9]+$ ]]; then
  echo "usage: scripts/fuzz.sh parse|compile SECONDS [LIBFUZZER_OPTION...]" >&2
  exit 2
fi
target=$1
seconds=$2
shift 2
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [ -n "${WS_FUZZ_BUILD:-}" ]; then
  build=$(cd "$WS_FUZZ_BUILD" && pwd)
  if ! grep -q '^WS_FUZZ:BOOL=ON$' "$build/CMakeCache.txt" 2>/dev/null; then
    echo "fuzz.sh: WS_FUZZ_BUILD=$WS_FUZZ_BUILD is not a build configured with -DWS_FUZZ=ON" >&2
    exit 2
  fi
else
  build=$root/build-fuzz
  launcher=()
  if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
  # -O1 with line tables (a usual level for libFuzzer): cheaper to build than -O2 -g.
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG" -DWS_FUZZ=ON -DWS_BUILD_TESTS=OFF \
    -DWS_BUILD_BENCH=OFF "${launcher[@]}" >/dev/null
fi
# Under a lock: scripts/test.sh fuzzes both targets at once in one build.
flock "$build/.fuzz-build.lock" cmake --build "$build" -j"$(nproc)" --target "fuzz_$target"

seeds=$build/seeds/$target
rm -rf "$seeds"
mkdir -p "$seeds" "$build/corpus/$target" "$build/artifacts/$target"
find "$root/tests/corpus" "$root/tests/cases" "$root/tests/errors/cases" -name '*.py' -print0 |
  while IFS= read -r -d '' f; do
    rel=${f#"$root"/}
    cp "$f" "$seeds/${rel//\//__}"
  done

options=(-max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048
         -dict="$root/fuzz/python_warp.dict" -artifact_prefix="$build/artifacts/$target/"
         -print_final_stats=1)
if [ "${WS_FUZZ_KEEP_GOING:-0}" = 1 ]; then
  options+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
fi
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
cd "$build"
# libFuzzer prints a line per new input; keep that in a log so the CI output stays readable,
# and show its tail (the final stats, or the whole report of a finding).
log=$build/fuzz_$target.log
status=0
"$build/fuzz/fuzz_$target" "${options[@]}" "$@" "$build/corpus/$target" "$seeds" >"$log" 2>&1 || status=$?
if [ $status -eq 0 ]; then tail -n 12 "$log"; else tail -n 120 "$log"; fi
found=$(find "$build/artifacts/$target" -maxdepth 1 -type f -newer "$seeds" | wc -l)
echo "fuzz.sh: $target: $found new finding(s) in $build/artifacts/$target/ (libFuzzer exit status $status)"
if [ "$found" -gt 0 ] && [ $status -eq 0 ]; then status=1; fi
exit $status
