# Que (雀) — the two commands a fresh machine needs are `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# `make run PORT=8765` serves on another port (the demo admin's address follows it).
PORT ?= 8000

.PHONY: venv engine run test coverage lint format migrate check

venv: $(STAMP) engine

# Reinstall when pyproject.toml changes.
$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The engine compiled with mypyc into games/engine/_compiled (docs/benchmarks.md, "Compiled
# engine"); a no-op while its stamp matches the sources. When it cannot be built the engine runs
# from source, unless QUE_ENGINE=compiled (as on CI) makes that fatal.
engine: $(STAMP)
	@$(PY) -m games.compile_engine || { rc=$$?; [ "$$QUE_ENGINE" != compiled ] || exit $$rc; \
	  echo "make: no compiled engine, games/engine runs from source" >&2; }

migrate: venv
	$(PY) manage.py migrate --noinput

run: migrate
	PORT=$(PORT) $(PY) manage.py demo_setup
	$(PY) -m uvicorn --host 127.0.0.1 --port $(PORT) --no-server-header config.asgi:application

test: venv
	$(PY) -m pytest -q -n auto

# The engine's tests on its source under coverage: branch coverage of games/engine, gated at
# pyproject's fail_under (CI runs this after the PostgreSQL run).
coverage: venv
	QUE_ENGINE=pure $(PY) -m coverage run -m pytest -q tests/games/engine
	$(PY) -m coverage report

# import-linter checks the module contracts in pyproject.toml (docs/operations.md).
lint: venv
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy --strict games/engine ratings/calc.py
	PYTHONPATH=.:platform $(VENV)/bin/lint-imports --no-cache

format: venv
	$(PY) -m ruff format .
	$(PY) -m ruff check --fix .

check: venv
	$(PY) manage.py check
	$(PY) manage.py makemigrations --check --dry-run
