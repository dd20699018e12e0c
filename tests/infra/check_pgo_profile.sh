#!/usr/bin/env bash
# check_pgo_profile.sh BUILD: in a WS_PGO=ON build, every object of the compile path and the
# pipeline that holds code has training counts in BUILD/pgo/profile under the name its
# -fprofile-use looks for (cmake/Pgo.cmake). The compiler stays silent when a profile is missing
# (-Wno-missing-profile, since tests are never trained), so without this check a change of
# object paths or of the training run would quietly build warpsynth without its profile.
set -u
build=$(cd "$1" && pwd) || exit 1
profile=$build/pgo/profile
checked=0
missing=0
if [ ! -d "$profile" ]; then
  echo "FAIL: no $profile: the training run has not written counts"
  exit 1
fi
cd "$build" || exit 1
for lib in syntax analysis types builtins codegen synth dataset; do
  for object in $(find "src/$lib/CMakeFiles/ws_$lib.dir" -name '*.o' | LC_ALL=C sort); do
    # Objects of tables only (no .text) are not instrumented.
    size -A "$object" | awk '$1 ~ /^\.text/ && $2 > 0 { found = 1 } END { exit !found }' || continue
    counts=$(echo "${object%.o}.gcda" | tr / '#')
    checked=$((checked + 1))
    if [ ! -f "$profile/$counts" ]; then
      missing=$((missing + 1))
      [ $missing -le 10 ] && echo "FAIL: $object has no training counts ($profile/$counts)"
    fi
  done
done
[ "$checked" -gt 0 ] || { echo "FAIL: no objects found under $build/src"; exit 1; }
if [ $missing -gt 0 ]; then
  echo "FAIL: $missing of $checked objects of the compile path and pipeline have no training counts"
  exit 1
fi
echo "$checked objects of the compile path and pipeline, each with its training counts"
