"""The layout of DESIGN.md: platform/ is an import root, settings come from the environment."""

from __future__ import annotations

import json
import os
import secrets as _secrets
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PRINT_SETTINGS = """
import json, django
django.setup()
from django.conf import settings
print(json.dumps({
    "engine": settings.DATABASES["default"]["ENGINE"],
    "layer": settings.CHANNEL_LAYERS["default"]["BACKEND"],
    "eager": settings.CELERY_TASK_ALWAYS_EAGER,
    "broker": settings.CELERY_BROKER_URL,
    "debug": settings.DEBUG,
}))
"""


def run_python(code_or_args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    base = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "REDIS_URL", "DEBUG", "SECRET_KEY", "ALLOWED_HOSTS")
    }
    base.update(
        {"DJANGO_SETTINGS_MODULE": "config.settings", "PYTHONPATH": f"{ROOT / 'platform'}:{ROOT}"}
    )
    base.update(env)
    return subprocess.run(
        [sys.executable, *code_or_args],
        cwd=ROOT,
        env=base,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_platform_is_the_standard_library_module():
    import platform

    assert Path(platform.__file__).parent == Path(sysconfig.get_paths()["stdlib"])
    assert not (ROOT / "platform" / "__init__.py").exists()
    assert platform.python_version().startswith("3.")


def test_no_top_level_name_shadows_the_standard_library():
    names = set()
    for root in (ROOT, ROOT / "platform"):
        for child in root.iterdir():
            if child.is_dir() and (child / "__init__.py").exists():
                names.add(child.name)
            elif child.suffix == ".py":
                names.add(child.stem)
    assert {"accounts", "wallet", "rooms", "config", "games", "ratings"} <= names
    assert names & set(sys.stdlib_module_names) == set()


def test_defaults_are_sqlite_in_memory_layer_and_eager_celery():
    result = run_python(["-c", PRINT_SETTINGS], {})
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {
        "engine": "django.db.backends.sqlite3",
        "layer": "channels.layers.InMemoryChannelLayer",
        "eager": True,
        "broker": "memory://",
        "debug": True,
    }


def test_database_and_redis_urls_switch_the_backends():
    env = {
        "DATABASE_URL": "postgres://u@db.invalid:5432/que",
        "REDIS_URL": "redis://r.invalid:6379/1",
    }
    result = run_python(["-c", PRINT_SETTINGS], env)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {
        "engine": "django.db.backends.postgresql",
        "layer": "channels_redis.pubsub.RedisPubSubChannelLayer",
        "eager": False,
        "broker": "redis://r.invalid:6379/1",
        "debug": True,
    }
    # and CHANNEL_LAYER=core keeps channels-redis' list-based layer
    result = run_python(["-c", PRINT_SETTINGS], {**env, "CHANNEL_LAYER": "core"})
    assert json.loads(result.stdout)["layer"] == "channels_redis.core.RedisChannelLayer"


def test_check_deploy_is_clean_with_production_variables():
    env = {
        "SECRET_KEY": _secrets.token_urlsafe(50),
        "DEBUG": "0",
        "ALLOWED_HOSTS": "que.example.com",
        "CSRF_TRUSTED_ORIGINS": "https://que.example.com",
    }
    result = run_python(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_the_asgi_app_routes_http_and_websockets():
    from channels.routing import ProtocolTypeRouter

    from config.asgi import application

    assert isinstance(application, ProtocolTypeRouter)
    assert set(application.application_mapping) == {"http", "websocket"}


def test_a_server_process_keeps_its_startup_objects_out_of_the_collector():
    # config.memory: a full collection that walks the ~250,000 objects of a started process
    # stopped it for 140-250 ms at a time (docs/ws-load.md); the ASGI entry point freezes them.
    code = (
        "import gc; print(gc.get_freeze_count()); import config.asgi; print(gc.get_freeze_count())"
    )
    result = run_python(["-c", code], {"TABLE_CLOCK": "off"})
    assert result.returncode == 0, result.stderr
    before, after = (int(n) for n in result.stdout.split())
    assert before == 0 and after > 100_000


def test_the_celery_app_is_named_que():
    from config.celery import app

    assert app.main == "que"
