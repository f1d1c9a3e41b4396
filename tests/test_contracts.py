"""Module contracts (docs/operations.md, "Module contracts"; issue 14, item 9).

import-linter checks the contracts in pyproject.toml (`make lint` runs it on CI; so does this
test, with the suite). Two rules import-linter cannot say are checked here on the source: the
engine imports the standard library only, and config.locks is the only place that takes row locks.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from config.locks import for_update
from wallet.models import Account

ROOT = Path(__file__).resolve().parents[1]
PROJECT_DIRS = ("games", "ratings", "platform")


def _python_files(*dirs: str) -> list[Path]:
    return sorted(p for d in dirs for p in (ROOT / d).rglob("*.py") if "migrations" not in p.parts)


def _imports(path: Path) -> list[tuple[int, str]]:
    """Every absolute import in the file, at any depth (function-level imports included)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


def test_the_import_linter_contracts_hold():
    env = {**os.environ, "PYTHONPATH": f"{ROOT}:{ROOT / 'platform'}"}
    lint = Path(sys.executable).with_name("lint-imports")
    run = subprocess.run(
        [str(lint), "--no-cache"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert " 0 broken" in run.stdout


def test_the_engine_imports_the_standard_library_only():
    outside = [
        f"{path.relative_to(ROOT)}:{line} imports {module}"
        for path in _python_files("games/engine")
        for line, module in _imports(path)
        if module.split(".")[0] not in sys.stdlib_module_names
        and not (module == "games.engine" or module.startswith("games.engine."))
    ]
    assert outside == []


def test_only_config_locks_takes_row_locks():
    takers = [
        str(path.relative_to(ROOT))
        for path in _python_files(*PROJECT_DIRS)
        if any(
            isinstance(node, ast.Attribute) and node.attr == "select_for_update"
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        )
    ]
    assert takers == ["platform/config/locks.py"]


@pytest.mark.django_db
def test_the_row_lock_is_for_no_key_update_on_postgresql_and_none_on_sqlite():
    from django.db import connection

    sql = str(for_update(Account.objects.filter(pk=1)).query).upper()
    if connection.vendor == "postgresql":
        assert 'FOR NO KEY UPDATE OF "WALLET_ACCOUNT"' in sql
    else:
        assert connection.vendor == "sqlite" and " FOR " not in sql
