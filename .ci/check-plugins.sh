#!/usr/bin/env bash
# Checks the SwiftPM plugins (Plugins/, docs/ci.md) on a package of their own, Tests/PluginFixture: a share
# extension target whose Info.plist has typographic quotes in its activation rule (AR002, with a safe fix), using
# the build-tool plugin. The fixture is copied to .build/plugin-fixture (the same depth as Tests/PluginFixture, so
# its `path: "../.."` is still this repository), since sharelint-fix rewrites it; its own .build there is kept
# between runs. The first run builds sharelint again in that .build (a few minutes). In order:
#  1. `swift package sharelint` (and `sharelint lint`) fails, printing the AR002 finding and sharelint's exit 1;
#     `sharelint fix` is refused with a pointer to the sharelint-fix verb;
#  2. `swift build` fails: the build-tool plugin's lint reports the same finding;
#  3. `swift package sharelint-fix` without --allow-writing-to-package-directory is refused, the plist unchanged;
#     with it, the plist is fixed;
#  4. `swift package sharelint` and `swift build` pass, and the build wrote the plugin's stamp.
# Usage: .ci/check-plugins.sh   (prints each step's duration)
set -euo pipefail
cd "$(dirname "$0")/.."
fixture=.build/plugin-fixture
plist=$fixture/Sources/ShareExtension/Info.plist
failures=0
fail() { echo "check-plugins: FAIL: $*" >&2; failures=$((failures + 1)); }
mkdir -p "$fixture"
rm -rf "$fixture/Package.swift" "$fixture/Sources"
cp -R Tests/PluginFixture/Package.swift Tests/PluginFixture/Sources "$fixture/"
log=$fixture/.build/check-plugins
mkdir -p "$log"
unset CI

# step NAME EXPECTED_STATUS PATTERN COMMAND…: runs COMMAND, shows its output's last lines, checks status and output.
step() {
  local name=$1 expected=$2 pattern=$3 started=$SECONDS status=0
  shift 3
  echo "==> $*"
  "$@" < /dev/null > "$log/$name.out" 2>&1 || status=$?
  grep -v '^\[[0-9]*/[0-9]*\] \|^Building\|^Compiling\|^Write\|^Planning\|^Fetching\|^Computing\|^Working copy' \
    "$log/$name.out" | tail -8 | sed 's/^/    /'
  echo "    (exit $status, $((SECONDS - started))s)"
  if [ "$expected" = fail ]; then
    [ "$status" != 0 ] || fail "$name: exited 0, expected a failure"
  elif [ "$status" != "$expected" ]; then
    fail "$name: exited $status, expected $expected"
  fi
  [ -z "$pattern" ] || grep -Eq -- "$pattern" "$log/$name.out" || fail "$name: the output lacks /$pattern/"
}

finding='Info\.plist:14:143: error: .*\[AR002 typographic-quote\]'
step lint fail "$finding" swift package --package-path "$fixture" sharelint
grep -q 'sharelint lint exited 1: error findings' "$log/lint.out" || fail "lint: the plugin did not report exit 1"
step lint-verb fail "$finding" swift package --package-path "$fixture" sharelint lint --no-progress
step fix-refused fail "run .swift package --allow-writing-to-package-directory sharelint-fix" \
  swift package --package-path "$fixture" sharelint fix
step build fail "$finding" swift build --package-path "$fixture"
cp "$plist" "$log/before.plist"
step fix-without-permission fail "allow-writing-to-package-directory" \
  swift package --package-path "$fixture" sharelint-fix
cmp -s "$plist" "$log/before.plist" || fail "sharelint-fix wrote without the permission"
step fix 0 "" swift package --package-path "$fixture" --allow-writing-to-package-directory sharelint-fix
grep -q 'UTI-CONFORMS-TO "public.image"' "$plist" || fail "sharelint-fix did not replace the typographic quotes"
step lint-clean 0 "" swift package --package-path "$fixture" sharelint
step build-clean 0 "" swift build --package-path "$fixture"
ls "$fixture"/.build/plugins/outputs/*/ShareExtension/*/SharelintBuildToolPlugin/SharelintLinted.swift \
  > /dev/null 2>&1 || fail "the build-tool plugin wrote no stamp"
[ "$failures" = 0 ] || exit 1
echo "==> check-plugins: the sharelint and sharelint-fix verbs and the build-tool plugin behave"
