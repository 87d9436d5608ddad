"""A table plays a hand of Reverse Bridge on a 390×844 phone by tapping: the bidding box, all 13
tricks of a deal the test knows (one card refused because it was already played, one forced-
capture breach made on purpose), the audit that lists the breach, the score, an adjustment, the
score pad, the score sheet download; and the scoring table page."""
from __future__ import annotations

import io
import re
from urllib.parse import parse_qs

from playwright.sync_api import Page, expect
from pypdf import PdfReader

from tests.web.test_api_reverse_bridge import PLAYERS, TEAM, expected_score, known_deal, play_out

SHOTS = "test-results"
SEATS = ("North", "East", "South", "West")


def tap_card(page: Page, card: str) -> None:
    rank, suit = card[:-1], card[-1]
    picker = page.locator('fieldset[data-picker="card"]')
    picker.locator(f'label[for$="-r-{rank}"]').tap()
    picker.locator(f'label[for$="-s-{suit}"]').tap()


def press(page: Page, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).tap()


def at_seq(page: Page, seq: int) -> None:
    expect(page.locator("#board")).to_have_attribute("data-seq", str(seq))


def bid(page: Page, level: int, denomination: str) -> None:
    page.get_by_label(f"level {level}", exact=True).tap()
    press(page, denomination)


