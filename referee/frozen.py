"""``replace`` for the engines' frozen states: the same call as ``dataclasses.replace``, made
for a hot path. Every entry, and every probe of what may be entered next, builds new states
field by field; the standard function walks the class's fields and runs ``__init__`` each
time, several times the cost of the copy itself.

A plain frozen dataclass (a ``__dict__``, every field set by ``__init__``, no
``__post_init__``) is copied by its ``__dict__``; anything else goes to the standard function.
A name that is not a field is refused, as the standard function refuses it.

Pure: the standard library only.
"""
from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")

# Per class: the names of its fields, or None where the standard function must do the work.
_plain: dict[type, frozenset[str] | None] = {}


def _fields_of(cls: type) -> frozenset[str] | None:
    fields = dataclasses.fields(cls)
    simple = ("__slots__" not in cls.__dict__ and not hasattr(cls, "__post_init__")
              and all(f.init for f in fields))
    return frozenset(f.name for f in fields) if simple else None


def replace(obj: T, /, **changes: Any) -> T:
    cls = type(obj)
    try:
        names = _plain[cls]
    except KeyError:
        names = _plain[cls] = _fields_of(cls)
    if names is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    if not names.issuperset(changes):
        unknown = ", ".join(sorted(set(changes) - names))
        raise TypeError(f"{cls.__name__} has no field {unknown}")
    new = object.__new__(cls)
    state = new.__dict__
    state.update(obj.__dict__)
    state.update(changes)
    return new
