# Que (雀) — the two commands a fresh machine needs are `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: venv run test lint format migrate check

venv: $(STAMP)

# Reinstall when pyproject.toml changes.
$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

migrate: venv
	$(PY) manage.py migrate --noinput

run: migrate
	$(PY) manage.py demo_setup
	$(PY) -m daphne -b 127.0.0.1 -p 8000 config.asgi:application

test: venv
	$(PY) -m pytest -q

lint: venv
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy --strict games/engine ratings/calc.py

format: venv
	$(PY) -m ruff format .
	$(PY) -m ruff check --fix .

check: venv
	$(PY) manage.py check
	$(PY) manage.py makemigrations --check --dry-run
