#!/usr/bin/env bash
# url check throughput against the awk one-liner a user would write instead (make bench runs it).
#   Benchmarks/url-check-vs-awk.sh [COUNT]     COUNT URLs, default 1000000; SKIP_BUILD=1 uses the built binary
# Generates COUNT realistic URLs (https/http/mailto/tel/custom schemes, ~4% malformed), then times, best of 3
# wall-clock runs each, with the peak resident memory of the best run:
#   (a) sharelint url check --format tsv - (release build) under a managedApps policy, with an Info.plist;
#   (b) the awk one-liner doing comparable work: split off the scheme, look it up in Intune's exemption list,
#       print url, verdict, reason, wrapped URL and a canOpenURL column;
#   (c) awk -F: '{print $1}', the plain "split off the scheme" baseline of issue 7;
# then the in-process library figure (url-check-benchmark), when its release build exists.
# Targets: sharelint >= 2,000,000 URLs/s on one core, and at most 1.5x the time of (b).
set -euo pipefail

cd "$(dirname "$0")/.."
count=${1:-1000000}
swift=${SWIFT:-swift}
sharelint=.build/release/sharelint
awk=${AWK:-awk}

if [ -z "${SKIP_BUILD:-}" ]; then
  echo "==> building sharelint (release)"
  "$swift" build -c release --product sharelint 2>&1 | tail -3
fi
[ -x "$sharelint" ] || { echo "no $sharelint: build it with swift build -c release --product sharelint" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/url-check-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Realistic URLs, fixed seed: web links (some universal links Intune exempts), mail, phone, Office and other app
# schemes (some exempt), and malformed lines (no scheme, a scheme starting with a digit, a bare colon).
"$awk" -v n="$count" 'BEGIN {
  srand(7)
  split("contoso.com www.example.org login.microsoftonline.com contoso.sharepoint.com maps.apple.com " \
    "facetime.apple.com docs.github.com en.wikipedia.org news.ycombinator.com teams.microsoft.com", hosts, " ")
  split("ms-word ms-excel ms-powerpoint msteams ms-outlook skype itms-apps app-settings calshow " \
    "com.infor.mingle fb twitter slack zoomus whatsapp comgooglemaps", apps, " ")
  for (i = 0; i < n; i++) {
    r = rand(); h = hosts[int(rand() * 10) + 1]; id = int(rand() * 1000000)
    if (r < 0.40) print "https://" h "/path/" id "/index.html?q=" id "&lang=en"
    else if (r < 0.50) print "http://" h "/item?id=" id
    else if (r < 0.60) print "mailto:user" id "@" h "?subject=Hello%20there"
    else if (r < 0.68) print "tel:+1-425-555-" (1000 + id % 9000)
    else if (r < 0.73) print "ms-word:ofe|u|https://contoso.sharepoint.com/sites/team/Shared%20Documents/" id ".docx"
    else if (r < 0.96) print apps[int(rand() * 16) + 1] "://open?id=" id "&from=contoso"
    else if (r < 0.98) print "not a url " id
    else if (r < 0.99) print "1abc://bad-scheme/" id
    else print ":no-scheme/" id
  }
}' > "$work/urls.txt"

printf 'sendOrgData: managedApps\n' > "$work/policy.yaml"
{
  echo '<?xml version="1.0" encoding="UTF-8"?>'
  echo '<plist version="1.0"><dict><key>LSApplicationQueriesSchemes</key><array>'
  for scheme in http-intunemam https-intunemam microsoft-edge-https microsoft-edge-http ms-outlook companyportal \
    msauthv2 msauthv3 ms-word ms-word-intunemam ms-excel ms-excel-intunemam msteams msteams-intunemam \
    tel-intunemam mailto-intunemam skype itms-apps slack slack-intunemam; do
    echo "<string>$scheme</string>"
  done
  echo '</array></dict></plist>'
} > "$work/Info.plist"

bytes=$(wc -c < "$work/urls.txt")
echo "==> $count URLs, $((bytes / 1024 / 1024)) MiB ($work/urls.txt); awk is $(readlink -f "$(command -v "$awk")")"

# best_of_3 NAME COMMAND...: times COMMAND < urls > /dev/null three times, then runs it once more to measure its
# output; sets best_seconds and best_kib and prints a line.
best_seconds=0
best_kib=0
best_of_3() {
  local name=$1
  shift
  local best_ns=0 kib=0 run start end elapsed lines
  for run in 1 2 3; do
    start=$(date +%s%N)
    /usr/bin/time -f %M -o "$work/rss" "$@" < "$work/urls.txt" > /dev/null || [ $? -eq 1 ]
    end=$(date +%s%N)
    elapsed=$((end - start))
    if [ "$best_ns" -eq 0 ] || [ "$elapsed" -lt "$best_ns" ]; then
      best_ns=$elapsed
      kib=$(tail -1 "$work/rss")
    fi
  done
  "$@" < "$work/urls.txt" > "$work/out.txt" || [ $? -eq 1 ]
  lines=$(wc -l < "$work/out.txt")
  best_seconds=$(awk -v ns="$best_ns" 'BEGIN { printf "%.3f", ns / 1e9 }')
  best_kib=$kib
  printf '  %-34s %7ss  %12s URLs/s  %6s MiB peak  %s lines, %s MiB out\n' "$name" "$best_seconds" \
    "$(awk -v n="$count" -v s="$best_seconds" 'BEGIN { printf "%.0f", n / s }')" \
    "$(awk -v k="$kib" 'BEGIN { printf "%.1f", k / 1024 }')" "$lines" "$(($(wc -c < "$work/out.txt") / 1024 / 1024))"
}

exemptions='skype app-settings calshow itms itmss itms-apps itms-appss itms-services'
awk_program='BEGIN { split(e, list, " "); for (i in list) x[list[i]] = 1 }
{ s = tolower($1)
  if (s in x) print $0 "\tallowed\texemptedAppProtocols\t" $0 "\tdeclared"
  else print $0 "\tallowed-if-managed-target\tallowedOutboundDataTransferDestinations\t" s "-intunemam:" \
    substr($0, length($1) + 2) "\tdeclared" }'

echo "==> wall clock, best of 3 (single-threaded processes)"
best_of_3 "sharelint url check --format tsv" \
  "$sharelint" url check --policy "$work/policy.yaml" --info-plist "$work/Info.plist" --format tsv -
sharelint_seconds=$best_seconds
best_of_3 "awk one-liner (exemption lookup)" "$awk" -F: -v e="$exemptions" "$awk_program"
awk_seconds=$best_seconds
best_of_3 "awk -F: '{print \$1}'" "$awk" -F: '{print $1}'
plain_seconds=$best_seconds
best_of_3 "sharelint url check --format json" \
  "$sharelint" url check --policy "$work/policy.yaml" --info-plist "$work/Info.plist" --format json -

awk -v s="$sharelint_seconds" -v a="$awk_seconds" -v p="$plain_seconds" -v n="$count" 'BEGIN {
  printf "==> sharelint/awk one-liner time ratio %.2f (target <= 1.50); sharelint/plain awk %.2f\n", s / a, s / p
  printf "==> sharelint %.2f M URLs/s (target >= 2.00 M): %s\n", n / s / 1e6, \
    (n / s >= 2e6 && s / a <= 1.5) ? "both targets met" : "TARGET MISSED"
}'

library=Benchmarks/.build/release/url-check-benchmark
if [ -x "$library" ]; then
  echo "==> library alone (URLBatchChecker in process, same URLs, output discarded)"
  "$library" "$work/urls.txt"
fi
