"""Old matches survive rule changes: a stored entry that today's rules refuse is set aside and
marked, never raised. The match still opens, exports and prints; the scorer corrects or drops
the entry, and the replay is clean again."""
from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from referee import games, store
from referee.errors import IllegalAction
from tests.web.test_pages import csrf
from tests.web.test_timeline import OPENING, text_of

STRICTER = "PONTIS-TURN-3"


@pytest.fixture
def stricter_pontis(monkeypatch):
    """Pontis as a later rules version might have it: 4♣ may no longer be played."""
    game = games.get("pontis")
    lenient = game.apply

    def apply(state, action, seq):
        if action.type == "play" and str(action.raw("card")).lower() == "4c":
            raise IllegalAction("4♣ may not be played under the new rules", rule=STRICTER)
        return lenient(state, action, seq)

    def stricter():
        monkeypatch.setattr(game, "apply", apply)
        store.clear_cache()  # a restarted worker: nothing cached, every log read back
    return stricter


def played(api):
    match = api.create(game="pontis", players=["Ann", "Ben", "Cat"])
    for action in OPENING:
        api.act(match, action)
    return match


def test_a_refused_stored_entry_leaves_every_reading_of_the_match_working(client, api, stricter_pontis):
    match = played(api)
    before = api.state(match)
    stricter_pontis()
    mid = match["id"]

    state = client.get(f"/api/matches/{mid}")
    assert state.status_code == 200
    refused = state.get_json()["no_longer_accepted"]
    assert refused[0] == {"seq": 4, "rule": STRICTER, "message": "4♣ may not be played under the new rules"}
    assert state.get_json()["seq"] == 6

    assert client.get(f"/m/{mid}").status_code == 200
    board = text_of(client.get(f"/m/{mid}").get_data(as_text=True))
    assert "no longer accepted under the current rules" in board

    page = client.get(f"/m/{mid}/timeline")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    line = html[html.index('id="e4"'):html.index('id="e5"')]
    assert "No longer accepted under the current rules" in line and STRICTER in line
    assert "4♣ may not be played under the new rules" in text_of(line)

    log = client.get(f"/api/matches/{mid}/log").get_json()
    assert log[3]["no_longer_accepted"]["rule"] == STRICTER and log[0]["no_longer_accepted"] is None

    export = client.get(f"/api/matches/{mid}/export.json")
    assert export.status_code == 200 and len(export.get_json()["log"]) == 6

    sheet = client.get(f"/api/matches/{mid}/scoresheet.pdf")
    assert sheet.status_code == 200
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(sheet.data)).pages)
    assert "no longer accept" in text and STRICTER in text
    assert before["banks"][1]["top"] == "4c"  # it was accepted when it was made


def test_correcting_the_refused_entry_restores_a_clean_replay(client, api, stricter_pontis):
    match = played(api)
    stricter_pontis()
    mid = match["id"]
    client.get(f"/m/{mid}/join/{match['scorer_token']}")  # this phone becomes the scorer
    token = csrf(client.get(f"/m/{mid}").get_data(as_text=True))
    corrected = client.post(f"/m/{mid}/timeline/correct/4", data={"csrf_token": token, "type": "play",
                                                                  "card.rank": "4", "card.suit": "d"})
    assert corrected.status_code == 302
    state = api.state(match)
    assert state["no_longer_accepted"] == []
    assert [bank["top"] for bank in state["banks"]] == ["5h", "4d", "8s"]
    store.clear_cache()
    assert api.state(match) == state


def test_a_refused_entry_can_be_dropped_and_only_such_an_entry(api, stricter_pontis):
    match = api.create(game="pontis", players=["Ann", "Ben", "Cat"])
    for action in OPENING[:4]:
        api.act(match, action)
    stricter_pontis()
    refused = api.act(match, {"type": "drop", "seq": 3}, status=422)
    assert refused["error"]["rule"] == "CORRECT"
    dropped = api.act(match, {"type": "drop", "seq": 4})["state"]
    assert dropped["no_longer_accepted"] == [] and dropped["turn"] == "Ben"
    assert dropped["corrections"][-1] == {"seq": 5, "entry": 4, "action": None, "dropped": [4]}
    api.act(match, {"type": "play", "card": "4d"})
    api.act(match, {"type": "undo"})
    api.act(match, {"type": "undo"})  # the drop itself: entry 4 is refused again
    assert [r["seq"] for r in api.state(match)["no_longer_accepted"]] == [4]


def test_a_new_entry_is_still_refused(api, stricter_pontis):
    match = api.create(game="pontis", players=["Ann", "Ben", "Cat"])
    for action in OPENING[:3]:
        api.act(match, action)
    stricter_pontis()
    assert api.act(match, OPENING[3], status=422)["error"]["rule"] == STRICTER
    assert api.state(match)["seq"] == 3


def test_an_export_from_older_rules_imports_with_its_refused_entries_marked(client, api, stricter_pontis,
                                                                           monkeypatch):
    match = played(api)
    export = client.get(f"/api/matches/{match['id']}/export.json").get_json()
    stricter_pontis()
    game = games.get("pontis")
    monkeypatch.setattr(type(game), "rules_version", game.rules_version + 1)
    assert export["rules_version"] == game.rules_version - 1
    imported = client.post("/api/matches/import", json=export)
    assert imported.status_code == 201
    assert imported.get_json()["state"]["no_longer_accepted"][0]["seq"] == 4
    # The same log claimed under today's rules is refused whole.
    refused = client.post("/api/matches/import", json={**export, "rules_version": game.rules_version})
    assert refused.status_code == 422 and "log entry 4" in refused.get_json()["error"]["message"]


def test_each_match_records_its_rules_version_and_the_sheet_prints_it(app, client, api):
    match = api.create(game="curdle", players=["Ann", "Ben"])
    version = games.get("curdle").rules_version
    with app.app_context():
        assert store.get_match(match["id"]).rules_version == version
    sheet = client.get(f"/api/matches/{match['id']}/scoresheet.pdf")
    text = PdfReader(io.BytesIO(sheet.data)).pages[0].extract_text()
    assert f"Rules: Curdle, version {version}" in text
