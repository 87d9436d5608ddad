"""The Reverse Bridge score sheet read back as text (A4 and Letter) and rendered as a picture:
teams, the score pad (dealer, contract, bidding team, tricks, both scores, running totals),
findings, adjustments, house rules, the trick record; and the printable scoring table."""
from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from tests.pdf.rendering import laid_out, page_one_png
from tests.web.test_api_reverse_bridge import PLAYERS, TEAM, expected_score, play_hand


def sheet(client, url) -> tuple[PdfReader, str]:
    response = client.get(url)
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    reader = PdfReader(io.BytesIO(response.data))
    return reader, "\n".join(page.extract_text() for page in reader.pages)


def played_match(api):
    match = api.create(game="reverse-bridge", players=PLAYERS, settings={"hands": 4}, title="Tuesday club")
    first, _ = play_hand(api, match, seed=11, breach_from_trick=4)
    breach = first.breach
    moved = first.taken["EW"] + (1 if TEAM[breach.seat] == "EW" else -1)
    reason = f"{PLAYERS[breach.seat]} had to win trick {breach.trick}"
    api.act(match, {"type": "adjust", "tricks": moved, "reason": reason})
    second, result = play_hand(api, match, seed=23)
    assert result["findings"] == []
    return match, result["state"], first, second, moved, reason


def test_the_sheet_has_the_score_pad_findings_adjustments_and_house_rules(api, client):
    match, state, first, second, moved, reason = played_match(api)
    reader, text = sheet(client, f"/api/matches/{match['id']}/scoresheet.pdf")
    assert (round(reader.pages[0].mediabox.width), round(reader.pages[0].mediabox.height)) == (595, 842)
    assert "Tuesday club" in text and "Reverse Bridge" in text
    assert "North–South (NS): Ann (North) and Cat (South)" in text
    assert "East–West (EW): Ben (East) and Dan (West)" in text
    # house rules, as set
    assert "Hands\n4" in text and "Capture over partner\noff" in text and "No forced capture\noff" in text
    # the score pad: one row per hand, with dealer, contract, bidding team, tricks, scores, running totals
    hand1 = expected_score(3, "H", moved)                    # NS bid: (NS, EW)
    hand2 = expected_score(3, "H", second.taken["NS"])       # EW bid: (EW, NS)
    ns1, ew1 = hand1
    ew2, ns2 = hand2
    assert state["scores"] == {"NS": ns1 + ns2, "EW": ew1 + ew2}
    pad = text.split("Score pad", 1)[1].split("Adjustments", 1)[0]
    rows = pad.split("\n")
    assert "3♥ by Ann" in pad and "3♥ by Ben" in pad
    row1 = pad[pad.index("3♥ by Ann") - 6:pad.index("3♥ by Ben")]
    assert "Ann" in row1 and f"{first.taken['NS']}–{first.taken['EW']}" in row1
    assert f"{moved} (adjusted; {first.taken['EW']} played)" in " ".join(row1.split())
    assert f"\n{ns1}\n{ew1}\n{ns1}\n{ew1}" in row1
    row2 = pad[pad.index("3♥ by Ben"):]
    assert f"{second.taken['NS']}–{second.taken['EW']}" in row2
    assert f"\n{ns2}\n{ew2}\n{ns1 + ns2}\n{ew1 + ew2}" in row2
    assert f"Total\n{ns1 + ns2}\n{ew1 + ew2}" in pad
    assert "2 of 4 hands played" in pad and rows
    # adjustments and findings
    adjustments = text.split("Adjustments", 1)[1].split("Audit by hand", 1)[0]
    assert reason in adjustments and f"EW: {first.taken['EW']}" in adjustments and f"EW: {moved}" in adjustments
    audit = text.split("Audit by hand", 1)[1].split("Trick record", 1)[0]
    assert PLAYERS[first.breach.seat] in audit and first.breach.card.symbol in audit and "RB-PLAY-2" in audit
    assert "win the trick" in audit
    findings = text.split("Findings", 1)[1]
    assert "RB-PLAY-2" in findings and "RB-AUDIT" in findings
    assert f"Trick {first.breach.trick}: {PLAYERS[first.breach.seat]} played {first.breach.card.symbol}" in findings
    # the trick record of both hands, with the breach marked
    record = text.split("Trick record", 1)[1]
    assert "Hand 1: 3♥ by Ann (NS), Dan led" in record and "Hand 2: 3♥ by Ben (EW), Ann led" in record
    assert f"{first.breach.card.symbol} *" in record
    # the result line of the frame
    leader = max(state["scores"], key=state["scores"].get)
    assert f"{state['team_names'][leader]} lead with {state['scores'][leader]}." in text


