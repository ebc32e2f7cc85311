#!/usr/bin/env bash
# Predicate parsing: PredicateSyntax against GNUstep's +[NSPredicate predicateWithFormat:] (make bench runs it).
#   Benchmarks/predicate-parse-vs-gnustep.sh [ITERATIONS]   default 100; SKIP_BUILD=1 uses the built benchmark
# Installs libgnustep-base-dev and gobjc with apt-get when missing, compiles Benchmarks/gnustep/harness.m with
# `gnustep-config --objc-flags` / `--base-libs` into a temporary folder, asks it which rules of
# Grammar/examples/valid and Samples/Rules GNUstep accepts (it refuses $var.keypath, SUBQUERY, UTI-CONFORMS-TO and
# more), then times both parsers in process on that same subset: texts loaded first, ITERATIONS passes over the
# subset per round, 7 rounds after an untimed one, median round reported. Peak memory is /usr/bin/time's for the
# whole process. Ends with our throughput on every valid rule (predicate-parse-benchmark without arguments).
set -euo pipefail

cd "$(dirname "$0")/.."
iterations=${1:-100}
swift=${SWIFT:-swift}
sudo=$([ "$(id -u)" = 0 ] || echo sudo)
ours=Benchmarks/.build/release/predicate-parse-benchmark

if ! command -v gnustep-config >/dev/null 2>&1 || ! command -v gcc >/dev/null 2>&1 \
  || [ ! -e /usr/include/GNUstep/Foundation/NSPredicate.h ] || ! gcc -print-prog-name=cc1obj | grep -q /; then
  echo "==> installing libgnustep-base-dev gobjc (apt-get)"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libgnustep-base-dev gobjc >/dev/null
fi
if [ ! -x /usr/bin/time ]; then
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq time >/dev/null
fi
if [ -z "${SKIP_BUILD:-}" ]; then
  echo "==> building predicate-parse-benchmark (release)"
  "$swift" build -c release --package-path Benchmarks --product predicate-parse-benchmark 2>&1 | tail -1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/predicate-vs-gnustep.XXXXXX")
trap 'rm -rf "$work"' EXIT
# shellcheck disable=SC2046  # gnustep-config prints flags meant to be split
gcc -std=gnu11 $(gnustep-config --objc-flags) -O2 -o "$work/harness" Benchmarks/gnustep/harness.m \
  $(gnustep-config --base-libs) 2> "$work/cc.log" || { cat "$work/cc.log" >&2; exit 2; }

ls Grammar/examples/valid/*.predicate Samples/Rules/*.predicate | grep -v '/broken-' > "$work/all.list"
"$work/harness" check "$work/all.list" > "$work/accepted.list" 2> "$work/check.log"
total=$(wc -l < "$work/all.list")
accepted=$(wc -l < "$work/accepted.list")
echo "==> GNUstep $(dpkg-query -W -f '${Version}' libgnustep-base-dev 2>/dev/null || echo '?') accepts $accepted" \
  "of the $total valid rules; the rest it refuses (most common reasons):"
grep '^rejected ' "$work/check.log" | sed -E 's/^rejected [^:]*: [A-Za-z]*: //; s/[0-9]+//g' | cut -c1-70 \
  | sort | uniq -c | sort -rn | head -5 | sed 's/^/     /'

# measure NAME COMMAND...: runs COMMAND under /usr/bin/time, keeps its key=value line in $work/NAME.out.
measure() {
  local name=$1
  shift
  /usr/bin/time -f %M -o "$work/$name.rss" "$@" > "$work/$name.out"
}
value() { grep -o "$2=[0-9.]*" "$work/$1.out" | cut -d= -f2; }
measure gnustep "$work/harness" time "$work/accepted.list" "$iterations"
measure ours "$ours" --files "$work/accepted.list" --iterations "$iterations"

bytes=$(value ours bytes)
echo "==> the $accepted rules GNUstep accepts ($bytes bytes), $iterations passes a round, median of 7 rounds:"
for name in ours gnustep; do
  printf '  %-36s %9.4fs a round  %10s rules/s  %7s MB/s  %6.1f MiB peak\n' \
    "$([ $name = ours ] && echo "sharelint PredicateParser.parse" || echo "GNUstep +predicateWithFormat:")" \
    "$(value $name median_round_seconds)" "$(value $name rules_per_second)" "$(value $name mb_per_second)" \
    "$(awk '{ print $1 / 1024 }' "$work/$name.rss")"
done
[ "$(value ours valid)" = "$accepted" ] || echo "  (note: sharelint rejects $((accepted - $(value ours valid))) of them)"
awk -v o="$(value ours median_round_seconds)" -v g="$(value gnustep median_round_seconds)" \
  'BEGIN { printf "==> sharelint parses %.1fx as fast as GNUstep (time ratio sharelint/GNUstep %.3f)\n", g / o, o / g }'

echo "==> sharelint alone on every valid rule (predicate-parse-benchmark)"
"$ours" Grammar/examples/valid Samples/Rules