def shot(page: Page, name: str, full_page: bool = True) -> None:
    # caret="initial": Playwright's default caret hiding leaves style="" on every input, which
    # htmx then copies while settling the next swap: a CSP violation of the test's own making.
    page.screenshot(path=f"{SHOTS}/{name}.png", full_page=full_page, caret="initial")


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_hand_of_reverse_bridge_bid_played_audited_and_scored_by_tapping(page: Page, live_server):
    page.goto(live_server + "/new")
    page.locator("#game").select_option("reverse-bridge")
    expect(page.locator("#house-rules")).to_contain_text("House rules for Reverse Bridge")
    page.get_by_label("Hands", exact=True).fill("4")
    page.get_by_label("Title (optional)").fill("Tuesday Reverse Bridge")
    page.get_by_label(re.compile("Players, one per line")).fill("\n".join(PLAYERS))
    page.get_by_role("button", name="Start the match").tap()
    expect(page.locator("h1")).to_have_text("Tuesday Reverse Bridge")
    turn = page.locator(".turn")
    expect(turn).to_contain_text("Ann deals hand 1 of 4")
    press(page, "Ann has dealt hand 1")
    at_seq(page, 1)

    # The bidding box: nothing bids before a level is picked.
    expect(turn).to_contain_text("Ben calls")
    expect(page.get_by_role("button", name="hearts")).to_have_css("pointer-events", "none")
    bid(page, 1, "spades")
    at_seq(page, 2)
    expect(page.locator(".rb-auction")).to_contain_text("1♠")
    bid(page, 2, "hearts")                                   # Cat: the first to name hearts
    at_seq(page, 3)
    # Only sufficient bids: level 1 is gone; at level 2 only ♠ and NT still bid.
    expect(page.locator("#rb-level-1")).to_be_disabled()
    page.get_by_label("level 2", exact=True).tap()
    for name, blocked in (("clubs", True), ("diamonds", True), ("hearts", True), ("spades", False), ("no trump", False)):
        expect(page.get_by_role("button", name=name)).to_have_css("pointer-events", "none" if blocked else "auto")
    shot(page, "reverse-bridge-bidding")
    no_sideways_scroll(page)
    # Pass has its own form (form="rb-pass"): with level 2 picked in the bidding box, the post
    # carries type=pass only, never the box's hidden type=bid (which Flask would read first).
    with page.expect_request(lambda r: r.method == "POST" and r.url.endswith("/act")) as posted:
        press(page, "Pass")                                  # Dan
    body = parse_qs(posted.value.post_data)
    assert body["type"] == ["pass"], body
    assert "level" not in body and "denomination" not in body, body
    at_seq(page, 4)
    expect(page.locator(".rb-auction")).to_contain_text("Pass")
    bid(page, 3, "hearts")                                   # Ann: the final bid
    for seq in (5, 6, 7):
        at_seq(page, seq)
        press(page, "Pass")
    at_seq(page, 8)
    banner = page.locator(".rb-contract")
    expect(banner).to_contain_text("3♥")
    expect(banner).to_contain_text("North–South (Ann & Cat) bid that East–West take 3 tricks")
    expect(banner).to_contain_text("Dan led first")

    # All 13 tricks of the known deal, by tapping; the breach is made at trick 5 or later.
    known = play_out(known_deal(), "h", 3, breach_from_trick=5)
    seq = 8
    for index, (seat, card) in enumerate(known.plays):
        name = PLAYERS[seat]
        expect(turn).to_contain_text(f"{name} {'leads to' if index % 4 == 0 else 'plays to'} trick {index // 4 + 1}")
        expect(page.locator(f'.rb-slot[data-seat="{SEATS[seat]}"]')).to_have_class(re.compile("in-turn"))
        if index == 5:
            # Trick 1's first card again: refused, with the rule one tap away; the table is unchanged.
            replay = str(known.plays[0][1])
            tap_card(page, replay)
            press(page, "Play the card")
            error = page.locator(".message.error")
            expect(error).to_contain_text("was already played at trick 1")
            expect(error.locator(".rule-ref a")).to_contain_text("RB-SETUP-1")
            shot(page, "reverse-bridge-rejected")
            at_seq(page, seq)
            # The picked suit survived the rejection.
            expect(page.locator(f'fieldset[data-picker="card"] input[value="{replay[-1]}"]')).to_be_checked()
        tap_card(page, str(card))
        press(page, "Play the card")
        seq += 1
        at_seq(page, seq)
        if index % 4 == 1 and index < 51:
            # The trick on the table: each card in its player's seat.
            expect(page.locator(f'.rb-slot[data-seat="{SEATS[seat]}"] .rb-slot-card')).to_contain_text(card.symbol)
            first_seat, first_card = known.plays[index - 1]
            expect(page.locator(f'.rb-slot[data-seat="{SEATS[first_seat]}"] .rb-slot-card')).to_contain_text(first_card.symbol)
        if index == 4 * 6 + 1:
            shot(page, "reverse-bridge-trick")
            no_sideways_scroll(page)
            # The whole table and the card picker fit one phone screen: no scrolling to play.
            page.evaluate("window.scrollTo(0, 0)")
            play_button = page.get_by_role("button", name="Play the card").bounding_box()
            assert play_button["y"] + play_button["height"] <= 844, play_button
        if index % 4 == 3 and index < 51:
            won = sum(1 for w in known.winners[:index // 4 + 1] if TEAM[w] == "NS")
            expect(page.locator('.rb-count-n[data-team="NS"]')).to_have_text(str(won))

    # The 13th trick is in: the audit lists the breach, the hand is scored.
    audit = page.locator(".rb-audit")
    breach = known.breach
    expect(audit).to_contain_text(f"Trick {breach.trick}: {PLAYERS[breach.seat]} played {breach.card.symbol}")
    expect(audit).to_contain_text("RB-PLAY-2")
    expect(audit).to_contain_text(f"East–West took {known.taken['EW']} trick")
    ns, ew = expected_score(3, "H", known.taken["EW"])
    expect(audit.locator(".rb-hand-score")).to_have_text(re.compile(rf"NS\s+{ns}\s+EW\s+{ew}"))
    expect(page.locator('.rb-count-n[data-team="NS"]')).to_have_text(str(known.taken["NS"]))
    expect(page.locator('.rb-count-n[data-team="EW"]')).to_have_text(str(known.taken["EW"]))
    shot(page, "reverse-bridge-audit")
    no_sideways_scroll(page)

    # The table moves a trick for the breach: the adjustment and its reason are kept.
    moved = known.taken["EW"] + (1 if TEAM[breach.seat] == "EW" else -1)
    page.get_by_label(re.compile("Tricks East–West are counted as taking")).fill(str(moved))
    page.get_by_label("Reason (kept in the log)").fill(f"{PLAYERS[breach.seat]} had to win trick {breach.trick}")
    press(page, "Adjust the score")
    at_seq(page, seq + 1)
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
    shot(page, "reverse-bridge-score-pad")

    # Accept: the next dealer deals hand 2.
    press(page, "Accept: Ben deals hand 2")
    expect(turn).to_contain_text("Cat calls")

    # The score sheet downloads as a PDF with the hand on it.
    with page.expect_download() as download_info:
        page.get_by_role("link", name=re.compile("Score sheet")).tap()
    with open(download_info.value.path(), "rb") as handle:
        data = handle.read()
    assert data[:5] == b"%PDF-"
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)
    assert "Score pad" in text and "3♥ by Ann" in text and "RB-PLAY-2" in text
    assert f"{PLAYERS[breach.seat]} had to win trick {breach.trick}" in text


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
    page.wait_for_timeout(100)
    assert abs(head.bounding_box()["x"] - before_head) < 1
    assert cell.bounding_box()["x"] < before_cell - 200
    assert head.bounding_box()["width"] > 30 and cell.bounding_box()["height"] >= 30
    shot(page, "reverse-bridge-scoring-table-scrolled", full_page=False)
    with page.expect_download() as download_info:
        page.get_by_role("link", name="PDF (A4)").tap()
    with open(download_info.value.path(), "rb") as handle:
        assert handle.read(5) == b"%PDF-"


def test_results_only_hands_are_tapped_into_the_score_pad(page: Page, live_server):
    page.goto(live_server + "/new")
    page.locator("#game").select_option("reverse-bridge")
    expect(page.locator("#house-rules")).to_contain_text("House rules for Reverse Bridge")
    page.get_by_label(re.compile("Players, one per line")).fill("\n".join(PLAYERS))
    page.get_by_label("Results only").check()
    page.get_by_role("button", name="Start the match").tap()
    expect(page.locator(".turn")).to_contain_text("Enter hand 1 of 8: Ann deals")
    # The source's own example (RB-SCORE-4): Ben bids 7♠, North-South take 9: EW 21, NS 10.
    quick = page.locator('fieldset[data-picker="quick"]')
    quick.get_by_text("E · Ben").tap()
    quick.get_by_label("level 7", exact=True).tap()
    quick.get_by_label("spades", exact=True).tap()
    shot(page, "reverse-bridge-quick")
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
    # Hand 2: Cat bids 9♦, East-West take 6: NS 0, EW 15 (running totals 10 and 36).
    quick.get_by_text("S · Cat").tap()
    quick.get_by_label("level 9", exact=True).tap()
    quick.get_by_label("diamonds", exact=True).tap()
    quick.get_by_label("6 tricks", exact=True).tap()
    press(page, "Enter the hand")
    expect(page.locator('.rb-pad-table tr[data-hand="2"] .rb-running')).to_have_text(["10", "36"])
    no_sideways_scroll(page)
    shot(page, "reverse-bridge-quick-pad")
