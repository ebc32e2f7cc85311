#!/usr/bin/env bash
# Builds the libFuzzer targets (release, -sanitize=fuzzer,address) and runs each for a bounded time.
#   Fuzz/run-fuzzers.sh [TARGET...]      default: every target; `make fuzz` runs it
#   FUZZ_SECONDS=60   seconds per target (libFuzzer -max_total_time)
#   FUZZ_JOBS=1       targets run at once (each is one process; keep it at most the number of free cores)
#   FUZZ_TIMEOUT=10   seconds one input may take (wall clock) before libFuzzer calls it a hang; raise it when the
#                     fuzzers run niced on a busy machine, where a starved process can pass 10 s on a fast input.
#                     A timeout unit that, run again alone, takes under a tenth of this is recorded as "starved"
#   SKIP_BUILD=1      reuse the built fuzzers
#   FUZZ_BUILD=.build-fuzz  scratch path of the fuzzer build (another one lets a new build run beside fuzzers still
#                     running from the old one)
# Corpora live in fuzz-corpus/<target>/ at the repository root (git-ignored): seeded here from Samples/,
# Grammar/examples/ and Fuzz/Seeds/, and grown by every run. Crashes go to fuzz-corpus/crashes/<target>/; a target
# that finds one makes the script exit 1 (after the others have run). Reproduce one with
#   .build-fuzz/release/<target> fuzz-corpus/crashes/<target>/crash-…
# Every run appends a line to fuzz-corpus/history.tsv (date, commit, target, seconds, CPU seconds, inputs run,
# result), so the hours each target has been fuzzed add up across runs:
#   awk -F'\t' 'NR>1 {h[$3]+=$4/3600} END {for (t in h) printf "%s %.2f h\n", t, h[t]}' fuzz-corpus/history.tsv
set -uo pipefail

cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
timeout=${FUZZ_TIMEOUT:-10}
jobs=${FUZZ_JOBS:-1}
swift=${SWIFT:-swift}
scratch=${FUZZ_BUILD:-.build-fuzz}
bin=$scratch/release
corpus=fuzz-corpus
history=$corpus/history.tsv
timer=()   # the CPU time a run got (its wall time is -max_total_time) goes to the history when GNU time is here
[ -x /usr/bin/time ] && timer=(/usr/bin/time -a -f 'cpu_seconds\t%U\t%S' -o /dev/stderr)
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD -- Sources Fuzz/Sources Fuzz/Package.swift 2>/dev/null || echo +changes)
all=(fuzz-predicate-strict fuzz-predicate-lenient fuzz-plist-xml fuzz-plist-binary fuzz-policy fuzz-url fuzz-pbxproj
  fuzz-infoplist-preprocessor)
targets=("${@:-${all[@]}}")

if [ -z "${SKIP_BUILD:-}" ]; then
  echo "==> building the fuzzers (release, -sanitize=fuzzer,address; scratch path $scratch)"
  "$swift" build -c release --package-path Fuzz --scratch-path "$scratch" \
    -Xswiftc -sanitize=fuzzer,address 2>&1 | grep -v "Cannot export local symbol '__asan_extra_spill_area'" | tail -3
  [ "${PIPESTATUS[0]}" -eq 0 ] || { echo "fuzzer build failed" >&2; exit 2; }
fi

# seed DIR FILE...: copies the files into DIR under names that cannot collide (libFuzzer names its own by SHA-1).
seed() {
  local dir=$1 file
  shift
  mkdir -p "$dir"
  for file in "$@"; do
    [ -f "$file" ] && cp -n "$file" "$dir/seed-$(echo "$file" | tr '/' '_')"
  done
}
plists=()
while IFS= read -r -d '' file; do plists+=("$file"); done < <(
  find Samples Tests -type f \( -name '*.plist' -o -name '*.entitlements' \) -print0 2>/dev/null)
xml_plists=() binary_plists=()
for file in "${plists[@]}"; do
  if [ "$(head -c 6 "$file")" = bplist ]; then binary_plists+=("$file"); else xml_plists+=("$file"); fi
