"""The table experience on phones: two phones in sync, disputes and corrections from the
timeline, the language switch, the offline page."""
from __future__ import annotations

import io
import json
import os
import re
import time
import urllib.error
import urllib.request

from playwright.sync_api import Page, expect
from pypdf import PdfReader

from tests.browser.conftest import POLL_CUT_SHORT
from tests.browser.table import Table
from tests.web.test_api_pontoon import DEAL_1

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
OPENING = [{"type": "deal", "foundation_suit": "h"}, {"type": "reveal", "card": "5h"},
           {"type": "reveal", "card": "9h"}, {"type": "play", "card": "4c"},
           {"type": "reveal", "card": "Qh"}, {"type": "play", "card": "8s"}]


def api(base, path, body=None, token=None):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode() if body is not None else None,
                                     headers={"Content-Type": "application/json",
                                              **({"Authorization": f"Bearer {token}"} if token else {})})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def scorer_page(page: Page, base: str, actions=OPENING):
    match = api(base, "/api/matches", {"game": "pontis", "players": ["Ann", "Ben", "Cat"]})
    for action in actions:
        api(base, f"/api/matches/{match['id']}/actions", action, match["scorer_token"])
    page.goto(match["links"]["scorer"])
    return match


def test_an_entry_on_one_phone_shows_on_the_other_within_two_seconds(page: Page, live_server):
    match = scorer_page(page, live_server)
    viewer = page.context.browser.new_context(**PHONE).new_page()
    viewer.goto(match["links"]["viewer"])
    expect(viewer.locator(".turn")).to_contain_text("Ann needs 3")
    scrolled = viewer.evaluate("window.scrollTo({top: 40, behavior: 'instant'}); window.scrollY")
    assert scrolled > 0
    page.locator('fieldset[data-picker="card"] label[for$="-r-3"]').tap()
    page.locator('fieldset[data-picker="card"] label[for$="-s-s"]').tap()
    page.get_by_role("button", name="Play", exact=True).tap()
    expect(page.locator(".turn")).to_contain_text("Ben needs")
    entered = time.monotonic()
    expect(viewer.locator(".turn")).to_contain_text("Ben needs", timeout=2000)
    assert time.monotonic() - entered < 2.0
    assert viewer.evaluate("window.scrollY") == scrolled
    viewer.context.close()


def test_a_half_made_entry_survives_another_phones_entry(page: Page, live_server):
    match = scorer_page(page, live_server)
    second = page.context.browser.new_context(**PHONE).new_page()
    second.goto(match["links"]["scorer"])
    # The first phone starts an entry; the second phone makes a dispute (same move expected).
    page.locator('fieldset[data-picker="card"] label[for$="-r-3"]').tap()
    api(live_server, f"/api/matches/{match['id']}/actions", {"type": "dispute", "seq": 4, "note": "club?"},
        match["scorer_token"])
    expect(page.locator(".board")).to_have_attribute("data-seq", "7", timeout=3000)
    assert page.locator('fieldset[data-picker="card"] input[value="3"]').is_checked()
    second.context.close()


def test_a_late_poll_answer_for_a_replaced_board_leaves_the_keys_in_place(page: Page, live_server):
    """A poll sent by the board before an entry, answered after the entry's own answer: it
    belongs to a board no longer on screen, and must neither bring back the older table nor
    take the keys of the next entry with it."""
    held = []
    page.route(re.compile(r"/board\?"), lambda route: held.append(route) if not held else route.continue_())
    scorer_page(page, live_server)
    expect(page.locator(".turn")).to_contain_text("Ann needs 3")
    deadline = time.monotonic() + 5
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert held, "the board never polled"
    Table(page).card("card", "3s")
    expect(page.locator(".turn")).to_contain_text("Ben needs")
    held[0].continue_()
    page.wait_for_timeout(1000)  # time for a late answer to be swapped, were it still awaited
    expect(page.locator("#board")).to_have_attribute("data-seq", "7")
    expect(page.locator("#panel .turn")).to_contain_text("Ben needs")
    expect(page.locator('#panel form.entry fieldset[data-picker="card"]')).to_be_visible()


