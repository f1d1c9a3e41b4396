"""DRF parser settings (kept apart from config/api.py, which would import them circularly)."""

from __future__ import annotations

from rest_framework import exceptions
from rest_framework.parsers import JSONParser as DrfJSONParser


class JSONParser(DrfJSONParser):
    """DRF's parser, but a body nested deeper than Python's recursion limit is a 400, not a 500."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise exceptions.ParseError("JSON parse error - nested too deeply.") from None
