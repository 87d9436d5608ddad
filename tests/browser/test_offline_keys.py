"""Offline on the small phone (360×740), with entries waiting, the next entry's keys are still on
screen in every game: before any entry the note that the connection is gone is one short
status, and once entries wait the queue's line takes its place, saying there is no connection,
how many entries wait and the last one; it unfolds to what the note said, why the entries wait,
and all of them. Each entry starts from the form as it came (a card's suit picked for the last
entry does not go out again with the next rank tapped). Each waiting entry is named by what was
tapped, in the players' words (the card and the bank of a Curdle card, the cards of a
Ropebridge match, the level of a bid, the amount of a bet), never the bare word "entry". Back
online, the entries go to the referee as listed, in order."""
from __future__ import annotations

import json
import re
import urllib.error
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import console_errors
from tests.browser.table import Table, api, new_phone
from tests.browser.test_offline import go_offline, go_online, logged, queued
from tests.browser.test_table_experience import OPENING
from tests.web.test_api_curdle import HAND
from tests.web.test_api_pontoon import DEAL_1, SHOOT
from tests.web.test_api_reverse_bridge import PLAYERS as BRIDGE_PLAYERS
from tests.web.test_api_reverse_bridge import auction_actions
from tests.web.test_api_ropebridge import GAME
from tests.web.test_api_ropebridge import PLAYERS as ROPE_PLAYERS
from tests.web.test_api_ropebridge import SETTINGS as ROPE_SETTINGS

POINTS = ["Ann", "Ben", "Cy", "Dee"]


@dataclass(frozen=True)
class At:
    """A match of a game played up to a point through the JSON API."""

    game: str
    players: list[str]
    played: list[dict]
    settings: dict = field(default_factory=dict)

    def start(self, base: str) -> dict:
        match = api(base, "/api/matches", {"game": self.game, "players": self.players, "settings": self.settings})
        for action in self.played:
            api(base, f"/api/matches/{match['id']}/actions", action, match["scorer_token"])
        return match


def scorer_page(page, match: dict) -> None:
    """The scorer's page, once its service worker is installed: the network going while the
    worker's script is still being fetched would have the browser log an error of its own."""
    page.goto(match["links"]["scorer"])
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")


def pontis(table: Table) -> None:
    table.expect_turn("Ann needs 3")
    table.card("card", "3s")
    table.press("Miss")
    table.press("Miss")


def curdle(table: Table) -> None:
    """Ann has no starter: she draws K♠, a fluker, and plays it onto B; her run goes on with
    Q♦ onto A and J♥ onto B. Then a fluker is being made again: Fluker pressed, a rank picked."""
    page = table.page
    table.expect_turn("Ann's turn: a starter bridges 13")
    fluker = page.locator("#panel .curdle-fluker")
    picker = page.locator('#panel fieldset[data-picker="card"]')
    for card, bank in (("Ks", "B"), ("Qd", "A"), ("Jh", "B")):
        # Each entry starts from the form as it came: Fluker up, no card picked.
        expect(fluker.locator("input")).not_to_be_checked()
        expect(picker.locator("input:checked")).to_have_count(0)
        if card == "Ks":
            table.tap(fluker)      # the first card is the fluker; the rest of the run are plays
        table.tap(picker.locator(f'label[for$="-r-{card[:-1]}"]'))
        table.tap(picker.locator(f'label[for$="-s-{card[-1]}-{bank}"]'))
    table.tap(fluker)
    table.tap(picker.locator('label[for$="-r-9"]'))


def ropebridge(table: Table) -> None:
    """Ann takes K♦ from the discard pile and matches row card 1 (8♥) with the pair 5♠ and 3♥;
    then a pair is being picked again: its first card picked, the second picker open."""
    page = table.page
    table.expect_turn("Ann's turn")
    table.tap(page.locator("#panel").get_by_role("button", name=re.compile("from the discard pile")))
    toggle = page.locator("#panel .rope-pair-toggle")
    table.tap(toggle)
    table.card("cards.0", "5s")
    table.card("cards.1", "3h")
    table.press("Match")
    table.tap(toggle)
    table.card("cards.0", "6c")
    expect(page.locator('#panel [data-picker="cards.1"]')).to_be_visible()


