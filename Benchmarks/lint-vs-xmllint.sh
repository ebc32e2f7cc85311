#!/usr/bin/env bash
# sharelint lint against xmllint --noout and plistutil on two trees of 10,000 Info.plists each (make bench runs it).
#   Benchmarks/lint-vs-xmllint.sh [COUNT]     COUNT plists a tree, default 10000; SKIP_BUILD=1 uses the built binary;
#                                             KEEP_TREE=DIR and KEEP_REAL_TREE=DIR generate the padded and the
#                                             real-sized plists into DIR and keep them (for profiling)
# The padded tree: COUNT Info.plists generated in a temporary folder from the Info.plists of Samples/ContosoClean,
# FabrikamBroken and NorthwindBinary: every project copy gets its own bundle ids, app groups and keychain groups, and
# a realistic CFBundleLocalizations / UIRequiredDeviceCapabilities tail to land between 2 and 6 KB; the Northwind
# copies are converted to binary plists with plistutil (about 1 in 10 files).
# The real-sized tree (issue 27): COUNT app and share-extension Info.plists the size real ones are (a median of
# 1.4 KB, a mean of 1.5 KB, 0.9 to 2.7 KB), written from scratch: an app has the bundle keys, a few usage
# descriptions, often a URL type, query schemes, a scene manifest; an extension has NSExtension with an activation
# rule (a dictionary, or a predicate). The padded tree's 2-6 KB hide the fixed cost sharelint pays per file.
# Then, best of ROUNDS (default 5) wall-clock runs each, taking turns within each round (1 run for the
# 10,000-process variants), with the peak resident memory (/usr/bin/time's maximum RSS) of the best run, and the
# ratios both best against best and as the median of each round's own ratio:
#   (a) sharelint lint FOLDER           one process: discovery, reading, pairing, every rule, a text report
#   (b) the same pinned to one core      taskset -c 0, for the 1-core/2-core speed-up (padded tree)
#   (c) xmllint --noout FILE…           well-formedness only, all files through xargs (as few processes as
#                                        ARG_MAX allows); the binary plists fail, quickly, as "not XML"
#   (a') and (c') (a) and (c) on the real-sized tree, in the same rounds
#   (d) xmllint --noout FILE           the same, one process per file, to show what process start-up costs
#   (e) plistutil -i FILE -o /dev/null  one process per file (plistutil reads one file per run), through xargs
# then (a)'s peak memory with each other report format (json, sarif, github; 1 run each), and, when
# Benchmarks/ is built, the plist readers alone on the same files (plist-parse-benchmark).
# Targets (issues 21 and 27): (a) at most 3.0x the time of (c) and (a') at most 3.0x (c'), under 100 MB peak; and
# (b)/(a) at least 1.6 on two cores.
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
echo "==> $count padded plists, $((bytes / 1024)) KiB, $((bytes / count)) bytes on average, in $tree"

# The real-sized tree: app and share-extension Info.plists of the sizes real ones have (issue 27).
real_tree=${KEEP_REAL_TREE:-$work/real}
rm -rf "$real_tree"
python3 - "$real_tree" "$count" <<'PYTHON'
import os, random, statistics, sys
tree, count = sys.argv[1], int(sys.argv[2])
random.seed(11)
HEAD = ('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN"'
        ' "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n')
TAIL = "</dict>\n</plist>\n"
def pair(key, value, indent=1):
    tab = "\t" * indent
    return f"{tab}<key>{key}</key>\n{tab}{value}\n"
def string(text): return f"<string>{text}</string>"
def strings(values, indent=1):
    tab = "\t" * indent
    return "<array>\n" + "".join(f"{tab}\t<string>{v}</string>\n" for v in values) + f"{tab}</array>"
def bundle_keys(name, identifier, package, version):
    return (pair("CFBundleDevelopmentRegion", string(random.choice(["en", "$(DEVELOPMENT_LANGUAGE)"])))
            + pair("CFBundleDisplayName", string(name))
            + pair("CFBundleExecutable", string("$(EXECUTABLE_NAME)"))
            + pair("CFBundleIdentifier", string(identifier))
            + pair("CFBundleInfoDictionaryVersion", string("6.0"))
            + pair("CFBundleName", string("$(PRODUCT_NAME)"))
            + pair("CFBundlePackageType", string(package))
            + pair("CFBundleShortVersionString", string(version))
            + pair("CFBundleVersion", string(str(random.randint(1, 900)))))
