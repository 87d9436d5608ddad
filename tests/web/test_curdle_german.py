"""Curdle in German: rejections, a finding, the match screen through a kingfisher and a blind
curdle, the rules page and the score sheet, all asked for with ``Accept-Language: de``."""
from __future__ import annotations

import io

from pypdf import PdfReader

from tests.web.reading import text_of
from tests.web.test_api_curdle import HAND

DE = {"Accept-Language": "de"}


def create(client, players=("Ann", "Ben"), **body):
    body = {"game": "curdle", "players": list(players), "settings": {}, "mode": "play", **body}
    response = client.post("/api/matches", json=body, headers=DE)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def act(client, match, action, status=200, headers=DE):
    response = client.post(f"/api/matches/{match['id']}/actions", json=action,
                           headers={**headers, "Authorization": f"Bearer {match['scorer_token']}"})
    assert response.status_code == status, (action, response.get_json())
    return response.get_json()


def rejected(client, match, action, headers=DE) -> dict:
    return act(client, match, action, status=422, headers=headers)["error"]


def page_of(client, match) -> str:
    return text_of(client.get(f"/m/{match['id']}", headers=DE).get_data(as_text=True))


def test_rejections_and_findings_are_german_and_keep_the_card_symbols(client):
    response = client.post("/api/matches", json={"game": "curdle", "players": ["Ann"]}, headers=DE)
    assert response.status_code == 422 and "Curdle ist für 2 bis 5 Spieler" in response.get_json()["error"]["message"]

    match = create(client)
    act(client, match, {"type": "deal", "card": "Kh"})
    act(client, match, {"type": "open", "card": "Qc"})
    error = rejected(client, match, {"type": "play", "card": "7c", "bank": "A"})
    assert error["rule"] == "CURDLE-TURN-1"
    assert error["message"] == ("7♣ ist keine Brücke: Ben braucht 1 oder 11 (A, Joker oder J), "
                                "bei K♥ auf Bank A und Q♣ auf Bank B")
    error = rejected(client, match, {"type": "play", "card": "Kh", "bank": "B"})
    assert error["rule"] == "CURDLE-TURN-5"
    assert error["message"] == "K♥ kann nicht noch einmal gespielt werden: sie liegt auf Bank A, als oberste Karte"
    error = rejected(client, match, {"type": "pass"})
    assert error["message"] == "der Stapel hat noch 33 Karten: Ben zieht, statt zu passen"
    error = rejected(client, match, {"type": "play", "card": "Jd", "bank": "A", "as": 5})
    assert error["rule"] == "CURDLE-VALUE-2" and error["message"] == "J♦ zählt 11 oder 3, nicht 5"
    for english in ("is not a bridge", "needs", "on bank", "stock", "counts"):
        assert english not in error["message"]

    # The same rejection still reads in English for a phone that asks for English.
    error = rejected(client, match, {"type": "play", "card": "7c", "bank": "A"}, headers={"Accept-Language": "en"})
    assert error["message"].startswith("7♣ is not a bridge: Ben needs 1 or 11 (A, joker or J)")

    # A false "no bridge", proved later, is a German finding.
    match = create(client, players=("Ann", "Ben", "Cy"))
    for action in ({"type": "deal", "card": "Kh"}, {"type": "open", "card": "Qc"},
                   {"type": "play", "card": "Ad", "bank": "B"}, {"type": "end_run"},
                   {"type": "play", "card": "Qh", "bank": "A"}, {"type": "end_run"}, {"type": "draw"}):
        act(client, match, action)
    findings = act(client, match, {"type": "play", "card": "Qs", "bank": "B"})["findings"]
    assert [f["rule"] for f in findings] == ["CURDLE-TURN-2"]
    assert findings[0]["message"] == (
        "Bei Eintrag 4 hat Ben die Serie beendet und damit gesagt, keine Brücke zu haben (die Brücke "
        "war 1 oder 12 (A, Joker oder Q), bei K♥ auf Bank A und A♦ auf Bank B). Ben hat seitdem keine "
        "Karte aufgenommen und jetzt Q♠ gespielt – damals eine Brücke.")
    page = page_of(client, match)
    assert "hat Ben die Serie beendet" in page and "ended the run" not in page


