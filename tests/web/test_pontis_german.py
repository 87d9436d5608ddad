"""Pontis in German: rejections, the match screen, the timeline, the rules page and the score
sheet, all asked for with ``Accept-Language: de``."""
from __future__ import annotations

import io

from pypdf import PdfReader

from tests.web.reading import text_of

DE = {"Accept-Language": "de"}
PLAYERS = ["Ann", "Ben", "Cat"]


def create(client, **body):
    body = {"game": "pontis", "players": PLAYERS, "settings": {}, "mode": "play", **body}
    response = client.post("/api/matches", json=body, headers=DE)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def act(client, match, action, status=200):
    response = client.post(f"/api/matches/{match['id']}/actions", json=action,
                           headers={**DE, "Authorization": f"Bearer {match['scorer_token']}"})
    assert response.status_code == status, (action, response.get_json())
    return response.get_json()


def rejected(client, match, action) -> dict:
    return act(client, match, action, status=422)["error"]


def test_rejections_are_german_and_keep_the_card_symbols(client):
    response = client.post("/api/matches", json={"game": "pontis", "players": ["Ann"]}, headers=DE)
    assert response.status_code == 422
    assert response.get_json()["error"]["message"] == "Pontis ist für 2 bis 13 Spieler, nicht für 1"

    match = create(client)
    act(client, match, {"type": "deal", "foundation_suit": "h"})
    error = rejected(client, match, {"type": "reveal", "card": "7c"})
    assert error["rule"] == "PONTIS-SETUP-3"
    assert error["message"] == "7♣ kann kein Fundament sein: in diesem Spiel sind alle Fundamente ♥"

    act(client, match, {"type": "reveal", "card": "5h"})
    act(client, match, {"type": "reveal", "card": "9h"})
    error = rejected(client, match, {"type": "play", "card": "7c"})        # Ben needs |9 - 5| = 4
    assert error["rule"] == "PONTIS-TURN-3"
    assert error["message"] == ("7♣ ist keine Brücke: Ben braucht 4 (5♥ auf der Bank von Ann, "
                                "9♥ auf der Bank von Ben)")
    error = rejected(client, match, {"type": "play", "card": "5h"})
    assert error["rule"] == "PONTIS-TURN-5"
    assert "5♥ liegt schon auf der Bank von Ann (aufgedeckt bei Eintrag 2)" in error["message"]
    error = rejected(client, match, {"type": "liar", "caller": "Cat"})
    assert error["message"].startswith("„Lügner!“ rufen ist in dieser Partie aus")
    for english in ("is not a bridge", "needs", "bank", "already on"):
        assert english not in error["message"]

    # The same rejection still reads in English for a phone that asks for English.
    response = client.post(f"/api/matches/{match['id']}/actions", json={"type": "play", "card": "7c"},
                           headers={"Accept-Language": "en", "Authorization": f"Bearer {match['scorer_token']}"})
    assert response.get_json()["error"]["message"].startswith("7♣ is not a bridge: Ben needs 4")


