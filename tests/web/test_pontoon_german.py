"""Pontoon in German: a match created with a German browser gets its rejections, its match
page (settlement and "why" texts included), its rules page and its score sheet in German, with
the cards still shown as symbols (8♣)."""
from __future__ import annotations

import io
import re

from pypdf import PdfReader

from tests.web.test_api_pontoon import DEAL_1, PLAYERS, SHOOT, a

GERMAN = {"Accept-Language": "de"}


def create(client, **body) -> dict:
    response = client.post("/api/matches", json={"game": "pontoon", "players": list(PLAYERS), "settings": SHOOT,
                                                  "mode": "play", **body}, headers=GERMAN)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def act(client, match, action, status=200) -> dict:
    response = client.post(f"/api/matches/{match['id']}/actions", json=action,
                           headers={"Authorization": f"Bearer {match['scorer_token']}", **GERMAN})
    assert response.status_code == status, (action, response.get_json())
    return response.get_json()


def visible(html: str) -> str:
    """The text a person reads: no tags, no attributes (class names are English on purpose)."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.DOTALL)
    return " ".join(re.sub(r"<[^>]+>", " ", html).replace("&#39;", "'").split())


def test_rejections_page_rules_and_sheet_in_german(client):
    match = create(client)
    for action in DEAL_1[:8]:                      # kitty, deal, stakes, shoot bets, second card
        act(client, match, action)

    # Ben's 8♣ 9♦ is no pair: the rule text in German, the cards as symbols.
    error = act(client, match, a("split", cards=["8c", "9d"]), status=422)["error"]
    assert error["rule"] == "PONTOON-TURN-2"
    assert "8♣ 9♦ ist kein Paar" in error["message"] and "gleichen Rangs" in error["message"]
    assert "is not a pair" not in error["message"]
    act(client, match, DEAL_1[8])                  # the real split: 8♣ 8♦
    # A card cannot turn up twice in one pack: the message says where it already is.
    error = act(client, match, a("twist", card="8d"), status=422)["error"]
    assert error["rule"] == "PONTOON-SETUP-1"
    assert "8♦ ist in dieser Runde schon ausgeteilt" in error["message"] and "Hand 2 von Ben" in error["message"]
    for action in DEAL_1[9:11]:                    # shoot on hand 2, hand 1 sticks
        act(client, match, action)
    # Buying the third card for too much: the range in German words.
    error = act(client, match, a("buy", amount=10), status=422)["error"]
    assert error["rule"] == "PONTOON-TURN-3"
    assert error["message"] == "Hand 2 von Ben hat 4 gesetzt: die dritte Karte kostet 4 bis 8, nicht 10"
    for action in DEAL_1[11:]:
        state = act(client, match, action)["state"]

    # The view is rendered for whoever asks: the same settlement in German, then in English.
    rows = {(r["player"], r["hand"]): r for r in state["settlement"]}
    assert rows[("Dee", 1)]["why"] == "Fünfkartentrick schlägt den Bankhalter (18), doppelt bezahlt"
    assert rows[("Cy", 1)]["why"] == "überkauft: bei Eintrag 16 weggeworfen"
    english = client.get(f"/api/matches/{match['id']}").get_json()
    assert {r["why"] for r in english["settlement"]} >= {"five card trick beats the banker's 18, paid double"}

    # The match page (scorer's view): the settlement table and the entry form in German.
    assert client.get(f"/m/{match['id']}/join/{match['scorer_token']}", headers=GERMAN).status_code == 302
    page = visible(client.get(f"/m/{match['id']}", headers=GERMAN).get_data(as_text=True))
    for words in ("Runde 1: Abrechnung", "Fünfkartentrick schlägt den Bankhalter (18), doppelt bezahlt",
                  "Hand 1 von Ben", "Shoot 5: aus der Kitty bezahlt", "Jetzt abrechnen: wer zahlt wem",
                  "Ann gibt allen die erste Karte", "Bank verkaufen", "Sitzung beenden und abrechnen",
                  "Kein Pontoon: die gespielten Karten kommen ungemischt unter den Stapel."):
        assert words in page, words
    for words in ("settlement", "beats the banker", "paid double", "Settle up", "deals the first card",
                  "Sell the bank", "End the session", "shuffle", "kitty", "Ben's hand"):
        assert words not in page, words

    # The rules page: the German book, same anchors.
    rules = client.get("/rules/pontoon", headers=GERMAN)
    assert rules.status_code == 200
    text = visible(rules.get_data(as_text=True))
    assert "Pontoon und Shoot Pontoon" in text and "Bankhalter" in text and "Fünfkartentrick" in text
    assert 'id="PONTOON-TURN-3"' in rules.get_data(as_text=True)
    for words in ("banker", "five card trick", "Your turn", "Between deals", "House rules", "stake"):
        assert not re.search(rf"\b{words}\b", text), words     # action names (banker_reveal) may stay

    # The score sheet, printed for a German phone.
    act(client, match, a("end_session"))
    response = client.get(f"/api/matches/{match['id']}/scoresheet.pdf", headers=GERMAN)
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    sheet = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(response.data)).pages).split())
    for words in ("Sitzung", "1 Runde abgerechnet", "Runde 1 — Bank Ann", "Bank: 10♣ 5♥ 3♣ — 18",
                  "Laufende Stände", "Die Kitty", "Bankwechsel und -verkäufe", "Schlussabrechnung",
                  "Fünfkartentrick schlägt den Bankhalter (18), doppelt bezahlt", "Ann legt die Kitty ein"):
        assert words in sheet, words
    for words in ("Running balances", "Settle-up", "Bank changes and sales", "deals settled", "paid double"):
        assert words not in sheet, words


def test_the_shoot_round_and_a_face_down_card_are_refused_in_german(client):
    match = create(client)
    for action in DEAL_1[:5]:                      # kitty, deal, the three stakes
        act(client, match, action)
    error = act(client, match, a("shoot", player="Dee", amount=5), status=422)["error"]
    assert error["rule"] == "PONTOON-SHOOT-2"
    assert error["message"] == ("Shoot-Wetten auf die erste Karte gehen reihum, links vom Bankhalter "
                                "beginnend: Ben und Cy wetten oder verzichten vor Dee")
    for action in (a("shoot", player="Ben", amount=0), a("second_card"), a("pontoon", cards=["As", "Kd"])):
        act(client, match, action)
    error = act(client, match, a("twist", card="Kd"), status=422)["error"]
    assert error["message"] == "K♦ ist in dieser Runde schon verdeckt ausgeteilt: im Spiel gibt es die Karte nur einmal"
