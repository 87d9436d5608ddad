"""A table plays a Pontis game on a phone, tapping: create, reveal, play, a rejected card with
its rule, a miss, a sum play, an undo, to the end of the game; a viewer sees the same; the
score sheet downloads."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

SHOTS = "test-results"


def tap_card(page: Page, key: str, rank: str, suit: str) -> None:
    picker = page.locator(f'fieldset[data-picker="{key}"]')
    picker.locator(f'label[for$="-r-{rank}"]').tap()
    picker.locator(f'label[for$="-s-{suit}"]').tap()


def press(page: Page, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).tap()


def turn_line(page: Page):
    return page.locator(".turn")


def test_three_players_play_a_game_of_pontis_by_tapping(page: Page, live_server):
    page.goto(live_server + "/")
    page.get_by_role("link", name="Start a new match").tap()
    page.get_by_label("Players, one per line").fill("Ann\nBen\nCat")
    page.get_by_label("Title (optional)").fill("Friday Pontis")
    page.get_by_role("button", name="Start the match").tap()
    expect(page.locator("h1")).to_have_text("Friday Pontis")
    expect(turn_line(page)).to_contain_text("Ann deals")

    # Deal hearts; foundations are tapped straight from the suit's ranks.
    page.get_by_role("button", name="hearts").tap()
    expect(turn_line(page)).to_contain_text("Ann turns up")
    press(page, "5♥")
    expect(turn_line(page)).to_contain_text("Ben turns up")
    press(page, "9♥")
    expect(turn_line(page)).to_contain_text("Ben needs 4")

    # A card that is not a bridge is refused, with the rule one tap away.
    tap_card(page, "card", "7", "c")
    press(page, "Play")
    error = page.locator(".message.error")
    expect(error).to_contain_text("7♣")
    expect(error).to_contain_text("4")
    error.locator("summary").tap()
    expect(error.locator(".rule-text")).to_contain_text("PONTIS-TURN-3")
    page.screenshot(path=f"{SHOTS}/pontis-rejected.png", full_page=True)
    # The selection survived the rejection: change only the rank.
    tap_card(page, "card", "4", "c")
    press(page, "Play")
    expect(page.locator(".message.error")).to_have_count(0)
    expect(turn_line(page)).to_contain_text("Cat turns up")
    press(page, "Q♥")
    expect(turn_line(page)).to_contain_text("Cat needs 8")

    # Cat plays 8♠, then undoes it and misses instead.
    tap_card(page, "card", "8", "s")
    press(page, "Play")
    expect(turn_line(page)).to_contain_text("Ann needs 3")
    press(page, "Undo last entry")
    expect(turn_line(page)).to_contain_text("Cat needs 8")
    press(page, "Miss")
    expect(turn_line(page)).to_contain_text("Ann needs 7")
    press(page, "Miss")
    press(page, "Miss")
    # Three misses: the sum ability goes to Cat, who started the run of misses.
    expect(turn_line(page)).to_contain_text("Cat holds the sum ability")
    tap_card(page, "cards.0", "5", "c")
    tap_card(page, "cards.1", "3", "d")
    page.get_by_role("radio", name="second card on top", exact=True).check()
    page.screenshot(path=f"{SHOTS}/pontis-sum.png", full_page=True)
    press(page, "Play the pair")
    bank_tops = page.locator(".bank-top")
    expect(bank_tops.nth(2)).to_contain_text("3♦")
    expect(page.locator(".players-table")).to_contain_text("Cat")

    # Nobody can bridge any more: misses until the sum ability has gone all the way round.
    for _ in range(12):
        if page.locator(".phase-deal").count():
            break
        press(page, "Miss")
        page.wait_for_timeout(100)
    expect(turn_line(page)).to_contain_text("is over")
    expect(page.locator(".score-table")).to_contain_text("Ann")
    page.screenshot(path=f"{SHOTS}/pontis-game-over.png", full_page=True)
    scorer_scores = page.locator(".score-table").inner_text()

    # A second phone opens the viewer link: same table, no entry form.
    page.locator("details.invite summary").tap()
    viewer_url = page.locator("a.viewer-link").get_attribute("href")
    viewer = page.context.browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                              has_touch=True).new_page()
    viewer.goto(viewer_url)
    expect(viewer.locator(".turn")).to_contain_text("is over")
    expect(viewer.locator("form.entry")).to_have_count(0)
    assert viewer.locator(".score-table").inner_text() == scorer_scores
    viewer.close()

    # The score sheet downloads as a PDF.
    with page.expect_download() as download_info:
        page.get_by_role("link", name=re.compile("Score sheet")).tap()
    download = download_info.value
    path = download.path()
    with open(path, "rb") as pdf:
        assert pdf.read(5) == b"%PDF-"
