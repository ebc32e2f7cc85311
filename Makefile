# sharelint: the two commands of the README's quick start, plus the ones the issues name.
#   make run    builds sharelint (release) and runs its main job on Samples/
#   make test   runs the whole test suite
# Both first install the system libraries when pkg-config cannot find them (Debian: apt-get).

SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
RELEASE_BIN := .build/release/sharelint

.PHONY: deps build release run test bench clean

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
	@for rule in Samples/Rules/*.predicate; do \
	  echo "==> sharelint rule format --pretty - < $$rule"; \
	  $(RELEASE_BIN) rule format --pretty - < "$$rule" || echo "(exit status $$?)"; \
	  echo; \
	done

test: deps
	$(SWIFT) test

bench: deps
	$(SWIFT) build -c release --package-path Benchmarks
	Benchmarks/.build/release/predicate-parse-benchmark Grammar/examples/valid Samples/Rules

clean:
	rm -rf .build Benchmarks/.build
