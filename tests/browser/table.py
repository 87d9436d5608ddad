"""What every game's phone test checks at the table, on both phone sizes:

- the next entry's controls and the turn line are on screen together, without scrolling, before
  and after every answer, and the page stays scrolled where the last tap left it;
- a refusal and a confirmation appear in the panel, directly by the keys;
- taps are counted, so a test can say how many a card, a turn or a hand cost.
"""
from __future__ import annotations

import json
import os
import urllib.request
from dataclasses import dataclass, field

from playwright.sync_api import Locator, Page, expect

PHONES = {"390x844": {"width": 390, "height": 844}, "360x740": {"width": 360, "height": 740}}
SHOTS = os.environ.get("REFEREE_SHOTS", "test-results")  # pytest-playwright empties test-results at each start


def api(base: str, path: str, body=None, token: str | None = None) -> dict:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode() if body is not None else None,
                                     headers={"Content-Type": "application/json",
                                              **({"Authorization": f"Bearer {token}"} if token else {})})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def new_phone(browser, size: str, language: str | None = None) -> Page:
    """A phone of that size, touch and all; with ``language`` ("de"), one set to it (the browser's
    locale and the Accept-Language it sends)."""
    spoken = {"locale": "de-DE", "extra_http_headers": {"Accept-Language": "de"}} if language == "de" else {}
    if language not in (None, "de"):
        raise ValueError(f"no phone set up for {language!r}")
    context = browser.new_context(viewport=PHONES[size], is_mobile=True, has_touch=True, accept_downloads=True,
                                  **spoken)
    return context.new_page()


def visible_controls(page: Page) -> Locator:
    """The controls of the next entry that a person can see (hidden ones, such as the joker's
    stand-in before a joker is picked, are not on screen and need not be)."""
    controls = "label.key, button, select, input:not([type=hidden]):not([type=radio]):not([type=checkbox])"
    # Controls kept only for screen readers and keyboards (class visually-hidden) are not on screen.
    return page.locator("#panel form.entry").locator(
        ", ".join(f"{c}:not(.visually-hidden *)" for c in controls.split(", ")))


@dataclass
class Table:
    """One phone at the table: taps counted, reach checked after every answer."""

    page: Page
    taps: int = 0
    checked: int = 0
    scroll: float = 0.0
    log: list[str] = field(default_factory=list)

    def tap(self, locator: Locator) -> None:
        self.scroll = self.page.evaluate("window.scrollY")
        locator.tap()
        self.taps += 1

    def key(self, key: str, rank: str | None = None, suit: str | None = None) -> None:
        """One key of a rank-and-suit picker."""
        picker = self.page.locator(f'#panel fieldset[data-picker="{key}"]')
        if rank:
            self.tap(picker.locator(f'label[for$="-r-{rank}"]'))
        if suit:
            self.tap(picker.locator(f'label[for$="-s-{suit}"]'))

    def card(self, key: str, card: str) -> None:
        """A card on a rank-and-suit picker: two taps, the second sends it where that is all
        the entry needs."""
        if card == "JK":
            self.key(key, "JK")
        else:
            self.key(key, card[:-1], card[-1])

    def tray(self, *cards: str, key: str | None = None) -> None:
        """Cards into a tray: the suit (when it is not the one already chosen), then the rank."""
        scope = self.page.locator(f'#panel fieldset.card-tray[data-tray="{key}"]' if key
                                  else "#panel fieldset.card-tray")
        for card in cards:
            if card != "JK":
                suit = scope.locator(f'.tray-suit[data-suit="{card[-1]}"]')
                if suit.get_attribute("aria-pressed") != "true":
                    self.tap(suit)
            self.tap(scope.locator(f'.tray-rank[data-rank="{"JK" if card == "JK" else card[:-1]}"]'))

    def press(self, name: str) -> None:
        self.tap(self.page.locator("#panel").get_by_role("button", name=name, exact=True))

    def turn(self) -> Locator:
        return self.page.locator("#panel .turn")

    def expect_turn(self, text: str) -> None:
        expect(self.turn()).to_contain_text(text)
        self.in_reach()

    def in_reach(self) -> None:
        """The turn line and every visible control of the next entry lie inside the viewport,
        and the page is still scrolled where the last tap left it."""
        page = self.page
        # Measured once htmx has put the answer in place: in the middle of a swap the panel can
        # be without its turn line for a moment (seen with two test workers on PostgreSQL).
        expect(page.locator(".htmx-swapping, .htmx-settling")).to_have_count(0)  # no script: the page's CSP
        expect(self.turn()).to_be_visible()
        height = page.viewport_size["height"]
        width = page.viewport_size["width"]
        boxes = [("turn line", self.turn().bounding_box())]
        controls = visible_controls(page)
        for n in range(controls.count()):
            control = controls.nth(n)
            if control.is_visible():
                label = control.inner_text() or control.get_attribute("name") or "control"
                boxes.append((label, control.bounding_box()))
        for name, box in boxes:
            assert box is not None, name
            if not (box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5):
                self.page.screenshot(path=f"{SHOTS}/out-of-reach.png")
            assert box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5, (name, box, height)
            assert box["x"] >= -0.5 and box["x"] + box["width"] <= width + 0.5, (name, box, width)
        assert abs(page.evaluate("window.scrollY") - self.scroll) <= 1, "the page moved under the finger"
        self.checked += 1

    def refused(self, *words: str) -> Locator:
        """The refusal is in the panel, directly above the keys, and on screen."""
        error = self.page.locator("#panel .answer .message.error")
        for text in words:
            expect(error).to_contain_text(text)
        # A sentence of its own, whatever case the engine's message starts in ("enter 2, not 1").
        first_letter = "e => getComputedStyle(e, '::first-letter').textTransform"
        assert error.locator("p").first.evaluate(first_letter) == "uppercase"
        box = error.bounding_box()
        keys = self.page.locator("#panel form.entry").bounding_box()
        assert box["y"] + box["height"] <= self.page.viewport_size["height"] and box["y"] >= 0
        assert keys is None or 0 <= keys["y"] - (box["y"] + box["height"]) <= 120, (box, keys)
        self.in_reach()
        return error

    def confirmed(self, *words: str) -> Locator:
        line = self.page.locator("#panel .answer .confirmed")
        for text in words:
            expect(line).to_contain_text(text)
        box = line.bounding_box()
        assert 0 <= box["y"] and box["y"] + box["height"] <= self.page.viewport_size["height"]
        expect(self.page.locator("#panel .undo-button")).to_be_visible()
        self.in_reach()
        return line

    def record(self, game: str, unit: str, taps: int) -> None:
        """Keep a measured tap count for `make bench`'s tap table ("card", "turn", "trick",
        "game", "hand" or "deal"), when REFEREE_TAPS names the file to keep them in."""
        path = os.environ.get("REFEREE_TAPS")
        if path:
            size = f"{self.page.viewport_size['width']}x{self.page.viewport_size['height']}"
            with open(path, "a", encoding="utf-8") as taps_file:
                taps_file.write(json.dumps({"game": game, "unit": unit, "taps": taps, "phone": size}) + "\n")

    def shot(self, name: str) -> None:
        size = f"{self.page.viewport_size['width']}x{self.page.viewport_size['height']}"
        self.page.screenshot(path=f"{SHOTS}/{name}-{size}.png")
