"""A long match stays cheap to talk to: however many results it holds, an answer and a poll
stay small (the newest rows of what grows, with counts), and the whole history stays reachable.
The time each answer takes is measured by `make bench`, not here."""
from __future__ import annotations

import random

from referee.bench import PLAYERS, _pontoon_deal, rope_export
from referee.web.api import HISTORY_WINDOW

RESULTS = 5_000
LIMIT = 64 * 1024


def test_five_thousand_results_answer_small(client):
    # 4,999 results imported (the same judging, entry by entry, as posting them) and the last one
    # posted: posting all 5,000 one by one would cost CI minutes for the same answer.
    imported = client.post("/api/matches/import", json=rope_export(RESULTS - 1, False)).get_json()
    match_id, token = imported["id"], imported["scorer_token"]
    answer = client.post(f"/api/matches/{match_id}/actions", json={"type": "quick", "winner": "Dee"},
                         headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200 and len(answer.data) <= LIMIT
    state = answer.get_json()["state"]
    assert state["history_count"] == RESULTS and len(state["history"]) == HISTORY_WINDOW
    polled = client.get(f"/api/matches/{match_id}")
    assert len(polled.data) <= LIMIT and polled.get_json()["seq"] == RESULTS
    whole = client.get(f"/api/matches/{match_id}?history=all").get_json()
    assert len(whole["history"]) == RESULTS and whole["history"][-1] == state["history"][-1]
    board = client.get(f"/m/{match_id}/board")
    assert len(board.data) <= LIMIT
    timeline = client.get(f"/m/{match_id}/timeline")
    assert timeline.status_code == 200 and len(timeline.data) <= LIMIT
    assert client.get(f"/api/matches/{match_id}/scoresheet.pdf").status_code == 200


def test_a_long_pontoon_session_answers_small(client):
    """Pontoon's ledger grows with every deal: it is windowed like the history, from the first
    answer to the last."""
    players = PLAYERS + ["Eve", "Fay"]
    created = client.post("/api/matches", json={"game": "pontoon", "players": players, "mode": "quick"}).get_json()
    state, rng, largest = created["state"], random.Random(7), 0
    for n in range(300):
        answer = client.post(f"/api/matches/{created['id']}/actions", json=_pontoon_deal(players, rng, n, state),
                             headers={"Authorization": f"Bearer {created['scorer_token']}"})
        assert answer.status_code == 200, answer.get_json()
        largest, state = max(largest, len(answer.data)), answer.get_json()["state"]
    assert largest <= LIMIT and state["ledger_count"] > HISTORY_WINDOW == len(state["ledger"])
    assert client.get(f"/api/matches/{created['id']}/scoresheet.pdf").status_code == 200
