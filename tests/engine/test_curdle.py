"""Curdle: one legal and one illegal case per rule id, through the one rules path."""
from __future__ import annotations

import pytest

from referee.cards import Card, standard_deck
from referee.engine import Finding, apply, new_match
from referee.errors import InvalidAction
from referee.games import get
from referee.games.curdle.engine import GAME, bridge_values, is_bridge, is_natural_curdle, unaccounted
from referee.rulebook import book
from tests.engine.table import Table as SharedTable

DECK = [str(card) for card in standard_deck(jokers=1)]


class Table(SharedTable):
    """A Curdle match driven by entries, as a phone would post them, through the shared driver;
    Curdle's vocabulary: ``act("play", card="4s", bank="A")`` answers the view, ``reject`` the
    refusal's message, and ``found`` holds what the last entry proved."""

    def __init__(self, players=("Ann", "Ben", "Cy"), settings=None, mode="play"):
        super().__init__(GAME, players, settings, mode)
        self.found: tuple[Finding, ...] = ()

    def act(self, kind: str, **fields) -> dict:
        self.found = self.do(type=kind, **fields)
        return self.view

    def reject(self, rule: str, kind: str, **fields) -> str:
        """The entry is refused citing ``rule``, and the state is unchanged (by value)."""
        return str(self.refuse({"type": kind, **fields}, rule).message)

    def tops(self):
        banks = self.view["banks"]
        return Card.parse(banks["A"]["top"]), Card.parse(banks["B"]["top"])

    def some_bridge(self, avoid=()):
        """A card that bridges now, is on no bank, and makes no natural curdle."""
        view = self.view
        seen = set(view["banks"]["A"]["cards"] + view["banks"]["B"]["cards"]) | set(avoid)
        tops = list(self.tops())
        for text in DECK:
            card = Card.parse(text)
            if text in seen or not is_bridge(card, bridge_values(*tops)):
                continue
            for bank in (0, 1):
                after = list(tops)
                after[bank] = card
                if not is_natural_curdle(*after):
                    return text, "AB"[bank]
        raise AssertionError("no bridge left in the deck")

    def run_out(self):
        """The player in turn plays bridges until their hand is empty."""
        player = self.view["turn"]
        while self.view["phase"] == "play":
            card, bank = self.some_bridge()
            self.act("play", card=card, bank=bank, player=player)


def opened(players=("Ann", "Ben", "Cy"), a="9h", b="5c", **settings) -> Table:
    table = Table(players, settings)
    table.act("deal", card=a)
    table.act("open", card=b)
    return table


# --- registry, settings, malformed input -----------------------------------------------------

def test_registered_with_its_api_name():
    assert get("curdle") is GAME
    assert (GAME.name, GAME.rule_prefix) == ("curdle", "CURDLE")
    assert (GAME.min_players, GAME.max_players) == (2, 5)


def test_view_has_every_common_and_curdle_key():
    view = opened().view
    for key in ("game", "mode", "players", "deal", "phase", "turn", "dealer", "deal_over",
                "match_over", "scores", "deal_scores", "findings", "settings", "banks", "bridge",
                "hands", "stock", "curdle", "curdler", "winner", "legal", "run", "blind_cards",
                "history"):
        assert key in view
    assert view["settings"] == {"scoring": "hands_won", "target": 100, "hands": 0}
    assert view["banks"]["A"] == {"top": "9h", "count": 1, "values": [9], "cards": ["9h"]}
    assert view["run"] == {"player": "Ben", "cards": 0, "starter": False}


@pytest.mark.parametrize("settings, fragment", [
    ({"scoring": "cards_left", "hands": 3}, "hands-won"),
    ({"scoring": "points"}, "scoring"),
    ({"target": 0}, "target"),
    ({"hands": -1}, "hands"),
    ({"jokers": 2}, "unknown"),
])
def test_bad_house_rules(settings, fragment):
    with pytest.raises(InvalidAction) as err:
        new_match(GAME, ["Ann", "Ben"], settings, "play")
    assert err.value.rule == "SETTINGS" and fragment in err.value.message


@pytest.mark.parametrize("action, rule, fragment", [
    ({"type": "shuffle"}, "ACTION", "Curdle has no action “shuffle”: use deal, open, play, end_run"),
    ({"type": "play", "bank": "A"}, "ACTION", "\"card\""),
    ({"type": "play", "card": "7x", "bank": "A"}, "CARD", "7x"),
    ({"type": "play", "card": "4s", "bank": "C"}, "ACTION", "bank"),
    ({"type": "play", "card": "4s", "bank": "A", "as": 4.5}, "ACTION", "whole number"),
    ({"type": "quick", "winner": "Ann"}, "ACTION",
     "“quick” is for matches that keep results only; this match enters every card"),
    ({"type": "play", "card": "4s", "bank": "A", "player": "Cy"}, "TURN", "Ben's turn"),
])
def test_malformed_or_out_of_turn(action, rule, fragment):
    opened().refuse(action, rule, fragment)


# --- SETUP -----------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_1_two_to_five_players_and_the_stock(players):
    table = Table(("Ann", "Ben", "Cy", "Dee", "Eve")[:players])
    view = table.act("deal", card="9h")
    assert view["stock"] == 54 - 10 * players - 1
    assert set(view["hands"].values()) == {10}


