"""Typed errors of the rules engine.

Every error carries a human-readable message; callers (the table runtime, the calculator, the
REST API) show it as is. Modelled on python-chess's InvalidMoveError / IllegalMoveError split.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""


class InvalidNotationError(EngineError, ValueError):
    """A tile or meld string does not follow NOTATION.md."""


class IllegalActionError(EngineError):
    """An action that the current state does not allow (wrong seat, wrong phase, tile not held...)."""


class InvalidCaseError(EngineError):
    """A calculator case that is not valid input (CASES.md §1.3)."""


class UnknownVariantError(EngineError, KeyError):
    """A variant key that the registry does not know."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown variant"


class InvalidOptionsError(EngineError, ValueError):
    """Variant options that are not valid for the variant."""
