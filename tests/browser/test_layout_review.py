"""Phone layouts a review found wanting, held to what the table needs:

- Pontoon's "show the cards" trays: after the cards are tapped in, the chosen cards and the button
  that sends them are on screen with the turn line, at 390×844 and at 360×740 (a player's
  pontoon or split on their turn; a hand shown after "the bank stands");
- German at 360 px (and 390): the result tables and Reverse Bridge's score pad fit their box
  with no column cut off, and Pontoon's buy button and amount box show their words whole;
- Shoot Pontoon's shoot bets: each label ("Ben's bet, up to 40") reads on one line, over its
  amount box, in English and German on both phones (it broke as "Ben's bet, up to" / "40");
- Reverse Bridge's scoring table scrolled sideways: its sticky tricks column is opaque, on top,
  and no number shows in part beside it (light and dark, English and German);
- Reverse Bridge's audit: a refused adjustment is answered under the Reason box it is about,
  over the button that sent it, not at the top of the panel above Accept.
"""
from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from tests.browser.table import SHOTS, Table, api, new_phone
from tests.golden.common import example
from tests.web.test_api_pontoon import DEAL_1, DEAL_2, DEAL_3
from tests.web.test_api_reverse_bridge import PLAYERS, TRUMP, auction_actions, known_deal, play_out

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
            # A name and its row's first figure stand apart ("Ann 1" reads as a seat number).
            gaps = page.locator(".outcome .breakdown").evaluate(NAME_GAPS)
            assert page.locator(".outcome .breakdown td.figure").count() > 0, game
            if min(gaps) < 12:
                found.append(f"{game} at {size}: a name and its first figure {min(gaps):.0f} px apart")
            page.locator("#panel").evaluate("panel => { panel.style.visibility = 'hidden'; }")
            page.locator(".outcome").screenshot(path=f"{SHOTS}/layout-review-{game}-de-result-{size}.png")
            if game == "reverse-bridge":
                page.locator(".rb-pad").screenshot(path=f"{SHOTS}/layout-review-{game}-de-pad-{size}.png")
        page.context.close()
    assert found == [], "\n".join(found)


# Per row of a breakdown: from the end of the name to the start of the first figure, as drawn.
NAME_GAPS = """(table) => [...table.querySelectorAll('tbody tr')].map((row) => {
  const drawn = (cell) => { const range = document.createRange(); range.selectNodeContents(cell);
                            return range.getBoundingClientRect(); };
  const figure = row.querySelector('td.figure');
  return figure ? drawn(figure).left - drawn(row.cells[0]).right : Infinity;
})"""


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


# The text of the label of a control (not the control it may wrap): how many lines it takes, how
# tall it is against its line-height, its right edge against the room it has, and how far its
# last line is from the top of the control it names.
LABEL_TEXT = """(input) => {
  const label = input.labels[0], range = document.createRange();
  const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
  const texts = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.textContent.trim()) texts.push(node);
  range.setStart(texts[0], 0);
  range.setEnd(texts[texts.length - 1], texts[texts.length - 1].length);
  const rects = [...range.getClientRects()].filter((r) => r.width > 0);
  const text = range.getBoundingClientRect(), style = getComputedStyle(label);
  return {text: label.textContent.trim(), lines: new Set(rects.map((r) => Math.round(r.top))).size,
          height: text.height, lineHeight: parseFloat(style.lineHeight), right: text.right,
          room: label.getBoundingClientRect().right - parseFloat(style.paddingRight),
          gap: input.getBoundingClientRect().top - text.bottom};
}"""


def one_line_over_its_box(amount: Locator, size: str) -> dict:
    """The amount box's label reads whole on one line, within its box, right over the amount."""
    label = amount.evaluate(LABEL_TEXT)
    assert label["lines"] == 1 and label["height"] <= 1.5 * label["lineHeight"], (size, label)
    assert label["right"] <= label["room"] + 0.5, (size, label)
    assert 0 <= label["gap"] <= 12, (size, label)
    return label


def shoot_pontoon_at(base: str, actions: list[dict]) -> dict:
    match = api(base, "/api/matches", {"game": "shoot-pontoon", "players": POINTS})
    act(base, match, *actions)
    return match


