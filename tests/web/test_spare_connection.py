"""The connection a process keeps for the log's blocks (``models.Spare``): kept between blocks,
reset at the end of each as the pool resets a connection given back, used by one block at a
time, and never kept past a fork or ``engine.dispose()``."""
from __future__ import annotations

import threading
from datetime import datetime, timezone

import pytest
from sqlalchemy import insert

from referee import store
from referee.store import models
from referee.store.models import Event


@pytest.fixture
def match(app, counting_game):
    with app.app_context():
        m, _token, _ = store.create_match("counting", ["Ann", "Ben"], {}, "play")
        yield m


def say(n):
    return {"type": "say", "n": n}


def test_one_block_after_another_uses_the_same_connection(app, match):
    with store.connection() as first:
        store.append(match, say(3))
    with store.connection() as second:
        assert store.load(match).seq == 1
    assert second is first and not first.closed and not first.in_transaction()


def test_what_a_block_left_uncommitted_is_rolled_back(app, match):
    with store.connection() as own:
        own.execute(insert(Event).values(match_id=match.id, seq=1, action=say(4), time=datetime.now(timezone.utc)))
    store.clear_cache()
    with store.connection():
        assert store.last_seq(match.id) == 0
        assert store.append(match, say(5)).seq == 1  # the seq is free: nothing was kept
    assert [e.action for e in store.log(match)] == [say(5)]


def test_a_block_that_finds_the_spare_in_use_takes_one_from_the_pool(app, match):
    seen: dict[str, object] = {}
    inside, done = threading.Event(), threading.Event()

    def other_thread() -> None:
        with app.app_context(), store.connection() as own:
            seen["other"] = own
            inside.set()
            done.wait(5)
            seen["appended"] = store.append(match, say(7)).seq

    with store.connection() as mine:
        thread = threading.Thread(target=other_thread)
        thread.start()
        assert inside.wait(5)
        store.append(match, say(6))
    done.set()
    thread.join(5)
    assert seen["other"] is not mine and seen["appended"] == 2
    assert [e.action for e in store.log(match)] == [say(6), say(7)]
    with store.connection() as again:
        assert again is mine  # the spare is still the one kept


def test_dispose_closes_the_spare(app, match):
    with store.connection() as kept:
        store.append(match, say(3))
    store.db.engine.dispose()
    assert kept.closed
    with store.connection() as fresh:
        assert fresh is not kept and store.load(match).seq == 1


def test_dispose_while_a_block_runs_closes_the_spare_when_the_block_ends(app, match):
    with store.connection() as kept:
        store.db.engine.dispose()
        assert not kept.closed  # still in use here
        store.append(match, say(3))
    assert kept.closed
    with store.connection() as fresh:
        assert fresh is not kept and store.load(match).seq == 1


def test_dispose_just_after_the_block_put_the_spare_back_still_closes_it(app, match, monkeypatch):
    # Another thread disposes the engine in the moment between the reset and the lock's release.
    put_back = models.Spare.put_back

    def and_then_dispose(spare, own):
        put_back(spare, own)
        store.db.engine.dispose()

    monkeypatch.setattr(models.Spare, "put_back", and_then_dispose)
    with store.connection() as kept:
        store.append(match, say(3))
    assert kept.closed


def test_a_forked_child_does_not_use_its_parents_spare(app, match, monkeypatch):
    with store.connection() as parents:
        pass
    monkeypatch.setattr(models, "_forks", models._forks + 1)  # as in a child after fork (models._forked)
    with store.connection() as childs:
        assert store.append(match, say(3)).seq == 1
    assert childs is not parents
    store.db.engine.dispose()  # the child's own, closed with its engine
    assert childs.closed


def test_a_real_fork_makes_the_child_take_a_spare_of_its_own(app, match):
    import os

    with store.connection():
        parents = models.Spare.of(store.db.engine)
    child = os.fork()
    if child == 0:  # the child: its first block must not take the parent's spare
        os._exit(0 if models.Spare.of(store.db.engine) is not parents else 1)
    _pid, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert models.Spare.of(store.db.engine) is parents  # the parent keeps its own


def test_a_commit_that_failed_leaves_the_spare_good_for_the_next_block(app, match, monkeypatch):
    dialect = store.db.engine.dialect
    do_commit = type(dialect).do_commit
    failures = []

    def fails_once(self, dbapi_connection):
        if not failures:
            failures.append(True)
            raise dialect.loaded_dbapi.OperationalError("disk I/O error")
        do_commit(self, dbapi_connection)

    monkeypatch.setattr(type(dialect), "do_commit", fails_once)
    with pytest.raises(Exception), store.connection():  # noqa: B017,PT011 - whatever Core makes of it
        store.append(match, say(3))
    store.clear_cache()
    with store.connection() as own:
        assert store.append(match, say(4)).seq == 1  # nothing of the failed one stayed
        assert not own.closed
    assert [e.action for e in store.log(match)] == [say(4)]


def test_a_connection_that_was_invalidated_is_replaced(app, match):
    with store.connection() as kept:
        lost = kept.connection.dbapi_connection
        kept.invalidate()  # as Prepared does when the database dropped the connection
    with store.connection() as fresh:
        assert store.append(match, say(3)).seq == 1
        assert fresh.connection.dbapi_connection is not lost and not fresh.invalidated


def test_what_prepared_statements_ran_is_the_drivers_transaction_and_commit_ends_it(app, match):
    # The log's reads and insert run on the driver without SQLAlchemy's bookkeeping of a
    # transaction: the log still knows one is open (a snapshot waits for it on SQLite), commit
    # ends it, and what it wrote stays.
    from referee.store.log import _INSERT_EVENT

    with store.connection() as own:
        assert models.open_transaction() is None
        _INSERT_EVENT.write({"match_id": match.id, "seq": 1, "action": say(5), "by": None, "client_id": None,
                             "time": datetime.now(timezone.utc)})
        assert not own.in_transaction() and models.open_transaction() is own
        models.commit()
        assert models.open_transaction() is None
    store.clear_cache()
    assert [e.action for e in store.log(match)] == [say(5)]


def test_a_failed_commit_on_the_driver_is_raised_as_sqlalchemy_raises_it(app, match, monkeypatch):
    from sqlalchemy.exc import OperationalError

    dialect = store.db.engine.dialect

    def fails(self, dbapi_connection):
        raise dialect.loaded_dbapi.OperationalError("disk I/O error")

    monkeypatch.setattr(type(dialect), "do_commit", fails)
    with pytest.raises(OperationalError, match="disk I/O error"), store.connection():
        store.append(match, say(3))
