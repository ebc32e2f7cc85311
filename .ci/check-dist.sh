#!/usr/bin/env bash
# Proves the `make dist` archive runs where no Swift runtime can be found (issue 16):
#  1. its binary needs no library from the Swift toolchain (ldd: no libswift*, libFoundation*, libdispatch,
#     libBlocksRuntime, nothing under the toolchain's folder);
#  2. in a private mount namespace whose toolchain folder is hidden under an empty tmpfs, the dynamically
#     linked reference build fails to start (showing the hiding works) while the archive's binary prints
#     --version and lints Samples/ with the same output and exit status as the reference build outside;
#  3. sharelint.artifactbundle.zip (SwiftPM's binaryTarget) unzips to one sharelint.artifactbundle folder whose
#     info.json is schema 1.0 with one executable artifact `sharelint` of this version, for this machine's Linux
#     triple, whose path is the archive's binary byte for byte, and runs; and SwiftPM runs it from a command plugin
#     of a throwaway package holding `.binaryTarget(name: "sharelint", path: "sharelint.artifactbundle.zip")`.
# Usage: .ci/check-dist.sh [ARCHIVE]   (default: the archive `make dist` wrote for this machine)
# SHARELINT_REFERENCE picks the reference build (default .build/debug/sharelint, which `make test` builds).
# Needs root (or user namespaces) for unshare and mount, as on CI.
set -euo pipefail
cd "$(dirname "$0")/.."
archive=${1:-$(ls -t sharelint-*-linux-"$(uname -m)".tar.gz 2>/dev/null | head -1)}
reference=${SHARELINT_REFERENCE:-.build/debug/sharelint}
[ -f "$archive" ] || { echo "check-dist: no archive (run make dist first)" >&2; exit 2; }
[ -x "$reference" ] || { echo "check-dist: no reference build at $reference (run swift build)" >&2; exit 2; }
# The toolchain's usr/ folder (/opt/swift/usr here): what the namespace hides.
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "check-dist: FAIL: $*" >&2; failures=$((failures + 1)); }

tar -C "$work" -xzf "$archive"
binary=$(echo "$work"/sharelint-*/bin/sharelint)
for file in bin/sharelint share/man/man1/sharelint.1 share/bash-completion/completions/sharelint \
  share/zsh/site-functions/_sharelint share/fish/vendor_completions.d/sharelint.fish README.md LICENSE; do
  [ -e "$(dirname "$(dirname "$binary")")/$file" ] || fail "the archive lacks $file"
done

echo "==> libraries the archive's binary loads"
ldd "$binary" | tee "$work/ldd.txt"
if grep -E "libswift|libFoundation|libdispatch|libBlocksRuntime|$toolchain" "$work/ldd.txt"; then
  fail "the binary loads libraries from the Swift toolchain (above)"
fi
grep -q "not found" "$work/ldd.txt" && fail "a library the binary needs is missing"

# Reference: the normal build, run outside the namespace.
set +e
"$reference" lint Samples/ > "$work/reference.out" 2> "$work/reference.err"
echo $? > "$work/reference.status"
set -e
"$reference" --version > "$work/reference.version"

# In the namespace: the toolchain folder is empty; the reference build must fail, the archive's binary must not.
cat > "$work/inside.sh" <<INSIDE
set -u
mount -t tmpfs none '$toolchain' || exit 90
[ -z "\$(ls -A '$toolchain')" ] || exit 91
if '$reference' --version > /dev/null 2>&1; then exit 92; fi
'$binary' --version > '$work/dist.version' || exit 93
'$binary' lint Samples/ > '$work/dist.out' 2> '$work/dist.err'
echo \$? > '$work/dist.status'
INSIDE
set +e
unshare --mount --propagation private sh "$work/inside.sh"
status=$?
set -e
case $status in
  0) ;;
  90) fail "could not mount a tmpfs over $toolchain (needs root or a user namespace)" ;;
  91) fail "$toolchain still has files inside the namespace" ;;
  92) fail "the dynamically linked reference build still started with $toolchain hidden: the check proves nothing" ;;
  93) fail "the archive's binary failed to print --version without the Swift toolchain" ;;
  *) fail "unshare failed with status $status" ;;
esac

