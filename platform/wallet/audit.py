"""Checks that other apps add to `manage.py wallet_audit` without the wallet importing them:
a receiver of `audit_checks` returns a list of problems (strings; empty when clean)."""

from __future__ import annotations

from django.dispatch import Signal

audit_checks = Signal()


def audit_problems() -> list[str]:
    """The problems every connected check reports."""
    problems: list[str] = []
    for _receiver, found in audit_checks.send(sender=None):
        problems.extend(found or [])
    return problems