@pytest.mark.parametrize("players", [1, 6])
def test_setup_1_rejects_other_player_counts(players):
    with pytest.raises(InvalidAction) as err:
        new_match(GAME, ["P%d" % i for i in range(players)], {}, "play")
    assert err.value.rule == "CURDLE-SETUP-1"


def test_setup_2_the_dealer_starts_bank_a():
    table = Table()
    assert table.view["turn"] == "Ann" and table.view["legal"] == ["deal"]
    message = table.reject("CURDLE-SETUP-2", "play", card="4s", bank="A")
    assert "Ann" in message and "bank A" in message
    table.reject("CURDLE-SETUP-2", "open", card="4s")
    table.reject("TURN", "deal", card="9h", player="Ben")
    view = table.act("deal", card="9h", player="Ann")
    assert view["banks"]["A"]["cards"] == ["9h"] and view["phase"] == "open"


def test_setup_3_the_next_player_starts_bank_b_then_has_a_turn():
    table = Table()
    table.act("deal", card="9h")
    assert table.view["turn"] == "Ben"
    message = table.reject("CURDLE-SETUP-3", "play", card="4s", bank="A")
    assert "Ben" in message and "bank B" in message
    view = table.act("open", card="5c", player="Ben")
    assert view["banks"]["B"]["top"] == "5c" and view["hands"]["Ben"] == 9
    assert view["turn"] == "Ben" and view["phase"] == "play" and view["curdler"] == "Ben"
    table.reject("CURDLE-SETUP-3", "open", card="6c")


# --- VALUE -----------------------------------------------------------------------------------

def test_value_1_face_values_king_13_joker_1():
    table = opened(a="6h", b="5c")          # bridge 1
    assert table.view["bridge"] == [1]
    table.act("play", card="JK", bank="A")   # joker counts 1: tops now joker and 5
    assert table.view["bridge"] == [4]
    king = opened(a="Kh", b="JK")
    assert king.view["bridge"] == [12]
    king.act("play", card="Qs", bank="B", **{"as": 12})


@pytest.mark.parametrize("card, declared, fragment", [
    ("JK", 14, "Joker counts 1, not 14"),
    ("JK", "7h", "a joker always counts 1"),
    ("Ks", 1, "K♠ counts 13, not 1"),
])
def test_value_1_wrong_values_are_refused(card, declared, fragment):
    table = opened(a="6h", b="5c")
    message = table.reject("CURDLE-VALUE-1", "play", card=card, bank="A", **{"as": declared})
    assert fragment in message


def test_value_2_split_cards_have_two_values():
    table = opened(a="Jh", b="5c")          # J is 11 or 3: bridges 6 and 2
    assert table.view["bridge"] == [2, 6]
    assert table.view["banks"]["A"]["values"] == [11, 3]
    table.act("play", card="Qs", bank="B", **{"as": 2})    # Q as 2: tops J and Q
    assert table.view["bridge"] == [1, 9]                 # 11−12, 11−2, 3−12, 3−2
    table.act("play", card="As", bank="A")                 # ace as 1
    assert table.view["banks"]["A"]["values"] == [14, 1]


@pytest.mark.parametrize("card, declared, fragment", [
    ("Jd", 5, "J♦ counts 11 or 3, not 5"),
    ("Jd", 11, "as 11 is not a bridge, but as 3 it is"),
])
def test_value_2_wrong_value_of_a_split_card(card, declared, fragment):
    table = opened(a="8h", b="5c")          # bridge 3
    message = table.reject("CURDLE-VALUE-2", "play", card=card, bank="A", **{"as": declared})
    assert fragment in message
    table.act("play", card=card, bank="A", **{"as": 3})


@pytest.mark.parametrize("declared", ["3", " 11 ", "14"])
def test_CURDLE_VALUE_3_a_numeric_as_sent_as_text_gets_a_number_message(declared):
    table = opened()                                  # tops 9, 5: bridge 4
    with pytest.raises(InvalidAction) as err:
        apply(GAME, table.state, {"type": "play", "card": "Jh", "bank": "A", "as": declared}, 3)
    assert err.value.rule == "ACTION"
    assert str(err.value.message) == (f'"as" is a number, not text: send {declared.strip()} without quotes '
                                 "(J♥ counts 11 or 3)")
    with pytest.raises(InvalidAction) as err:
        apply(GAME, table.state, {"type": "play", "card": "4s", "bank": "A", "as": "four"}, 3)
    assert err.value.rule == "ACTION" and "is not a card" not in str(err.value.message)
    assert str(err.value.message) == '"as" is the value 4♠ counts as, a number (4), not “four”'


def test_value_3_suits_play_no_part():
    table = opened(a="9h", b="5h")
    table.act("play", card="4s", bank="A")               # a spade bridges two hearts
    natural = opened(a="7h", b="7c")                    # same rank, other suits: a curdle
    assert natural.view["curdle"] == "natural"
    message = opened(a="9h", b="5c").reject("CURDLE-VALUE-3", "play", card="4s", bank="A",
                                            **{"as": "4h"})
    assert "suits play no part" in message