def test_match_screen_timeline_and_rules_page_in_german(client):
    match = create(client)
    for action in ({"type": "deal", "foundation_suit": "h"}, {"type": "reveal", "card": "5h"},
                   {"type": "reveal", "card": "9h"}, {"type": "play", "card": "4c"}):
        act(client, match, action)
    # the scorer link: this test client may enter, so the entry form shows too
    client.get(match["links"]["scorer"].replace("http://localhost", ""), headers=DE)
    page = text_of(client.get(f"/m/{match['id']}", headers=DE).get_data(as_text=True))
    for german in ("Cat deckt das eigene Fundament auf", "Auf der Hand", "Farbpunkte",
                   "Fundamentfarbe ♥", "auf der Bank"):
        assert german in page, german
    for english in ("turns up their foundation", "In hand", "Suit points", "Foundation suit", "on bank"):
        assert english not in page, english

    act(client, match, {"type": "reveal", "card": "Qh"})
    page = text_of(client.get(f"/m/{match['id']}", headers=DE).get_data(as_text=True))
    assert "Cat braucht 8" in page and "Passen" in page and "Legen" in page
    assert "needs" not in page and "Miss" not in page

    timeline = text_of(client.get(f"/m/{match['id']}/timeline", headers=DE).get_data(as_text=True))
    assert "Ann gibt Spiel 1: Fundamentfarbe ♥" in timeline
    assert "Ann deckt 5♥ als Fundament auf" in timeline
    assert "Ben legte 4♣ — Brücke 4" in timeline
    assert "turns up" not in timeline and "played" not in timeline

    rules = text_of(client.get("/rules/pontis", headers=DE).get_data(as_text=True))
    for german in ("Summenrecht", "Fundament", "Brücke", "Farbpunkt", "Lügner!", "Kingfisher"):
        assert german in rules, german
    for english in ("sum ability", "Getting ready", "foundation", "bridge", "Taking turns"):
        assert english not in rules, english


def test_the_german_score_sheet(client):
    match = create(client, mode="quick")
    act(client, match, {"type": "quick", "ending": "out", "ended_by": "Ann", "foundation_suit": "s",
                        "bank_cards": {"Ann": 18, "Ben": 6, "Cat": 9},
                        "suit_points": {"Ann": 2, "Ben": 1, "Cat": 0}})
    error = rejected(client, match, {"type": "quick", "ending": "out", "ended_by": "Ben",
                                     "bank_cards": {"Ann": 4, "Ben": 6, "Cat": 9}})
    assert error["message"] == ("Ben ist ausgegangen, also liegen alle 17 Karten der Hand und 1 "
                                "Fundament auf der Bank: 18 Karten, nicht 6")
    response = client.get(f"/api/matches/{match['id']}/scoresheet.pdf", headers=DE)
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages)
    for german in ("Spiele", "Bankkarten", "Farbpunkte", "Bonus / Strafe", "Gesamtstand der Partie",
                   "ausgegangen", "(Ann)"):
        assert german in text, german
    for english in ("Bank cards", "Suit points", "Match totals", "went out"):
        assert english not in text, english


def test_the_new_refusals_read_in_german_with_their_plurals(client):
    # PONTIS-END-5: "set to 1 game" in the singular
    match = create(client, settings={"games": 1}, players=["Ann", "Ben"])
    for action in ({"type": "deal", "foundation_suit": "h"}, {"type": "reveal", "card": "5h"},
                   {"type": "reveal", "card": "10h"}, {"type": "play", "card": "5c"}):
        act(client, match, action)
    for _ in range(3):                                  # Ann misses, Ben and Ann pass the ability
        act(client, match, {"type": "miss"})
    error = rejected(client, match, {"type": "deal", "foundation_suit": "c"})
    assert error["message"] == "die Partie ist vorbei: sie war auf 1 Spiel angesetzt"
    # PONTIS-END-1 in quick mode
    quick = create(client, mode="quick")
    error = rejected(client, quick, {"type": "quick", "bank_cards": {"Ann": 18, "Ben": 18, "Cat": 18},
                                     "ending": "blocked", "ended_by": "Ann"})
    assert error["rule"] == "PONTIS-END-1"
    assert error["message"].startswith("Ann: bei 18 Bankkarten bliebe keine Karte auf der Hand")
    # PONTIS-TURN-5 with 13 banks: no heart was dealt into a hand
    thirteen = create(client, players=[f"P{i}" for i in range(13)])
    for action in ({"type": "deal", "foundation_suit": "h"}, {"type": "reveal", "card": "Ah"},
                   {"type": "reveal", "card": "2h"}):
        act(client, thirteen, action)
    error = rejected(client, thirteen, {"type": "play", "card": "3h"})
    assert error["message"] == ("3♥ kann nicht auf der Hand sein: bei 13 Banken ist jede ♥-Karte ein "
                                "Fundament, also wurde keine ♥-Karte auf die Hände verteilt")
