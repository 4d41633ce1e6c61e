"""The API's JSON parser (its own module: DRF imports parsers while it loads its views)."""
from rest_framework import exceptions, parsers


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, answering a body nested too deep for Python's parser (a RecursionError) with
    the same 400 as any other malformed JSON."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise exceptions.ParseError("JSON parse error - nested too deep.") from None
