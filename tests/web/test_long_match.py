"""A long match stays cheap to talk to: however many results it holds, an answer and a poll
stay small (the newest rows of what grows, with counts), and the whole history stays reachable.
The time each answer takes is measured by `make bench`, not here."""
from __future__ import annotations

from referee.bench import rope_export
from referee.web.api import HISTORY_WINDOW

RESULTS = 5_000
LIMIT = 64 * 1024


def test_five_thousand_results_answer_small(client):
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
