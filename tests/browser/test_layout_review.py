"""Two phone layouts a review found wanting, held to what the table needs:

- Pontoon's "show the cards" trays: after the cards are tapped in, the chosen cards and the button
  that sends them are on screen with the turn line, at 390×844 and at 360×740 (a player's
  pontoon or split on their turn; a hand shown after "the bank stands");
- German at 360 px (and 390): the result tables and Reverse Bridge's score pad fit their box
  with no column cut off, and Pontoon's buy button and amount box show their words whole.
"""
from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.table import SHOTS, Table, api, new_phone
from tests.golden.common import example

POINTS = ["Ann", "Ben", "Cy", "Dee"]


def act(base: str, match: dict, *actions: dict) -> None:
    for action in actions:
        api(base, f"/api/matches/{match['id']}/actions", action, match["scorer_token"])


def pontoon_at_the_players_turns(base: str) -> dict:
    """Ann's bank; stakes Ben 5, Cy 2, Dee 3; the second card is out: Ben is in turn."""
    match = api(base, "/api/matches", {"game": "pontoon", "players": POINTS})
    act(base, match, {"type": "deal"}, {"type": "stake", "player": "Ben", "amount": 5},
        {"type": "stake", "player": "Cy", "amount": 2}, {"type": "stake", "player": "Dee", "amount": 3},
        {"type": "second_card"})
    return match


def test_pontoon_show_trays_keep_the_chosen_cards_and_their_button_in_reach(phone: Page, live_server):
    page = phone
    table = Table(page)
    match = pontoon_at_the_players_turns(live_server)
    # Ben buys a card face down, twists 7♥ and sticks: Cy is in turn.
    act(live_server, match, {"type": "buy", "amount": 6}, {"type": "twist", "card": "7h"}, {"type": "stick"})
    page.goto(match["links"]["scorer"])
    table.expect_turn("Cy to play")
    show = page.locator("#panel details.pt-show")
    table.tap(show.locator("summary"))
    table.tray("Kh", "Qs", key="cards")
    expect(page.locator("#panel .tray-line .chip")).to_have_count(2)
    # The chosen cards, "Pontoon" and "Split the pair" are all visible controls of the entry.
    for name in ("Pontoon", "Split the pair"):
        expect(page.locator("#panel").get_by_role("button", name=name, exact=True)).to_be_visible()
    table.in_reach()
    table.shot("layout-review-pontoon-show")
    # Folded again, the twist keys are back.
    table.tap(show.locator("summary"))
    expect(page.locator('#panel fieldset[data-picker="card"]')).to_be_visible()
    table.in_reach()

    # Cy and Dee stick; the bank turns up 10♣ 7♦ and may still draw. "The bank stands: Ben
    # shows the cards" opens the tray for Ben's three face-down cards.
    act(live_server, match, {"type": "stick"}, {"type": "stick"}, {"type": "banker_reveal", "cards": ["10c", "7d"]})
    page.reload()
    table.scroll = page.evaluate("window.scrollY")
    table.expect_turn("holds 10♣ 7♦")
    reveal = page.locator("#panel details.pt-reveal")
    expect(reveal.locator("summary")).to_have_text("The bank stands: Ben shows the cards")
    expect(page.locator("#panel .pt-bank-draw")).to_be_visible()
    table.tap(reveal.locator("summary"))
    table.tray("5s", "4d", "2s", key="cards")
    expect(page.locator("#panel .tray-line .chip")).to_have_count(3)
    send = page.locator("#panel").get_by_role("button", name="Show the cards of Ben", exact=True)
    expect(send).to_be_visible()
    table.in_reach()
    table.shot("layout-review-pontoon-reveal")
    table.press("Show the cards of Ben")
    table.confirmed("Ben shows 5♠ 4♦ 2♠ 7♥")
    # The bank has stood: its draw is folded, Cy's tray is open below it.
    expect(page.locator("#panel details.pt-reveal summary")).to_have_text("Cy shows the cards")
    expect(page.locator("#panel .pt-bank-draw summary")).to_be_visible()
    # Each fold says it folds, closed or open: a bold line with no marker read as a heading.
    draw = page.locator("#panel .pt-bank-draw")
    assert fold_marker(draw.locator("summary")) == "▸"
    assert fold_marker(page.locator("#panel details.pt-reveal summary")) == "▾"
    table.tap(draw.locator("summary"))
    expect(draw).to_have_attribute("open", "")
    assert fold_marker(draw.locator("summary")) == "▾"
    table.shot("layout-review-pontoon-bank-draw")


def fold_marker(summary) -> str:
    """The marker drawn before a fold's summary line, as the phone draws it."""
    content = summary.evaluate("(s) => getComputedStyle(s, '::before').content")
    return content.split("/")[0].strip().strip('"')


