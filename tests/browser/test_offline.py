"""Nothing is lost offline: entries made while the referee cannot be reached are kept on the
phone (through a reload), shown as waiting, and sent in order once each when the connection
returns; a queued entry the referee refuses is shown as refused and holds the rest back."""
from __future__ import annotations

import re
import time

from playwright.sync_api import Page, expect

from tests.browser.conftest import POLL_LOST
from tests.browser.table import Table, api
from tests.browser.test_table_experience import OPENING

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def logged(base: str, match: dict) -> list[dict]:
    return [entry["action"] for entry in api(base, f"/api/matches/{match['id']}/log")]


def queued(page: Page):
    return page.locator("#queue .queued")


def cut(route) -> None:
    route.abort("internetdisconnected")


def go_offline(page: Page, server) -> None:
    """The network goes, and the page knows it. Chromium's offline switch alone does not
    reliably hold back a page that its service worker served from the cache, so every request
    the page makes fails as well, in the browser and at the server, as it would with the
    Wi-Fi gone."""
    server.line.is_cut = True
    page.context.route("**/*", cut)
    page.context.set_offline(True)
    page.wait_for_function("navigator.onLine === false")


def go_online(page: Page, server) -> None:
    """The network comes back. The browser says so, and a second "online" follows, as on Wi-Fi
    that flickers: two sends race, and each entry must still go once, in order, and wait
    behind a refusal."""
    server.line.is_cut = False
    page.context.unroute("**/*", cut)
    page.context.set_offline(False)
    page.wait_for_function("navigator.onLine === true")
    page.evaluate("window.dispatchEvent(new Event('online'))")


def test_entries_made_offline_survive_a_reload_and_are_sent_once_in_order(page: Page, live_server):
    match = api(live_server, "/api/matches", {"game": "pontis", "players": ["Ann", "Ben", "Cat"]})
    for action in OPENING:
        api(live_server, f"/api/matches/{match['id']}/actions", action, match["scorer_token"])
    page.goto(match["links"]["scorer"])
    for _ in range(50):  # the service worker installs and takes the page over
        if page.evaluate("Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)"):
            break
        page.wait_for_timeout(100)
    page.reload()  # now through the service worker, which keeps this page for offline reading
    table = Table(page)
    table.expect_turn("Ann needs 3")

    go_offline(page, live_server)
    expect(page.locator("#offline-note")).to_be_visible()
    table.card("card", "3s")
    expect(queued(page)).to_have_count(1)
    table.press("Miss")
    table.press("Miss")
    expect(queued(page)).to_have_count(3)
    expect(page.locator("#queue")).to_contain_text("not checked")
    expect(queued(page).first).to_contain_text("waiting to send")
    table.shot("offline-waiting")

    page.reload()  # still offline: the last copy of the page, and the entries still waiting
    # With entries kept, the queue's line says there is no connection in place of the note,
    # whose words are in what the line unfolds to.
    expect(page.locator("#queue .queue-head")).to_contain_text("Offline: 3 kept on this phone")
    expect(page.locator("#queue .queue-why")).to_contain_text("this is the table as this phone last saw it")
    expect(queued(page)).to_have_count(3)
    expect(queued(page).nth(0)).to_contain_text("Play 3♠")
    expect(queued(page).nth(1)).to_have_text(re.compile("^Miss —"))
    assert len(logged(live_server, match)) == len(OPENING)

    go_online(page, live_server)
    expect(queued(page)).to_have_count(0, timeout=10_000)
    log = logged(live_server, match)
    assert log[len(OPENING):] == [{"type": "play", "card": "3s"}, {"type": "miss"}, {"type": "miss"}]
    expect(page.locator("#offline-note")).to_be_hidden()

    # A queued entry the referee refuses: shown as refused, and the one behind it waits.
    state = api(live_server, f"/api/matches/{match['id']}")
    wanted = {1 if v == 14 else v for v in state["bridge"]}
    rank = next(r for n, r in enumerate(RANKS, start=1) if n not in wanted and n not in (1, 14))
    go_offline(page, live_server)
    table.card("card", f"{rank}c")
    table.press("Miss")
    expect(queued(page)).to_have_count(2)
    go_online(page, live_server)
    refused = page.locator("#queue .queued.refused")
    expect(refused).to_have_count(1, timeout=10_000)
    expect(refused).to_contain_text("refused")
    expect(queued(page).nth(1)).to_contain_text("waiting to send")
    table.shot("offline-refused")
    assert len(logged(live_server, match)) == len(OPENING) + 3
    page.locator("#queue .queue-drop").tap()
    expect(queued(page)).to_have_count(0, timeout=10_000)
    assert logged(live_server, match)[-1] == {"type": "miss"}
    assert len(logged(live_server, match)) == len(OPENING) + 4


def after_the_opening(base: str) -> dict:
    """A Pontis match after the opening."""
    match = api(base, "/api/matches", {"game": "pontis", "players": ["Ann", "Ben", "Cat"]})
    for action in OPENING:
        api(base, f"/api/matches/{match['id']}/actions", action, match["scorer_token"])
    return match


def scorer_through_the_service_worker(page: Page, base: str) -> dict:
    """A Pontis match after the opening, its scorer's page served by the service worker."""
    match = after_the_opening(base)
    page.goto(match["links"]["scorer"])
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    return match


def queue_ids(page: Page, match: dict) -> list[str]:
    return page.evaluate(f"JSON.parse(localStorage.getItem('referee:queue:{match['id']}') || '[]').map(e => e.id)")


