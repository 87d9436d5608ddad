"""referee.archive: a long match's finished records read like a tuple, sealed in chunks that a
state shares with every later one, pickled once and read back only when a record is read."""
from __future__ import annotations

import pickle
import pickletools
import zlib

import pytest

from referee.archive import CHUNK, Archive
from referee.pickling import dumps, loads, pack


def records(n: int, start: int = 0) -> tuple[tuple[str, int], ...]:
    return tuple((f"game {i}", i) for i in range(start, start + n))


def grown(n: int) -> Archive:
    archive: Archive = Archive()
    for record in records(n):
        archive = archive + (record,)
    return archive


@pytest.mark.parametrize("n", [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 5])
def test_an_archive_reads_like_the_tuple_of_its_records(n):
    archive, expected = grown(n), records(n)
    assert len(archive) == n and bool(archive) == bool(n)
    assert list(archive) == list(expected) and archive == expected and archive == Archive(expected)
    assert hash(archive) == hash(expected)
    assert [archive[i] for i in range(-n, n)] == list(expected[-n:] + expected)
    assert archive[1:-1] == expected[1:-1] and archive[::7] == expected[::7]
    # Slices are read a chunk at a time: every cut across the chunks and the newest records.
    cuts = sorted({0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK, n - 1, n, n + 1, -1, -CHUNK - 1, -n - 2})
    assert all(archive[a:b] == expected[a:b] for a in cuts for b in cuts)
    for outside in (n, -n - 1):
        with pytest.raises(IndexError):
            archive[outside]
    assert archive != records(n + 1) and archive != Archive(records(n + 1))


def test_adding_leaves_the_archive_as_it_was_and_shares_its_sealed_chunks():
    first = grown(2 * CHUNK + 3)
    second = first + records(CHUNK, start=len(first))
    assert len(first) == 2 * CHUNK + 3 and first == records(2 * CHUNK + 3)
    assert second == records(3 * CHUNK + 3)
    assert second._chunks[:2] == first._chunks[:2]
    assert all(mine is theirs for mine, theirs in zip(second._chunks, first._chunks))


@pytest.mark.parametrize("n", [1, CHUNK, CHUNK + 1, 2 * CHUNK])
def test_with_last_replaces_the_last_record_only(n):
    archive = grown(n)
    replaced = archive.with_last(("a call after the last card", -1))
    assert replaced == records(n)[:-1] + (("a call after the last card", -1),)
    assert archive == records(n)  # unchanged
    with pytest.raises(IndexError):
        Archive().with_last(("nothing", 0))


def test_a_sealed_chunk_is_read_back_only_when_one_of_its_records_is_read():
    archive = loads(dumps(grown(3 * CHUNK + 5)))
    assert [chunk._records for chunk in archive._chunks] == [None, None, None]
    assert archive[-1] == records(3 * CHUNK + 5)[-1]       # the newest records: none decoded
    assert archive[CHUNK + 2] == records(3 * CHUNK + 5)[CHUNK + 2]
    assert [chunk._records is None for chunk in archive._chunks] == [True, False, True]
    assert archive == records(3 * CHUNK + 5)


def test_a_sealed_chunk_is_pickled_once_however_many_states_share_it():
    older = grown(4 * CHUNK)
    newer = older + records(3, start=4 * CHUNK)
    alone = dumps(older)
    both = dumps((older, newer))
    assert len(both) < len(alone) + 200  # the four chunks once, the newer records beside them
    first = older._chunks[0]._data
    dumps(newer)
    assert newer._chunks[0]._data is first  # not pickled again
    older_back, newer_back = loads(both)
    assert older_back._chunks[0] is newer_back._chunks[0]
    assert (older_back, newer_back) == (older, newer)
    assert pickle.loads(pickle.dumps(newer)) == newer  # the standard pickle reads it too


def test_a_sealed_chunk_that_names_anything_but_referee_classes_is_refused():
    hostile = pickle.dumps(tuple(records(CHUNK - 1)) + (print,), protocol=5)
    assert any(op.name == "STACK_GLOBAL" for op, _arg, _pos in pickletools.genops(hostile))
    archive = Archive((), (Archive(records(CHUNK))._chunks[0].__class__(None, zlib.compress(hostile)),))
    with pytest.raises(pickle.UnpicklingError):
        archive[0]


def test_a_sealed_chunk_of_another_shape_is_refused():
    for data in (pack(records(CHUNK - 1)), dumps(records(CHUNK))):  # too short; not packed
        archive = Archive((), (Archive(records(CHUNK))._chunks[0].__class__(None, data),))
        with pytest.raises(ValueError):
            archive[0]
    with pytest.raises(ValueError):
        Archive((), ("not a chunk",))  # type: ignore[arg-type]
