# sharelint: the two commands of the README's quick start, plus the ones the issues name.
#   make run    builds sharelint (release) and runs its main job on Samples/
#   make test   runs the whole test suite
# Both first install the system libraries when pkg-config cannot find them (Debian: apt-get).

SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
RELEASE_BIN := .build/release/sharelint

.PHONY: deps build release run test bench fuzz e2e clean readme

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

run: release
	@echo "==> sharelint lint Samples/  (the samples hold planted mistakes: findings and a non-zero status are expected)"
	@$(RELEASE_BIN) lint Samples/; echo "==> exit status $$? (0 clean, 1 error findings, 2 unusable input such as Samples/Malformed)"
	@echo "==> sharelint rule format --pretty - < Samples/Rules/exactly-one-pdf.predicate"
	@$(RELEASE_BIN) rule format --pretty - < Samples/Rules/exactly-one-pdf.predicate

test: deps
	$(SWIFT) test

# make bench: release builds, then each comparison side by side (about 5 minutes on 2 cores; the scripts install
# GNUstep, xmllint, plistutil and GNU time with apt-get when missing). Figures: README.md, "Performance".
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
	rm -rf .build Benchmarks/.build .build-fuzz .build-asan

# Regenerates the README's rule table from the rule descriptions (a test checks they agree).
readme: build
	@.build/debug/sharelint rules --format markdown > .build/rules-table.md
	@python3 -c 'import sys; s=open("README.md").read(); t=open(".build/rules-table.md").read(); a=s.index("<!-- rules:start"); a=s.index("\n",a)+1; b=s.index("<!-- rules:end -->"); open("README.md","w").write(s[:a]+t+s[b:])'
	@echo "README.md rule table regenerated"
