"""The JSON of every answer, written by orjson: an action's answer is the whole state of the
match, and writing it with the standard library took a sixth of the action's time.

What is written is what Flask's own provider writes, key for key and value for value, sorted
the same: dates, dataclasses and the like still go through Flask's conversions. Only the
spelling differs: text other than ASCII is sent as UTF-8 rather than escaped, and there is no
space after a separator. Reading request bodies stays with Flask's provider (the standard
library): orjson would read an integer past 64 bits as a float, and what a client may send and
how a bad body is answered do not change."""
from __future__ import annotations

import json
from typing import Any

import orjson
from flask.json.provider import DefaultJSONProvider

# Dates and dataclasses are handed to Flask's conversion (``default``), as Flask's provider
# does, instead of orjson's own spelling of them.
OPTIONS = (orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME
           | orjson.OPT_PASSTHROUGH_DATACLASS)


class OrjsonProvider(DefaultJSONProvider):
    def dumps(self, obj: Any, **kwargs: Any) -> str:
        if kwargs:  # a caller asking for json.dumps's own options (indent, separators ...)
            return super().dumps(obj, **kwargs)
        return _written(obj, OPTIONS).decode()

    def response(self, *args: Any, **kwargs: Any):
        obj = self._prepare_response_obj(args, kwargs)
        indented = self.compact is False or (self.compact is None and self._app.debug)
        body = _written(obj, OPTIONS | (orjson.OPT_INDENT_2 if indented else 0))
        # Flask's answers end in a newline; the app's class is typed as the sans-IO one.
        return self._app.response_class(body + b"\n", mimetype=self.mimetype)  # type: ignore[arg-type]


def _written(obj: Any, options: int) -> bytes:
    try:
        return orjson.dumps(obj, default=_plain, option=options)
    except orjson.JSONEncodeError:
        # What orjson does not write (nesting past its limit, an integer past 64 bits) the
        # standard library still does, as Flask's provider did.
        return json.dumps(obj, default=_plain, sort_keys=True, separators=(",", ":")).encode()


def _plain(value: Any) -> Any:
    """What Flask's provider makes of a value orjson leaves to it (a named tuple is a list)."""
    if isinstance(value, tuple):
        return list(value)
    return DefaultJSONProvider.default(value)
