"""The compiled engine (games/compile_engine.py, games/engine/_loader.py): which build runs, and
that the compiled build plays exactly as the source.

The loader tests run Python in a subprocess on a copy of the engine package (a process that has
loaded extension modules cannot unload them). The tests that need a build skip without a fresh one
(``make engine`` makes it; ``make test`` and CI run on it, with QUE_ENGINE=compiled in CI).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import games.engine as engine
from games.engine import _loader
from games.engine.registry import playable_modes
from games.engine.simulate import play_hand

ROOT = Path(__file__).resolve().parents[3]
ENGINE = ROOT / "games" / "engine"

needs_build = pytest.mark.skipif(
    not _loader.compiled_files()[0], reason="no fresh compiled build (make engine)"
)

REPORT = """
import json, games.engine as e, games.engine.core as core
print(json.dumps({"build": e.BUILD, "core": core.__file__}))
"""


def _copy_engine(dest: Path, with_build: bool) -> Path:
    """games/__init__.py and the engine's .py files (plus its build) under dest; the copy's
    engine directory."""
    (dest / "games").mkdir()
    shutil.copy2(ROOT / "games" / "__init__.py", dest / "games" / "__init__.py")
    ignore = shutil.ignore_patterns("__pycache__", "_compiled*")
    shutil.copytree(ENGINE, dest / "games" / "engine", ignore=ignore)
    if with_build:
        shutil.copytree(_loader.COMPILED_DIR, dest / "games" / "engine" / "_compiled")
    return dest / "games" / "engine"


def _run(code: str, cwd: Path, mode: str | None, *args: str) -> subprocess.CompletedProcess[str]:
    drop = ("QUE_ENGINE", "QUE_ENGINE_WARNED", "PYTHONWARNINGS")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env["PYTHONPATH"] = str(cwd)
    if mode is not None:
        env["QUE_ENGINE"] = mode
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _report(cwd: Path, mode: str | None) -> tuple[dict[str, str], str]:
    done = _run(REPORT, cwd, mode)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout), done.stderr


def test_without_a_build_the_source_runs_silently(tmp_path):
    _copy_engine(tmp_path, with_build=False)
    report, err = _report(tmp_path, None)
    assert report["build"] == "pure" and report["core"].endswith("core.py")
    assert "Warning" not in err


def test_compiled_mode_without_a_build_is_an_import_error(tmp_path):
    _copy_engine(tmp_path, with_build=False)
    done = _run(REPORT, tmp_path, "compiled")
    assert done.returncode != 0
    assert "ImportError: QUE_ENGINE=compiled, but there is no compiled build" in done.stderr


def test_an_unknown_mode_is_an_import_error(tmp_path):
    _copy_engine(tmp_path, with_build=False)
    done = _run(REPORT, tmp_path, "fast")
    assert done.returncode != 0 and "QUE_ENGINE must be" in done.stderr


def test_a_stamp_of_other_sources_runs_the_source_with_a_warning(tmp_path):
    """No real build needed: a stamp whose digests do not match is stale before anything loads."""
    copy = _copy_engine(tmp_path, with_build=False)
    digests = _loader.source_digests(str(copy))
    digests["core.py"] = "0" * 64
    (copy / "_compiled").mkdir()
    stamp = {"cache_tag": sys.implementation.cache_tag, "sources": digests, "modules": {}}
    (copy / "_compiled" / _loader.STAMP_FILE).write_text(json.dumps(stamp))
    report, err = _report(tmp_path, None)
    assert report["build"] == "pure" and report["core"].endswith("core.py")
    assert err.count("RuntimeWarning") == 1 and "is stale (core.py changed)" in err
    done = _run(REPORT, tmp_path, "compiled")
    assert done.returncode != 0 and "is stale (core.py changed)" in done.stderr
    # once per process tree: a child process of a warned one (a test's subprocess) stays quiet
    child = (
        "import subprocess, sys; subprocess.run([sys.executable, '-c', sys.argv[1]], check=True)"
    )
    done = _run(f"import games.engine; {child}", tmp_path, None, REPORT)
    assert done.returncode == 0 and done.stderr.count("RuntimeWarning") == 1, done.stderr
    assert '"build": "pure"' in done.stdout


@needs_build
def test_a_fresh_build_is_loaded_and_every_compiled_module_comes_from_it(tmp_path):
    copy = _copy_engine(tmp_path, with_build=True)
    report, err = _report(tmp_path, None)
    assert report["build"] == "compiled", err
    assert report["core"].startswith(str(copy / "_compiled")), report
    code = (
        "import importlib, json, sys\n"
        "import games.engine\n"
        f"names = json.load(open({str(copy / '_compiled' / _loader.STAMP_FILE)!r}))['modules']\n"
        "print(json.dumps({n: importlib.import_module(n).__file__ for n in names}))\n"
    )
    done = _run(code, tmp_path, None)
    assert done.returncode == 0, done.stderr
    files = json.loads(done.stdout)
    assert len(files) > 30
    assert all(f.startswith(str(copy / "_compiled")) for f in files.values()), files


@needs_build
def test_an_edited_source_file_makes_the_build_stale(tmp_path):
    copy = _copy_engine(tmp_path, with_build=True)
    with open(copy / "variants" / "sichuan" / "scoring.py", "a", encoding="utf-8") as f:
        f.write("\n# edited\n")
    report, err = _report(tmp_path, None)
    assert report["build"] == "pure" and report["core"].endswith("core.py")
    assert "RuntimeWarning" in err and "variants/sichuan/scoring.py changed" in err


@needs_build
def test_pure_mode_runs_the_source_next_to_a_fresh_build(tmp_path):
    _copy_engine(tmp_path, with_build=True)
    report, err = _report(tmp_path, "pure")
    assert report["build"] == "pure" and report["core"].endswith("core.py")
    assert "Warning" not in err


@needs_build
def test_the_build_in_use_is_fresh_by_the_compilers_own_rule():
    from games import compile_engine

    assert compile_engine.is_fresh(compile_engine.wanted_stamp())


SEEDS = tuple(f"same:{i}" for i in range(5))

PLAY_ALL = """
import json, sys
from games.engine.registry import playable_modes
from games.engine.simulate import play_hand
out = {}
for key, label, opts in playable_modes():
    for seed in json.loads(sys.argv[1]):
        for bot in ("greedy", "random"):
            state, events, actions = play_hand(key, opts, seed, bot=bot, checked=True)
            out[f"{key}/{label}/{seed}/{bot}"] = [events, actions, state.to_json()]
