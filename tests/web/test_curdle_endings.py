"""The ends of Curdle hands and matches: who won and why (hands won, or cards left by the scoring
house rule) with each player's breakdown on the board, the leader marked, the match drawn as
running totals, and a rematch whose first dealer is the next dealer by name. And the scoring
house rule in players' words: no identifier on the setup screen, the rules pages or the sheet."""
from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from tests.web.reading import chart_of, text_of
from tests.web.test_api_curdle import HAND

PLAYERS = ["Ann", "Ben", "Cy"]
# Cards-left scoring to 20: Ben, Cy, then Ann win; Cy reaches 21 on hand 3 and Ann has the fewest.
QUICK = [{"type": "quick", "winner": "Ben", "cards_left": {"Ann": 4, "Cy": 7}},
         {"type": "quick", "winner": "Cy", "cards_left": {"Ann": 2, "Ben": 9}},
         {"type": "quick", "winner": "Ann", "cards_left": {"Ben": 3, "Cy": 14}}]
IDENTIFIERS = ("hands_won", "cards_left", "scoring", "target", "hands")


def quick_match(client, api, hands):
    match = api.create(game="curdle", players=PLAYERS, mode="quick",
                       settings={"scoring": "cards_left", "target": 20})
    for hand in hands:
        api.act(match, hand)
    client.get(f"/m/{match['id']}/join/{match['scorer_token']}")
    return match


def test_the_board_says_who_won_the_hand_and_why_with_cards_left_and_penalties(client, api):
    match = quick_match(client, api, QUICK[:2])
    state = api.state(match)
    outcome = state["outcome"]
    assert outcome["unit"] == "hand" and outcome["number"] == 2 and outcome["winners"] == ["Cy"]
    assert outcome["headline"] == ("Cy played their last card and wins hand 2; the others take a penalty "
                                   "point per card left: Ann 2, Ben 9.")
    assert outcome["breakdown"]["columns"] == ["Cards left", "Penalty points", "Penalty total"]
    assert outcome["breakdown"]["rows"] == [{"who": "Ann", "cells": [2, 2, 6]},
                                            {"who": "Ben", "cells": [9, 9, 9]},
                                            {"who": "Cy", "cells": [0, 0, 7]}]
    # The fewest penalty points lead: Ann with 6.
    assert state["leaders"] == ["Ann"] and state["match_result"] is None
    html = client.get(f"/m/{match['id']}/board").get_data(as_text=True)
    page = text_of(html)
    assert outcome["headline"] in page
    for column in outcome["breakdown"]["columns"]:
        assert column in page
    scores = re.search(r'<table class="score-table">.*?</table>', html, re.S).group(0)
    assert re.search(r'<tr class="leader"><td>Ann <span class="badge leader-badge">leads', scores)
    assert scores.count('class="leader"') == 1
    # In the hand's breakdown the row marked is the hand's winner, Cy.
    breakdown = re.search(r'<table class="breakdown">.*?</table>', html, re.S).group(0)
    assert re.findall(r'<tr class="leader"><td>(\w+)', breakdown) == ["Cy"]


def test_a_played_hand_ends_with_hands_won_and_the_winner_leads(client, api):
    match = api.create(game="curdle", players=["Ann", "Ben"])
    for action, *_ in HAND:
        api.act(match, action)
    client.get(f"/m/{match['id']}/join/{match['scorer_token']}")
    state = api.state(match)
    assert state["phase"] == "over" and state["next_dealer"] == "Ben"
    assert state["outcome"]["headline"] == "Ann played their last card and wins hand 1; cards left: Ben 8."
    assert state["outcome"]["breakdown"] == {"columns": ["Cards left", "Hands won"],
                                             "rows": [{"who": "Ann", "cells": [0, 1]},
                                                      {"who": "Ben", "cells": [8, 0]}]}
    assert state["leaders"] == ["Ann"]
    page = text_of(client.get(f"/m/{match['id']}").get_data(as_text=True))
    assert state["outcome"]["headline"] in page and "Cards left Hands won" in page


def test_nobody_leads_while_all_are_level(api):
    match = api.create(game="curdle", players=PLAYERS)
    state = api.act(match, {"type": "deal", "card": "9h"})["state"]
    assert state["leaders"] == [] and state["outcome"] is None and state["next_dealer"] is None


def test_the_match_is_drawn_as_running_totals(client, api):
    match = quick_match(client, api, QUICK[:2])
    html = client.get(f"/m/{match['id']}").get_data(as_text=True)
    chart, series = chart_of(html)
    assert chart.count("<polyline") == 3  # one line per player
    first = series[0]
    assert len(first) == 3  # the start and two hands
    assert 'role="img"' in chart and "Running totals" in chart