def test_the_rulings_of_2026_11_23_read_in_german(client):
    match = create(client)
    act(client, match, {"type": "deal", "card": "JK"})
    act(client, match, {"type": "open", "card": "JK"})
    error = rejected(client, match, {"type": "draw"})
    assert error["rule"] == "CURDLE-CURDLE-2"
    assert error["message"] == (
        "Ben hält 9 Karten, und jede Karte des geronnenen Rangs (Joker) ist bekannt, auf den Bänken "
        "oder an andere verteilt: Alle haben einen anderen Rang, also bricht Ben den Curdle mit einer "
        "davon, statt zu ziehen")
    act(client, match, {"type": "break", "card": "9d", "bank": "A"})
    error = rejected(client, match, {"type": "end_run"})
    assert error["rule"] == "CURDLE-TURN-3"
    assert error["message"] == (
        "Ben hat den Curdle gebrochen, aber in diesem Zug noch keinen Starter gespielt: Eine Brechkarte "
        "ist keine Brücke, also spielt Ben einen Starter oder zieht ohne einen vom Stapel")
    error = rejected(client, match, {"type": "play", "card": "Jd", "bank": "A", "as": "3"})
    assert error["message"] == '"as" ist eine Zahl, kein Text: Sende 3 ohne Anführungszeichen (J♦ zählt 11 oder 3)'
    act(client, match, {"type": "draw"})
    timeline = text_of(client.get(f"/m/{match['id']}/timeline", headers=DE).get_data(as_text=True))
    for sentence in ("Ann gibt Runde 1: Joker beginnt Bank A",
                     "Ben beginnt Bank B mit Joker — ein natürlicher Curdle: Ben bricht ihn",
                     "Ben bricht den natürlichen Curdle mit 9♦ auf Bank A",
                     "Ben hat keinen Starter, zieht eine Karte und behält sie (32 Karten bleiben im Stapel)"):
        assert sentence in timeline, sentence


def test_match_screen_and_rules_page_in_german(client):
    match = create(client)
    # the scorer link: this test client may enter, so the entry form shows too
    client.get(match["links"]["scorer"].replace("http://localhost", ""), headers=DE)
    page = page_of(client, match)
    for german in ("Ann gibt Runde 1: je zehn Karten", "Auf der Hand", "Gewonnene Runden", "Runde 1 geben",
                   "Curdle-Begriffe", "Serie", "Fluker", "Eisvogel"):
        assert german in page, german
    for english in ("deals hand", "In hand", "Hands won", "Deal hand", "Curdle words", "fluker"):
        assert english not in page, english

    for action, *_rest in HAND[:4]:                 # Ben's run makes a kingfisher
        act(client, match, action)
    page = page_of(client, match)
    for german in ("Serie von Ben : 2 Karten gelegt", "Kingfisher!", "Nur ein König überbrückt", "Bank A",
                   "beides: 14 oder 1", "Stapel: 33 Karten · Runde 1, gegeben von Ann", "Auf A spielen",
                   "Serie beenden (keine Brücke mehr)", "Curdler"):
        assert german in page, german
    for english in ("run:", "only a king", "both 14", "Stock", "Play on", "End run", "bridge"):
        assert english not in page, english

    for action, *_rest in HAND[4:15]:               # a natural curdle broken, then a blind curdle
        act(client, match, action)
    page = page_of(client, match)
    for german in ("Blinder Curdle!", "Ann wählt eine Bank", "Von A nehmen", "Wer bekommt welche Karte",
                   "Ann behält", "an Ben", "Karten verteilen"):
        assert german in page, german
    for english in ("Blind curdle", "chooses a bank", "Take from", "keeps", "Hand out the cards"):
        assert english not in page, english
    error = rejected(client, match, {"type": "blind", "bank": "A", "to": ["Ben", "Ben", "Ann", "Ann"]})
    assert error["rule"] == "CURDLE-CURDLE-5" and error["message"].startswith("Ben bekäme mehr als eine Karte")

    rules = text_of(client.get("/rules/curdle", headers=DE).get_data(as_text=True))
    for german in ("Vorbereitung", "Brücke", "Serie", "Stapel", "natürlicher Curdle", "blinden Curdle",
                   "Kingfisher", "Eisvogel", "Strafpunkt"):
        assert german in rules, german
    for english in ("Getting ready", "bridge", "stock", "natural curdle", "penalty point"):
        assert english not in rules, english


def test_the_german_score_sheet(client):
    match = create(client, settings={"hands": 3})
    for action, *_rest in HAND:
        act(client, match, action)
    act(client, match, {"type": "deal", "card": "5s"})
    act(client, match, {"type": "open", "card": "9c"})
    response = client.get(f"/api/matches/{match['id']}/scoresheet.pdf", headers=DE)
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages).split())
    for german in ("Wertung", "Wer zuerst 3 Runden gewinnt, gewinnt die Partie", "8 übrig; 0 Runden gewonnen",
                   "Wertung gewonnene Runden", "Kingfisher: Ben (Eintrag 4)", "natürlicher Curdle: Ann (Eintrag 12)",
                   "blinder Curdle: Ann (Eintrag 15)", "Runde 2 läuft", "Gegeben von Ben; als Nächstes trägt Ann ein",
                   "Stapel 33 Karten", "Bank A 5♠ (1 Karte)", "Stand", "Restkarten, alle Runden",
                   "Ann führt mit 1 gewonnenen Runde."):
        assert german in text, german
    for english in ("Scoring", "in progress", "natural curdle", "blind curdle", "Standing", "Cards left",
                    "leads with", "hands_won", "hands won"):
        assert english not in text, english
