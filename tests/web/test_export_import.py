"""A match leaves as JSON and comes back identical; a tampered export is refused whole."""
from __future__ import annotations

import copy
import random

from referee.simulate import PontisTable

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
