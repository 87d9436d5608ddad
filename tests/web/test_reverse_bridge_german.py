"""Reverse Bridge in German: rejections, the audit's findings, the match screen (bidding box,
table, audit, score pad), the rules page, the scoring table and both PDFs, all asked for with
``Accept-Language: de``; the same match still reads in English without it."""
from __future__ import annotations

import io
import re

from pypdf import PdfReader

from tests.web.reading import text_of
from tests.web.test_api_reverse_bridge import PLAYERS, auction_actions, known_deal, play_out

DE = {"Accept-Language": "de"}


def create(client, **body):
    body = {"game": "reverse-bridge", "players": list(PLAYERS), "settings": {"hands": 4}, "mode": "play", **body}
    response = client.post("/api/matches", json=body, headers=DE)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def act(client, match, action, status=200, headers=DE):
    response = client.post(f"/api/matches/{match['id']}/actions", json=action,
                           headers={**headers, "Authorization": f"Bearer {match['scorer_token']}"})
    assert response.status_code == status, (action, response.get_json())
    return response.get_json()


def rejected(client, match, action) -> dict:
    return act(client, match, action, status=422)["error"]


def pdf_text(client, url) -> str:
    response = client.get(url, headers=DE)
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages)


def scorer_page(client, match) -> str:
    assert client.get(f"/m/{match['id']}/join/{match['scorer_token']}", headers=DE).status_code == 302
    return client.get(f"/m/{match['id']}", headers=DE).get_data(as_text=True)


def played_hand(client):
    """Hand 1 bid (Ann's 3♥ is the final bid) and played through with a forced-capture breach,
    then adjusted by the table; the German rejections are provoked on the way."""
    match = create(client)
    auction = auction_actions()
    act(client, match, {"type": "deal"})
    for action in auction[:2]:                               # Ben 1♠, Cat 2♥
        act(client, match, action)
    for action in auction[2:]:
        act(client, match, action)
    known = play_out(known_deal(), "h", 3, breach_from_trick=2)
    findings = []
    for card in known.cards():
        findings += act(client, match, {"type": "play", "card": card})["findings"]
    act(client, match, {"type": "adjust", "tricks": 5, "reason": "so vereinbart"})
    return match, known, findings


def test_rejections_are_german_and_keep_the_card_symbols(client):
    response = client.post("/api/matches", json={"game": "reverse-bridge", "players": list(PLAYERS),
                                                 "settings": {"hands": 6}}, headers=DE)
    assert response.status_code == 422
    assert response.get_json()["error"]["message"] == (
        "die Zahl der Runden muss ein Vielfaches von 4 sein (4, 8, 12 …), damit jeder gleich oft gibt, nicht 6")

    match = create(client)
    error = rejected(client, match, {"type": "bid", "level": 1, "denomination": "S"})
    assert error["rule"] == "RB-AUCTION-1"
    # Dealing is "geben" as in Pontis, and the refusal names the button's own words, not "deal".
    assert error["message"] == ("es ist noch nicht gegeben: erst tippt der Geber „… hat Runde … gegeben“, "
                                "dann kann geboten werden")
    assert "Ann hat Runde 1 gegeben" in text_of(scorer_page(client, match))      # the button it means
    assert rejected(client, match, {"type": "play", "card": "2c"})["message"] == (
        "gerade läuft keine Runde: zuerst gibt der Geber, und das wird eingetragen")

    act(client, match, {"type": "deal"})
    act(client, match, {"type": "bid", "level": 1, "denomination": "S"})      # Ben
    act(client, match, {"type": "bid", "level": 2, "denomination": "H"})      # Cat
    error = rejected(client, match, {"type": "bid", "level": 2, "denomination": "D"})
    assert error["rule"] == "RB-AUCTION-2"
    assert error["message"] == "2♦ ist nicht höher als 2♥ (das Gebot von Cat): biete 2♠ oder höher, oder sag Passe"
    for english in ("is not higher", "bid", "or pass"):
        assert english not in error["message"]

    for action in ({"type": "pass"}, {"type": "bid", "level": 3, "denomination": "H"},
                   {"type": "pass"}, {"type": "pass"}, {"type": "pass"}):
        act(client, match, action)
    error = rejected(client, match, {"type": "pass"})
    assert error["rule"] == "RB-AUCTION-3"
    assert error["message"] == ("die Reizung ist beendet (Endgebot 3♥): keine Ansagen mehr, "
                                "jetzt wird eine Karte gespielt")
    act(client, match, {"type": "play", "card": "Qc"})                       # Dan leads
    error = rejected(client, match, {"type": "play", "card": "Qc"})
    assert error["rule"] == "RB-SETUP-1"
    assert error["message"] == ("Dan hat Q♣ schon in diesem Stich gespielt (Eintrag 9): "
                                "jede Karte gibt es im Paket nur einmal")
    error = rejected(client, match, {"type": "play", "card": "JK"})
    assert error["message"] == "Reverse Bridge wird mit 52 Karten ohne Joker gespielt"
    # The same rejection, asked for without the header, is English.
    english = act(client, match, {"type": "play", "card": "Qc"}, status=422, headers={})["error"]
    assert english["message"].startswith("Q♣ was already played in this trick, by Dan")


