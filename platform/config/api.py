"""API-wide helpers: JSON errors with clear messages, the base view of every endpoint (a repeated
query parameter is a 400), strict pagination and the JSON 404 / permanent redirect for other /api/
addresses. (The JSON parser, the throttle and the schema class are in config/parsers.py,
throttles.py and schema.py: DRF's settings import them while rest_framework.views, which this
module imports, is still loading.)"""

from __future__ import annotations

import json
import logging

from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404, HttpResponsePermanentRedirect, JsonResponse
from django.urls import Resolver404, resolve
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework.views import exception_handler as drf_exception_handler

logger = logging.getLogger(__name__)


class PayloadTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "Request body too large."
    default_code = "too_large"


def exception_handler(exc, context):
    """Every API error is JSON: {"error": {"code": ..., "message": ..., "fields": {...}?}}."""
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(str(exc) or "Not found.")
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied(str(exc) or None)
    elif isinstance(exc, RequestDataTooBig):
        exc = PayloadTooLarge()
    response = drf_exception_handler(exc, context)
    if response is None:
        # An unexpected crash: log the traceback, but the client still gets JSON, not a page.
        logger.exception("API error", exc_info=exc)
        return Response(
            {"error": {"code": "server_error", "message": "Internal server error."}},
            status=status.HTTP_500_INTERNAL_SERVER_ERROR,
        )
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


class StrictPageNumberPagination(PageNumberPagination):
    """Page-number pagination that refuses what it cannot honour instead of guessing.

    DRF silently falls back to the default size for `page_size=0`, `-5`, `abc` or a size above the
    maximum; a client then believes it got what it asked for. Here those are 400 with the allowed
    range, as is a page that is not a positive integer (an empty value too); a page past the end
    stays 404. The schema gives both parameters' minimum and maximum.
    """

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200  # the one maximum of every list (subclasses change only page_size)
    invalid_page_message = "Page {page_number} does not exist: {message}."

    def get_page_size(self, request):
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None:
            return self.page_size
        if not raw.isdigit() or not 1 <= int(raw) <= self.max_page_size:
            raise exceptions.ValidationError(
                {"page_size": [f"Must be an integer from 1 to {self.max_page_size}."]}
            )
        return int(raw)

    def paginate_queryset(self, queryset, request, view=None):
        raw = request.query_params.get(self.page_query_param)
        if raw is not None and raw not in self.last_page_strings:
            if not raw.isdigit() or int(raw) < 1:
                raise exceptions.ValidationError({"page": ["Must be a positive integer."]})
        return super().paginate_queryset(queryset, request, view)

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.page_query_param:
                parameter["schema"] = {"type": "integer", "minimum": 1}
            elif parameter["name"] == self.page_size_query_param:
                parameter["schema"] = {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": self.max_page_size,
                    "default": self.page_size,
                }
        return parameters


class PermanentRedirect(HttpResponsePermanentRedirect):
    """308: permanent, and unlike 301 the client repeats the same method with the same body."""

    status_code = 308


@csrf_exempt  # a POST to a wrong address is a JSON 404, never the CSRF middleware's HTML 403
def api_not_found(request, *args, **kwargs):
    """Other addresses under /api/ answer in the API's JSON error format (also with DEBUG on).

    Every endpoint's address has no trailing slash (the one in /api/schema/). The same address
    with a trailing slash is a permanent redirect (308, any method, the query string kept) to it,
    so clients written against the old `auth/token/` and `calculator/` keep working."""
    other = _other_slash_form(request.path_info)
    if other is not None and not other.endswith("/"):
        prefix = request.path[: len(request.path) - len(request.path_info)]  # SCRIPT_NAME
        query = request.META.get("QUERY_STRING", "")
        response = PermanentRedirect(prefix + other + (f"?{query}" if query else ""))
        response["Content-Type"] = "application/json"
        message = f"Moved permanently to {prefix}{other}."
        response.content = json.dumps({"error": {"code": "moved", "message": message}})
        return response
    message = f"No API endpoint at {request.path}."
    if other is not None:  # e.g. /api/schema for /api/schema/
        prefix = request.path[: len(request.path) - len(request.path_info)]
        message += f" Did you mean {prefix}{other}?"
    return JsonResponse({"error": {"code": "not_found", "message": message}}, status=404)


def _other_slash_form(path_info: str) -> str | None:
    """``path_info`` with its trailing slash added or removed, when that is an API endpoint."""
    other = path_info[:-1] if path_info.endswith("/") else path_info + "/"
    try:
        match = resolve(other)
    except Resolver404:
        return None
    return other if match.func is not api_not_found else None


# --- the base view ------------------------------------------------------------------------
class ApiView(APIView):
    """The base of every /api/v1/ endpoint.

    A query parameter given more than once (`?variant=a&variant=b`) is a 400 naming it: DRF would
    silently use the last one, and a client would believe it filtered by both."""

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        repeated = {
            key: [f"Give this query parameter once; it was given {len(values)} times."]
            for key, values in request.query_params.lists()
            if len(values) > 1
        }
        if repeated:
            raise exceptions.ValidationError(repeated)
