"""Error messages of the REST calculator in JSON's words, not Python's.

The engine's messages are written for the command line and sometimes print Python values
(``seat must be in 0..None``, ``got None``, ``got {'a': 1}``). An API client speaks JSON, so
the REST endpoint rewrites those few shapes; the meaning is unchanged."""

from __future__ import annotations

import re

_RULES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"in (-?\d+)\.\.None\b"), r"at least \1"),
    (re.compile(r"in None\.\.(-?\d+)"), r"at most \1"),
    (re.compile(r"in (-?\d+)\.\.(-?\d+)"), r"from \1 to \2"),
    # a Python string literal: 'x' (not the apostrophe of "player's")
    (re.compile(r"(?<!\w)'([^'\n]*)'(?!\w)"), r'"\1"'),
    (re.compile(r"\bNone\b"), "null"),
    (re.compile(r"\bTrue\b"), "true"),
    (re.compile(r"\bFalse\b"), "false"),
]


def plain_message(message: str) -> str:
    """``message`` with Python literals written as JSON ones and ``a..None`` ranges in words.

    >>> plain_message("seat must be in 0..None, got -1")
    'seat must be at least 0, got -1'
    >>> plain_message("missing_suit must be 'm', 'p', 's' or null, got None")
    'missing_suit must be "m", "p", "s" or null, got null'
    >>> plain_message("winner must be in 0..3, got 7")
    'winner must be from 0 to 3, got 7'
    """
    for pattern, replacement in _RULES:
        message = pattern.sub(replacement, message)
    return message
