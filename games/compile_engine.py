"""Compile the rules engine with mypyc (docs/benchmarks.md, "Compiled engine").

    python -m games.compile_engine [--force] [--clean] [--jobs N] [--verbose]

Compiles the modules of games/engine (its unchanged pure-Python source) into extension modules in
games/engine/_compiled/, one mypyc group (shared library ``que_engine__mypyc``) plus a stamp: the
sha256 of every .py file of the engine, the Python cache tag, the mypy version and this script's
own hash. games/engine/_loader.py loads the build only while the stamp matches the files exactly.
A no-op while the stamp is fresh. Exit 0 when the build is fresh or built, 1 when the build
failed, 2 when mypyc or a C compiler is missing (the Makefile decides whether that is fatal).

Not compiled (they stay Python): the packages' __init__.py, __main__.py, _loader.py (it runs
before the compiled modules can be found) and errors.py (exception subclasses).

The C files and objects stay in build/engine-mypyc/: a rebuild recompiles only the C files whose
text changed (mypyc rewrites a file only when it changes), on all cores, largest first.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import hashlib
import io
import json
import os
import shutil
import sys
import sysconfig
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "games" / "engine"
WORK = ROOT / "build" / "engine-mypyc"
GROUP = "que_engine"
LIBRARY = f"{GROUP}__mypyc"
NOT_COMPILED = {"__init__.py", "__main__.py", "_loader.py", "errors.py"}
OPT_LEVEL = "3"


def _loader() -> Any:
    # games.engine._loader has the stamp's location and the digest rule the finder checks.
    from games.engine import _loader

    return _loader


def compiled_sources() -> list[Path]:
    """The engine files mypyc compiles."""
    return sorted(
        p
        for p in ENGINE.rglob("*.py")
        if p.name not in NOT_COMPILED and "_compiled" not in p.relative_to(ENGINE).parts
    )


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def mypy_version() -> str | None:
    try:
        from mypy.version import __version__
    except ImportError:
        return None
    return str(__version__)


def wanted_stamp() -> dict[str, Any]:
    """The stamp's fields that decide freshness (the build adds the module files)."""
    return {
        "group": GROUP,
        "library": LIBRARY,
        "cache_tag": sys.implementation.cache_tag,
        "ext_suffix": sysconfig.get_config_var("EXT_SUFFIX"),
        "mypy": mypy_version(),
        "builder": hashlib.sha256(Path(__file__).read_bytes()).hexdigest(),
        "sources": _loader().source_digests(str(ENGINE)),
        "compiled": [module_name(p) for p in compiled_sources()],
    }


