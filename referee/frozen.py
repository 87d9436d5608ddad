"""Helpers for the engines' frozen values, made for hot paths.

``replace``: the same call as ``dataclasses.replace``. Every entry, and every probe of what may
be entered next, builds new states field by field; the standard function walks the class's
fields and runs ``__init__`` each time, several times the cost of the copy itself. A plain
frozen dataclass (a ``__dict__``, every field set by ``__init__``, no ``__post_init__``) is
copied by its ``__dict__``; anything else goes to the standard function. A name that is not a
field is refused, as the standard function refuses it.

``pickled_by_fields``: pickling for the small slotted values (cards, messages, findings).
States hold hundreds of thousands of them, and every snapshot pickles them.

Pure: the standard library only.
"""
from __future__ import annotations

import dataclasses
from operator import attrgetter
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


def pickled_by_fields(cls: type[T]) -> type[T]:
    """Pickle a slotted frozen dataclass (two fields or more) as its class and fields, rebuilt
    and checked by the constructor. The slots' default pickling walks the dataclass's fields
    for every object, written and read: several times the cost of this."""
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    if len(names) < 2:
        raise TypeError(f"{cls.__name__}: one field is not a tuple to attrgetter")
    fields = attrgetter(*names)

    def __reduce__(self: Any) -> tuple[type, tuple[Any, ...]]:
        return type(self), fields(self)

    cls.__reduce__ = __reduce__  # type: ignore[method-assign]
    return cls
