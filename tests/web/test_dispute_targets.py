"""A dispute is about what was played at the table: it names an entry of play (in force, or
since undone, corrected or set aside), never a table entry. A stored dispute on a table entry
is read, shown and imported as it always was."""
from __future__ import annotations

from html.parser import HTMLParser

import pytest

from referee import games, store
from referee.errors import IllegalAction
from tests.web.reading import text_of
from tests.web.test_pages import csrf
from tests.web.test_timeline import OPENING

# After OPENING[:4] under stricter rules: 4 is refused on reading and dropped (5), 6 is
# corrected (7), 8 disputes 2 and 9 rules on it, 10 is undone (11).
LATER = [{"type": "drop", "seq": 4}, {"type": "play", "card": "4d"},
         {"type": "correct", "seq": 6, "action": {"type": "play", "card": "4s"}},
         {"type": "dispute", "seq": 2, "note": "Ann says she revealed 5♦"},
         {"type": "ruling", "dispute": 8, "decision": "overruled", "reason": "all saw the heart"},
         {"type": "reveal", "card": "Qh"}, {"type": "undo"}]
ENTRIES_OF_PLAY = {1, 2, 3, 4, 6, 10}
TABLE_ENTRIES = {5, 7, 8, 9, 11}


@pytest.fixture
def stricter(monkeypatch):
    """Pontis as a later rules version might have it (4♣ may no longer be played), so that a
    stored entry is set aside on reading and can be dropped."""
    game = games.get("pontis")
    lenient = game.apply

    def apply(state, action, seq):
        if action.type == "play" and str(action.raw("card")).lower() == "4c":
            raise IllegalAction("4♣ may not be played under the new rules", rule="PONTIS-TURN-3")
        return lenient(state, action, seq)

    def change():
        monkeypatch.setattr(game, "apply", apply)
        store.clear_cache()
    return change


def every_kind_of_entry(api, stricter):
    match = api.create(game="pontis", players=["Ann", "Ben", "Cat"])
    for action in OPENING[:4]:
        api.act(match, action)
    stricter()
    for action in LATER:
        api.act(match, action)
    return match


def dispute(api, match, seq, status, **headers):
    response = api.client.post(f"/api/matches/{match['id']}/actions",
                               json={"type": "dispute", "seq": seq, "note": "it was not so"},
                               headers={"Authorization": f"Bearer {match['scorer_token']}", **headers})
    assert response.status_code == status, (seq, response.get_json())
    return response.get_json()


def test_a_dispute_names_an_entry_of_play_and_a_table_entry_is_refused_naming_the_one_behind_it(api, stricter):
    match = every_kind_of_entry(api, stricter)
    said = {seq: dispute(api, match, seq, 422)["error"] for seq in sorted(TABLE_ENTRIES)}
    assert {error["rule"] for error in said.values()} == {"DISPUTE"}
    assert said[5]["message"] == ("entry 5 is a drop, not an entry of play: a dispute names what was played at "
                                  "the table — here entry 4, the entry of play it is about")
    assert "entry 7 is a correction, not an entry of play" in said[7]["message"]
    assert "here entry 6, the entry of play it is about" in said[7]["message"]
    assert "entry 8 is a dispute" in said[8]["message"] and "here entry 2" in said[8]["message"]
    assert "entry 9 is a ruling" in said[9]["message"] and "here entry 2" in said[9]["message"]
    assert said[11]["message"] == ("entry 11 is an undo, not an entry of play: a dispute names what was played "
                                   "at the table — an entry of play, also one since undone, corrected or set aside")
    german = dispute(api, match, 7, 422, **{"Accept-Language": "de"})["error"]["message"]
    assert german == ("Eintrag 7 ist eine Korrektur, kein Spielzug: ein Streitfall nennt, was am Tisch gespielt "
                      "wurde — hier Eintrag 6, den Spielzug, um den es geht")
    assert api.state(match)["seq"] == 11 and len(api.state(match)["disputes"]) == 1
    # An entry of play may be disputed whatever became of it: set aside (4), corrected (6),
    # undone (10: "the undo took back the wrong card" is a dispute about it, shown beside it).
    for seq in (4, 6, 10, 3):
        dispute(api, match, seq, 200)
    disputes = api.state(match)["disputes"]
    assert [(d["seq"], d["entry"]) for d in disputes] == [(8, 2), (12, 4), (13, 6), (14, 10), (15, 3)]
    # A ruling settles such a dispute as any other.
    ruled = api.act(match, {"type": "ruling", "dispute": 14, "decision": "upheld", "reason": "it was the queen"})
    assert ruled["state"]["disputes"][3]["ruling"]["decision"] == "upheld"


