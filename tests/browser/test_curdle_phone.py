"""A table plays a hand of Curdle on a 390×844 phone by tapping: the deal and bank B, a run, a
kingfisher (a wrong card refused with its rule), a fluker, a natural curdle broken by the
curdler, a blind curdle walked through step by step, and a player going out; then the score
sheet downloads. The hand is the one tests/web/test_api_curdle.py knows by heart (HAND)."""
from __future__ import annotations

import io
import re

from playwright.sync_api import Page, expect
from pypdf import PdfReader

from tests.web.test_api_curdle import HAND

SHOTS = "test-results"


def tap_card(page: Page, card: str, key: str = "card") -> None:
    picker = page.locator(f'fieldset[data-picker="{key}"]')
    if card == "JK":
        picker.locator('label[for$="-r-JK"]').tap()
        return
    rank, suit = card[:-1], card[-1]
    picker.locator(f'label[for$="-r-{rank}"]').tap()
    picker.locator(f'label[for$="-s-{suit}"]').tap()


def press(page: Page, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).tap()


def at_seq(page: Page, seq: int) -> None:
    expect(page.locator("#board")).to_have_attribute("data-seq", str(seq))


def bank_top(page: Page, label: str):
    return page.locator(f".curdle-bank-{label} .bank-top")


def in_hand(page: Page, name: str):
    return page.locator(".curdle-players tbody tr", has_text=name).locator("td").nth(1)


def shot(page: Page, name: str) -> None:
    # caret="initial": hiding the caret leaves style="" on every input, which htmx would copy
    # onto the swapped-in inputs, and the CSP (no inline styles) would refuse.
    page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True, caret="initial")


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def check_state(page: Page, seq: int) -> None:
    """The screen shows what the engine says after entry ``seq`` of HAND."""
    _, _, tops, bridge, hands, stock, curdle = HAND[seq - 1]
    at_seq(page, seq)
    expect(bank_top(page, "A")).to_contain_text(re.sub(r"^JK$", "Joker", _symbol(tops[0])))
    if tops[1]:
        expect(bank_top(page, "B")).to_contain_text(_symbol(tops[1]))
    expect(in_hand(page, "Ann")).to_have_text(str(hands[0]))
    expect(in_hand(page, "Ben")).to_have_text(str(hands[1]))
    expect(page.locator(".curdle-stock")).to_contain_text(f"Stock: {stock} cards")
    if bridge:
        expect(page.locator(".curdle-bridge .bridge")).to_have_text(" or ".join(map(str, bridge)))
    alert = page.locator(".curdle-alert")
    if curdle:
        expect(alert).to_have_class(re.compile(f"curdle-{curdle}"))
    else:
        expect(alert).to_have_count(0)


def _symbol(card: str) -> str:
    if card == "JK":
        return "Joker"
    return card[:-1] + {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}[card[-1]]


