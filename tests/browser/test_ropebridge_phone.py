"""Two players play a whole game of Ropebridge on a phone (390×844), tapping: a short row of
7 with 2 face up; Ben draws from the stock and the hand limit forces a discard; Ann takes it
from the discard pile, the pre-check flags a same-colour pair before sending and the referee
refuses it when sent anyway; a pair and a single in one turn with two reveals; an undo; and
Ann crosses first. The score sheet downloads and reads back.

The game is ``GAME`` of tests/web/test_api_ropebridge.py, tapped through the screen.
"""
from __future__ import annotations

import io
import re

from playwright.sync_api import Page, expect
from pypdf import PdfReader

SHOTS = "test-results"


def tap_card(page: Page, key: str, card: str) -> None:
    rank, suit = ("JK", None) if card == "JK" else (card[:-1], card[-1])
    picker = page.locator(f'fieldset[data-picker="{key}"]')
    picker.locator(f'label[for$="-r-{rank}"]').tap()
    if suit:
        picker.locator(f'label[for$="-s-{suit}"]').tap()


def press(page: Page, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).tap()


def match(page: Page, *cards: str) -> None:
    tap_card(page, "cards.0", cards[0])
    if len(cards) == 2:
        pair = page.locator("details.rope-pair")
        if pair.get_attribute("open") is None:
            pair.locator("summary").tap()
        tap_card(page, "cards.1", cards[1])
    expect(page.locator("#rope-check")).to_contain_text("match")
    press(page, "Match")


def reveal(page: Page, card: str, number: int) -> None:
    expect(page.locator(".turn")).to_contain_text(f"turn up row card {number}")
    tap_card(page, "card", card)
    press(page, "Turn it up")
    expect(page.locator(f'.rope-slot[data-index="{number - 1}"] .card')).not_to_have_class(re.compile("card-back"))


def end_turn(page: Page, player: str, then: str) -> None:
    press(page, f"End {player}'s turn")
    expect(page.locator(".turn")).to_contain_text(f"{then}'s turn")


def shot(page: Page, name: str) -> None:
    # caret="initial": Playwright's default caret hiding leaves style="" on the inputs, which
    # htmx's settle step then copies onto the swapped-in inputs: a CSP violation of the test's own
    # making.
    page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True, caret="initial")


