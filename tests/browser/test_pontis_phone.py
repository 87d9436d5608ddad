"""A table plays a Pontis game on a phone of each size, tapping: create, deal, foundations, a
refused card with its rule, plays, undo, misses, a sum play, to the end of the game. At every
step the next entry's keys and the turn line are on screen without scrolling, and every answer
appears by the keys. A viewer sees the same; the score sheet downloads."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.table import Table


def test_three_players_play_a_game_of_pontis_by_tapping(phone: Page, live_server):
    page = phone
    table = Table(page)
    page.goto(live_server + "/")
    page.get_by_role("link", name="Start a new match").tap()
    page.get_by_label("Players, one per line").fill("Ann\nBen\nCat")
    page.get_by_label("Title (optional)").fill("Friday Pontis")
    page.get_by_role("button", name="Start the match").tap()
    expect(page.locator("h1")).to_have_text("Friday Pontis")
    table.expect_turn("Ann deals")

    # Deal hearts; each foundation is one tap on the suit's ranks.
    table.tap(page.get_by_role("button", name="hearts"))
    table.expect_turn("Ann turns up")
    table.confirmed("Ann deals game 1")
    table.press("5♥")
    table.expect_turn("Ben turns up")
    # The card Ann turned up is off Ben's keys, and says where it lies.
    taken = page.locator('#panel button[name="card"][value="5h"]')
    expect(taken).to_be_disabled()
    expect(taken).to_have_attribute("aria-description", "already on Ann's bank")
    table.press("9♥")
    table.expect_turn("Ben needs 4")

    # A card that is not a bridge is refused on its second tap, by the keys, with its rule.
    table.card("card", "7c")
    error = table.refused("7♣", "4")
    table.shot("pontis-refused")
    expect(error.get_by_role("link", name="Rule PONTIS-TURN-3")).to_have_attribute(
        "href", "/rules/pontis#PONTIS-TURN-3")
    # The suit stays picked: one more tap on the right rank sends the card.
    taps = table.taps
    table.key("card", "4")
    assert table.taps - taps == 1
    table.expect_turn("Cat turns up")
    table.confirmed("Ben played 4♣")
    table.press("Q♥")
    table.expect_turn("Cat needs 8")

    # Cat plays 8♠; the Undo names it and takes it back; Cat misses instead.
    taps = table.taps
    table.card("card", "8s")
    assert table.taps - taps == 2
    table.record("pontis", "card", table.taps - taps)
    table.record("pontis", "turn", table.taps - taps)
    table.expect_turn("Ann needs 3")
    undo = page.locator("#panel .undo-button")
    expect(undo).to_have_accessible_name(re.compile("Undo: Cat played 8♠"))
    table.tap(undo)
    table.expect_turn("Cat needs 8")
    table.confirmed("Undo of entry 6")
    table.press("Miss")
    table.expect_turn("Ann needs 7")
    table.press("Miss")
    table.press("Miss")
    # Three misses: the sum ability goes to Cat, who started the run of misses.
    table.expect_turn("Cat holds the sum ability")
    table.shot("pontis-sum")
    taps = table.taps
    table.tray("5c", "3d")
    table.press("Play the pair")
    assert table.taps - taps == 5  # suit and rank per card (a suit carries over), one to send
    table.record("pontis", "turn", table.taps - taps)
    bank_tops = page.locator(".bank-top")
    expect(bank_tops.nth(2)).to_contain_text("3♦")  # the card tapped last lies on top
    table.in_reach()

    # Nobody can bridge any more: misses until the sum ability has gone all the way round.
    board = page.locator("#board")
    for _ in range(12):
        if page.locator(".phase-deal").count():
            break
        seq = board.get_attribute("data-seq")
        table.press("Miss")
        expect(board).not_to_have_attribute("data-seq", seq or "")  # the answer is on the board
    table.expect_turn("won game 1")
    table.expect_turn("deals the next game")
    table.record("pontis", "game", table.taps)  # every tap from the deal on, a refusal and an undo among them
    expect(page.locator(".outcome .breakdown")).to_contain_text("Suit points")  # who won and why, on the board
    expect(page.locator(".score-table")).to_contain_text("Ann")
    table.shot("pontis-game-over")
    scorer_scores = page.locator(".score-table").inner_text()

    # A second phone opens the viewer link: same table, no entry form.
    page.locator("details.invite > summary").tap()
    viewer_url = page.locator("a.viewer-link").get_attribute("href")
    viewer = page.context.browser.new_context(viewport=page.viewport_size, is_mobile=True, has_touch=True).new_page()
    viewer.goto(viewer_url)
    expect(viewer.locator(".turn")).to_contain_text("won game 1")
    expect(viewer.locator("form.entry")).to_have_count(0)
    assert viewer.locator(".score-table").inner_text() == scorer_scores
    viewer.context.close()

    # The score sheet downloads as a PDF.
    with page.expect_download() as download_info:
        page.get_by_role("link", name=re.compile("Score sheet")).tap()
    with open(download_info.value.path(), "rb") as pdf:
        assert pdf.read(5) == b"%PDF-"
    assert table.checked > 15
