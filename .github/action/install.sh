#!/usr/bin/env bash
# The action's install step (action.yml): puts a sharelint on the job's PATH (through $GITHUB_PATH).
#  - INPUT_FROM_SOURCE=true: `swift build -c release` of the action's own checkout ($GITHUB_ACTION_PATH);
#  - otherwise the release archive for the runner, sharelint-VERSION-linux-ARCH.tar.gz from
#    https://github.com/sharelint/sharelint/releases/download/vVERSION/ (docs/install.md), unpacked in
#    $RUNNER_TEMP; VERSION is INPUT_VERSION, or when empty the version of the action's checkout (the release its
#    ref belongs to). Release archives are Linux only: other runners need from-source.
# The archive's binary needs libxml2, libpcre2-8-0 and zlib1g; apt-get installs the ones missing.
# SHARELINT_ARCHIVE=FILE uses a local archive instead of the download (.ci/check-action.sh; mirrors).
set -euo pipefail
action=${GITHUB_ACTION_PATH:?the folder of the action}
fail() { echo "::error title=sharelint action::$*"; exit 2; }

if [ "${INPUT_FROM_SOURCE:-false}" = true ]; then
  echo "==> building sharelint from $action (swift build -c release)"
  swift build -c release --product sharelint --package-path "$action"
  echo "$(swift build -c release --package-path "$action" --show-bin-path)" >> "$GITHUB_PATH"
  exit 0
fi

[ "${RUNNER_OS:-Linux}" = Linux ] || fail "release archives are built for Linux only; set from-source: 'true'"
case "${RUNNER_ARCH:-X64}" in
  X64) arch=x86_64 ;;
  ARM64) arch=aarch64 ;;
  *) fail "no release archive for runner architecture ${RUNNER_ARCH}; set from-source: 'true'" ;;
esac
version=${INPUT_VERSION:-}
if [ -z "$version" ]; then
  version=$(sed -n 's/^ *static let current = "\([^"]*\)"$/\1/p' \
    "$action/Sources/sharelint/Support/SharelintVersion.swift")
fi
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+([-.][0-9A-Za-z.]+)?$ ]] || fail "not a release version: '$version'"
name=sharelint-$version-linux-$arch
url=https://github.com/sharelint/sharelint/releases/download/v$version/$name.tar.gz

missing=()
for package in libxml2 libpcre2-8-0 zlib1g; do
  dpkg -s "$package" > /dev/null 2>&1 || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "==> apt-get install ${missing[*]}"
  sudo apt-get install -y --no-install-recommends "${missing[@]}"
fi

destination=${RUNNER_TEMP:?a temporary folder}/sharelint-action
rm -rf "$destination"
mkdir -p "$destination"
if [ -n "${SHARELINT_ARCHIVE:-}" ]; then
  echo "==> $url: using the local $SHARELINT_ARCHIVE instead"
  tar -xzf "$SHARELINT_ARCHIVE" -C "$destination"
else
  echo "==> downloading $url"
  curl -fsSL --retry 3 "$url" | tar -xz -C "$destination"
fi
[ -x "$destination/$name/bin/sharelint" ] || fail "$name.tar.gz holds no $name/bin/sharelint"
echo "$destination/$name/bin" >> "$GITHUB_PATH"
"$destination/$name/bin/sharelint" --version | head -1