# --- TURN ------------------------------------------------------------------------------------

def test_turn_1_a_bridge_is_a_difference_of_the_tops():
    table = opened()
    view = table.act("play", card="4s", bank="A")
    assert view["banks"]["A"]["top"] == "4s" and view["bridge"] == [1]


def test_turn_1_a_card_that_is_not_a_bridge():
    message = opened().reject("CURDLE-TURN-1", "play", card="7c", bank="B")
    assert message == "7♣ is not a bridge: Ben needs 4, with 9♥ on bank A and 5♣ on bank B"
    message = opened(a="7h", b="5c").reject("CURDLE-TURN-1", "play", card="Jc", bank="B")
    assert "(it counts 11 or 3)" in message and "2 (2 or Q)" in message


def test_turn_2_a_run_goes_on_while_the_player_has_bridges():
    table = opened()
    table.act("play", card="4s", bank="A")            # tops 4, 5: bridge 1
    view = table.act("play", card="Ah", bank="B")     # tops 4, A: bridges 3 and 10
    assert view["run"] == {"player": "Ben", "cards": 2, "starter": True}
    assert view["legal"] == ["play", "end_run"] and view["turn"] == "Ben"
    view = table.act("end_run")
    assert view["turn"] == "Cy" and view["run"]["cards"] == 0


def test_turn_2_a_false_claim_of_no_bridge_is_a_finding():
    table = opened()
    table.act("play", card="4s", bank="A")            # Ben: bridge 1 now
    table.act("end_run")                              # "no 1 in my hand", entry 4
    table.act("draw")                                 # Cy
    table.act("play", card="Ah", bank="A", player="Ann")   # tops A, 5: 4 or 9
    table.act("play", card="4h", bank="B")                 # tops A, 4: 3 or 10
    table.act("play", card="3h", bank="B")                 # tops A, 3: 2 or 11
    table.act("play", card="2h", bank="B")                 # tops A, 2: 1 or 12
    table.act("end_run")
    table.act("play", card="Qs", bank="B", player="Ben")   # a queen was no 1: no proof
    assert table.found == ()
    table.act("play", card="JK", bank="B")            # the joker was a 1 at entry 4
    assert [f.rule for f in table.found] == ["CURDLE-TURN-2"]
    message = table.found[0].message
    assert "At entry 4 Ben ended the run" in message and "Joker" in message
    assert table.view["findings"][0]["seq"] == table.seq


def test_turn_2_no_finding_once_the_player_has_drawn():
    table = opened(players=("Ann", "Ben"))
    table.act("play", card="4s", bank="A")            # bridge 1
    table.act("end_run")                              # Ben claims no 1
    table.act("play", card="Ah", bank="B", player="Ann")   # tops 4, A: 3 or 10
    table.act("end_run")
    table.act("fluke", card="Jc", bank="B", player="Ben")  # a drawn card: the claim is void
    table.act("play", card="Ad", bank="A", player="Ben")   # tops 4, J: 1 or 7
    assert table.found == () and table.view["findings"] == []


def test_turn_3_the_starter_draws_or_flukes():
    table = opened()
    view = table.act("draw")                          # Ben keeps the card, turn over
    assert view["hands"]["Ben"] == 10 and view["stock"] == 22 and view["turn"] == "Cy"
    view = table.act("fluke", card="4d", bank="B")    # Cy draws a bridge and plays it
    assert view["hands"]["Cy"] == 10 and view["stock"] == 21
    assert view["run"] == {"player": "Cy", "cards": 1, "starter": True}


@pytest.mark.parametrize("steps, action, fragment", [
    ([("play", {"card": "4s", "bank": "A"})], {"type": "draw"}, "already played 1 card"),
    ([("play", {"card": "4s", "bank": "A"})], {"type": "fluke", "card": "Ad", "bank": "A"},
     "already played 1 card"),
    ([], {"type": "end_run"}, "draws from the stock"),
    ([], {"type": "pass"}, "the stock still has 23 cards"),
    ([], {"type": "fluke", "card": "7d", "bank": "A"}, "no fluker"),
])
def test_turn_3_refusals(steps, action, fragment):
    table = opened()
    for kind, fields in steps:
        table.act(kind, **fields)
    kind = action.pop("type")
    assert fragment in table.reject("CURDLE-TURN-3", kind, **action)


def test_turn_3_an_empty_stock_means_pass():
    names = ("Ann", "Ben", "Cy", "Dee", "Eve")
    table = opened(players=names, a="9h", b="5c")    # 3 cards in the stock
    table.act("draw")                                 # Ben, the curdler
    table.act("draw")                                 # Cy
    table.act("draw")                                 # Dee
    assert table.view["stock"] == 0 and table.view["legal"] == ["play", "pass"]
    assert "stock is empty" in table.reject("CURDLE-TURN-3", "draw")
    table.reject("CURDLE-TURN-3", "fluke", card="4h", bank="A")
    view = table.act("pass", player="Eve")
    assert view["phase"] == "play" and view["turn"] == "Ann" and view["failures"] == 3
    view = table.act("pass", player="Ann")            # all four others have failed
    assert view["phase"] == "blind" and view["curdle"] == "blind" and view["curdler"] == "Ben"


