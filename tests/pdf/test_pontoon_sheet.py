"""The Pontoon score sheet read back as text, on A4 and Letter, and rendered as a picture: per
deal every hand with its cards, class, stake, shoot bet, result and payment; the running
balances; the kitty; bank changes and sales; the settle-up; house rules; findings."""
from __future__ import annotations

import io

from pypdf import PdfReader

from tests.pdf.rendering import page_one_png
from tests.web.test_api_pontoon import AFTER, FINAL, PLAYERS, SHOOT, SHOOT_SESSION, a, play_session


def sheet(client, match, size=None) -> tuple[PdfReader, str]:
    url = f"/api/matches/{match['id']}/scoresheet.pdf" + (f"?size={size}" if size else "")
    response = client.get(url)
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    reader = PdfReader(io.BytesIO(response.data))
    # Table cells wrap; compare with the whitespace made single.
    return reader, " ".join(" ".join(page.extract_text() for page in reader.pages).split())


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def test_the_sheet_of_a_shoot_session(api, client):
    match = api.create(game="pontoon", players=PLAYERS, settings=SHOOT, title="Friday Shoot")
    state = play_session(api, match)
    reader, text = sheet(client, match)
    assert (round(reader.pages[0].mediabox.width), round(reader.pages[0].mediabox.height)) == (595, 842)
    assert "Friday Shoot" in text and "Pontoon" in text
    assert "3 deals settled" in text and "first bank: Ann" in text and "session ended" in text
    # House rules, printed by the frame from the settings.
    assert "Shoot on" in text and "Kitty max 100" in text and "Stick min 15" in text
    # Per deal: the bank, every hand with cards, class, stake, shoot, result, payment.
    assert "Deal 1 — bank Ann" in text and "Deal 2 — bank Ann" in text and "Deal 3 — bank Ben" in text
    assert "Bank: 10♣ 5♥ 3♣ — 18" in text and "Bank: 9♣ 6♠ 10♦ — bust" in text
    assert "Dee 2♠ 3♠ 2♥ 3♥ 4♦ five card trick 3 five card trick beats the banker's 18, paid double +6" in text
    assert "Ben (hand 1) 8♣ A♥ 19 4 5 19 beats the banker's 18, paid single +4 +5" in text
    assert "Ben (hand 2) 8♦ 2♣ 7♣ 17 10 2 17 loses to the banker's 18, pays single −10 −2" in text
    assert "Cy K♥ 4♠ 6♥ Q♠ bust 2 3 bust: thrown in at entry 16 −2 −3" in text
    assert "Ben A♠ K♥ pontoon 2 pontoon beats the banker's 17, paid double +4" in text
    for deal in state["history"]:
        for row in deal["hands"]:
            assert " ".join(row["why"].split()) in text
    # Bank changes and the kitty.
    assert "Ben takes the bank from Ann with a pontoon" in text
    assert "Bank changes and sales" in text and "pontoon" in text
    assert "The kitty" in text and "Ann puts up the kitty" in text and "Ann adds to the kitty" in text
    assert "Ann takes back the kitty: the bank passes to Ben" in text and "Ben takes back the kitty at the end" in text
    # Running balances: each deal's row is the money as it was settled, the API test's; the
    # top-up after deal 1 and Ben's new kitty after deal 2 count in the coming deal, and the
    # kitty handed back at the end in the last one.
    assert "Running balances After Ann Ben Cy Dee Kitty" in text
    for row in ("deal 1 −38 −3 −5 +6 40", "deal 2 −3 +1 −10 +12 0", "deal 3 +7 −17 −7 +17 0",
                " ".join(["final"] + [signed(FINAL["balances"][p]) for p in PLAYERS] + ["0"])):
        assert row in text, row
    assert "Carried forward: kitty 40, balances Ann −38, Ben −3, Cy −5, Dee +6." in text
    assert [state["history"][n]["balances"] for n in (0, 1)] == [AFTER[0]["balances"], AFTER[1]["balances"]]
    assert "count in the coming deal" in text
    # The kitty's lines are listed under the deal they count in: the top-up (entry 27) in deal 2.
    assert "2 27 Ann → kitty 12 Ann adds to the kitty 52" in text
    # The settle-up, the result and the findings (none).
    assert "Settle-up" in text and "Ben pays Dee 17" in text and "Cy pays Ann 7" in text
    assert "2 payments square everyone" in text
    assert ("Result After 3 deals, Dee finishes furthest ahead: +17. "
            "Settle-up: Ben pays Dee 17 and Cy pays Ann 7.") in text
    assert "None: the log proves no breach." in text


