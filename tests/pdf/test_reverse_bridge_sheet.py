"""The Reverse Bridge score sheet read back as text (A4 and Letter) and rendered as a picture:
teams, the score pad (dealer, contract, bidding team, tricks, both scores, running totals),
findings, adjustments, house rules, the trick record; and the printable scoring table."""
from __future__ import annotations

import io

from pypdf import PdfReader

from tests.web.test_api_reverse_bridge import PLAYERS, TEAM, expected_score, play_hand
from tests.pdf.rendering import page_one_png


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