def test_shoot_pontoon_bet_labels_read_on_one_line_over_their_box(browser, live_server):
    # The first-card round (Ben bets up to 40 or declines); a new bet on Ben's other split hand;
    # Dee's bet before her fourth card (deal 3).
    screens = {"round": (shoot_pontoon_at(live_server, DEAL_1[:5]), "Ben's bet, up to 40", "Wette von Ben, bis 40"),
               "split": (shoot_pontoon_at(live_server, DEAL_1[:9]), "Shoot bet on the other split hand, up to 32",
                         "Shoot-Wette auf die andere geteilte Hand, bis 32"),
               "fourth": (shoot_pontoon_at(live_server, DEAL_1 + DEAL_2 + DEAL_3[:11]),
                          "Shoot bet before the fourth card, up to 24", "Shoot-Wette vor der vierten Karte, bis 24")}
    for language in (None, "de"):
        for size in ("360x740", "390x844"):
            page = new_phone(browser, size, language)
            for name, (match, english, german) in screens.items():
                page.goto(match["links"]["scorer"])
                amount = page.locator('#panel form.pt-shoot-form input[name="amount"]')
                expect(amount).to_be_visible()
                label = one_line_over_its_box(amount, size)
                assert label["text"] == (german if language else english), label
                expect(page.locator("#panel").get_by_label(label["text"], exact=True)).to_have_count(1)
                Table(page).in_reach()   # the label, the box and the buttons take no scrolling
                page.screenshot(path=f"{SHOTS}/layout-review-pontoon-shoot-{name}-{language or 'en'}-{size}.png",
                                caret="initial")
            page.context.close()


# Reverse Bridge's scoring table, one group's box: for each row, its sticky tricks cell's
# background (opaque or not), whether the cell is what a tap just inside its right edge meets
# (on top of the cells passing under it), and every number of the other cells that lies partly
# under the sticky cell and partly beside it; and whether the corner's words fit their cell.
STICKY_COLUMN = """(box) => {
  const found = [];
  const alpha = (color) => {
    if (color === 'transparent') return 0;
    const parts = color.match(/[\\d.]+/g).map(Number);
    return parts.length > 3 ? parts[3] : 1;
  };
  const view = box.getBoundingClientRect();
  [...box.querySelectorAll('tr')].forEach((row, n) => {
    const sticky = row.cells[0], edge = sticky.getBoundingClientRect();
    const background = getComputedStyle(sticky).backgroundColor;
    if (alpha(background) < 1) found.push(`row ${n}: the sticky cell's background is ${background}`);
    const y = edge.top + edge.height / 2;
    if (y > Math.max(view.top, 0) && y < Math.min(view.bottom, innerHeight)) {
      const hit = document.elementFromPoint(edge.right - 3, y);
      if (!sticky.contains(hit))
        found.push(`row ${n}: beside its edge the sticky cell is under ${hit && hit.outerHTML.slice(0, 60)}`);
    }
    for (const cell of [...row.cells].slice(1)) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) {
          if (r.width > 0 && r.left < edge.right - 0.5 && r.right > edge.right + 0.5)
            found.push(`row ${n}: "${node.textContent}" shows in part beside the sticky column`);
        }
      }
    }
  });
  const corner = box.querySelector('.rb-corner');
  if (corner.scrollWidth > corner.clientWidth) found.push(`the corner's words overflow it: ${corner.textContent}`);
  return {found, scrolled: box.scrollLeft, most: box.scrollWidth - box.clientWidth};
}"""


# A scroll (a wheel's above all) is animated and then snaps to a column; on a busy machine
# that takes longer than any fixed pause, so wait until scrollLeft has held still a while.
AT_REST = """async box => {
  let last = box.scrollLeft, still = 0;
  for (let waited = 0; still < 4 && waited < 5000; waited += 50) {
    await new Promise(done => setTimeout(done, 50));
    still = box.scrollLeft === last ? still + 1 : 0;
    last = box.scrollLeft;
  }
  return last;
}"""


def scroll_at_rest(box: Locator) -> int:
    """Wait for the box's scroll to come to rest; returns where it rests."""
    return int(box.evaluate(AT_REST))


def sticky_column_holds(box: Locator, where: str) -> int:
    """The sticky column, checked where the box's scroll comes to rest; returns the scroll."""
    scroll_at_rest(box)
    seen = box.evaluate(STICKY_COLUMN)
    assert seen["found"] == [], (where, seen)
    return seen["scrolled"]