if [ "$status" = 0 ]; then
  echo "==> --version without the toolchain:"
  cat "$work/dist.version"
  cmp -s "$work/dist.version" "$work/reference.version" || fail "--version differs from the reference build's"
  [ "$(head -1 "$work/dist.version")" = "$(sed -n 's/^ *static let current = "\([^"]*\)"$/\1/p' \
    Sources/sharelint/Support/SharelintVersion.swift)" ] || fail "--version's first line is not SharelintVersion.current"
  case "$archive" in *"-$(head -1 "$work/dist.version")-linux-"*) ;; *) fail "the archive's name lacks the version" ;; esac
  cmp -s "$work/dist.out" "$work/reference.out" || { diff "$work/reference.out" "$work/dist.out" | head -20; fail "lint Samples/ output differs"; }
  cmp -s "$work/dist.err" "$work/reference.err" || { diff "$work/reference.err" "$work/dist.err" | head; fail "lint Samples/ standard error differs"; }
  cmp -s "$work/dist.status" "$work/reference.status" || fail "lint Samples/ exit status $(cat "$work/dist.status"), reference $(cat "$work/reference.status")"
  echo "==> lint Samples/ without the toolchain: exit $(cat "$work/dist.status") (as the reference build), \
$(wc -l < "$work/dist.out") lines of output, identical"
fi

echo "==> sharelint.artifactbundle.zip"
bundle=${SHARELINT_BUNDLE:-sharelint.artifactbundle.zip}
if [ ! -f "$bundle" ]; then
  fail "no $bundle (make dist writes it)"
else
  mkdir "$work/bundle"
  unzip -q "$bundle" -d "$work/bundle"
  [ "$(ls -A "$work/bundle")" = sharelint.artifactbundle ] || fail "$bundle holds more than sharelint.artifactbundle/"
  variant=$(python3 - "$work/bundle/sharelint.artifactbundle/info.json" "$(head -1 "$work/reference.version")" \
    "$(uname -m)-unknown-linux-gnu" <<'INFO'
import json, sys
path, version, triple = sys.argv[1:]
info = json.load(open(path))
assert info["schemaVersion"] == "1.0", "schemaVersion %r" % info["schemaVersion"]
assert list(info["artifacts"]) == ["sharelint"], "artifacts %r" % list(info["artifacts"])
artifact = info["artifacts"]["sharelint"]
assert artifact["type"] == "executable" and artifact["version"] == version, "type or version %r" % artifact
[variant] = artifact["variants"]
assert variant["supportedTriples"] == [triple], "triples %r, expected [%r]" % (variant["supportedTriples"], triple)
assert not variant["path"].startswith("/") and ".." not in variant["path"].split("/"), variant["path"]
print(variant["path"])
INFO
  ) || fail "info.json is not what SwiftPM expects (above)"
  if [ -n "$variant" ]; then
    bundled="$work/bundle/sharelint.artifactbundle/$variant"
    cmp -s "$bundled" "$binary" || fail "the bundle's $variant is not the archive's bin/sharelint"
    [ -x "$bundled" ] && "$bundled" --version > "$work/bundle.version" || fail "the bundle's binary does not run"
    cmp -s "$work/bundle.version" "$work/reference.version" || fail "the bundle's binary prints another --version"
    echo "==> info.json names $variant for $(uname -m)-unknown-linux-gnu; it runs: $(head -1 "$work/bundle.version")"
  fi
  # SwiftPM itself: a package with `.binaryTarget(path:)` on the zip and a command plugin running the tool.
  consumer=$work/consumer
  mkdir -p "$consumer/Plugins/PrintVersion"
  cp "$bundle" "$consumer/sharelint.artifactbundle.zip"
  cat > "$consumer/Package.swift" <<'MANIFEST'
// swift-tools-version:6.0
import PackageDescription
let package = Package(name: "BundleConsumer", targets: [
  .binaryTarget(name: "sharelint", path: "sharelint.artifactbundle.zip"),
  .plugin(name: "PrintVersion", capability: .command(intent: .custom(verb: "print-sharelint-version",
    description: "runs the bundle's sharelint --version")), dependencies: ["sharelint"]),
])
MANIFEST
  cat > "$consumer/Plugins/PrintVersion/PrintVersion.swift" <<'PLUGIN'
import Foundation
import PackagePlugin
@main struct PrintVersion: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let process = Process()
    process.executableURL = try context.tool(named: "sharelint").url
    process.arguments = ["--version"]
    try process.run()
    process.waitUntilExit()
  }
}
PLUGIN
  if (cd "$consumer" && swift package print-sharelint-version) > "$work/consumer.out" 2>&1 \
    && grep -qxF "$(head -1 "$work/reference.version")" "$work/consumer.out"; then
    echo "==> a package with .binaryTarget(path: \"sharelint.artifactbundle.zip\") runs it from a plugin"
  else
    tail -5 "$work/consumer.out"
    fail "SwiftPM could not run the bundle's sharelint from a binaryTarget (above)"
  fi
fi
[ "$failures" = 0 ] || exit 1
echo "==> check-dist: $archive runs without Swift; $bundle is a valid artifact bundle"
