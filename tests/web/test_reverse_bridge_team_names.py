"""Reverse Bridge through the web: a new match refuses a player named like a team
(RB-SETUP-1); a match imported with such a name keeps it, and so does its rematch, which copies
the names it has."""
from __future__ import annotations

import re

from tests.web.test_endings import HANDS

NAMED_LIKE_A_TEAM = ["Ann", "NS", "Cat", "Dan"]


def test_a_new_match_with_a_player_named_like_a_team_is_refused(client):
    body = {"game": "reverse-bridge", "players": NAMED_LIKE_A_TEAM, "settings": {"hands": 4}, "mode": "quick"}
    refused = client.post("/api/matches", json=body)
    assert refused.status_code == 422
    assert refused.get_json()["error"]["rule"] == "RB-SETUP-1"
    assert "“NS” cannot be a player's name" in refused.get_json()["error"]["message"]
    # Another game has no teams of that name.
    assert client.post("/api/matches", json={**body, "game": "pontis", "settings": {}}).status_code == 201


def test_an_imported_match_and_its_rematch_keep_a_player_named_like_a_team(client):
    export = {"format": "referee-match", "version": 1, "game": "reverse-bridge", "title": "", "mode": "quick",
              "players": NAMED_LIKE_A_TEAM, "settings": {"hands": 4},
              "log": [{"seq": n, "action": hand} for n, hand in enumerate(HANDS, start=1)]}
    imported = client.post("/api/matches/import", json=export)
    assert imported.status_code == 201, imported.get_json()
    match = imported.get_json()
    assert match["state"]["players"] == NAMED_LIKE_A_TEAM and match["state"]["match_over"]
    client.get(f"/m/{match['id']}/join/{match['scorer_token']}")
    token = re.search(r'"X-CSRFToken": "([^"]+)"', client.get(f"/m/{match['id']}").get_data(as_text=True)).group(1)
    started = client.post(f"/m/{match['id']}/rematch", data={"csrf_token": token})
    assert started.status_code == 302
    rematch = client.get(f"/api/matches/{started.headers['Location'].rsplit('/', 1)[1]}").get_json()
    assert sorted(rematch["players"]) == sorted(NAMED_LIKE_A_TEAM)