def test_CURDLE_TURN_3_a_break_card_is_not_a_starter():
    # Ruling of 2026-11-23: after breaking, the curdler still needs a starter, or draws.
    table = opened(players=("Ann", "Ben"), a="7h", b="7c")
    view = table.act("break", card="9d", bank="A")     # tops 9, 7: bridge 2 (2, Q)
    assert view["run"] == {"player": "Ben", "cards": 1, "starter": False}
    assert view["legal"] == ["play", "draw", "fluke"]
    message = table.reject("CURDLE-TURN-3", "end_run")
    assert message == ("Ben broke the curdle but has played no starter this turn: a break card is not "
                       "a bridge, so Ben plays a starter or, without one, draws from the stock")
    view = table.act("draw")                           # Ben keeps the card: Ann's turn
    assert view["turn"] == "Ann" and view["hands"]["Ben"] == 9 and view["failures"] == 0
    # A fluker after a break is the starter; then the run may end.
    table = opened(players=("Ann", "Ben"), a="7h", b="7c")
    table.act("break", card="9d", bank="A")
    view = table.act("fluke", card="2s", bank="B")     # tops 9, 2: bridge 7
    assert view["run"] == {"player": "Ben", "cards": 2, "starter": True}
    assert view["legal"] == ["play", "end_run"]
    table.reject("CURDLE-TURN-3", "draw")
    assert table.act("end_run")["turn"] == "Ann"
    # A starter already down before the curdle still counts after the break.
    table = opened(players=("Ann", "Ben"), a="8h", b="4c")
    view = table.act("play", card="4s", bank="A")      # the starter curdles: 4♠ beside 4♣
    assert view["phase"] == "break"
    view = table.act("break", card="9d", bank="A")
    assert view["run"] == {"player": "Ben", "cards": 2, "starter": True}
    assert view["legal"] == ["play", "end_run"]
    table.reject("CURDLE-TURN-3", "draw")
    assert table.act("end_run")["turn"] == "Ann"
    # With an empty stock a curdler without a starter passes.
    table = restart_curdle()
    view = table.act("break", card="9s", bank="A")     # tops 9, 4: bridge 5
    assert view["stock"] == 0 and view["legal"] == ["play", "pass"]
    assert "passes (the stock is empty)" in table.reject("CURDLE-TURN-3", "end_run")
    view = table.act("pass")
    assert view["turn"] == "Cy" and view["failures"] == 0 and view["phase"] == "play"


def test_turn_4_the_last_card_wins_the_hand():
    table = opened(players=("Ann", "Ben"))
    table.run_out()
    view = table.view
    assert view["phase"] == "over" and view["winner"] == "Ben" and view["deal_over"]
    assert view["hands"] == {"Ann": 10, "Ben": 0}
    assert view["scores"] == {"Ann": 0, "Ben": 1} and view["deal_scores"] == {"Ann": 0, "Ben": 1}
    assert view["history"][0]["winner"] == "Ben"
    assert view["history"][0]["cards_left"] == {"Ann": 10, "Ben": 0}
    assert view["turn"] == "Ben" and view["next_dealer"] == "Ben"
    message = table.reject("CURDLE-TURN-4", "play", card="2c", bank="A")
    assert "Ben played their last card" in message
    view = table.act("deal", card="8h", player="Ben")     # the deal passes left
    assert view["deal"] == 1 and view["dealer"] == "Ben" and view["turn"] == "Ann"
    assert view["banks"]["B"]["count"] == 0 and view["winner"] is None


def test_turn_4_no_new_deal_while_the_hand_goes_on():
    assert "still going" in opened().reject("CURDLE-TURN-4", "deal", card="2c")


def test_turn_5_a_card_on_a_bank_cannot_be_played_again():
    table = opened()
    table.act("play", card="4s", bank="A")
    message = table.reject("CURDLE-TURN-5", "play", card="4s", bank="B")
    assert message == "4♠ cannot be played again: it is on bank A, its top card"
    message = table.reject("CURDLE-TURN-5", "play", card="9h", bank="B")
    assert "on bank A, 2nd from the top" in message
    fresh = Table()
    fresh.act("deal", card="9h")
    fresh.reject("CURDLE-TURN-5", "open", card="9h")


def test_turn_5_two_jokers():
    table = opened(a="JK", b="2c")                   # bridge 1
    table.act("play", card="JK", bank="B")            # the second joker: a natural curdle
    assert table.view["curdle"] == "natural"
    table.act("break", card="3c", bank="B")           # tops joker, 3: bridge 2
    message = table.reject("CURDLE-TURN-5", "play", card="JK", bank="A")
    assert "both jokers are accounted for" in message


def blind_curdle() -> Table:
    """Ben opens, plays one bridge and ends; Cy and Ann draw: a blind curdle for Ben."""
    table = opened()
    table.act("play", card="4s", bank="A")            # tops 4, 5: bridge 1
    table.act("end_run")
    table.act("draw")                                 # Cy
    table.act("draw")                                 # Ann
    return table