def test_reverse_bridge_scoring_table_sticky_column_hides_what_passes_under_it(browser, live_server):
    for language in (None, "de"):
        for size in ("360x740", "390x844"):
            page = new_phone(browser, size, language)
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                page.goto(live_server + "/rules/reverse-bridge/scoring-table")
                box = page.locator(".rb-scroll").nth(1)
                box.scroll_into_view_if_needed()
                where = f"{language or 'en'} {size} {scheme}"
                assert sticky_column_holds(box, where) == 0
                # Set anywhere, the scroll comes to rest with a whole column beside the tricks;
                # to the end, the last column (13) is whole too.
                for left in (37, 130, 300, 10_000):
                    box.evaluate(f"box => {{ box.scrollLeft = {left}; }}")
                    sticky_column_holds(box, f"{where}, scrolled to {left}")
                last, room = box.locator("thead th").last, box.bounding_box()
                expect(last).to_have_text(re.compile("13"))
                assert last.bounding_box()["x"] + last.bounding_box()["width"] <= room["x"] + room["width"] + 0.5
                box.screenshot(path=f"{SHOTS}/layout-review-rb-scoring-table-end-{where.replace(' ', '-')}.png")
                # A finger's sideways swipe back (a wheel here) rests the same way.
                box.evaluate("box => { box.scrollLeft = 0; }")
                head = box.locator("tbody th").first.bounding_box()
                page.mouse.move(head["x"] + 120, head["y"] + 10)
                page.mouse.wheel(111, 0)
                page.wait_for_function("box => box.scrollLeft > 0", arg=box.element_handle(), timeout=5000)
                assert sticky_column_holds(box, f"{where}, swiped") > 0
                box.screenshot(path=f"{SHOTS}/layout-review-rb-scoring-table-swiped-{where.replace(' ', '-')}.png")
            page.context.close()


def reverse_bridge_at_the_audit(base: str) -> dict:
    """Ann deals, Ann's 3♥ is the final bid, Dan leads; all 52 cards of a known deal are in."""
    match = api(base, "/api/matches", {"game": "reverse-bridge", "players": list(PLAYERS), "settings": {"hands": 4}})
    act(base, match, {"type": "deal"}, *auction_actions())
    act(base, match, *({"type": "play", "card": card} for card in play_out(known_deal(), TRUMP["H"], 3).cards()))
    return match


def refused_by_the_reason_box(table: Table, *words: str, form: str = "#panel .rb-adjust") -> Locator:
    """A refused adjustment is answered under the Reason box and over the button that sent it,
    on screen with every key; the top of the panel (above Accept) does not say it again."""
    page = table.page
    adjust = page.locator(form)
    error = adjust.locator(".message.error")
    for text in words:
        expect(error).to_contain_text(text)
    expect(error.locator(".rule-ref a")).to_have_attribute("href", re.compile("#RB-AUDIT$"))
    expect(page.locator("#panel .answer .message.error")).to_be_hidden()
    reason = adjust.locator('input[name="reason"]')
    expect(reason).to_have_attribute("aria-invalid", "true")
    below, said = reason.bounding_box(), error.bounding_box()
    sent = adjust.locator('button[value="adjust"]').bounding_box()
    assert 0 <= said["y"] - (below["y"] + below["height"]) <= 12, (below, said)
    assert 0 <= sent["y"] - (said["y"] + said["height"]) <= 12, (said, sent)
    assert 0 <= said["y"] and said["y"] + said["height"] <= page.viewport_size["height"], said
    # Nothing lies over it (the panel fixed at the foot of the screen, for one).
    assert error.evaluate("(e) => { const r = e.getBoundingClientRect(), x = r.left + r.width / 2;"
                          " return e.contains(document.elementFromPoint(x, r.top + r.height / 2)); }")
    table.in_reach()
    return error


