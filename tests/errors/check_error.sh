#!/usr/bin/env bash
# One bad-input case: warpsynth must reject FILE for both devices with exit
# status 1 (or the file's `# expect-status: N`, e.g. 6 for an input limit), print `FILE:LINE:COL: error: MESSAGE` on stderr as its first line
# (LINE:COL and a MESSAGE substring come from the file's `# expect-error:`
# comment), print nothing on stdout, and leave no output file behind. A refusal that
# concerns one device only names it: `# expect-devices: cpu`.
set -u
warpsynth=$1
file=$2
expect=$(grep -m1 '^# expect-error: ' "$file" | sed 's/^# expect-error: //')
if [ -z "$expect" ]; then
  echo "FAIL: $file has no '# expect-error: LINE:COL: message' comment"
  exit 1
fi
want_status=$(grep -m1 '^# expect-status: ' "$file" | sed 's/^# expect-status: //')
want_status=${want_status:-1}
devices=$(grep -m1 '^# expect-devices: ' "$file" | sed 's/^# expect-devices: //')
devices=${devices:-cuda cpu}
pos=${expect%%: *}
msg=${expect#*: }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
for device in $devices; do
  out="$tmp/out.$device"
  "$warpsynth" compile "$file" --device "$device" --strip-hash -o "$out" > "$tmp/stdout" 2> "$tmp/stderr"
  rc=$?
  first=$(head -n 1 "$tmp/stderr")
  if [ "$rc" -ne "$want_status" ]; then
    echo "FAIL ($device): exit status $rc, expected $want_status"; status=1
  fi
  case "$first" in
    "$file:$pos: error: "*"$msg"*) ;;
    *) echo "FAIL ($device): expected '$file:$pos: error: ...$msg...'"; echo "  got: $first"; status=1 ;;
  esac
  if [ -s "$tmp/stdout" ]; then echo "FAIL ($device): output on stdout"; status=1; fi
  if [ -e "$out" ] || ls "$tmp" | grep -q '\.tmp$'; then echo "FAIL ($device): an output file was written"; status=1; fi
done
[ $status -eq 0 ] && echo "ok: $file:$pos: error: ...$msg"
exit $status
