#!/usr/bin/env bash
# Checks `make install` (issue 16): into a fresh PREFIX, then with DESTDIR (staged, as packagers do). Each install
# must hold the binary, the man page and the bash, zsh and fish completions; the binary must run, `man -l` must
# render the page (when man is installed), and bash must load the completion and complete a subcommand.
# Reuses what `make dist` built (make install only copies when the archive's stage is up to date).
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=$(mktemp -d)
destdir=$(mktemp -d)
trap 'rm -rf "$prefix" "$destdir"' EXIT
failures=0
fail() { echo "check-install: FAIL: $*" >&2; failures=$((failures + 1)); }

# check ROOT: the files of an installation under ROOT (a prefix).
check() {
  local root=$1
  for file in bin/sharelint share/man/man1/sharelint.1 share/bash-completion/completions/sharelint \
    share/zsh/site-functions/_sharelint share/fish/vendor_completions.d/sharelint.fish; do
    [ -s "$root/$file" ] || fail "$root/$file is missing or empty"
  done
  [ -x "$root/bin/sharelint" ] || fail "$root/bin/sharelint is not executable"
  "$root/bin/sharelint" --version > /dev/null || fail "$root/bin/sharelint --version failed"
}

make install PREFIX="$prefix"
check "$prefix"
make install DESTDIR="$destdir" PREFIX=/opt/sharelint
check "$destdir/opt/sharelint"
[ -z "$(ls -A "$destdir" | grep -v '^opt$')" ] || fail "DESTDIR install wrote outside DESTDIR/PREFIX"

echo "==> installed: $(cd "$prefix" && find . -type f | sort | tr '\n' ' ')"
echo "==> $("$prefix/bin/sharelint" --version | tr '\n' ' ')"

if command -v man > /dev/null 2>&1; then
  page=$(MANWIDTH=100 man -l "$prefix/share/man/man1/sharelint.1" 2> "$prefix/man.err" | col -b)
  # argument-parser writes a paragraph break of --help text as an empty line, which groff renders as one but
  # warns about ("mdoc warning: Empty input line"); anything else is a real problem.
  if grep -v "Empty input line" "$prefix/man.err" >&2; then fail "man -l printed warnings (above)"; fi
  for word in NAME SYNOPSIS DESCRIPTION "lint    Check" "fix     Apply" "configure" "--format" "gitlab"; do
    grep -q -- "$word" <<< "$page" || fail "the man page lacks '$word'"
  done
  echo "==> man -l renders $(wc -l <<< "$page") lines; $(grep -A1 '^NAME' <<< "$page" | tail -1 | sed 's/^ *//')"
else
  echo "==> man is not installed: the man page was not rendered"
fi

completions=$(bash -c 'source "$1"; COMP_WORDS=(sharelint li); COMP_CWORD=1; COMP_LINE="sharelint li"; COMP_POINT=12
  _sharelint; printf "%s\n" "${COMPREPLY[@]}"' -- "$prefix/share/bash-completion/completions/sharelint" 2>&1)
grep -qx lint <<< "$completions" || fail "bash completes 'sharelint li' with '$completions', not 'lint'"
command -v zsh > /dev/null 2>&1 && { zsh -n "$prefix/share/zsh/site-functions/_sharelint" || fail "zsh completion"; }
command -v fish > /dev/null 2>&1 && { fish -n "$prefix/share/fish/vendor_completions.d/sharelint.fish" || fail "fish"; }
[ "$failures" = 0 ] || exit 1
echo "==> check-install: make install PREFIX=… and DESTDIR=… hold the binary, man page and completions"
