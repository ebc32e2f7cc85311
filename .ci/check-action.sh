#!/usr/bin/env bash
# Checks the GitHub Action (action.yml) as far as a machine without GitHub allows, with no network:
#  1. action.yml is a composite action valid against GitHub's schema (check-jsonschema, which .ci/check-recipes.py
#     installs), whose steps run .github/action/install.sh and lint.sh with one INPUT_* variable per input, and
#     Examples/CI/github-action.yml (docs/ci.md) names only inputs it declares;
#  2. install.sh, given the `make dist` archive as SHARELINT_ARCHIVE in place of the download, names the release
#     URL of docs/install.md for this version and runner, and puts a working sharelint on $GITHUB_PATH;
#  3. lint.sh, run as the action runs it (fake RUNNER_*/GITHUB_* variables), on Samples/FabrikamBroken: the SARIF
#     step writes a valid SARIF log and its `sarif-file` output and succeeds, the gating step fails with ::error
#     annotations; on Samples/ContosoClean both pass; config is passed as --config, baseline (empty here: --baseline
#     is another branch's option) is passed only when set.
# Usage: .ci/check-action.sh [ARCHIVE]   (default: the archive `make dist` wrote for this machine)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
archive=$(readlink -f "${1:-$(ls -t sharelint-*-linux-"$(uname -m)".tar.gz 2>/dev/null | head -1)}")
[ -f "$archive" ] || { echo "check-action: no archive (run make dist first)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "check-action: FAIL: $*" >&2; failures=$((failures + 1)); }

echo "==> action.yml"
if command -v check-jsonschema > /dev/null; then
  check-jsonschema --builtin-schema vendor.github-actions action.yml || fail "action.yml is not a valid action"
else
  echo "    (check-jsonschema not installed: schema not checked)"
fi
python3 - <<'PY' || fail "action.yml and its scripts disagree (above)"
import re, yaml
action = yaml.safe_load(open("action.yml"))
assert action["runs"]["using"] == "composite", action["runs"]["using"]
inputs = set(action["inputs"])
scripts = open(".github/action/install.sh").read() + open(".github/action/lint.sh").read()
read = set(re.findall(r"INPUT_([A-Z_]+)", scripts))
passed = {}
for step in action["runs"]["steps"]:
    for variable, value in step.get("env", {}).items():
        name = variable[len("INPUT_"):].lower().replace("_", "-")
        assert value == "${{ inputs.%s }}" % name, "%s: %s" % (variable, value)
        passed[variable[len("INPUT_"):]] = name
assert read <= set(passed), "the scripts read INPUT_%s, which no step sets" % sorted(read - set(passed))
used = set(passed.values()) | {m for m in re.findall(r"inputs\.([a-z-]+)", open("action.yml").read())}
assert inputs == used, "inputs declared but unused or used but undeclared: %s" % sorted(inputs ^ used)
runs = [step["run"] for step in action["runs"]["steps"] if "run" in step]
assert any("install.sh" in run for run in runs) and any("lint.sh\" gate" in run for run in runs), runs
example = open("Examples/CI/github-action.yml").read()
[step] = [s for s in yaml.safe_load(example)["jobs"]["sharelint"]["steps"] if s["uses"].startswith("sharelint/")]
named = set(step["with"]) | set(re.findall(r"# ([a-z-]+): ", example))
assert named <= inputs, "Examples/CI/github-action.yml names inputs action.yml lacks: %s" % sorted(named - inputs)
print("    composite, %d inputs, each passed to the scripts as INPUT_*; the example uses %d of them"
      % (len(inputs), len(named)))
PY

version=$(sed -n 's/^ *static let current = "\([^"]*\)"$/\1/p' Sources/sharelint/Support/SharelintVersion.swift)
case $(uname -m) in x86_64) runner_arch=X64 ;; aarch64) runner_arch=ARM64 ;; *) runner_arch=unknown ;; esac
# The variables the runner sets; the job's PATH is what the install step appended to $GITHUB_PATH.
export RUNNER_OS=Linux RUNNER_ARCH=$runner_arch RUNNER_TEMP=$work/runner-temp GITHUB_ACTION_PATH=$root
export GITHUB_PATH=$work/github_path GITHUB_OUTPUT=$work/github_output
mkdir -p "$RUNNER_TEMP"
: > "$GITHUB_PATH"
unset CI

