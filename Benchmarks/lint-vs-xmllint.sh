#!/usr/bin/env bash
# sharelint lint against xmllint --noout and plistutil on the same 10,000 Info.plists (make bench runs it).
#   Benchmarks/lint-vs-xmllint.sh [COUNT]     COUNT plists, default 10000; SKIP_BUILD=1 uses the built binary;
#                                             KEEP_TREE=DIR generates the plists into DIR and keeps them (for profiling)
# Generates COUNT Info.plists in a temporary folder from the Info.plists of Samples/ContosoClean, FabrikamBroken and
# NorthwindBinary: every project copy gets its own bundle ids, app groups and keychain groups, and a realistic
# CFBundleLocalizations / UIRequiredDeviceCapabilities tail to land between 2 and 6 KB; the Northwind copies are
# converted to binary plists with plistutil (about 1 in 10 files). Then, best of 3 wall-clock runs each (1 for the
# 10,000-process variants), with the peak resident memory (/usr/bin/time) of the best run:
#   (a) sharelint lint FOLDER           one process: discovery, reading, pairing, every rule, a text report
#   (b) the same pinned to one core      taskset -c 0, for the 1-core/2-core speed-up
#   (c) xmllint --noout FILE…           well-formedness only, all files through xargs (as few processes as
#                                        ARG_MAX allows); the binary plists fail, quickly, as "not XML"
#   (c') xmllint --noout FILE           the same, one process per file, to show what process start-up costs
#   (d) plistutil -i FILE -o /dev/null  one process per file (plistutil reads one file per run), through xargs
# and, when Benchmarks/ is built, the plist readers alone on the same files (plist-parse-benchmark).
# Targets: (a) at most 1.5x the time of (c), under 100 MB peak, and (b)/(a) at least 1.6 on two cores.
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

best_seconds=0
best_kib=0
# best_of RUNS NAME COMMAND...: best wall time of RUNS runs (output discarded) and that run's peak RSS.
best_of() {
  local runs=$1 name=$2 best_ns=0 kib=0 run start elapsed
  shift 2
  for ((run = 0; run < runs; run++)); do
    start=$(date +%s%N)
    /usr/bin/time -f %M -o "$work/rss" "$@" > /dev/null 2>&1 || true
    elapsed=$(($(date +%s%N) - start))
    if [ "$best_ns" -eq 0 ] || [ "$elapsed" -lt "$best_ns" ]; then
      best_ns=$elapsed
      kib=$(tail -1 "$work/rss")
    fi
  done
  best_seconds=$(awk -v ns="$best_ns" 'BEGIN { printf "%.3f", ns / 1e9 }')
  best_kib=$kib
  printf '  %-46s %8ss  %8s files/s  %7s MiB peak\n' "$name" "$best_seconds" \
    "$(awk -v n="$count" -v s="$best_seconds" 'BEGIN { printf "%.0f", n / s }')" \
    "$(awk -v k="$kib" 'BEGIN { printf "%.1f", k / 1024 }')"
}

echo "==> wall clock, best of 3 runs unless marked ($(nproc) cores online)"
best_of 3 "sharelint lint FOLDER" "$sharelint" lint "$tree"
lint_seconds=$best_seconds lint_kib=$best_kib
best_of 3 "sharelint lint FOLDER, taskset -c 0 (1 core)" taskset -c 0 "$sharelint" lint "$tree"
one_core_seconds=$best_seconds
best_of 3 "xmllint --noout, xargs ($batches processes)" sh -c "xargs -0 xmllint --noout < '$work/files'"
xmllint_seconds=$best_seconds
best_of 1 "xmllint --noout, one process per file (1 run)" sh -c "xargs -0 -n1 xmllint --noout < '$work/files'"
best_of 1 "plistutil -i FILE -o /dev/null, per file (1 run)" \
  sh -c "xargs -0 -I{} plistutil -i {} -o /dev/null < '$work/files'"
plistutil_seconds=$best_seconds

# Reading alone (the plist readers, no rules), when the benchmarks package is built (make bench builds it).
reader=Benchmarks/.build/release/plist-parse-benchmark
if [ -x "$reader" ]; then
  echo "==> reading alone, every file in memory, one core (plist-parse-benchmark --rounds 3):"
  "$reader" --rounds 3 "$tree" | sed 's/^/  /'
fi

"$sharelint" lint --format json "$tree" > "$work/lint.json" 2>/dev/null || true
python3 - "$work/lint.json" <<'PYTHON'
import json, sys
report = json.load(open(sys.argv[1]))
summary = report.get("summary", {})
print(f"==> sharelint linted {summary.get('targets', '?')} targets: {len(report.get('diagnostics', []))} findings"
      f" ({summary.get('errors', '?')} errors, {summary.get('warnings', '?')} warnings)")
PYTHON
awk -v l="$lint_seconds" -v x="$xmllint_seconds" -v p="$plistutil_seconds" -v o="$one_core_seconds" \
  -v k="$lint_kib" 'BEGIN {
  printf "==> sharelint/xmllint time ratio %.2f (target <= 1.50): %s\n", l / x, (l / x <= 1.5) ? "met" : "MISSED"
  printf "==> sharelint/plistutil (per-file processes) time ratio %.2f\n", l / p
  printf "==> 2 cores vs 1: %.2fx faster (target >= 1.60): %s\n", o / l, (o / l >= 1.6) ? "met" : "MISSED"
  printf "==> sharelint peak memory %.1f MiB (target < 100): %s\n", k / 1024, (k / 1024 < 100) ? "met" : "MISSED"
}'
