"""Check a hand's fairness: commitment, wall from the revealed seed, replay of its actions."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from games.models import HandRecord
from games.runtime.fairness import hand_verify, wall_check


class Command(BaseCommand):
    help = (
        "verify_hand HAND_ID: recompute the commitment, rebuild the wall from the revealed seed "
        "and replay the recorded actions. Or: verify_hand --variant V --seed S --salt T "
        "--commitment C to check any published seed."
    )

    def add_arguments(self, parser):
        parser.add_argument("hand_id", nargs="?", type=int)
        parser.add_argument("--variant")
        parser.add_argument("--seed")
        parser.add_argument("--salt")
        parser.add_argument("--commitment")
        parser.add_argument("--wall", action="store_true", help="print the rebuilt wall")

    def handle(self, *args, **opts):
        if opts["hand_id"] is None:
            if not all(opts[k] for k in ("variant", "seed", "salt", "commitment")):
                raise CommandError("give a hand id, or --variant --seed --salt --commitment")
            report = wall_check(
                variant=opts["variant"],
                seed=opts["seed"],
                salt=opts["salt"],
                commitment=opts["commitment"],
            )
            ok = report["commitment_ok"]
        else:
            hand = HandRecord.objects.filter(pk=opts["hand_id"]).first()
            if hand is None:
                raise CommandError(f"no hand {opts['hand_id']}")
            report = hand_verify(hand)
            if not report["revealed"]:
                raise CommandError("the hand is still live: its seed is not revealed yet")
            ok = report["ok"]
        if not opts["wall"]:
            report.pop("wall", None)
        self.stdout.write(json.dumps(report, ensure_ascii=False, indent=2))
        if not ok:
            raise CommandError("fairness check FAILED")
        self.stdout.write(self.style.SUCCESS("fairness check passed"))