def test_the_audit_and_the_adjustment_read_in_german(client):
    match, known, findings = played_hand(client)
    breach = known.breach
    (finding,) = findings
    assert finding["rule"] == "RB-PLAY-2"
    assert finding["message"].startswith(f"Stich {breach.trick}: {PLAYERS[breach.seat]} spielte {breach.card.symbol} ")
    assert "hätte aber Farbe bekennen und den Stich mit einem ♥ höher als" in finding["message"]
    assert "auf der Hand waren" in finding["message"] and "had to" not in finding["message"]
    view = client.get(f"/api/matches/{match['id']}", headers=DE).get_json()
    record = view["history"][0]
    assert record["findings"][0]["obliged"].startswith("Farbe bekennen und den Stich mit einem ♥ höher als")
    assert view["findings"][-1]["message"] == (
        f"Runde 1: der Tisch setzt die Stiche von Ost–West (Ben und Dan) auf 5 ({known.taken['EW']} wie gespielt): "
        f"so vereinbart. Wertung der Runde jetzt NS {record['scores']['NS']}, OW {record['scores']['EW']}.")
    assert view["auction"][2]["text"] == "Passe"
    # The API's keys and codes stay as they are: teams NS/EW, seats North ... West.
    assert record["bidding_team"] == "NS" and record["contract"]["opponents"] == "EW"
    assert set(view["seats"]) == {"North", "East", "South", "West"}
    # Another phone, without the header, reads the same finding in English.
    english = client.get(f"/api/matches/{match['id']}").get_json()
    assert english["history"][0]["findings"][0]["message"].startswith(f"Trick {breach.trick}: ")
    assert english["auction"][2]["text"] == "Pass"


def test_the_match_screen_in_german(client):
    match = create(client)
    page = text_of(scorer_page(client, match))
    assert "Ann gibt Runde 1 von 4" in page and "Ann hat Runde 1 gegeben" in page
    assert "teilt" not in page and "geteilt" not in page and "Teiler" not in page
    assert "Nord–Süd: Ann & Cat · Ost–West: Ben & Dan" in page           # the teams with their players
    assert "deals hand" not in page and "has dealt" not in page

    act(client, match, {"type": "deal"})
    act(client, match, {"type": "bid", "level": 1, "denomination": "S"})
    html = client.get(f"/m/{match['id']}", headers=DE).get_data(as_text=True)
    page = text_of(html)
    assert "Cat ist mit der Ansage dran" in page and "Niedrigstes Gebot jetzt: 1SA" in page
    assert "Cat bietet: erst die Stufe, dann die Farbe" in page
    assert 'aria-label="Stufe 3"' in html and 'aria-label="Kreuz"' in html
    assert 'value="NT" aria-label="SA — Sans Atout"' in html
    assert re.search(r'<button type="submit" form="rb-pass" name="type" value="pass" class="rb-pass">Passe</button>',
                     html)
    assert "O Ben" in page and "W Dan" in page                   # seats N/O/S/W
    assert "die <strong>andere</strong> Partei" in html
    for english in ("calls", "Lowest bid", "a level, then a denomination", ">Pass<", "other</strong> side"):
        assert english not in html

    match, known, _findings = played_hand(client)
    html = scorer_page(client, match)
    page = text_of(html)
    breach = known.breach
    assert "Runde 1: Prüfung und Wertung" in page and "Der Schiedsrichter kennt jetzt alle Blätter" in page
    assert f"Stich {breach.trick} : {PLAYERS[breach.seat]} spielte {breach.card.symbol} , hätte aber" in page
    assert "Nord–Süd (Ann & Cat) hat geboten, dass Ost–West 3 Stiche macht" in page
    assert "Der Tisch wertet <strong>5</strong>: so vereinbart." in html
    assert "Punkteblock" in page and "Wertungstabelle" in page and "Runde 1 korrigieren (RB-AUDIT)" in page
    assert "Annehmen: Ben gibt Runde 2" in page and "Wertung korrigieren" in page
    assert "Geber Ann" in page and "teilt" not in page and "Teiler" not in page
    # The adjustment reads as German: "für" Ost–West, and a du-imperative like the other refusals.
    assert "Stiche, die für Ost–West gewertet werden (0–13; " in page
    error = rejected(client, match, {"type": "adjust", "tricks": 4})
    assert error["message"] == "sag, warum sich die Stichzahl ändert: die Begründung wird im Protokoll festgehalten"
    error = rejected(client, match, {"type": "adjust", "tricks": 5})
    seq = client.get(f"/api/matches/{match['id']}").get_json()["history"][0]["adjusted"]["seq"]
    assert error == {"rule": "RB-AUDIT", "message": f"5 ist schon die Stichzahl, die der Tisch gesetzt hat "
                     f"(Eintrag {seq}): da gibt es nichts zu korrigieren"}
    error = rejected(client, match, {"type": "bid", "level": 1, "denomination": "S"})
    assert error["message"] == ("Runde 1 ist vorbei: erst tippt der nächste Geber „Annehmen: … gibt Runde …“, "
                                "dann kann geboten werden")
    assert 'data-team="NS"' in html and 'data-team="EW"' in html            # the data keeps its keys
    assert '<th scope="col">Runde</th>' in html and "|" not in page
    for english in ("audit and score", "Score pad", "Scoring table", "The referee now knows", "but had to",
                    "Adjust the score", "Accept:", "bid that", "Trick "):
        assert english not in page, english


