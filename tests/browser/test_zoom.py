"""Text at 200%: the main screens still fit a 390 px phone without scrolling sideways, and
every card key stays at least 44 px for a thumb."""
from __future__ import annotations

from playwright.sync_api import Page

from referee import games
from tests.browser.test_accessibility import create


def zoomed_width(page: Page, url: str) -> int:
    page.goto(url)
    # CSSOM, not a style attribute: allowed under the page's CSP.
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    return page.evaluate("document.documentElement.scrollWidth")


def test_main_screens_survive_text_at_200_percent(page: Page, live_server):
    wide = []
    for path in ("/", "/new", "/join", "/rules/pontis"):
        if zoomed_width(page, live_server + path) > 390:
            wide.append(path)
    for game in games.PRODUCT:
        match = create(live_server, game)
        if zoomed_width(page, match["links"]["scorer"]) > 390:
            wide.append(game)
        small = page.evaluate("[...document.querySelectorAll('.key')].filter(k => k.offsetParent && "
                              "(k.getBoundingClientRect().height < 44)).length")
        assert small == 0, game
    assert wide == []