USAGES = {
    "NSCameraUsageDescription": "Scan documents and attach photos to your notes.",
    "NSPhotoLibraryUsageDescription": "Attach pictures from your library to a note.",
    "NSFaceIDUsageDescription": "Unlock your notes with Face ID.",
    "NSMicrophoneUsageDescription": "Record voice memos.",
    "NSLocationWhenInUseUsageDescription": "Tag notes with the place they were written.",
    "NSContactsUsageDescription": "Share notes with your contacts.",
}
SCENES = ("<dict>\n\t\t<key>UIApplicationSupportsMultipleScenes</key>\n\t\t<false/>\n"
          "\t\t<key>UISceneConfigurations</key>\n\t\t<dict>\n\t\t\t<key>UIWindowSceneSessionRoleApplication</key>\n"
          "\t\t\t<array>\n\t\t\t\t<dict>\n\t\t\t\t\t<key>UISceneConfigurationName</key>\n"
          "\t\t\t\t\t<string>Default Configuration</string>\n\t\t\t\t\t<key>UISceneDelegateClassName</key>\n"
          "\t\t\t\t\t<string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>\n\t\t\t\t</dict>\n"
          "\t\t\t</array>\n\t\t</dict>\n\t</dict>")
SCHEMES = ["msauth", "mailto", "ms-outlook", "ms-word", "ms-excel", "tel", "https", "ms-teams", "msauthv2", "slack"]
def app_plist(name, identifier, version):
    text = bundle_keys(name, identifier, "APPL", version)
    text += pair("LSRequiresIPhoneOS", "<true/>")
    if random.random() < 0.7:
        text += pair("UILaunchStoryboardName", string("LaunchScreen"))
    if random.random() < 0.5:
        text += pair("UIRequiredDeviceCapabilities", strings(["arm64"]))
    orientations = ["UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeLeft",
                    "UIInterfaceOrientationLandscapeRight"][:random.randint(1, 3)]
    text += pair("UISupportedInterfaceOrientations", strings(orientations))
    for key in random.sample(sorted(USAGES), random.choice([0, 1, 1, 2, 2, 3, 4])):
        text += pair(key, string(USAGES[key]))
    if random.random() < 0.6:
        url_type = ("<array>\n\t\t<dict>\n\t\t\t<key>CFBundleURLName</key>\n\t\t\t<string>" + identifier
                    + "</string>\n\t\t\t<key>CFBundleURLSchemes</key>\n\t\t\t<array>\n\t\t\t\t<string>"
                    + name.lower().replace(" ", "") + "</string>\n")
        if random.random() < 0.5:
            url_type += f"\t\t\t\t<string>msauth.{identifier}</string>\n"
        url_type += "\t\t\t</array>\n\t\t</dict>\n\t</array>"
        text += pair("CFBundleURLTypes", url_type)
    if random.random() < 0.5:
        text += pair("LSApplicationQueriesSchemes", strings(random.sample(SCHEMES, random.randint(1, 6))))
    if random.random() < 0.25:
        text += pair("UIBackgroundModes", strings(random.sample(["fetch", "remote-notification", "audio"], 2)))
    if random.random() < 0.5:
        text += pair("ITSAppUsesNonExemptEncryption", "<false/>")
    if random.random() < 0.2:
        text += pair("UIApplicationSceneManifest", SCENES)
    if random.random() < 0.2:
        text += pair("IntuneMAMSettings", "<dict>\n\t\t<key>ADALClientId</key>\n\t\t<string>"
                     + f"{random.getrandbits(128):032x}" + "</string>\n\t\t<key>ADALRedirectUri</key>\n\t\t<string>"
                     + f"msauth.{identifier}://auth</string>\n\t</dict>")
    return HEAD + text + TAIL
