"""The banker's phone drives a four-player Shoot Pontoon session of three deals, by tapping on a
390×844 screen: the kitty, stakes with one tap each, shoot bets, a split with a new shoot bet on
the second hand, a buy refused for its amount (the message and the typed amount shown), a bust
that feeds the kitty, a five card trick, the bank's draw, the hands shown after the bank stands,
the settlement table, a kitty top-up, a player's pontoon that takes the bank, a shoot before the
fourth card, a bust bank, the end of the session with its settle-up, and the score sheet.

The cards of the three deals are planned so that each event happens (the referee only sees what
is entered); they are the deals of ``SHOOT_SESSION`` in the API tests, whose money they check.
"""
from __future__ import annotations

import io
import os
import re

from playwright.sync_api import Page, expect
from pypdf import PdfReader

from tests.web.test_api_pontoon import AFTER, FINAL, SHOOT_SESSION

SHOTS = os.environ.get("SHOTS", "test-results")   # pytest-playwright empties test-results at each start


class Screen:
    """The phone, with the steps a banker takes; every accepted entry moves the log by one."""

    def __init__(self, page: Page):
        self.page = page
        self.seq = 0

    def press(self, name: str, accepted: bool = True) -> None:
        self.page.get_by_role("button", name=name, exact=True).tap()
        if accepted:
            self.seq += 1
            expect(self.page.locator("#board")).to_have_attribute("data-seq", str(self.seq))
            expect(self.page.locator(".message.error")).to_have_count(0)

    def card(self, key: str, card: str) -> None:
        rank, suit = card[:-1], card[-1]
        picker = self.page.locator(f'fieldset[data-picker="{key}"]')
        picker.locator(f'label[for$="-r-{rank}"]').tap()
        picker.locator(f'label[for$="-s-{suit}"]').tap()

    def amount(self, label: str | re.Pattern, value: int) -> None:
        exact = isinstance(label, str)
        self.page.get_by_label(label, exact=exact).fill(str(value))

    def show(self, *cards: tuple[int, str]) -> None:
        """Open "Show the cards" and pick the face-down ones, by position in the hand."""
        details = self.page.locator("details.pt-show")
        if details.get_attribute("open") is None:
            details.locator("summary").tap()
        for index, card in cards:
            self.card(f"cards.{index}", card)

    def reveal(self, who: str, *cards: tuple[int, str]) -> None:
        expect(self.page.locator(".pt-reveal > legend")).to_contain_text(f"{who} shows the cards")
        for index, card in cards:
            self.card(f"cards.{index}", card)
        self.press(f"Show the cards of {who}")

    def turn(self, text: str) -> None:
        expect(self.page.locator(".turn")).to_contain_text(text)

    def balances(self, money: dict[str, int], kitty: int | None = None) -> None:
        for name, amount in money.items():
            shown = f"+{amount}" if amount > 0 else (f"−{-amount}" if amount < 0 else "0")
            expect(self.page.locator(f'.pt-balance[data-player="{name}"] .pt-money')).to_have_text(shown)
        if kitty is not None:
            expect(self.page.locator('.pt-balance[data-player="kitty"] .pt-money')).to_have_text(str(kitty))

    def hand_row(self, player: str, number: int = 1):
        return self.page.locator(f'.pt-hands tr[data-player="{player}"][data-hand="{number}"]')

    def settled(self, player: str, number: int = 1):
        return self.page.locator(f'.pt-settle-table tr[data-player="{player}"][data-hand="{number}"]')

    def shot(self, name: str) -> None:
        # caret="initial": hiding the caret leaves style="" on inputs, which htmx would then copy
        # onto the swapped-in inputs and the CSP would refuse.
        self.page.screenshot(path=f"{SHOTS}/pontoon-{name}.png", full_page=True, caret="initial")
        assert self.page.evaluate("document.documentElement.scrollWidth") <= 390, name


