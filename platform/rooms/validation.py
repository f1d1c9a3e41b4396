"""Validate a room's variant and options against the rules engine's registry.

The engine (games.engine) provides options_validate(variant_key, options) -> normalised dict,
raising an exception with a clear message. Until it exists, fall back to the five variant keys
and the known mode options.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError

from rooms.models import Variant

# Mode options per variant (modes are options, not variants): 血战到底 and 口口翻.
FALLBACK_OPTIONS: dict[str, set[str]] = {
    Variant.SICHUAN: {"bloody"},
    Variant.FUZHOU: set(),
    Variant.SHAANXI: set(),
    Variant.WUHAN: {"koukou"},
    Variant.YIWU: set(),
}


def _engine_validator():
    try:
        from games.engine import options_validate
    except ImportError:
        return None
    return options_validate


def room_options_validate(variant: str, options: Any) -> dict:
    """Return the normalised options or raise ValidationError with a clear message."""
    if variant not in Variant.values:
        raise ValidationError(
            {"variant": f"Unknown variant {variant!r}; choose one of {', '.join(Variant.values)}."}
        )
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ValidationError({"options": 'Options must be a JSON object, e.g. {"bloody": true}.'})
    engine_validate = _engine_validator()
    if engine_validate is not None:
        try:
            return dict(engine_validate(variant, options))
        except Exception as exc:  # the engine's InvalidOptionsError / UnknownVariantError
            raise ValidationError({"options": f"Invalid options for {variant}: {exc}"}) from exc
    allowed = FALLBACK_OPTIONS[variant]
    for name, value in options.items():
        if name not in allowed:
            known = ", ".join(sorted(allowed)) or "none"
            raise ValidationError(
                {"options": f"Unknown option {name!r} for {variant} (known options: {known})."}
            )
        if not isinstance(value, bool):
            raise ValidationError({"options": f"Option {name!r} must be true or false."})
    return dict(options)
