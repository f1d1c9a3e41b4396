"""The OpenAPI schema class: drf-spectacular's, plus every error response of every operation
(kept apart from config/api.py, which DRF's settings would import circularly)."""

from __future__ import annotations

from drf_spectacular.openapi import AutoSchema
from rest_framework import serializers
from rest_framework.authentication import SessionAuthentication


class ErrorDetailSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Machine-readable, e.g. invalid, not_found, throttled.")
    message = serializers.CharField(help_text="One human-readable sentence.")
    fields = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="For code `invalid`: the messages per field or query parameter.",
    )


class ErrorSerializer(serializers.Serializer):
    """The one error envelope of every 4xx and 5xx response."""

    error = ErrorDetailSerializer()


ERROR_DESCRIPTIONS = {
    "400": "Bad request: a field or query parameter is invalid or given twice (see `fields`).",
    "401": "Not authenticated: no, an unknown, a revoked or an expired token.",
    "402": "Payment required: the balance cannot pay for this.",
    "403": "Forbidden: not allowed for this user (or a session without its CSRF token).",
    "404": "Not found (or not yours, or a page past the last).",
    "413": "Request body too large.",
    "415": "Unsupported media type: send `Content-Type: application/json`.",
    "429": "Throttled: too many requests; retry after `Retry-After` seconds.",
}


class ApiAutoSchema(AutoSchema):
    """drf-spectacular's schema plus every error response an operation can give, each with the
    one error envelope (ErrorSerializer), and `Retry-After` on 429.

    Which codes apply is derived from the view: 400 everywhere (a repeated query parameter), 401
    with any authentication class, 403 for unsafe methods under session authentication (CSRF) and
    where the view lists it in ``error_statuses``, 404 with path parameters or pagination, 413 and
    415 with a request body, 429 with a throttle."""

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        for code in self._error_codes():
            if code in responses:
                continue
            response = self._get_response_for_code(ErrorSerializer, code, direction=direction)
            response["description"] = ERROR_DESCRIPTIONS[code]
            if code == "429":
                response["headers"] = {
                    "Retry-After": {
                        "schema": {"type": "integer", "minimum": 0},
                        "description": "Seconds to wait before the next request.",
                    }
                }
            responses[code] = response
        return responses

    def _error_codes(self) -> list[str]:
        view = self.view
        codes = {"400"}
        auth = view.get_authenticators()
        if auth:
            codes.add("401")
        unsafe = self.method in ("POST", "PUT", "PATCH", "DELETE")
        if unsafe and any(isinstance(a, SessionAuthentication) for a in auth):
            codes.add("403")
        codes.update(str(c) for c in getattr(view, "error_statuses", ()))
        if "{" in self.path or getattr(view, "pagination_class", None):
            codes.add("404")
        if self.method in ("POST", "PUT", "PATCH"):
            codes.update({"413", "415"})
        if view.get_throttles():
            codes.add("429")
        return sorted(codes)


def postprocess_parameter_enums(result, generator, request, public):
    """A query or path parameter whose enum is exactly a component enum's values refers to that
    component (`VariantEnum`), so a generated client has one Variant type, not one per operation.
    (drf-spectacular names enums of serializer fields only; parameters stay inline.)"""
    components = result.get("components", {}).get("schemas", {})
    by_values = {
        frozenset(schema["enum"]): name
        for name, schema in components.items()
        if "enum" in schema and schema.get("type") == "string"
    }
    for item in result.get("paths", {}).values():
        for operation in item.values():
            for parameter in operation.get("parameters", []) if isinstance(operation, dict) else []:
                values = parameter.get("schema", {}).get("enum")
                name = by_values.get(frozenset(values)) if values else None
                if name:
                    parameter["schema"] = {"$ref": f"#/components/schemas/{name}"}
    return result
