"""axe-core (vendored) on every main screen, scorer and viewer, in the light theme at 390 px
and the dark theme at 360 px, with its target-size rule switched on: no violations, nothing
wider than the screen, and every control of the match page a 44 px target. Run in a context
that lets the test inject axe despite the page's CSP."""
from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest

from referee import games
from tests.browser.table import api
from tests.golden.common import example

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "bypass_csp": True}
PLAYERS = {"reverse-bridge": ["North", "East", "South", "West"]}


def create(base, game):
    """A match of the game as its golden log begins: its players and house rules, its first entry."""
    start = example(game)
    body = json.dumps({"game": game, "players": start["players"], "settings": start["settings"]}).encode()
    request = urllib.request.Request(base + "/api/matches", data=body, headers={"Content-Type": "application/json"})
    match = json.loads(urllib.request.urlopen(request).read())
    action = urllib.request.Request(
        f"{base}/api/matches/{match['id']}/actions", data=json.dumps(start["log"][0]).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {match['scorer_token']}"})
    urllib.request.urlopen(action).read()
    return match


def violations(page, url):
    page.goto(url)
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations'], rules: {'target-size': {enabled: true}}})")
    found = [f"{url}: {v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
             for v in result["violations"]]
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > page.viewport_size["width"]:
        found.append(f"{url}: {width} px wide on a {page.viewport_size['width']} px screen")
    return found


# The controls a thumb uses at the table: the top bar, the entry panel, the match's tools.
TABLE_CONTROLS = ("header.topbar a, #panel button, #panel label.key, #panel select, #panel summary, "
                  ".match-tools a, .match-tools summary, .match-tools button, .match-tools label.inline")


def small_targets(page) -> list[str]:
    return page.evaluate("""(selector) => [...document.querySelectorAll(selector)]
        .filter((e) => e.offsetParent !== null)
        .map((e) => [e, e.getBoundingClientRect()])
        .filter(([, r]) => r.width < 43.5 || r.height < 43.5)
        .map(([e, r]) => `${e.tagName.toLowerCase()} "${e.textContent.trim().slice(0, 30)}" ` +
            `${Math.round(r.width)}x${Math.round(r.height)}`)""",
                         TABLE_CONTROLS)


@pytest.fixture(params=[("light", 390), ("dark", 360)], ids=["light-390", "dark-360"])
def axe_page(browser, request):
    scheme, width = request.param
    context = browser.new_context(**{**PHONE, "viewport": {"width": width, "height": 800}}, color_scheme=scheme)
    yield context.new_page()
    context.close()


def test_main_screens_have_no_serious_accessibility_violations(axe_page, live_server):
    found = []
    for path in ("/", "/new", "/join", "/rules", "/offline", "/rules/reverse-bridge/scoring-table"):
        found += violations(axe_page, live_server + path)
    for game in games.PRODUCT:  # every registered game, so none is left out
        match = create(live_server, game)
        found += violations(axe_page, match["links"]["viewer"])
        found += violations(axe_page, match["links"]["scorer"])  # the entry form too
        found += [f"{game}: {small}" for small in small_targets(axe_page)]
        found += violations(axe_page, f"{live_server}/m/{match['id']}/timeline")
        found += violations(axe_page, f"{live_server}/m/{match['id']}/timeline/correct/1")  # as the scorer
        found += violations(axe_page, f"{live_server}/rules/{game}")
    # The widest results-only form: eight players' lines with the Shoot column.
    found += violations(axe_page, quick_shoot_pontoon(live_server)["links"]["scorer"])
    found += [f"eight-player quick deal: {small}" for small in small_targets(axe_page)]
    # The end of a match: who won and why, the running totals, the rematch.
    ended = finished_match(live_server)
    found += violations(axe_page, ended["links"]["scorer"])
    found += [f"end screen: {small}" for small in small_targets(axe_page)]
    assert axe_page.locator(".outcome").count() == 1 and axe_page.locator("form.rematch").count() == 1
    assert found == [], "\n".join(found)


def quick_shoot_pontoon(base):
    """A results-only Shoot Pontoon match of eight players whose bank has put up its kitty: the
    panel holds the whole deal's form, a line for the bank and one for each of seven players."""
    match = api(base, "/api/matches", {"game": "shoot-pontoon", "mode": "quick",
                                       "players": ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]})
    api(base, f"/api/matches/{match['id']}/actions", {"type": "kitty", "amount": 40}, match["scorer_token"])
    return match


def finished_match(base):
    """A results-only Reverse Bridge match of four hands, all entered: the match is over."""
    body = json.dumps({"game": "reverse-bridge", "players": PLAYERS["reverse-bridge"], "mode": "quick",
                       "settings": {"hands": 4}}).encode()
    request = urllib.request.Request(base + "/api/matches", data=body, headers={"Content-Type": "application/json"})
    match = json.loads(urllib.request.urlopen(request).read())
    for hand in ({"type": "quick", "team": "EW", "level": 3, "denomination": "NT", "tricks": 4},
                 {"type": "quick", "team": "NS", "level": 2, "denomination": "S", "tricks": 6},
                 {"type": "quick", "team": "EW", "level": 1, "denomination": "H", "tricks": 1},
                 {"type": "quick", "team": "NS", "level": 4, "denomination": "C", "tricks": 2}):
        urllib.request.urlopen(urllib.request.Request(
            f"{base}/api/matches/{match['id']}/actions", data=json.dumps(hand).encode(),
            headers={"Content-Type": "application/json", "Authorization": f"Bearer {match['scorer_token']}"})).read()
    return match
