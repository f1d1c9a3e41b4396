"""Drive time-based table work (deadlines, bot fill, grace, escapes, next hands) in a loop,
for deployments without `celery beat`. Connected sockets also drive their own table."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand

from games.runtime.services import table_sweep


class Command(BaseCommand):
    help = "Sweep every open table every --every seconds (use --once for a single pass)."

    def add_arguments(self, parser):
        parser.add_argument("--every", type=float, default=1.0)
        parser.add_argument("--once", action="store_true")

    def handle(self, *args, **opts):
        while True:
            count = table_sweep()
            if opts["once"]:
                self.stdout.write(f"swept {count} table(s)")
                return
            time.sleep(opts["every"])
