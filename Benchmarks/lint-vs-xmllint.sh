#!/usr/bin/env bash
# sharelint lint against xmllint --noout and plistutil on the same 10,000 Info.plists (make bench runs it).
#   Benchmarks/lint-vs-xmllint.sh [COUNT]     COUNT plists, default 10000; SKIP_BUILD=1 uses the built binary;
#                                             KEEP_TREE=DIR generates the plists into DIR and keeps them (for profiling)
# Generates COUNT Info.plists in a temporary folder from the Info.plists of Samples/ContosoClean, FabrikamBroken and
# NorthwindBinary: every project copy gets its own bundle ids, app groups and keychain groups, and a realistic
# CFBundleLocalizations / UIRequiredDeviceCapabilities tail to land between 2 and 6 KB; the Northwind copies are
# converted to binary plists with plistutil (about 1 in 10 files). Then, best of ROUNDS (default 5) wall-clock
# runs each, (a), (b) and (c) taking turns within each round (1 run for the 10,000-process variants), with the
# peak resident memory (/usr/bin/time) of the best run, and the ratios both best against best and as the
# median of each round's own ratio:
#   (a) sharelint lint FOLDER           one process: discovery, reading, pairing, every rule, a text report
#   (b) the same pinned to one core      taskset -c 0, for the 1-core/2-core speed-up
#   (c) xmllint --noout FILE…           well-formedness only, all files through xargs (as few processes as
#                                        ARG_MAX allows); the binary plists fail, quickly, as "not XML"
#   (c') xmllint --noout FILE           the same, one process per file, to show what process start-up costs
#   (d) plistutil -i FILE -o /dev/null  one process per file (plistutil reads one file per run), through xargs
# then (a)'s peak memory with each other report format (json, sarif, github; 1 run each), and, when
# Benchmarks/ is built, the plist readers alone on the same files (plist-parse-benchmark).
# Targets (issue 21): (a) at most 3.0x the time of (c), under 100 MB peak; and (b)/(a) at least 1.6 on two cores.
set -euo pipefail

cd "$(dirname "$0")/.."
count=${1:-10000}
swift=${SWIFT:-swift}
sharelint=.build/release/sharelint
sudo=$([ "$(id -u)" = 0 ] || echo sudo)

missing=()
command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)
command -v plistutil >/dev/null 2>&1 || missing+=(libplist-utils)
[ -x /usr/bin/time ] || missing+=(time)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "==> installing ${missing[*]} (apt-get)"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if [ -z "${SKIP_BUILD:-}" ]; then
  echo "==> building sharelint (release)"
  "$swift" build -c release --product sharelint 2>&1 | tail -1
fi
[ -x "$sharelint" ] || { echo "no $sharelint: build it with swift build -c release --product sharelint" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/lint-vs-xmllint.XXXXXX")
trap 'rm -rf "$work"' EXIT
tree=${KEEP_TREE:-$work/projects}
rm -rf "$tree"

# The templates: every Info.plist of three sample projects (Northwind's from its XML twins), keyed by project.
python3 - "$tree" "$count" <<'PYTHON'
import os, random, subprocess, sys
tree, count = sys.argv[1], int(sys.argv[2])
projects = {
    "contoso": ["Samples/ContosoClean/Contoso/Info.plist", "Samples/ContosoClean/ContosoShare/Info.plist"],
    "fabrikam": [f"Samples/FabrikamBroken/{t}/Info.plist" for t in
                 ["Fabrikam", "FabrikamAction", "FabrikamOpenIn", "FabrikamPhotos", "FabrikamPrint", "FabrikamShare"]],
    "northwind": ["Samples/NorthwindBinary/Northwind-Info.xml.plist",
                  "Samples/NorthwindBinary/NorthwindShare-Info.xml.plist"],
}
texts = {name: [open(path, encoding="utf-8").read() for path in paths] for name, paths in projects.items()}
languages = "en fr de es it ja ko nl pt-BR ru sv zh-Hans zh-Hant da fi nb pl tr cs hu".split()
capabilities = "arm64 metal camera-flash gps location-services microphone nfc telephony wifi".split()
random.seed(7)
written = binary = number = 0
cycle = ["fabrikam", "contoso", "fabrikam", "contoso", "northwind"]
while written < count:
    name = cycle[number % len(cycle)]
    for index, text in enumerate(texts[name]):
        if written == count:
            break
        text = text.replace(f"com.{name}", f"com.{name}{number}")  # bundle ids, app groups, keychain groups
        target = random.randint(2048, 6144)
        tail = ["\t<key>CFBundleLocalizations</key>\n\t<array>\n"]
        size = len(text.encode())
        while size + sum(len(t) for t in tail) < target - 200:
            tail.append(f"\t\t<string>{random.choice(languages)}</string>\n")
            if random.random() < 0.3:
                tail.append(f"\t\t<!-- {random.choice(capabilities)} -->\n")
        tail.append("\t</array>\n")
        cut = text.rindex("</dict>")
        text = text[:cut] + "".join(tail) + text[cut:]
        folder = os.path.join(tree, f"{name}{number}", f"Target{index}")
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, "Info.plist")
        with open(path, "w", encoding="utf-8") as out:
            out.write(text)
        if name == "northwind":
            subprocess.run(["plistutil", "-i", path, "-o", path + ".bin", "-f", "bin"], check=True)
            os.replace(path + ".bin", path)
            binary += 1
        written += 1
    number += 1
print(f"{written} plists ({written - binary} XML, {binary} binary) in {number} projects")
PYTHON
find "$tree" -name Info.plist -print0 | sort -z > "$work/files"
bytes=$(xargs -0 cat < "$work/files" | wc -c)
batches=$(xargs -0 sh -c 'echo $#' sh < "$work/files" | wc -l)
echo "==> $count plists, $((bytes / 1024)) KiB, $((bytes / count)) bytes on average, in $tree"

