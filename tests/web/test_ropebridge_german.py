"""Ropebridge in German: a phone that asks for German (Accept-Language: de) gets German
rejections (with the card symbols), a German pre-check, match page, rules page and score sheet;
the same match still reads in English for a phone that does not."""
from __future__ import annotations

import io

from pypdf import PdfReader

from tests.web.reading import text_of
from tests.web.test_api_ropebridge import GAME, PLAYERS, SETTINGS

DE = {"Accept-Language": "de"}


def create(client, **extra):
    response = client.post("/api/matches", json={"game": "ropebridge", "players": list(PLAYERS),
                                                 "settings": dict(SETTINGS), **extra}, headers=DE)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def act(client, match, action, status=200, headers=DE):
    response = client.post(f"/api/matches/{match['id']}/actions", json=action,
                           headers={**headers, "Authorization": f"Bearer {match['scorer_token']}"})
    assert response.status_code == status, (action, response.get_json())
    return response.get_json()


def test_rejections_are_german_and_keep_the_card_symbols(client):
    match = create(client)
    error = act(client, match, {"type": "draw", "from": "stock"}, 422)["error"]
    assert error["rule"] == "ROPE-SETUP-2" and "zuerst geben" in error["message"]
    act(client, match, GAME[0][0])                                   # the deal: Ben opens
    error = act(client, match, {"type": "match", "cards": ["8h"]}, 422)["error"]
    assert error["rule"] == "ROPE-SETUP-1"
    assert error["message"] == "es gibt nur eine Karte 8♥, und sie liegt schon in der Reihe (Karte 1)"
    act(client, match, {"type": "draw", "from": "stock"})
    error = act(client, match, {"type": "end_turn"}, 422)["error"]
    assert error["rule"] == "ROPE-TURN-3"
    assert "Ben hat 8 Karten auf der Hand, mehr als 7" in error["message"] and "holds" not in error["message"]
    act(client, match, {"type": "discard", "card": "Kd"})
    act(client, match, {"type": "draw", "from": "discard"})          # Ann takes K♦
    error = act(client, match, {"type": "match", "cards": ["3h", "5h"]}, 422)["error"]
    assert error["rule"] == "ROPE-MATCH-2"
    assert error["message"] == "3♥ und 5♥ sind beide rot: Zwei Karten müssen eine rote und eine schwarze sein"
    error = act(client, match, {"type": "match", "cards": ["7c"]}, 422)["error"]
    assert error["message"].startswith("7♣ zählt 7, aber 8♥ braucht 8")
    # The same refusal, asked in English, reads in English.
    error = act(client, match, {"type": "match", "cards": ["3h", "5h"]}, 422, headers={})["error"]
    assert error["message"] == "3♥ and 5♥ are both red: two cards must be one red and one black"


def test_the_pre_check_answers_in_german(client):
    match = create(client)
    for action, status in GAME[:5]:
        act(client, match, action, status)                           # Ann needs 8♥
    url = f"/m/{match['id']}/ropebridge/check"
    html = client.get(url, headers=DE).get_data(as_text=True)
    assert "Wähle für 8♥ eine Karte aus der Hand von Ann" in html
    pair = {"cards.0.rank": "3", "cards.0.suit": "h", "cards.1.rank": "5", "cards.1.suit": "h"}
    html = client.get(url, query_string=pair, headers=DE).get_data(as_text=True)
    assert "rope-check-bad" in html and "3♥ und 5♥ sind beide rot" in html
    pair = {"cards.0.rank": "5", "cards.0.suit": "s", "cards.1.rank": "3", "cards.1.suit": "h"}
    html = client.get(url, query_string=pair, headers=DE).get_data(as_text=True)
    assert "rope-check-ok" in html and "5♠ und 3♥ bedienen 8♥." in html
    html = client.get(url, query_string={"cards.0.rank": "5"}, headers=DE).get_data(as_text=True)
    assert "Wähle jetzt die Farbe der Karte (5)." in html


