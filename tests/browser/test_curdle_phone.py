"""A table plays a hand of Curdle on a phone of each size (390×844 and 360×740) by tapping: the
deal and bank B (each card sent by its second tap: one bank is the only place for it), a run, a
kingfisher (a card on a bank is greyed out with the reason; a wrong card is refused by the keys
with its rule), a fluker, a natural curdle broken by the curdler, a blind curdle walked through
step by step, a player going out with the hand's result on the board, and the next deal. At
every step the next entry's keys and the turn line are on screen without scrolling, and every
answer appears by the keys. The hand is the one tests/web/test_api_curdle.py knows (HAND)."""
from __future__ import annotations

import io
import os
import re

from playwright.sync_api import Page, expect
from pypdf import PdfReader

from tests.browser.table import Table
from tests.web.test_api_curdle import HAND

SHOTS = "/tmp/shots"


def shot(table: Table, name: str) -> None:
    """What the phone shows (the viewport, not the whole page). caret="initial": hiding the
    caret leaves style="" on inputs, which htmx would copy and the CSP would refuse."""
    os.makedirs(SHOTS, exist_ok=True)
    size = table.page.viewport_size
    table.page.screenshot(path=f"{SHOTS}/{name}-{size['width']}x{size['height']}.png", caret="initial")


def at_seq(page: Page, seq: int) -> None:
    expect(page.locator("#board")).to_have_attribute("data-seq", str(seq))


def in_hand(page: Page, name: str):
    return page.locator(".curdle-players tbody tr", has_text=name).locator("td").nth(1)


def check_state(page: Page, seq: int) -> None:
    """The board shows what the engine says after entry ``seq`` of HAND."""
    _, _, tops, bridge, hands, stock, curdle = HAND[seq - 1]
    at_seq(page, seq)
    expect(page.locator(".curdle-bank-A .bank-top")).to_contain_text(_symbol(tops[0]))
    if tops[1]:
        expect(page.locator(".curdle-bank-B .bank-top")).to_contain_text(_symbol(tops[1]))
    expect(in_hand(page, "Ann")).to_have_text(str(hands[0]))
    expect(in_hand(page, "Ben")).to_have_text(str(hands[1]))
    expect(page.locator(".curdle-stock")).to_contain_text(f"Stock: {stock} cards")
    alert = page.locator(".curdle-alert")
    if curdle:
        expect(alert).to_have_class(re.compile(f"curdle-{curdle}"))
    else:
        expect(alert).to_have_count(0)


def _symbol(card: str) -> str:
    if card == "JK":
        return "Joker"
    return card[:-1] + {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}[card[-1]]


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


class Counter:
    """Taps per card, per turn and per hand, read off the Table's tap count."""

    def __init__(self, table: Table):
        self.table = table
        self.cards: dict[str, int] = {}
        self.turns: list[int] = []
        self._turn = table.taps

    def card(self, kind: str, card: str, bank: str | None = None) -> int:
        """Deal and open: rank, suit. Onto a bank of the player's choice: the rank, then the
        suit in that bank's row (a joker: any key of the row); a fluker presses Fluker first."""
        before = self.table.taps
        if not bank:
            self.table.card("card", card)
        else:
            if kind == "fluke":
                self.table.tap(self.table.page.locator("#panel .curdle-fluker"))
            picker = self.table.page.locator('#panel fieldset[data-picker="card"]')
            rank, suit = ("JK", "c") if card == "JK" else (card[:-1], card[-1])
            self.table.tap(picker.locator(f'label[for$="-r-{rank}"]'))
            self.table.tap(picker.locator(f'label[for$="-s-{suit}-{bank}"]'))
        taps = self.table.taps - before
        self.cards[f"{kind} {card}"] = taps
        return taps

    def end_turn(self) -> None:
        self.turns.append(self.table.taps - self._turn)
        self._turn = self.table.taps


