"""Which engine runs: the compiled build or the source (docs/benchmarks.md, "Compiled engine").

``python -m games.compile_engine`` (``make engine``) compiles the engine's modules with mypyc into
``_compiled/`` next to a stamp holding the sha256 of every .py file of this package. When the
package is imported, ``games/engine/__init__.py`` imports this module first; it puts a finder in
front of ``sys.meta_path`` that loads those extension modules instead of the source, but only
while the stamp matches the current files exactly: an edited, added or removed .py file makes the
build stale, and the source runs after one warning (once per process tree: the reason warned
about stays in the environment, QUE_ENGINE_WARNED, for child processes). Environment
``QUE_ENGINE=pure`` always runs the source; ``QUE_ENGINE=compiled`` turns an unusable build into
an ImportError. ``BUILD`` (also ``games.engine.BUILD``) says which one runs: "compiled" or "pure".

This module is never compiled itself (it runs before the finder exists). Standard library only.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec
from types import ModuleType

PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
COMPILED_DIR = os.path.join(PACKAGE_DIR, "_compiled")
STAMP_FILE = "stamp.json"


def source_digests(package_dir: str = PACKAGE_DIR) -> dict[str, str]:
    """sha256 of every .py file of the engine package (``_compiled/`` excluded), keyed by its
    '/'-separated path relative to the package directory."""
    out = {}
    for folder, dirs, files in os.walk(package_dir):
        dirs[:] = sorted(d for d in dirs if d not in ("_compiled", "__pycache__"))
        for name in sorted(files):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                with open(path, "rb") as f:
                    digest = hashlib.sha256(f.read()).hexdigest()
                out[os.path.relpath(path, package_dir).replace(os.sep, "/")] = digest
    return out


class CompiledFinder:
    """Finds the compiled modules (and the group's shared library) among the build's files."""

    def __init__(self, files: dict[str, str]) -> None:
        self.files = files

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        spec = ModuleSpec(fullname, ExtensionFileLoader(fullname, file), origin=file)
        spec.has_location = True
        return spec


def compiled_files() -> tuple[dict[str, str], str, str, bool]:
    """(module name -> extension file, the group's shared library, why not, whether that deserves
    a warning): the build's files when the build is usable here, else none and the reason."""
    where = COMPILED_DIR
    try:
        with open(os.path.join(where, STAMP_FILE), encoding="utf-8") as f:
            stamp = json.load(f)
    except FileNotFoundError:
        return {}, "", f"there is no compiled build in {where} (make engine)", False
    except (OSError, ValueError) as e:
        return {}, "", f"the stamp in {where} is unreadable ({e})", True
    if not isinstance(stamp, dict) or stamp.get("cache_tag") != sys.implementation.cache_tag:
        return {}, "", f"the build in {where} is not for {sys.implementation.cache_tag}", True
    built = stamp.get("sources")
    built = built if isinstance(built, dict) else {}
    now = source_digests()
    if built != now:
        changed = sorted(k for k in set(now) | set(built) if now.get(k) != built.get(k))
        more = f" and {len(changed) - 3} more" if len(changed) > 3 else ""
        why = f"the build in {where} is stale ({', '.join(changed[:3])}{more} changed)"
        return {}, "", why, True
    files = {}
    modules = stamp.get("modules")
    for name, rel in (modules if isinstance(modules, dict) else {}).items():
        file = os.path.join(where, rel)
        if not (os.path.isfile(file) and file.endswith(tuple(EXTENSION_SUFFIXES))):
            return {}, "", f"the build in {where} lacks {rel}", True
        files[name] = file
    library = stamp.get("library")
    if not isinstance(library, str) or library not in files:
        return {}, "", f"the build in {where} names no shared library", True
    return files, library, "", False


def choose() -> str:
    """Install the finder when the compiled build is usable and wanted; return BUILD."""
    mode = os.environ.get("QUE_ENGINE", "")
    if mode not in ("", "pure", "compiled"):
        raise ImportError(f"QUE_ENGINE must be 'pure', 'compiled' or unset, not {mode!r}")
    if mode == "pure":
        return "pure"
    if any(isinstance(f, CompiledFinder) for f in sys.meta_path):
        return "compiled"
    files, library, why, warn = compiled_files()
    if files:
        finder = CompiledFinder(files)
        sys.meta_path.insert(0, finder)
        try:  # the group's shared library first: every compiled module needs it
            __import__(library)
            return "compiled"
        except ImportError as e:
            sys.meta_path.remove(finder)
            why, warn = f"the build in {COMPILED_DIR} does not load ({e})", True
    if mode == "compiled":
        raise ImportError(f"QUE_ENGINE=compiled, but {why}")
    if warn and os.environ.get("QUE_ENGINE_WARNED") != why:
        os.environ["QUE_ENGINE_WARNED"] = why
        warnings.warn(f"games.engine runs from source: {why}", RuntimeWarning, stacklevel=2)
    return "pure"


BUILD: str = choose()
