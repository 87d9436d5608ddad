"""Two players play Ropebridge on a phone of each size (390×844 and 360×740), tapping: a short
row of 7 with 2 face up. The deal is refused by the keys (one row card short) and then sent; Ben
draws, the hand limit holds him and his discard goes by its second tap; Ann takes it, a
same-colour pair is flagged by the live check and refused by the keys with its rule, the right
pair is sent; reveals and single matches go by their second tap; an undo; Ann crosses first and
the board says so. Game 2 is dealt and ends in a declared stalemate; game 3 is dealt. A results-
only match is entered by one tap per game.

At every step the next entry's keys and the turn line are on screen together without scrolling
(``Table.in_reach``), and every answer appears by the keys. The taps are counted: a card that
completes an entry costs at most 2. The game is ``GAME`` of tests/web/test_api_ropebridge.py."""
from __future__ import annotations

import io
import os
import re

from playwright.sync_api import Page, expect
from pypdf import PdfReader

from tests.browser.table import Table

SHOTS = "/tmp/shots"


def shot(table: Table, name: str) -> None:
    """What the phone shows (the viewport). caret="initial": hiding the caret leaves style="" on
    inputs, which htmx would copy and the CSP would refuse."""
    os.makedirs(SHOTS, exist_ok=True)
    size = table.page.viewport_size
    table.page.screenshot(path=f"{SHOTS}/{name}-{size['width']}x{size['height']}.png", caret="initial")


def at_seq(page: Page, seq: int) -> None:
    expect(page.locator("#board")).to_have_attribute("data-seq", str(seq))


class Rope(Table):
    """The Table driver with Ropebridge's entries, each checked in reach after its answer."""

    seq: int = 0
    cards: list[int]

    def sent(self, words: str | None = None) -> None:
        """An entry was accepted: the log moved on, the confirmation is by the keys."""
        self.seq += 1
        at_seq(self.page, self.seq)
        if words:
            self.confirmed(words)
        else:
            self.in_reach()

    def single(self, key: str, card: str, words: str) -> None:
        """A card that completes the entry: sent by its own taps, at most two."""
        before = self.taps
        self.card(key, card)
        self.cards.append(self.taps - before)
        assert self.taps - before <= 2, (card, self.taps - before)
        self.sent(words)

    def match(self, card: str, player: str) -> None:
        self.single("cards.0", card, f"{player} matches row card")

    def reveal(self, card: str, number: int) -> None:
        self.expect_turn(f"turn up row card {number}")
        self.single("card", card, f"Row card {number} is turned up")
        expect(self.page.locator(f'.rope-slot[data-index="{number - 1}"] .card')).not_to_have_class(
            re.compile("card-back"))

    def pair(self, first: str, second: str) -> None:
        toggle = self.page.locator("#panel .rope-pair-toggle")
        if toggle.is_visible():
            self.tap(toggle)
            self.in_reach()
        self.card("cards.0", first)
        self.card("cards.1", second)
        self.in_reach()

    def end_turn(self, player: str, then: str) -> None:
        self.press(f"End {player}'s turn")
        self.sent(f"{player} ends the turn")
        self.expect_turn(f"{then}'s turn")


def new_match(page: Page, live_server: str, table: Table, mode: str = "play") -> None:
    page.goto(live_server + "/new")
    page.locator("select#game").select_option("ropebridge")
    expect(page.locator("#house-rules legend")).to_contain_text("Ropebridge")
    page.get_by_label("Row length").fill("7")
    page.get_by_label("Face-up cards").fill("2")
    page.get_by_label("Players, one per line").fill("Ann\nBen")
    page.get_by_label("Title (optional)").fill("Ropebridge night")
    if mode == "quick":
        page.locator('input[name="mode"][value="quick"]').check()
    page.get_by_role("button", name="Start the match").tap()
    expect(page.locator("h1")).to_have_text("Ropebridge night")


