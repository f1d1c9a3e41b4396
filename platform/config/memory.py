"""The garbage collector of a long-running server process.

A web process holds about 250,000 objects once Django, the URL conf, the consumers and the
engine's tables are loaded, and they live as long as the process. Python's full collection walks
every tracked object: measured at 250 tables (docs/ws-load.md, "the tail was the bench's herd and
the collector"), each web process ran a full collection every ~20 s and each one stopped the
process for 140-250 ms, its event loop and its database thread alike, so every frame in flight
waited: that was most of the fan-out's p99. `gc.freeze()` moves what exists at start-up out of
the collector's reach (what is allocated later is collected as before), so a full collection
walks only the objects of the sockets and tables being served.
"""

from __future__ import annotations

import gc


def freeze_startup() -> None:
    """Call once, when the process has loaded what it will keep (after Django's setup)."""
    gc.collect()  # the start-up's own garbage is not frozen with it
    gc.freeze()
