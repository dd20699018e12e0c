#!/usr/bin/env bash
# scripts/test.sh: set up, build, and run every test; exits non-zero on any failure.
#   1. scripts/setup.sh (Debian packages, .venv with the pinned Warp)
#   2. Release build in build/ (plain, unless scripts/run.sh made it profile-guided already: PGO and
#      LTO change no output and cost a second build) and the tests that step 3 does not run as they are
#   3. ASan+UBSan build in build-asan/ (clang, with the libFuzzer targets) and every ctest test
#      there but the tu and verify labels
#   4. libFuzzer smoke runs in that same build: the parser and the whole compile path, side by side
# CI (.ci/run) runs exactly this.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
jobs=$(nproc)
python=$root/.venv/bin/python

scripts/setup.sh

step() { printf '\n==> %s\n' "$*"; }
status=0

# Plain Release, not scripts/run.sh's profile-guided build: its instrumented copy, training and
# LTO links took about 15 minutes of a 58-minute CI run (stop 41, on a slow machine). Profiles
# change speed, not output (checked when WS_PGO came in, 6269899; tools/same_output.py compares
# any two builds); infra/pgo_profile runs in a WS_PGO build. A build/ that scripts/run.sh has
# already made profile-guided stays so: switching would rebuild everything, each way.
pgo=OFF
if grep -q '^WS_PGO:BOOL=ON$' build/CMakeCache.txt 2>/dev/null; then pgo=ON; fi
step "Release build (build/, WS_PGO=$pgo)"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DWS_PGO=$pgo -DWS_PYTHON="$python" >/dev/null
cmake --build build -j"$jobs"

# Each test runs once, where it checks most: here the tests that compile generated C++ (tu, verify,
# judge), those with a larger Release sample (synth, fuzz, hostile) and Warp's byte-for-byte diffs
# of the Release binary (diff, errors); the rest (unit, dataset, export, syntax, builtins, ...) run
# unchanged in step 3, under the sanitizers (infra, a few seconds, runs in both: here it includes
# infra/pgo_profile when build/ is profile-guided). ctest adds the diff/reference fixture.
step "ctest: tu, verify, diff, errors, synth, fuzz, hostile, infra (build/)"
ctest --test-dir build -L '^(tu|verify|diff|errors|synth|fuzz|hostile|infra)$' --output-on-failure -j"$jobs" \
  --no-tests=error || status=1

# -O1 with line tables, not Debug's -O0 -g: the sanitizers check the same code and assertions stay
# on (no NDEBUG), and the tests run 2 to 5 times faster (dataset/kill_resume 73 -> 14 s,
# dataset/export_formats 102 -> 44 s, measured on 2 cores). clang, with -DWS_FUZZ=ON: the one
# sanitized build also holds the libFuzzer targets (a separate fuzz build cost about 7 minutes).
# Unity batches: each file instruments its own copy of every inline function it uses (std::,
# fmt, nlohmann::json), so batches of 8 cut the sanitizer build by about a third; build/ keeps one
# unit per file, which also checks that every file includes what it uses.
step "Sanitizer build (build-asan/: clang, ASan + UBSan, -O1, unity batches, libFuzzer targets)"
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=clang++ \
  "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -gline-tables-only" -DCMAKE_UNITY_BUILD=ON -DWS_SANITIZE=ON -DWS_FUZZ=ON \
  -DWS_BUILD_BENCH=OFF -DWS_PYTHON="$python" >/dev/null
cmake --build build-asan -j"$jobs"

# Every test except the labels tu and verify: those spend their time compiling generated C++
# with g++ and NVRTC (tools that are not sanitized), and the warpsynth runs they make are the
# same ones the diff and dataset tests make here.
step "ctest: every test but the tu and verify labels, under sanitizers (build-asan/)"
ctest --test-dir build-asan -LE '^(tu|verify)$' --output-on-failure -j"$jobs" --no-tests=error || status=1

# One target per core, at the same time; each one's report is printed when both are done.
step "libFuzzer: the lexer and parser, and the compile path (build-asan/)"
WS_FUZZ_BUILD=build-asan scripts/fuzz.sh parse "${WS_FUZZ_SECONDS:-60}" >build-asan/fuzz_parse.out 2>&1 &
parse_pid=$!
WS_FUZZ_BUILD=build-asan scripts/fuzz.sh compile "${WS_FUZZ_SECONDS:-60}" >build-asan/fuzz_compile.out 2>&1 ||
  status=1
wait $parse_pid || status=1
cat build-asan/fuzz_parse.out build-asan/fuzz_compile.out

if [ $status -ne 0 ]; then
  for b in build build-asan; do
    if [ -s "$b/Testing/Temporary/LastTestsFailed.log" ]; then
      echo "failed in $b/:"
      sed 's/^[0-9]*:/  /' "$b/Testing/Temporary/LastTestsFailed.log"
    fi
  done
  step "FAILED (see the ctest output above)"
else
  step "all tests passed"
fi
exit $status
