#!/usr/bin/env bash
# The action's lint steps (action.yml), run with the sharelint install.sh put on PATH.
#   lint.sh sarif   writes the SARIF log to INPUT_SARIF_FILE and its name to the step's `sarif-file` output;
#                   error findings (exit 1) do not fail this step, unusable input (exit 2) does
#   lint.sh gate    lints with --format INPUT_FORMAT; the step fails on error findings (sharelint's exit status)
# Inputs: INPUT_PATHS (separated by spaces or new lines, not globbed), INPUT_CONFIG, INPUT_IGNORE_REPOSITORY_CONFIG,
# INPUT_BASELINE (passed as --baseline only when set). Each run prints its command line first.
set -euo pipefail
set -f
mode=${1:?sarif or gate}
arguments=()
[ -n "${INPUT_CONFIG:-}" ] && arguments+=(--config "$INPUT_CONFIG")
[ "${INPUT_IGNORE_REPOSITORY_CONFIG:-false}" = true ] && arguments+=(--ignore-repository-config)
[ -n "${INPUT_BASELINE:-}" ] && arguments+=(--baseline "$INPUT_BASELINE")
read -r -d '' -a paths <<< "${INPUT_PATHS:-.}" || true
[ "${#paths[@]}" -gt 0 ] || paths=(.)

case $mode in
  sarif)
    sarif=${INPUT_SARIF_FILE:-sharelint.sarif}
    echo "==> sharelint lint --format sarif ${arguments[*]} -- ${paths[*]} > $sarif"
    status=0
    sharelint lint --format sarif "${arguments[@]}" -- "${paths[@]}" > "$sarif" || status=$?
    echo "sarif-file=$sarif" >> "${GITHUB_OUTPUT:-/dev/null}"
    # 1 means findings: code scanning shows them; anything else is a broken run
    [ "$status" = 0 ] || [ "$status" = 1 ] || exit "$status"
    ;;
  gate)
    echo "==> sharelint lint --format ${INPUT_FORMAT:-github} ${arguments[*]} -- ${paths[*]}"
    exec sharelint lint --format "${INPUT_FORMAT:-github}" "${arguments[@]}" -- "${paths[@]}"
    ;;
  *) echo "lint.sh: unknown mode '$mode' (sarif or gate)" >&2; exit 2 ;;
esac