def test_turn_5_a_card_handed_out_in_a_blind_curdle():
    table = blind_curdle()
    message = table.reject("CURDLE-TURN-5", "blind", bank="A", to=["Cy", "Ben", "Ben", "Ann"],
                           restart="4s")
    assert "cannot be the card that just came off the stock" in message
    # 4♠ to Cy, 9♥ kept, two stock cards to Ben and Ann; 4 cards go under the stock
    table.act("blind", bank="A", to=["Cy", "Ben", "Ben", "Ann"], restart="9d")
    message = table.reject("CURDLE-TURN-5", "fluke", card="4s", bank="A")
    assert "went to Cy in the blind curdle at entry 7" in message
    table.act("draw")                                 # Ben (the stock's own cards)
    message = table.reject("CURDLE-TURN-5", "play", card="9h", bank="A", player="Cy")
    assert "went to Ben" in message and "nobody has drawn" in message
    table.act("play", card="4s", bank="A", player="Cy")   # Cy holds 4♠: it comes back


def test_turn_5_a_handed_out_card_is_free_once_its_batch_is_reached():
    names = ("Ann", "Ben", "Cy", "Dee", "Eve")
    table = opened(players=names)                    # 3 cards in the stock
    table.act("play", card="4s", bank="A")            # tops 4, 5: bridge 1
    table.act("end_run")
    for name in ("Cy", "Dee", "Eve", "Ann"):
        table.act("draw" if table.view["stock"] else "pass", player=name)
    view = table.view
    assert view["phase"] == "blind" and view["stock"] == 0
    # 4♠ to Cy, 9♥ kept; the stock is only the two cards put under, so the restart card
    # comes from them, and may well be 4♠ itself.
    view = table.act("blind", bank="A", to=["Cy", "Ben"], restart="4s")
    assert view["stock"] == 1 and view["banks"]["A"]["cards"] == ["4s"]
    assert view["hands"] == {"Ann": 10, "Ben": 8, "Cy": 11, "Dee": 11, "Eve": 11}


# --- CURDLES ---------------------------------------------------------------------------------

def test_curdle_1_the_curdler_played_the_last_card():
    table = opened(a="7h", b="7c")                    # Ben's opening card curdles
    assert table.view["curdler"] == "Ben" and table.view["turn"] == "Ben"
    table.refuse({"type": "break", "card": "5s", "bank": "A", "player": "Cy"}, "TURN",
                 "Ben, who played the last card", cites="CURDLE-CURDLE-1")
    table.act("break", card="5s", bank="A", player="Ben")


def test_curdle_2_natural_curdle_and_its_break():
    table = opened(a="7h", b="7c")
    view = table.view
    assert view["phase"] == "break" and view["curdle"] == "natural" and view["bridge"] == []
    assert view["legal"] == ["break"]                # 9 cards, and only two sevens unseen
    assert view["history"] == [] and table.state.curdles[0].kind == "natural"
    view = table.act("break", card="Qs", bank="B")    # tops 7, Q: bridges 5
    assert view["phase"] == "play" and view["curdle"] is None and view["bridge"] == [5]
    assert view["run"] == {"player": "Ben", "cards": 1, "starter": False}
    assert view["legal"] == ["play", "draw", "fluke"]    # the break card is no starter


@pytest.mark.parametrize("kind, fields, fragment", [
    ("break", {"card": "7d", "bank": "A"}, "would curdle again"),
    ("play", {"card": "Ks", "bank": "A"}, "natural curdle"),
    ("end_run", {}, "natural curdle"),
    ("pass", {}, "instead of passing"),
    ("draw", {}, "instead of drawing"),
])
def test_curdle_2_refusals_in_a_natural_curdle(kind, fields, fragment):
    table = opened(a="7h", b="7c")
    assert fragment in table.reject("CURDLE-CURDLE-2", kind, **fields)


def test_curdle_2_break_only_in_a_natural_curdle():
    assert "no natural curdle" in opened().reject("CURDLE-CURDLE-2", "break", card="2s", bank="A")


# Ben, the opener of a two-player hand, runs down to one card; his eighth card, 3♠ on 3♣,
# curdles with the other two threes still unseen.
DOWN_TO_ONE = [("4c", "B"), ("5s", "A"), ("JK", "A"), ("3c", "B"), ("Qd", "A"), ("9d", "A"),
               ("6h", "A"), ("3s", "A")]


def test_curdle_2_a_curdler_with_only_the_curdled_rank_draws():
    table = opened(players=("Ann", "Ben"))
    for card, bank in DOWN_TO_ONE:
        table.act("play", card=card, bank=bank)
    view = table.view
    assert view["phase"] == "break" and view["hands"]["Ben"] == 1 and view["legal"] == ["break", "draw"]
    assert "the stock has 33 cards" in table.reject("CURDLE-CURDLE-2", "pass")
    view = table.act("draw")                            # 1 card: it may be 3♥ or 3♦
    assert view["phase"] == "break" and view["hands"]["Ben"] == 2 and view["stock"] == 32
    view = table.act("draw")                            # 2 cards: both may be threes
    assert view["hands"]["Ben"] == 3 and view["legal"] == ["break"]
    message = table.reject("CURDLE-CURDLE-2", "draw")  # 3 cards: one is not a three
    assert message == ("Ben holds 3 cards, but only 2 cards of the curdled rank (3) are not accounted "
                       "for (the others are on the banks or were handed to another player): at least "
                       "one of Ben's cards is of another rank, so Ben breaks the curdle with it instead "
                       "of drawing")
    table.reject("CURDLE-CURDLE-2", "pass")