def test_match_end_names_the_winner_and_a_rematch_starts_with_the_next_dealer(client, api):
    match = quick_match(client, api, QUICK)
    state = api.state(match)
    assert state["match_over"] and state["match_winners"] == ["Ann"]
    assert state["match_result"] == {
        "winners": ["Ann"],
        "headline": "Ann wins the match after 3 hands with the fewest penalty points (6)."}
    # Hands 1, 2, 3 were dealt by Ann, Ben, Cy: Ann deals next.
    assert state["next_dealer"] == "Ann"
    html = client.get(f"/m/{match['id']}").get_data(as_text=True)
    page = text_of(html)
    assert state["match_result"]["headline"] in page and "Rematch" in page
    token = re.search(r'"X-CSRFToken": "([^"]+)"', html).group(1)
    started = client.post(f"/m/{match['id']}/rematch", data={"csrf_token": token})
    assert started.status_code == 302
    new_id = started.headers["Location"].rsplit("/", 1)[1]
    new = client.get(f"/api/matches/{new_id}").get_json()
    assert new["players"] == ["Ann", "Ben", "Cy"] and new["dealer"] == "Ann"
    assert new["settings"] == state["settings"] and new["mode"] == "quick" and new["seq"] == 0
    assert f"/m/{match['id']}" in client.get(f"/m/{new_id}").get_data(as_text=True)


def test_a_played_match_over_hands_won_rematches_with_the_next_dealer_by_name(client, api):
    match = api.create(game="curdle", players=["Ann", "Ben"], settings={"hands": 1})
    for action, *_ in HAND:
        api.act(match, action)
    client.get(f"/m/{match['id']}/join/{match['scorer_token']}")
    state = api.state(match)
    assert state["match_over"] and state["next_dealer"] == "Ben"
    assert state["match_result"]["headline"] == "Ann wins the match after 1 hand with 1 hand won."
    html = client.get(f"/m/{match['id']}").get_data(as_text=True)
    token = re.search(r'"X-CSRFToken": "([^"]+)"', html).group(1)
    new_id = client.post(f"/m/{match['id']}/rematch", data={"csrf_token": token}).headers["Location"].rsplit("/", 1)[1]
    new = client.get(f"/api/matches/{new_id}").get_json()
    assert new["players"] == ["Ben", "Ann"] and new["turn"] == "Ben" and new["dealer"] == "Ben"


# --- the scoring house rule in players' words --------------------------------------------------

def no_identifier(text: str) -> None:
    found = [word for word in ("hands_won", "cards_left") if word in text]
    assert not found, found
    # "hands" and "scoring" are words too; as house-rule names they stand after "house rule".
    assert not re.search(r"(house rule|Hausregel) (hands|scoring|target)\b", text), text


@pytest.mark.parametrize("language", ["en", "de"])
def test_no_house_rule_identifier_reaches_the_setup_screen_rules_page_or_sheet(client, api, language):
    headers = {"Accept-Language": language}
    setup = client.get("/new?game=curdle", headers=headers).get_data(as_text=True)
    fragment = client.post("/new", data={"game": "curdle"}, headers={**headers, "HX-Request": "true"})
    for html in (setup, fragment.get_data(as_text=True)):
        no_identifier(text_of(html))
    words = text_of(setup)
    if language == "en":
        assert "hands won" in words and "cards left" in words and "Hands won: the match counts" in words
    else:
        assert "gewonnene Runden" in words and "Restkarten" in words
    no_identifier(text_of(client.get("/rules/curdle", headers=headers).get_data(as_text=True)))
    match = api.create(game="curdle", players=PLAYERS, mode="quick", settings={"scoring": "cards_left", "target": 20})
    for hand in QUICK[:2]:
        api.act(match, hand)
    sheet = client.get(f"/api/matches/{match['id']}/scoresheet.pdf", headers=headers)
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(sheet.data)).pages).split())
    no_identifier(text)
    assert ("Scoring cards left" if language == "en" else "Wertung Restkarten") in text


# --- quick mode: the state shows the last hand recorded, the page numbers the next one --------

def test_quick_mode_pages_and_sheet_number_the_hands_with_the_last_hand_shown(client, api):
    # The state's deal keys describe hand 2 (deal 1, dealt by Ben); the page asks for hand 3
    # and the sheet lists hands 1 and 2 with their dealers.
    match = quick_match(client, api, QUICK[:2])
    state = api.state(match)
    assert (state["deal"], state["dealer"], state["next_dealer"], state["deal_over"]) == (1, "Ben", "Cy", True)
    html = client.get(f"/m/{match['id']}").get_data(as_text=True)
    page = text_of(html)
    for words in ("Results only: enter who won hand 3.", "Hand 3: who played their last card?", "Enter hand 3",
                  "Cy played their last card and wins hand 2", "Hands played (2)"):
        assert words in page, words
    for words in ("enter who won hand 2", "Hand 2: who played", "Enter hand 2", "enter who won hand 4"):
        assert words not in page, words
    assert re.findall(r'<li value="(\d+)">', html) == ["2", "1"]        # newest first
    sheet = client.get(f"/api/matches/{match['id']}/scoresheet.pdf")
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(sheet.data)).pages).split())
    assert "1 Ann Ben 4 left; +4, total 4 went out" in text
    assert "2 Ben Cy 2 left; +2, total 6 9 left; +9, total 9 went out" in text