def test_reverse_bridge_refused_adjustment_is_answered_by_the_reason_box(browser, live_server):
    match = reverse_bridge_at_the_audit(live_server)
    for language, words in ((None, "say why the trick count changes"), ("de", "Stichzahl")):
        for size in ("360x740", "390x844"):
            page = new_phone(browser, size, language)
            table = Table(page)
            page.goto(match["links"]["scorer"])
            panel = page.locator("#panel")
            table.tap(panel.locator("details.rb-adjust-more > summary"))
            panel.locator('.rb-adjust input[name="tricks"]').fill("8")
            table.tap(panel.locator('.rb-adjust button[value="adjust"]'))
            expect(page.locator("#board")).to_have_attribute("data-seq", "60")
            refused_by_the_reason_box(table, words)
            expect(panel.locator('.rb-adjust input[name="tricks"]')).to_have_value("8")
            page.screenshot(path=f"{SHOTS}/layout-review-rb-adjust-refused-{language or 'en'}-{size}.png",
                            caret="initial")
            page.context.close()


def test_reverse_bridge_refused_late_adjustment_is_answered_by_the_reason_box(phone: Page, live_server):
    """Once the match is over the last hand is adjusted in its audit, on the board: refused, it
    is answered there, by the Reason box, not in the panel at the foot of the screen."""
    match = api(live_server, "/api/matches",
                {"game": "reverse-bridge", "players": list(PLAYERS), "settings": {"hands": 4}})
    for hand, seed in enumerate((11, 12, 13, 14)):     # each dealer bids 3♥; the fourth hand leads
        act(live_server, match, {"type": "deal"}, *auction_actions())
        act(live_server, match, *({"type": "play", "card": card}
                                  for card in play_out(known_deal(seed), TRUMP["H"], (hand + 3) % 4).cards()))
    page = phone
    table = Table(page)
    page.goto(match["links"]["scorer"])
    expect(table.turn()).to_contain_text("The match is over after 4 hands")
    late = page.locator("form.rb-late-adjust")
    late.locator('button[value="adjust"]').scroll_into_view_if_needed()
    table.scroll = page.evaluate("window.scrollY")
    late.locator('input[name="tricks"]').fill("3")
    table.tap(late.locator('button[value="adjust"]'))
    refused_by_the_reason_box(table, "say why the trick count changes", form="form.rb-late-adjust .rb-adjust")
    table.shot("layout-review-rb-late-adjust-refused")


# --- Pontoon's panel, a second review (folds, balances, the answer line, black cards) ------------

OPEN_FOLDS = "() => [...document.querySelectorAll('#panel details[open]')].map((d) => d.className)"


def within_the_screen(page: Page, locator: Locator, what: str) -> None:
    box = locator.bounding_box()
    assert box is not None, what
    assert 0 <= box["y"] and box["y"] + box["height"] <= page.viewport_size["height"] + 0.5, (what, box)


