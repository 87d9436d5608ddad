"""Quick scoring on a phone: one result per game, the referee adds bonus and totals."""
from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.table import SHOTS


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
