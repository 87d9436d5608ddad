"""An entry the referee did not make (refused, or turned down because another phone entered
first) takes with it the undo queued for it, and holds the entries tapped behind it."""
from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.table import Table, api
from tests.browser.test_offline import queued, scorer_through_the_service_worker
from tests.browser.test_table_experience import OPENING


def logged_after_opening(base: str, match: dict) -> list[dict]:
    return [e["action"] for e in api(base, f"/api/matches/{match['id']}/log")][len(OPENING):]


def test_an_undo_queued_for_a_refused_entry_goes_with_it(page: Page, live_server):
    """4♠ is typed for Ann (who needs 3) as the Wi-Fi drops; it was sent once, so the Undo the
    scorer taps waits behind it, meant for it. Back online 4♠ is refused: the undo is not sent
    (it would take back Cat's 8♠ before it), nothing waits, and 3♠ tapped then stands."""
    match = scorer_through_the_service_worker(page, live_server)
    table = Table(page)
    table.expect_turn("Ann needs 3")
    live_server.line.is_cut = True
    table.card("card", "4s")
    expect(queued(page).first).to_contain_text("waiting to send", timeout=10_000)
    take_back = page.locator("#queue .queue-undo")
    expect(take_back).to_have_attribute("aria-label", "Undo: Play 4♠")
    table.tap(take_back)
    expect(queued(page)).to_have_count(2)
    live_server.line.is_cut = False
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#answer .message.error")).to_contain_text("4♠ is not a bridge", timeout=10_000)
    expect(queued(page)).to_have_count(0)
    assert logged_after_opening(live_server, match) == []
    table.card("card", "3s")
    expect(page.locator("#answer .confirmed")).to_contain_text("3♠", timeout=10_000)
    assert logged_after_opening(live_server, match) == [{"type": "play", "card": "3s"}]


def test_an_entry_not_made_holds_the_one_tapped_behind_it(browser, live_server):
    """3♠ is on its way (slow Wi-Fi) when Miss is tapped; meanwhile another phone enters Ann's
    miss. The referee turns 3♠ down (409: not made). The Miss tapped behind it is held, not sent
    as Ben's, and the line names the entry not made; Remove it sends the Miss."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  service_workers="block")
    page = context.new_page()
    try:
        match = api(live_server, "/api/matches", {"game": "pontis", "players": ["Ann", "Ben", "Cat"]})
        for action in OPENING:
            api(live_server, f"/api/matches/{match['id']}/actions", action, match["scorer_token"])
        page.goto(match["links"]["scorer"])
        table = Table(page)
        table.expect_turn("Ann needs 3")
        held = []
        page.route("**/act", lambda route: held.append(route))
        table.card("card", "3s")
        page.wait_for_timeout(300)
        assert len(held) == 1
        table.press("Miss")
        expect(queued(page)).to_have_count(2)
        api(live_server, f"/api/matches/{match['id']}/actions", {"type": "miss"}, match["scorer_token"])
        held[0].continue_()
        page.unroute("**/act")
        head = page.locator("#queue .queue-head")
        expect(head.locator(".queue-count")).to_have_text("Refused: Play 3♠ · 1 behind it", timeout=10_000)
        expect(page.locator("#answer")).to_contain_text("Another phone entered something first")
        expect(page.locator("#queue .queue-reason")).to_be_hidden()  # the answer above says why
        assert logged_after_opening(live_server, match) == [{"type": "miss"}]
        table.in_reach()
        table.shot("offline-not-made-held")
        table.tap(page.locator("#queue .queue-drop"))
        expect(queued(page)).to_have_count(0, timeout=10_000)
        assert logged_after_opening(live_server, match) == [{"type": "miss"}, {"type": "miss"}]
    finally:
        context.close()