def test_CURDLE_2_a_curdler_who_provably_holds_another_rank_may_not_draw_or_pass():
    # Ruling of 2026-11-23: both jokers are on the banks, so none of Ben's 9 cards is a joker.
    table = opened(players=("Ann", "Ben"), a="JK", b="JK")
    assert table.view["legal"] == ["break"]
    message = table.reject("CURDLE-CURDLE-2", "draw")
    assert "Ben holds 9 cards and every card of the curdled rank (joker) is accounted for" in message
    assert "instead of drawing" in message
    assert "instead of passing" in table.reject("CURDLE-CURDLE-2", "pass")
    view = table.act("break", card="5d", bank="A")
    assert view["phase"] == "play" and view["hands"]["Ben"] == 8
    # With five players and the stock empty, a pass no longer turns into a false blind curdle.
    table = restart_curdle()
    view = table.view
    assert view["curdle"] == "natural" and view["stock"] == 0 and view["hands"]["Ben"] == 8
    assert view["legal"] == ["break"]
    message = table.reject("CURDLE-CURDLE-2", "pass")
    assert "Ben holds 8 cards, but only 2 cards of the curdled rank (4) are not accounted for" in message
    view = table.act("break", card="9s", bank="A")
    assert view["phase"] == "play" and view["curdle"] is None and view["findings"] == []


def test_CURDLE_2_cards_handed_to_others_are_accounted_for():
    table = empty_stock_curdle()
    table.act("pass")
    table.act("blind", bank="A", to=["Ann", "Ben", "Cy", "Dee"])   # 7♥ goes to Ann
    eve, ann = 4, 0
    # 7♠ on bank B and 7♥ with Ann: two sevens could be in Eve's hand, three in Ann's.
    assert unaccounted(table.state.banks, table.state.gifts, "7", eve) == 2
    assert unaccounted(table.state.banks, table.state.gifts, "7", ann) == 3
    assert unaccounted(table.state.banks, table.state.gifts, "A", eve) == 2


def restart_curdle() -> Table:
    """Five players: a blind curdle leaves the stock empty, and its restart card curdles fours."""
    table = opened(players=("Ann", "Ben", "Cy", "Dee", "Eve"), a="9h", b="5c")
    table.act("play", card="4s", bank="A")
    table.act("end_run")
    for name in ("Cy", "Dee", "Eve"):
        table.act("draw", player=name)
    table.act("pass", player="Ann")
    table.act("blind", bank="B", to=["Ben"], restart="4c")   # 4♣ beside 4♠: curdled
    return table


def empty_stock_curdle() -> Table:
    """Five players: the stock runs dry, then Eve runs down to two cards and curdles sevens."""
    table = opened(players=("Ann", "Ben", "Cy", "Dee", "Eve"), a="9h", b="5c")
    for name in ("Ben", "Cy", "Dee"):
        table.act("draw", player=name)
    for card, bank in (("4h", "A"), ("Ah", "B"), ("10s", "A"), ("9c", "A"), ("8h", "B"), ("Ac", "A"),
                       ("7s", "B"), ("7h", "A")):
        table.act("play", card=card, bank=bank, player="Eve")
    return table


def test_curdle_2_with_an_empty_stock_the_curdler_passes_into_a_blind_curdle():
    table = empty_stock_curdle()
    view = table.view
    assert view["curdle"] == "natural" and view["stock"] == 0 and view["hands"]["Eve"] == 2
    assert view["legal"] == ["break", "pass"]          # two cards, and two sevens unseen
    view = table.act("pass")                              # "I hold only sevens"
    assert view["phase"] == "blind" and view["curdler"] == "Eve"
    view = table.act("blind", bank="A", to=["Ann", "Ben", "Cy", "Dee"])   # Eve keeps none
    assert view["bridge"] == [3] and view["turn"] == "Eve" and view["hands"]["Eve"] == 2
    table.act("play", card="3d", bank="A")                # so Eve did hold another rank
    assert [f.rule for f in table.found] == ["CURDLE-CURDLE-2"]
    assert "passed in a natural curdle of 7s" in table.found[0].message


def test_curdle_3_kingfisher():
    table = opened(a="Ah", b="As")
    view = table.view
    assert view["curdle"] == "kingfisher" and view["bridge"] == [13]
    message = table.reject("CURDLE-CURDLE-3", "play", card="Ac", bank="A")
    assert "kingfisher" in message and "only a king" in message
    table.reject("CURDLE-CURDLE-3", "play", card="JK", bank="A")
    view = table.act("play", card="Kd", bank="A")
    assert view["curdle"] is None
    joker = opened(a="JK", b="Ac")
    assert joker.view["curdle"] == "kingfisher" and joker.view["bridge"] == [13]


