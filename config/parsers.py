"""The API's JSON parser: any body it cannot read is a 400, a deeply nested one included
(Python's JSON decoder raises ``RecursionError`` past about a thousand levels, which DRF's
parser does not catch)."""

from __future__ import annotations

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


class SafeJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError("JSON parse error - the body is nested too deeply.") from None
        except UnicodeDecodeError:
            raise ParseError("JSON parse error - the body is not valid text.") from None
