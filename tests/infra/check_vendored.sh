#!/usr/bin/env bash
# Drift check of the vendored copies: tests/corpus <- ../shared/corpus and
# tools/warp_reference.py <- ../shared/tools/warp_reference.py.
# Passes when ../shared sits next to the repository and both copies are identical, or when
# there is no ../shared at all (a plain clone: nothing to compare, said so). Fails on any
# difference, and when ../shared exists but lacks one of the originals.
set -u
root=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
shared=$(cd "$root/.." && pwd)/shared
if [ ! -e "$shared" ]; then
  echo "vendored copies: NOT COMPARED - there is no $shared next to the repository;"
  echo "tests/corpus and tools/warp_reference.py are taken as they are."
  exit 0
fi
status=0
for pair in "corpus:tests/corpus" "tools/warp_reference.py:tools/warp_reference.py"; do
  src=$shared/${pair%%:*}
  dst=$root/${pair#*:}
  if [ ! -e "$src" ]; then
    echo "FAIL: $shared exists but has no ${pair%%:*} to compare with ${pair#*:}"
    status=1
  elif diff -r -u "$src" "$dst"; then
    echo "vendored copies: ${pair#*:} is identical to $src"
  else
    echo "FAIL: ${pair#*:} has drifted from $src (diff above); copy it again: cp -r $src/. $dst or cp $src $dst"
    status=1
  fi
done
[ $status -eq 0 ] && echo "vendored copies: COMPARED with $shared, no drift"
exit $status