def kingfisher_under_four() -> Table:
    """Ben opens a kingfisher (A♥ and the joker), covers the joker with four cards on bank B,
    ends the run, and Ann's draw makes it a blind curdle for Ben."""
    table = opened(players=("Ann", "Ben"), a="Ah", b="JK")
    for card in ("Kd", "Qs", "2s", "Qh"):
        table.act("play", card=card, bank="B")
    table.act("end_run")
    table.act("draw")
    return table


def test_CURDLE_CURDLE_3_a_kingfisher_uncovered_by_a_blind_curdle_is_recorded():
    # Ruling of 2026-11-23: every curdle is recorded, however it arose.
    table = kingfisher_under_four()
    assert table.view["blind_cards"]["B"] == ["Qh", "2s", "Qs", "Kd"]
    view = table.act("blind", bank="B", to=["Ben", "Ann", "Ben", "Ben"])
    assert view["banks"]["B"]["cards"] == ["JK"] and view["curdle"] == "kingfisher"
    assert [(note.kind, note.seq) for note in table.state.curdles] == [
        ("kingfisher", 2), ("blind", 8), ("kingfisher", 9)]
    table.act("play", card="Kc", bank="B")
    table.run_out()
    view = table.view
    assert view["winner"] == "Ben"
    assert view["history"][0]["curdles"] == [
        {"kind": "kingfisher", "curdler": "Ben", "seq": 2}, {"kind": "blind", "curdler": "Ben", "seq": 8},
        {"kind": "kingfisher", "curdler": "Ben", "seq": 9}]


def test_curdle_4_blind_curdle_when_every_other_player_failed():
    table = opened()
    table.act("play", card="4s", bank="A")
    table.act("end_run")
    view = table.act("draw")                          # Cy fails
    assert view["phase"] == "play" and view["failures"] == 1
    assert "1 of 2" in table.reject("CURDLE-CURDLE-4", "blind", bank="A", to=["Ann"])
    view = table.act("draw")                          # Ann fails too
    assert view["phase"] == "blind" and view["curdle"] == "blind" and view["turn"] == "Ben"
    assert view["blind_cards"] == {"A": ["4s", "9h"], "B": ["5c"],
                                   "from_stock": {"A": 2, "B": 3},
                                   "restart": {"A": True, "B": True}}
    assert view["history"] == [] and table.state.curdles[-1].kind == "blind"


def test_curdle_4_a_fluker_resets_the_count():
    table = opened()
    table.act("play", card="4s", bank="A")
    table.act("end_run")
    table.act("draw")                                 # Cy fails
    table.act("fluke", card="Ac", bank="B")           # Ann flukes: she is the curdler now
    view = table.act("end_run")
    assert view["failures"] == 0 and view["curdler"] == "Ann" and view["phase"] == "play"


def test_curdle_5_blind_curdle_from_a_small_bank_restarts_it():
    table = blind_curdle()
    before = table.view
    view = table.act("blind", bank="B", to=["Ann", "Ben", "Cy", "Ben"], restart="Qd")
    assert view["banks"]["B"]["cards"] == ["Qd"]
    assert view["hands"] == before["hands"]
    assert view["stock"] == before["stock"] - 3 + 4 - 1     # make-up, put under, restart
    assert view["phase"] == "play" and view["turn"] == "Ben" and view["run"]["cards"] == 0
    assert "draw" in view["legal"]


def test_curdle_5_blind_curdle_from_a_big_bank():
    table = opened(players=("Ann", "Ben"))
    for card, bank in (("4s", "A"), ("Ah", "B"), ("3c", "A"), ("2d", "B"), ("JK", "A"),
                       ("Ad", "A")):
        table.act("play", card=card, bank=bank)       # A: 9 4 3 joker A, B: 5 A 2
    table.act("end_run")
    view = table.act("draw")                          # Ann fails: blind for Ben
    assert view["blind_cards"]["A"] == ["Ad", "JK", "3c", "4s"]
    assert view["blind_cards"]["from_stock"]["A"] == 0
    assert "leave out" in table.reject("CURDLE-CURDLE-5", "blind", bank="A",
                                       to=["Ben", "Ann", "Ben", "Ben"], restart="Kc")
    view = table.act("blind", bank="A", to=["Ben", "Ann", "Ben", "Ben"])
    assert view["banks"]["A"]["cards"] == ["9h"] and view["bridge"] == [7]
    assert view["stock"] == 33 - 1 + 4 and view["hands"] == {"Ann": 11, "Ben": 3}


@pytest.mark.parametrize("fields, fragment", [
    ({"bank": "B", "to": ["Ann", "Ben"], "restart": "Qd"},
     "takes 4 cards (1 from bank B and 3 from the stock)"),
    ({"bank": "B", "to": ["Ann", "Ann", "Ben", "Ben"], "restart": "Qd"},
     "Ann would get more than one"),
    ({"bank": "B", "to": ["Ann", "Cy", "Ben", "Ben"]}, "turn up the top card of the stock"),
])
def test_curdle_5_refusals(fields, fragment):
    table = blind_curdle()
    assert fragment in table.reject("CURDLE-CURDLE-5", "blind", **fields)
    table.reject("CURDLE-CURDLE-5", "play", card="Ad", bank="A")