def test_a_finished_quick_match_on_letter(api, client):
    match = api.create(game="reverse-bridge", players=PLAYERS, settings={"hands": 4}, mode="quick")
    for bidder, level, denomination, tricks in (("Ben", 7, "S", 9), ("Cat", 9, "D", 6), ("Dan", 1, "NT", 1),
                                                ("Ann", 2, "C", 0)):
        state = api.act(match, {"type": "quick", "bidder": bidder, "level": level, "denomination": denomination,
                                "tricks": tricks})["state"]
    reader, text = sheet(client, f"/api/matches/{match['id']}/scoresheet.pdf?size=letter")
    assert (round(reader.pages[0].mediabox.width), round(reader.pages[0].mediabox.height)) == (612, 792)
    assert "results only" in text and "7♠ by Ben" in text and "1NT by Dan" in text
    assert "4 of 4 hands played" in text
    assert "No hand was played card by card." in text and "Trick record" not in text
    winner, loser = state["winner"], "NS" if state["winner"] == "EW" else "EW"
    assert state["match_over"] and (
        f"{state['team_names'][winner]} win the match {state['scores'][winner]} to {state['scores'][loser]} "
        "after 4 hands." in text)


def test_page_one_renders_to_a_picture(api, client, tmp_path):
    match, *_ = played_match(api)
    page = page_one_png(client.get(f"/api/matches/{match['id']}/scoresheet.pdf").data, tmp_path)
    assert page.stat().st_size > 10_000


def test_the_scoring_table_prints_on_one_page(client, tmp_path):
    reader, text = sheet(client, "/rules/reverse-bridge/scoring-table.pdf")
    assert len(reader.pages) == 1
    assert (round(reader.pages[0].mediabox.width), round(reader.pages[0].mediabox.height)) == (595, 842)
    assert "Reverse Bridge scoring table" in text
    for heading in ("Bids in ♣ / ♦ (clubs or diamonds)", "Bids in ♥ / ♠ (hearts or spades)", "Bids in NT (no trump)"):
        assert heading in text
    assert text.count(" / ") >= 14 * 39
    assert "21 / 10" in text and "40 / 0" in text and "0 / 65" in text
    letter, _ = sheet(client, "/rules/reverse-bridge/scoring-table.pdf?size=letter")
    assert len(letter.pages) == 1 and round(letter.pages[0].mediabox.width) == 612
    table = page_one_png(client.get("/rules/reverse-bridge/scoring-table.pdf").data, tmp_path, "table")
    assert table.stat().st_size > 10_000


# --- the German sheet: all German, no word broken ---------------------------------------------

DE = {"Accept-Language": "de"}
# English words of this sheet that must not be left in a German one (whole words).
ENGLISH = ("every card entered", "results only", "Score pad", "hand", "Trick", "tricks", "Teams", "bid", "by",
           "North", "East", "South", "confirmed", "audit", "live", "entry", "lead", "leads", "Total", "Found",
           "adjusted", "played", "NT", "win", "match", "Players", "House rules", "on", "off")


def revoked_hand(seed: int, dealer_seat: int):
    """The test auction's 3♥ played out with the lowest legal card, except that from trick 2 on
    the first player who holds the led suit discards another suit instead (a revoke): that card
    later proves it live."""
    from tests.engine.test_reverse_bridge import legal_cards, trick_winner
    from tests.web.test_api_reverse_bridge import TEAM, known_deal

    hands = {seat: list(cards) for seat, cards in known_deal(seed).items()}
    leader, revoke, cards = (dealer_seat + 3) % 4, None, []
    for number in range(1, 14):
        trick = []
        for position in range(4):
            seat = (leader + position) % 4
            card = legal_cards(hands[seat], trick, "h", seat)[0]
            if revoke is None and number >= 2 and trick:
                led = trick[0][1].suit
                others = [x for x in hands[seat] if x.suit != led]
                if others and any(x.suit == led for x in hands[seat]):
                    card, revoke = others[0], (number, PLAYERS[seat], others[0])
            hands[seat].remove(card)
            trick.append((seat, card))
            cards.append(str(card))
        leader = trick_winner(trick, "h")
    assert revoke is not None and TEAM
    return cards, revoke


def german_match(api):
    """Hand 1: a forced-capture breach and an adjustment; hand 2: a revoke proved live."""
    match = api.create(game="reverse-bridge", players=PLAYERS, settings={"hands": 4}, title="Dienstagsrunde")
    play_hand(api, match, seed=11, breach_from_trick=4)
    api.act(match, {"type": "adjust", "tricks": 4, "reason": "so vereinbart"})
    api.act(match, {"type": "deal"})
    for action in ({"type": "bid", "level": 1, "denomination": "S"}, {"type": "bid", "level": 2, "denomination": "H"},
                   {"type": "pass"}, {"type": "bid", "level": 3, "denomination": "H"}, {"type": "pass"},
                   {"type": "pass"}, {"type": "pass"}):
        api.act(match, action)
    cards, revoke = revoked_hand(23, dealer_seat=1)
    for card in cards:
        state = api.act(match, {"type": "play", "card": card})["state"]
    return match, state, revoke


