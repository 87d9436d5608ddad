"""The Pontis score sheet read back as text, on A4 and Letter, and rendered as a picture."""
from __future__ import annotations

import io
import random

from pypdf import PdfReader

from referee.simulate import PontisTable
from tests.pdf.rendering import page_one_png

PLAYERS = ["Ann", "Ben", "Cat", "<script>alert(1)</script>"]


def play_games(api, games: int, **create):
    match = api.create(players=PLAYERS, settings={"liar_points": 1, "pair_suit_points": "top"},
                       title="Club night", **create)
    table = PontisTable(PLAYERS, random.Random(3))
    state = match["state"]
    while len(state["history"]) < games:
        action = table.next_action(state)
        before = state
        state = api.act(match, action)["state"]
        table.accepted(action, before)
    return match, state


def sheet_text(client, match, size=None) -> tuple[PdfReader, str]:
    url = f"/api/matches/{match['id']}/scoresheet.pdf" + (f"?size={size}" if size else "")
    response = client.get(url)
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    reader = PdfReader(io.BytesIO(response.data))
    return reader, "\n".join(page.extract_text() for page in reader.pages)


def test_the_sheet_names_players_house_rules_games_and_totals(api, client):
    match, state = play_games(api, 3)
    reader, text = sheet_text(client, match)
    assert "Club night" in text and "Pontis" in text
    for name in PLAYERS:
        assert name in text
    assert "Liar points" in text and "Suit points for a pair" in text and "top" in text
    for game in state["history"]:
        for row in game["rows"]:
            assert row["player"] in text
    for name, total in state["scores"].items():
        assert f"{name}\n{total}" in text or f"{name} {total}" in text, (name, total)
    leader = max(state["scores"], key=state["scores"].get)
    assert "leads with" in text or "share the lead" in text
    assert leader in text.split("Result", 1)[1]
    width, height = reader.pages[0].mediabox.width, reader.pages[0].mediabox.height
    assert (round(width), round(height)) == (595, 842)


def test_letter_size_and_suit_symbols(api, client):
    match, _ = play_games(api, 1)
    reader, text = sheet_text(client, match, "letter")
    assert (round(reader.pages[0].mediabox.width), round(reader.pages[0].mediabox.height)) == (612, 792)
    assert any(symbol in text for symbol in "♣♦♥♠")
    assert client.get(f"/api/matches/{match['id']}/scoresheet.pdf?size=a3").status_code == 400


def test_findings_are_printed(api, client):
    match = api.create(settings={"liar_points": 2})
    for action in ({"type": "deal", "foundation_suit": "h"}, {"type": "reveal", "card": "5h"},
                   {"type": "reveal", "card": "9h"}, {"type": "play", "card": "4c"},
                   {"type": "reveal", "card": "Qh"}, {"type": "miss"}, {"type": "play", "card": "7d"},
                   {"type": "play", "card": "3c"}, {"type": "play", "card": "9s"}, {"type": "play", "card": "2c"},
                   {"type": "play", "card": "Ac"}, {"type": "play", "card": "8c"}):
        api.act(match, action)
    _, text = sheet_text(client, match)
    assert "PONTIS-LIAR-2" in text and "Findings" in text


def test_page_one_renders_to_a_picture(api, client, tmp_path):
    match, _ = play_games(api, 2)
    response = client.get(f"/api/matches/{match['id']}/scoresheet.pdf")
    page = page_one_png(response.data, tmp_path)
    assert page.stat().st_size > 10_000  # a page with tables on it, not a blank sheet


def test_the_games_table_heads_each_column_once(api, client):
    # The first column names the game; the game's sum is its score, not a second "Game".
    match, _ = play_games(api, 1)
    text = " ".join(sheet_text(client, match)[1].split())
    assert "Game Player Bank cards Suit points Bonus / penalty Liar Score Match" in text
    assert "Liar Game Match" not in text
    german = client.get(f"/api/matches/{match['id']}/scoresheet.pdf", headers={"Accept-Language": "de"})
    text = " ".join("\n".join(page.extract_text() for page in PdfReader(io.BytesIO(german.data)).pages).split())
    assert "Spiel Spieler Bankkarten Farbpunkte Bonus / Strafe Lügner Punkte Partie" in text
    assert "Lügner Spiel Partie" not in text
