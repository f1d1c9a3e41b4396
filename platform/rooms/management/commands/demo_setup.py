"""Create demo rooms for every variant and mode at several coefficients, a practice room per
variant, and a demo admin."""

from __future__ import annotations

import os

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from rooms.models import Room, Variant
from rooms.services import room_record_changes
from wallet.services import wallet_grant_signup

# (variant, options, label, has rake): Shaanxi and Fuzhou settle points × N without a rake.
MODES = [
    (Variant.SICHUAN, {}, "四川 普通场", True),
    (Variant.SICHUAN, {"bloody": True}, "四川 血战到底", True),
    (Variant.FUZHOU, {}, "福州", False),
    (Variant.SHAANXI, {}, "陕西", False),
    (Variant.WUHAN, {}, "武汉 开口翻", True),
    (Variant.WUHAN, {"koukou": True}, "武汉 口口翻", True),
    (Variant.YIWU, {}, "义乌", True),
]
# (coefficient N, rake A, minimum balance)
TIERS = [(1, 2, 0), (10, 20, 500), (200, 400, 20000)]
# One practice room (练习场: live hints at the table) per variant, at ×1 without a rake.
PRACTICE = [
    (Variant.SICHUAN, "四川 练习场"),
    (Variant.FUZHOU, "福州 练习场"),
    (Variant.SHAANXI, "陕西 练习场"),
    (Variant.WUHAN, "武汉 练习场"),
    (Variant.YIWU, "义乌 练习场"),
]

DEMO_ADMIN = ("admin", "admin")


class Command(BaseCommand):
    help = "Create demo rooms (every variant and mode, several N/A) and the demo admin. Idempotent."

    def handle(self, *args, **options):
        created = 0
        for variant, opts, label, has_rake in MODES:
            for coefficient, rake, min_balance in TIERS:
                name = f"{label} ×{coefficient}"
                room, was_created = Room.objects.get_or_create(
                    name=name,
                    variant=variant,
                    defaults={
                        "options": opts,
                        "coefficient": coefficient,
                        "rake": rake if has_rake else 0,
                        "min_balance": min_balance,
                    },
                )
                if was_created:
                    room_record_changes(room=room, before=None, actor=None)
                    created += 1
        for variant, name in PRACTICE:
            room, was_created = Room.objects.get_or_create(
                name=name,
                variant=variant,
                defaults={"coefficient": 1, "rake": 0, "min_balance": 0, "practice": True},
            )
            if was_created:
                room_record_changes(room=room, before=None, actor=None)
                created += 1
        self.stdout.write(f"demo rooms: {created} created, {Room.objects.count()} in total")

        username, password = DEMO_ADMIN
        User = get_user_model()
        admin = User.objects.filter(username=username).first()
        if admin is None:
            admin = User.objects.create_superuser(username=username, password=password)
            wallet_grant_signup(user=admin)
        self.stdout.write(
            self.style.WARNING(
                f"demo admin: username {username!r} password {password!r} "
                f"-> http://127.0.0.1:{os.environ.get('PORT') or 8000}/admin/ (development only)"
            )
        )