# timed COMMAND...: wall time (ns) and peak RSS (KiB) of one run, output discarded, into
# last_ns and last_kib.
timed() {
  local start
  start=$(date +%s%N)
  /usr/bin/time -f %M -o "$work/rss" "$@" > /dev/null 2>&1 || true
  last_ns=$(($(date +%s%N) - start))
  last_kib=$(tail -1 "$work/rss")
}
# show NAME NS KIB: one result line.
show() {
  printf '  %-46s %8ss  %8s files/s  %7s MiB peak\n' "$1" "$(awk -v ns="$2" 'BEGIN { printf "%.3f", ns / 1e9 }')" \
    "$(awk -v n="$count" -v ns="$2" 'BEGIN { printf "%.0f", n / (ns / 1e9) }')" \
    "$(awk -v k="$3" 'BEGIN { printf "%.1f", k / 1024 }')"
}

# The three timed variants run in turn, round after round, so that a machine whose speed drifts (a shared
# VM) slows them alike; each keeps its best round, and the ratios are also taken within each round.
rounds=${ROUNDS:-5}
echo "==> wall clock, best of $rounds interleaved rounds unless marked ($(nproc) cores online)"
lint_ns=0 one_core_ns=0 xmllint_ns=0 lint_kib=0 one_core_kib=0 xmllint_kib=0
round_ratios=() round_scalings=()
for ((round = 0; round < rounds; round++)); do
  timed "$sharelint" lint "$tree"
  round_lint=$last_ns
  if [ "$lint_ns" -eq 0 ] || [ "$last_ns" -lt "$lint_ns" ]; then lint_ns=$last_ns lint_kib=$last_kib; fi
  timed taskset -c 0 "$sharelint" lint "$tree"
  round_scalings+=("$(awk -v o="$last_ns" -v l="$round_lint" 'BEGIN { printf "%.4f", o / l }')")
  if [ "$one_core_ns" -eq 0 ] || [ "$last_ns" -lt "$one_core_ns" ]; then one_core_ns=$last_ns one_core_kib=$last_kib; fi
  timed sh -c "xargs -0 xmllint --noout < '$work/files'"
  round_ratios+=("$(awk -v l="$round_lint" -v x="$last_ns" 'BEGIN { printf "%.4f", l / x }')")
  if [ "$xmllint_ns" -eq 0 ] || [ "$last_ns" -lt "$xmllint_ns" ]; then xmllint_ns=$last_ns xmllint_kib=$last_kib; fi
done
show "sharelint lint FOLDER" "$lint_ns" "$lint_kib"
show "sharelint lint FOLDER, taskset -c 0 (1 core)" "$one_core_ns" "$one_core_kib"
show "xmllint --noout, xargs ($batches processes)" "$xmllint_ns" "$xmllint_kib"
timed sh -c "xargs -0 -n1 xmllint --noout < '$work/files'"
show "xmllint --noout, one process per file (1 run)" "$last_ns" "$last_kib"
timed sh -c "xargs -0 -I{} plistutil -i {} -o /dev/null < '$work/files'"
show "plistutil -i FILE -o /dev/null, per file (1 run)" "$last_ns" "$last_kib"
plistutil_ns=$last_ns
# median VALUES...: the median of numbers.
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Reading alone (the plist readers, no rules), when the benchmarks package is built (make bench builds it).
reader=Benchmarks/.build/release/plist-parse-benchmark
if [ -x "$reader" ]; then
  echo "==> reading alone, every file in memory, one core (plist-parse-benchmark --rounds 3):"
  "$reader" --rounds 3 "$tree" | sed 's/^/  /'
fi

# Every report format streams its output: the peak stays the same whatever the format (one run each).
format_peaks=""
for format in json sarif github; do
  timed "$sharelint" lint --format "$format" "$tree"
  format_peaks+="$(awk -v f="$format" -v k="$last_kib" 'BEGIN { printf "%s %.1f MiB, ", f, k / 1024 }')"
done
echo "==> peak memory by report format (1 run each): text $(awk -v k="$lint_kib" 'BEGIN { printf "%.1f", k / 1024 }') MiB, ${format_peaks%, }"

"$sharelint" lint --format json "$tree" > "$work/lint.json" 2>/dev/null || true
python3 - "$work/lint.json" <<'PYTHON'
import json, sys
report = json.load(open(sys.argv[1]))
summary = report.get("summary", {})
print(f"==> sharelint linted {summary.get('targets', '?')} targets: {len(report.get('diagnostics', []))} findings"
      f" ({summary.get('errors', '?')} errors, {summary.get('warnings', '?')} warnings)")
PYTHON
awk -v l="$lint_ns" -v x="$xmllint_ns" -v p="$plistutil_ns" -v o="$one_core_ns" -v k="$lint_kib" \
  -v rr="$(median "${round_ratios[@]}")" -v rs="$(median "${round_scalings[@]}")" -v n="$rounds" 'BEGIN {
  printf "==> sharelint/xmllint time ratio %.2f, best against best (target <= 3.00): %s; median ratio of the %d rounds %.2f\n",
    l / x, (l / x <= 3.0) ? "met" : "MISSED", n, rr
  printf "==> sharelint/plistutil (per-file processes) time ratio %.2f\n", l / p
  printf "==> 2 cores vs 1: %.2fx faster, best against best (target >= 1.60): %s; median of the %d rounds %.2fx\n",
    o / l, (o / l >= 1.6) ? "met" : "MISSED", n, rs
  printf "==> sharelint peak memory %.1f MiB (target < 100): %s\n", k / 1024, (k / 1024 < 100) ? "met" : "MISSED"
}'