def test_a_hand_of_curdle_by_tapping_every_entry_in_reach(phone: Page, live_server):
    page = phone
    table = Table(page)
    taps = Counter(table)
    page.goto(live_server + "/new")
    page.locator("#game").select_option("curdle")
    expect(page.locator("#house-rules")).to_contain_text("House rules for Curdle")
    page.get_by_label("Title (optional)").fill("Curdle night")
    page.get_by_label(re.compile("Players, one per line")).fill("Ann\nBen")
    page.get_by_role("button", name="Start the match").tap()
    expect(page.locator("h1")).to_have_text("Curdle night")
    table.expect_turn("Ann deals hand 1")
    shot(table, "curdle-deal")

    # The deal and bank B: one bank is the only place for each card, so its second tap sends it.
    assert taps.card("deal", "Kh") == 2
    check_state(page, 1)
    table.expect_turn("Ben starts bank B")
    table.confirmed("Ann deals hand 1: K♥ starts bank A")
    # K♥ lies on bank A: with the rank K picked, its heart is greyed out and says where it is.
    table.key("card", "K")
    heart = page.locator('#panel fieldset[data-picker="card"] label[for$="-s-h"]')
    expect(heart).to_have_class(re.compile(r"\boff\b"))
    expect(heart).to_have_attribute("aria-description", "on bank A, its top card")
    expect(page.locator('#panel fieldset[data-picker="card"] input[value="h"]')).to_be_disabled()
    table.in_reach()
    before = table.taps
    table.card("card", "Qc")            # the queen replaces the king; the club sends it
    assert table.taps - before == 2
    check_state(page, 2)
    taps.end_turn()                     # the deal and the opening card: two entries
    table.expect_turn("Ben's turn: a starter bridges 1 or 11")
    table.confirmed("Ben starts bank B with Q♣")
    expect(page.locator(".curdle-bank-B .curdle-values")).to_have_text("both 12 or 2")
    expect(page.locator(".curdle-players tr.in-turn")).to_contain_text("Ben")
    shot(table, "curdle-play")
    no_sideways_scroll(page)

    # Ben's run: A♦ onto B (the rank, then ♦ in bank B's row: the bank is Ben's choice), then the
    # joker onto A (the joker, then any key of bank A's row).
    assert taps.card("play", "Ad", "B") == 2
    check_state(page, 3)
    table.expect_turn("Ben's run: 1 card down")
    table.confirmed("Ben plays the starter A♦ on bank B")
    assert taps.card("play", "JK", "A") == 2
    check_state(page, 4)
    table.expect_turn("Next bridge 13")
    expect(page.locator(".curdle-alert")).to_contain_text("Kingfisher!")
    # A queen is no bridge: refused by the keys, with its rule; the picked card stays picked.
    taps.card("play", "Qs", "A")
    error = table.refused("Q♠ is not a bridge", "kingfisher")
    expect(error.get_by_role("link", name="Rule CURDLE-CURDLE-3")).to_have_attribute(
        "href", "/rules/curdle#CURDLE-CURDLE-3")
    expect(page.locator('#panel fieldset[data-picker="card"] input[value="Q"]')).to_be_checked()
    shot(table, "curdle-refused")
    at_seq(page, 4)
    table.press("End run (no bridge left)")
    check_state(page, 5)
    taps.end_turn()
    table.expect_turn("Ann's turn: a starter bridges 13")

    # Ann has no starter: she draws K♠, a fluker, and plays it at once onto B (Fluker, then the card).
    expect(page.locator("#panel .curdle-fluke-note")).to_contain_text("Press Fluker")
    shot(table, "curdle-fluke")
    assert taps.card("fluke", "Ks", "B") == 3
    check_state(page, 6)
    table.expect_turn("Ann's run: 1 card down")
    # Her run goes on to a natural curdle: 3♠ on 3♦.
    for seq, card, bank in ((7, "Qd", "A"), (8, "Jh", "B"), (9, "9s", "A"), (10, "6c", "A"), (11, "3d", "B"),
                            (12, "3s", "A")):
        assert taps.card("play", card, bank) == 2
        check_state(page, seq)
        table.in_reach()
    table.expect_turn("Ann, the curdler, breaks the natural curdle with any card but 3s")
    table.confirmed("a natural curdle: Ann breaks it")
    expect(page.locator(".curdle-alert")).to_contain_text("Natural curdle!")
    shot(table, "curdle-break")
    assert taps.card("break", "9h", "B") == 2
    check_state(page, 13)
    table.expect_turn("Ann's run")
    table.press("End run (no bridge left)")
    check_state(page, 14)
    taps.end_turn()

    # Ben draws and keeps: every other player has failed since Ann's last card — a blind curdle.
    table.expect_turn("Ben's turn")
    table.press("Drew (kept): turn over")
    check_state(page, 15)
    taps.end_turn()
    table.expect_turn("Ann, the curdler, takes the top cards")
    take_a = page.locator('#panel label[for="blind-bank-A"]')
    expect(take_a.locator(".card")).to_have_text(["3♠", "6♣", "9♠", "Q♦"])
    expect(page.locator(".curdle-step-to")).to_be_hidden()               # step 2 waits for the bank
    shot(table, "curdle-blind-step1")
    table.tap(take_a)
    table.in_reach()
    rows = page.locator("#panel .curdle-to-row")
    expect(rows).to_have_count(4)
    for i, card in enumerate(["3♠", "6♣", "9♠", "Q♦"]):
        expect(rows.nth(i).locator(".curdle-to-card")).to_have_text(card, use_inner_text=True)
    # Ben given two cards is refused by the keys with the rule; every choice made so far stays.
    for i, dest in enumerate(["Ann keeps", "to Ben", "Ann keeps", "to Ben"]):
        table.tap(rows.nth(i).get_by_text(dest, exact=True))
        table.in_reach()
    shot(table, "curdle-blind-step2")
    table.press("Hand out the cards")
    error = table.refused("Ben would get more than one card")
    expect(error.get_by_role("link", name="Rule CURDLE-CURDLE-5")).to_be_visible()
    at_seq(page, 15)
    expect(page.locator("#blind-bank-A")).to_be_checked()
    expect(page.locator("#blind-to-3-1")).to_be_checked()
    shot(table, "curdle-blind-refused")
    table.tap(rows.nth(3).get_by_text("Ann keeps", exact=True))
    table.in_reach()
    no_sideways_scroll(page)
    table.press("Hand out the cards")
    check_state(page, 16)
    table.confirmed("Ann hands out the top of bank A")
    table.expect_turn("Ann's turn: a starter bridges 8")

    # Ann goes out: 8♦, 7♥, A♣.
    for seq, card, bank in ((17, "8d", "B"), (18, "7h", "A"), (19, "Ac", "A")):
        assert taps.card("play", card, bank) == 2
        check_state(page, seq)
        table.in_reach()
    taps.end_turn()
    table.expect_turn("Ann played their last card and wins hand 1")
    table.expect_turn("Ben deals hand 2")
    hand_taps = table.taps
    outcome = page.locator(".outcome")
    expect(outcome).to_contain_text("Ann played their last card and wins hand 1; cards left: Ben 8.")
    expect(outcome.locator(".breakdown thead")).to_contain_text("Cards left")
    expect(page.locator(".score-table tr.leader")).to_contain_text("Ann")
    shot(table, "curdle-won")
    no_sideways_scroll(page)

    # The next deal: Ben turns up the card for bank A, sent by its second tap.
    assert taps.card("deal", "5s") == 2
    table.expect_turn("Ann starts bank B")
    table.confirmed("Ben deals hand 2: 5♠ starts bank A")

    # Taps: at most two for a card, wherever it goes; a fluker's one more says it was drawn.
    cards = {k: v for k, v in taps.cards.items() if not k.startswith("fluke")}
    assert cards and all(v <= 2 for v in cards.values()), taps.cards
    assert all(v <= 3 for v in taps.cards.values()), taps.cards
    for count in taps.cards.values():
        table.record("curdle", "card", count)
    for count in taps.turns:
        table.record("curdle", "turn", count)
    table.record("curdle", "hand", hand_taps)
    print(f"\ncurdle taps {page.viewport_size}: per card {taps.cards}; per turn {taps.turns}; "
          f"hand 1 (19 entries, one refusal, one disabled-key check): {hand_taps}")
    assert hand_taps <= 50
    assert table.checked >= 35

    # The score sheet names the winner and the hand won in words.
    with page.expect_download() as download_info:
        page.get_by_role("link", name=re.compile("Score sheet")).tap()
    with open(download_info.value.path(), "rb") as pdf:
        data = pdf.read()
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages).split())
    assert "1 Ann Ann went out; 1 hand won 8 left; 0 hands won" in text
    assert "Scoring hands won" in text and "hands_won" not in text


