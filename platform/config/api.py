"""API-wide helpers: JSON errors with clear messages."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404
from rest_framework import exceptions
from rest_framework.views import exception_handler as drf_exception_handler


def exception_handler(exc, context):
    """Every API error is JSON: {"error": {"code": ..., "message": ..., "fields": {...}?}}."""
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(str(exc) or "Not found.")
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied(str(exc) or None)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    error: dict = {"code": getattr(exc, "default_code", "error"), "message": ""}
    detail = getattr(exc, "detail", None)
    if isinstance(exc, exceptions.ValidationError) and isinstance(detail, dict):
        error["code"] = "invalid"
        error["fields"] = {key: [str(m) for m in _as_list(value)] for key, value in detail.items()}
        first_key, first_value = next(iter(detail.items()))
        first = _as_list(first_value)[0] if _as_list(first_value) else ""
        error["message"] = (
            str(first) if first_key == "non_field_errors" else f"{first_key}: {first}"
        )
    elif isinstance(detail, list):
        error["message"] = "; ".join(str(item) for item in detail)
    else:
        error["message"] = str(detail) if detail is not None else str(exc)
        code = getattr(detail, "code", None)
        if code:
            error["code"] = code
    response.data = {"error": error}
    return response


def _as_list(value) -> list:
    if isinstance(value, list):
        return value
    if isinstance(value, dict):
        return [f"{k}: {_as_list(v)[0] if _as_list(v) else ''}" for k, v in value.items()]
    return [value]
