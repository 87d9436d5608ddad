"""Quick scoring on a phone: one result per game, the referee adds bonus and totals."""
from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.table import SHOTS, Table


def test_a_quick_pontis_match_keeps_the_totals(page: Page, live_server):
    page.goto(live_server + "/new")
    page.get_by_label("Players, one per line").fill("Ann\nBen")
    page.get_by_label("Results only").check()
    page.get_by_role("button", name="Start the match").tap()

    page.get_by_label("How it ended").select_option("out")
    page.get_by_label("Who went out, or who takes the −2").select_option("Ann")
    page.get_by_label("Ann: bank cards").fill("27")
    page.get_by_label("Ann: suit points").fill("5")
    page.get_by_label("Ben: bank cards").fill("12")
    page.get_by_role("button", name="Enter the result").tap()
    scores = page.locator(".score-table")
    expect(scores).to_contain_text("36")  # 27 + 5 + 4 for going out
    expect(scores).to_contain_text("12")
    # Results only plays no card here: no bank tile ("—", "0 on bank"), no in-hand table.
    expect(page.locator("#board .banks, #board .players-table")).to_have_count(0)
    expect(page.locator("#board .breakdown")).to_contain_text("36")
    size = page.viewport_size or {"width": 0, "height": 0}
    page.screenshot(path=f"{SHOTS}/pontis-quick-{size['width']}x{size['height']}.png")

    # An impossible result is refused and the typed numbers stay in the form.
    page.get_by_label("How it ended").select_option("blocked")
    page.get_by_label("Who went out, or who takes the −2").select_option("Ben")
    page.get_by_label("Ann: bank cards").fill("80")
    page.get_by_label("Ben: bank cards").fill("10")
    page.get_by_role("button", name="Enter the result").tap()
    expect(page.locator(".message.error")).to_contain_text("impossible")
    expect(page.get_by_label("Ben: bank cards")).to_have_value("10")
    page.get_by_label("Ann: bank cards").fill("20")
    page.get_by_role("button", name="Enter the result").tap()
    expect(page.locator(".message.error")).to_have_count(0)
    expect(scores).to_contain_text("56")   # 36 + 20
    expect(scores).to_contain_text("20")   # 12 + 10 - 2


SIX = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"]


def test_a_six_player_game_is_entered_without_scrolling(phone: Page, live_server):
    """Pontis seats 2 to 13 (PONTIS-SETUP-1): a six-player game's result, the ending beside who
    ended it and a short line per player, fits the panel of both phones, before the entry and
    with its answer above the keys."""
    page = phone
    table = Table(page)  # for its reach check: every control of the next entry on screen
    page.goto(live_server + "/new")
    page.get_by_label("Players, one per line").fill("\n".join(SIX))
    page.get_by_label("Results only").check()
    page.get_by_role("button", name="Start the match").tap()
    expect(page.locator("#panel .turn")).to_contain_text("Ann deals the next game")
    table.in_reach()
    # Each way a game ends reads whole in its box once chosen, on the small phone too.
    ending = page.get_by_label("How it ended")
    room = ending.evaluate("(s) => s.clientWidth - 28")  # less the padding and the arrow
    for value in ("out", "blocked", "complete_curdle"):
        ending.select_option(value)
        width = ending.evaluate("""(s) => { const c = document.createElement('canvas').getContext('2d');
          c.font = getComputedStyle(s).font; return c.measureText(s.selectedOptions[0].text).width; }""")
        assert width <= room, (value, width, room)
    ending.select_option("out")
    table.shot("pontis-quick-six")

    # Nobody could bridge: Ann takes the −2. Three bank cards each, and Ann's suit point.
    page.get_by_label("How it ended").select_option("blocked")
    page.get_by_label("Who went out, or who takes the −2").select_option("Ann")
    for name in SIX:
        page.get_by_label(f"{name}: bank cards").fill("3")
    page.get_by_label("Ann: suit points").fill("1")
    table.tap(page.get_by_role("button", name="Enter the result"))
    expect(page.locator("#panel .answer .confirmed")).to_contain_text("Result of game 1 entered")
    expect(page.locator("#panel .turn")).to_contain_text("Ben deals the next game")
    # Ann's −2 leaves five at 3 points: a tie, said as the headline says it, not "won".
    expect(page.locator("#panel .turn")).to_contain_text("Ben, Cy, Dee, Eve and Fay tie for game 1.")
    table.in_reach()
    expect(page.locator("#board .banks, #board .players-table")).to_have_count(0)
    table.shot("pontis-quick-six-answered")
