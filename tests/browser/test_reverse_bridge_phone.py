"""A table plays a hand of Reverse Bridge on a phone of each size by tapping, with the shared
`Table` driver: the deal, the bidding box (a bid in two taps, a pass in one), all 52 cards of a
deal the test knows (the led suit comes chosen, so a card that follows suit is one tap and any
card at most two; a card already played is off, with the trick as its reason; one forced-capture
breach made on purpose), the audit that lists the breach, a refused adjustment (answered under
the Reason box it is about) and the accepted one, the score pad, the next deal and the score
sheet download. The turn line and every key of the next entry are on screen after every tap,
and the page never moves under the finger. The taps are counted: per card, per trick, per hand.
Also: the scoring table page, and a results-only match."""
from __future__ import annotations

import io
import os
import re
from urllib.parse import parse_qs

from playwright.sync_api import Page, expect
from pypdf import PdfReader

from tests.browser.table import Table
from tests.browser.test_layout_review import refused_by_the_reason_box, scroll_at_rest, sticky_column_holds
from tests.web.test_api_reverse_bridge import PLAYERS, TEAM, expected_score, known_deal, play_out

SHOTS = os.environ.get("REFEREE_SHOTS", "test-results")  # e.g. /tmp/shots, out of pytest-playwright's cleanup
SEATS = ("North", "East", "South", "West")
SYMBOL = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
NAMES = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}


def press(page: Page, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).tap()


def at_seq(page: Page, seq: int) -> None:
    expect(page.locator("#board")).to_have_attribute("data-seq", str(seq))


def shot(page: Page, name: str, full_page: bool = True) -> None:
    # caret="initial": Playwright's default caret hiding leaves style="" on every input, which
    # htmx then copies while settling the next swap: a CSP violation of the test's own making.
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}.png", full_page=full_page, caret="initial")


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def chosen_suit(page: Page) -> str | None:
    checked = page.locator('#panel fieldset[data-picker="card"] input[name="card.suit"]:checked')
    return checked.get_attribute("value") if checked.count() else None


def bid(table: Table, level: int, denomination: str) -> int:
    """A bid from the bidding box: the level, then the denomination, which sends it."""
    before = table.taps
    table.tap(table.page.locator("#panel").get_by_label(f"level {level}", exact=True))
    table.press(denomination)
    return table.taps - before


def play_card(table: Table, card: str, rank_first: bool) -> int:
    """One card as a person taps it: its rank alone when its suit is already chosen (the led
    suit), else its suit and rank (in the order asked; when a suit is chosen, the other suit
    first, because a rank would send the chosen one). Returns the taps it took."""
    before = table.taps
    rank, suit = card[:-1], card[-1]
    chosen = chosen_suit(table.page)
    if chosen == suit:
        table.key("card", rank=rank)
    elif chosen is None and rank_first:
        table.key("card", rank=rank, suit=suit)
    else:
        table.key("card", suit=suit)
        table.key("card", rank=rank)
    return table.taps - before