def test_pontoon_panel_folds_open_one_at_a_time(browser, live_server):
    """The bank has stood (Ben's hand 1 is shown): Ben's hand 2's tray is open, the bank's draw
    folded. Opening the draw folds the tray away and the other way round, so one keypad is on
    screen and the button of the fold open is too (with both open, "Show the cards of …" fell
    below the screen). A poll that redraws the board keeps the fold the scorer opened."""
    stood = shoot_pontoon_at(live_server, DEAL_1[:23])
    between = shoot_pontoon_at(live_server, DEAL_1)
    words = {None: ("Show the cards of Ben's hand 2", "Bank draws this card", "Add to the kitty"),
             "de": ("Karten zeigen: Hand 2 von Ben", "Bank zieht diese Karte", "In die Kitty nachlegen")}
    for language in (None, "de"):
        show, draw_button, add = words[language]
        for size in ("360x740", "390x844"):
            page = new_phone(browser, size, language)
            table = Table(page)
            page.goto(stood["links"]["scorer"])
            panel = page.locator("#panel")
            reveal, draw = panel.locator("details.pt-reveal"), panel.locator("details.pt-bank-draw")
            assert page.evaluate(OPEN_FOLDS) == ["pt-reveal"]
            # Either fold opened closes the other, and its button is on the screen.
            for opened, closed, fold, button, shot in ((draw, reveal, "pt-bank-draw", draw_button, "draw"),
                                                       (reveal, draw, "pt-reveal", show, "reveal")):
                table.tap(opened.locator("summary"))
                expect(opened).to_have_attribute("open", "")
                expect(closed).not_to_have_attribute("open", "")
                assert page.evaluate(OPEN_FOLDS) == [fold]
                within_the_screen(page, panel.get_by_role("button", name=button, exact=True), button)
                table.in_reach()
                page.screenshot(path=f"{SHOTS}/layout-review-pontoon-folds-{shot}-{language or 'en'}-{size}.png")

            # Between deals: "Sell the bank" then "Add to the kitty"; one open at a time. Another
            # phone adds to the kitty: the board is redrawn by its poll, the fold stays open.
            page.goto(between["links"]["scorer"])
            kitty = panel.locator("details.pt-more", has=page.locator('button[value="kitty"]'))
            sell = panel.locator("details.pt-more", has=page.locator('button[value="sell_bank"]'))
            table.tap(sell.locator("summary"))
            expect(sell).to_have_attribute("open", "")
            table.tap(kitty.locator("summary"))
            expect(kitty).to_have_attribute("open", "")
            expect(sell).not_to_have_attribute("open", "")
            assert page.evaluate(OPEN_FOLDS) == ["pt-more"]
            within_the_screen(page, panel.get_by_role("button", name=add, exact=True), add)
            seq = int(page.locator("#board").get_attribute("data-seq"))
            act(live_server, between, {"type": "kitty", "amount": 1})
            expect(page.locator("#board")).to_have_attribute("data-seq", str(seq + 1))
            expect(kitty).to_have_attribute("open", "")
            assert page.evaluate(OPEN_FOLDS) == ["pt-more"]

            # The bank may draw (its draw drawn open); the scorer opens "the bank stands: Ben's
            # hand 1 shows the cards". Another phone enters a draw: the redrawn draw comes folded,
            # the tray the scorer opened stays open.
            drawing = shoot_pontoon_at(live_server, DEAL_1[:21])
            page.goto(drawing["links"]["scorer"])
            assert page.evaluate(OPEN_FOLDS) == ["pt-bank-draw"]
            table.tap(reveal.locator("summary"))
            assert page.evaluate(OPEN_FOLDS) == ["pt-reveal pt-stands"]
            act(live_server, drawing, {"type": "banker_draw", "card": "2c"})
            expect(page.locator("#board")).to_have_attribute("data-seq", "22")
            expect(page.locator("#panel .turn")).to_contain_text("2♣")
            assert page.evaluate(OPEN_FOLDS) == ["pt-reveal pt-stands"]
            page.context.close()


# Each balance tile: its top, its width, and whether its words fit it.
BALANCE_TILES = """() => [...document.querySelectorAll('.pt-balances .pt-balance')].map((tile) => {
  const box = tile.getBoundingClientRect();
  const money = tile.querySelector('.pt-money');
  return {who: tile.dataset.player, top: Math.round(box.top), width: box.width, right: box.right,
          fits: tile.scrollWidth <= tile.clientWidth && money.scrollWidth <= money.clientWidth + 0.5};
})"""


def balance_rows(page: Page) -> list[list[str]]:
    tiles = page.evaluate(BALANCE_TILES)
    width = page.viewport_size["width"]
    assert all(t["fits"] and t["right"] <= width for t in tiles), tiles
    assert max(t["width"] for t in tiles) - min(t["width"] for t in tiles) < 1, tiles   # equal tiles
    rows: dict[int, list[str]] = {}
    for t in tiles:
        rows.setdefault(t["top"], []).append(t["who"])
    return [rows[top] for top in sorted(rows)]


def test_pontoon_balances_four_players_and_the_kitty_share_one_row(browser, live_server):
    """Four players and the kitty: one row of five tiles at 360 px (the kitty wrapped under the
    others, behind the panel); seven players and the kitty wrap into rows of equal tiles."""
    four = shoot_pontoon_at(live_server, DEAL_1[:3])            # stakes: Cy stakes next
    seven = api(live_server, "/api/matches", {"game": "shoot-pontoon", "players": POINTS + ["Eve", "Finn", "Gus"]})
    act(live_server, seven, {"type": "kitty", "amount": 40}, {"type": "deal"})
    for language in (None, "de"):
        for size in ("360x740", "390x844"):
            page = new_phone(browser, size, language)
            page.goto(four["links"]["scorer"])
            assert balance_rows(page) == [["Ann", "Ben", "Cy", "Dee", "kitty"]], (language, size)
            Table(page).in_reach()
            page.screenshot(path=f"{SHOTS}/layout-review-pontoon-balances-{language or 'en'}-{size}.png")
            page.goto(seven["links"]["scorer"])
            rows = balance_rows(page)
            assert [len(r) for r in rows] == ([5, 3] if size == "360x740" else [6, 2]), (language, size, rows)
            page.screenshot(path=f"{SHOTS}/layout-review-pontoon-balances-seven-{language or 'en'}-{size}.png")
            page.context.close()