def test_a_bet_from_a_form_of_its_own_cuts_a_poll_short_and_its_answer_stands(page: Page, live_server):
    """Shoot Pontoon's bets are sent from small forms of their own, which cut short a board poll
    still on its way ("#board:replace"): the bet is taken once, its answer stays on screen, and
    the poll cut short is no error (the console check lets exactly that through)."""
    match = api(live_server, "/api/matches", {"game": "pontoon", "players": ["Ann", "Ben", "Cy", "Dee"],
                                              "settings": {"shoot": True, "kitty_min": 10, "kitty_max": 100}})
    for action in DEAL_1[:5]:   # the kitty, the deal and three stakes: Ben bets first
        api(live_server, f"/api/matches/{match['id']}/actions", action, match["scorer_token"])
    held = []
    page.route(re.compile(r"/board\?"), lambda route: held.append(route) if not held else route.continue_())
    page.goto(match["links"]["scorer"])
    expect(page.locator("#panel .turn")).to_contain_text("Ben bets")
    deadline = time.monotonic() + 5
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert held, "the board never polled"
    cut_short = []
    page.on("console", lambda message: cut_short.append(message.text) if message.text == POLL_CUT_SHORT else None)
    Table(page).tap(page.get_by_role("button", name="Ben declines"))
    expect(page.locator("#board")).to_have_attribute("data-seq", "6")
    expect(page.locator("#panel .turn")).to_contain_text("Cy bets")
    assert cut_short == [POLL_CUT_SHORT]
    page.screenshot(path="test-results/bet-after-cut-poll.png")
    page.wait_for_timeout(1000)  # time for the next polls: the answer stays
    expect(page.locator("#panel .turn")).to_contain_text("Cy bets")
    log = api(live_server, f"/api/matches/{match['id']}/log")
    assert [e["action"] for e in log[5:]] == [{"type": "shoot", "player": "Ben", "amount": 0}]


def test_a_dispute_is_raised_and_ruled_on_the_timeline_and_printed(page: Page, live_server):
    match = scorer_page(page, live_server)
    page.get_by_role("link", name="Timeline and disputes").tap()
    entry = page.locator("#e4")
    expect(entry).to_contain_text("Ben played 4♣ — bridge 4")
    entry.locator("summary").tap()
    entry.get_by_label("What is disputed").fill("Ben put down a spade")
    entry.get_by_role("button", name="Raise a dispute").tap()
    entry = page.locator("#e4")
    expect(entry.locator(".dispute")).to_contain_text("Ben put down a spade")
    entry.get_by_label("overruled").check()
    entry.get_by_label("Reason").fill("everyone saw the club")
    entry.get_by_role("button", name="Record the ruling").tap()
    expect(page.locator("#e4 .ruling")).to_contain_text("overruled — everyone saw the club")
    page.screenshot(path="test-results/timeline.png", full_page=True, caret="initial")
    pdf = urllib.request.urlopen(f"{live_server}/api/matches/{match['id']}/scoresheet.pdf").read()
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert "Ben put down a spade" in text and "everyone saw the club" in text


def test_corrections_are_judged_again_one_accepted_one_refused(page: Page, live_server):
    match = scorer_page(page, live_server)
    page.goto(f"{live_server}/m/{match['id']}/timeline")
    # Refused: Cat's foundation was J♥, not Q♥ — then her 8♠ is no bridge; nothing changes.
    entry = page.locator("#e5")
    entry.locator("summary").tap()
    entry.get_by_role("link", name="Correct entry 5").tap()
    expect(page.locator("h1")).to_have_text("Correct entry 5")
    page.locator("#panel").get_by_role("button", name="J♥").tap()
    error = page.locator("#panel .message.error")
    expect(error).to_contain_text("Entry 6")
    expect(error).to_contain_text("Cat needs 7")
    box, viewport = error.bounding_box(), page.viewport_size
    assert box and 0 <= box["y"] and box["y"] + min(box["height"], 80) <= viewport["height"]
    page.screenshot(path="test-results/correction-refused.png", caret="initial")
    assert api(live_server, f"/api/matches/{match['id']}")["banks"][2]["top"] == "8s"
    # Accepted: Cat's 8♠ was really 8♣; every later entry still holds.
    page.goto(f"{live_server}/m/{match['id']}/timeline/correct/6")
    picker = page.locator('#panel fieldset[data-picker="card"]')
    expect(picker.locator('input[value="8"]')).to_be_checked()
    picker.locator('label[for$="-s-c"]').tap()  # the rank stands picked: the suit completes the card and sends it
    expect(page.locator("#e6")).to_contain_text("corrected at entry 7")
    expect(page.locator("#e6")).to_contain_text("Now: Cat played 8♣")
    assert api(live_server, f"/api/matches/{match['id']}")["banks"][2]["top"] == "8c"


