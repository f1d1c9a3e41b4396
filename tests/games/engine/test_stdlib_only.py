"""games/engine imports only the standard library and itself (DESIGN.md): scan every module's AST."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[3] / "games" / "engine"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_it_imports_only_the_standard_library_and_itself():
    modules = sorted(ENGINE.rglob("*.py"))
    assert len(modules) > 10
    allowed = set(sys.stdlib_module_names) | {"games", "__future__"}
    bad = {str(p.relative_to(ENGINE)): sorted(_imports(p) - allowed) for p in modules}
    assert {k: v for k, v in bad.items() if v} == {}
