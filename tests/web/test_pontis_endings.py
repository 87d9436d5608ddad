"""Pontis, the ends of games on screen: the board names the winner of each game and why with
every player's breakdown (bank cards, suit points, bonus or penalty, liar points), marks the
leader, draws the match as running totals, and a rematch starts with the next dealer; in English
and German."""
from __future__ import annotations

import io
import re

from pypdf import PdfReader

from tests.web.reading import chart_of, text_of

PLAYERS = ["Ann", "Ben", "Cat"]
DE = {"Accept-Language": "de"}
GAMES = [
    {"type": "quick", "bank_cards": {"Ann": 10, "Ben": 8, "Cat": 18}, "suit_points": {"Ann": 2},
     "ending": "out", "ended_by": "Cat"},
    {"type": "quick", "bank_cards": {"Ann": 5, "Ben": 9, "Cat": 3}, "ending": "blocked", "ended_by": "Ann"},
    {"type": "quick", "bank_cards": {"Ann": 6, "Ben": 6, "Cat": 4}, "ending": "complete_curdle"},
]
# A played game that ends blocked (tests/engine/test_pontis_rules.py, blocked_run): Ann 2 cards,
# Ben 2 cards and the −2, Cat 2 cards and a suit point.
BLOCKED = [{"type": "deal", "foundation_suit": "h"}, {"type": "reveal", "card": "5h"},
           {"type": "reveal", "card": "9h"}, {"type": "play", "card": "4c"},
           {"type": "reveal", "card": "Kh"}, {"type": "play", "card": "9c"},
           {"type": "play", "card": "4h"}] + [{"type": "miss"}] * 6
# Every sentence of the ends in English: none may be left on a German page.
ENGLISH = ("wins game", "wins the match", "went out", "grand bonus", "nobody could bridge",
           "missed first", "Bonus or penalty", "Bank cards", "Suit points", "Liar points",
           "complete curdle", "points each", "share the match", "Round ")


def scorer_on(client, api, actions, mode="quick", **settings):
    match = api.create(players=PLAYERS, mode=mode, settings=settings)
    for action in actions:
        api.act(match, action)
    client.get(f"/m/{match['id']}/join/{match['scorer_token']}")
    return match


def test_the_board_names_the_winner_of_the_game_with_the_breakdown(client, api):
    match = scorer_on(client, api, GAMES[:2], liar_points=2)
    state = api.state(match)
    html = client.get(f"/m/{match['id']}/board").get_data(as_text=True)
    page = text_of(html)
    outcome = state["outcome"]
    assert outcome["headline"] == ("Ben wins game 2 with 9 points: nobody could bridge, even with the "
                                   "sum ability; Ann missed first and takes −2.")
    assert outcome["headline"] in page
    for column in ("Bank cards", "Suit points", "Bonus or penalty", "Liar points", "Game", "Match"):
        assert column in page, column
    # Ann's row: 5 bank cards, no suit point, −2, no liar points, 3 this game, 15 in the match.
    assert re.search(r"Ann 5 0 −2 0 3 15", page), page
    # The winner of the game is marked in the breakdown, the match leader in the score table.
    breakdown = re.search(r'<table class="breakdown">.*?</table>', html, re.S).group(0)
    assert re.search(r'<tr class="leader"><td>Ben</td>', breakdown)
    assert state["leaders"] == ["Cat"]
    assert re.search(r'<tr class="leader"><td>Cat', html.split('class="score-table"', 1)[1])
    assert "Rematch" not in page                          # the match is not over


def test_a_played_game_ends_with_its_winner_on_the_board(client, api):
    match = scorer_on(client, api, BLOCKED, mode="play")
    state = api.state(match)
    assert state["phase"] == "deal" and state["deal_over"]
    page = text_of(client.get(f"/m/{match['id']}").get_data(as_text=True))
    assert ("Cat wins game 1 with 3 points: nobody could bridge, even with the sum ability; Ben missed "
            "first and takes −2.") in page
    assert re.search(r"Ben 2 0 −2 0 0", page) and re.search(r"Cat 2 1 0 3", page)
    # Once the next game is dealt the board shows the table again, not the old result.
    api.act(match, {"type": "deal", "foundation_suit": "s"})
    board = client.get(f"/m/{match['id']}/board").get_data(as_text=True)
    assert 'class="outcome"' not in board


