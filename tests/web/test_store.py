"""The event store: append-only, gapless, idempotent, stale-safe, undo as an event, replay."""
from __future__ import annotations

import threading
import time
from datetime import datetime, timezone
from types import SimpleNamespace

import pytest
from sqlalchemy import insert, text

from referee import store
from referee.errors import IllegalAction, InvalidAction
from referee.store import models
from referee.store.models import Event


@pytest.fixture
def match(app, counting_game):
    with app.app_context():
        m, token, _ = store.create_match("counting", ["Ann", "Ben"], {}, "play")
        yield m


def say(n, **extra):
    return {"type": "say", "n": n, **extra}


def test_append_assigns_consecutive_seqs_and_keeps_the_log(app, match):
    for i, n in enumerate([3, 5, 9], start=1):
        assert store.append(match, say(n)).seq == i
    entries = store.log(match)
    assert [e.seq for e in entries] == [1, 2, 3]
    assert [e.action for e in entries] == [say(3), say(5), say(9)]
    assert store.load(match).view()["numbers"] == [3, 5, 9]


def test_an_illegal_action_is_not_appended(app, match):
    store.append(match, say(5))
    with pytest.raises(IllegalAction) as raised:
        store.append(match, say(4))
    assert raised.value.rule == "COUNT-1"
    assert [e.seq for e in store.log(match)] == [1]


def test_the_same_client_id_is_appended_once_and_answered_the_same(app, match):
    first = store.append(match, say(7, id="phone-1"))
    store.append(match, say(8))
    again = store.append(match, say(7, id="phone-1"))
    assert again.seq == first.seq == 1
    assert again.replay.view() == first.replay.view()
    assert [f.as_dict() for f in again.findings] == [f.as_dict() for f in first.findings]
    assert first.findings[0].rule == "COUNT-2"
    assert len(store.log(match)) == 2


@pytest.mark.parametrize("other", [say(8, id="phone-1"),                   # another number, legal now
                                   say(2, id="phone-1"),                   # another number, illegal now
                                   {"type": "undo", "id": "phone-1"},      # another kind of entry
                                   say(7, id="phone-1", player="Ann"),     # a player named now, not then
                                   say(7, id="phone-1", by="Ben")])        # someone else entering it
def test_a_client_id_used_again_for_a_different_entry_is_refused_and_enters_nothing(app, match, other):
    store.append(match, say(7, id="phone-1"))
    with pytest.raises(InvalidAction) as raised:
        store.append(match, other)
    assert raised.value.rule == "ID"
    assert "“phone-1” was already used for a different entry (entry 1): nothing was entered" in str(raised.value)
    assert [e.action for e in store.log(match)] == [say(7)]
    assert store.append(match, say(8, id="phone-2")).seq == 2  # the match goes on


@pytest.mark.parametrize("retry", [{"n": 7, "type": "say", "id": "phone-1"},              # keys in another order
                                   say(7, id="phone-1", expect=0),                       # expect as first sent
                                   say(7, id="phone-1", expect=5),                       # or another one
                                   say(7, id="phone-1", note="a field nobody reads"),
                                   say(7, id="phone-1", player=None)])
def test_a_retry_is_the_same_entry_whatever_the_engine_does_not_keep(app, match, retry):
    first = store.append(match, say(7, id="phone-1", expect=0))
    store.append(match, say(8))
    again = store.append(match, retry)
    assert again.seq == first.seq == 1 and again.replay.view() == first.replay.view()
    assert len(store.log(match)) == 2


def test_a_retry_that_finds_its_entry_judged_legal_again_is_still_compared(app, match):
    """Without findings in between, a retried "say 7" after an undo is legal again: the insert
    meets the stored id, and the comparison still decides."""
    store.append(match, say(7, id="phone-1", by="Ann"))
    store.append(match, {"type": "undo"})
    assert store.append(match, say(7, id="phone-1", by=" Ann ")).seq == 1
    with pytest.raises(InvalidAction):
        store.append(match, say(9, id="phone-1", by="Ann"))
    assert len(store.log(match)) == 2


def test_a_stale_expect_appends_nothing(app, match):
    store.append(match, say(1, expect=0))
    with pytest.raises(store.StaleExpect) as raised:
        store.append(match, say(2, expect=0))
    assert raised.value.replay.seq == 1
    assert len(store.log(match)) == 1


def test_undo_is_logged_and_marks_the_action_undone(app, match):
    store.append(match, say(1))
    store.append(match, say(14))
    undone = store.append(match, {"type": "undo"})
    assert undone.seq == 3
    view = undone.replay.view()
    assert view["numbers"] == [1] and view["findings"] == []
    assert [(e.seq, e.undone) for e in store.log(match)] == [(1, False), (2, True), (3, False)]
    store.append(match, {"type": "undo"})
    with pytest.raises(IllegalAction) as raised:
        store.append(match, {"type": "undo"})
    assert raised.value.rule == "UNDO"


def test_replay_from_an_empty_cache_gives_the_same_state(app, match):
    for n in (2, 7, 11):
        store.append(match, say(n))
    store.append(match, {"type": "undo"})
    store.append(match, say(12))
    before = store.load(match).view()
    store.clear_cache()
    assert store.load(match).view() == before


def test_the_envelope_is_checked(app, match):
    for bad in ({"type": "say", "n": 1, "id": 5}, {"type": "say", "n": 1, "expect": "x"}, ["say"], {"n": 1}):
        with pytest.raises(InvalidAction):
            store.append(match, bad)