echo "==> install.sh with the local archive"
if SHARELINT_ARCHIVE=$archive INPUT_VERSION='' INPUT_FROM_SOURCE=false .github/action/install.sh \
  > "$work/install.out"; then
  cat "$work/install.out"
  url="https://github.com/sharelint/sharelint/releases/download/v$version/sharelint-$version-linux-$(uname -m).tar.gz"
  grep -qF "$url: using the local" "$work/install.out" || fail "install.sh did not name $url"
  [ "$(head -1 "$GITHUB_PATH")" = "$RUNNER_TEMP/sharelint-action/sharelint-$version-linux-$(uname -m)/bin" ] \
    || fail "install.sh added '$(head -1 "$GITHUB_PATH")' to GITHUB_PATH"
else
  fail "install.sh failed: $(cat "$work/install.out")"
fi
PATH="$(head -1 "$GITHUB_PATH"):$PATH"
[ "$(command -v sharelint)" = "$(head -1 "$GITHUB_PATH")/sharelint" ] \
  || fail "the installed sharelint is not first on PATH"
INPUT_VERSION=not-a-version SHARELINT_ARCHIVE=$archive .github/action/install.sh > "$work/bad.out" 2>&1 \
  && fail "install.sh accepted version 'not-a-version'"
grep -q "^::error .*not a release version" "$work/bad.out" || fail "install.sh's error is not an annotation"

# lint KIND EXPECTED_GATE_STATUS: the action's two lint steps on a copy of Samples/KIND.
lint() {
  local kind=$1 expected=$2 checkout=$work/checkout-$1
  mkdir -p "$checkout"
  cp -R "Samples/$kind" "$checkout/"
  : > "$checkout/sharelint.yml"  # the defaults
  : > "$GITHUB_OUTPUT"
  export INPUT_PATHS="$kind" INPUT_FORMAT=github INPUT_CONFIG=sharelint.yml INPUT_IGNORE_REPOSITORY_CONFIG=true
  export INPUT_BASELINE='' INPUT_SARIF_FILE=sharelint.sarif
  (cd "$checkout" && "$root/.github/action/lint.sh" sarif) > "$work/$kind.sarif-step" 2>&1 \
    || fail "$kind: the SARIF step failed: $(tail -3 "$work/$kind.sarif-step")"
  grep -qx "sarif-file=sharelint.sarif" "$GITHUB_OUTPUT" || fail "$kind: no sarif-file output"
  local results
  results=$(python3 -c 'import json, sys; log = json.load(open(sys.argv[1])); assert log["version"] == "2.1.0"
print(len(log["runs"][0]["results"]))' "$checkout/sharelint.sarif") || fail "$kind: sharelint.sarif is not SARIF 2.1.0"
  local status=0
  (cd "$checkout" && "$root/.github/action/lint.sh" gate) > "$work/$kind.gate" 2>&1 || status=$?
  [ "$status" = "$expected" ] || fail "$kind: the gating step exited $status, expected $expected"
  local command
  command=$(head -1 "$work/$kind.gate")
  [ "$command" = "==> sharelint lint --format github --config sharelint.yml --ignore-repository-config -- $kind" ] \
    || fail "$kind: the gating step ran '$command'"
  if [ "$expected" = 1 ] && ! grep -q '^::error file=' "$work/$kind.gate"; then fail "$kind: no ::error annotations"; fi
  echo "==> $kind: SARIF step ok ($results results), gating step exit $status, $(grep -c '^::error' "$work/$kind.gate" \
    || true) ::error annotations"
}
lint FabrikamBroken 1
lint ContosoClean 0
# A stand-in sharelint that prints its command line: what the gating step passes with a baseline and two paths.
mkdir "$work/stand-in"
printf '#!/bin/sh\necho "sharelint $*"\n' > "$work/stand-in/sharelint"
chmod +x "$work/stand-in/sharelint"
PATH="$work/stand-in:$PATH" INPUT_PATHS=$'Samples/ContosoClean\n  Samples/TailspinClean' INPUT_FORMAT=text \
  INPUT_CONFIG='' INPUT_BASELINE=b.json INPUT_IGNORE_REPOSITORY_CONFIG=false .github/action/lint.sh gate \
  > "$work/baseline.out" 2>&1 || true
grep -qx -- "sharelint lint --format text --baseline b.json -- Samples/ContosoClean Samples/TailspinClean" \
  "$work/baseline.out" || fail "a set baseline is not passed as --baseline: $(cat "$work/baseline.out")"
[ "$failures" = 0 ] || exit 1
echo "==> check-action: the action installs the archive, writes SARIF and fails on findings"
