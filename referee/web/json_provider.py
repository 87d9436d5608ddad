"""The JSON of every answer, written by orjson: an action's answer is the whole state of the
match, and writing it with the standard library took a sixth of the action's time.

What is written is what Flask's own provider writes, key for key and value for value, sorted
the same: dates, dataclasses and the like still go through Flask's conversions. Only the
spelling differs: text other than ASCII is sent as UTF-8 rather than escaped, and there is no
space after a separator. Reading request bodies stays with Flask's provider (the standard
library): orjson would read an integer past 64 bits as a float, and what a client may send and
how a bad body is answered do not change.

A finished game's rows are the same in every answer after it (``referee.rendered.Kept``): each
is written once, and then copied into every answer as it was written."""
from __future__ import annotations

import json
from typing import Any

import orjson
from flask.json.provider import DefaultJSONProvider

from referee.rendered import Kept

# Dates and dataclasses are handed to Flask's conversion (``default``), as Flask's provider
# does, instead of orjson's own spelling of them; so are subclasses of dict, list, str and int,
# for kept rows to be written once (``_plain``).
OPTIONS = (orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME
           | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_SUBCLASS)


class OrjsonProvider(DefaultJSONProvider):
    def dumps(self, obj: Any, **kwargs: Any) -> str:
        if kwargs:  # a caller asking for json.dumps's own options (indent, separators ...)
            return super().dumps(obj, **kwargs)
        return _written(obj, OPTIONS).decode()

    def response(self, *args: Any, **kwargs: Any):
        obj = self._prepare_response_obj(args, kwargs)
        indented = self.compact is False or (self.compact is None and self._app.debug)
        body = _written(obj, OPTIONS | orjson.OPT_INDENT_2) if indented else written(obj)
        # Flask's answers end in a newline; the app's class is typed as the sans-IO one.
        return self._app.response_class(body + b"\n", mimetype=self.mimetype)  # type: ignore[arg-type]


def written(obj: Any) -> bytes:
    """``obj`` as the JSON of an answer (compact, as ``response`` writes it outside debug mode)."""
    return _written(obj, OPTIONS)


def _written(obj: Any, options: int) -> bytes:
    try:
        return orjson.dumps(obj, default=_plain if options == OPTIONS else _plain_anew, option=options)
    except orjson.JSONEncodeError:
        # What orjson does not write (nesting past its limit, an integer past 64 bits) the
        # standard library still does, as Flask's provider did.
        return json.dumps(obj, default=_plain, sort_keys=True, separators=(",", ":")).encode()


def _plain(value: Any) -> Any:
    """What Flask's provider makes of a value orjson leaves to it (a named tuple is a list); a
    kept row as it was first written."""
    if type(value) is Kept:
        if value.written is None:
            value.written = orjson.Fragment(orjson.dumps(dict(value), default=_plain, option=OPTIONS))
        return value.written
    return _plain_anew(value)


def _plain_anew(value: Any) -> Any:
    """``_plain``, writing a kept row afresh (in another spelling: indented)."""
    # Subclasses are written as the type they extend (a named tuple as a list, as Flask does).
    if isinstance(value, dict):
        return dict(value)
    if isinstance(value, (list, tuple)):
        return list(value)
    if isinstance(value, str):  # its text, as json writes it, whatever its own __str__ says
        return str.__str__(value)
    if isinstance(value, int):
        return int.__int__(value)
    return DefaultJSONProvider.default(value)