def test_a_hand_of_reverse_bridge_is_tapped_in_at_most_two_taps_a_card(phone: Page, live_server):
    page = phone
    size = f"{page.viewport_size['width']}x{page.viewport_size['height']}"
    table = Table(page)
    page.goto(live_server + "/new")
    page.locator("#game").select_option("reverse-bridge")
    expect(page.locator("#house-rules")).to_contain_text("House rules for Reverse Bridge")
    page.get_by_label("Hands", exact=True).fill("4")
    page.get_by_label("Title (optional)").fill("Tuesday Reverse Bridge")
    page.get_by_label(re.compile("Players, one per line")).fill("\n".join(PLAYERS))
    page.get_by_role("button", name="Start the match").tap()
    expect(page.locator("h1")).to_have_text("Tuesday Reverse Bridge")
    # The start screen names the teams with their players.
    expect(page.locator(".rb-teams")).to_have_text("North–South: Ann & Cat · East–West: Ben & Dan")
    table.expect_turn("Ann deals hand 1 of 4")
    shot(page, f"reverse-bridge-start-{size}", full_page=False)

    # The deal: one tap, confirmed in words with its Undo.
    table.press("Ann has dealt hand 1")
    at_seq(page, 1)
    table.expect_turn("Ben calls")
    table.confirmed("Ann deals hand 1")
    deal_taps = table.taps

    # The bidding box: a bid is two taps (level, denomination); nothing bids before a level.
    expect(page.get_by_role("button", name="hearts")).to_have_css("pointer-events", "none")
    assert bid(table, 1, "spades") == 2
    at_seq(page, 2)
    table.expect_turn("Cat calls")
    table.confirmed("Ben bids 1♠")
    expect(page.locator(".rb-auction")).to_contain_text("1♠")
    assert bid(table, 2, "hearts") == 2                       # Cat: the first to name hearts
    at_seq(page, 3)
    table.expect_turn("Dan calls")
    # Only sufficient bids: level 1 is gone; at level 2 only ♠ and NT still bid.
    expect(page.locator("#rb-level-1")).to_be_disabled()
    table.tap(page.locator("#panel").get_by_label("level 2", exact=True))
    for name, blocked in (("clubs", True), ("diamonds", True), ("hearts", True), ("spades", False),
                          ("no trump", False)):
        expect(page.get_by_role("button", name=name)).to_have_css("pointer-events", "none" if blocked else "auto")
    table.in_reach()
    shot(page, f"reverse-bridge-bidding-{size}", full_page=False)
    no_sideways_scroll(page)
    # Pass has its own form (form="rb-pass"): with level 2 picked in the bidding box, the post
    # carries type=pass only, never the box's hidden type=bid (which Flask would read first).
    with page.expect_request(lambda r: r.method == "POST" and r.url.endswith("/act")) as posted:
        table.press("Pass")                                     # Dan
    body = parse_qs(posted.value.post_data)
    assert body["type"] == ["pass"], body
    assert "level" not in body and "denomination" not in body, body
    at_seq(page, 4)
    table.expect_turn("Ann calls")
    expect(page.locator(".rb-auction")).to_contain_text("Pass")
    assert bid(table, 3, "hearts") == 2                       # Ann: the final bid
    for seq in (5, 6, 7):
        at_seq(page, seq)
        table.in_reach()
        table.press("Pass")
    at_seq(page, 8)
    auction_taps = table.taps - deal_taps - 1                   # not the probe of level 2
    assert auction_taps == 2 + 2 + 1 + 2 + 3                    # bid, bid, pass, bid, three passes
    banner = page.locator(".rb-contract")
    expect(banner).to_contain_text("3♥")
    expect(banner).to_contain_text("North–South (Ann & Cat) bid that East–West take 3 tricks")
    expect(banner).to_contain_text("Dan led first")

    # All 13 tricks of the known deal, by tapping; the breach is made at trick 5 or later.
    known = play_out(known_deal(), "h", 3, breach_from_trick=5)
    seq, per_card, probes = 8, [], 0
    for index, (seat, card) in enumerate(known.plays):
        name, text = PLAYERS[seat], str(card)
        leads = index % 4 == 0
        table.expect_turn(f"{name} {'leads to' if leads else 'plays to'} trick {index // 4 + 1}")
        expect(page.locator(f'.rb-slot[data-seat="{SEATS[seat]}"]')).to_have_class(re.compile("in-turn"))
        # The led suit comes chosen; at a lead nothing is.
        led = None if leads else str(known.plays[index - index % 4][1])[-1]
        assert chosen_suit(page) == led
        if index == 5:
            # Trick 1's first card again: it cannot be entered, and its key says why.
            replay = str(known.plays[0][1])
            before = table.taps
            if chosen_suit(page) != replay[-1]:
                table.key("card", suit=replay[-1])
            key = page.locator(f'#panel fieldset[data-picker="card"] label[for$="-r-{replay[:-1]}"]')
            expect(key).to_have_attribute("aria-description", "played in trick 1")
            expect(page.locator(f'#panel input[id$="-r-{replay[:-1]}"]')).to_be_disabled()
            table.in_reach()
            shot(page, f"reverse-bridge-unavailable-{size}", full_page=False)
            probes += table.taps - before
            at_seq(page, seq)
        taps = play_card(table, text, rank_first=index % 8 == 0)
        assert taps <= 2, (index, text, taps)
        assert taps == 1 or led != text[-1], (index, text, taps)   # following suit: one tap
        per_card.append(taps)
        seq += 1
        at_seq(page, seq)
        if index < 51:
            table.in_reach()
        if index == 9:
            # The card is confirmed in words by the keys, with the Undo for it.
            table.confirmed(f"{name} plays {card.symbol}")
            shot(page, f"reverse-bridge-confirmed-{size}", full_page=False)
        if index % 4 == 1 and index < 51:
            # The trick on the table: each card in its player's seat.
            expect(page.locator(f'.rb-slot[data-seat="{SEATS[seat]}"] .rb-slot-card')).to_contain_text(card.symbol)
        if index == 4 * 6 + 1:
            shot(page, f"reverse-bridge-trick-{size}", full_page=False)
            no_sideways_scroll(page)
        if index % 4 == 3 and index < 51:
            won = sum(1 for w in known.winners[:index // 4 + 1] if TEAM[w] == "NS")
            expect(page.locator('.rb-count-n[data-team="NS"]')).to_have_text(str(won))
    card_taps = sum(per_card)
    tricks = [sum(per_card[n:n + 4]) for n in range(0, 52, 4)]
    assert max(per_card) <= 2 and card_taps <= 110, per_card
    for count in per_card:
        table.record("reverse-bridge", "card", count)
    for count in tricks:
        table.record("reverse-bridge", "trick", count)
    table.record("reverse-bridge", "hand", deal_taps + auction_taps + card_taps)
    print(f"\nReverse Bridge taps at {size}: per card {min(per_card)}–{max(per_card)} "
          f"(mean {card_taps / 52:.2f}); per trick {min(tricks)}–{max(tricks)}; 52 cards {card_taps}; "
          f"hand {deal_taps + auction_taps + card_taps} (deal {deal_taps}, auction {auction_taps}); probes {probes}")

    # The 13th trick is in: the audit lists the breach, the hand is scored.
    table.expect_turn("Hand 1 is over")
    audit = page.locator(".rb-audit")
    breach = known.breach
    expect(audit).to_contain_text(f"Trick {breach.trick}: {PLAYERS[breach.seat]} played {breach.card.symbol}")
    expect(audit).to_contain_text("RB-PLAY-2")
    expect(audit).to_contain_text(f"East–West took {known.taken['EW']} trick")
    ns, ew = expected_score(3, "H", known.taken["EW"])
    expect(audit.locator(".rb-hand-score")).to_have_text(re.compile(rf"NS\s+{ns}\s+EW\s+{ew}"))
    expect(page.locator('.rb-count-n[data-team="NS"]')).to_have_text(str(known.taken["NS"]))
    expect(page.locator('.rb-count-n[data-team="EW"]')).to_have_text(str(known.taken["EW"]))
    shot(page, f"reverse-bridge-audit-{size}", full_page=False)
    no_sideways_scroll(page)

    # The table moves a trick for the breach. Without a reason it is refused, by the Reason box,
    # with its rule; with one, the adjustment and its reason are kept.
    moved = known.taken["EW"] + (1 if TEAM[breach.seat] == "EW" else -1)
    panel = page.locator("#panel")
    table.tap(panel.locator("details.rb-adjust-more > summary"))
    table.in_reach()
    tricks = panel.get_by_label(re.compile(r"Tricks to count for East–West \(0–13; \d+ as played\)"))
    # The count as played changes nothing: refused as such, by the Tricks box, not asked for a reason.
    tricks.fill(str(known.taken["EW"]))
    table.press("Adjust the score")
    nothing = panel.locator(".rb-adjust .message.error")
    expect(nothing).to_contain_text(f"{known.taken['EW']} is the count as played: nothing to adjust")
    expect(nothing).not_to_contain_text("say why")
    expect(panel.locator('.rb-adjust input[name="tricks"]')).to_have_attribute("aria-invalid", "true")
    expect(panel.locator('.rb-adjust input[name="reason"]')).not_to_have_attribute("aria-invalid", "true")
    table.in_reach()
    shot(page, f"reverse-bridge-nothing-to-adjust-{size}", full_page=False)
    tricks.fill(str(moved))
    table.press("Adjust the score")
    # The refusal is about the Reason box: it is said under it, over the button that was tapped.
    error = refused_by_the_reason_box(table, "say why the trick count changes")
    expect(error.get_by_role("link", name="Rule RB-AUDIT")).to_have_attribute("href", "/rules/reverse-bridge#RB-AUDIT")
    shot(page, f"reverse-bridge-refused-{size}", full_page=False)
    expect(tricks).to_have_value(str(moved))
    panel.get_by_label("Reason (kept in the log)").fill(f"{PLAYERS[breach.seat]} had to win trick {breach.trick}")
    table.press("Adjust the score")
    at_seq(page, seq + 1)
    table.confirmed(f"The table counts {moved} tricks for East–West in hand 1")
    ns, ew = expected_score(3, "H", moved)
    expect(audit).to_contain_text(f"The table counts {moved}")
    pad = page.locator(".rb-pad-table")
    row = pad.locator('tr[data-hand="1"]')
    expect(row).to_contain_text("Ann")
    expect(row).to_contain_text("3♥ NS")
    expect(row).to_contain_text(f"EW {moved}")
    expect(row).to_contain_text("adj.")
    expect(pad.locator('tfoot [data-team="NS"]')).to_have_text(str(ns))
    expect(pad.locator('tfoot [data-team="EW"]')).to_have_text(str(ew))

    # Accept: the next dealer deals hand 2.
    table.press("Accept: Ben deals hand 2")
    table.expect_turn("Cat calls")

    # The score sheet downloads as a PDF with the hand on it.
    with page.expect_download() as download_info:
        page.get_by_role("link", name=re.compile("Score sheet")).tap()
    with open(download_info.value.path(), "rb") as handle:
        data = handle.read()
    assert data[:5] == b"%PDF-"
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)
    assert "Score pad" in text and "3♥ by Ann" in text and "RB-PLAY-2" in text
    assert f"{PLAYERS[breach.seat]} had to win trick {breach.trick}" in text
    assert table.checked > 60


def test_the_scoring_table_reads_on_a_phone(page: Page, live_server):
    page.goto(live_server + "/rules/reverse-bridge/scoring-table")
    expect(page.locator("h1")).to_have_text("Reverse Bridge scoring table")
    tables = page.locator(".rb-score-table")
    expect(tables).to_have_count(3)
    expect(page.locator(".rb-score-table td")).to_have_count(14 * 39)
    no_sideways_scroll(page)
    shot(page, "reverse-bridge-scoring-table", full_page=False)
    # Hearts or spades, 7 bid, 9 taken: 21 to the bidders, 10 to the opponents.
    hearts = tables.nth(1)
    cell = hearts.locator("tbody tr").nth(9).locator("td").nth(6)
    expect(cell).to_have_text(re.compile(r"21\s*10"))
    expect(hearts.locator("thead th").nth(7)).to_have_text("7")
    # Scrolled sideways inside its own box, the tricks column stays put and the cells move.
    box = page.locator(".rb-scroll").nth(1)
    box.scroll_into_view_if_needed()
    head = hearts.locator("tbody th").nth(9)
    before_head, before_cell = head.bounding_box()["x"], cell.bounding_box()["x"]
    box.evaluate("el => { el.scrollLeft = 300; }")
    scroll_at_rest(box)
    assert abs(head.bounding_box()["x"] - before_head) < 1
    assert cell.bounding_box()["x"] < before_cell - 200
    assert head.bounding_box()["width"] > 30 and cell.bounding_box()["height"] >= 30
    # The tricks column is opaque and on top, and no number shows in part beside it.
    sticky_column_holds(box, "scrolled to 300")
    shot(page, "reverse-bridge-scoring-table-scrolled", full_page=False)
    with page.expect_download() as download_info:
        page.get_by_role("link", name="PDF (A4)").tap()
    with open(download_info.value.path(), "rb") as handle:
        assert handle.read(5) == b"%PDF-"


def test_results_only_hands_are_tapped_into_the_score_pad(phone: Page, live_server):
    page, size = phone, "{width}x{height}".format(**phone.viewport_size)
    table = Table(page)  # for its reach check: every control of the next entry on screen
    page.goto(live_server + "/new")
    page.locator("#game").select_option("reverse-bridge")
    expect(page.locator("#house-rules")).to_contain_text("House rules for Reverse Bridge")
    page.get_by_label(re.compile("Players, one per line")).fill("\n".join(PLAYERS))
    page.get_by_label("Results only").check()
    page.get_by_role("button", name="Start the match").tap()
    expect(page.locator(".turn")).to_contain_text("Enter hand 1 of 8: Ann deals")
    table.in_reach()
    # The source's own example (RB-SCORE-4): Ben bids 7♠, North-South take 9: EW 21, NS 10.
    quick = page.locator('fieldset[data-picker="quick"]')
    quick.get_by_text("E · Ben").tap()
    quick.get_by_label("level 7", exact=True).tap()
    quick.get_by_label("spades", exact=True).tap()
    shot(page, f"reverse-bridge-quick-{size}")
    press(page, "Enter the hand")
    # Forgot the tricks: refused, and the bidder, level and suit stay picked.
    expect(page.locator(".message.error")).to_contain_text("tricks")
    expect(quick.locator("#rb-q-level-7")).to_be_checked()
    quick.get_by_label("9 tricks", exact=True).tap()
    press(page, "Enter the hand")
    row = page.locator('.rb-pad-table tr[data-hand="1"]')
    expect(row).to_contain_text("7♠ EW")
    expect(row).to_contain_text("NS 9")
    expect(page.locator('.rb-pad-table tfoot [data-team="NS"]')).to_have_text("10")
    expect(page.locator('.rb-pad-table tfoot [data-team="EW"]')).to_have_text("21")
    expect(page.locator(".turn")).to_contain_text("Enter hand 2 of 8: Ben deals")
    # With the last entry's confirmation above the keys, the whole hand still fits the panel.
    expect(page.locator("#panel .answer .confirmed")).to_be_visible()
    table.in_reach()
    # Hand 2: Cat bids 9♦, East-West take 6: NS 0, EW 15 (running totals 10 and 36).
    quick.get_by_text("S · Cat").tap()
    quick.get_by_label("level 9", exact=True).tap()
    quick.get_by_label("diamonds", exact=True).tap()
    quick.get_by_label("6 tricks", exact=True).tap()
    press(page, "Enter the hand")
    expect(page.locator('.rb-pad-table tr[data-hand="2"] .rb-running')).to_have_text(["10", "36"])
    # The view shows hand 2 (Ben's deal) as entered; the prompt names who deals hand 3.
    expect(page.locator(".turn")).to_contain_text("Enter hand 3 of 8: Cat deals")
    no_sideways_scroll(page)
    shot(page, f"reverse-bridge-quick-pad-{size}")
    # All four pass on Cat's deal: one tap records the hand thrown in. No hand is scored, the
    # totals stand, and the deal moves on to Dan for hand 3 (RB-AUCTION-3).
    press(page, "All passed")
    expect(page.locator(".turn")).to_contain_text("Enter hand 3 of 8: Dan deals")
    expect(page.locator("#panel .answer .confirmed")).to_contain_text("thrown in")
    expect(page.locator('.rb-pad-table tr[data-hand="3"]')).to_have_count(0)
    expect(page.locator('.rb-pad-table tfoot [data-team="NS"]')).to_have_text("10")
    expect(page.locator('.rb-pad-table tfoot [data-team="EW"]')).to_have_text("36")
    table.in_reach()
    shot(page, f"reverse-bridge-quick-thrown-in-{size}", full_page=False)