# The turn line, the answer and the entry's own sub-forms (shoot bets, the bank's draw): where
# each is drawn.
PANEL_PARTS = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; };
  const panel = document.getElementById('panel');
  const forms = [...panel.querySelectorAll('.pt-subform')].filter((f) => f.getClientRects().length);
  return {turn: box(panel.querySelector('.turn')), answer: box(document.getElementById('answer')),
          said: document.getElementById('answer').innerText.trim(),
          forms: forms.map(box), entry: box(panel.querySelector('.entry-wrap'))};
}"""


def answer_under_the_turn_line(page: Page, said: str | None = None) -> dict:
    """The answer to the last tap is directly under the turn line, above the sub-forms (and the
    entry form below them)."""
    parts = page.evaluate(PANEL_PARTS)
    if said is not None:
        assert said in parts["said"], parts
    assert parts["said"], parts
    assert 0 <= parts["answer"]["top"] - parts["turn"]["bottom"] <= 8, parts
    assert parts["forms"], parts
    for form in parts["forms"]:
        assert form["top"] >= parts["answer"]["bottom"] - 0.5, parts
        assert form["bottom"] <= parts["entry"]["top"] + 0.5, parts
    return parts


def test_pontoon_answer_sits_under_the_turn_line_above_the_sub_forms(browser, live_server):
    """The shoot round, a bet on the other split hand, the bank's draw and its draw with the
    hands to show: the answer ("Dee stakes 3", "Ann turns up the bank") is right under the turn
    line, as on every other panel, and the shoot or draw form below it."""
    screens = {"shoot-round": (shoot_pontoon_at(live_server, DEAL_1[:5]), ("Dee stakes 3", "Dee setzt 3")),
               "split": (shoot_pontoon_at(live_server, DEAL_1[:9]), ("8♣ 8♦", "8♣ 8♦")),
               "bank": (shoot_pontoon_at(live_server, DEAL_1[:21]), ("10♣ 5♥", "10♣ 5♥")),
               "stood": (shoot_pontoon_at(live_server, DEAL_1[:23]), ("8♣ A♥", "8♣ A♥"))}
    for language in (None, "de"):
        for size in ("360x740", "390x844"):
            page = new_phone(browser, size, language)
            for name, (match, said) in screens.items():
                page.goto(match["links"]["scorer"])
                answer_under_the_turn_line(page, said[1 if language else 0])
                Table(page).in_reach()
                page.screenshot(path=f"{SHOTS}/layout-review-pontoon-answer-{name}-{language or 'en'}-{size}.png")
            page.context.close()


def test_pontoon_black_cards_in_the_settlement_are_not_muted(browser, live_server):
    """In the settlement's small lines (the cards of each hand) a black card has the text's
    colour, light and dark; a red one stays red; only the words stay muted."""
    match = shoot_pontoon_at(live_server, DEAL_1)
    colours = """() => {
      const body = getComputedStyle(document.body).color;
      const of = (s) => [...document.querySelectorAll(s)].map((e) => getComputedStyle(e).color);
      const probe = document.createElement('span');
      probe.style.color = 'var(--red)'; document.body.append(probe);
      const red = getComputedStyle(probe).color; probe.remove();
      return {body, red, black: of('.pt-settle-table .pt-sub .card-black'),
              reds: of('.pt-settle-table .pt-sub .card-red'),
              muted: of('.pt-settle-table td .pt-sub:not(:has(.card))')};
    }"""
    for language in (None, "de"):
        for size in ("360x740", "390x844"):
            page = new_phone(browser, size, language)
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                page.goto(match["links"]["scorer"])
                seen = page.evaluate(colours)
                assert len(seen["black"]) >= 4 and set(seen["black"]) == {seen["body"]}, (scheme, seen)
                assert seen["reds"] and set(seen["reds"]) == {seen["red"]}, (scheme, seen)
                assert seen["muted"] and seen["body"] not in seen["muted"], (scheme, seen)
                page.locator(".pt-settlement").screenshot(
                    path=f"{SHOTS}/layout-review-pontoon-settled-{scheme}-{language or 'en'}-{size}.png")
            page.context.close()
