#!/usr/bin/env bash
# Installs what building and testing warpsynth needs on a Debian 12 machine:
#   - the Debian packages below (apt-get; sudo only when not root),
#   - a Python venv in .venv/ with the pins of tests/requirements.txt (warp-lang, numpy, ...).
# Idempotent. Silent and fast (well under a second) when everything is already there; it
# prints only when it has work to do. Used by scripts/run.sh and scripts/test.sh.
#
# Environment: WS_SETUP_PYTHON  the interpreter the venv is made from
#                               (default /usr/bin/python3, else python3 on PATH).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# Everything the build and the tests use. Add to this list when you add a dependency.
APT_PACKAGES=(
  build-essential cmake ninja-build pkg-config git
  libfmt-dev libcli11-dev nlohmann-json3-dev libxxhash-dev libzstd-dev libtbb-dev libssl-dev libgmp-dev
  libmimalloc-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  clang-format diffutils time
  clang libclang-rt-14-dev clang-19 lld
  python3 python3-venv
)
REQUIREMENTS=$root/tests/requirements.txt
VENV=$root/.venv
STAMP=$VENV/.ws-requirements.sha256

say() { printf 'setup: %s\n' "$*" >&2; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# --- Debian packages -------------------------------------------------------------------
installed=" $(dpkg-query -W -f='${db:Status-Abbrev}${Package}\n' "${APT_PACKAGES[@]}" 2>/dev/null \
  | awk '$1 == "ii" { print $2 }' | tr '\n' ' ' || true) "
missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  [[ "$installed" == *" $pkg "* ]] || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq
  as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# --- CUDA toolkit (NVRTC) ----------------------------------------------------------------
# Not a Debian 12 package: this project's machines carry it at /usr/local/cuda. Without it
# the CUDA translation-unit tests (tu/*/cuda) fail, so say so (every run, until it is there).
cuda_root=${CUDAToolkit_ROOT:-/usr/local/cuda}
if ! ls "$cuda_root"/lib64/libnvrtc.so* >/dev/null 2>&1 && ! ls "$cuda_root"/lib/libnvrtc.so* >/dev/null 2>&1; then
  say "warning: no NVRTC under $cuda_root (CUDA toolkit); the tu/*/cuda tests will fail without it"
fi

# --- Python venv with the pinned requirements --------------------------------------------
want=$(sha256sum "$REQUIREMENTS" | cut -d' ' -f1)
if [ -x "$VENV/bin/python" ] && [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$want" ]; then
  exit 0
fi

mkdir -p "$root/.cache"
exec 9>"$root/.cache/setup.lock"
flock 9   # one setup at a time (run.sh and test.sh may start together)
if [ -x "$VENV/bin/python" ] && [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$want" ]; then
  exit 0   # another setup finished it while we waited
fi

if ! "$VENV/bin/python" -c "import sys" >/dev/null 2>&1; then
  py=${WS_SETUP_PYTHON:-}
  if [ -z "$py" ]; then
    if [ -x /usr/bin/python3 ]; then py=/usr/bin/python3; else py=$(command -v python3); fi
  fi
  say "creating the Python venv $VENV (from $py)"
  rm -rf "$VENV"
  "$py" -m venv "$VENV"
fi
say "installing tests/requirements.txt into .venv (pinned: $(grep -E '^\s*warp-lang' "$REQUIREMENTS" | tr -d ' '))"
rm -f "$STAMP"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -r "$REQUIREMENTS"
"$VENV/bin/python" -c "import warp, numpy" >/dev/null
echo "$want" > "$STAMP"
say "done"