def test_a_hand_of_curdle_with_every_kind_of_curdle_by_tapping(page: Page, live_server):
    page.goto(live_server + "/new")
    page.locator("#game").select_option("curdle")
    expect(page.locator("#house-rules")).to_contain_text("House rules for Curdle")
    page.get_by_label("Title (optional)").fill("Curdle night")
    page.get_by_label(re.compile("Players, one per line")).fill("Ann\nBen")
    page.get_by_role("button", name="Start the match").tap()
    expect(page.locator("h1")).to_have_text("Curdle night")
    turn = page.locator(".turn")
    expect(turn).to_contain_text("Ann deals hand 1")

    # The deal: K♥ starts bank A; Ben starts bank B with Q♣, a split card shown with both values.
    tap_card(page, "Kh")
    press(page, "Deal hand 1")
    check_state(page, 1)
    expect(turn).to_contain_text("Ben starts bank B")
    tap_card(page, "Qc")
    press(page, "Start bank B")
    check_state(page, 2)
    expect(page.locator(".curdle-bank-B .curdle-values")).to_have_text("both 12 or 2")
    expect(page.locator(".curdle-bridge")).to_contain_text("A, Jkr or J")
    expect(turn).to_contain_text("Ben's turn: a starter bridges 1 or 11")
    expect(page.locator(".curdle-players tr.in-turn")).to_contain_text("Ben")
    expect(page.get_by_role("button", name="Drew (kept): turn over", exact=True)).to_be_visible()
    shot(page, "curdle-start")
    no_sideways_scroll(page)

    # Ben's run: A♦ (as 1) onto B, then the joker onto A: a kingfisher.
    tap_card(page, "Ad")
    press(page, "Play on B")
    check_state(page, 3)
    expect(turn).to_contain_text("Ben's run: 1 card down")
    tap_card(page, "JK")
    press(page, "Play on A")
    check_state(page, 4)
    expect(page.locator(".curdle-alert")).to_contain_text("Kingfisher!")
    expect(page.locator(".curdle-alert")).to_contain_text("only a king bridges")
    # A queen is refused with the rule; the picked card survives the rejection.
    tap_card(page, "Qs")
    press(page, "Play on A")
    error = page.locator(".message.error")
    expect(error).to_contain_text("kingfisher")
    expect(error.locator(".rule-ref a")).to_contain_text("CURDLE-CURDLE-3")
    expect(page.locator('fieldset[data-picker="card"] input[value="Q"]')).to_be_checked()
    shot(page, "curdle-kingfisher")
    at_seq(page, 4)
    press(page, "End run (no bridge left)")
    check_state(page, 5)
    expect(turn).to_contain_text("Ann's turn")

    # Ann has no starter: she draws K♠, a fluker, and plays it at once onto B.
    expect(page.locator(".curdle-fluke legend")).to_contain_text("fluker")
    tap_card(page, "Ks")
    press(page, "Drew and played on B")
    check_state(page, 6)
    expect(turn).to_contain_text("Ann's run: 1 card down")

    # Her run goes on to a natural curdle: 3♠ on 3♦.
    for seq, card, bank in ((7, "Qd", "A"), (8, "Jh", "B"), (9, "9s", "A"), (10, "6c", "A"), (11, "3d", "B"),
                            (12, "3s", "A")):
        tap_card(page, card)
        press(page, f"Play on {bank}")
        check_state(page, seq)
    alert = page.locator(".curdle-alert")
    expect(alert).to_contain_text("Natural curdle!")
    expect(alert).to_contain_text("Ann (the curdler) breaks it")
    expect(page.locator(".curdle-players tr", has_text="Ann")).to_contain_text("curdler")
    expect(page.locator(".curdle-bridge .bridge")).to_have_text("0")
    shot(page, "curdle-natural")
    tap_card(page, "9h")
    press(page, "Break on B")
    check_state(page, 13)
    press(page, "End run (no bridge left)")
    check_state(page, 14)

    # Ben draws and keeps: every other player has failed since Ann's last card — a blind curdle.
    press(page, "Drew (kept): turn over")
    check_state(page, 15)
    expect(page.locator(".curdle-alert")).to_contain_text("Blind curdle!")
    expect(turn).to_contain_text("Ann, the curdler, takes the top cards")
    take_a = page.locator('label[for="blind-bank-A"]')
    take_b = page.locator('label[for="blind-bank-B"]')
    expect(take_a).to_contain_text("Take from A")
    expect(take_a.locator(".card")).to_have_text(["3♠", "6♣", "9♠", "Q♦"])
    expect(take_b.locator(".card")).to_have_text(["9♥", "3♦", "J♥", "K♠"])
    expect(page.locator(".curdle-step-to")).to_be_hidden()               # step 2 waits for the bank
    shot(page, "curdle-blind-step1")
    take_a.tap()
    rows = page.locator(".curdle-to-row")
    expect(rows).to_have_count(4)
    for i, card in enumerate(["3♠", "6♣", "9♠", "Q♦"]):
        expect(rows.nth(i).locator(".curdle-to-card")).to_have_text(card, use_inner_text=True)
    # Ben given two cards is refused with the rule; every choice made so far survives.
    for i, dest in enumerate(["Ann keeps", "to Ben", "Ann keeps", "to Ben"]):
        rows.nth(i).get_by_text(dest, exact=True).tap()
    press(page, "Hand out the cards")
    error = page.locator(".message.error")
    expect(error).to_contain_text("Ben would get more than one card")
    expect(error.locator(".rule-ref a")).to_contain_text("CURDLE-CURDLE-5")
    at_seq(page, 15)
    expect(page.locator("#blind-bank-A")).to_be_checked()
    expect(page.locator("#blind-to-1-1")).to_be_checked()
    expect(page.locator("#blind-to-3-1")).to_be_checked()
    rows.nth(3).get_by_text("Ann keeps", exact=True).tap()
    expect(page.locator("#blind-to-3-0")).to_be_checked()
    no_sideways_scroll(page)
    shot(page, "curdle-blind-step2")
    press(page, "Hand out the cards")
    check_state(page, 16)
    expect(page.locator(".curdle-bank-A .bank-meta")).to_have_text("2 cards")
    expect(turn).to_contain_text("Ann's turn: a starter bridges 8")

    # Ann goes out: 8♦, 7♥, A♣.
    for seq, card, bank in ((17, "8d", "B"), (18, "7h", "A"), (19, "Ac", "A")):
        tap_card(page, card)
        press(page, f"Play on {bank}")
        check_state(page, seq)
    expect(turn).to_contain_text("Ann played their last card and wins hand 1")
    expect(turn).to_contain_text("Ben deals hand 2")
    expect(page.locator(".curdle-players tr", has_text="Ann")).to_contain_text("won")
    hands = page.locator(".curdle-hands")
    expect(hands).to_contain_text("Ann won; cards left Ben 8")
    expect(hands).to_contain_text("kingfisher (Ben), natural curdle (Ann), blind curdle (Ann)")
    expect(page.locator(".score-table")).to_contain_text("Ann")
    expect(page.get_by_role("button", name="Deal hand 2", exact=True)).to_be_visible()
    shot(page, "curdle-won")
    no_sideways_scroll(page)

    # The score sheet downloads and names the winner, the cards left and the curdles.
    with page.expect_download() as download_info:
        page.get_by_role("link", name=re.compile("Score sheet")).tap()
    with open(download_info.value.path(), "rb") as pdf:
        data = pdf.read()
    assert data[:5] == b"%PDF-"
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages).split())
    assert "Curdle night" in text
    assert "1 Ann Ann went out; hands won 1 8 left; hands won 0" in text
    assert "blind curdle: Ann (entry 15)" in text