def test_the_match_page_and_the_rules_page_are_german(client):
    match = create(client)
    for action, status in GAME[:2]:
        act(client, match, action, status)                           # Ben drew: 8 cards in hand
    page = client.get(match["links"]["scorer"], headers=DE, follow_redirects=True)
    assert page.status_code == 200
    text = text_of(page.get_data(as_text=True))
    for german in ("Ben ist am Zug: als Nächstes Karte 1 der Reihe, 8♥", "Ablagestapel", "Nachziehstapel",
                   "Ben hat 8 Karten auf der Hand", "Karte 1 der Reihe bedienen", "Bedienen", "Ablegen",
                   "Auswahl löschen", "Patt erklären", "In diesem Zug hat Ben eine Karte gezogen."):
        assert german in text, german
    for english in ("'s turn", "row card", "Discard", "Stock", "Clear picks", "Declare a stalemate",
                    "Match row card", "in the pile", "This turn"):
        assert english not in text, english
    # The score table's "Match" column (a series of games) stays "Partie", not the button's verb.
    assert "Partie" in text

    rules = client.get("/rules/ropebridge", headers=DE)
    assert rules.status_code == 200
    text = text_of(rules.get_data(as_text=True))
    for german in ("Hängebrücke", "Reihe", "bedien", "Ablagestapel", "Nachziehstapel", "Bildkarte", "Patt",
                   "Unschlagbare Reihe", "ROPE-TIE-1"):
        assert german in text, german
    for english in ("Setting up", "Taking turns", "Tied games", "House rules", "discard pile", "stock"):
        assert english not in text, english


def test_a_won_game_reads_in_german_on_the_page_in_the_state_and_on_the_sheet(client):
    match = create(client, title="Brückenabend")
    for action, status in GAME:
        act(client, match, action, status)
    state = client.get(f"/api/matches/{match['id']}", headers=DE).get_json()
    assert state["history"][0]["reason"] == "Ann hat die letzte Karte der Reihe bedient"
    # Rendered per language: the English phone still reads English.
    assert client.get(f"/api/matches/{match['id']}").get_json()["history"][0]["reason"] == \
        "Ann matched the last row card"
    page = client.get(match["links"]["scorer"], headers=DE, follow_redirects=True).get_data(as_text=True)
    text = text_of(page)
    assert "Spiel 1: Ann ist hinüber und gewinnt." in text
    assert "Ann hat gewonnen — Ann hat die letzte Karte der Reihe bedient, in 4 Zügen." in text
    assert "Ann hat die ganze Reihe bedient." in text
    assert "Ann won" not in text and "is across" not in text and "matched the whole row" not in text

    response = client.get(f"/api/matches/{match['id']}/scoresheet.pdf", headers=DE)
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    sheet = " ".join("\n".join(p.extract_text() for p in PdfReader(io.BytesIO(response.data)).pages).split())
    for german in ("Brückenabend", "Spiel 1 · Geber: Ann", "Reihe: 8♥ 5♣ Q♦ 2♠ 6♣ 9♦ 4♦", "Karte der Reihe",
                   "Ann bediente mit", "5♠ + 3♥ (Zug 2)", "Sieger: Ann (Ann hat die letzte Karte der Reihe bedient)",
                   "Züge: Ann 4 Züge, Ben 4 Züge", "Bediente Karten der Reihe: Ann 7 von 7, Ben 4 von 7",
                   "Stand der Partie", "Unentschiedene Spiele", "Gespielte Spiele", "Siege"):
        assert german in sheet, german
    for english in ("Match tally", "Winner", "dealt by", "Tied games", "Games played", "(turn 2)"):
        assert english not in sheet, english


def test_the_timeline_tells_every_entry_in_german_words(client):
    match = create(client)
    for action, status in GAME:
        act(client, match, action, status)
    page = client.get(f"/m/{match['id']}/timeline", headers=DE, follow_redirects=True)
    assert page.status_code == 200
    text = text_of(page.get_data(as_text=True))
    for german in ("Ann gibt Spiel 1: 8♥ 5♣ offen in der Reihe, 3♠ aufgedeckt auf dem Ablagestapel",
                   "Ben zieht eine Karte vom Nachziehstapel (dort bleiben 31 Karten)",
                   "Ben legt K♦ ab und beendet den Zug mit 7 Karten auf der Hand",
                   "Ann nimmt K♦ vom Ablagestapel",
                   "Ann bedient Karte 1 der Reihe, 8♥, mit dem Paar 5♠ und 3♥",
                   "Karte 3 der Reihe wird aufgedeckt: Q♦",
                   "Ann bedient Karte 7 der Reihe, 4♦, mit 4♣ — Ann ist hinüber und gewinnt Spiel 1"):
        assert german in text, german
    for english in ("deals game", "matches row card", "end turn", "end_turn", "cards 5♠", "from discard"):
        assert english not in text, english
