"""Doctests of an engine module read from its source file, run against the imported module.

``doctest.testmod`` finds examples in the ``__doc__`` of the module's objects, and the compiled
engine (games/compile_engine.py) keeps no docstrings: the examples would silently vanish. Here
the docstrings of the module, its classes, functions and methods come from the .py file, and the
examples run with the module's globals, so they exercise whichever build is loaded.
"""

from __future__ import annotations

import ast
import doctest
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[3]


def source_of(module: ModuleType) -> Path:
    parts = module.__name__.split(".")
    path = ROOT.joinpath(*parts)
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def _docstrings(tree: ast.Module) -> list[tuple[str, str, int]]:
    """(qualified name, raw docstring, line) of the module and of every class, function and
    method it defines at its top level or inside its classes (testmod's reach)."""
    out = []
    doc = ast.get_docstring(tree, clean=False)
    if doc is not None:
        out.append(("", doc, 0))

    def walk(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = prefix + node.name
                doc = ast.get_docstring(node, clean=False)
                if doc is not None:
                    out.append((name, doc, node.lineno))
                if isinstance(node, ast.ClassDef):
                    walk(node.body, name + ".")

    walk(tree.body, "")
    return out


def run_doctests(module: ModuleType) -> doctest.TestResults:
    """Like ``doctest.testmod(module)``, with the examples taken from the module's source."""
    path = source_of(module)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner()
    for name, doc, line in _docstrings(tree):
        qualified = f"{module.__name__}.{name}".rstrip(".")
        test = parser.get_doctest(doc, dict(vars(module)), qualified, str(path), line)
        if test.examples:
            runner.run(test)
    return doctest.TestResults(runner.failures, runner.tries)