done
seed "$corpus/fuzz-predicate-strict" Grammar/examples/*/*.predicate Samples/Rules/*.predicate
seed "$corpus/fuzz-predicate-lenient" Grammar/examples/*/*.predicate Samples/Rules/*.predicate
seed "$corpus/fuzz-plist-xml" "${xml_plists[@]}"
mkdir -p "$corpus/fuzz-plist-binary"
for file in "${binary_plists[@]}"; do   # the fuzzer prepends the bplist00 magic itself
  tail -c +9 "$file" > "$corpus/fuzz-plist-binary/seed-$(echo "$file" | tr '/' '_')"
done
seed "$corpus/fuzz-policy" Fuzz/Seeds/policy/*
seed "$corpus/fuzz-url" Fuzz/Seeds/url/*
seed "$corpus/fuzz-pbxproj" Samples/XcodeContoso/*.xcodeproj/project.pbxproj \
  Tests/XcodeModelTests/Fixtures/XcodeProjects/*/*.xcodeproj/project.pbxproj
seed "$corpus/fuzz-infoplist-preprocessor" "${xml_plists[@]}"

run_one() {
  local target=$1
  mkdir -p "$corpus/crashes/$target"
  local started=$SECONDS
  LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}" \
    "${timer[@]}" "$bin/$target" "$corpus/$target" -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2048 -max_len=65536 \
    -artifact_prefix="$corpus/crashes/$target/" -print_final_stats=1 -detect_leaks=1 > "$corpus/$target.log" 2>&1
  local status=$?
  local execs cpu result=ok
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$corpus/$target.log" | grep -o '[0-9]*$')
  cpu=$(awk -F'\t' '$1 == "cpu_seconds" {print $2 + $3}' "$corpus/$target.log" | tail -1)
  [ "$status" -eq 0 ] || result="crash(status $status)"
  # Stopped early with Ctrl-C or SIGINT: libFuzzer exits 72 after its final stats; that is no finding.
  if [ "$status" -eq 72 ] && grep -q 'libFuzzer: run interrupted' "$corpus/$target.log"; then
    result="interrupted"
    status=0
  fi
  # A timeout on a niced fuzzer may be starvation, not a hang: the unit is run again alone and timed, and a
  # unit that runs in under a tenth of the timeout is recorded as starved (with its CPU time), not as a crash.
  local unit rerun
  unit=$(grep -o 'Test unit written to .*timeout-[0-9a-f]*' "$corpus/$target.log" | tail -1 | sed 's/^Test unit written to //')
  if [ -n "$unit" ] && [ -f "$unit" ] && [ -x /usr/bin/time ]; then
    rerun=$(LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan-suppressions.txt" /usr/bin/time -f '%U %S' \
      "$bin/$target" "$unit" 2>&1 >/dev/null | tail -1 | awk '{print $1 + $2}')
    if [ -n "$rerun" ] && awk -v r="$rerun" -v t="$timeout" 'BEGIN { exit !(r < t / 10) }'; then
      result="starved(timeout unit runs in ${rerun}s CPU)"
      status=0
    fi
  fi
  [ -f "$history" ] || printf 'date\tcommit\ttarget\tseconds\tcpu_seconds\tinputs\tresult\n' > "$history"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$commit" "$target" "$((SECONDS - started))" \
    "${cpu:-?}" "${execs:-?}" "$result" >> "$history"
  if [ "$status" -eq 0 ]; then
    printf '  %-24s ok      %ss, %s inputs run, corpus %s files\n' "$target" "$seconds" "${execs:-?}" \
      "$(ls "$corpus/$target" | wc -l)"
  else
    printf '  %-24s CRASH   status %s, see %s and %s\n' "$target" "$status" "$corpus/$target.log" \
      "$corpus/crashes/$target/"
    grep -m3 -E 'ERROR|Fatal error|deadly signal' "$corpus/$target.log" | sed 's/^/      /'
    return 1
  fi
}

echo "==> fuzzing ${#targets[@]} targets, ${seconds}s each, $jobs at a time (logs in $corpus/<target>.log)"
failed=0
pids=()
for target in "${targets[@]}"; do
  [ -x "$bin/$target" ] || { echo "no $bin/$target" >&2; exit 2; }
  run_one "$target" &
  pids+=($!)
  if [ "${#pids[@]}" -ge "$jobs" ]; then
    wait "${pids[0]}" || failed=1
    pids=("${pids[@]:1}")
  fi
done
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
exit $failed
