"""The banker's phone drives a four-player Shoot Pontoon session of three deals, by tapping, on a
phone of each size (390×844 and 360×740): the kitty, stakes with one tap each, first-card shoot
bets round the table from the bank's left (a bet, or one tap to decline: rules version 2), a
split with a new shoot bet on the second hand, a buy refused for its amount (the message by the
keys, with its rule), a bust that feeds the kitty, a five card trick, the bank's draw, the hands
shown after the bank stands, the settlement table, a kitty top-up, a player's pontoon that takes
the bank, a shoot before the fourth card, a bust bank, the end of the session with its
settle-up, and the score sheet.

At every step the turn line and the next entry's keys are on screen together without scrolling
(``Table.in_reach``); a twist or a bank draw is sent by the card's second tap; cards shown from
a hand go into a tray, at most two taps a card and one to send. The taps are counted.

The cards of the three deals are planned so that each event happens (the referee only sees what
is entered); they are the deals of ``SHOOT_SESSION`` in the API tests, whose money they check.
"""
from __future__ import annotations

import io
import re

from playwright.sync_api import Page, expect
from pypdf import PdfReader

from tests.browser.table import Table
from tests.browser.test_layout_review import answer_under_the_turn_line, balance_rows, one_line_over_its_box
from tests.web.test_api_pontoon import AFTER, FINAL, SHOOT_SESSION


class Screen:
    """The phone, with the steps a banker takes: every tap counted by the shared ``Table``
    driver, every accepted entry moving the log by one, the panel in reach after each."""

    def __init__(self, page: Page):
        self.page = page
        self.table = Table(page)
        self.seq = 0
        self.cards: list[tuple[str, int, int]] = []   # (what, cards, taps)

    def accepted(self) -> None:
        self.seq += 1
        expect(self.page.locator("#board")).to_have_attribute("data-seq", str(self.seq))
        expect(self.page.locator("#panel .message.error")).to_have_count(0)
        self.table.in_reach()

    def press(self, name: str, accepted: bool = True) -> None:
        self.table.press(name)
        if accepted:
            self.accepted()

    def looked(self) -> None:
        """The player scrolled the board to look at it: the panel is judged from here on."""
        self.table.scroll = self.page.evaluate("window.scrollY")

    def twist(self, card: str) -> None:
        """A twisted card: its second tap sends it."""
        taps = self.table.taps
        self.table.card("card", card)
        self.accepted()
        self.cards.append(("twist", 1, self.table.taps - taps))

    def draw(self, card: str) -> None:
        taps = self.table.taps
        self.table.card("card", card)
        self.accepted()
        self.cards.append(("bank draw", 1, self.table.taps - taps))

    def amount(self, label: str | re.Pattern, value: int) -> None:
        exact = isinstance(label, str)
        self.page.locator("#panel").get_by_label(label, exact=exact).fill(str(value))

    def show(self, button: str, *cards: str) -> None:
        """Open "Show the cards", tap the face-down cards into the tray, press the button."""
        taps = self.table.taps
        details = self.page.locator("#panel details.pt-show")
        if details.get_attribute("open") is None:
            self.table.tap(details.locator("summary"))
        self.table.tray(*cards, key="cards")
        self.press(button)
        self.cards.append((button, len(cards), self.table.taps - taps))

    def reveal(self, who: str, *cards: str) -> None:
        reveal = self.page.locator("#panel details.pt-reveal")
        expect(reveal.locator("summary")).to_contain_text(f"{who} shows the cards")
        taps = self.table.taps
        if reveal.get_attribute("open") is None:
            self.table.tap(reveal.locator("summary"))
        self.table.tray(*cards, key="cards")
        self.press(f"Show the cards of {who}")
        self.cards.append((f"{who} shows", len(cards), self.table.taps - taps))

    def bank_up(self, *cards: str) -> None:
        taps = self.table.taps
        self.table.tray(*cards, key="cards")
        self.press("Turn up the bank")
        self.cards.append(("bank turns up", len(cards), self.table.taps - taps))

    def shoot(self, player: str, amount: int) -> None:
        self.amount(re.compile(f"^{player}'s bet"), amount)
        self.press(f"{player} shoots")

    def bet_label_reads_whole(self) -> None:
        """The shoot bet's label ("Ben's bet, up to 40") is one line, right over its box."""
        size = "{width}x{height}".format(**self.page.viewport_size)
        one_line_over_its_box(self.page.locator('#panel form.pt-shoot-form input[name="amount"]'), size)

    def turn(self, text: str) -> None:
        self.table.expect_turn(text)

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
        self.table.shot(f"pontoon-{name}")
        width = self.page.viewport_size["width"]
        assert self.page.evaluate("document.documentElement.scrollWidth") <= width, name


