"""Text rendered from frozen records, kept so a view does not render it again on every answer.

A finished game never changes: its record is a frozen value, and what a view shows of it (a
headline, a row per player) depends only on that record, the players' names and the wording
of the moment (``i18n.wording()``: the language, the game on screen, the catalogs loaded). A
view that lists every finished game asks ``Rendered.get`` for each, so only the game in
progress is rendered afresh.

Entries are kept by the identity of the record, holding the record itself so that identity
is never reused while the entry lives, and are bounded (the oldest kept go first). What
is kept is shared between answers: callers must treat it as read-only.

Pure: no Flask, no database.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Callable, Hashable, TypeVar

from referee import i18n

T = TypeVar("T")


class Rendered:
    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self._kept: OrderedDict[tuple[Any, ...], tuple[object, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, record: object, context: Hashable, build: Callable[[], T]) -> T:
        """What ``build()`` gives for ``record`` under ``context`` (e.g. the players' names) in
        the current wording: built once, then kept."""
        key = (id(record), context, i18n.wording())
        # A hit takes no lock and moves nothing: views ask for every finished game on every
        # answer, so this path is the hot one, and a kept entry that is evicted while still
        # wanted is only rendered again.
        kept = self._kept.get(key)
        if kept is not None and kept[0] is record:
            return kept[1]
        value = build()
        with self._lock:
            self._kept[key] = (record, value)
            self._kept.move_to_end(key)
            while len(self._kept) > self.maxsize:
                self._kept.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