def test_results_only_by_tapping(page: Page, live_server):
    page.goto(live_server + "/new")
    page.locator("#game").select_option("curdle")
    expect(page.locator("#house-rules")).to_contain_text("House rules for Curdle")
    page.get_by_label(re.compile("Players, one per line")).fill("Ann\nBen\nCy")
    page.get_by_label("Results only", exact=False).check()
    page.get_by_label("Scoring").select_option("cards_left")
    page.get_by_role("button", name="Start the match").tap()
    turn = page.locator(".turn")
    expect(turn).to_contain_text("Results only: enter who won hand 1")
    # Cards-left scoring needs every loser's count: a missing one is refused, the entries kept.
    page.locator('label[for="curdle-winner-2"]').tap()
    page.get_by_label("Ann: cards left").fill("4")
    press(page, "Enter hand 1")
    expect(page.locator(".message.error")).to_contain_text("Cy")
    expect(page.get_by_label("Ann: cards left")).to_have_value("4")
    expect(page.locator("#curdle-winner-2")).to_be_checked()
    page.get_by_label("Cy: cards left").fill("7")
    press(page, "Enter hand 1")
    expect(turn).to_contain_text("enter who won hand 2")
    players = page.locator(".curdle-players")
    expect(players.locator("thead")).to_contain_text("Penalty")
    expect(players.locator("tr", has_text="Ann")).to_contain_text("4")
    expect(players.locator("tr", has_text="Cy")).to_contain_text("7")
    expect(page.locator(".curdle-hands")).to_contain_text("Ben won; cards left Ann 4, Cy 7.")
    no_sideways_scroll(page)
    shot(page, "curdle-quick")
