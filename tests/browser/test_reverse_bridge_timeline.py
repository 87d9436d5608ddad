"""A Reverse Bridge hand's timeline on a 390×844 phone: the hand's entries in words, grouped by
the auction and then trick by trick, and entry 40 reached by its number with the timeline's
entry-number form."""
from __future__ import annotations

import os
import re

from playwright.sync_api import Page, expect

from tests.browser.table import api
from tests.web.test_api_reverse_bridge import PLAYERS, auction_actions, known_deal, play_out

SHOTS = os.environ.get("REFEREE_SHOTS", "test-results")


def test_a_hand_s_timeline_is_grouped_by_trick_and_entry_40_is_reached_by_its_number(page: Page, live_server):
    match = api(live_server, "/api/matches", {"game": "reverse-bridge", "players": list(PLAYERS),
                                               "settings": {"hands": 4}})
    act = lambda action: api(live_server, f"/api/matches/{match['id']}/actions", action, match["scorer_token"])  # noqa: E731
    act({"type": "deal"})                                    # entry 1
    for action in auction_actions():                         # entries 2-8: Ann's 3♥, Dan leads
        act(action)
    known = play_out(known_deal(), "h", 3)
    for card in known.cards():                               # entries 9-60: trick t is 4t+5 .. 4t+8
        act({"type": "play", "card": card})
    page.goto(match["links"]["scorer"])
    page.goto(f"{live_server}/m/{match['id']}/timeline")

    # The hand is one group; inside it, the auction and then each trick under its own heading,
    # holding the trick's four cards. Only the newest trick is open; a folded one shows its
    # last entry, and opens with a tap.
    unit = page.locator("section.unit-open")
    expect(unit.locator("h2")).to_contain_text("Hand 1")
    headings = unit.locator("li.stage h3")
    expect(headings).to_have_text(["Auction"] + [f"Trick {n}" for n in range(1, 14)])
    expect(unit.locator("ol.timeline > li").nth(0)).to_contain_text("Ann deals hand 1")  # before the auction
    groups = unit.locator("details.stage-group")
    expect(groups.locator("xpath=self::*[@open]")).to_have_count(1)
    for trick in (1, 8, 13):
        group = unit.locator("details.stage-group", has=page.locator("h3", has_text=re.compile(rf"^Trick {trick}$")))
        first = 4 * trick + 5
        if trick != 13:
            expect(group).not_to_have_attribute("open", "")
            expect(group.locator("> summary")).to_contain_text(f"wins trick {trick}")
            group.locator("> summary").tap()
        entries = group.locator("li.entry-line")
        expect(entries).to_have_count(4)
        assert [entries.nth(n).get_attribute("id") for n in range(4)] == [f"e{first + n}" for n in range(4)]
        seat, card = known.plays[4 * (trick - 1)]
        expect(entries.nth(0)).to_contain_text(f"{PLAYERS[seat]} plays {card.symbol}")
        expect(entries.nth(3)).to_contain_text(f"wins trick {trick}")

    # Entry 40 by its number: the form at the top of the page takes the number, and the page
    # opens on it, inside trick 8, which is open.
    entry = reach_entry_40(page, live_server, match)
    seat, card = known.plays[40 - 9]
    expect(entry).to_contain_text(f"{PLAYERS[seat]} plays {card.symbol}")
    expect(entry.locator(".entry-no")).to_have_text("40")
    expect(entry).to_be_in_viewport()
    trick_8 = entry.locator("xpath=ancestor::details[1]")
    expect(trick_8).to_have_attribute("open", "")
    expect(trick_8.locator("> summary h3")).to_have_text("Trick 8")
    entry.scroll_into_view_if_needed()
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/reverse-bridge-timeline-trick-8.png", caret="initial")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def reach_entry_40(page: Page, live_server, match) -> object:
    page.goto(f"{live_server}/m/{match['id']}/timeline")
    page.get_by_label("Entry no.").fill("40")
    page.get_by_role("button", name="Show", exact=True).tap()
    expect(page).to_have_url(re.compile(r"entry=40"))
    return page.locator("#e40")


def test_the_entry_number_form_lands_on_the_entry(page: Page, live_server):
    match = api(live_server, "/api/matches", {"game": "reverse-bridge", "players": list(PLAYERS),
                                               "settings": {"hands": 4}})
    act = lambda action: api(live_server, f"/api/matches/{match['id']}/actions", action, match["scorer_token"])  # noqa: E731
    act({"type": "deal"})
    for action in auction_actions():
        act(action)
    for card in play_out(known_deal(), "h", 3).cards()[:40]:
        act({"type": "play", "card": card})
    page.goto(match["links"]["scorer"])
    entry = reach_entry_40(page, live_server, match)
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/reverse-bridge-timeline-entry-40.png", caret="initial")
    expect(entry).to_be_in_viewport(timeout=2000)