def words_of(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-zÄÖÜäöüß]+", text))


def test_the_german_sheet_is_german_throughout(api, client, tmp_path):
    match, state, revoke = german_match(api)
    (live,) = [f for f in state["history"][1]["findings"] if f["source"] == "live"]
    assert (live["trick"], live["player"], live["card"]) == (revoke[0], revoke[1], str(revoke[2]))
    url = f"/api/matches/{match['id']}/scoresheet.pdf"
    _reader, text = sheet_in(client, url, DE)
    assert page_one_png(client.get(url, headers=DE).data, tmp_path, "german").stat().st_size > 10_000
    assert "jede Karte eingetragen" in text and "Nord–Süd (NS): Ann (Nord) und Cat (Süd)" in text
    flat = " ".join(text.split())
    assert f"bei Eintrag {live['seq']}, am Ende bestätigt" in flat and "am Ende der Runde" in flat
    # the live revoke is listed once in the findings, not again by the audit
    assert flat.count(f"Stich {revoke[0]}: {revoke[1]} spielte {revoke[2].symbol}") == 1
    assert "Nord–Süd führt mit" in flat or "Ost–West führt mit" in flat or "Beide Parteien stehen" in flat
    left = sorted(word for word in ENGLISH if re.search(rf"(?<![\w–]){re.escape(word)}(?![\w–])", flat))
    assert left == [], left
    _reader, quick = sheet_in(client, f"/api/matches/{quick_match(api)['id']}/scoresheet.pdf?size=letter", DE)
    flat = " ".join(quick.split())
    assert "nur Ergebnisse" in flat and "1SA von Dan" in flat and "7♠" in flat
    assert "Ost–West gewinnt die Partie" in flat or "Nord–Süd gewinnt die Partie" in flat
    left = sorted(word for word in ENGLISH if re.search(rf"(?<![\w–]){re.escape(word)}(?![\w–])", flat))
    assert left == [], left


def quick_match(api):
    match = api.create(game="reverse-bridge", players=PLAYERS, settings={"hands": 4}, mode="quick")
    for side, level, denomination, tricks in (({"team": "EW"}, 7, "S", 9), ({"bidder": "Cat"}, 9, "D", 6),
                                              ({"bidder": "Dan"}, 1, "NT", 1), ({"team": "NS"}, 2, "C", 0)):
        api.act(match, {"type": "quick", **side, "level": level, "denomination": denomination, "tricks": tricks})
    return match


def sheet_in(client, url, headers) -> tuple[PdfReader, str]:
    response = client.get(url, headers=headers)
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    reader = PdfReader(io.BytesIO(response.data))
    return reader, "\n".join(page.extract_text() for page in reader.pages)


@pytest.mark.parametrize("page", ["a4", "letter"])
def test_the_german_sheet_breaks_no_word(api, client, page):
    """Every wrapped cell of the German sheet breaks between words only: the words of each line
    are words of the cell's text (reportlab would cut a word that does not fit its column)."""
    from reportlab.platypus import Paragraph, Table

    from referee import pdf
    from referee.games.reverse_bridge import sheet as sheet_sections
    from referee.i18n import language, set_game

    match, _state, _revoke = german_match(api)
    view = client.get(f"/api/matches/{match['id']}", headers=DE).get_json()
    quick = client.get(f"/api/matches/{quick_match(api)['id']}", headers=DE).get_json()
    token = set_game("reverse-bridge")
    try:
        with language("de"):
            kit = pdf.page_kit(page)
            story = sheet_sections.sections(view, kit) + sheet_sections.sections(quick, kit)
            pdf.document(story, page)
    finally:
        from referee.i18n import _game
        _game.reset(token)
    wrapped = 0
    for flowable in story:
        cells = [cell for row in flowable._cellvalues for cell in row] if isinstance(flowable, Table) else [flowable]
        # a built table holds each wrapped cell as a tuple of its flowables
        for cell in (part for held in cells for part in (held if isinstance(held, (list, tuple)) else [held])):
            if not isinstance(cell, Paragraph):
                continue
            lines, words = laid_out(cell)
            assert all(word in words for line in lines for word in line), (cell.text, lines)
            wrapped += len(lines) > 1
    assert wrapped >= 5                                  # the check saw wrapped cells
