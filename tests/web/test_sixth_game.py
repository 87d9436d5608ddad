"""A sixth game, registered by its record and nothing else (tests/counting: an engine, two rules
pages and a catalog), is served like the five: API, match page, timeline, rules page, score
sheet and blank pad, in English and German, through the generic templates, sheet and pad."""
from __future__ import annotations

import io
import re

from pypdf import PdfReader

DE = {"Accept-Language": "de"}


def pdf_text(body: bytes) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages).split())


def played(api):
    match = api.create(game="counting", players=["Ann", "Ben"], settings={"limit": 50})
    for n in (3, 5, 14, 20):
        api.act(match, {"type": "say", "n": n})
    refused = api.act(match, {"type": "say", "n": 9}, status=422)
    assert refused["error"]["rule"] == "COUNT-1"
    return match


def test_the_api_referees_the_sixth_game(api, counting_game):
    match = played(api)
    state = api.state(match)
    assert state["numbers"] == [3, 5, 14, 20] and state["legal"] == ["say"]
    assert [finding["rule"] for finding in state["findings"]] == ["COUNT-2"]


def test_its_match_page_timeline_and_rules_page(client, api, counting_game):
    match = played(api)
    page = client.get(f"/m/{match['id']}")
    assert page.status_code == 200 and "Counting" in page.get_data(as_text=True)
    assert "css/games/counting.css" not in page.get_data(as_text=True)  # no stylesheet of its own: none linked
    timeline = client.get(f"/m/{match['id']}/timeline", headers=DE).get_data(as_text=True)
    assert "Ben sagt 5" in timeline and "Ann sagt 14" in timeline
    rules = client.get("/rules/counting", headers=DE)
    assert rules.status_code == 200
    assert 'id="COUNT-1"' in rules.get_data(as_text=True) and "Vielfaches von sieben" in rules.get_data(as_text=True)


def test_its_score_sheet_and_blank_pad(client, api, counting_game):
    match = played(api)
    sheet = client.get(f"/api/matches/{match['id']}/scoresheet.pdf")
    assert sheet.status_code == 200 and sheet.mimetype == "application/pdf"
    text = pdf_text(sheet.data)
    assert "Counting" in text and "COUNT-2" in text
    pad = client.get("/pads/counting.pdf", headers=DE)
    assert pad.status_code == 200
    text = pdf_text(pad.data)
    assert "Counting" in text and re.search(r"Spieler(in)? 1", text) and "Die höchste Zahl" in text


def test_an_unregistered_game_is_not_served(client, api):
    assert client.get("/rules/counting").status_code == 404
    assert client.get("/pads/counting.pdf").status_code == 404
