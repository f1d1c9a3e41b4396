"""JSON for the live tables' hot paths, by orjson, with the json module's behaviour kept.

Every accepted action encodes its frames and its rows' JSON columns (the table's engine state,
the change's events) and decodes the table row it locked; the json module's encoder and decoder
were a seventh of a web process's CPU (docs/ws-load.md). orjson does the same work in a fraction
of the time. What orjson refuses and the json module accepts (a lone surrogate a client sent, an
integer beyond 64 bits, NaN) still goes through the json module, so nothing that was stored or
sent before is refused now.

`Encoder` and `Decoder` plug into `models.JSONField(encoder=..., decoder=...)`, so Django's own
paths (the ORM, games.runtime.rows) use them; `dumps` is the sockets' text (games.runtime.push).
"""

from __future__ import annotations

import json
from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS


def dumps(value: Any) -> str:
    """Compact JSON text, UTF-8 as it is (what json.dumps gives with ensure_ascii=False and
    separators=(",", ":"))."""
    try:
        return orjson.dumps(value, option=_OPTIONS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class Encoder(json.JSONEncoder):
    """A JSONField's encoder: `json.dumps(value, cls=Encoder)` calls `encode`."""

    def encode(self, o: Any) -> str:
        try:
            return orjson.dumps(o, option=_OPTIONS).decode()
        except orjson.JSONEncodeError:
            return super().encode(o)


class Decoder(json.JSONDecoder):
    """A JSONField's decoder: `json.loads(text, cls=Decoder)` calls `decode`."""

    def decode(self, s: str, *args: Any) -> Any:  # type: ignore[override]
        try:
            return orjson.loads(s)
        except orjson.JSONDecodeError:
            return super().decode(s, *args)
