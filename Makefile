# sharelint: the two commands of the README's install section (make run, make test), plus the ones the issues name.
#   make run    builds sharelint (release) and runs its main job on Samples/
#   make test   runs the whole test suite
#   make dist   builds sharelint-VERSION-linux-ARCH.tar.gz (static Swift runtime; see "Install" in README.md)
#               and sharelint.artifactbundle.zip (SwiftPM's binaryTarget; docs/ci.md)
#   make install PREFIX=/usr/local DESTDIR=   installs that archive's binary, man page and completions
# All first install the system libraries when pkg-config cannot find them (Debian: apt-get).

SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
RELEASE_BIN := .build/release/sharelint

.PHONY: deps build release run test bench fuzz e2e clean docs dist dist-stage install

deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists libxml-2.0 libpcre2-8; then \
	  echo "==> installing libpcre2-dev libxml2-dev pkg-config (apt-get)"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq libpcre2-dev libxml2-dev pkg-config >/dev/null; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product sharelint

# make run ends on what happened: each sample folder's summary line and exit status, why the whole run exits 2, and
# what to try next. Its recipe never fails: the findings and the statuses are what it shows.
run: release
	@echo "==> sharelint lint Samples/  (the samples hold planted mistakes: findings and a non-zero status are expected)"
	@$(RELEASE_BIN) lint Samples/; echo "$$?" > .build/run-lint-status
	@echo "==> sharelint rule format --pretty - < Samples/Rules/exactly-one-pdf.predicate"
	@$(RELEASE_BIN) rule format --pretty - < Samples/Rules/exactly-one-pdf.predicate || true
	@echo "==> each sample folder on its own (sharelint lint FOLDER: its summary line, exit status)"
	@for folder in Samples/*/; do \
	  folder=$${folder%/}; \
	  result=$$( { $(RELEASE_BIN) lint --no-progress "$$folder" 2>/dev/null; echo "$$?"; } | tail -n 2 | tr '\n' '|'); \
	  summary=$${result%%|*}; rest=$${result#*|}; status=$${rest%%|*}; \
	  case "$$summary" in "0 errors, 0 warnings, 0 notes in 0 targets") continue;; esac; \
	  printf '    %-24s exit %s  %s\n' "$$folder" "$$status" "$$summary"; \
	done
	@status=$$(cat .build/run-lint-status); case $$status in \
	  2) echo "==> sharelint lint Samples/ exited 2 because Samples/Malformed holds deliberately broken files";; \
	  *) echo "==> sharelint lint Samples/ exited $$status";; esac
	@echo "    (exit 2: a file that cannot be read at all; 1: error findings, as in the *Broken samples; 0: none)"
	@echo "==> try next (the binary is $(RELEASE_BIN); make install puts it on your PATH):"
	@echo "    $(RELEASE_BIN) lint Samples/ContosoClean             a correct app: no findings, exit 0"
	@echo "    $(RELEASE_BIN) explain AR002                         what a rule checks, why, what to write"
	@echo "    $(RELEASE_BIN) fix --diff Samples/FabrikamBroken     the safe fixes, shown, not written"

test: deps
	$(SWIFT) test

# make bench: release builds, then each comparison side by side (about 5 minutes on 2 cores; the scripts install
# GNUstep, xmllint, plistutil and GNU time with apt-get when missing). Figures: docs/performance.md.
bench: deps
	$(SWIFT) build -c release --product sharelint
	$(SWIFT) build -c release --package-path Benchmarks
	SKIP_BUILD=1 Benchmarks/predicate-parse-vs-gnustep.sh
	SKIP_BUILD=1 Benchmarks/lint-vs-xmllint.sh
	SKIP_BUILD=1 Benchmarks/url-check-vs-awk.sh
	Benchmarks/.build/release/rule-eval-benchmark

# make fuzz: libFuzzer + AddressSanitizer builds of Fuzz/ (scratch path .build-fuzz), each target run for
# FUZZ_SECONDS (default 60) on corpora seeded into fuzz-corpus/ (git-ignored); exits 1 if one crashes.
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/run-fuzzers.sh

# make e2e: lint and fix checked end to end by Fuzz/check-end-to-end.py (no crash, every position inside its file,
# SARIF valid, binary form = XML form, fix = the edits its reports advertise, a second fix changes nothing) on
# Samples/ and on share extensions carrying every predicate of Grammar/examples and Samples/Rules, or a random
# dictionary rule (300 of them).
# PLISTS="dir…" checks your own plists instead; SHARELINT=path picks the binary (default: the release build).
SHARELINT ?= $(RELEASE_BIN)
e2e: deps
	@if [ "$(SHARELINT)" = "$(RELEASE_BIN)" ]; then $(SWIFT) build -c release --product sharelint; fi
ifdef PLISTS
	python3 Fuzz/check-end-to-end.py --sharelint $(SHARELINT) $(PLISTS)
else
	python3 Fuzz/plists-from-corpus.py .build/e2e-plists --predicates Grammar/examples --predicates Samples/Rules \
	  --dictionary-rules 300
	python3 Fuzz/check-end-to-end.py --sharelint $(SHARELINT) --tree Samples .build/e2e-plists
endif

clean:
	rm -rf .build Benchmarks/.build .build-fuzz .build-asan .build-dist sharelint-*-linux-*.tar.gz \
	  sharelint.artifactbundle.zip

# make docs: regenerates the generated parts of docs/rules.md from the rule descriptions: the table between
# `<!-- rules:start` and `<!-- rules:end -->` (`sharelint rules --format markdown`) and every rule's
# `sharelint explain CODE` between the `explanations` markers. Tests/LintTests/ReporterTests fails when they differ.
define RULE_REFERENCE_SPLICE
import json, subprocess, sys
binary, path = sys.argv[1:]
def run(*arguments): return subprocess.run([binary, *arguments], check=True, capture_output=True, text=True).stdout
def splice(text, name, body):
    start = text.index("\n", text.index("<!-- %s:start" % name)) + 1
    return text[:start] + body + text[text.index("<!-- %s:end -->" % name):]
rules = json.loads(run("rules", "--format", "json"))
sections = ["### %s %s\n\n```text\n%s```\n" % (r["code"], r["identifier"], run("explain", r["code"])) for r in rules]
text = splice(open(path).read(), "rules", run("rules", "--format", "markdown"))
open(path, "w").write(splice(text, "explanations", "\n" + "\n".join(sections) + "\n"))
endef
export RULE_REFERENCE_SPLICE
docs: build
	@python3 -c "$$RULE_REFERENCE_SPLICE" .build/debug/sharelint docs/rules.md
	@echo "docs/rules.md regenerated"

# make dist: sharelint-VERSION-linux-ARCH.tar.gz, laid out as a prefix (bin/, share/man/man1/, share/…/completions),
# with a binary whose Swift runtime and Foundation are linked in (--static-swift-stdlib; it needs only libc-level
# libraries, libxml2, libpcre2-8 and zlib). VERSION is SharelintVersion.current, the string --version prints.
# The static build has its own scratch path: its compile flags differ, and sharing .build would rebuild everything
# each time `make release` and `make dist` alternate. The man page comes from argument-parser's GenerateManual plugin
# run on the debug build (the same --help text; make test has usually built it already), dated by the last commit.
# .ci/check-dist.sh proves the archive runs with no Swift toolchain in reach.
VERSION := $(shell sed -n 's/^ *static let current = "\([^"]*\)"$$/\1/p' Sources/sharelint/Support/SharelintVersion.swift)
ARCH := $(shell uname -m)
DIST_NAME := sharelint-$(VERSION)-linux-$(ARCH)
DIST_SCRATCH := .build-dist
DIST_STAGE := $(DIST_SCRATCH)/stage/$(DIST_NAME)
MANUAL_OUTPUT := .build/plugins/GenerateManual/outputs/sharelint
MANUAL_DATE := $(shell git log -1 --format=%cs 2>/dev/null || date +%F)
PREFIX ?= /usr/local

dist-stage: deps
	$(SWIFT) build -c release --product sharelint --static-swift-stdlib --scratch-path $(DIST_SCRATCH)
	rm -rf $(MANUAL_OUTPUT)
	$(SWIFT) package generate-manual --configuration debug --date $(MANUAL_DATE)
	rm -rf $(DIST_STAGE)
	mkdir -p $(DIST_STAGE)/bin $(DIST_STAGE)/share/man/man1 $(DIST_STAGE)/share/bash-completion/completions \
	  $(DIST_STAGE)/share/zsh/site-functions $(DIST_STAGE)/share/fish/vendor_completions.d
	strip -o $(DIST_STAGE)/bin/sharelint $(DIST_SCRATCH)/release/sharelint
	cp $(MANUAL_OUTPUT)/sharelint.1 $(DIST_STAGE)/share/man/man1/sharelint.1
	$(DIST_STAGE)/bin/sharelint --generate-completion-script bash > $(DIST_STAGE)/share/bash-completion/completions/sharelint
	$(DIST_STAGE)/bin/sharelint --generate-completion-script zsh > $(DIST_STAGE)/share/zsh/site-functions/_sharelint
	$(DIST_STAGE)/bin/sharelint --generate-completion-script fish > $(DIST_STAGE)/share/fish/vendor_completions.d/sharelint.fish
	cp README.md LICENSE $(DIST_STAGE)/
	cp -R docs $(DIST_STAGE)/docs

# It also writes sharelint.artifactbundle.zip: SwiftPM's artifact bundle (schema 1.0) holding the same binary, for
# `.binaryTarget(name: "sharelint", url: …, checksum: …)` (docs/ci.md); its checksum is printed last. Its triple is
# ARCH-unknown-linux-gnu; the binary still needs libxml2, libpcre2-8 and zlib on the machine that runs it.
BUNDLE := sharelint.artifactbundle
BUNDLE_STAGE := $(DIST_SCRATCH)/bundle/$(BUNDLE)
dist: dist-stage
	tar -C $(DIST_SCRATCH)/stage --owner=0 --group=0 --numeric-owner -czf $(DIST_NAME).tar.gz $(DIST_NAME)
	@echo "==> $(DIST_NAME).tar.gz: $$(du -h $(DIST_NAME).tar.gz | cut -f1)"
	rm -rf $(DIST_SCRATCH)/bundle $(BUNDLE).zip
	mkdir -p $(BUNDLE_STAGE)/$(DIST_NAME)/bin
	cp $(DIST_STAGE)/bin/sharelint $(BUNDLE_STAGE)/$(DIST_NAME)/bin/sharelint
	for file in README.md LICENSE; do if [ -f $$file ]; then cp $$file $(BUNDLE_STAGE)/; fi; done
	printf '%s\n' '{' '  "schemaVersion": "1.0",' '  "artifacts": {' '    "sharelint": {' \
	  '      "version": "$(VERSION)",' '      "type": "executable",' '      "variants": [' \
	  '        {' '          "path": "$(DIST_NAME)/bin/sharelint",' \
	  '          "supportedTriples": ["$(ARCH)-unknown-linux-gnu"]' '        }' '      ]' '    }' '  }' '}' \
	  > $(BUNDLE_STAGE)/info.json
	cd $(DIST_SCRATCH)/bundle && zip -q -X -r $(CURDIR)/$(BUNDLE).zip $(BUNDLE)
	@echo "==> $(BUNDLE).zip: $$(du -h $(BUNDLE).zip | cut -f1), checksum (swift package compute-checksum):"
	@$(SWIFT) package compute-checksum $(BUNDLE).zip

install: dist-stage
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(DIST_STAGE)/bin/sharelint $(DESTDIR)$(PREFIX)/bin/sharelint
	install -m 644 $(DIST_STAGE)/share/man/man1/sharelint.1 $(DESTDIR)$(PREFIX)/share/man/man1/sharelint.1
	install -m 644 $(DIST_STAGE)/share/bash-completion/completions/sharelint \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions/sharelint
	install -m 644 $(DIST_STAGE)/share/zsh/site-functions/_sharelint $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_sharelint
	install -m 644 $(DIST_STAGE)/share/fish/vendor_completions.d/sharelint.fish \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/sharelint.fish
