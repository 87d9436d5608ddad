"""An import's times: a match begins before its entries, so it is dated by the earliest time
the export gives, its ``created_at`` or an entry's ``time``: an export without one, or one
whose match an older import dated by the moment of that import, is read, never refused. Both
kinds of time are read by one reader and refused in the same words, naming the field."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from sqlalchemy import func, select

from referee import store
from referee.store.models import Match


def export(times: list[str | None], **extra) -> dict:
    """A Ropebridge quick match with one entry per time (an entry without a time for None)."""
    log = [{"seq": n, "action": {"type": "quick", "winner": "Dee"}, **({"time": t} if t else {})}
           for n, t in enumerate(times, start=1)]
    return {"format": "referee-match", "version": 1, "game": "ropebridge", "title": "", "mode": "quick",
            "players": ["Dee", "Non"], "settings": {}, "log": log, **extra}


def matches(app) -> int:
    with app.app_context():
        return store.db.session.scalar(select(func.count()).select_from(Match))


def created_at(client, imported) -> str:
    assert imported.status_code == 201, imported.get_json()
    return client.get(f"/api/matches/{imported.get_json()['id']}/export.json").get_json()["created_at"]


def test_a_created_at_after_an_entry_dates_the_match_by_its_earliest_entry(app, client):
    before = matches(app)
    times = ["2023-02-03T21:00:00+00:00", "2023-02-03T20:10:00+00:00", "2023-02-03T20:05:00+00:00"]
    imported = client.post("/api/matches/import", json=export(times, created_at="2023-02-03T20:30:00+00:00"))
    assert created_at(client, imported) == "2023-02-03T20:05:00+00:00"
    assert matches(app) == before + 1
    log = client.get(f"/api/matches/{imported.get_json()['id']}/log").get_json()
    assert [entry["time"] for entry in log] == times  # the entries keep their own times


@pytest.mark.parametrize("created, kept", [("2023-02-03T20:05:00+00:00", "2023-02-03T20:05:00+00:00"),
                                           ("2023-02-03T21:05:00+01:00", "2023-02-03T20:05:00+00:00"),
                                           ("2023-02-03T19:00:00", "2023-02-03T19:00:00+00:00")])
def test_a_created_at_at_or_before_every_entry_is_kept(client, created, kept):
    times = ["2023-02-03T21:00:00+00:00", None, "2023-02-03T20:05:00+00:00"]  # out of order, one without a time
    assert created_at(client, client.post("/api/matches/import", json=export(times, created_at=created))) == kept


@pytest.mark.parametrize("extra", [{}, {"created_at": None}])
def test_an_import_without_a_created_at_is_dated_by_its_earliest_entry(client, extra):
    times = [None, "2023-02-03T21:00:00+00:00", "2023-02-03T21:10:00+01:00", "2023-02-03T20:30:00+00:00"]
    assert created_at(client, client.post("/api/matches/import", json=export(times, **extra))) == \
        "2023-02-03T20:10:00+00:00"


def test_a_match_an_older_import_dated_after_its_entries_imports_again(client):
    # Before imports kept their date, an import dated the match by that moment, after its entries.
    late = export(["2023-02-03T21:00:00+00:00"], created_at=datetime.now(timezone.utc).isoformat())
    assert created_at(client, client.post("/api/matches/import", json=late)) == "2023-02-03T21:00:00+00:00"


def test_a_match_imported_without_any_times_begins_with_its_entries_and_imports_again(client):
    imported = client.post("/api/matches/import", json=export([None] * 50))
    exported = client.get(f"/api/matches/{imported.get_json()['id']}/export.json").get_json()
    assert all(entry["time"] == exported["created_at"] for entry in exported["log"])  # the same moment
    assert client.post("/api/matches/import", json=exported).status_code == 201


def test_an_entry_without_a_time_is_entered_now(client):
    imported = client.post("/api/matches/import", json=export([None], created_at="2023-02-03T20:00:00+00:00"))
    assert created_at(client, imported) == "2023-02-03T20:00:00+00:00"
    entered = client.get(f"/api/matches/{imported.get_json()['id']}/log").get_json()[0]["time"]
    assert abs(datetime.fromisoformat(entered) - datetime.now(timezone.utc)) < timedelta(minutes=1)


TOMORROW_AND_MORE = (datetime.now(timezone.utc) + timedelta(days=3)).isoformat()


@pytest.mark.parametrize("value, english, german", [
    ("yesterday", "is not an ISO 8601 time", "ist keine ISO-8601-Zeit"),
    (12, "is not an ISO 8601 time", "ist keine ISO-8601-Zeit"),
    ("1999-12-31T23:59:59+00:00", "must lie between 2000 and today", "muss zwischen 2000 und heute liegen"),
    (TOMORROW_AND_MORE, "must lie between 2000 and today", "muss zwischen 2000 und heute liegen"),
], ids=["words", "a number", "before 2000", "after tomorrow"])  # ids that every pytest-xdist worker collects alike
def test_a_bad_time_is_refused_in_the_same_words_naming_what_was_read(client, value, english, german):
    at_eight = "2023-02-03T20:00:00+00:00"
    cases = ((export([at_eight, value]), "log entry 2's \"time\"", "\"time\" von Protokolleintrag 2"),
             (export([at_eight], created_at=value), "\"created_at\"", "\"created_at\""))
    for body, named, genannt in cases:
        refused = client.post("/api/matches/import", json=body)
        assert refused.status_code == 422
        assert refused.get_json()["error"] == {"rule": "IMPORT", "message": f"{named} {english}"}
        in_german = client.post("/api/matches/import", json=body, headers={"Accept-Language": "de"})
        assert in_german.get_json()["error"]["message"] == f"{genannt} {german}"
