"""Text rendered from frozen records, kept so a view does not render it again on every answer.

A finished game never changes: its record is a frozen value, and what a view shows of it (a
headline, a row per player) depends only on that record, the players' names and the wording
of the moment (``i18n.wording()``: the language, the game on screen, the catalogs loaded). A
view that lists every finished game asks ``Rendered.get`` for each, so only the game in
progress is rendered afresh.

Entries are kept by the identity of the record, holding the record itself so that identity
is never reused while the entry lives, and are bounded (the oldest kept go first). What
is kept is shared between answers: callers must treat it as read-only. A kept dict is a
``Kept``, which also keeps what a writer made of it (an answer's JSON), so that a long match's
finished games are written once, not in every answer.

Pure: no Flask, no database.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from typing import Any, Callable, Hashable, TypeVar, overload

from referee import i18n

T = TypeVar("T")
R = TypeVar("R")


class Kept(dict):
    """A rendered dict that ``Rendered`` keeps and shares between answers: read-only, so what a
    writer made of it (``written``, e.g. its JSON) stays true and is made once."""

    __slots__ = ("written",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.written: Any = None

    def _read_only(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("a kept row is shared between answers: copy it (dict(row)) to change it")

    __setitem__ = __delitem__ = __ior__ = _read_only
    update = setdefault = pop = popitem = clear = _read_only

    def __reduce__(self) -> tuple[Any, ...]:  # copied or pickled as the dict it is
        return (Kept, (dict(self),))


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
        if type(value) is dict:
            value = Kept(value)  # type: ignore[assignment]
        with self._lock:
            self._kept[key] = (record, value)
            self._kept.move_to_end(key)
            while len(self._kept) > self.maxsize:
                self._kept.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()


# Rows made, shared by the views of one match's states (see Rows): by the identity of the
# records, held so that identity is not reused while the entry lives; the newest kept. As many
# as the store keeps replays (one records object per match at a time, in one wording mostly):
# an entry holds every row read of it, a whole long match's after its score sheet.
_SHARED: OrderedDict[tuple[Any, ...], tuple[object, dict[int, Any]]] = OrderedDict()
_SHARED_LOCK = threading.Lock()
SHARED_SIZE = 256


def _shared_rows(records: object, context: Hashable) -> dict[int, Any]:
    key = (id(records), context, i18n.wording())
    kept = _SHARED.get(key)
    if kept is not None and kept[0] is records:
        return kept[1]
    made: dict[int, Any] = {}
    with _SHARED_LOCK:
        _SHARED[key] = (records, made)
        while len(_SHARED) > SHARED_SIZE:
            _SHARED.popitem(last=False)
    return made


class Rows(Sequence[T]):
    """A view's list that grows with the match (one row per finished game), each row rendered
    when it is first read and then kept with the view. The API answers the newest few
    (``referee.web.api.bounded``), so a worker that has never seen a long match renders those,
    not every game since the first; a page or sheet that reads them all, however often, renders
    each once, as a list would have.

    A row reads as it would have when the view was made: in the language and for the game on
    screen then, wherever it is read. Read-only, like everything a view shares. Equal to a list
    or tuple of the same rows.

    With a ``context`` (everything ``render`` reads besides the record, e.g. the players'
    names), the rows made are shared by every Rows over the same records object in the same
    wording: the next answer's view, whose state still holds the same finished games, reads
    them without rendering or looking them up again."""

    __slots__ = ("_records", "_render", "_speaking", "_made")

    def __init__(self, records: Sequence[R], render: Callable[[R], T], context: Hashable = None) -> None:
        self._records = records
        self._render = render
        self._speaking = (i18n.current(), i18n.current_game())
        self._made: dict[int, T] = {} if context is None else _shared_rows(records, context)

    def _rows(self, indices: range) -> list[T]:
        made = self._made
        try:  # every answer after the first reads rows made already
            return [made[i] for i in indices]
        except KeyError:
            pass
        missing = [i for i in indices if i not in made]
        if missing:
            if (i18n.current(), i18n.current_game()) == self._speaking:
                made.update((i, self._render(self._records[i])) for i in missing)
            else:
                with i18n.speaking(*self._speaking):
                    made.update((i, self._render(self._records[i])) for i in missing)
        return [made[i] for i in indices]

    def __len__(self) -> int:
        return len(self._records)

    def __iter__(self) -> Iterator[T]:
        return iter(self._rows(range(len(self._records))))

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...
    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return self._rows(range(*index.indices(len(self._records))))
        at = index + len(self._records) if index < 0 else index
        if not 0 <= at < len(self._records):
            raise IndexError("Rows index out of range")
        return self._rows(range(at, at + 1))[0]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Rows, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Rows({list(self)!r})"