def test_a_shoot_pontoon_session_of_three_deals_by_tapping(phone: Page, live_server):
    page = phone
    s = Screen(page)
    table = s.table
    page.goto(live_server + "/new")
    page.locator("select#game").select_option("shoot-pontoon")
    expect(page.locator("#house-rules")).to_contain_text("House rules for Shoot Pontoon")
    page.get_by_label("Title (optional)").fill("Friday Shoot")
    page.get_by_label(re.compile("Players, one per line")).fill("Ann\nBen\nCy\nDee")
    page.get_by_role("button", name="Start the match").tap()
    expect(page.locator("h1")).to_have_text("Friday Shoot")
    s.looked()

    # --- Deal 1: Ann's bank ------------------------------------------------------------------
    s.turn("Ann puts up the kitty: 10 to 100")
    s.amount("Kitty", 40)
    s.press("Put up the kitty")
    table.confirmed("Ann puts 40 into the kitty")
    s.balances({"Ann": -40, "Ben": 0}, kitty=40)
    s.turn("Ann holds the bank and deals first: shuffle and cut the pack")
    s.press("Ann deals the first card to everyone")
    s.turn("Ben stakes next (1 to 10)")
    expect(page.get_by_role("radio", name="Ben")).to_be_checked()
    s.shot("stakes")
    assert balance_rows(page) == [["Ann", "Ben", "Cy", "Dee", "kitty"]]    # one row, at 360 px too
    s.press("stake 4")
    table.confirmed("Ben stakes 4")
    expect(page.get_by_role("radio", name="Cy")).to_be_checked()     # the next to stake is picked
    s.press("stake 2")
    s.press("stake 3")
    # First-card shoot bets go round from the bank's left: Ben, then Cy; the second card
    # closes the round before Dee is asked.
    s.turn("Ben bets (up to 40) or declines")
    expect(page.locator("#panel").get_by_role("button", name="Cy shoots")).to_have_count(0)
    s.shot("shoot-round")
    answer_under_the_turn_line(page, "Dee stakes 3")                  # not under the shoot form
    s.bet_label_reads_whole()
    s.shoot("Ben", 5)
    table.confirmed("Ben shoots 5 on the first card")
    s.turn("Cy bets (up to 35) or declines")
    s.shoot("Cy", 3)
    expect(page.locator('.pt-balance[data-player="kitty"] .pt-sub')).to_have_text("32 free")
    s.turn("Dee bets")
    s.press("Ann deals the second card")

    # Ben splits his eights and shoots again on the second hand (SHOOT-5).
    s.turn("Ben to play; a card can be bought for 4 to 8")
    s.show("Split the pair", "8c", "8d")
    table.confirmed("Ben splits the pair 8♣ 8♦ into two hands")
    expect(s.hand_row("Ben", 1)).to_contain_text("8♣")
    expect(s.hand_row("Ben", 2)).to_contain_text("8♦")
    s.turn("Ben's hand 1 to play")
    s.shot("split")
    answer_under_the_turn_line(page, "splits the pair")
    s.bet_label_reads_whole()
    s.amount(re.compile("^Shoot bet"), 2)
    s.press("Shoot on hand 2")
    expect(s.hand_row("Ben", 2).locator("td").nth(3)).to_have_text("2")
    s.press("Ben's hand 1 sticks")

    # Hand 2 buys: Enter in the amount does nothing (every entry is a tap); 10 is refused by the
    # keys, with its rule, and what was typed stays.
    s.turn("Ben's hand 2 to play; a card can be bought for 4 to 8")
    s.amount(re.compile("^Buy for 4 to 8"), 10)
    page.get_by_label(re.compile("^Buy for")).press("Enter")
    page.wait_for_timeout(400)
    expect(page.locator("#board")).to_have_attribute("data-seq", str(s.seq))
    s.press("Buy face down", accepted=False)
    error = table.refused("Ben's hand 2 staked 4: the third card costs 4 to 8, not 10")
    expect(error.locator(".rule-ref a")).to_contain_text("PONTOON-TURN-3")
    expect(page.get_by_label(re.compile("^Buy for"))).to_have_value("10")
    expect(page.locator("#board")).to_have_attribute("data-seq", str(s.seq))
    s.shot("buy-refused")
    s.amount(re.compile("^Buy for"), 6)
    s.press("Buy face down")
    table.confirmed("Ben's hand 2 buys a card for 6, face down")
    expect(s.hand_row("Ben", 2)).to_contain_text("4+6")
    s.turn("a card can be bought for 4 to 6")
    s.press("Ben's hand 2 sticks")

    # Cy twists twice (each card sent by its second tap) and throws in a bust: the shoot bet goes
    # into the kitty at once (SHOOT-6).
    s.turn("Cy to play")
    s.shot("twist")
    s.twist("6h")
    table.confirmed("Cy twists 6♥")
    s.twist("Qs")
    s.show("Bust: throw in", "Kh", "4s")
    expect(s.hand_row("Cy")).to_contain_text("bust")
    s.balances({"Cy": -5}, kitty=43)

    # Dee twists three small cards: five cards, two of them face down; she sticks.
    for card in ("2h", "3h", "4d"):
        s.twist(card)
    expect(page.locator("#panel").get_by_role("button", name="Twist", exact=True)).to_have_count(0)
    s.press("Dee sticks")

    # The bank turns up and draws; then the hands still in are shown, one at a time.
    s.turn("Ann turns up the bank's two cards")
    s.bank_up("10c", "5h")
    s.turn("holds 10♣ 5♥: 15")
    s.shot("bank")
    answer_under_the_turn_line(page, "Ann turns up the bank")
    s.draw("3c")
    table.confirmed("The bank draws 3♣: 18")
    answer_under_the_turn_line(page, "The bank draws 3♣: 18")
    s.turn("3♣: 18")
    s.reveal("Ben's hand 1", "Ah")
    # The bank has stood: its draw is folded. Opened, it folds the tray away (one keypad at a
    # time) and its button is on screen; the tray opened again folds the draw.
    draw, tray = page.locator("#panel details.pt-bank-draw"), page.locator("#panel details.pt-reveal")
    expect(draw).not_to_have_attribute("open", "")
    table.tap(draw.locator("summary"))
    expect(tray).not_to_have_attribute("open", "")
    table.in_reach()
    table.tap(tray.locator("summary"))
    expect(draw).not_to_have_attribute("open", "")
    s.reveal("Ben's hand 2", "2c", "7c")
    s.shot("reveal")
    s.reveal("Dee", "2s", "3s")
    expect(s.hand_row("Dee")).to_contain_text("five card trick")
    s.press("Bank stands: settle the deal")
    table.confirmed("deal 1 is settled")

    # The settlement: who is paid what and why.
    expect(page.locator(".pt-settlement h2")).to_have_text("Deal 1: settlement")
    expect(page.locator(".pt-bank-line")).to_contain_text("18")
    dee = s.settled("Dee")
    expect(dee).to_contain_text("five card trick beats the banker's 18, paid double")
    expect(dee.locator(".pt-amount")).to_have_text("+6")
    expect(s.settled("Ben", 1)).to_contain_text("19 beats the banker's 18, paid single")
    expect(s.settled("Ben", 1)).to_contain_text("shoot 5: paid from the kitty")
    # The deal's payments, folded: how many there are, not a figure among the money.
    payments = page.locator(".pt-ledger .pt-lines li").count()
    assert payments > 1
    expect(page.locator(".pt-ledger summary")).to_have_text(f"Deal 1: {payments} payments")
    expect(s.settled("Ben", 2).locator(".pt-amount")).to_have_text("−10")
    expect(s.settled("Cy")).to_contain_text("bust")
    s.balances(AFTER[0]["balances"], kitty=AFTER[0]["kitty"])
    s.turn("the used cards go under the pack, no shuffle")
    page.locator(".pt-settle-up summary").tap()
    expect(page.locator(".pt-transfers li").first).to_have_text("Cy pays Dee 5")   # the kitty counts as Ann's
    s.shot("settled")
    # A black card among the muted words is black (8♣ read as greyed out), a red one red.
    card_colour = "(s) => getComputedStyle(document.querySelector(s)).color"
    body = page.evaluate("getComputedStyle(document.body).color")
    assert page.evaluate(card_colour, ".pt-settle-table .pt-sub .card-black") == body
    assert page.evaluate(card_colour, ".pt-settle-table .pt-sub .card-red") != body
    page.locator(".pt-settle-up summary").tap()                  # folded again, back to the top
    page.evaluate("window.scrollTo(0, 0)")
    s.looked()

    # --- Deal 2: a top-up; Ben's pontoon takes the bank ---------------------------------------
    table.tap(page.locator("#panel details.pt-more", has_text="Add to the kitty").locator("summary"))
    s.amount("Add", 12)
    s.press("Add to the kitty")
    table.confirmed("Ann adds 12 to the kitty (now 52)")
    s.balances({"Ann": -50}, kitty=52)
    s.press("Ann deals the first card to everyone")
    for amount in (2, 5, 1):
        s.press(f"stake {amount}")
    # Dee bets after Ben and Cy decline: one tap each.
    taps = table.taps
    s.press("Ben declines")
    table.confirmed("Ben declines to shoot on the first card")
    s.press("Cy declines")
    assert table.taps - taps == 2
    s.turn("Dee bets")
    s.shoot("Dee", 4)
    s.press("Ann deals the second card")
    s.show("Pontoon", "As", "Kh")
    expect(s.hand_row("Ben")).to_contain_text("pontoon")
    s.press("Cy sticks")
    s.amount(re.compile("^Buy for"), 1)
    s.press("Buy face down")
    s.press("Dee sticks")
    s.bank_up("Jd", "7d")
    s.reveal("Cy", "9d", "8s")
    s.reveal("Dee", "5c", "6c", "7h")
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
    s.press("Cy declines")
    s.press("Dee declines")
    s.shoot("Ann", 6)
    s.press("Ben deals the second card")
    s.press("Cy sticks")
    s.twist("5d")
    s.amount(re.compile("^Shoot bet"), 3)
    s.press("Shoot")
    expect(page.get_by_role("button", name="Dee sticks", exact=True)).to_have_count(0)   # the card must follow
    s.twist("4c")
    s.press("Dee sticks")
    s.press("Ann sticks")
    s.bank_up("9c", "6s")
    s.draw("10d")
    s.turn("bust (25)")
    s.reveal("Cy", "10s", "9h")
    s.reveal("Dee", "2d", "7s")
    s.reveal("Ann", "Kc", "6d")
    s.press("Settle the deal")
    expect(s.settled("Ann")).to_contain_text("the banker is bust: 16 paid single")
    expect(s.settled("Ann")).to_contain_text("+6")                 # the shoot bet, from the kitty
    s.balances(AFTER[2]["balances"], kitty=AFTER[2]["kitty"])
    expect(page.locator(".outcome")).to_contain_text("Deal 3")     # who won the deal, on the board

    # --- The end of the session: the settle-up ------------------------------------------------
    table.tap(page.locator("#panel details.pt-end summary"))
    table.tap(page.locator("#panel").get_by_role("button", name="End the session and settle up"))
    s.seq += 1
    expect(page.locator("#board")).to_have_attribute("data-seq", str(s.seq))
    expect(page.locator("#panel .turn")).to_contain_text("The session is over after 3 deals")
    s.balances(FINAL["balances"], kitty=0)
    transfers = page.locator(".pt-transfers li")
    expect(transfers).to_have_count(len(FINAL["settle_up"]))
    for item, t in zip(transfers.all(), FINAL["settle_up"]):
        expect(item).to_have_text(f"{t['from']} pays {t['to']} {t['amount']}")
    expect(page.locator("details.pt-settle-up")).to_have_attribute("open", "")
    expect(page.locator("form.entry")).to_have_count(0)
    expect(page.locator(".outcome h2")).to_contain_text("Dee finishes furthest ahead: +17")
    s.shot("settle-up")
    # The chart counts the kitty as the banker's, as the settle-up does; the balances above do
    # not, and the line under the chart says so.
    note = page.locator(".scores .chart-note")
    note.scroll_into_view_if_needed()
    expect(note).to_have_text("The chart counts the kitty as the banker's money, as the settle-up does.")
    expect(page.locator(".scores svg.chart")).to_be_visible()
    s.shot("chart")

    # Taps: a single card is two taps, sent by the second; cards shown from a hand are at most
    # two taps each, and one to send (opening the fold where there is one).
    for what, count, taps in s.cards:
        if count == 1 and what in ("twist", "bank draw"):
            assert taps == 2, (what, taps)
        else:
            assert taps - 2 <= 2 * count, (what, count, taps)
    for _what, count, taps in s.cards:
        table.record("shoot-pontoon", "card" if count == 1 else "turn", taps)
    table.record("shoot-pontoon", "deal", round(table.taps / 3))  # three deals: the mean of one
    print("\nTAPS", page.viewport_size, table.taps, s.cards)
    assert table.checked > 60

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
    assert "counts the kitty as the banker" in text