def test_curdle_5_restart_card_must_be_free():
    table = blind_curdle()
    message = table.reject("CURDLE-TURN-5", "blind", bank="B", to=["Ben"] * 4, restart="9h")
    assert "on bank A" in message


# --- SCORE -----------------------------------------------------------------------------------

def test_score_1_hands_won_and_the_hands_target():
    table = opened(players=("Ann", "Ben"), hands=2)
    table.run_out()                                  # Ben wins hand 0
    table.act("deal", card="8h")                      # Ben deals, Ann opens
    table.act("open", card="2c")
    table.run_out()                                  # Ann wins hand 1
    assert table.view["scores"] == {"Ann": 1, "Ben": 1} and not table.view["match_over"]
    table.act("deal", card="9c")
    table.act("open", card="4c")
    table.run_out()                                  # Ben: 2 hands
    view = table.view
    assert view["match_over"] and view["phase"] == "match_over"
    assert view["match_winners"] == ["Ben"] and view["legal"] == []
    assert [h["dealer"] for h in view["history"]] == ["Ann", "Ben", "Ann"]
    assert "Ben has won 2 hands" in table.reject("CURDLE-SCORE-1", "deal", card="2c")


def test_score_2_cards_left_penalties_and_the_target():
    table = opened(players=("Ann", "Ben", "Cy"), scoring="cards_left", target=20)
    table.act("draw")                                 # Ben 10
    table.act("draw")                                 # Cy 11
    table.act("play", card="4s", bank="A", player="Ann")
    table.run_out()                                  # Ann goes out
    view = table.view
    assert view["deal_scores"] == {"Ann": 0, "Ben": 10, "Cy": 11}
    assert not view["match_over"]
    table.act("deal", card="8h")
    table.act("open", card="2c")                      # Cy opens, 9 left
    table.run_out()
    view = table.view
    assert view["scores"] == {"Ann": 10, "Ben": 20, "Cy": 11}
    assert view["match_over"] and view["match_winners"] == ["Ann"]
    assert "penalty target of 20" in table.reject("CURDLE-SCORE-2", "deal", card="2c")


# --- quick mode ------------------------------------------------------------------------------

def test_quick_mode_records_whole_hands():
    table = Table(("Ann", "Ben", "Cy"), {"scoring": "cards_left", "target": 30}, mode="quick")
    assert table.view["legal"] == ["quick"] and table.view["turn"] is None
    view = table.act("quick", winner="Ben", cards_left={"Ann": 4, "Cy": 7})
    assert view["scores"] == {"Ann": 4, "Ben": 0, "Cy": 7}
    # The view shows the hand just recorded (dealt by Ann) as over; Ben deals the next one.
    assert view["history"][0]["dealer"] == "Ann" and view["dealer"] == "Ann" and view["deal"] == 0
    assert view["deal_over"] and view["next_dealer"] == "Ben" and view["deal_scores"] == {"Ann": 4, "Ben": 0, "Cy": 7}
    assert view["history"][0]["cards_left"] == {"Ann": 4, "Ben": 0, "Cy": 7}
    assert "every loser" in table.reject("CURDLE-SCORE-2", "quick", winner="Ann",
                                         cards_left={"Ben": 3})
    assert "holds none" in table.reject("CURDLE-TURN-4", "quick", winner="Ann",
                                        cards_left={"Ann": 1, "Ben": 3, "Cy": 2})
    table.reject("CURDLE-SCORE-2", "quick", winner="Ann", cards_left={"Ben": 30, "Cy": 30})
    assert isinstance(table.refuse({"type": "quick", "winner": "Ann"}, "ACTION", "cards_left"), InvalidAction)
    assert isinstance(table.refuse({"type": "draw"}, "ACTION", "this match keeps results only: enter each "
                                   "result with “quick”, not “draw”"), InvalidAction)
    view = table.act("quick", winner="Ann", cards_left={"Ben": 12, "Cy": 30})
    assert view["match_over"] and view["match_winners"] == ["Ann"]


def test_quick_mode_hands_won():
    table = Table(("Ann", "Ben"), {"hands": 1}, mode="quick")
    view = table.act("quick", winner="Ann")
    assert view["scores"] == {"Ann": 1, "Ben": 0} and view["match_over"]
    assert view["history"][0]["cards_left"] is None


# --- the rules page --------------------------------------------------------------------------

SPEC_IDS = (
    [f"CURDLE-SETUP-{i}" for i in (1, 2, 3)] + [f"CURDLE-VALUE-{i}" for i in (1, 2, 3)]
    + [f"CURDLE-TURN-{i}" for i in range(1, 6)] + [f"CURDLE-CURDLE-{i}" for i in range(1, 6)]
    + [f"CURDLE-SCORE-{i}" for i in (1, 2)]
)


def test_rulebook_has_every_rule_id_once():
    rules = book("curdle")
    assert rules is not None and rules.game == "curdle"
    assert sorted(rules.ids()) == sorted(SPEC_IDS)
    assert all(rules.rule(rule_id).text for rule_id in SPEC_IDS)
    assert rules.decisions
