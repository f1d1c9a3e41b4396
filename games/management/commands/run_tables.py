"""The table clock as its own process (Procfile `clock`; docs/operations.md): ticks every table
whose deadline passed, ends the sockets of dead server processes, settles overdue hands."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from config.memory import freeze_startup
from games.runtime.clock import Clock


class Command(BaseCommand):
    help = "Run the table clock (every --every seconds; --once for a single pass)."

    def add_arguments(self, parser):
        parser.add_argument("--every", type=float, default=None)
        parser.add_argument("--once", action="store_true")

    def handle(self, *args, **opts):
        clock = Clock(every=opts["every"])
        if opts["once"]:
            count = clock.step()
            self.stdout.write(f"ticked {count} table(s)")
            return
        freeze_startup()
        try:
            clock.run()
        except KeyboardInterrupt:  # pragma: no cover - interactive stop
            clock.stop.set()
