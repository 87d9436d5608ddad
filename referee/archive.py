"""The records of a match that grows for an evening (finished games, hands and deals; Pontoon's
ledger lines), kept so that a state that holds thousands of them is as cheap to read back as
one that holds a few.

An ``Archive`` is an immutable sequence, read like a tuple. Its records are held in sealed
chunks of ``CHUNK``, with the newest records (fewer than ``CHUNK``) after them. A sealed chunk
never changes, and is shared by every later state, as a tuple's items would be. It is pickled
once, as compressed bytes, the first time a snapshot holds it, and is read back from those bytes only when
one of its records is read. So a worker that opens a long match from a snapshot builds the
newest chunk and the records after it, not every game since the first.

Pure: no Flask, no database.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Generic, TypeVar, cast, overload

from referee.pickling import pack, unpack

T = TypeVar("T")

CHUNK = 64


class _Chunk(Generic[T]):
    """``CHUNK`` records: the tuple once built or read, the pickle once written or read from one.
    (Two threads that build either at once build the same value.)"""

    __slots__ = ("_records", "_data")

    def __init__(self, records: tuple[T, ...] | None, data: bytes | None = None) -> None:
        if records is None and not isinstance(data, bytes):
            raise ValueError("a sealed chunk that is not bytes")
        self._records = records
        self._data = data

    @property
    def records(self) -> tuple[T, ...]:
        if self._records is None:
            records = unpack(cast(bytes, self._data))  # bytes whenever there are no records: see __init__
            if not (isinstance(records, tuple) and len(records) == CHUNK):
                raise ValueError("a sealed chunk of another shape")
            self._records = records
        return self._records

    def __reduce__(self) -> tuple[Any, ...]:
        if self._data is None:
            self._data = pack(self.records)
        return _Chunk, (None, self._data)


class Archive(Sequence[T]):
    """Records in the order they were added, read like a tuple. ``archive + (record,)`` and
    ``archive.with_last(record)`` give new archives and leave this one as it was."""

    __slots__ = ("_chunks", "_tail")

    def __init__(self, records: Iterable[T] = (), chunks: tuple[_Chunk[T], ...] = ()) -> None:
        tail = tuple(records)
        if not (isinstance(chunks, tuple) and all(isinstance(chunk, _Chunk) for chunk in chunks)):
            raise ValueError("an archive's chunks must be sealed chunks")
        while len(tail) >= CHUNK:
            chunks += (_Chunk(tail[:CHUNK]),)
            tail = tail[CHUNK:]
        self._chunks = chunks
        self._tail = tail

    def __len__(self) -> int:
        return len(self._chunks) * CHUNK + len(self._tail)

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...
    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        sealed = len(self._chunks) * CHUNK
        if isinstance(index, slice):
            start, stop, step = index.indices(sealed + len(self._tail))
            if step != 1:
                return tuple(self[at] for at in range(start, stop, step))
            return self._span(start, stop, sealed)
        at = index + sealed + len(self._tail) if index < 0 else index
        if at >= sealed:
            if at - sealed < len(self._tail):
                return self._tail[at - sealed]
        elif at >= 0:
            return self._chunks[at // CHUNK].records[at % CHUNK]
        raise IndexError("Archive index out of range")

    def _span(self, start: int, stop: int, sealed: int) -> tuple[T, ...]:
        """Records ``start`` to ``stop``, a chunk's worth at a time (views read the newest few,
        often all from the tail)."""
        span: tuple[T, ...] = ()
        at = start
        while at < min(stop, sealed):
            chunk = at // CHUNK
            span += self._chunks[chunk].records[at - chunk * CHUNK:min(stop, sealed) - chunk * CHUNK]
            at = (chunk + 1) * CHUNK
        if stop > sealed:
            span += self._tail[max(start - sealed, 0):stop - sealed]
        return span

    def __iter__(self) -> Iterator[T]:
        for chunk in self._chunks:
            yield from chunk.records
        yield from self._tail

    def __add__(self, records: tuple[T, ...]) -> Archive[T]:
        return Archive(self._tail + tuple(records), self._chunks)

    def with_last(self, record: T) -> Archive[T]:
        """This archive with its last record replaced by ``record``."""
        if self._tail:
            return Archive(self._tail[:-1] + (record,), self._chunks)
        if not self._chunks:
            raise IndexError("an empty archive has no last record")
        return Archive(self._chunks[-1].records[:-1] + (record,), self._chunks[:-1])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Archive):
            return len(self) == len(other) and all(
                mine is theirs or mine.records == theirs.records for mine, theirs in zip(self._chunks, other._chunks)
            ) and self._tail == other._tail
        if isinstance(other, tuple):
            return tuple(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Archive({list(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return Archive, (self._tail, self._chunks)