def pontoon(table: Table) -> None:
    """Cy twists 6♥ and Q♠, each by the card's second tap; a buy is being typed."""
    page = table.page
    table.expect_turn("Cy to play")
    table.card("card", "6h")
    table.card("card", "Qs")
    page.locator("#panel").get_by_label(re.compile("^Buy for")).fill("3")


def reverse_bridge(table: Table) -> None:
    """Ben opens 1♠, Cat bids 2♥, Dan passes: a level, then a denomination, which bids."""
    page = table.page
    table.expect_turn("Ben")
    for level, denomination in ((1, "spades"), (2, "hearts")):
        table.tap(page.locator(f'#panel label[for="rb-level-{level}"]'))
        table.press(denomination)
    table.press("Pass")


# Each game where its keys are tallest: the entries made there offline, how the queue lists
# them, and what the referee logs for them once the connection is back.
GAMES: dict[str, tuple[At, Callable[[Table], None], list[str], list[dict]]] = {
    "pontis": (At("pontis", ["Ann", "Ben", "Cat"], OPENING), pontis,
               ["Play 3♠", "Miss", "Miss"],
               [{"type": "play", "card": "3s"}, {"type": "miss"}, {"type": "miss"}]),
    "curdle": (At("curdle", ["Ann", "Ben"], [entry[0] for entry in HAND[:5]]), curdle,
               ["Fluker: K♠ on bank B", "Play Q♦ on bank A", "Play J♥ on bank B"],
               [entry[0] for entry in HAND[5:8]]),
    "ropebridge": (At("ropebridge", list(ROPE_PLAYERS), [a for a, status in GAME[:4] if status == 200], ROPE_SETTINGS),
                   ropebridge,
                   ["Take K♦ from the discard pile", "Match 5♠ 3♥"],
                   [{"type": "draw", "from": "discard"}, {"type": "match", "cards": ["5s", "3h"]}]),
    "shoot-pontoon": (At("pontoon", POINTS, DEAL_1[:13], SHOOT), pontoon,
                      ["Twist 6♥", "Twist Q♠"],
                      [{"type": "twist", "card": "6h"}, {"type": "twist", "card": "Qs"}]),
    "reverse-bridge": (At("reverse-bridge", list(BRIDGE_PLAYERS), [{"type": "deal"}], {"hands": 4}), reverse_bridge,
                       ["Bid 1♠", "Bid 2♥", "Pass"],
                       [{"type": "bid", "level": 1, "denomination": "S"},
                        {"type": "bid", "level": 2, "denomination": "H"}, {"type": "pass"}]),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_offline_the_next_entrys_keys_stay_on_a_small_phone(browser, live_server, game):
    at, enter, labels, actions = GAMES[game]
    match = at.start(live_server)
    before = len(logged(live_server, match))
    page = new_phone(browser, "360x740")
    errors = console_errors(page)
    try:
        table = Table(page)
        scorer_page(page, match)
        table.in_reach()
        go_offline(page, live_server)
        note = page.locator("#offline-note")
        expect(note).to_be_visible()
        note_box = note.bounding_box()
        table.in_reach()

        enter(table)
        expect(queued(page)).to_have_count(len(labels))
        # With the entries waiting, the next entry's keys are all on screen.
        table.in_reach()
        table.shot(f"offline-keys-{game}")
        # Each entry is listed by what was tapped.
        for n, words in enumerate(labels):
            expect(queued(page).nth(n)).to_have_text(f"{words} — waiting to send")

        # The notices: before any entry the note, a short status; then in its place the queue's
        # line, which says there is no connection, how many entries wait and the last one.
        assert note_box is not None and note_box["height"] <= 46, note_box
        head = page.locator("#queue .queue-head")
        expect(head).to_be_visible()
        expect(note).to_be_hidden()
        expect(note).to_have_attribute("role", "status")
        expect(page.locator("#queue")).to_have_attribute("aria-live", "polite")
        expect(head.locator(".queue-count")).to_have_text(f"Offline: {len(labels)} kept on this phone")
        expect(head.locator(".queue-last")).to_have_text(labels[-1])
        box = head.bounding_box()
        assert box is not None and box["height"] <= 46, box
        # Beside it, the Undo that takes back that entry; the answer line's Undo and the
        # referee's last entry, which is not what it takes back, give way.
        undo = page.locator("#queue .queue-undo")
        expect(undo).to_have_text("Undo")
        expect(undo).to_have_attribute("aria-label", f"Undo: {labels[-1]}")
        expect(page.locator("#answer .undo-button")).to_be_hidden()
        expect(page.locator("#answer :is(.confirmed, .last-entry)")).to_be_hidden()
        undo_box = undo.bounding_box()
        assert undo_box is not None and abs(undo_box["y"] - box["y"]) <= 2, (undo_box, box)  # on the same line
        # Unfolded, the queue says what the note said and why the entries wait, and lists them
        # all; folded again, the keys are back in reach.
        table.tap(head)
        why = page.locator("#queue .queue-why")
        expect(why).to_be_visible()
        expect(why).to_contain_text("No connection: this is the table as this phone last saw it.")
        expect(why).to_contain_text("sent when the referee can be reached")
        expect(queued(page).last).to_be_visible()
        table.shot(f"offline-keys-{game}-unfolded")
        table.tap(head)
        expect(queued(page).first).to_be_hidden()
        table.in_reach()

        go_online(page, live_server)
        expect(queued(page)).to_have_count(0, timeout=10_000)
        expect(note).to_be_hidden()
        assert logged(live_server, match)[before:] == actions
        assert errors == [], errors
    finally:
        page.context.close()


def open_and_card(summary: str, card: str) -> Callable[[Table], None]:
    def enter(table: Table) -> None:
        table.tap(table.page.locator("#panel summary", has_text=summary))
        table.card("card", card)
    return enter


def bet(label: str, amount: int, button: str) -> Callable[[Table], None]:
    def enter(table: Table) -> None:
        table.page.locator("#panel").get_by_label(re.compile(label)).fill(str(amount))
        table.press(button)
    return enter


def sale(price: int) -> Callable[[Table], None]:
    def enter(table: Table) -> None:
        panel = table.page.locator("#panel")
        table.tap(panel.locator("summary", has_text="Sell the bank"))
        panel.get_by_label("Price").fill(str(price))
        table.tap(panel.locator('button[value="sell_bank"]'))
    return enter


def on_bank(card: str, bank: str) -> Callable[[Table], None]:
    def enter(table: Table) -> None:
        table.key("card", card[:-1])
        table.tap(table.page.locator(f'#panel fieldset[data-picker="card"] label[for$="-s-{card[-1]}-{bank}"]'))
    return enter


def hand_out(table: Table) -> None:
    table.tap(table.page.locator('#panel label[for="blind-bank-A"]'))
    rows = table.page.locator("#panel .curdle-to-row")
    for i, dest in enumerate(["Ann keeps", "to Ben", "Ann keeps", "Ann keeps"]):
        table.tap(rows.nth(i).get_by_text(dest, exact=True))
    table.press("Hand out the cards")


# Other kinds of entry, each where it is made, and how the queue lists it.
ENTRIES: dict[str, tuple[At, Callable[[Table], None], str]] = {
    "pontis deal": (At("pontis", ["Ann", "Ben", "Cat"], []), lambda table: table.press("hearts"),
                    "Foundation suit ♥"),
    "pontis foundation": (At("pontis", ["Ann", "Ben", "Cat"], OPENING[:1]), lambda table: table.press("5♥"),
                          "Foundation 5♥"),
    "curdle break": (At("curdle", ["Ann", "Ben"], [entry[0] for entry in HAND[:12]]), on_bank("9h", "B"),
                     "Break with 9♥ on bank B"),
    "curdle blind": (At("curdle", ["Ann", "Ben"], [entry[0] for entry in HAND[:15]]), hand_out,
                     "Hand out the top of bank A"),
    "ropebridge discard": (At("ropebridge", list(ROPE_PLAYERS), [a for a, status in GAME[:2] if status == 200],
                              ROPE_SETTINGS), open_and_card("Discard a card", "Kd"), "Discard K♦"),
    "pontoon stake": (At("pontoon", POINTS, DEAL_1[:2], SHOOT), lambda table: table.press("stake 4"),
                      "Ben stakes 4"),
    "pontoon shoot": (At("pontoon", POINTS, DEAL_1[:5], SHOOT), bet("^Ben's bet", 5, "Ben shoots"), "Ben shoots 5"),
    "pontoon shoot on a split hand": (At("pontoon", POINTS, DEAL_1[:9], SHOOT), bet("^Shoot bet", 2, "Shoot on hand 2"),
                                      "Ben shoots 2 on hand 2"),
    "pontoon sale with no buyer chosen": (At("pontoon", POINTS, DEAL_1, SHOOT), sale(5),
                                          "Sell the bank to — who buys — for 5"),
    "pontoon buy": (At("pontoon", POINTS, DEAL_1[:11], SHOOT), bet("^Buy for", 6, "Buy face down"),
                    "Buy a card for 6"),
    "reverse-bridge card": (At("reverse-bridge", list(BRIDGE_PLAYERS), [{"type": "deal"}, *auction_actions()],
                               {"hands": 4}), lambda table: table.card("card", "2c"), "Play the card 2♣"),
}


@pytest.mark.parametrize("entry", list(ENTRIES))
def test_offline_each_kind_of_entry_is_listed_in_the_players_words(browser, live_server, entry):
    at, enter, words = ENTRIES[entry]
    match = at.start(live_server)
    page = new_phone(browser, "360x740")
    errors = console_errors(page)
    try:
        table = Table(page)
        scorer_page(page, match)
        go_offline(page, live_server)
        enter(table)
        expect(queued(page)).to_have_count(1)
        expect(queued(page).first).to_have_text(f"{words} — waiting to send")
        expect(page.locator("#queue .queue-last")).to_have_text(words)
        table.in_reach()
        assert errors == [], errors
    finally:
        page.context.close()


def test_undo_offline_takes_back_the_newest_waiting_entry_on_the_phone(browser, live_server):
    """Offline, the Undo on the queue's line takes back the newest waiting entry on the phone,
    one tap each, naming it; with none waiting the answer line's Undo is the referee's again.
    Nothing taken back is ever sent."""
    at, enter, labels, actions = GAMES["pontis"]
    match = at.start(live_server)
    before = logged(live_server, match)
    page = new_phone(browser, "360x740")
    errors = console_errors(page)
    try:
        table = Table(page)
        scorer_page(page, match)
        undo = page.locator("#answer .undo-button")
        expect(undo).to_have_text("Undo")  # beside the referee's last entry
        go_offline(page, live_server)
        enter(table)
        expect(queued(page)).to_have_count(3)
        take_back = page.locator("#queue .queue-undo")
        expect(take_back).to_have_attribute("aria-label", "Undo: Miss")
        expect(undo).to_be_hidden()
        table.in_reach()
        table.shot("offline-undo-waiting")
        table.tap(take_back)
        expect(queued(page)).to_have_count(2)
        table.tap(take_back)
        expect(queued(page)).to_have_count(1)
        expect(take_back).to_have_attribute("aria-label", "Undo: Play 3♠")
        expect(page.locator("#queue .queue-last")).to_have_text("Play 3♠")
        table.tap(take_back)
        expect(queued(page)).to_have_count(0)
        expect(undo).to_be_visible()
        expect(undo).to_have_text("Undo")
        table.shot("offline-undo-none-waiting")

        go_online(page, live_server)
        page.wait_for_timeout(500)
        assert logged(live_server, match) == before  # nothing was sent, nothing undone
        # Online again, an entry and its Undo go to the referee as before.
        table.card("card", "3s")
        expect(page.locator("#answer .confirmed")).to_contain_text("3♠", timeout=10_000)
        assert logged(live_server, match)[len(before):] == actions[:1]
        table.tap(undo)
        expect(page.locator("#answer")).not_to_contain_text("3♠", timeout=10_000)
        assert [a["type"] for a in logged(live_server, match)[len(before):]] == ["play", "undo"]
        assert errors == [], errors
    finally:
        page.context.close()


def refusal(base: str, match: dict, action: dict) -> str:
    """The referee's reason for refusing ``action`` now (nothing is entered)."""
    try:
        api(base, f"/api/matches/{match['id']}/actions", action, match["scorer_token"])
    except urllib.error.HTTPError as refused:
        assert refused.code == 422
        return json.loads(refused.read())["error"]["message"]
    raise AssertionError(f"{action} was entered")


def test_a_refused_entry_leaves_the_next_entrys_keys_on_a_small_phone(browser, live_server):
    """Back online, the referee refuses the first of four waiting entries, with a long reason.
    The answer gives the reason, as for any refusal; the queue's one line names the entry
    refused and how many wait behind it, beside Remove it, so the keys stay on screen; the Undo
    of the newest behind it is in what it unfolds to. An entry tapped meanwhile takes the refused
    one's place (here refused too). A board redrawn by a poll (another phone entered
    something) keeps the line as it was. Unfolded it lists every entry, the refused one with its
    whole reason; on a page drawn again the line gives the start of the reason itself. Removed,
    the rest go to the referee, in order, and the answer line's Undo is back."""
    at, enter, labels, actions = GAMES["curdle"]
    match = at.start(live_server)
    before = len(logged(live_server, match))
    page = new_phone(browser, "360x740")
    errors = console_errors(page)
    try:
        table = Table(page)
        scorer_page(page, match)
        go_offline(page, live_server)
        # Ann plays 5♣ onto bank A, which her turn does not allow; then the run as it was.
        table.key("card", "5")
        table.tap(page.locator('#panel fieldset[data-picker="card"] label[for$="-s-c-A"]'))
        enter(table)
        expect(queued(page)).to_have_count(4)
        go_online(page, live_server)
        refused = page.locator("#queue .queued.refused")
        expect(refused).to_have_count(1, timeout=10_000)
        message = refusal(live_server, match, {"type": "play", "card": "5c", "bank": "A"})
        assert len(message) > 60, message  # long enough to wrap on this phone
        expect(page.locator("#answer .message.error")).to_contain_text(message)
        queue = page.locator("#queue")
        head = queue.locator(".queue-head")
        expect(head.locator(".queue-count")).to_have_text("Refused: Play 5♣ on bank A · 3 behind it")
        reason = queue.locator(".queue-reason")
        expect(reason).to_be_hidden()  # the answer above says why
        undo = page.locator("#answer .undo-button")
        expect(undo).to_be_hidden()
        drop = queue.get_by_role("button", name="Remove Play 5♣ on bank A and send those after it")
        expect(drop).to_have_text("Remove it")
        take_back = queue.locator(".queue-undo")
        expect(take_back).to_have_attribute("aria-label", f"Undo: {labels[-1]}")
        expect(take_back).to_be_hidden()  # with the entries, folded
        expect(queued(page).first).to_be_hidden()
        table.in_reach()
        table.shot("offline-refused-keys")
        box = queue.bounding_box()
        assert box is not None and box["height"] <= 50, box

        # An entry tapped now is what the refused one should have been: a rank, with the refused
        # card's suit and bank still picked to mend it in one tap, sends J♣ on bank A in its
        # place. The referee refuses that too, and the three behind it still wait.
        table.key("card", "J")
        message = refusal(live_server, match, {"type": "play", "card": "Jc", "bank": "A"})
        expect(head.locator(".queue-count")).to_have_text("Refused: Play J♣ on bank A · 3 behind it",
                                                          timeout=10_000)
        expect(page.locator("#answer .message.error")).to_contain_text(message)
        drop = queue.get_by_role("button", name="Remove Play J♣ on bank A and send those after it")
        expect(drop).to_have_text("Remove it")
        # Unfolded, the Undo takes back the newest behind it, one tap each.
        table.tap(head)
        expect(take_back).to_have_text(f"Undo: {labels[-1]}")
        table.tap(take_back)
        expect(head.locator(".queue-behind")).to_have_text("· 2 behind it")
        expect(take_back).to_have_text(f"Undo: {labels[-2]}")
        table.tap(head)

        # Another phone enters something: the board is drawn again, the line stays as it was.
        seq = int(page.locator("#board").get_attribute("data-seq"))
        api(live_server, f"/api/matches/{match['id']}/actions", {"type": "dispute", "seq": 1, "note": "shuffle"},
            match["scorer_token"])
        expect(page.locator("#board")).to_have_attribute("data-seq", str(seq + 1), timeout=10_000)
        page.wait_for_timeout(300)  # past htmx's settling of the swapped board
        expect(queue).to_have_attribute("data-held", "")
        expect(undo).to_be_hidden()
        expect(head.locator(".queue-behind")).to_have_text("· 2 behind it")
        table.in_reach()

        table.tap(head)
        expect(queued(page)).to_have_count(3)
        expect(refused).to_contain_text(message)
        expect(queue.locator(".queue-why")).to_have_text(
            "The entries after it wait: enter what it should have been, or remove it.")
        for n, words in enumerate(labels[:-1], start=1):
            expect(queued(page).nth(n)).to_have_text(f"{words} — waiting to send")
        table.shot("offline-refused-unfolded")
        table.tap(head)

        page.reload()  # drawn again, the answer no longer gives the reason: the queue's line does
        expect(reason).to_be_visible()
        expect(reason).to_have_text(message)
        assert reason.evaluate("e => e.scrollHeight <= e.clientHeight + 1"), "the reason is cut short"
        expect(drop).to_be_visible()
        table.in_reach()
        table.shot("offline-refused-redrawn")

        table.tap(drop)
        expect(queued(page)).to_have_count(0, timeout=10_000)
        assert logged(live_server, match)[before:] == [{"type": "dispute", "seq": 1, "note": "shuffle"}, *actions[:-1]]
        expect(undo).to_be_visible()
        table.in_reach()
        assert errors == [], errors
    finally:
        page.context.close()


def test_a_mistyped_card_held_offline_is_mended_in_its_place(browser, live_server):
    """Offline, 4♠ is typed for the 3♠ Ann played, and the two misses after it are entered. Back
    online the referee refuses 4♠ and holds the misses. The keys are the table's before 4♠: 3♠
    tapped there goes in its place, and the misses follow it, in order, with no other tap."""
    at, _enter, _labels, actions = GAMES["pontis"]
    match = at.start(live_server)
    before = len(logged(live_server, match))
    page = new_phone(browser, "390x844")
    errors = console_errors(page)
    try:
        table = Table(page)
        scorer_page(page, match)
        go_offline(page, live_server)
        table.card("card", "4s")
        table.press("Miss")
        table.press("Miss")
        expect(queued(page)).to_have_count(3)
        go_online(page, live_server)
        head = page.locator("#queue .queue-head")
        expect(head.locator(".queue-count")).to_have_text("Refused: Play 4♠ · 2 behind it", timeout=10_000)
        expect(page.locator("#answer .message.error")).to_contain_text("Ann needs 3")
        table.expect_turn("Ann needs 3")
        table.in_reach()
        table.shot("offline-mistyped-held")

        table.card("card", "3s")
        expect(queued(page)).to_have_count(0, timeout=10_000)
        assert logged(live_server, match)[before:] == actions
        expect(page.locator("#answer .confirmed")).to_have_text("✓ Cat missed (needed 4)")
        expect(page.locator("#answer .undo-button")).to_be_visible()
        table.in_reach()
        table.shot("offline-mistyped-mended")
        assert errors == [], errors
    finally:
        page.context.close()


@pytest.mark.parametrize("online", [True, False], ids=["online", "queued offline"])
def test_the_banks_draw_stays_open_for_its_next_card(browser, live_server, online):
    """The bank's draw (drawn open while the bank has not stood) stays open for the next card
    once one is drawn. Online, the answer is drawn with it open, and the board it replaces had
    it open too: a fold group spanning both boards for a moment must not fold the new one.
    Offline, it stays open once the card is queued. (A part opened for an entry folds: the sale
    of the bank above, whose keys are otherwise off the screen.)"""
    match = At("pontoon", POINTS, DEAL_1[:21], SHOOT).start(live_server)
    page = new_phone(browser, "360x740" if online else "390x844")
    try:
        table = Table(page)
        scorer_page(page, match)
        draw = page.locator("#panel details.pt-bank-draw")
        expect(draw).to_have_attribute("open", "")
        seq = int(page.locator("#board").get_attribute("data-seq"))
        if not online:
            go_offline(page, live_server)
        table.card("card", "3c")
        if online:
            expect(page.locator("#board")).to_have_attribute("data-seq", str(seq + 1))
        else:
            expect(queued(page)).to_have_count(1)
            expect(queued(page).first).to_contain_text("3♣")
        expect(draw).to_have_attribute("open", "")
        expect(draw.locator('fieldset[data-picker="card"] label[for$="-r-2"]')).to_be_visible()
        table.in_reach()
        table.shot(f"pontoon-bank-draws-again-{'online' if online else 'offline'}")
    finally:
        page.context.close()


@pytest.mark.parametrize("held", [False, True], ids=["online", "held offline"])
def test_a_long_refusal_in_german_leaves_curdles_tallest_keys_on_a_small_phone(browser, live_server, held):
    """Curdle, Ann without a starter (the keys with Fluker and Drew below the suits), German at
    360×740, a card refused with a four-line reason: the refusal, its rule and an Undo of one
    line leave every key on screen; so does a refused entry held offline with two behind it."""
    at, _enter, _labels, _actions = GAMES["curdle"]
    match = at.start(live_server)
    page = new_phone(browser, "360x740", "de")
    try:
        table = Table(page)
        scorer_page(page, match)
        entries = (("5", "c-A"), ("K", "s-B"), ("J", "h-B")) if held else (("5", "c-A"),)
        if held:
            go_offline(page, live_server)
        for rank, suit in entries:
            table.key("card", rank)
            table.tap(page.locator(f'#panel fieldset[data-picker="card"] label[for$="-s-{suit}"]'))
        if held:
            expect(queued(page)).to_have_count(3)
            go_online(page, live_server)
            expect(page.locator("#queue .queue-count")).to_have_text("Abgelehnt: 5♣ auf Bank A spielen · 2 dahinter",
                                                                     timeout=10_000)
        error = page.locator("#answer .message.error")
        expect(error).to_contain_text("5♣ ist keine Brücke")
        expect(error.locator(".rule-ref a")).to_have_text("Regel CURDLE-CURDLE-3")
        table.in_reach()
        table.shot(f"curdle-refused-de-{'held' if held else 'online'}")
    finally:
        page.context.close()


def test_offline_a_bet_on_a_split_hand_leaves_the_keys_on_a_small_phone_in_german(browser, live_server):
    """The tallest offline moment found: Shoot Pontoon, a split hand, a bet on the other hand
    queued, in German (its words are longer). The Undo rides on the queue's line, so the hand
    in turn can still stick without scrolling."""
    match = At("pontoon", POINTS, DEAL_1[:9], SHOOT).start(live_server)
    page = new_phone(browser, "360x740", "de")
    try:
        table = Table(page)
        scorer_page(page, match)
        go_offline(page, live_server)
        page.locator("#panel .pt-shoot-row input[name=amount]").fill("2")
        table.tap(page.locator("#panel .pt-shoot-button"))
        expect(queued(page)).to_have_text(["Ben schießt 2 auf Hand 2 — wartet aufs Senden"])
        undo = page.locator("#queue .queue-undo")
        expect(undo).to_have_attribute("aria-label", "Rückgängig: Ben schießt 2 auf Hand 2")
        table.in_reach()
        # Every part of the panel below the one before it: none drawn over another.
        tops = page.locator("#panel").evaluate("""(panel) => [
            panel.querySelector('.pt-turn-hand'), panel.querySelector('#queue'),
            panel.querySelector('.pt-shoot-row'), [...panel.querySelectorAll('form.entry')].pop()].map((e) => {
              const box = e.getBoundingClientRect(); return [box.top, box.bottom]; })""")
        for (_top, bottom), (top, _bottom) in zip(tops, tops[1:]):
            assert bottom <= top + 0.5, tops
        table.shot("offline-split-bet-de")
    finally:
        page.context.close()