print(json.dumps(out))
"""


def _play_all() -> dict[str, object]:
    out = {}
    for key, label, opts in playable_modes():
        for seed in SEEDS:
            for bot in ("greedy", "random"):
                state, events, actions = play_hand(key, opts, seed, bot=bot, checked=True)
                out[f"{key}/{label}/{seed}/{bot}"] = [events, actions, state.to_json()]
    return json.loads(json.dumps(out))


@pytest.mark.skipif(engine.BUILD != "compiled", reason="this run uses the source engine")
def test_the_compiled_engine_plays_exactly_as_the_source():
    env = {k: v for k, v in os.environ.items() if k != "PYTHONWARNINGS"}
    env.update({"QUE_ENGINE": "pure", "PYTHONPATH": str(ROOT)})
    done = subprocess.run(
        [sys.executable, "-c", PLAY_ALL, json.dumps(SEEDS)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    pure = json.loads(done.stdout)
    compiled = _play_all()
    assert len(compiled) == 2 * len(SEEDS) * len(playable_modes())
    for key in pure:
        assert compiled[key] == pure[key], key
    assert compiled.keys() == pure.keys()


def test_the_compiler_says_clearly_when_it_cannot_build():
    """No C compiler: exit 2 and one line saying so, before anything in the build is touched."""
    env = {k: v for k, v in os.environ.items() if k != "QUE_ENGINE"}
    env["CC"] = "/nonexistent/cc"
    done = subprocess.run(
        [sys.executable, "-m", "games.compile_engine", "--force"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,  # it waits for a build in progress in this checkout
    )
    assert done.returncode == 2
    assert "cannot compile: no C compiler" in done.stderr