def test_the_language_switch_sticks(page: Page, live_server):
    page.goto(live_server + "/")
    expect(page.locator("h2")).to_have_text("Matches on this phone")
    page.get_by_role("link", name="DE", exact=True).tap()
    expect(page.locator("h2")).to_have_text("Partien auf diesem Handy")
    page.get_by_role("link", name="Neue Partie beginnen").tap()
    expect(page.get_by_role("button", name="Partie beginnen")).to_be_visible()
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.get_by_role("link", name="EN", exact=True).tap()
    expect(page.locator("h1")).to_have_text("New match")


def test_the_offline_page_when_the_server_is_down(page: Page, live_server):
    page.goto(live_server + "/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now controlled by the service worker
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    live_server.stop()
    page.goto(live_server + "/new", wait_until="domcontentloaded")
    expect(page.locator("h1")).to_have_text("No connection")


def test_a_new_scorer_link_asks_first_and_the_other_scorer_is_told_in_words(page: Page, live_server):
    match = scorer_page(page, live_server)
    second = page.context.browser.new_context(**PHONE).new_page()
    second.goto(match["links"]["scorer"])
    expect(second.locator("#panel form.entry")).to_be_visible()
    page.get_by_text("Invite another phone").tap()
    page.get_by_text("New scorer link…").tap()
    # One tap opens the question; nothing has changed yet.
    assert api(live_server, f"/api/matches/{match['id']}/actions", {"type": "miss", "expect": 6},
               match["scorer_token"])["seq"] == 7
    page.get_by_role("button", name="Yes, make a new scorer link").tap()
    expect(page.locator("#panel form.entry")).to_be_visible()  # this phone scores on, with the new link
    try:
        api(live_server, f"/api/matches/{match['id']}/actions", {"type": "miss"}, match["scorer_token"])
        raise AssertionError("the old scorer token still enters")
    except urllib.error.HTTPError as refused:
        assert refused.code == 403
    # The other phone is told at its next poll, before it tries an entry, and keeps no keys.
    lost = second.locator("#panel .message.error")
    expect(lost).to_contain_text("A new scorer link was made on another phone", timeout=5000)
    expect(second.locator("#panel form.entry")).to_have_count(0)
    second.screenshot(path="test-results/scorer-lost.png")
    second.context.close()


def test_a_correction_made_with_a_games_own_buttons_is_a_correction_not_a_new_entry(page: Page, live_server):
    """Curdle's bank rows send with htmx: on the correction page they post the correction."""
    match = api(live_server, "/api/matches", {"game": "curdle", "players": ["Ann", "Ben"]})
    for action in ({"type": "deal", "card": "Kh"}, {"type": "open", "card": "Qc"},
                   {"type": "play", "card": "Ad", "bank": "B"}):
        api(live_server, f"/api/matches/{match['id']}/actions", action, match["scorer_token"])
    page.goto(match["links"]["scorer"])
    page.goto(f"{live_server}/m/{match['id']}/timeline/correct/3")
    picker = page.locator('#panel fieldset[data-picker="card"]')
    expect(picker.locator('input[value="A"]')).to_be_checked()
    picker.locator('label[for$="-s-d-A"]').tap()  # A♦ was played onto bank A, not B
    expect(page).to_have_url(re.compile(r"/timeline\?entry=3"))
    expect(page.locator("#e3")).to_contain_text("corrected at entry 4")
    log = api(live_server, f"/api/matches/{match['id']}/log")
    assert [e["action"]["type"] for e in log] == ["deal", "open", "play", "correct"]
    assert log[-1]["action"]["action"] == {"type": "play", "card": "Ad", "bank": "A"}
    # A refused correction stays on the correction page with its reason, and changes nothing.
    page.goto(f"{live_server}/m/{match['id']}/timeline/correct/3")
    picker = page.locator('#panel fieldset[data-picker="card"]')
    picker.locator('label[for$="-r-5"]').tap()
    picker.locator('label[for$="-s-c-A"]').tap()
    expect(page.locator("#panel .message.error")).to_contain_text("not a bridge")
    expect(page.locator("h1")).to_have_text("Correct entry 3")
    assert len(api(live_server, f"/api/matches/{match['id']}/log")) == 4


def test_an_adjusted_ruling_goes_straight_to_the_correction_that_carries_it_out(page: Page, live_server):
    match = scorer_page(page, live_server)
    page.goto(f"{live_server}/m/{match['id']}/timeline")
    entry = page.locator("#e6")
    entry.locator("summary").tap()
    entry.get_by_label("What is disputed").fill("Cat put down a club")
    entry.get_by_role("button", name="Raise a dispute").tap()
    entry = page.locator("#e6")
    entry.get_by_label("adjusted").check()
    entry.get_by_label("Reason").fill("it was the club")
    entry.get_by_role("button", name="Record the ruling").tap()
    # Straight to the correction page, carrying the ruling, with Cat's card picked.
    expect(page.locator("h1")).to_have_text("Correct entry 6")
    expect(page.locator(".message.notice")).to_contain_text("adjusted — it was the club")
    page.locator('#panel fieldset[data-picker="card"] label[for$="-s-c"]').tap()  # 8♠ was 8♣
    expect(page.locator("#e6")).to_contain_text("Now: Cat played 8♣")
    expect(page.locator("#e6 .ruling")).to_contain_text("adjusted — it was the club")
    expect(page.locator("#e6 .ruling")).to_contain_text("carried out at entry 8")
    state = api(live_server, f"/api/matches/{match['id']}")
    assert state["banks"][2]["top"] == "8c"
    assert state["disputes"][0]["ruling"]["carried_out_by"] == 8


def test_a_rematch_starts_with_the_same_players_and_the_next_dealer(page: Page, live_server):
    created = api(live_server, "/api/matches", {"game": "reverse-bridge", "players": ["Ann", "Ben", "Cat", "Dan"],
                                                "mode": "quick", "settings": {"hands": 4}})
    for hand in ({"type": "quick", "team": "EW", "level": 3, "denomination": "NT", "tricks": 4},
                 {"type": "quick", "team": "NS", "level": 2, "denomination": "S", "tricks": 6},
                 {"type": "quick", "team": "EW", "level": 1, "denomination": "H", "tricks": 1},
                 {"type": "quick", "team": "NS", "level": 4, "denomination": "C", "tricks": 2}):
        api(live_server, f"/api/matches/{created['id']}/actions", hand, created["scorer_token"])
    ended = api(live_server, f"/api/matches/{created['id']}")
    page.goto(created["links"]["scorer"])
    expect(page.locator(".outcome h2")).to_contain_text(ended["match_result"]["headline"].split(" ")[0])
    page.get_by_role("button", name="Rematch: same players and house rules").tap()
    expect(page).not_to_have_url(re.compile(created["id"]))
    new_id = page.url.rstrip("/").rsplit("/", 1)[-1]
    rematch = api(live_server, f"/api/matches/{new_id}")
    players = ["Ann", "Ben", "Cat", "Dan"]
    first = players.index(ended["next_dealer"])
    assert rematch["players"] == players[first:] + players[:first] and rematch["seq"] == 0
    assert rematch["dealer"] == ended["next_dealer"] and rematch["settings"] == ended["settings"]
    page.screenshot(path=f"{os.environ.get('REFEREE_SHOTS', 'test-results')}/rematch.png")