# Ann's bank: Ben stuck on 12 loses 2, Cy's 19 beats the bank's 17 for 3.
ONE_DEAL = (a("deal"), a("stake", player="Ben", amount=2), a("stake", player="Cy", amount=3),
            a("second_card"), a("stick"), a("stick"), a("banker_reveal", cards=["10c", "7c"]),
            a("reveal", player="Ben", hand=1, cards=["9h", "3h"]),
            a("reveal", player="Cy", hand=1, cards=["Kd", "9d"]), a("banker_stick"))


def test_a_bank_given_away_is_listed_as_given_not_as_a_sale(api, client):
    match = api.create(game="pontoon", players=("Ann", "Ben", "Cy"), settings={"buy_in": 100})
    for action in (*ONE_DEAL, a("sell_bank", to="Ben", price=0)):
        api.act(match, action)
    _reader, text = sheet(client, match)
    assert "Ann gives the bank to Ben" in text
    assert "After Entry From To Why Price deal 1 11 Ann Ben given away —" in text
    german = client.get(f"/api/matches/{match['id']}/scoresheet.pdf", headers={"Accept-Language": "de"})
    words = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(german.data)).pages).split())
    assert "Runde 1 11 Ann Ben abgegeben —" in words


def test_letter_a_sale_and_findings(api, client):
    match = api.create(game="pontoon", players=("Ann", "Ben", "Cy"), settings={"buy_in": 100})
    for action in (*ONE_DEAL, a("sell_bank", to="Cy", price=20)):
        api.act(match, action)
    reader, text = sheet(client, match, "letter")
    assert (round(reader.pages[0].mediabox.width), round(reader.pages[0].mediabox.height)) == (612, 792)
    assert "buy-in 100 each" in text and "bank now with Cy" in text
    assert "Ann sells the bank to Cy for 20" in text
    assert "After Entry From To Why Price deal 1 11 Ann Cy sale 20" in text
    assert "Settle-up as things stand" in text
    # Balances with a buy-in are chips held, not signed: 100 + 2 − 3 + 20 for Ann.
    assert "now 119 98 83" in text
    assert "PONTOON-TURN-5" in text and "stuck on 9♥ 3♥ (12)" in text
    assert "The kitty" not in text                       # no Shoot, no kitty section


def test_quick_results_and_an_empty_sheet(api, client):
    match = api.create(game="pontoon", players=PLAYERS, mode="quick")
    _, text = sheet(client, match)
    assert "No deal settled yet." in text and "Nothing has been paid yet." in text
    assert "Everyone is square." in text and "None: Ann held the bank throughout." in text
    api.act(match, a("quick", banker_class="total", banker_total=18, hands=[
        {"player": "Ben", "stake": 4, "class": "total", "total": 19},
        {"player": "Cy", "stake": 2, "class": "bust"},
        {"player": "Dee", "stake": 3, "class": "five_card_trick"}]))
    _, text = sheet(client, match)
    assert "Results only" in text and "Bank: entered as a result — 18" in text
    assert "Dee five card trick 3 five card trick beats the banker's 18, paid double +6" in text


def test_page_one_renders_to_a_picture(api, client, tmp_path):
    match = api.create(game="pontoon", players=PLAYERS, settings=SHOOT, title="Friday Shoot")
    play_session(api, match, SHOOT_SESSION[:2], end=False)
    page = page_one_png(client.get(f"/api/matches/{match['id']}/scoresheet.pdf").data, tmp_path)
    assert page.stat().st_size > 10_000  # a page with tables on it, not a blank sheet
