"""ASGI entry point: HTTP through Django, websockets through Channels."""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from pathlib import Path

_platform = Path(__file__).resolve().parent.parent
for _path in (str(_platform), str(_platform.parent)):
    if _path not in sys.path:
        sys.path.insert(0, _path)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from django.core.asgi import get_asgi_application  # noqa: E402

# Initialise Django (app registry) before importing anything that touches models.
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402


def _websocket_urlpatterns() -> list:
    # The live-tables app adds games/routing.py. Check that the module exists instead of catching
    # ImportError around the import, so a broken games.routing fails loudly instead of silently
    # serving no websockets.
    try:
        spec = importlib.util.find_spec("games.routing")
    except ImportError:
        spec = None
    if spec is None:
        return []
    return list(importlib.import_module("games.routing").websocket_urlpatterns)


websocket_urlpatterns = _websocket_urlpatterns()

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)


def _start_table_clock() -> None:
    # The table clock runs inside this process on the embedded defaults (TABLE_CLOCK =
    # "embedded", `make run`); with TABLE_CLOCK = "off" a `manage.py run_tables` process is the
    # clock (docs/operations.md).
    from games.runtime.clock import start_embedded

    start_embedded()


_start_table_clock()

# Last: what the process loaded to start stays out of the collector's full passes (config.memory)
from config.memory import freeze_startup  # noqa: E402

freeze_startup()