RULES = [
    "TRUEPREDICATE",
    "SUBQUERY (\n\t\t\t\textensionItems,\n\t\t\t\t$extensionItem,\n\t\t\t\tSUBQUERY (\n\t\t\t\t\t"
    "$extensionItem.attachments,\n\t\t\t\t\t$attachment,\n\t\t\t\t\tANY $attachment.registeredTypeIdentifiers "
    "UTI-CONFORMS-TO \"public.image\"\n\t\t\t\t).@count == 1\n\t\t\t).@count == 1",
]
def activation_dictionary():
    keys = [("NSExtensionActivationSupportsImageWithMaxCount", "<integer>10</integer>"),
            ("NSExtensionActivationSupportsWebURLWithMaxCount", "<integer>1</integer>"),
            ("NSExtensionActivationSupportsText", "<true/>"),
            ("NSExtensionActivationSupportsFileWithMaxCount", "<integer>5</integer>"),
            ("NSExtensionActivationSupportsMovieWithMaxCount", "<integer>1</integer>")]
    chosen = random.sample(keys, random.randint(1, 4))
    return "<dict>\n" + "".join(f"\t\t\t\t<key>{k}</key>\n\t\t\t\t{v}\n" for k, v in chosen) + "\t\t\t</dict>"
def extension_plist(name, identifier, app_identifier, version):
    text = bundle_keys(name + " Share", identifier, "$(PRODUCT_BUNDLE_PACKAGE_TYPE)", version)
    if random.random() < 0.7:
        rule = activation_dictionary()
    else:
        rule = string(random.choice(RULES))
    text += ("\t<key>NSExtension</key>\n\t<dict>\n\t\t<key>NSExtensionAttributes</key>\n\t\t<dict>\n"
             + "\t\t\t<key>NSExtensionActivationRule</key>\n\t\t\t" + rule + "\n\t\t</dict>\n"
             + (pair("NSExtensionMainStoryboard", string("MainInterface"), 2) if random.random() < 0.6 else
                pair("NSExtensionPrincipalClass", string("$(PRODUCT_MODULE_NAME).ShareViewController"), 2))
             + pair("NSExtensionPointIdentifier", string("com.apple.share-services"), 2) + "\t</dict>\n")
    if random.random() < 0.2:
        text += pair("IntuneMAMSettings", "<dict>\n\t\t<key>ContainingAppBundleId</key>\n\t\t<string>"
                     + app_identifier + "</string>\n\t</dict>")
    return HEAD + text + TAIL
words = "Contoso Fabrikam Northwind Tailspin Woodgrove Litware Adatum Proseware Wingtip Lucerne".split()
nouns = "Notes Tasks Photos Mail Docs Chat Notes Travel Expenses Health".split()
written, sizes, project = 0, [], 0
while written < count:
    name = f"{random.choice(words)} {random.choice(nouns)}"
    identifier = f"com.{name.split()[0].lower()}{project}.{name.split()[1].lower()}"
    version = f"{random.randint(1, 9)}.{random.randint(0, 20)}.{random.randint(0, 9)}"
    files = [("App", app_plist(name, identifier, version))]
    if random.random() < 0.8 and written + 1 < count:
        files.append(("ShareExtension", extension_plist(name, identifier + ".share", identifier, version)))
    for folder, text in files:
        path = os.path.join(tree, f"project{project}", folder)
        os.makedirs(path, exist_ok=True)
        with open(os.path.join(path, "Info.plist"), "w", encoding="utf-8") as out:
            out.write(text)
        sizes.append(len(text.encode()))
        written += 1
    project += 1
print(f"{written} real-sized plists in {project} projects: median {statistics.median(sizes):.0f} bytes,"
      f" mean {statistics.mean(sizes):.0f}, {min(sizes)}-{max(sizes)}")
PYTHON
find "$real_tree" -name Info.plist -print0 | sort -z > "$work/real-files"
real_bytes=$(xargs -0 cat < "$work/real-files" | wc -c)
echo "==> $count real-sized plists, $((real_bytes / 1024)) KiB, $((real_bytes / count)) bytes on average, in $real_tree"

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