def test_the_match_page_draws_the_running_totals(client, api):
    match = scorer_on(client, api, GAMES)
    html = client.get(f"/m/{match['id']}").get_data(as_text=True)
    chart, series = chart_of(html)
    assert chart.count("<polyline") == 3                  # one line per player
    first = series[0]
    assert len(first) == 4                                # the start and three games
    assert 'role="img"' in chart and "Running totals" in chart


def test_the_score_sheet_prints_the_breakdown_the_result_and_the_chart_on_page_one(client, api):
    match = scorer_on(client, api, GAMES, games=3)
    state = api.state(match)
    sheet = client.get(f"/api/matches/{match['id']}/scoresheet.pdf")
    first = " ".join(PdfReader(io.BytesIO(sheet.data)).pages[0].extract_text().split())
    assert "Running totals" in first and "Cat wins the match after 3 games with 29 points." in first
    # The sheet's rows are the engine's numbers, the same as the board's breakdown.
    for cells in (row["cells"] for row in state["outcome"]["breakdown"]["rows"]):
        assert " ".join(str(c) for c in cells[:3]) in first
    assert "Ann 5 0 −2 0 3 15" in first


def test_a_score_below_nothing_is_written_with_a_minus_sign_everywhere(client, api):
    # Ann goes into the −2 with one bank card: −1 for the game and the match. The board, its
    # chart and the sheet write it as the −2 beside it is written, never as "-1".
    blocked = {"type": "quick", "bank_cards": {"Ann": 1, "Ben": 8, "Cat": 5}, "ending": "blocked", "ended_by": "Ann"}
    match = scorer_on(client, api, [blocked])
    assert api.state(match)["scores"]["Ann"] == -1          # the API's numbers stay numbers
    html = client.get(f"/m/{match['id']}").get_data(as_text=True)
    breakdown = text_of(re.search(r'<table class="breakdown">.*?</table>', html, re.S).group(0))
    assert "Ann 1 0 −2 −1 −1" in breakdown, breakdown
    scores = text_of(re.search(r'<table class="score-table">.*?</table>', html, re.S).group(0))
    assert "Ann −1 −1" in scores, scores
    chart, _series = chart_of(html)
    assert ">−1</text>" in chart
    sheet = client.get(f"/api/matches/{match['id']}/scoresheet.pdf")
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(sheet.data)).pages)
    assert "Ann 1 0 −2 0 −1 −1" in " ".join(text.split()), text
    for written in (breakdown, scores, chart, text):
        assert not re.search(r"(?<![\w-])-\d", written), written


def test_a_rematch_starts_with_the_next_dealer(client, api):
    # One played game in a one-game match: Ann dealt it, so Ben deals the rematch's first game.
    match = scorer_on(client, api, BLOCKED, mode="play", games=1)
    state = api.state(match)
    assert state["match_over"] and state["next_dealer"] == "Ben"
    html = client.get(f"/m/{match['id']}").get_data(as_text=True)
    page = text_of(html)
    assert "Cat wins the match after 1 game with 3 points." in page and "Rematch" in page
    token = re.search(r'"X-CSRFToken": "([^"]+)"', html).group(1)
    started = client.post(f"/m/{match['id']}/rematch", data={"csrf_token": token})
    assert started.status_code == 302
    new_id = started.headers["Location"].rsplit("/", 1)[1]
    new = client.get(f"/api/matches/{new_id}").get_json()
    assert new["players"] == ["Ben", "Cat", "Ann"]        # the same circle, turned one seat
    assert new["settings"] == state["settings"] and new["seq"] == 0
    assert new["turn"] == "Ben" and new["next_dealer"] == "Ben"
    # The words and the turn agree: Ben deals game 1 and turns up first.
    page = text_of(client.get(f"/m/{new_id}").get_data(as_text=True))
    assert "Ben deals the next game" in page
    after = api.act({"id": new_id, "scorer_token": _scorer_token(client, new_id)},
                    {"type": "deal", "foundation_suit": "d"})["state"]
    assert after["dealer"] == "Ben" and after["turn"] == "Ben" and after["phase"] == "reveal"
    timeline = text_of(client.get(f"/m/{new_id}/timeline").get_data(as_text=True))
    assert "Ben deals game 1" in timeline


