# The two commands of the README:  `make play`  and  `make test`.
# Everything else here is what they need; each step is skipped when already done.

VENV   ?= .venv
PYTHON ?= python3
PORT   ?= 8000
BIN    := $(VENV)/bin

.PHONY: play test setup build serve lint typecheck unit e2e bench clean

play: $(VENV)/.installed node_modules/.package-lock.json   ## build the site and serve it on 127.0.0.1
	$(BIN)/seven-rocks build --out dist
	$(BIN)/seven-rocks serve dist --port $(PORT)

test: $(VENV)/.dev-installed node_modules/.package-lock.json   ## lint, type-check and run every test
	bash scripts/ensure-chromium.sh
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/pytest

setup: $(VENV)/.dev-installed node_modules/.package-lock.json

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.dev-installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.installed

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error

build: $(VENV)/.installed node_modules/.package-lock.json
	$(BIN)/seven-rocks build --out dist

unit: $(VENV)/.dev-installed
	$(BIN)/pytest -m "not e2e"

e2e: $(VENV)/.dev-installed node_modules/.package-lock.json
	bash scripts/ensure-chromium.sh
	$(BIN)/pytest -m e2e

bench: $(VENV)/.dev-installed node_modules/.package-lock.json
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/engine.py

clean:
	rm -rf dist test-artifacts .pytest_cache .mypy_cache .ruff_cache .hypothesis