class DisputeForms(HTMLParser):
    """The entries the page offers a dispute form for."""

    def __init__(self) -> None:
        super().__init__()
        self.offered: set[int] = set()
        self.fields: dict[str, str] | None = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "form":
            self.fields = {}
        elif tag == "input" and self.fields is not None and attributes.get("name"):
            self.fields[attributes["name"]] = attributes.get("value") or ""

    def handle_endtag(self, tag):
        if tag == "form" and self.fields is not None:
            if self.fields.get("type") == "dispute":
                self.offered.add(int(self.fields["seq"]))
            self.fields = None


def offered(client, mid: str) -> set[int]:
    forms = DisputeForms()
    forms.feed(client.get(f"/m/{mid}/timeline").get_data(as_text=True))
    return forms.offered


def test_the_timeline_offers_a_dispute_exactly_where_one_is_accepted(client, api, stricter):
    match = every_kind_of_entry(api, stricter)
    mid = match["id"]
    client.get(f"/m/{mid}/join/{match['scorer_token']}")
    token = csrf(client.get(f"/m/{mid}").get_data(as_text=True))
    assert offered(client, mid) == ENTRIES_OF_PLAY
    for seq in range(1, 12):
        before = api.state(match)["seq"]
        answer = client.post(f"/m/{mid}/timeline", data={"csrf_token": token, "type": "dispute", "seq": str(seq),
                                                          "note": "posted by hand"})
        if seq in ENTRIES_OF_PLAY:
            assert answer.status_code == 302 and api.state(match)["seq"] == before + 1, seq
        else:
            assert answer.status_code == 422 and api.state(match)["seq"] == before, seq
            page = text_of(answer.get_data(as_text=True))
            assert f"entry {seq} is " in page and "not an entry of play" in page and "( DISPUTE )" in page
    assert offered(client, mid) == ENTRIES_OF_PLAY  # the disputes just raised are table entries too


def test_a_stored_dispute_on_a_table_entry_is_read_and_imported_as_before(client, api):
    # Logs from before this rule may hold one: the import replays them, it does not append.
    match = api.create(game="pontis", players=["Ann", "Ben", "Cat"])
    for action in OPENING[:3]:
        api.act(match, action)
    api.act(match, {"type": "undo"})
    export = client.get(f"/api/matches/{match['id']}/export.json").get_json()
    export["log"] += [{"seq": 5, "action": {"type": "dispute", "seq": 4, "note": "undone too soon"}},
                      {"seq": 6, "action": {"type": "dispute", "seq": 5, "note": "and that"}}]
    imported = client.post("/api/matches/import", json=export)
    assert imported.status_code == 201, imported.get_json()
    body = imported.get_json()
    copy = {"id": body["id"], "scorer_token": body["scorer_token"]}
    assert [(d["seq"], d["entry"]) for d in body["state"]["disputes"]] == [(5, 4), (6, 5)]
    assert body["state"]["no_longer_accepted"] == []
    # Ruled as any open dispute (the timeline's form offers no adjustment of it: no correction
    # could carry one out there).
    api.act(copy, {"type": "ruling", "dispute": 5, "decision": "overruled", "reason": "the undo stands"})
    # A new one on any of them is refused; behind these is an undo, which names no entry.
    for seq, kind in ((4, "an undo"), (5, "a dispute"), (6, "a dispute")):
        message = dispute(api, copy, seq, 422)["error"]["message"]
        assert f"entry {seq} is {kind}, not an entry of play" in message and "here entry" not in message
    client.get(f"/m/{copy['id']}/join/{copy['scorer_token']}")
    page = text_of(client.get(f"/m/{copy['id']}/timeline").get_data(as_text=True))
    assert "undone too soon" in page and "Ruling: overruled — the undo stands" in page and "and that" in page