def first_game_of(base: str, game: str) -> dict:
    """A match of the game's golden log, played to the end of its first deal."""
    start = example(game)
    match = api(base, "/api/matches", {"game": game, "players": start["players"], "settings": start["settings"]})
    deals = [n for n, entry in enumerate(start["log"]) if entry["type"] == "deal"]
    act(base, match, *start["log"][:deals[1]])
    return match


# Every box of a result table: how wide its table is against the room inside the box.
TABLE_BOXES = """() => [...document.querySelectorAll('.outcome, .rb-pad')].map((box) => {
  const table = box.querySelector('table'), style = getComputedStyle(box);
  const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return {box: box.className, table: table.getBoundingClientRect().width, room,
          scroll: box.scrollWidth, client: box.clientWidth};
})"""


def test_german_result_tables_fit_their_box_at_360_and_390(browser, live_server):
    rb = api(live_server, "/api/matches", {"game": "reverse-bridge", "players": POINTS, "mode": "quick",
                                           "settings": {"hands": 4}})
    # North–South bid 3♥ and East–West took 9: the breakdown's widest German row.
    act(live_server, rb, {"type": "quick", "bidder": "Ann", "level": 3, "denomination": "H", "tricks": 9})
    matches = {"reverse-bridge": rb, "curdle": first_game_of(live_server, "curdle"),
               "ropebridge": first_game_of(live_server, "ropebridge")}
    found = []
    for size in ("360x740", "390x844"):
        page = new_phone(browser, size, "de")
        for game, match in matches.items():
            page.goto(match["links"]["scorer"])
            assert page.locator("html").get_attribute("lang") == "de"
            expect(page.locator(".outcome .breakdown")).to_be_visible()
            if game == "reverse-bridge":
                expect(page.locator(".rb-pad .rb-pad-table")).to_be_visible()
                page.locator(".rb-pad").scroll_into_view_if_needed()
            for box in page.evaluate(TABLE_BOXES):
                if box["scroll"] > box["client"] or box["table"] > box["room"] + 0.5:
                    found.append(f"{game} at {size}: {box}")
            page.locator("#panel").evaluate("panel => { panel.style.visibility = 'hidden'; }")
            page.locator(".outcome").screenshot(path=f"{SHOTS}/layout-review-{game}-de-result-{size}.png")
            if game == "reverse-bridge":
                page.locator(".rb-pad").screenshot(path=f"{SHOTS}/layout-review-{game}-de-pad-{size}.png")
        page.context.close()
    assert found == [], "\n".join(found)


# Each word of the button's visible text against the next: a space between them on one line,
# or the next on a line below. And whether the text fits the button.
BUTTON_WORDS = """(button) => {
  const words = [];
  const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement.offsetParent && node.parentElement !== button) continue;
    for (const match of node.textContent.matchAll(/\\p{L}+/gu)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const rect = range.getBoundingClientRect();
      if (rect.width > 0) words.push({word: match[0], left: rect.left, right: rect.right, top: rect.top});
    }
  }
  const joined = [];
  for (let n = 1; n < words.length; n++) {
    const a = words[n - 1], b = words[n];
    if (Math.abs(b.top - a.top) < 2 && b.left - a.right < 2) joined.push(a.word + b.word);
  }
  return {words: words.map((w) => w.word), joined, scroll: button.scrollWidth, client: button.clientWidth};
}"""

# The placeholder's text as drawn (its own font) against the room inside the box.
PLACEHOLDER = """(input) => {
  const style = getComputedStyle(input), font = getComputedStyle(input, '::placeholder').font;
  const context = document.createElement('canvas').getContext('2d');
  context.font = font;
  return {text: input.placeholder, width: context.measureText(input.placeholder).width,
          room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)};
}"""


def test_german_pontoon_buy_button_and_amount_show_their_words_whole(browser, live_server):
    match = pontoon_at_the_players_turns(live_server)
    for size in ("360x740", "390x844"):
        page = new_phone(browser, size, "de")
        page.goto(match["links"]["scorer"])
        buy = page.locator("#panel .pt-buy")
        expect(buy).to_be_visible()
        expect(buy).to_have_accessible_name("Verdeckt kaufen")
        words = buy.evaluate(BUTTON_WORDS)
        assert words["words"] == ["Verdeckt", "kaufen"], words
        assert words["joined"] == [], (size, words)
        assert words["scroll"] <= words["client"], (size, words)
        amount = page.locator("#panel .pt-amount input")
        # Ben staked 5: a card is bought for 5 to 10.
        placeholder = amount.evaluate(PLACEHOLDER)
        assert placeholder["text"] == "kaufen 5–10", placeholder
        assert placeholder["width"] <= placeholder["room"], (size, placeholder)
        Table(page).in_reach()
        page.context.close()