def read_stamp(directory: Path) -> dict[str, Any] | None:
    try:
        stamp = json.loads((directory / _loader().STAMP_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return stamp if isinstance(stamp, dict) else None


def is_fresh(want: dict[str, Any]) -> bool:
    """The build in _compiled/ is complete and made from exactly these sources by this recipe."""
    out = Path(_loader().COMPILED_DIR)
    stamp = read_stamp(out)
    if stamp is None or any(stamp.get(k) != v for k, v in want.items()):
        return False
    modules = stamp.get("modules")
    if not isinstance(modules, dict) or set(modules) != {*want["compiled"], LIBRARY}:
        return False
    return all((out / rel).is_file() for rel in modules.values())


def c_compiler() -> str | None:
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shutil.which(cc.split()[0])


def _up_to_date(obj: str, src: str, headers_mtime: float) -> bool:
    try:
        made = os.path.getmtime(obj)
    except OSError:
        return False
    return made >= os.path.getmtime(src) and made >= headers_mtime


def build(want: dict[str, Any], jobs: int, verbose: bool) -> Path:
    """Generate the C with mypyc, compile it and install it into _compiled/ with the stamp
    ``want`` (taken before mypyc read the sources: a file edited meanwhile leaves a stale stamp)."""
    from mypyc.build import mypycify
    from setuptools import Distribution
    from setuptools.command.build_ext import build_ext

    c_dir = WORK / "c"
    log = io.StringIO()
    started = time.monotonic()
    old_cwd = os.getcwd()
    os.chdir(ROOT)  # mypyc names modules from the paths it is given
    try:
        with contextlib.redirect_stdout(log):
            extensions = mypycify(
                [str(p.relative_to(ROOT)) for p in compiled_sources()],
                opt_level=OPT_LEVEL,
                debug_level="0",
                group_name=GROUP,
                multi_file=True,
                target_dir=str(c_dir),
            )
    except SystemExit as e:  # mypyc exits on type errors
        raise RuntimeError(f"mypyc failed:\n{log.getvalue()}{e.code or ''}") from None
    finally:
        os.chdir(old_cwd)
    messages = [line for line in log.getvalue().splitlines() if line.strip()]
    if verbose:
        print("\n".join(messages))
    warnings = sum(": warning:" in line for line in messages)
    print(
        f"engine: mypyc generated C for {len(extensions) - 1} modules in "
        f"{time.monotonic() - started:.1f} s ({warnings} warnings{'' if verbose else ', --verbose shows them'})",
        flush=True,
    )
    stats: list[tuple[int, float]] = []  # (C files compiled, seconds)
    headers_mtime = max((os.path.getmtime(h) for h in c_dir.rglob("*.h")), default=0.0)

    class ParallelBuildExt(build_ext):  # type: ignore[misc]
        """Compiles every extension's C files up front on ``jobs`` threads (largest first, the
        up-to-date objects of an earlier build kept), then links the extensions one by one."""

        def build_extensions(self) -> None:
            cc = self.compiler
            todo = []
            for ext in self.extensions:
                macros = ext.define_macros[:] + [(u,) for u in ext.undef_macros]
                _, objects, extra, pp_opts, plan = cc._setup_compile(
                    self.build_temp,
                    macros,
                    ext.include_dirs,
                    ext.sources,
                    ext.depends,
                    ext.extra_compile_args or [],
                )
                cc_args = cc._get_cc_args(pp_opts, self.debug, None)
                for obj in objects:
                    src, suffix = plan[obj]
                    if not _up_to_date(obj, src, headers_mtime):
                        todo.append((obj, src, suffix, cc_args, extra, pp_opts))
            todo.sort(key=lambda job: -os.path.getsize(job[1]))

            def compile_one(job: tuple[Any, ...]) -> None:
                obj, src, suffix, cc_args, extra, pp_opts = job
                cc._compile(obj + ".part", src, suffix, cc_args, extra, pp_opts)
                os.replace(obj + ".part", obj)

            t0 = time.monotonic()
            with ThreadPoolExecutor(max(1, jobs)) as pool:
                list(pool.map(compile_one, todo))
            stats.append((len(todo), time.monotonic() - t0))
            done = cc.compile

            def compiled(sources: list[str], output_dir: str | None = None, **kw: Any) -> Any:
                return cc.object_filenames(sources, strip_dir=0, output_dir=output_dir)

            cc.compile = compiled
            try:
                super().build_extensions()
            finally:
                cc.compile = done

    dist = Distribution({"ext_modules": extensions, "cmdclass": {"build_ext": ParallelBuildExt}})
    dist.verbose = 1 if verbose else 0
    cmd = dist.get_command_obj("build_ext")
    cmd.build_lib = str(WORK / "lib")
    cmd.build_temp = str(WORK / "obj")
    cmd.force = True  # always link; the compile step above keeps up-to-date objects
    cmd.ensure_finalized()
    quiet = contextlib.nullcontext() if verbose else contextlib.redirect_stdout(io.StringIO())
    with quiet:
        cmd.run()
    for n, seconds in stats:
        print(f"engine: compiled {n} C files on {jobs} jobs in {seconds:.1f} s", flush=True)
    outputs = {ext.name: Path(cmd.get_ext_fullpath(ext.name)) for ext in extensions}
    return _install(want, outputs, Path(cmd.build_lib))


def _install(want: dict[str, Any], outputs: dict[str, Path], lib: Path) -> Path:
    """Put the built files and their stamp into _compiled/ in one rename."""
    out = Path(_loader().COMPILED_DIR)
    new = out.with_name(out.name + ".new")
    old = out.with_name(out.name + ".old")
    for d in (new, old):
        shutil.rmtree(d, ignore_errors=True)
    new.mkdir()
    modules = {}
    for name, file in sorted(outputs.items()):
        rel = file.relative_to(lib)
        (new / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(file, new / rel)
        modules[name] = rel.as_posix()
    stamp = {**want, "modules": modules, "opt_level": OPT_LEVEL}
    (new / _loader().STAMP_FILE).write_text(json.dumps(stamp, indent=1) + "\n", encoding="utf-8")
    if out.exists():
        out.rename(old)
    new.rename(out)
    shutil.rmtree(old, ignore_errors=True)
    return out


def clean() -> None:
    out = Path(_loader().COMPILED_DIR)
    for d in (out, out.with_name(out.name + ".new"), out.with_name(out.name + ".old"), WORK):
        shutil.rmtree(d, ignore_errors=True)
    print(f"engine: removed {out.relative_to(ROOT)} and {WORK.relative_to(ROOT)}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m games.compile_engine", description=__doc__)
    p.add_argument("--force", action="store_true", help="rebuild everything even when fresh")
    p.add_argument("--clean", action="store_true", help="remove the build and its work files")
    p.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 1)
    p.add_argument("--verbose", "-v", action="store_true")
    args = p.parse_args(argv)
    # This process only reads the engine's files: never load a (possibly old) compiled build.
    os.environ["QUE_ENGINE"] = "pure"
    if args.clean:
        clean()
        return 0
    WORK.mkdir(parents=True, exist_ok=True)
    with open(WORK / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one build at a time in this checkout
        want = wanted_stamp()
        if not args.force and is_fresh(want):
            print(
                f"engine: the compiled build in {Path(_loader().COMPILED_DIR).relative_to(ROOT)} is up to date"
            )
            return 0
        if want["mypy"] is None:
            print(
                "engine: cannot compile: mypy (mypyc) is not installed (pip install -e '.[dev]')",
                file=sys.stderr,
            )
            return 2
        if c_compiler() is None:
            print("engine: cannot compile: no C compiler (install gcc, or set CC)", file=sys.stderr)
            return 2
        recipe = {k: want[k] for k in ("mypy", "cache_tag", "builder")}
        recipe_file = WORK / "recipe.json"
        if args.force or not recipe_file.exists() or json.loads(recipe_file.read_text()) != recipe:
            for d in ("c", "obj", "lib"):
                shutil.rmtree(WORK / d, ignore_errors=True)
            recipe_file.write_text(json.dumps(recipe))
        started = time.monotonic()
        try:
            out = build(want, args.jobs, args.verbose)
        except Exception as e:  # mypyc errors, C compile or link errors
            print(f"engine: the compiled build FAILED: {e}", file=sys.stderr)
            return 1
        print(f"engine: built {out.relative_to(ROOT)} in {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