def assert_fits(page: Page) -> None:
    """Nothing sticks out sideways."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


def test_two_players_play_ropebridge_by_tapping(phone: Page, live_server):
    page = phone
    table = Rope(page)
    table.cards = []
    new_match(page, live_server, table)
    table.expect_turn("Ann deals game 1: enter the 2 face-up row cards, then the discard.")

    # The deal, one row card short: refused by the keys, with its rule; the picks stay.
    table.tray("8h", key="row")
    table.in_reach()
    table.card("discard", "3s")
    table.in_reach()
    shot(table, "ropebridge-deal")
    table.press("Start game 1")
    error = table.refused("enter 2, not 1")
    expect(error.get_by_role("link", name="Rule ROPE-SETUP-3")).to_have_attribute(
        "href", "/rules/ropebridge#ROPE-SETUP-3")
    shot(table, "ropebridge-deal-refused")
    expect(page.locator('#panel .tray-shown .chip')).to_have_text(["8♥"])
    taps = table.taps
    table.tray("5c", key="row")                    # the discard 3♠ is still picked
    table.press("Start game 1")
    assert table.taps - taps == 3
    table.sent("Ann deals game 1")
    table.expect_turn("Ben's turn: next is row card 1, 8♥")
    expect(page.locator(".rope-slot")).to_have_count(7)
    expect(page.locator('.rope-row [aria-label="face down"]')).to_have_count(5)
    expect(page.locator(".rope-stock")).to_contain_text("32 left")
    shot(table, "ropebridge-turn")

    # Ben draws from the stock: 8 cards, so the turn cannot end before a match or a discard.
    table.press("Draw from the stock")
    table.sent("Ben draws a card from the stock")
    expect(page.locator("#panel .rope-limit")).to_contain_text("Ben holds 8 cards")
    expect(page.locator("#panel").get_by_role("button", name="End Ben's turn")).to_have_count(0)
    # The discard opens in place of the match picker; its card goes by its second tap.
    table.tap(page.locator("#panel .rope-discard > summary"))
    expect(page.locator("#panel .rope-match")).to_be_hidden()
    table.in_reach()
    shot(table, "ropebridge-discard")
    table.single("card", "Kd", "Ben discards K♦")
    table.expect_turn("Ann's turn")
    expect(page.locator(".rope-discard-pile")).to_contain_text("K♦")

    # Ann takes K♦ from the discard pile; the table now knows it is in her hand.
    table.tap(page.locator("#panel").get_by_role("button", name=re.compile("from the discard pile")))
    table.sent("Ann takes K♦ from the discard pile")
    expect(page.locator(".rope-player-0 .rope-known")).to_contain_text("K♦")

    # A same-colour pair: the live check says why before sending; sent anyway, it is refused
    # by the keys with its rule.
    taps = table.taps
    table.pair("3h", "5h")
    check = page.locator("#rope-check")
    expect(check).to_contain_text("3♥ and 5♥ are both red")
    expect(check.locator(".rope-check-bad")).to_be_visible()
    table.in_reach()
    shot(table, "ropebridge-pair-check")
    table.press("Match")
    assert table.taps - taps == 6                  # a second card, two cards, send
    error = table.refused("3♥ and 5♥ are both red: two cards must be one red and one black")
    expect(error.get_by_role("link", name="Rule ROPE-MATCH-2")).to_be_visible()
    shot(table, "ropebridge-match-refused")
    # The picks survived the refusal: the pair picker is still open, the first card shrunk to its
    # keys. "Clear picks" empties it (back to one card); the right pair goes in.
    expect(page.locator("#cards-1-r-5")).to_be_checked()
    expect(page.locator('#panel [data-picker="cards.0"] label.key:visible')).to_have_text(["3", "♥"])
    table.press("Clear picks")
    expect(page.locator("#cards-1-r-5")).not_to_be_checked()
    table.in_reach()
    table.pair("5s", "3h")
    expect(check).to_contain_text("5♠ and 3♥ match 8♥")
    expect(check.locator(".rope-check-ok")).to_be_visible()
    table.press("Match")
    table.sent("Ann matches row card 1, 8♥, with the pair 5♠ and 3♥")
    # Ann reached a new row card: the screen asks for the card turned up, sent by its second tap.
    table.reveal("Qd", 3)
    expect(page.locator(".rope-this-turn")).to_contain_text("matched 1 row card")
    shot(table, "ropebridge-match")
    table.match("5d", "Ann")                       # the second match of the turn
    table.reveal("2s", 4)
    expect(page.locator(".rope-this-turn")).to_contain_text("matched 2 row cards")
    expect(page.locator("#panel").get_by_role("button", name="Match", exact=True)).to_have_count(0)
    assert_fits(page)
    shot(table, "ropebridge-end-of-turn")
    table.end_turn("Ann", "Ben")

    # Ben matches 8♥ with 8♣, undoes it (the Undo names it), and enters it again; then 5♥ on 5♣.
    table.match("8c", "Ben")
    undo = page.locator("#panel .undo-button")
    expect(undo).to_have_accessible_name(re.compile("Undo: Ben matches row card 1, 8♥, with 8♣"))
    table.tap(undo)
    table.sent("Undo of entry")
    expect(page.locator('.rope-slot[data-index="0"] .rope-marker')).to_have_text(["Ben"])
    table.match("8c", "Ben")
    table.match("5h", "Ben")
    table.end_turn("Ben", "Ann")

    # A whole turn: draw, match, reveal, match, reveal, end — counted.
    turn_taps = table.taps
    table.press("Draw from the stock")
    table.sent()
    table.match("Qs", "Ann")
    table.reveal("6c", 5)
    table.match("2h", "Ann")
    table.reveal("9d", 6)
    table.end_turn("Ann", "Ben")
    turn_taps = table.taps - turn_taps
    assert turn_taps == 10, turn_taps

    table.press("Draw from the stock")
    table.sent()
    before = table.taps
    table.match("JK", "Ben")                        # a joker takes Q♦: one tap
    assert table.taps - before == 1
    table.end_turn("Ben", "Ann")
    table.match("6h", "Ann")
    table.reveal("4d", 7)
    table.match("9s", "Ann")
    table.end_turn("Ann", "Ben")
    table.match("2c", "Ben")
    table.end_turn("Ben", "Ann")
    table.single("cards.0", "4c", "Ann is across and wins game 1")   # the last row card
    expect(page.locator(".rope-over")).to_contain_text("Game 1: Ann is across and wins. Ben deals game 2.")
    table.expect_turn("Ben deals game 2")
    expect(page.locator(".outcome")).to_contain_text("Ann crossed the bridge first and wins game 1")
    expect(page.locator(".rope-tally")).to_contain_text("Ann 1, Ben 0")
    assert_fits(page)
    shot(table, "ropebridge-won")
    game_taps = table.taps

    # Game 2: Ben deals; the players declare a stalemate.
    table.tray("Ac", "Kh", key="row")
    table.card("discard", "7s")
    table.press("Start game 2")
    table.sent("Ben deals game 2")
    table.expect_turn("Ann's turn")
    table.tap(page.locator("#panel .rope-stalemate > summary"))
    table.in_reach()
    shot(table, "ropebridge-stalemate")
    table.press("Declare a stalemate")
    table.sent("declare a stalemate")
    expect(page.locator(".rope-over")).to_contain_text("Game 2 is a tie (stalemate).")
    table.expect_turn("Ann deals game 3")
    # Game 3 is dealt.
    table.tray("2d", "9c", key="row")
    table.card("discard", "Jh")
    table.press("Start game 3")
    table.sent("Ann deals game 3")
    table.expect_turn("Ben's turn")

    for count in table.cards:
        table.record("ropebridge", "card", count)
    table.record("ropebridge", "turn", turn_taps)
    table.record("ropebridge", "game", game_taps)
    print(f"\nropebridge taps {page.viewport_size}: single cards {table.cards}, a turn {turn_taps}, "
          f"game 1 (with a refused deal, a refused pair and an undo) {game_taps}")
    assert max(table.cards) <= 2
    assert table.checked > 60

    # The score sheet downloads and names the winner.
    with page.expect_download() as download_info:
        page.get_by_role("link", name=re.compile("Score sheet")).tap()
    with open(download_info.value.path(), "rb") as pdf:
        data = pdf.read()
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)
    assert "Ropebridge night" in text and "Winner: Ann" in text and "5♠ + 3♥ (turn 2)" in text


def test_a_results_only_match_is_one_tap_per_game(phone: Page, live_server):
    page = phone
    table = Rope(page)
    table.cards = []
    new_match(page, live_server, table, mode="quick")
    table.expect_turn("Enter the result of game 1")
    table.press("Ann won")
    table.sent("Ann wins game 1")
    table.expect_turn("Enter the result of game 2")
    shot(table, "ropebridge-quick")
    table.press("Tie: stalemate")
    table.sent("Game 2 is a tie (stalemate)")
    table.expect_turn("Enter the result of game 3")
    assert table.taps == 2
