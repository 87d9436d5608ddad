"""The ends of games: who won and why with the breakdown, the leader marked, the match drawn as
running totals, and a rematch with the same players, house rules and the next dealer."""
from __future__ import annotations

import re

from tests.web.reading import chart_of, text_of

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
HANDS = [{"type": "quick", "team": "EW", "level": 3, "denomination": "NT", "tricks": 4},
         {"type": "quick", "team": "NS", "level": 2, "denomination": "S", "tricks": 6},
         {"type": "quick", "team": "EW", "level": 1, "denomination": "H", "tricks": 1},
         {"type": "quick", "team": "NS", "level": 4, "denomination": "C", "tricks": 2}]


def scorer_on(client, api, hands):
    match = api.create(game="reverse-bridge", players=PLAYERS, mode="quick", settings={"hands": 4})
    for hand in hands:
        api.act(match, hand)
    client.get(f"/m/{match['id']}/join/{match['scorer_token']}")
    return match


def test_the_board_says_who_won_the_hand_and_why_with_the_breakdown(client, api):
    match = scorer_on(client, api, HANDS[:2])
    state = api.state(match)
    board = client.get(f"/m/{match['id']}/board")
    html = board.get_data(as_text=True)
    page = text_of(html)
    assert state["outcome"]["headline"] in page
    for column in state["outcome"]["breakdown"]["columns"]:
        assert column in page
    # The leader is marked in the score table.
    leader = state["leaders"][0]
    assert re.search(r'<tr class="leader"><td>[^<]*' + re.escape(state["team_names"][leader]), html)


def test_the_match_is_drawn_as_running_totals(client, api):
    match = scorer_on(client, api, HANDS[:3])
    html = client.get(f"/m/{match['id']}").get_data(as_text=True)
    chart, series = chart_of(html)
    assert chart.count("<polyline") == 2  # one line per team
    first = series[0]
    assert len(first) == 4  # the start and three hands
    assert 'role="img"' in chart and "Running totals" in chart


def test_a_rematch_keeps_players_and_house_rules_turns_the_deal_and_links_both_ways(client, api):
    # Ann deals hand 1; Ben's deal is thrown in after four passes, so Cat deals hand 2, Dan
    # hand 3 and Ann hand 4: Ben deals next, and deals hand 1 of the rematch.
    match = scorer_on(client, api, HANDS[:1] + [{"type": "quick", "passed_out": True}] + HANDS[1:])
    state = api.state(match)
    assert state["match_over"] and state["dealer"] == "Ann"
    assert state["next_dealer"] == "Ben"
    page = text_of(client.get(f"/m/{match['id']}").get_data(as_text=True))
    assert state["match_result"]["headline"] in page and "Rematch" in page
    token = re.search(r'"X-CSRFToken": "([^"]+)"', client.get(f"/m/{match['id']}").get_data(as_text=True)).group(1)
    started = client.post(f"/m/{match['id']}/rematch", data={"csrf_token": token})
    assert started.status_code == 302
    new_id = started.headers["Location"].rsplit("/", 1)[1]
    new = client.get(f"/api/matches/{new_id}").get_json()
    assert new["settings"] == state["settings"] and new["mode"] == "quick" and new["seq"] == 0
    assert new["players"] == ["Ben", "Cat", "Dan", "Ann"] and new["dealer"] == "Ben"
    assert f"/m/{match['id']}" in client.get(f"/m/{new_id}").get_data(as_text=True)
    assert f"/m/{new_id}" in client.get(f"/m/{match['id']}").get_data(as_text=True)


def test_only_the_scorer_starts_a_rematch(client, api, app):
    match = scorer_on(client, api, HANDS)
    viewer = app.test_client()
    token = re.search(r'"X-CSRFToken": "([^"]+)"', viewer.get(f"/m/{match['id']}").get_data(as_text=True)).group(1)
    assert viewer.post(f"/m/{match['id']}/rematch", data={"csrf_token": token}).status_code == 403


def test_the_score_sheet_draws_the_running_totals(client, api):
    import io

    from pypdf import PdfReader

    match = scorer_on(client, api, HANDS[:3])
    sheet = client.get(f"/api/matches/{match['id']}/scoresheet.pdf")
    text = PdfReader(io.BytesIO(sheet.data)).pages[0].extract_text()
    assert "Running totals" in text and "East–West" in text


def _score_table_head(client, match_id: str, **headers) -> str:
    html = client.get(f"/m/{match_id}/board", headers=headers).get_data(as_text=True)
    return text_of(re.search(r'<table class="score-table"><thead>.*?</thead>', html, re.S).group(0))


def test_the_score_table_counts_in_the_game_s_own_unit(client, api):
    # Reverse Bridge scores teams, hand by hand; Pontis players, game by game.
    match = scorer_on(client, api, HANDS[:2])
    assert _score_table_head(client, match["id"]).split() == ["Team", "This", "hand", "Match"]
    assert _score_table_head(client, match["id"], **{"Accept-Language": "de"}).split() == [
        "Partei", "Diese", "Runde", "Partie"]
    pontis = api.create(players=PLAYERS[:3], mode="quick")
    api.act(pontis, {"type": "quick", "bank_cards": {"Ann": 3, "Ben": 18, "Cat": 5}, "ending": "out",
                     "ended_by": "Ben"})
    assert _score_table_head(client, pontis["id"]).split() == ["Player", "This", "game", "Match"]