def test_a_shoot_pontoon_session_of_three_deals_by_tapping(page: Page, live_server):
    s = Screen(page)
    page.goto(live_server + "/new")
    page.locator("select#game").select_option("pontoon")
    expect(page.locator("#house-rules")).to_contain_text("House rules for Pontoon")
    page.get_by_label("Title (optional)").fill("Friday Shoot")
    page.get_by_label(re.compile("Players, one per line")).fill("Ann\nBen\nCy\nDee")
    page.get_by_label("Shoot", exact=True).check()
    page.get_by_role("button", name="Start the match").tap()
    expect(page.locator("h1")).to_have_text("Friday Shoot")

    # --- Deal 1: Ann's bank ------------------------------------------------------------------
    s.turn("Ann puts up the kitty: 10 to 100")
    s.amount("Kitty", 40)
    s.press("Put up the kitty")
    s.balances({"Ann": -40, "Ben": 0}, kitty=40)
    s.turn("Ann holds the bank and deals first: shuffle and cut the pack")
    s.press("Ann deals the first card to everyone")
    s.turn("Ben stakes next (1 to 10)")
    expect(page.get_by_role("radio", name="Ben")).to_be_checked()
    s.shot("stakes")
    s.press("stake 4")
    expect(page.get_by_role("radio", name="Cy")).to_be_checked()     # the next to stake is picked
    s.press("stake 2")
    s.press("stake 3")
    s.turn("Shoot bets on the first card")
    s.amount(re.compile("Shoot bet"), 5)
    s.press("Ben shoots")
    s.amount(re.compile("Shoot bet"), 3)
    s.press("Cy shoots")
    expect(page.locator('.pt-balance[data-player="kitty"] .pt-sub')).to_have_text("32 free")
    s.press("Ann deals the second card")

    # Ben splits his eights and shoots again on the second hand (SHOOT-5).
    s.turn("Ben to play; a card can be bought for 4 to 8")
    s.show((0, "8c"), (1, "8d"))
    s.shot("show-cards")
    s.press("Split the pair")
    expect(s.hand_row("Ben", 1)).to_contain_text("8♣")
    expect(s.hand_row("Ben", 2)).to_contain_text("8♦")
    s.turn("Ben's hand 1 to play")
    s.shot("split")
    s.amount(re.compile("^Shoot bet"), 2)
    s.press("Shoot on hand 2")
    expect(s.hand_row("Ben", 2).locator("td").nth(3)).to_have_text("2")
    s.press("Ben's hand 1 sticks")

    # Hand 2 buys: Enter in the amount does nothing (every entry is a tap); 10 is refused.
    s.turn("Ben's hand 2 to play; a card can be bought for 4 to 8")
    s.amount(re.compile("^Buy for 4 to 8"), 10)
    page.get_by_label(re.compile("^Buy for")).press("Enter")
    page.wait_for_timeout(400)
    expect(page.locator("#board")).to_have_attribute("data-seq", str(s.seq))
    expect(page.get_by_role("button", name="Buy face down", exact=True)).to_be_visible()
    s.press("Buy face down", accepted=False)
    error = page.locator(".message.error")
    expect(error).to_contain_text("Ben's hand 2 staked 4: the third card costs 4 to 8, not 10")
    expect(error.locator(".rule-ref a")).to_contain_text("PONTOON-TURN-3")
    expect(page.get_by_label(re.compile("^Buy for"))).to_have_value("10")     # what was typed stays
    expect(page.locator("#board")).to_have_attribute("data-seq", str(s.seq))
    s.shot("buy-refused")
    s.amount(re.compile("^Buy for"), 6)
    s.press("Buy face down")
    expect(s.hand_row("Ben", 2)).to_contain_text("4+6")
    s.turn("a card can be bought for 4 to 6")
    s.press("Ben's hand 2 sticks")

    # Cy twists twice and throws in a bust: the shoot bet goes into the kitty at once (SHOOT-6).
    s.turn("Cy to play")
    s.card("card", "6h")
    expect(page.get_by_role("button", name="Buy face up", exact=True)).to_be_visible()  # a picked card is shown
    s.press("Twist")
    s.card("card", "Qs")
    s.press("Twist")
    s.show((0, "Kh"), (1, "4s"))
    s.press("Bust: throw in")
    expect(s.hand_row("Cy")).to_contain_text("bust")
    s.balances({"Cy": -5}, kitty=43)

    # Dee twists three small cards: five cards, two of them face down; she sticks.
    for card in ("2h", "3h", "4d"):
        s.card("card", card)
        s.press("Twist")
    expect(page.get_by_role("button", name="Twist", exact=True)).to_have_count(0)   # five cards: no more
    s.press("Dee sticks")

    # The bank turns up and draws; then the hands still in are shown, one at a time.
    s.turn("Ann turns up the bank's two cards")
    s.card("cards.0", "10c")
    s.card("cards.1", "5h")
    s.press("Turn up the bank")
    s.turn("holds 10♣ 5♥: 15")
    s.card("card", "3c")
    s.press("Bank draws this card")
    s.turn("3♣: 18")
    s.shot("bank")
    s.reveal("Ben's hand 1", (1, "Ah"))
    s.reveal("Ben's hand 2", (1, "2c"), (2, "7c"))
    s.reveal("Dee", (0, "2s"), (1, "3s"))
    expect(s.hand_row("Dee")).to_contain_text("five card trick")
    s.press("Bank stands: settle the deal")

    # The settlement: who is paid what and why.
    expect(page.locator(".pt-settlement h2")).to_have_text("Deal 1: settlement")
    expect(page.locator(".pt-bank-line")).to_contain_text("18")
    dee = s.settled("Dee")
    expect(dee).to_contain_text("five card trick beats the banker's 18, paid double")
    expect(dee.locator(".pt-amount")).to_have_text("+6")
    expect(s.settled("Ben", 1)).to_contain_text("19 beats the banker's 18, paid single")
    expect(s.settled("Ben", 1)).to_contain_text("shoot 5: paid from the kitty")
    expect(s.settled("Ben", 2).locator(".pt-amount")).to_have_text("−10")
    expect(s.settled("Cy")).to_contain_text("bust")
    s.balances(AFTER[0]["balances"], kitty=AFTER[0]["kitty"])
    s.turn("the used cards go under the pack, no shuffle")
    page.locator(".pt-settle-up summary").tap()
    expect(page.locator(".pt-transfers li").first).to_have_text("Cy pays Dee 5")   # the kitty counts as Ann's
    s.shot("settled")

    # --- Deal 2: a top-up; Ben's pontoon takes the bank ---------------------------------------
    page.locator("details.pt-more", has_text="Add to the kitty").locator("summary").tap()
    s.amount("Add", 12)
    s.press("Add to the kitty")
    s.balances({"Ann": -50}, kitty=52)
    s.press("Ann deals the first card to everyone")
    for amount in (2, 5, 1):
        s.press(f"stake {amount}")
    s.amount(re.compile("Shoot bet"), 4)
    s.press("Dee shoots")
    s.press("Ann deals the second card")
    s.show((0, "As"), (1, "Kh"))
    s.press("Pontoon")
    expect(s.hand_row("Ben")).to_contain_text("pontoon")
    s.press("Cy sticks")
    s.amount(re.compile("^Buy for"), 1)
    s.press("Buy face down")
    s.press("Dee sticks")
    s.card("cards.0", "Jd")
    s.card("cards.1", "7d")
    s.press("Turn up the bank")
    s.reveal("Cy", (0, "9d"), (1, "8s"))
    s.reveal("Dee", (0, "5c"), (1, "6c"), (2, "7h"))
    s.press("Bank stands: settle the deal")
    expect(s.settled("Ben")).to_contain_text("pontoon beats the banker's 17, paid double")
    expect(s.settled("Cy")).to_contain_text("ties go to the banker")
    expect(page.locator(".pt-bank-change")).to_contain_text("Ben takes the bank from Ann: a pontoon")
    s.turn("Ann hands the bank to Ben (pontoon)")
    s.turn("Ben puts up a new kitty")
    s.balances(AFTER[1]["balances"], kitty=AFTER[1]["kitty"])
    expect(page.locator('.pt-balance[data-player="Ben"] .badge')).to_have_text("bank")
    s.shot("bank-passes")

    # --- Deal 3: Ben's bank; Dee shoots before her fourth card; the bank busts ---------------
    s.amount("Kitty", 30)
    s.press("Put up the kitty")
    s.turn("Ben deals next (deal 3): shuffle and cut the pack first (there was a pontoon)")
    s.press("Ben deals the first card to everyone")
    s.turn("Cy stakes next")
    for amount in (3, 2, 4):
        s.press(f"stake {amount}")
    s.amount(re.compile("Shoot bet"), 6)
    s.press("Ann shoots")
    s.press("Ben deals the second card")
    s.press("Cy sticks")
    s.card("card", "5d")
    s.press("Twist")
    s.amount(re.compile("^Shoot bet"), 3)
    s.press("Shoot")
    expect(page.get_by_role("button", name="Dee sticks", exact=True)).to_have_count(0)   # the card must follow
    s.card("card", "4c")
    s.press("Twist")
    s.press("Dee sticks")
    s.press("Ann sticks")
    s.card("cards.0", "9c")
    s.card("cards.1", "6s")
    s.press("Turn up the bank")
    s.card("card", "10d")
    s.press("Bank draws this card")
    s.turn("bust (25)")
    s.reveal("Cy", (0, "10s"), (1, "9h"))
    s.reveal("Dee", (0, "2d"), (1, "7s"))
    s.reveal("Ann", (0, "Kc"), (1, "6d"))
    s.press("Settle the deal")
    expect(s.settled("Ann")).to_contain_text("the banker is bust: 16 paid single")
    expect(s.settled("Ann")).to_contain_text("+6")                 # the shoot bet, from the kitty
    s.balances(AFTER[2]["balances"], kitty=AFTER[2]["kitty"])

    # --- The end of the session: the settle-up ------------------------------------------------
    page.locator("details.pt-end summary").tap()
    s.press("End the session and settle up")
    s.turn("The session is over after 3 deals")
    s.balances(FINAL["balances"], kitty=0)
    transfers = page.locator(".pt-transfers li")
    expect(transfers).to_have_count(len(FINAL["settle_up"]))
    for item, t in zip(transfers.all(), FINAL["settle_up"]):
        expect(item).to_have_text(f"{t['from']} pays {t['to']} {t['amount']}")
    expect(page.locator("details.pt-settle-up")).to_have_attribute("open", "")
    expect(page.locator("form.entry")).to_have_count(0)
    s.shot("settle-up")

    # The log holds exactly the planned deals: the taps made these actions and nothing more
    # (no field of another entry travelled with them; the refused buy was never appended).
    match_id = page.url.rstrip("/").rsplit("/", 1)[1]
    log = page.request.get(f"{live_server}/api/matches/{match_id}/log").json()
    assert [e["action"] for e in log] == [x for deal in SHOOT_SESSION for x in deal] + [{"type": "end_session"}]

    # The score sheet downloads as a PDF with the session on it.
    with page.expect_download() as download_info:
        page.get_by_role("link", name=re.compile("Score sheet")).tap()
    with open(download_info.value.path(), "rb") as handle:
        data = handle.read()
    assert data[:5] == b"%PDF-"
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages).split())
    assert "Friday Shoot" in text and "Deal 1" in text and "Deal 3" in text
    assert "five card trick beats the banker's 18, paid double" in text
    assert "Ben pays Dee 17" in text and "Cy pays Ann 7" in text
