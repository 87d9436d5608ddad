"""A phone lying by the cards does not go dark: the match page asks for a screen wake lock
where the browser offers one, and a visible switch lets it go."""
from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.table import api

# Records the page's requests for a wake lock (headless Chromium grants none by itself).
RECORDER = """
window.__wakeRequests = [];
Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {
  request(kind) {
    window.__wakeRequests.push(kind);
    const sentinel = new EventTarget();
    sentinel.released = false;
    sentinel.release = async () => { sentinel.released = true; sentinel.dispatchEvent(new Event("release")); };
    return Promise.resolve(sentinel);
  }}});
"""


def test_the_match_page_keeps_the_screen_awake_with_a_switch(page: Page, live_server):
    page.add_init_script(RECORDER)
    match = api(live_server, "/api/matches", {"game": "pontis", "players": ["Ann", "Ben", "Cat"]})
    page.goto(match["links"]["scorer"])
    expect(page.locator("html")).to_have_attribute("data-wake", "on")
    assert page.evaluate("window.__wakeRequests") == ["screen"]
    switch = page.get_by_label("Keep the screen on")
    expect(switch).to_be_checked()
    switch.tap()
    expect(page.locator("html")).to_have_attribute("data-wake", "off")
    page.reload()  # the choice is kept on the phone
    expect(page.get_by_label("Keep the screen on")).not_to_be_checked()
    assert page.evaluate("window.__wakeRequests") == []
    page.get_by_label("Keep the screen on").tap()
    expect(page.locator("html")).to_have_attribute("data-wake", "on")
