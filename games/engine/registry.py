"""The variant registry: metadata, options, coins, and each variant's play ``Rules``.

A variant's play rules live in ``games/engine/variants/<key>/play.py`` as a module-level
``RULES`` object (a ``games.engine.core.Rules`` subclass instance). It is imported lazily, so a
variant whose play is not written yet still has its metadata and coin formula.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from games.engine.errors import EngineError, InvalidOptionsError, UnknownVariantError

if TYPE_CHECKING:
    from games.engine.core import Rules


@dataclass(frozen=True)
class Variant:
    key: str
    name_zh: str
    name_en: str
    tile_count: int
    option_schema: dict[str, tuple[type, Any]] = field(default_factory=dict)
    has_rake: bool = True

    @property
    def rules(self) -> Rules:
        """The variant's play rules (raises EngineError if its play is not implemented yet)."""
        return rules_for(self.key)

    @property
    def playable(self) -> bool:
        try:
            rules_for(self.key)
        except EngineError:
            return False
        return True


VARIANTS: dict[str, Variant] = {
    "sichuan": Variant("sichuan", "四川麻将", "Sichuan", 108, {"bloody": (bool, False)}),
    "fuzhou": Variant("fuzhou", "福州麻将", "Fuzhou", 144, {}, has_rake=False),
    "shaanxi": Variant("shaanxi", "陕西麻将", "Shaanxi", 136, {}, has_rake=False),
    "wuhan": Variant("wuhan", "武汉麻将", "Wuhan", 136, {"koukou": (bool, False)}),
    "yiwu": Variant("yiwu", "义乌麻将", "Yiwu", 136, {}),
}

#: Options of every variant that change how a hand is conducted, not its rules.
#: ``open_windows``: a claim window opens after every discard and every added kong and asks
#: every seat that has not won (one with nothing to claim may only pass), so that whether a
#: window opens, and who is asked, tells nothing about anybody's tiles. Live tables turn it on;
#: the outcome of a hand is the same as without it when the extra seats pass.
TABLE_OPTIONS: tuple[str, ...] = ("open_windows",)

_RULES: dict[str, Rules] = {}


def variant_get(key: str) -> Variant:
    """The Variant for ``key``; raises UnknownVariantError.

    >>> variant_get("sichuan").tile_count
    108
    """
    try:
        return VARIANTS[key]
    except (KeyError, TypeError):
        raise UnknownVariantError(
            f"unknown variant {key!r}; known: {', '.join(VARIANTS)}"
        ) from None


def playable_modes() -> list[tuple[str, str, dict[str, Any]]]:
    """Every playable (variant, mode label, options): each variant's normal mode, then one mode
    per boolean option switched on (血战到底 is Sichuan with ``bloody``, 口口翻 Wuhan with
    ``koukou``). Tests, golden files and the bench iterate over these.

    >>> ("sichuan", "bloody", {"bloody": True}) in playable_modes()
    True
    """
    out: list[tuple[str, str, dict[str, Any]]] = []
    for key, v in VARIANTS.items():
        if not v.playable:
            continue
        out.append((key, "normal", {}))
        for name, (typ, _default) in v.option_schema.items():
            if typ is bool:
                out.append((key, name, {name: True}))
    return out


def rules_for(key: str) -> Rules:
    """The play ``Rules`` of a variant (cached)."""
    cached = _RULES.get(key)
    if cached is not None:
        return cached
    variant_get(key)
    try:
        module = importlib.import_module(f"games.engine.variants.{key}.play")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith(f"games.engine.variants.{key}"):
            raise EngineError(f"play of variant {key!r} is not implemented yet") from None
        raise
    rules: Rules | None = getattr(module, "RULES", None)
    if rules is None:
        raise EngineError(f"games.engine.variants.{key}.play has no RULES object")
    _RULES[key] = rules
    return rules


def options_validate(variant_key: str, options: dict[str, Any] | None) -> dict[str, Any]:
    """Normalised options (every schema key present); raises InvalidOptionsError.

    >>> options_validate("sichuan", {})
    {'bloody': False}
    >>> options_validate("sichuan", {"bloody": True})
    {'bloody': True}
    >>> options_validate("wuhan", {"open_windows": True})
    {'koukou': False, 'open_windows': True}
    """
    schema = variant_get(variant_key).option_schema
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise InvalidOptionsError(f"options must be an object, got {type(options).__name__}")
    unknown = sorted(set(options) - set(schema) - set(TABLE_OPTIONS))
    if unknown:
        raise InvalidOptionsError(
            f"unknown option(s) {', '.join(unknown)} for {variant_key}; known: {', '.join(schema) or 'none'}"
        )
    out: dict[str, Any] = {}
    for name, (typ, default) in schema.items():
        value = options.get(name, default)
        if typ is int and isinstance(value, bool) or not isinstance(value, typ):
            raise InvalidOptionsError(
                f"option {name} of {variant_key} must be {typ.__name__}, got {value!r}"
            )
        out[name] = value
    for name in TABLE_OPTIONS:
        value = options.get(name, False)
        if not isinstance(value, bool):
            raise InvalidOptionsError(f"option {name} must be bool, got {value!r}")
        if value:
            out[name] = True  # present only when on: the variants' own options stay as they were
    return out


def coin_settlement(variant_key: str, points: list[int], N: int, A: int) -> tuple[list[int], int]:
    """Coins per seat and the house rake (docs/engine-api.md).

    >>> coin_settlement("sichuan", [54, -18, -18, -18], 200, 400)
    ([10400, -4000, -4000, -4000], 1600)
    >>> coin_settlement("shaanxi", [3, -1, -1, -1], 10, 5)
    ([30, -10, -10, -10], 0)
    """
    if len(points) != 4 or sum(points) != 0:
        raise EngineError(f"points must be 4 integers summing to 0, got {points!r}")
    if variant_get(variant_key).has_rake:
        return [N * p - A for p in points], 4 * A
    return [N * p for p in points], 0