def _scorer_token(client, match_id: str) -> str:
    """The scorer's token of a rematch, from the scorer link on its page (the phone that
    started the rematch is its scorer)."""
    html = client.get(f"/m/{match_id}").get_data(as_text=True)
    return re.search(rf"/m/{match_id}/join/([^\"'<\s]+)", html).group(1)


def test_the_timeline_folds_a_finished_game_under_its_result_and_groups_by_round(client, api):
    match = scorer_on(client, api, BLOCKED + [{"type": "deal", "foundation_suit": "s"}], mode="play")
    page = text_of(client.get(f"/m/{match['id']}/timeline").get_data(as_text=True))
    assert "Game 1" in page and "Cat wins game 1 with 3 points" in page      # folded, one line
    opened = text_of(client.get(f"/m/{match['id']}/timeline?unit=1").get_data(as_text=True))
    assert "Round 1" in opened and "Round 2" in opened and "Round 3" in opened


def test_the_ends_in_german(client, api):
    match = scorer_on(client, api, GAMES[:2], games=2, liar_points=1)
    html = client.get(f"/m/{match['id']}", headers=DE).get_data(as_text=True)
    page = text_of(html)
    for german in ("Ben gewinnt Spiel 2 mit 9 Punkten: niemand konnte eine Brücke legen, auch nicht mit "
                   "dem Summenrecht; Ann hat als Erster gepasst und bekommt −2.",
                   "Cat gewinnt die Partie nach 2 Spielen mit 25 Punkten.",
                   "Bankkarten", "Farbpunkte", "Bonus oder Strafe", "Lügnerpunkte"):
        assert german in page, german
    for english in ENGLISH:
        assert english not in page, english
    played = scorer_on(client, api, BLOCKED + [{"type": "deal", "foundation_suit": "s"}], mode="play")
    timeline = text_of(client.get(f"/m/{played['id']}/timeline", headers=DE).get_data(as_text=True))
    assert "Cat gewinnt Spiel 1 mit 3 Punkten" in timeline
    opened = text_of(client.get(f"/m/{played['id']}/timeline?unit=1", headers=DE).get_data(as_text=True))
    assert "Runde 2" in opened
    for english in ENGLISH:
        assert english not in timeline and english not in opened, english
    sheet = client.get(f"/api/matches/{match['id']}/scoresheet.pdf", headers=DE)
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(sheet.data)).pages)
    assert "Cat gewinnt die Partie nach 2 Spielen mit 25 Punkten." in text and "Zwischenstände" in text
    for english in ENGLISH:
        assert english not in text, english


def test_results_only_draws_no_card_play_tiles(client, api):
    # Quick scoring enters whole games (spec: "Quick scoring (no card entry)"): no bank tile
    # ("—", "0 on bank") or in-hand table, only what results-only play fills: the game's
    # breakdown, the match scores and who deals next; in English and German, before the first
    # game too. Card-by-card play keeps its banks and hands.
    match = scorer_on(client, api, [])
    for headers, gone, kept in (({}, ("on bank", "In hand"), ("Match scores", "Ann deals the next game")),
                                (DE, ("auf der Bank", "Auf der Hand"), ("Ann gibt",))):
        html = client.get(f"/m/{match['id']}", headers=headers).get_data(as_text=True)
        assert 'class="bank' not in html and "players-table" not in html
        for word in gone:
            assert word not in text_of(html), word
        for word in kept:
            assert word in text_of(html), word
    api.act(match, GAMES[0])
    for headers, gone in (({}, ("on bank", "In hand")), (DE, ("auf der Bank", "Auf der Hand"))):
        html = client.get(f"/m/{match['id']}", headers=headers).get_data(as_text=True)
        page = text_of(html)
        assert 'class="bank' not in html and "players-table" not in html
        for word in gone:
            assert word not in page, word
        assert '<table class="breakdown">' in html and 'class="score-table"' in html
    page = text_of(client.get(f"/m/{match['id']}").get_data(as_text=True))
    assert "Cat went out and wins game 1" in page and "Ben deals the next game" in page
    played = scorer_on(client, api, BLOCKED, mode="play")
    page = text_of(client.get(f"/m/{played['id']}").get_data(as_text=True))
    assert "on bank" in page and "In hand" in page