def test_concurrent_writers_leave_a_gapless_log(app, match):
    errors = []

    def writer(base):
        with app.app_context():
            m = store.get_match(match.id)
            for i in range(5):
                try:
                    store.append(m, say(base + i * 10, id=f"w{base}-{i}"))
                except IllegalAction:
                    pass  # a lower number after a higher one is a fair rejection
                except Exception as exc:  # noqa: BLE001
                    errors.append(exc)

    threads = [threading.Thread(target=writer, args=(b,)) for b in (1, 2, 3, 4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    seqs = [e.seq for e in store.log(match)]
    assert seqs == list(range(1, len(seqs) + 1))
    store.clear_cache()
    assert store.load(match).view()["numbers"] == sorted(store.load(match).view()["numbers"])


def test_an_entry_that_finds_another_writer_holding_the_log_is_appended_when_that_writer_lets_go(app, match,
                                                                                              monkeypatch):
    """Another writer has begun entry 2 and not committed it: on SQLite it holds the database's
    write lock, and the insert looks again after a short sleep (``Prepared.write``); on
    PostgreSQL the insert waits for that writer's key. When it rolls back, the entry is
    appended, and SQLite's connection has its busy timeout back."""
    store.append(match, say(3))
    other = store.db.engine.connect()
    other.execute(insert(Event).values(match_id=match.id, seq=2, action=say(4), time=datetime.now(timezone.utc)))
    looks: list[float] = []
    letting_go = None
    if other.dialect.name == "sqlite":
        def sleep(seconds: float) -> None:  # the first look again finds the other writer gone
            looks.append(seconds)
            if len(looks) == 1:
                other.rollback()

        monkeypatch.setattr(models, "time", SimpleNamespace(monotonic=time.monotonic, sleep=sleep))
    else:
        letting_go = threading.Timer(0.3, other.rollback)
        letting_go.start()
    try:
        with store.connection() as own:  # the API's way: the log's own connection
            appended = store.append(match, say(5))
            if own.dialect.name == "sqlite":
                assert own.exec_driver_sql("PRAGMA busy_timeout").scalar() == models.BUSY_TIMEOUT_MS
    finally:
        if letting_go is not None:  # its rollback done before this one: one thread on a connection at a time
            letting_go.join()
        other.rollback()
        other.close()
    assert appended.seq == 2
    assert [(e.seq, e.action) for e in store.log(match)] == [(1, say(3)), (2, say(5))]
    assert looks == ([models.FIRST_LOOK_AGAIN] if store.db.engine.dialect.name == "sqlite" else [])


def test_sqlites_own_waiting_stays_off_between_appends_and_is_back_for_every_other_statement(app, match):
    # Prepared.write turns SQLite's waiting off once and leaves it off (no PRAGMA per action);
    # any statement SQLAlchemy runs on the connection finds it on again.
    with store.connection() as own:
        store.append(match, say(3))
        if own.dialect.name != "sqlite":
            assert not own.connection.info.get(models.NOT_WAITING)
            return
        driver = own.connection.dbapi_connection
        assert own.connection.info[models.NOT_WAITING]
        assert driver.execute("PRAGMA busy_timeout").fetchone()[0] == 0
        store.append(match, say(4))
        assert driver.execute("PRAGMA busy_timeout").fetchone()[0] == 0  # still off: not set again
        assert own.execute(text("PRAGMA busy_timeout")).scalar() == models.BUSY_TIMEOUT_MS
        assert not own.connection.info[models.NOT_WAITING]
    assert [e.seq for e in store.log(match)] == [1, 2]


def test_a_prepared_read_looks_again_when_the_database_is_busy_and_sqlites_waiting_is_off(app, match,
                                                                                            monkeypatch):
    from sqlalchemy.exc import OperationalError

    busy = SimpleNamespace(sqlite_errorcode=models.SQLITE_BUSY)
    run, tries, looks = models.Prepared._rows, [], []

    def busy_once(self, connection, params):
        tries.append(True)
        if len(tries) == 1:
            raise OperationalError("SELECT", {}, busy)
        return run(self, connection, params)

    monkeypatch.setattr(models.Prepared, "_rows", busy_once)
    monkeypatch.setattr(models, "time", SimpleNamespace(monotonic=time.monotonic, sleep=looks.append))
    with store.connection() as own:
        own.connection.info[models.NOT_WAITING] = True
        assert store.last_seq(match.id) == 0
    assert looks == [models.FIRST_LOOK_AGAIN] and len(tries) == 2
    tries.clear()
    with store.connection() as own, pytest.raises(OperationalError):  # waiting on: SQLite's to do
        own.connection.info[models.NOT_WAITING] = False
        store.last_seq(match.id)


def test_the_api_reads_a_new_scorer_token_and_a_deleted_match_at_once(app, client, api):
    # The API keeps what never changes about a match (its game, players, house rules) from its
    # first read; the token and the match's being there are read with every request.
    match = api.create(players=["Ann", "Ben", "Cat"])
    api.act(match, {"type": "deal", "foundation_suit": "h"})
    with app.app_context():
        token = store.reissue_scorer_token(store.get_match(match["id"]))
        store.db.session.remove()
    refused = api.act(match, {"type": "reveal", "card": "5h"}, status=403)
    assert refused["error"]["rule"] == "AUTH"
    assert api.act(match, {"type": "reveal", "card": "5h"}, token=token)["seq"] == 2
    with app.app_context():
        with store.db.engine.begin() as connection:
            connection.execute(text("DELETE FROM events WHERE match_id = :m"), {"m": match["id"]})
            connection.execute(text("DELETE FROM matches WHERE id = :m"), {"m": match["id"]})
    assert client.get(f"/api/matches/{match['id']}").status_code == 404
    api.act(match, {"type": "reveal", "card": "9h"}, token=token, status=404)