def test_results_only_by_tapping_in_reach(phone: Page, live_server):
    page = phone
    table = Table(page)
    page.goto(live_server + "/new")
    page.locator("#game").select_option("curdle")
    expect(page.locator("#house-rules")).to_contain_text("House rules for Curdle")
    page.get_by_label(re.compile("Players, one per line")).fill("Ann\nBen\nCy")
    page.get_by_label("Results only", exact=False).check()
    scoring = page.get_by_label("Scoring")
    expect(scoring.locator("option")).to_have_text(["hands won", "cards left"])
    scoring.select_option("cards_left")
    page.get_by_role("button", name="Start the match").tap()
    table.expect_turn("Results only: enter who won hand 1")
    # Cards-left scoring needs every loser's count: a missing one is refused, the entries kept.
    table.tap(page.locator('label[for="curdle-winner-2"]'))
    page.get_by_label("Ann: cards left").fill("4")
    table.press("Enter hand 1")
    table.refused("Cy")
    expect(page.get_by_label("Ann: cards left")).to_have_value("4")
    expect(page.locator("#curdle-winner-2")).to_be_checked()
    page.get_by_label("Cy: cards left").fill("7")
    table.press("Enter hand 1")
    table.expect_turn("enter who won hand 2")
    table.confirmed("Ben wins hand 1")
    expect(page.locator(".outcome")).to_contain_text("the others take a penalty point per card left: Ann 4, Cy 7")
    expect(page.locator(".score-table tr.leader")).to_contain_text("Ben")
    no_sideways_scroll(page)
    shot(table, "curdle-quick")
    # The state now shows hand 1 as over (its deal, dealer and scores); what a person reads names
    # the hand to enter next, and the result shown is the one just recorded.
    legend = page.locator("#panel .curdle-quick legend")
    expect(legend).to_have_text("Hand 2: who played their last card?")
    expect(page.locator("#panel").get_by_role("button", name="Enter hand 2", exact=True)).to_be_visible()
    expect(page.locator(".outcome")).to_contain_text("wins hand 1")
    table.tap(page.locator('label[for="curdle-winner-3"]'))
    page.get_by_label("Ann: cards left").fill("2")
    page.get_by_label("Ben: cards left").fill("9")
    page.get_by_label("Cy: cards left").fill("")
    table.press("Enter hand 2")
    table.expect_turn("Results only: enter who won hand 3.")
    table.confirmed("Cy wins hand 2")
    expect(legend).to_have_text("Hand 3: who played their last card?")
    expect(page.locator("#panel").get_by_role("button", name="Enter hand 3", exact=True)).to_be_visible()
    expect(page.locator(".outcome")).to_contain_text("Cy played their last card and wins hand 2")
    expect(page.locator(".curdle-hands li")).to_have_count(2)
