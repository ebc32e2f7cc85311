#!/usr/bin/env bash
# Checks the hooks of .pre-commit-hooks.yaml with pre-commit itself (issue 16): in a throwaway git repository
# holding a clean app (Samples/ContosoClean) and a broken one (Samples/FabrikamBroken), `pre-commit try-repo`
# runs each hook on each app's files and must pass on the clean one and fail on the broken one.
# The hooks run the `sharelint` on PATH: SHARELINT picks the binary (default .build/debug/sharelint, which
# `make test` builds; CI passes the archive's). Installs pre-commit with pip when missing.
# FROM_SOURCE=1 also runs the -from-source hooks (language: swift): pre-commit then builds sharelint in release
# mode in its own cache, about 3 minutes, which is why CI does not.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
sharelint=$(readlink -f "${SHARELINT:-.build/debug/sharelint}")
[ -x "$sharelint" ] || { echo "check-pre-commit: no sharelint at $sharelint" >&2; exit 2; }
if ! command -v pre-commit > /dev/null 2>&1; then
  echo "==> pip install pre-commit"
  python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore pre-commit
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin" "$work/project"
ln -s "$sharelint" "$work/bin/sharelint"
export PATH="$work/bin:$PATH" PRE_COMMIT_HOME="$work/cache"
cp -R Samples/ContosoClean "$work/project/clean"
cp -R Samples/FabrikamBroken "$work/project/broken"
cd "$work/project"
git init -q . && git add -A
failures=0

# try HOOK FOLDER EXPECTED: runs HOOK on every file of FOLDER, expecting pre-commit's status EXPECTED.
runner=(pre-commit try-repo "$repo")
try() {
  local hook=$1 folder=$2 expected=$3 status=0
  mapfile -t files < <(git ls-files "$folder")
  "${runner[@]}" "$hook" --verbose --files "${files[@]}" > "$work/$hook-$folder.log" 2>&1 || status=$?
  if [ "$status" = "$expected" ]; then
    echo "==> $hook on $folder/: exit $status, as expected"
  else
    echo "check-pre-commit: FAIL: $hook on $folder/ exited $status, expected $expected" >&2
    cat "$work/$hook-$folder.log" >&2
    failures=$((failures + 1))
  fi
}

try sharelint-lint clean 0
try sharelint-lint broken 1
grep -q "missing-intunemam-url-scheme" "$work/sharelint-lint-broken.log" || {
  echo "check-pre-commit: FAIL: the lint hook's output lacks the broken app's findings" >&2
  failures=$((failures + 1)); }
try sharelint-configure-check clean 0
try sharelint-configure-check broken 1
grep -q "US004: add" "$work/sharelint-configure-check-broken.log" || {
  echo "check-pre-commit: FAIL: the configure hook's output does not list the changes" >&2
  sed -n 1,40p "$work/sharelint-configure-check-broken.log" >&2; failures=$((failures + 1)); }
if [ "${FROM_SOURCE:-0}" = 1 ]; then
  # Nothing called sharelint on PATH but what pre-commit builds. try-repo builds in a new store each time; a
  # configuration naming the repository's HEAD gives the two hooks one environment in PRE_COMMIT_HOME: one build.
  export PATH="${PATH#"$work/bin:"}"
  ! command -v sharelint > /dev/null || { echo "check-pre-commit: a sharelint is on PATH" >&2; exit 2; }
  git -C "$repo" diff --quiet HEAD || { echo "check-pre-commit: FROM_SOURCE=1 tries HEAD: commit first" >&2; exit 2; }
  printf 'repos:\n  - repo: %s\n    rev: %s\n    hooks:\n      - id: %s\n      - id: %s\n' "$repo" \
    "$(git -C "$repo" rev-parse HEAD)" sharelint-lint-from-source sharelint-configure-check-from-source \
    > .pre-commit-config.yaml
  git add .pre-commit-config.yaml
  runner=(pre-commit run)
  try sharelint-lint-from-source clean 0
  try sharelint-lint-from-source broken 1
  try sharelint-configure-check-from-source clean 0
  try sharelint-configure-check-from-source broken 1
  grep -q "missing-intunemam-url-scheme" "$work/sharelint-lint-from-source-broken.log" || {
    echo "check-pre-commit: FAIL: the source-built lint hook's output lacks the findings" >&2
    failures=$((failures + 1)); }
fi
[ "$failures" = 0 ] || exit 1
echo "==> check-pre-commit: the hooks pass on the clean app and fail on the broken one"