def test_entries_made_on_a_page_drawn_again_offline_each_have_their_own_id(page: Page, live_server):
    # Offline, a reload draws the page the service worker kept, with the entry id it had: an
    # entry made there must not take the id of one made before the reload, or the referee's
    # answer to the first would take the second off the queue unsent.
    match = scorer_through_the_service_worker(page, live_server)
    table = Table(page)
    go_offline(page, live_server)
    table.press("Miss")
    expect(queued(page)).to_have_count(1)
    page.reload()
    expect(queued(page)).to_have_count(1)
    table.press("Miss")
    expect(queued(page)).to_have_count(2)
    ids = queue_ids(page, match)
    assert len(set(ids)) == 2, ids
    go_online(page, live_server)
    expect(queued(page)).to_have_count(0, timeout=10_000)
    assert logged(live_server, match)[len(OPENING):] == [{"type": "miss"}, {"type": "miss"}]


def test_undo_of_an_entry_sent_without_an_answer_goes_to_the_referee(page: Page, live_server):
    # The Miss went out and no answer came: it may be on the referee already, so Undo is not
    # made on the phone but queued behind it, and takes back exactly that entry.
    match = scorer_through_the_service_worker(page, live_server)
    table = Table(page)
    live_server.line.is_cut = True  # the phone thinks it is online; its requests are dropped
    table.press("Miss")
    expect(queued(page).first).to_contain_text("waiting to send", timeout=10_000)
    take_back = page.locator("#queue .queue-undo")
    expect(take_back).to_have_attribute("aria-label", "Undo: Miss")
    table.tap(take_back)
    expect(queued(page)).to_have_count(2)
    # Tapped again, Undo takes back one more entry (whose words the phone does not know
    # offline), as it would online; it does not cancel the undo just queued.
    undo = page.locator("#answer .undo-button")
    expect(take_back).to_have_count(0)
    expect(undo).to_have_text("Undo")
    table.tap(undo)
    expect(queued(page)).to_have_count(3)
    assert len(logged(live_server, match)) == len(OPENING)
    live_server.line.is_cut = False
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(queued(page)).to_have_count(0, timeout=10_000)
    assert [a["type"] for a in logged(live_server, match)[len(OPENING):]] == ["miss", "undo", "undo"]
    assert api(live_server, f"/api/matches/{match['id']}")["turn"] == "Cat"
    undone = [e["seq"] for e in api(live_server, f"/api/matches/{match['id']}/log") if e["undone"]]
    assert undone == [len(OPENING), len(OPENING) + 1]  # Cat's 8♠ and the Miss


def test_an_entry_left_sending_by_a_closed_page_is_sent_again_first(page: Page, live_server):
    # The page was closed while an entry was on its way: the next page sends it again, before
    # anything made after it, and the referee enters it once.
    match = scorer_through_the_service_worker(page, live_server)
    left = [{"id": "left-1", "path": f"/m/{match['id']}/act", "body": "type=miss&id=left-1&expect=6",
             "label": "Miss", "status": "sending"},
            {"id": "left-2", "path": f"/m/{match['id']}/act", "body": "type=miss&id=left-2",
             "label": "Miss", "status": "waiting"}]
    page.evaluate("([key, queue]) => localStorage.setItem(key, JSON.stringify(queue))",
                  [f"referee:queue:{match['id']}", left])
    page.reload()
    expect(queued(page)).to_have_count(0, timeout=10_000)
    assert logged(live_server, match)[len(OPENING):] == [{"type": "miss"}, {"type": "miss"}]
    assert [e["seq"] for e in api(live_server, f"/api/matches/{match['id']}/log")][-2:] == [7, 8]


def test_after_a_refusal_an_entry_made_offline_leaves_no_card_picked_for_the_next(page: Page, live_server):
    # The refused card stays picked, so one tap mends it; once that entry is queued, the keys
    # start afresh: the refused suit does not go out again with the next rank tapped.
    match = scorer_through_the_service_worker(page, live_server)
    table = Table(page)
    table.card("card", "2c")
    expect(page.locator("#answer .error")).to_be_visible()
    go_offline(page, live_server)
    table.key("card", "3")  # the club is still picked: this one tap sends 3♣
    expect(queued(page)).to_have_count(1)
    expect(queued(page).first).to_contain_text("3♣")
    table.key("card", "5")
    page.wait_for_timeout(300)
    expect(queued(page)).to_have_count(1)
    expect(page.locator('#panel fieldset[data-picker="card"] input[name="card.suit"]:checked')).to_have_count(0)
    table.key("card", suit="d")
    expect(queued(page)).to_have_count(2)
    expect(queued(page).nth(1)).to_contain_text("5♦")
    go_online(page, live_server)
    expect(queued(page)).to_have_count(0, timeout=10_000)
    # 3♣ bridges; 5♦ does not, and is answered beside the keys as any refusal is.
    expect(page.locator("#answer .error")).to_contain_text("5♦")
    assert logged(live_server, match)[len(OPENING):] == [{"type": "play", "card": "3c"}]


def test_a_board_poll_that_leaves_as_the_connection_goes_is_no_script_error(page: Page, live_server):
    # The network is gone, but the page has not been told (Chromium's offline switch is left
    # alone): the next board poll meets no connection. That is the Wi-Fi, not the page: htmx's two
    # console lines for it are let through (the autouse check), and the board stands as it was.
    match = after_the_opening(live_server)
    page.goto(match["links"]["scorer"])
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    lost: list[str] = []
    page.on("console", lambda message: lost.append(message.text) if message.text == POLL_LOST else None)
    page.context.route("**/*", cut)
    deadline = time.monotonic() + 5
    while not lost and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    page.context.unroute("**/*", cut)
    assert lost, "no board poll met the cut connection"
    expect(page.locator("#board")).to_have_attribute("data-seq", str(len(OPENING)))