def test_the_rules_page_and_the_scoring_table_in_german(client):
    page = text_of(client.get("/rules/reverse-bridge", headers=DE).get_data(as_text=True))
    for german in ("Reizung", "Stichzwang", "Farbe bekennen", "Sans Atout", "Geber", "Wertungstabelle",
                   "Was der Schiedsrichter prüft", "nächste Spieler gibt", "nächste Runde geben"):
        assert german in page, german
    assert "teilt" not in page and "Teiler" not in page and "geteilt" not in page
    for english in ("Auction", "Forced capture", "follow suit", "no trump", "What the referee checks"):
        assert english not in page, english

    html = client.get("/rules/reverse-bridge/scoring-table", headers=DE).get_data(as_text=True)
    page = text_of(html)
    assert "Reverse Bridge: Wertungstabelle" in page
    assert "Gebote in ♣ / ♦ (Kreuz oder Karo)" in page and "Gebote in SA (Sans Atout)" in page
    assert html.count("<td class=") == 14 * 39
    for english in ("scoring table", "Bids in", "clubs or diamonds", "opponents"):
        assert english not in page, english

    text = pdf_text(client, "/rules/reverse-bridge/scoring-table.pdf")
    assert "Reverse Bridge: Wertungstabelle" in text and "Gebote in ♥ / ♠ (Herz oder Pik)" in text
    assert "21 / 10" in text and "Bids in" not in text


def test_the_german_score_sheet(client):
    match, known, _findings = played_hand(client)
    text = pdf_text(client, f"/api/matches/{match['id']}/scoresheet.pdf")
    for heading in ("Parteien", "Punkteblock", "Korrekturen", "Prüfung nach Runden", "Stichprotokoll"):
        assert heading in text, heading
    assert "Nord–Süd (NS): Ann (Nord) und Cat (Süd)" in text and "Ost–West (OW): Ben (Ost) und Dan (West)" in text
    assert "3♥ von Ann" in text and "so vereinbart" in text and "RB-PLAY-2" in text
    assert f"5 (korrigiert; {known.taken['EW']} gespielt)" in " ".join(text.split())
    assert "Runde 1: 3♥ von Ann (NS), Dan spielte aus; * markiert einen Verstoß." in text
    assert "1 von 4 Runden gespielt." in text and f"{known.breach.card.symbol} *" in text
    assert "Runde\nGeber\nKontrakt" in text and "Teiler" not in text and "|" not in text
    for english in ("Score pad", "Adjustments", "Audit by hand", "Trick record", "by Ann", "hands played"):
        assert english not in text, english
    # Without the header the same sheet is English, the game-marked column words included.
    response = client.get(f"/api/matches/{match['id']}/scoresheet.pdf")
    english = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages)
    assert "Hand\nDealer\nContract" in english and "Score pad" in english and "|" not in english