# The timed variants run in turn, round after round, so that a machine whose speed drifts (a shared VM) slows them
# alike; each keeps its best round, and the ratios are also taken within each round.
rounds=${ROUNDS:-5}
load=$(uptime | sed 's/.*load/load/')
echo "==> wall clock, best of $rounds interleaved rounds unless marked ($(nproc) cores online; $load)"
lint_ns=0 one_core_ns=0 xmllint_ns=0 lint_kib=0 one_core_kib=0 xmllint_kib=0
real_lint_ns=0 real_xmllint_ns=0 real_lint_kib=0 real_xmllint_kib=0
round_ratios=() round_scalings=() real_round_ratios=()
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
  timed "$sharelint" lint "$real_tree"
  round_lint=$last_ns
  if [ "$real_lint_ns" -eq 0 ] || [ "$last_ns" -lt "$real_lint_ns" ]; then
    real_lint_ns=$last_ns real_lint_kib=$last_kib
  fi
  timed sh -c "xargs -0 xmllint --noout < '$work/real-files'"
  real_round_ratios+=("$(awk -v l="$round_lint" -v x="$last_ns" 'BEGIN { printf "%.4f", l / x }')")
  if [ "$real_xmllint_ns" -eq 0 ] || [ "$last_ns" -lt "$real_xmllint_ns" ]; then
    real_xmllint_ns=$last_ns real_xmllint_kib=$last_kib
  fi
done
echo "  padded tree (2-6 KB):"
show "sharelint lint FOLDER" "$lint_ns" "$lint_kib"
show "sharelint lint FOLDER, taskset -c 0 (1 core)" "$one_core_ns" "$one_core_kib"
show "xmllint --noout, xargs ($batches processes)" "$xmllint_ns" "$xmllint_kib"
timed sh -c "xargs -0 -n1 xmllint --noout < '$work/files'"
show "xmllint --noout, one process per file (1 run)" "$last_ns" "$last_kib"
timed sh -c "xargs -0 -I{} plistutil -i {} -o /dev/null < '$work/files'"
show "plistutil -i FILE -o /dev/null, per file (1 run)" "$last_ns" "$last_kib"
plistutil_ns=$last_ns
echo "  real-sized tree (median 1.4 KB):"
show "sharelint lint FOLDER" "$real_lint_ns" "$real_lint_kib"
show "xmllint --noout, xargs" "$real_xmllint_ns" "$real_xmllint_kib"
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

# lint_summary TREE NAME: the targets and findings of sharelint's JSON report on TREE.
lint_summary() {
  "$sharelint" lint --format json "$1" > "$work/lint.json" 2>/dev/null || true
  python3 - "$work/lint.json" "$2" <<'PYTHON'
import json, sys
report = json.load(open(sys.argv[1]))
summary = report.get("summary", {})
print(f"==> sharelint linted {summary.get('targets', '?')} targets of the {sys.argv[2]} tree:"
      f" {len(report.get('diagnostics', []))} findings"
      f" ({summary.get('errors', '?')} errors, {summary.get('warnings', '?')} warnings)")
PYTHON
}
lint_summary "$tree" padded
lint_summary "$real_tree" real-sized
awk -v l="$lint_ns" -v x="$xmllint_ns" -v p="$plistutil_ns" -v o="$one_core_ns" -v k="$lint_kib" \
  -v rl="$real_lint_ns" -v rx="$real_xmllint_ns" -v rk="$real_lint_kib" \
  -v rr="$(median "${round_ratios[@]}")" -v rs="$(median "${round_scalings[@]}")" \
  -v rrr="$(median "${real_round_ratios[@]}")" -v n="$rounds" 'BEGIN {
  printf "==> padded tree: sharelint/xmllint time ratio %.2f, best against best (target <= 3.00): %s;" \
    " median ratio of the %d rounds %.2f\n",
    l / x, (l / x <= 3.0) ? "met" : "MISSED", n, rr
  printf "==> real-sized tree: sharelint/xmllint time ratio %.2f, best against best (target <= 3.00): %s;" \
    " median ratio of the %d rounds %.2f (xmllint %.3f s)\n",
    rl / rx, (rl / rx <= 3.0) ? "met" : "MISSED", n, rrr, rx / 1e9
  printf "==> sharelint/plistutil (per-file processes) time ratio %.2f\n", l / p
  printf "==> 2 cores vs 1: %.2fx faster, best against best (target >= 1.60): %s; median of the %d rounds %.2fx\n",
    o / l, (o / l >= 1.6) ? "met" : "MISSED", n, rs
  printf "==> sharelint peak memory %.1f MiB padded, %.1f MiB real-sized (target < 100): %s\n", k / 1024, rk / 1024,
    (k / 1024 < 100 && rk / 1024 < 100) ? "met" : "MISSED"
}'
