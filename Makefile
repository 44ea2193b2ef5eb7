# The two commands of the README:  `make play`  and  `make test`.
# The developer loop is `make check` (fast: no browser, no slow runs, tests in parallel);
# `make e2e`, `make slow` and `make js` run the other tiers alone.
# Everything else here is what they need; each step is skipped when already done.

VENV   ?= .venv
PYTHON ?= python3
PORT   ?= 8000
BIN    := $(VENV)/bin
DEPS   := $(VENV)/.dev-installed node_modules/.package-lock.json
# Written from the engine's own constants and protocol types, never by hand (gitignored):
# the facts the page shares with the engine, the types of the worker's requests, the breakpoints.
GENERATED := web/js/facts.js web/js/protocol.d.ts web/js/breakpoints.js

.PHONY: play test check setup build build-cache serve lint typecheck js unit e2e slow bench screenshots clean generated

play: $(VENV)/.installed node_modules/.package-lock.json $(GENERATED)   ## build the site and serve it on 127.0.0.1
	$(BIN)/seven-rocks build --out dist
	$(BIN)/seven-rocks serve dist --port $(PORT)

# Everything, as CI runs it (.ci/run): lint, types, JavaScript unit tests, then every Python
# test (engine, bots, CLI, browser, slow runs) but the exhaustive ones, which check every
# item of a large shipped set (or run ten times as long) where a test here checks a sample (`make slow` runs them).
# Nothing is skipped.  The Python tests run in two passes that between them hold every test once: those without a browser, then the
# browser tests (the workers share one build of the site, each serves it to its own
# Chromium; among them the smoke set in Firefox and WebKit, tests/e2e/engines/, whose
# browsers scripts/ensure-engines.sh installs), each spread over the cores.
# A browser test waits on the page about as much as it computes (animations run in real
# time, the bots keep their pace), so that pass runs more workers than cores: the long
# tests (whole games, two browsers linked; marked `long`) start first in two queues of
# their own, a worker each (tests/e2e/conftest.py), and the others go to one worker a core;
# at most six workers, so a big machine does not start a dozen Chromiums.
PYTEST_PARALLEL = -n auto --maxprocesses 4 --dist loadgroup
E2E_WORKERS := $(shell $(PYTHON) -c "import os; print(min(6, 2 + len(os.sched_getaffinity(0))))")
test:   ## lint, type-check and run every test
	$(MAKE) --no-print-directory -j2 $(DEPS)
	$(MAKE) --no-print-directory -j3 --output-sync=target lint typecheck js build-cache
	bash scripts/ensure-chromium.sh
	bash scripts/ensure-engines.sh
	$(BIN)/pytest $(PYTEST_PARALLEL) -m "not e2e and not exhaustive"
	$(BIN)/pytest -n $(E2E_WORKERS) --dist loadgroup -m "e2e and not exhaustive"

# The checks before the tests each keep one core busy (mypy, tsc, Node's test runner), so
# `make test` runs them side by side, and beside them a throw-away build that fills the
# build's cache (node_modules/.cache/seven-rocks/: the runtime's brotli copies, the cut
# standard library, the memory snapshot; about a minute of CPU on a fresh clone), which every
# build of the tests would otherwise wait on. Its output folder is its own and removed.
build-cache: $(VENV)/.installed node_modules/.package-lock.json $(GENERATED)
	@out=$$(mktemp -d) && $(BIN)/seven-rocks build --out "$$out/site" > /dev/null; \
	status=$$?; rm -rf "$$out"; exit $$status

# The fast loop while developing: the same lint and types, the JavaScript unit tests, and the
# Python tests that need no browser and are not marked slow, spread over every core.
check: $(DEPS) lint typecheck js   ## fast: lint, types, unit tests in parallel (no browser, no slow)
	$(BIN)/pytest -q -n auto -m "not e2e and not slow"

setup: $(DEPS)

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $@

# The cluster extra (Ray) too: its tests run against a real Ray head, in every `make test`.
$(VENV)/.dev-installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,cluster]'
	touch $@ $(VENV)/.installed

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error

build: $(VENV)/.installed node_modules/.package-lock.json $(GENERATED)   ## build the static site into dist/
	$(BIN)/seven-rocks build --out dist

serve: $(VENV)/.installed   ## serve dist/ as it is (after `make build`)
	@test -f dist/index.html || { echo "dist/ has no site: run 'make build' first" >&2; exit 1; }
	$(BIN)/seven-rocks serve dist --port $(PORT)

lint: $(VENV)/.dev-installed   ## ruff: lint and formatting
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# mypy --strict for Python; TypeScript for the page's JavaScript (JSDoc types, checked
# against the generated protocol types: tsconfig.json; the service worker runs with a
# worker's globals, not a page's, so it has its own: tsconfig.sw.json).
typecheck: $(VENV)/.dev-installed node_modules/.package-lock.json $(GENERATED)   ## mypy --strict, tsc --noEmit
	$(BIN)/mypy
	node_modules/.bin/tsc -p .
	node_modules/.bin/tsc -p tsconfig.sw.json

# The page's generated modules (the shared facts, the worker protocol's types, the
# breakpoints), written from the one place each is defined into web/js/ (ignored by git) for
# Node and the type check; the build writes its own copies into the site.
GENERATED_FROM = $(shell find seven_rocks -name '*.py')
generated: $(GENERATED)   ## write web/js/facts.js, protocol.d.ts and breakpoints.js
$(GENERATED) &: $(VENV)/.installed $(GENERATED_FROM) web/css/breakpoints.css
	$(BIN)/python -m seven_rocks.site.generated web/js

# Node's built-in test runner, for the JavaScript unit tests in tests/js/ (when there are any);
# a failing test fails `make test` and `make check`.
JS_TESTS = $(wildcard tests/js/*.test.mjs)
js: $(GENERATED)   ## JavaScript unit tests (node --test tests/js/*.test.mjs)
ifneq ($(strip $(JS_TESTS)),)
	node --test $(JS_TESTS)
else
	@echo "no JavaScript unit tests in tests/js/"
endif

unit: $(DEPS)   ## every Python test that needs no browser (slow ones included)
	$(BIN)/pytest -m "not e2e"

e2e: $(DEPS)   ## the browser tests (Chromium; the smoke set in Firefox and WebKit)
	bash scripts/ensure-chromium.sh
	bash scripts/ensure-engines.sh
	$(BIN)/pytest -n $(E2E_WORKERS) --dist loadgroup -m "e2e and not exhaustive"

slow: $(DEPS)   ## the long runs: big simulations, Pyodide in Node, every shipped puzzle
	$(BIN)/pytest -m slow

# The reference pictures of key states (tests/e2e/screens/): after a deliberate change to
# what the page draws, take them again, look at them (git diff shows which changed), commit.
screenshots: $(DEPS)   ## accept the page's look as it is now: write the reference screenshots
	bash scripts/ensure-chromium.sh
	SEVEN_ROCKS_ACCEPT_SCREENS=1 $(BIN)/pytest -m e2e -n 2 tests/e2e/test_drawn.py tests/e2e/test_screens.py

bench: $(DEPS)
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/engine.py

clean:
	rm -rf dist test-artifacts .pytest_cache .mypy_cache .ruff_cache .hypothesis
