"""A match leaves as JSON and comes back identical; a tampered export is refused whole."""
from __future__ import annotations

import copy
import random
from datetime import datetime, timedelta, timezone

import pytest
from sqlalchemy import func, select

from referee import store
from referee.simulate import PontisTable
from referee.store.models import Match

PLAYERS = ["Ann", "Ben", "Cat"]


def played(api, moves=120):
    match = api.create(players=PLAYERS, settings={"liar_points": 1}, title="Export me")
    table = PontisTable(PLAYERS, random.Random(11))
    state = match["state"]
    for n in range(moves):
        action = table.next_action(state)
        before = state
        state = api.act(match, {**action, "by": "Ann"})["state"]
        table.accepted(action, before)
        if n in (30, 70):  # undo, then the same entry again
            api.act(match, {"type": "undo"})
            state = api.act(match, {**action, "by": "Ann"})["state"]
    return match, state


def test_export_then_import_replays_to_the_same_state(api, client, app):
    match, state = played(api)
    exported = client.get(f"/api/matches/{match['id']}/export.json").get_json()
    assert exported["format"] == "referee-match" and exported["players"] == PLAYERS
    assert len(exported["log"]) == state["seq"]
    other = app.test_client()  # the same server stands in for another instance's empty database
    imported = other.post("/api/matches/import", json=exported)
    assert imported.status_code == 201, imported.get_json()
    body = imported.get_json()
    assert body["id"] != match["id"] and body["scorer_token"] != match["scorer_token"]
    assert body["state"] == state
    assert other.get(f"/api/matches/{body['id']}").get_json() == state
    log = other.get(f"/api/matches/{body['id']}/log").get_json()
    assert [(e["seq"], e["undone"], e["by"]) for e in log] == [
        (e["seq"], e["undone"], e["by"]) for e in client.get(f"/api/matches/{match['id']}/log").get_json()]


def test_an_export_that_does_not_hold_is_refused_whole(api, client):
    match, _ = played(api, moves=40)
    exported = client.get(f"/api/matches/{match['id']}/export.json").get_json()
    count_before = len(client.get("/").get_data(as_text=True))
    bad = copy.deepcopy(exported)
    bad["log"][10]["action"] = {"type": "play", "card": "Zz"}
    refused = client.post("/api/matches/import", json=bad)
    assert refused.status_code == 422 and "log entry 11" in refused.get_json()["error"]["message"]
    for tamper in (lambda e: e.update(format="other"), lambda e: e["log"][3].update(seq=9),
                   lambda e: e.update(settings={"jokers": 9}), lambda e: e.update(game="chess"),
                   lambda e: e["log"].append({"seq": len(e["log"]) + 1, "action": {"type": "undo"},
                                              "time": "yesterday"})):
        bad = copy.deepcopy(exported)
        tamper(bad)
        assert client.post("/api/matches/import", json=bad).status_code == 422
    assert len(client.get("/").get_data(as_text=True)) == count_before  # no half-imported match listed


def quick_export(**extra) -> dict:
    return {"format": "referee-match", "version": 1, "game": "ropebridge", "title": "", "mode": "quick",
            "players": ["Dee", "Non"], "settings": {},
            "log": [{"seq": 1, "action": {"type": "quick", "winner": "Dee"}, "time": "2023-02-03T21:00:00+00:00"}],
            **extra}


def test_an_import_keeps_the_matchs_created_at(api, client):
    match, _ = played(api, moves=10)
    exported = client.get(f"/api/matches/{match['id']}/export.json").get_json()
    imported = client.post("/api/matches/import", json=exported).get_json()
    again = client.get(f"/api/matches/{imported['id']}/export.json").get_json()
    assert again["created_at"] == exported["created_at"]
    offset = client.post("/api/matches/import", json=quick_export(created_at="2023-02-03T20:30:00+01:00")).get_json()
    assert client.get(f"/api/matches/{offset['id']}/export.json").get_json()["created_at"] == \
        "2023-02-03T19:30:00+00:00"


@pytest.mark.parametrize("extra", [{}, {"created_at": None}])
def test_an_import_without_a_created_at_or_entry_times_is_made_now(client, extra):
    export = quick_export(**extra)
    del export["log"][0]["time"]
    imported = client.post("/api/matches/import", json=export).get_json()
    created = client.get(f"/api/matches/{imported['id']}/export.json").get_json()["created_at"]
    assert abs(datetime.fromisoformat(created) - datetime.now(timezone.utc)) < timedelta(minutes=1)


@pytest.mark.parametrize("created_at", ["yesterday", "", 12, ["2023-02-03"], "1999-12-31T00:00:00",
                                        "2999-01-01T00:00:00+00:00", "0001-01-01T00:00:00+14:00"])
def test_an_import_with_a_created_at_that_is_not_a_time_or_out_of_range_is_refused(app, client, created_at):
    with app.app_context():
        matches_before = store.db.session.scalar(select(func.count()).select_from(Match))
    refused = client.post("/api/matches/import", json=quick_export(created_at=created_at))
    assert refused.status_code == 422
    error = refused.get_json()["error"]
    assert error["rule"] == "IMPORT" and "\"created_at\"" in error["message"]
    with app.app_context():
        assert store.db.session.scalar(select(func.count()).select_from(Match)) == matches_before


def test_an_entry_time_with_an_offset_is_kept_as_the_same_moment(client):
    export = quick_export()
    export["log"][0]["time"] = "2024-05-01T20:00:00+02:00"
    imported = client.post("/api/matches/import", json=export).get_json()
    log = client.get(f"/api/matches/{imported['id']}/log").get_json()
    assert log[0]["time"] == "2024-05-01T18:00:00+00:00"  # SQLite had kept 20:00 and dropped the offset
