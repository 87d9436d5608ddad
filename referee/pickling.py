"""Pickling of the app's own values, for data the app writes and later reads back itself (the
snapshots of a replay, and the sealed chunks of an ``Archive`` inside them).

``pack`` also compresses, for the sealed parts of a long match: written once, carried in every
snapshot of it and read back seldom. They compress to a tenth or less, and a snapshot's bytes
are what its signature and its read from the database cost.

Read back with an unpickler that builds only referee classes, the refusal helper below and a
few builtins: whatever else a pickle names is refused. (A snapshot is also signed: this is the
second wall, not the first.)

Pure: no Flask, no database.
"""
from __future__ import annotations

import io
import pickle
import zlib
from typing import Any

from referee.errors import RuleViolation


def _violation(cls: type, args: tuple, attributes: dict) -> RuleViolation:
    """A refusal as pickled (an exception whose __init__ takes a rule does not unpickle)."""
    if not (isinstance(cls, type) and issubclass(cls, RuleViolation)):
        raise pickle.UnpicklingError("not a refusal")
    violation = cls.__new__(cls)
    violation.args = args
    violation.__dict__.update(attributes)
    return violation


def _reduce_violation(violation: RuleViolation):
    return _violation, (type(violation), violation.args, dict(violation.__dict__))


def _subclasses(cls: type) -> set[type]:
    found: set[type] = {cls}
    subclasses: list[type] = cls.__subclasses__()
    for sub in subclasses:
        found |= _subclasses(sub)
    return found


class _Pickler(pickle.Pickler):
    def __init__(self, file):
        super().__init__(file, protocol=5)
        self.dispatch_table = {cls: _reduce_violation for cls in _subclasses(RuleViolation)}


# What the unpickler may build: referee classes, the refusal helper above, and a few builtins.
_BUILTINS = {("builtins", name) for name in ("set", "frozenset", "complex", "bytearray", "slice", "range")}
_ALLOWED = _BUILTINS | {("copyreg", "_reconstructor"), ("collections", "OrderedDict"),
                        ("datetime", "datetime"), ("datetime", "date"), ("datetime", "timedelta"),
                        ("datetime", "timezone"), ("decimal", "Decimal"), ("fractions", "Fraction"),
                        (__name__, "_violation")}


class _Unpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if (module, name) in _ALLOWED:
            return super().find_class(module, name)
        if (module == "referee" or module.startswith("referee.")) and "." not in name:
            found = super().find_class(module, name)
            if isinstance(found, type):
                return found
        raise pickle.UnpicklingError(f"a snapshot may not build {module}.{name}")


def dumps(value: Any) -> bytes:
    buffer = io.BytesIO()
    _Pickler(buffer).dump(value)
    return buffer.getvalue()


def loads(data: bytes) -> Any:
    return _Unpickler(io.BytesIO(data)).load()


def pack(value: Any) -> bytes:
    return compress(dumps(value))


def unpack(data: bytes) -> Any:
    """A value ``pack`` wrote. Raises ValueError on bytes that are not packed, and
    UnpicklingError on a pickle that names anything the unpickler may not build."""
    return loads(decompress(data))


def compress(data: bytes) -> bytes:
    """Bytes packed as ``pack`` packs a pickle (zlib's fastest level: written on the request
    path, every hundredth entry)."""
    return zlib.compress(data, 1)


def decompress(data: bytes) -> bytes:
    """Bytes ``compress`` wrote; raises ValueError on any others."""
    try:
        return zlib.decompress(data)
    except zlib.error as error:
        raise ValueError(f"not packed: {error}") from None