def assert_fits(page: Page) -> None:
    """Nothing sticks out of a 390 px screen."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width


def test_two_players_play_a_game_of_ropebridge_by_tapping(page: Page, live_server):
    page.goto(live_server + "/new")
    page.locator("select#game").select_option("ropebridge")
    expect(page.locator("#house-rules legend")).to_contain_text("Ropebridge")
    page.get_by_label("Row length").fill("7")
    page.get_by_label("Face-up cards").fill("2")
    page.get_by_label("Players, one per line").fill("Ann\nBen")
    page.get_by_label("Title (optional)").fill("Ropebridge night")
    page.get_by_role("button", name="Start the match").tap()
    expect(page.locator("h1")).to_have_text("Ropebridge night")
    turn = page.locator(".turn")
    expect(turn).to_contain_text("Ann deals game 1")

    # The deal: two face-up row cards and the discard starter.
    tap_card(page, "row.0", "8h")
    tap_card(page, "row.1", "5c")
    tap_card(page, "discard", "3s")
    shot(page, "ropebridge-deal")
    press(page, "Start game 1")
    expect(turn).to_contain_text("Ben's turn: next is row card 1, 8♥")
    slots = page.locator(".rope-slot")
    expect(slots).to_have_count(7)
    expect(page.locator('.rope-row [aria-label="face down"]')).to_have_count(5)
    expect(page.locator('.rope-slot[data-index="0"] .rope-marker')).to_have_text(["Ann", "Ben"])
    expect(page.locator(".rope-discard-pile")).to_contain_text("3♠")
    expect(page.locator(".rope-stock")).to_contain_text("32 left")
    assert_fits(page)
    shot(page, "ropebridge-start")

    # Ben draws from the stock: 8 cards, so the turn cannot end before a match or a discard.
    press(page, "Draw from the stock")
    expect(page.locator(".rope-limit")).to_contain_text("Ben holds 8 cards")
    expect(page.get_by_role("button", name="End Ben's turn")).to_have_count(0)
    expect(page.locator(".rope-stock")).to_contain_text("31 left")
    shot(page, "ropebridge-hand-limit")
    tap_card(page, "card", "Kd")
    press(page, "Discard")
    expect(turn).to_contain_text("Ann's turn")
    expect(page.locator(".rope-discard-pile")).to_contain_text("K♦")
    expect(page.locator(".rope-player-1 .rope-hand")).to_have_text("7")

    # Ann takes K♦ from the discard pile; the table now knows it is in her hand.
    page.get_by_role("button", name=re.compile("from the discard pile")).tap()
    expect(page.locator(".rope-discard-pile")).to_contain_text("3♠")
    expect(page.locator(".rope-player-0 .rope-known")).to_contain_text("K♦")

    # A same-colour pair: the pre-check says why before sending; sent anyway, it is refused.
    tap_card(page, "cards.0", "3h")
    check = page.locator("#rope-check")
    expect(check).to_contain_text("3♥ is worth 3 but 8♥ needs 8")
    page.locator("details.rope-pair summary").tap()
    tap_card(page, "cards.1", "5h")
    expect(check).to_contain_text("3♥ and 5♥ are both red")
    expect(check.locator(".rope-check-bad")).to_be_visible()
    shot(page, "ropebridge-precheck")
    press(page, "Match")
    error = page.locator(".message.error")
    expect(error).to_contain_text("3♥ and 5♥ are both red: two cards must be one red and one black")
    expect(error.locator(".rule-ref a")).to_contain_text("ROPE-MATCH-2")
    # The picks survived the refusal: change the first card to 5♠ and the second to 3♥.
    expect(page.locator("#cards-1-r-5")).to_be_checked()
    tap_card(page, "cards.0", "5s")
    tap_card(page, "cards.1", "3h")
    expect(check).to_contain_text("5♠ and 3♥ match 8♥")
    expect(check.locator(".rope-check-ok")).to_be_visible()
    press(page, "Match")
    expect(page.locator(".message.error")).to_have_count(0)
    # Ann reached a new row card: the screen asks for the card turned up.
    reveal(page, "Qd", 3)
    expect(page.locator(".rope-this-turn")).to_contain_text("matched 1 row card")
    match(page, "5d")                                    # the second match of the turn
    reveal(page, "2s", 4)
    expect(page.locator(".rope-this-turn")).to_contain_text("matched 2 row cards")
    expect(page.get_by_role("button", name="Match", exact=True)).to_have_count(0)
    expect(page.locator('.rope-slot[data-index="2"] .rope-marker')).to_have_text(["Ann"])
    assert_fits(page)
    shot(page, "ropebridge-two-matches")
    end_turn(page, "Ann", "Ben")

    # Ben picks 7♣ by mistake: the pre-check says no, and "Clear picks" empties the picker.
    tap_card(page, "cards.0", "7c")
    expect(check).to_contain_text("7♣ is worth 7 but 8♥ needs 8")
    press(page, "Clear picks")
    expect(page.locator("#cards-0-r-7")).not_to_be_checked()
    expect(page.locator("#rope-check")).to_contain_text("Pick one card from Ben's hand for 8♥")
    # Ben matches 8♥ with 8♣, undoes it, and enters it again; then 5♥ on 5♣.
    match(page, "8c")
    expect(page.locator('.rope-slot[data-index="1"] .rope-marker')).to_have_text(["Ben"])
    page.locator(".undo-button").tap()
    expect(page.locator(".confirmed")).to_contain_text("Undo of entry")
    expect(page.locator('.rope-slot[data-index="0"] .rope-marker')).to_have_text(["Ben"])
    match(page, "8c")
    match(page, "5h")
    end_turn(page, "Ben", "Ann")

    # Ann draws from the stock, Q♠ on Q♦, 2♥ on 2♠.
    press(page, "Draw from the stock")
    match(page, "Qs")
    reveal(page, "6c", 5)
    match(page, "2h")
    reveal(page, "9d", 6)
    end_turn(page, "Ann", "Ben")

    press(page, "Draw from the stock")
    match(page, "JK")                                    # a joker takes Q♦
    end_turn(page, "Ben", "Ann")
    match(page, "6h")
    reveal(page, "4d", 7)
    match(page, "9s")
    end_turn(page, "Ann", "Ben")
    match(page, "2c")
    end_turn(page, "Ben", "Ann")
    expect(page.locator('.rope-slot[data-index="6"] .rope-marker')).to_have_text(["Ann"])
    match(page, "4c")                                    # the last row card: Ann is across

    expect(turn).to_contain_text("Ann is across and wins")
    expect(turn).to_contain_text("Ben deals game 2")
    expect(page.locator(".rope-result")).to_contain_text("Ann won — Ann matched the last row card in 4 turns")
    expect(page.locator(".score-table")).to_contain_text("Ann")
    expect(page.locator(".rope-tally")).to_contain_text("Ann 1, Ben 0")
    expect(page.locator('fieldset[data-picker="row.0"]')).to_be_visible()   # the next deal
    assert_fits(page)
    shot(page, "ropebridge-won")

    # The score sheet downloads and names the winner.
    with page.expect_download() as download_info:
        page.get_by_role("link", name=re.compile("Score sheet")).tap()
    with open(download_info.value.path(), "rb") as pdf:
        data = pdf.read()
    assert data[:5] == b"%PDF-"
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)
    assert "Ropebridge night" in text and "Winner: Ann" in text and "5♠ + 3♥ (turn 2)" in text
