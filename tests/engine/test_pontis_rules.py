"""Pontis: one legal and one illegal case per rule id, on short scripted games.

The engine only ever sees what the table enters, so a script is just the entries; the comments
show each bank's top cards and the bridge so the numbers can be checked by hand.
"""
from __future__ import annotations

import pytest

from referee.engine import GameRules, new_match
from referee.errors import InvalidAction
from referee.games.pontis.engine import GAME, RANK_VALUES
from tests.engine import table

THREE = ("Ann", "Ben", "Cy")
TWO = ("Ann", "Ben")
THIRTEEN = tuple(f"P{i}" for i in range(13))


class Table(table.Table):
    """A Pontis match through the shared driver; an entry is its type and fields:
    ``do("play", card="4c")``, ``rejects("play", "PONTIS-TURN-3", card="Qc")``."""

    def __init__(self, players=THREE, mode="play", **settings):
        super().__init__(GAME, players, settings, mode)

    def do(self, action: str | dict | None = None, **fields) -> tuple:
        if isinstance(action, str):
            action = {"type": action}
        return super().do(action, **fields)

    def rejects(self, kind: str, rule: str, **fields) -> str:
        """The entry is refused citing ``rule`` and the state is unchanged (compared by value);
        the refusal's message, for the test to read."""
        return str(self.refuse({"type": kind, **fields}, rule).message)

    # helpers for long scripts: any card of a value not yet on a bank ---------------------
    def used(self) -> set[str]:
        cards = set()
        for pile in self.state.game.banks:
            cards.update(str(p.card) for p in pile if not p.card.is_joker)
        return cards

    def any_card(self, value: int, avoid_suit: str) -> str | None:
        used = self.used()
        for rank, values in RANK_VALUES.items():
            if values[0] != value:
                continue
            for suit in "cdhs":
                card = f"{rank}{suit}"
                if suit != avoid_suit and card not in used:
                    return card
        return None

    def play_or_miss(self) -> None:
        for value in self.view["bridge"]:
            card = self.any_card(value, self.view["foundation_suit"])
            if card:
                self.do("play", card=card)
                return
        self.do("miss")


def opened() -> Table:
    """Ann deals hearts: Ann 5♥, Ben 9♥ (Ben's bridge is 4)."""
    t = Table()
    t.do("deal", foundation_suit="h")
    t.do("reveal", card="5h")
    t.do("reveal", card="9h")
    return t


def blocked_run(**settings) -> Table:
    """Ann 4♥ and Ben 4♣ make a curdle; all three miss, so Ben gets the sum ability."""
    t = Table(**settings)
    t.do("deal", foundation_suit="h")
    t.do("reveal", card="5h")
    t.do("reveal", card="9h")
    t.do("play", card="4c")        # Ben 4 = 9 − 5
    t.do("reveal", card="Kh")
    t.do("play", card="9c")        # Cy 9 = 13 − 4, a club on a club: suit point
    t.do("play", card="4h")        # Ann 4 = 9 − 5
    t.do("miss")                   # Ben: 4♣ on 4♥ is a curdle (first miss of the run)
    t.do("miss")                   # Cy needs 5
    t.do("miss")                   # Ann needs 5
    return t


# --- PONTIS-SETUP ------------------------------------------------------------------------

@pytest.mark.parametrize("count", [2, 13])
def test_setup_1_two_to_thirteen_players(count):
    settings, state = new_match(GAME, [f"P{i}" for i in range(count)], {}, "play")
    view = GAME.view(state)
    assert len(view["banks"]) == count and view["phase"] == "deal" and view["turn"] == "P0"


@pytest.mark.parametrize("count", [1, 14])
def test_setup_1_rejects_other_player_counts(count):
    with pytest.raises(InvalidAction) as info:
        new_match(GAME, [f"P{i}" for i in range(count)], {}, "play")
    assert info.value.rule == "PONTIS-SETUP-1"
    assert str(count) in info.value.message


@pytest.mark.parametrize("players,jokers,banks,hand,out", [
    (2, 2, 0, 26, 0), (3, 2, 0, 17, 0), (4, 2, 0, 12, 2), (5, 4, 0, 10, 1), (13, 2, 0, 3, 2),
    (4, 2, 2, 13, 0), (2, 3, 6, 24, 1), (8, 4, 4, 6, 4),
])
def test_setup_4_hand_sizes(players, jokers, banks, hand, out):
    t = Table([f"P{i}" for i in range(players)], jokers=jokers, banks=banks)
    t.do("deal", foundation_suit="s")
    view = t.view
    assert (view["hand_size"], view["out_of_play"]) == (hand, out)
    assert set(view["hands"].values()) == {hand}
    # a face-down foundation already counts on its bank
    assert sum(b["count"] for b in view["banks"]) + players * hand + out == 52 + jokers


def test_setup_2_jokers_house_rule_and_supply():
    with pytest.raises(InvalidAction) as info:
        new_match(GAME, list(TWO), {"jokers": 5}, "play")
    assert info.value.rule == "SETTINGS"
    t = Table(TWO)
    t.do("deal", foundation_suit="h")
    t.do("reveal", card="5h")
    t.do("reveal", card="9h")
    t.do("play", card="JK", **{"as": "4c"})       # Ben needs 4
    t.do("play", card="JK", **{"as": "Ac"})       # Ann needs 1 (5 − 4)
    assert t.view["jokers_left"] == 0
    message = t.rejects("play", "PONTIS-SETUP-2", card="JK", **{"as": "3c"})
    assert "all 2 jokers" in message
    t.do("play", card="3c")                        # a real 3 is still fine


def test_setup_3_foundation_must_be_of_the_foundation_suit():
    t = Table()
    t.do("deal", foundation_suit="h")
    assert t.view["phase"] == "reveal" and t.view["foundation_suit"] == "h"
    message = t.rejects("reveal", "PONTIS-SETUP-3", card="7c")
    assert "7♣" in message and "♥" in message
    t.rejects("reveal", "PONTIS-SETUP-3", card="JK")
    t.do("reveal", card="7h")
    assert t.view["banks"][0]["top"] == "7h"


def test_setup_3_deal_needs_a_foundation_suit():
    t = Table()
    assert isinstance(t.refuse({"type": "deal"}, "ACTION", "foundation_suit"), InvalidAction)
    t.rejects("reveal", "PONTIS-SETUP-3", card="5h")   # nothing dealt yet


def test_setup_4_a_hand_cannot_go_below_zero():
    """13 players hold 3 cards each; P1 plays twice, then gets the sum ability with 1 card."""
    t = Table(THIRTEEN)
    t.do("deal", foundation_suit="h")
    foundations = ["5h", "9h", "Kh", "Ah", "2h", "3h", "4h", "6h", "7h", "8h", "10h", "Jh", "Qh"]
    t.do("reveal", card=foundations[0])
    for bank in range(1, 13):
        t.do("reveal", card=foundations[bank])
        t.play_or_miss()
    assert t.view["hands"]["P1"] == 2
    t.do("miss")                                   # P0
    assert t.view["bridge"] == [1]                 # P1: 4 on 5
    t.do("play", card=t.any_card(1, "h"))
    assert t.view["hands"]["P1"] == 1
    for _ in range(13):                            # P2 … P12, P0, P1 miss
        t.do("miss")
    assert t.view["phase"] == "sum" and t.view["sum_ability"] == "P2"
    for _ in range(12):                            # the ability goes round to P1
        t.do("miss")
    assert t.view["sum_ability"] == "P1"
    message = t.rejects("pair", "PONTIS-SETUP-4", cards=["7c", "7d"], top="7c")
    assert message == "P1 has only 1 card left, not 2"


# --- PONTIS-VALUE ------------------------------------------------------------------------

def test_value_1_face_cards_count_11_12_13():
    t = Table()
    t.do("deal", foundation_suit="h")
    t.do("reveal", card="Ah")
    t.do("reveal", card="Qh")                      # Ben: 12 − 1 = 11 or 14 − 12 = 2
    assert t.view["bridge"] == [2, 11]
    message = t.rejects("play", "PONTIS-TURN-3", card="Qc")
    assert "Q♣ is not a bridge" in message and "2 or 11" in message
    t.do("play", card="Jc")
    assert t.view["banks"][1]["values"] == [11]


def test_value_2_ace_is_both_on_top_but_one_alone():
    t = Table()
    t.do("deal", foundation_suit="h")
    t.do("reveal", card="Ah")
    t.do("reveal", card="9h")                      # 9 − 1 = 8, 14 − 9 = 5
    assert t.view["banks"][0]["values"] == [1, 14]
    assert t.view["bridge"] == [5, 8]
    message = t.rejects("play", "PONTIS-VALUE-2", card="As")
    assert "counts 1" in message
    t.do("play", card="8s")
    t.do("reveal", card="7h")                      # Cy: 8 − 7 = 1
    assert t.view["bridge"] == [1]
    t.do("play", card="As")                        # an ace alone is 1


def test_value_2_pair_uses_ace_as_14():
    t = blocked_run()
    t.do("miss")                                   # Ben passes the ability (needs 0)
    assert t.view["sum_ability"] == "Cy" and t.view["pair_targets"] == [5]
    t.rejects("pair", "PONTIS-SUM-2", cards=["As", "7d"], top="As")   # 8 or 6
    t.do("pair", cards=["As", "9d"], top="9d")     # 14 − 9 = 5
    assert t.view["banks"][2]["top"] == "9d"


def test_value_3_joker_is_the_card_it_is_named():
    t = opened()
    t.do("play", card="JK", **{"as": "4c"})
    bank = t.view["banks"][1]
    assert bank == {"bank": 1, "player": "Ben", "players": ["Ben"], "top": "4c", "joker": True,
                    "count": 2, "values": [4]}
    t.do("reveal", card="Kh")
    t.do("play", card="9c")                        # club on the joker's club: a suit point
    assert t.view["suit_points"]["Cy"] == 1


@pytest.mark.parametrize("fields,part", [
    ({"card": "JK"}, "name the card"),
    ({"card": "JK", "as": "JK"}, "real card"),
    ({"card": "4c", "as": "4d"}, "only a joker"),
])
def test_value_3_joker_naming_mistakes(fields, part):
    t = opened()
    assert part in t.rejects("play", "PONTIS-VALUE-3", **fields)


# --- PONTIS-TURN -------------------------------------------------------------------------

def test_turn_1_bridge_is_against_the_bank_on_the_right():
    t = opened()
    t.do("play", card="4c")
    t.do("reveal", card="Kh")                      # Cy: 13 − 4 (Ben, right), not 13 − 5 (Ann)
    assert t.view["bridge"] == [9]
    message = t.rejects("play", "PONTIS-TURN-3", card="8c")
    assert "Cy needs 9 (4♣ on Ben's bank, K♥ on Cy's bank)" in message
    t.do("play", card="9c")


def test_turn_2_dealer_only_turns_up_then_others_reveal_and_play():
    t = Table()
    t.do("deal", foundation_suit="h")
    assert t.view["legal"] == ["reveal"] and t.view["turn"] == "Ann"
    t.rejects("play", "PONTIS-TURN-2", card="4c")
    t.do("reveal", card="5h")
    assert (t.view["turn"], t.view["phase"]) == ("Ben", "reveal")     # Ann's turn is over
    t.rejects("miss", "PONTIS-TURN-2")
    t.do("reveal", card="9h")
    assert (t.view["turn"], t.view["phase"], t.view["legal"]) == ("Ben", "play", ["play", "miss"])
    assert "already face up (9♥)" in t.rejects("reveal", "PONTIS-TURN-2", card="Kh")


def test_turn_3_one_bridge_card_or_a_miss():
    t = opened()
    assert "4" in t.rejects("play", "PONTIS-TURN-3", card="5c")
    t.do("miss")
    assert (t.view["turn"], t.view["phase"]) == ("Cy", "reveal")
    assert t.view["misses_in_row"] == 1


def test_turn_4_joker_must_be_named_as_a_bridge_card():
    t = Table()
    t.do("deal", foundation_suit="h")
    t.do("reveal", card="Ah")
    t.do("reveal", card="Qh")                      # Ben needs 2 or 11
    message = t.rejects("play", "PONTIS-TURN-4", card="JK", **{"as": "3c"})
    assert "bridge card" in message
    assert t.do("play", card="JK", **{"as": "2c"}) == ()


def test_turn_4_illegal_joker_is_proved_when_the_real_card_appears():
    t = Table()
    t.do("deal", foundation_suit="h")
    t.do("reveal", card="Ah")
    t.do("reveal", card="Qh")
    t.do("play", card="JK", **{"as": "2c"})        # entry 4: Ben needs 2 or 11
    t.do("reveal", card="7h")
    assert t.do("play", card="5c") == ()           # Cy: 7 − 2
    assert t.do("play", card="4d") == ()           # Ann: 5 − 1
    found = t.do("play", card="2d")                # Ben: 4 − 2 ... and 2♦ was a bridge at entry 4
    assert [f.rule for f in found] == ["PONTIS-TURN-4"]
    assert "entry 4" in found[0].message and "2♦" in found[0].message
    assert t.view["fakes"][0]["seq"] == 8 and t.view["fakes"][0]["player"] == "Ben"


def test_turn_5_every_card_once():
    t = opened()
    t.do("play", card="4h")                        # a spare heart from Ben's hand
    message = t.rejects("reveal", "PONTIS-TURN-5", card="4h")
    assert "4♥ is already on Ben's bank (played at entry 4)" in message
    t.do("reveal", card="Kh")                      # Cy needs 9
    t.do("play", card="9c")
    # Ann needs 4 (9 − 5): the 4♥ is taken (a joker may still stand for it: see below)
    t.rejects("play", "PONTIS-TURN-5", card="4h")
    assert "9♣ is already on Cy's bank" in t.rejects("play", "PONTIS-TURN-5", card="9c")


def test_turn_5_foundation_suit_cards_in_hands_are_limited():
    """With 13 banks every heart is a foundation, so no heart can come from a hand."""
    t = Table(THIRTEEN)
    t.do("deal", foundation_suit="h")
    t.do("reveal", card="Ah")
    t.do("reveal", card="2h")                      # P1 needs 1 or 12
    message = t.rejects("play", "PONTIS-TURN-5", card="Qh")
    assert "every ♥ card is a foundation, so no ♥ card was dealt into a hand" in message
    assert "only 0" not in message
    t.do("play", card="Qc")


def test_turn_5_pair_of_the_same_card():
    t = blocked_run()
    t.rejects("pair", "PONTIS-TURN-5", cards=["7c", "7c"], top="7c")
    t.rejects("pair", "PONTIS-TURN-5", cards=["9c", "9s"], top="9s")   # 9♣ is on Cy's bank


# --- PONTIS-SUIT -------------------------------------------------------------------------

def test_suit_1_point_for_matching_the_affecter_suit():
    t = opened()
    t.do("play", card="4h")                        # Ann's 5♥ is a heart too: a point
    t.do("reveal", card="Kh")
    t.do("play", card="9c")                        # Ben's 4♥ is not a club: no point
    assert t.view["suit_points"] == {"Ann": 0, "Ben": 1, "Cy": 0}
    assert t.view["deal_scores"] == {"Ann": 1, "Ben": 3, "Cy": 2}


@pytest.mark.parametrize("mode,top,points", [
    ("each", "7s", 1), ("each", "7h", 1), ("top", "7s", 0), ("top", "7h", 1),
])
def test_suit_2_pair_points(mode, top, points):
    t = blocked_run(pair_suit_points=mode)         # Ben's affecter (Ann) shows 4♥
    before = t.view["suit_points"]["Ben"]
    t.do("pair", cards=["7h", "7s"], top=top)
    assert t.view["suit_points"]["Ben"] - before == points
    assert t.view["banks"][1]["top"] == top


# --- PONTIS-SUM --------------------------------------------------------------------------

def test_sum_1_everyone_missed_from_the_first_round():
    t = opened()
    t.do("miss")                                   # Ben needs 4: the run starts here
    t.do("reveal", card="Kh")
    t.do("miss")                                   # Cy needs 4
    t.do("miss")                                   # Ann needs 8
    view = t.view
    assert (view["phase"], view["turn"], view["sum_ability"]) == ("sum", "Ben", "Ben")
    assert view["legal"] == ["pair", "miss"] and view["pair_targets"] == [4]


def test_sum_1_no_pair_without_the_ability():
    t = opened()
    assert "sum ability" in t.rejects("pair", "PONTIS-SUM-1", cards=["2c", "2d"], top="2c")


def test_sum_2_two_cards_make_the_bridge():
    t = blocked_run()
    assert t.view["pair_targets"] == [0]           # Ben: 4♣ against 4♥
    assert "7♣ and 8♦ make 1, not a bridge" in t.rejects("pair", "PONTIS-SUM-2", cards=["7c", "8d"], top="8d")
    t.rejects("pair", "PONTIS-SUM-2", cards=["7c", "JK"], top="7c")
    t.rejects("pair", "PONTIS-SUM-2", cards=["7c", "7d"], top="8c")
    t.rejects("play", "PONTIS-SUM-2", card="7c")
    t.do("pair", cards=["7c", "7d"], top="7d")
    view = t.view
    assert view["banks"][1]["top"] == "7d" and view["banks"][1]["count"] == 4
    assert view["hands"]["Ben"] == 17 - 3


def test_sum_3_the_ability_passes_on_a_miss():
    t = blocked_run()
    t.do("miss")
    view = t.view
    assert (view["phase"], view["turn"], view["sum_ability"]) == ("sum", "Cy", "Cy")
    assert view["pair_targets"] == [5]             # Cy's own bridge: 9 against 4
    t.rejects("pair", "PONTIS-SUM-2", cards=["7c", "7d"], top="7d")    # Ben's bridge, not Cy's
    t.do("pair", cards=["2d", "3d"], top="3d")


def test_sum_4_after_a_pair_single_cards_again():
    t = blocked_run()
    t.do("pair", cards=["7c", "7d"], top="7d")
    view = t.view
    assert (view["phase"], view["turn"], view["sum_ability"]) == ("play", "Cy", None)
    t.rejects("pair", "PONTIS-SUM-1", cards=["2d", "3d"], top="3d")
    assert view["bridge"] == [2]                   # 9 − 7


def two_player_curdle() -> Table:
    t = Table(TWO)
    t.do("deal", foundation_suit="h")
    t.do("reveal", card="5h")
    t.do("reveal", card="10h")
    t.do("play", card="5c")                        # Ben makes a curdle: 5 on 5
    return t


def test_sum_5_two_players_curdle_maker_gets_the_ability():
    t = two_player_curdle()
    view = t.view
    assert (view["turn"], view["phase"], view["sum_ability"]) == ("Ann", "play", "Ben")
    t.do("miss")                                   # one miss is enough
    view = t.view
    assert (view["turn"], view["phase"], view["sum_ability"]) == ("Ben", "sum", "Ben")
    t.do("pair", cards=["8c", "8d"], top="8d")


def test_sum_5_not_with_three_banks():
    t = blocked_run()                              # Ann's 4♥ made a curdle with Ben's 4♣
    t2 = opened()
    t2.do("play", card="4c")
    t2.do("reveal", card="8h")
    t2.do("play", card="4d")                       # Cy makes a 4-4 curdle with Ben
    assert t2.view["sum_ability"] is None
    t2.do("play", card="Ac")                       # Ann: 5 − 4
    assert t2.view["phase"] == "play"
    assert t.view["sum_ability"] == "Ben"          # only through SUM-1, after three misses


def test_sum_5_kingfisher_answer_cancels_the_claim():
    t = Table(TWO)
    t.do("deal", foundation_suit="h")
    t.do("reveal", card="Ah")
    t.do("reveal", card="2h")
    t.do("play", card="Ac")                        # ace on ace: a curdle, Ben claims the ability
    assert t.view["sum_ability"] == "Ben" and t.view["bridge"] == [13]
    t.do("play", card="Kc")                        # the kingfisher: 14 − 1, a club on a club
    view = t.view
    assert (view["turn"], view["phase"], view["sum_ability"]) == ("Ben", "play", None)
    assert view["suit_points"]["Ann"] == 1


# --- PONTIS-CURDLE -----------------------------------------------------------------------

def test_curdle_1_no_single_card_on_a_curdle():
    t = blocked_run()
    t2 = opened()
    t2.do("play", card="4c")
    t2.do("reveal", card="Kh")
    t2.do("play", card="9c")
    t2.do("play", card="4h")
    assert t2.view["bridge"] == []
    message = t2.rejects("play", "PONTIS-CURDLE-1", card="4d")
    assert "curdle" in message and "Ben can only miss" in message
    assert t.view["phase"] == "sum"


def test_curdle_1_kingfisher_is_allowed():
    t = Table(TWO)
    t.do("deal", foundation_suit="h")
    t.do("reveal", card="Ah")
    t.do("reveal", card="2h")
    t.do("play", card="Ac")
    t.rejects("play", "PONTIS-TURN-3", card="Qc")
    t.do("play", card="Ks")


def test_curdle_2_and_end_3_complete_curdle_ends_without_penalty():
    t = two_player_curdle()
    t.do("miss")                                   # Ann
    t.do("miss")                                   # Ben cannot pair
    t.rejects("play", "PONTIS-SUM-2", card="5d")
    t.do("miss")                                   # Ann cannot pair either: all the way round
    view = t.view
    assert (view["ending"], view["ended_by"], view["phase"]) == ("complete_curdle", None, "deal")
    rows = {r["player"]: r for r in view["history"][0]["rows"]}
    assert rows["Ann"]["bonus"] == rows["Ben"]["bonus"] == 0
    assert view["scores"] == {"Ann": 1, "Ben": 2}


# --- PONTIS-END --------------------------------------------------------------------------

def test_end_1_blocked_ending_and_nothing_after_it():
    t = blocked_run()
    for _ in range(3):
        assert t.view["phase"] == "sum"
        t.do("miss")
    view = t.view
    assert view["ending"] == "blocked" and view["deal_over"] and view["legal"] == ["deal"]
    assert view["turn"] == "Ben"                   # the next dealer
    assert "over" in t.rejects("play", "PONTIS-END-1", card="2c")
    t.do("deal", foundation_suit="s")
    assert t.view["dealer"] == "Ben" and t.view["deal"] == 1
    assert t.rejects("deal", "PONTIS-END-1", foundation_suit="c")


def test_end_2_going_out_ends_at_once_with_a_bonus():
    t = Table(THIRTEEN)
    t.do("deal", foundation_suit="h")
    for card in ["5h", "9h", "Kh", "Ah", "2h", "3h", "4h", "6h", "7h", "8h", "10h", "Jh", "Qh"]:
        t.do("reveal", card=card)
        if t.view["phase"] == "play":
            t.play_or_miss()
    while t.view["phase"] != "deal":
        t.play_or_miss()
    view = t.view
    assert view["ending"] == "out"
    winner = view["ended_by"]
    assert view["hands"][winner] == 0
    row = next(r for r in view["history"][0]["rows"] if r["player"] == winner)
    assert row["bonus"] == 4 and row["bank_cards"] == 3 + 1
    assert row["score"] == row["bank_cards"] + row["suit_points"] + 4
    assert all(r["bonus"] == 0 for r in view["history"][0]["rows"] if r["player"] != winner)
    t.rejects("miss", "PONTIS-END-1")


def test_end_4_blocked_penalty_for_the_first_miss_after_the_last_card():
    t = blocked_run()
    for _ in range(3):
        t.do("miss")
    game = t.view["history"][0]
    assert (game["ending"], game["ended_by"]) == ("blocked", "Ben")
    rows = {r["player"]: r for r in game["rows"]}
    assert rows["Ben"] == {"player": "Ben", "bank_cards": 2, "suit_points": 0, "bonus": -2,
                           "liar_points": 0, "score": 0}
    assert rows["Cy"]["score"] == 2 + 1 and rows["Ann"]["score"] == 2
    assert game["scores"] == {"Ann": 2, "Ben": 0, "Cy": 3}


def test_end_5_match_totals_and_game_limit():
    t = blocked_run(games=2)
    for _ in range(3):
        t.do("miss")
    t.do("deal", foundation_suit="c")              # game 2: Ben deals
    t.do("reveal", card="2c")
    t.do("reveal", card="9c")                      # Cy needs 7
    t.do("miss")
    t.do("reveal", card="Kc")                      # Ann needs 4
    t.do("miss")
    t.do("miss")                                   # Ben needs 7
    assert t.view["sum_ability"] == "Cy"
    for _ in range(3):
        t.do("miss")
    view = t.view
    assert view["match_over"] and view["phase"] == "over" and view["legal"] == []
    assert view["history"][1]["ended_by"] == "Cy" and view["history"][1]["dealer"] == "Ben"
    assert view["scores"] == {"Ann": 2 + 1, "Ben": 0 + 1, "Cy": 3 + 1 - 2}
    assert "over" in t.rejects("deal", "PONTIS-END-5", foundation_suit="d")


# --- PONTIS-LIAR -------------------------------------------------------------------------

def faked_miss(**settings) -> tuple[Table, tuple]:
    """Cy misses needing 9 at entry 6, then plays 9♦ at entry 9."""
    t = Table(**settings)
    t.do("deal", foundation_suit="h")
    t.do("reveal", card="5h")
    t.do("reveal", card="9h")
    t.do("play", card="4c")
    t.do("reveal", card="Kh")
    t.do("miss")                                   # entry 6: Cy needs 9 (13 − 4)
    t.do("play", card="8c")                        # Ann: 13 − 5
    assert t.do("play", card="4d") == ()           # Ben: 8 − 4
    assert t.view["fakes"] == [] and "liar" not in t.view["legal"]
    found = t.do("play", card="9d")                # Cy: 13 − 4 again: proves entry 6
    return t, found


def test_liar_1_a_faked_miss_is_allowed_and_unpunished():
    t, found = faked_miss()
    assert t.view["turn"] == "Ann"                 # the play stands
    assert t.view["deal_scores"]["Cy"] == 3        # K♥ 9♦ and a suit point: no penalty
    assert "off" in t.rejects("liar", "PONTIS-LIAR-3", caller="Ann")


def test_liar_2_finding_at_the_proving_card():
    t, found = faked_miss()
    assert len(found) == 1
    finding = found[0]
    assert finding.rule == "PONTIS-LIAR-2" and finding.seq == 9
    assert "entry 6" in finding.message and "9♦" in finding.message and "Cy" in finding.message
    assert t.view["findings"] == [finding.as_dict()]
    assert t.view["fakes"] == [{"seq": 9, "missed_at": 6, "player": "Cy", "rule": "PONTIS-LIAR-2",
                                "message": str(finding.message), "called_by": None}]


def test_liar_2_faked_sum_miss_is_proved_by_two_later_cards():
    t = blocked_run()
    t.do("miss")                                   # entry 11: Ben passes the ability, needs 0
    t.do("pair", cards=["2d", "3d"], top="3d")     # Cy: 2 + 3 = 5
    t.do("play", card="Ac")                        # Ann: 4 − 3
    assert t.do("play", card="3s") == ()           # Ben: 4 − 1
    t.do("miss")                                   # Cy: 3 on 3
    t.do("play", card="2c")                        # Ann: 3 − 1
    assert t.do("play", card="Ad") == ()           # Ben: 3 − 2; 3♠ and A♦ do not make 0
    t.do("play", card="2s")                        # Cy: 3 − 1
    t.do("miss")                                   # Ann: 2 on 2
    found = t.do("play", card="As")                # Ben: 2 − 1; A♦ and A♠ make 0
    assert [f.rule for f in found] == ["PONTIS-LIAR-2"]
    assert "entry 11" in found[0].message and "A♦ and A♠" in found[0].message


def test_liar_3_calls():
    t = Table(liar_points=3)
    t.do("deal", foundation_suit="h")
    assert "nothing to call" in t.rejects("liar", "PONTIS-LIAR-3", caller="Ann")
    t, found = faked_miss(liar_points=3)
    assert "liar" in t.view["legal"]
    assert "own fake" in t.rejects("liar", "PONTIS-LIAR-3", caller="Cy")
    t.do("liar", caller="Ben", player="Ann")       # anyone may call, whoever's turn it is
    view = t.view
    assert view["fakes"][0]["called_by"] == "Ben" and "liar" not in view["legal"]
    assert view["deal_scores"]["Ben"] == 3 + 3
    assert view["turn"] == "Ann"
    t.rejects("liar", "PONTIS-LIAR-3", caller="Ann")   # already called


def test_liar_3_partners_cannot_call_each_other():
    t = Table(("Ann", "Ben", "Cy", "Dee"), banks=2, liar_points=2)
    t.do("deal", foundation_suit="h")
    t.do("reveal", card="5h")                      # bank 1: Ann & Cy
    t.do("reveal", card="9h", player="Dee")        # bank 2: Ben & Dee, needs 4
    t.do("miss", player="Dee")                     # entry 4
    t.do("play", card="4c", player="Cy")           # 9 − 5
    t.do("play", card="5c", player="Ben")          # 9 − 4
    assert t.view["fakes"] == []
    t.do("play", card="Ad", player="Ann")          # 5 − 4
    found = t.do("play", card="4d", player="Ben")  # 5 − 1, and 4 was needed at entry 4
    assert [f.rule for f in found] == ["PONTIS-LIAR-2"]
    assert t.view["fakes"][0]["player"] == "Ben"
    assert "partner" in t.rejects("liar", "PONTIS-LIAR-3", caller="Dee")
    t.do("liar", caller="Cy")
    assert t.view["history"] == [] and t.view["deal_scores"]["Cy"] == t.view["deal_scores"]["Ann"] + 2


# --- PONTIS-BANKS ------------------------------------------------------------------------

@pytest.mark.parametrize("players,banks", [(4, 3), (6, 4), (3, 2), (2, 1), (4, 1)])
def test_banks_1_numbers_that_do_not_fit(players, banks):
    with pytest.raises(InvalidAction) as info:
        new_match(GAME, [f"P{i}" for i in range(players)], {"banks": banks}, "play")
    assert info.value.rule == "PONTIS-BANKS-1"


def test_banks_1_too_many_banks_is_a_settings_error():
    with pytest.raises(InvalidAction) as info:
        new_match(GAME, list(TWO), {"banks": 14}, "play")
    assert info.value.rule == "SETTINGS"


def test_banks_1_shared_banks_take_turns_and_partners_act():
    t = Table(("Ann", "Ben", "Cy", "Dee"), banks=2)
    t.do("deal", foundation_suit="h")
    view = t.view
    assert [b["players"] for b in view["banks"]] == [["Ann", "Cy"], ["Ben", "Dee"]]
    assert view["turn_players"] == ["Ann", "Cy"]
    assert t.rejects("reveal", "TURN", card="5h", player="Ben")
    t.do("reveal", card="5h", player="Cy")
    assert t.view["turn"] == "Ben" and t.view["turn_players"] == ["Ben", "Dee"]
    t.do("reveal", card="9h", player="Dee")
    t.do("play", card="4c", player="Dee")
    assert t.view["hands"] == {"Ann": 13, "Ben": 13, "Cy": 13, "Dee": 12}


def test_banks_1_several_banks_each():
    t = Table(TWO, banks=4)
    t.do("deal", foundation_suit="h")
    view = t.view
    assert [b["player"] for b in view["banks"]] == ["Ann", "Ben", "Ann", "Ben"]
    assert view["hand_size"] == 25
    t.do("reveal", card="5h")
    t.do("reveal", card="9h")
    t.do("play", card="4c")
    assert t.view["turn"] == "Ann" and t.view["bank_in_turn"] == 2
    t.do("reveal", card="Kh")
    t.do("play", card="9c")
    assert t.view["hands"] == {"Ann": 24, "Ben": 24}


@pytest.mark.parametrize("scoring,expected", [
    ("team", {"Ann": 3, "Ben": 2, "Cy": 3, "Dee": 2}),
    ("individual", {"Ann": 2, "Ben": 0, "Cy": 1, "Dee": 2}),
])
def test_banks_2_team_or_individual_scoring(scoring, expected):
    t = Table(("Ann", "Ben", "Cy", "Dee"), banks=2, bank_scoring=scoring)
    t.do("deal", foundation_suit="h")
    t.do("reveal", card="5h", player="Cy")
    t.do("reveal", card="9h", player="Dee")
    t.do("play", card="4c", player="Dee")
    t.do("play", card="Ac", player="Ann")          # 5 − 4, club on club
    assert t.view["deal_scores"] == expected


# --- quick scoring -----------------------------------------------------------------------

def quick_table(**settings) -> Table:
    return Table(mode="quick", **settings)


def test_quick_game_scores():
    t = quick_table()
    assert t.view["legal"] == ["quick"]
    t.do("quick", bank_cards={"Ann": 10, "Ben": 8, "Cy": 18}, suit_points={"Ann": 2},
         ending="out", ended_by="Cy", foundation_suit="d")
    t.do("quick", bank_cards={"Ann": 5, "Ben": 9, "Cy": 3}, ending="blocked", ended_by="Ann")
    view = t.view
    assert view["history"][0]["scores"] == {"Ann": 12, "Ben": 8, "Cy": 22}
    assert view["history"][1]["scores"] == {"Ann": 3, "Ben": 9, "Cy": 3}
    assert view["history"][1]["dealer"] == "Ben"
    assert view["scores"] == {"Ann": 15, "Ben": 17, "Cy": 25}


def test_quick_mode_allows_quick_until_the_match_is_over_as_the_bases_legal_says():
    t = quick_table(games=1)
    assert GAME.legal(t.state) == GameRules.legal(GAME, t.state) == ["quick"]
    t.do("quick", bank_cards={"Ann": 10, "Ben": 8, "Cy": 18}, ending="out", ended_by="Cy")
    assert GAME.legal(t.state) == GameRules.legal(GAME, t.state) == []


@pytest.mark.parametrize("fields,rule", [
    ({"bank_cards": {"Ann": 10, "Ben": 8, "Cy": 17}, "ending": "out", "ended_by": "Cy"}, "PONTIS-END-2"),
    ({"bank_cards": {"Ann": 10, "Ben": 8, "Cy": 17}, "ending": "out"}, "PONTIS-END-2"),
    ({"bank_cards": {"Ann": 10, "Ben": 8, "Cy": 17}, "ending": "blocked"}, "PONTIS-END-4"),
    ({"bank_cards": {"Ann": 10, "Ben": 8, "Cy": 17}, "ending": "complete_curdle",
      "ended_by": "Ann"}, "PONTIS-END-3"),
    ({"bank_cards": {"Ann": 0, "Ben": 8, "Cy": 17}, "ending": "complete_curdle"}, "PONTIS-END-5"),
    ({"bank_cards": {"Ann": 19, "Ben": 8, "Cy": 17}, "ending": "complete_curdle"}, "PONTIS-END-5"),
    ({"bank_cards": {"Ann": 3, "Ben": 8, "Cy": 17}, "suit_points": {"Ann": 3},
      "ending": "complete_curdle"}, "PONTIS-SUIT-1"),
    ({"bank_cards": {"Ann": 3, "Ben": 8, "Cy": 17}, "liar_calls": {"Ann": 1},
      "ending": "complete_curdle"}, "PONTIS-LIAR-3"),
    ({"bank_cards": {"Ann": 3, "Ben": 8}, "ending": "complete_curdle"}, "ACTION"),
    ({"bank_cards": {"Ann": 3, "Ben": 8, "Zed": 1}, "ending": "complete_curdle"}, "ACTION"),
    ({"bank_cards": {"Ann": -1, "Ben": 8, "Cy": 1}, "ending": "complete_curdle"}, "ACTION"),
])
def test_quick_rejects_impossible_results(fields, rule):
    quick_table().rejects("quick", rule, **fields)


def test_quick_team_banks_and_liar_points():
    players = ("Ann", "Ben", "Cy", "Dee")
    t = Table(players, mode="quick", banks=2, liar_points=2, games=1)
    t.do("quick", bank_cards={"Ann": 20, "Ben": 10, "Cy": 0, "Dee": 5},
         suit_points={"Cy": 4}, liar_calls={"Ben": 1}, ending="out", ended_by="Cy")
    view = t.view
    assert view["scores"] == {"Ann": 28, "Ben": 17, "Cy": 28, "Dee": 15}
    assert view["match_over"] and view["phase"] == "over"
    t.rejects("quick", "PONTIS-END-5", bank_cards={p: 1 for p in players},
              ending="complete_curdle")


def test_mode_mismatches():
    """The engine base's play/quick gate and its refusal of an unknown type (rule ACTION)."""
    t = quick_table()
    refused = t.refuse({"type": "deal", "foundation_suit": "h"}, "ACTION", "keeps results only", "“deal”")
    assert isinstance(refused, InvalidAction)
    assert isinstance(t.refuse({"type": "liar", "caller": "Ann"}, "ACTION", "“quick”"), InvalidAction)
    p = Table()
    refused = p.refuse({"type": "quick", "ending": "blocked"}, "ACTION", "“quick”", "enters every card")
    assert isinstance(refused, InvalidAction)
    refused = p.refuse({"type": "shuffle"}, "ACTION", "Pontis has no action “shuffle”", "deal", "liar", "quick")
    assert isinstance(refused, InvalidAction)


def test_rulebook_covers_every_rule_id():
    from referee.games.pontis.rulebook import BOOK
    expected = ([f"PONTIS-SETUP-{i}" for i in range(1, 5)] + [f"PONTIS-VALUE-{i}" for i in range(1, 4)]
                + [f"PONTIS-TURN-{i}" for i in range(1, 6)] + [f"PONTIS-SUIT-{i}" for i in range(1, 3)]
                + [f"PONTIS-SUM-{i}" for i in range(1, 6)] + [f"PONTIS-CURDLE-{i}" for i in range(1, 3)]
                + [f"PONTIS-END-{i}" for i in range(1, 6)] + [f"PONTIS-LIAR-{i}" for i in range(1, 4)]
                + [f"PONTIS-BANKS-{i}" for i in range(1, 3)])
    assert list(BOOK.ids()) == expected
    assert BOOK.game == "pontis" and len(BOOK.decisions) >= 5


# --- the rulings of 2026-11-23 and the audit's defects (issue 14) -------------------------

def test_PONTIS_TURN_5_a_joker_may_stand_for_a_card_on_a_bank():
    t = opened()
    t.do("play", card="4h")                        # Ben: a real 4♥ (9 − 5)
    t.do("reveal", card="Kh")                      # Cy needs 9
    t.do("play", card="9c")
    # Ann needs 4 (9 − 5): the real 4♥ is on Ben's bank, and a joker may still stand for it
    t.do("play", card="JK", **{"as": "4h"})
    assert t.view["banks"][0]["top"] == "4h" and t.view["banks"][0]["joker"] is True
    # a joker may also stand for a card another joker already stands for
    t = opened()
    t.do("play", card="JK", **{"as": "4h"})        # Ben
    t.do("reveal", card="Kh")
    t.do("play", card="9c")
    t.do("play", card="JK", **{"as": "4h"})        # Ann
    assert [b["top"] for b in t.view["banks"]] == ["4h", "4h", "9c"] and t.view["jokers_left"] == 0


def test_PONTIS_TURN_5_a_real_card_stays_legal_after_a_joker_stood_for_it():
    t = opened()
    t.do("play", card="JK", **{"as": "4h"})        # Ben's joker stands for 4♥
    t.do("reveal", card="Kh")                      # Cy needs 9
    t.do("play", card="9c")
    t.do("play", card="4h")                        # Ann: the real 4♥ (9 − 5)
    assert t.view["banks"][0]["top"] == "4h" and t.view["banks"][0]["joker"] is False
    assert [b["top"] for b in t.view["banks"]] == ["4h", "4h", "9c"]
    # the real card itself is still entered once only
    assert "4♥ is already on Ann's bank" in t.rejects("play", "PONTIS-TURN-5", card="4h")


def two_proofs(**settings) -> Table:
    """Ben's miss at entry 4 is proved at entry 11; Cy's miss at entry 9 at entry 15 (latest)."""
    t = Table(**settings)
    t.do("deal", foundation_suit="h")
    t.do("reveal", card="5h")                      # Ann
    t.do("reveal", card="9h")                      # Ben needs 4
    t.do("miss")                                   # entry 4: Ben needs 4
    t.do("reveal", card="Kh")                      # Cy needs 4 (13 − 9)
    t.do("play", card="4d")
    t.do("play", card="Ac")                        # Ann: 5 − 4
    t.do("play", card="5c")                        # Ben: 9 − 14 or 9 − 1: 5 or 8
    t.do("miss")                                   # entry 9: Cy needs 1 (5 − 4)
    t.do("miss")                                   # entry 10: Ann needs 3 or 10
    assert [f.rule for f in t.do("play", card="4s")] == ["PONTIS-LIAR-2"]   # 11, Ben: 5 − 1
    t.do("miss")                                   # Cy: 4 on 4 is a curdle
    t.do("miss")                                   # Ann needs 3 or 10
    t.do("play", card="3d")                        # Ben: 4 − 1
    assert [f.rule for f in t.do("play", card="As")] == ["PONTIS-LIAR-2"]   # 15, Cy: 4 − 3
    assert [(f["seq"], f["missed_at"], f["player"]) for f in t.view["fakes"]] == [
        (11, 4, "Ben"), (15, 9, "Cy")]
    return t


def test_PONTIS_LIAR_3_a_call_takes_the_latest_proof_the_caller_may_call():
    t = two_proofs(liar_points=3)
    t.do("liar", caller="Cy")                      # Cy's own fake is the latest: Ben's is called
    assert [f["called_by"] for f in t.view["fakes"]] == ["Cy", None]
    assert "own fake" in t.rejects("liar", "PONTIS-LIAR-3", caller="Cy")
    t.do("liar", caller="Ann")
    assert [f["called_by"] for f in t.view["fakes"]] == ["Cy", "Ann"]


def test_PONTIS_LIAR_3_a_call_names_the_proof_it_targets():
    t = two_proofs(liar_points=3)
    assert "own fake" in t.rejects("liar", "PONTIS-LIAR-3", caller="Cy", missed_at=9)
    assert "no proven fake at entry 10" in t.rejects("liar", "PONTIS-LIAR-3", caller="Cy",
                                                     missed_at=10)
    t.do("liar", caller="Ann", missed_at=4)        # not the latest: named
    assert [f["called_by"] for f in t.view["fakes"]] == ["Ann", None]
    assert "already called by Ann" in t.rejects("liar", "PONTIS-LIAR-3", caller="Cy", missed_at=4)
    before = t.view["deal_scores"]["Ben"]
    t.do("liar", caller="Ben", missed_at=9)
    assert t.view["deal_scores"]["Ben"] == before + 3
    assert [f["called_by"] for f in t.view["fakes"]] == ["Ann", "Ben"]


def test_PONTIS_LIAR_3_the_named_proof_is_a_whole_number():
    t = two_proofs(liar_points=3)
    refused = t.refuse({"type": "liar", "caller": "Ann", "missed_at": "4"}, "ACTION", "missed_at")
    assert isinstance(refused, InvalidAction)


def test_PONTIS_CURDLE_1_a_curdle_maker_with_the_sum_ability_may_answer_an_ace_curdle_with_a_king():
    t = Table(TWO)
    t.do("deal", foundation_suit="s")
    t.do("reveal", card="As")
    t.do("reveal", card="2s")                      # Ben needs 1 or 12
    t.do("play", card="Ac")                        # ace on ace: Ben's curdle, Ben claims
    t.do("miss")                                   # Ann does not answer with a king
    view = t.view
    assert (view["turn"], view["phase"], view["sum_ability"]) == ("Ben", "sum", "Ben")
    assert view["bridge"] == [13] and view["pair_targets"] == [0, 13]
    assert view["legal"] == ["pair", "play", "miss"]
    t.rejects("play", "PONTIS-TURN-3", card="Qd")
    t.rejects("play", "PONTIS-SUM-2", card="JK", **{"as": "Kh"})   # no joker for the holder
    t.do("play", card="Kd")                        # the kingfisher: 14 − 1
    view = t.view
    assert (view["turn"], view["phase"], view["sum_ability"]) == ("Ann", "play", None)
    assert view["banks"][1]["top"] == "Kd"


def test_PONTIS_CURDLE_1_a_curdle_maker_may_still_use_the_ability_on_an_ace_curdle():
    t = Table(TWO)
    t.do("deal", foundation_suit="s")
    t.do("reveal", card="As")
    t.do("reveal", card="2s")
    t.do("play", card="Ac")
    t.do("miss")
    t.do("pair", cards=["7c", "6d"], top="6d")     # 7 + 6 = 13
    assert t.view["phase"] == "play" and t.view["sum_ability"] is None


def test_PONTIS_SUM_2_the_bridge_in_phase_sum_lists_only_what_can_be_played():
    t = opened()
    t.do("miss")                                   # Ben needs 4
    t.do("reveal", card="Kh")
    t.do("miss")                                   # Cy needs 4
    t.do("miss")                                   # Ann needs 8: Ben holds the ability
    view = t.view
    assert (view["phase"], view["sum_ability"]) == ("sum", "Ben")
    assert view["bridge"] == [] and view["pair_targets"] == [4]
    assert view["legal"] == ["pair", "miss"]
    t.rejects("play", "PONTIS-SUM-2", card="4c")
    # a curdle maker whose curdle is not of aces has nothing to play alone either
    t2 = two_player_curdle()
    t2.do("miss")
    assert (t2.view["phase"], t2.view["bridge"], t2.view["pair_targets"]) == ("sum", [], [0])
    t2.rejects("play", "PONTIS-SUM-2", card="Kd")


def test_PONTIS_SUM_5_depends_on_the_number_of_players_not_banks():
    # four players on two banks: making a curdle earns nothing at once
    four = Table(("Ann", "Ben", "Cy", "Dee"), banks=2)
    four.do("deal", foundation_suit="h")
    four.do("reveal", card="5h")
    four.do("reveal", card="10h")
    four.do("play", card="5c")                     # Ben's bank makes a curdle
    assert four.view["sum_ability"] is None
    four.do("miss")                                # Ann's bank
    assert (four.view["phase"], four.view["turn"]) == ("play", "Ben")
    four.rejects("pair", "PONTIS-SUM-1", cards=["8c", "8d"], top="8d")
    # two players on four banks: the curdle maker claims the ability
    two = Table(TWO, banks=4)
    two.do("deal", foundation_suit="h")
    two.do("reveal", card="5h")                    # bank 0, Ann
    two.do("reveal", card="10h")                   # bank 1, Ben: needs 5
    two.do("play", card="5c")                      # a curdle with bank 0
    assert two.view["sum_ability"] == "Ben"
    two.do("reveal", card="Kh")                    # bank 2, Ann: needs 8
    two.do("miss")
    view = two.view
    assert (view["phase"], view["turn"], view["bank_in_turn"]) == ("sum", "Ben", 1)
    assert view["sum_ability"] == "Ben"
    two.do("pair", cards=["8c", "8d"], top="8d")


def test_PONTIS_SUM_5_two_players_on_four_banks_a_curdle_with_the_next_bank():
    two = Table(TWO, banks=4)
    two.do("deal", foundation_suit="h")
    two.do("reveal", card="5h")                    # bank 0, Ann
    two.do("reveal", card="9h")                    # bank 1, Ben: needs 4
    two.do("play", card="4c")
    two.do("reveal", card="Kh")                    # bank 2, Ann: needs 9
    two.do("play", card="9c")
    two.do("reveal", card="Qh")                    # bank 3, Ben: needs 3
    two.do("play", card="3c")
    two.do("play", card="2c")                      # bank 0, Ann: 5 − 3
    two.do("play", card="2d")                      # bank 1, Ben: 4 − 2; 2 on 2 with bank 0
    assert two.view["sum_ability"] == "Ben"


def test_PONTIS_END_1_quick_mode_refuses_a_full_bank_without_going_out():
    t = quick_table()                              # three players: hand 17, one foundation
    message = t.rejects("quick", "PONTIS-END-1", bank_cards={"Ann": 18, "Ben": 18, "Cy": 18},
                        ending="blocked", ended_by="Ann")
    assert "Ann: 18 bank cards" in message and "at most 17" in message
    t.rejects("quick", "PONTIS-END-1", bank_cards={"Ann": 18, "Ben": 5, "Cy": 5},
              ending="complete_curdle")
    t.rejects("quick", "PONTIS-END-1", bank_cards={"Ann": 18, "Ben": 18, "Cy": 5},
              ending="out", ended_by="Ann")
    t.do("quick", bank_cards={"Ann": 18, "Ben": 17, "Cy": 17}, ending="out", ended_by="Ann")
    t.do("quick", bank_cards={"Ann": 17, "Ben": 17, "Cy": 17}, ending="blocked", ended_by="Cy")
    assert t.view["games_played"] == 2


def test_PONTIS_END_1_quick_mode_shared_banks_keep_a_card_per_partner():
    players = ("Ann", "Ben", "Cy", "Dee")          # two banks, hand 13
    t = Table(players, mode="quick", banks=2)
    t.rejects("quick", "PONTIS-END-1", bank_cards={"Ann": 27, "Ben": 5, "Cy": 0, "Dee": 0},
              ending="out", ended_by="Cy")
    t.rejects("quick", "PONTIS-END-1", bank_cards={"Ann": 26, "Ben": 5, "Cy": 0, "Dee": 0},
              ending="blocked", ended_by="Ben")
    t.rejects("quick", "PONTIS-END-2", bank_cards={"Ann": 13, "Ben": 5, "Cy": 0, "Dee": 0},
              ending="out", ended_by="Cy")
    t.do("quick", bank_cards={"Ann": 26, "Ben": 5, "Cy": 0, "Dee": 0}, ending="out", ended_by="Cy")


def test_PONTIS_TURN_5_one_spare_foundation_suit_card_is_said_in_the_singular():
    t = Table(tuple(f"P{i}" for i in range(12)))
    t.do("deal", foundation_suit="h")
    t.do("reveal", card="Ah")
    t.do("reveal", card="3h")                      # P1 needs 2 or 11
    t.do("play", card="2h")                        # the one spare heart
    t.do("reveal", card="4h")                      # P2 needs 2
    message = t.rejects("play", "PONTIS-TURN-5", card="Jh")
    assert "only 1 ♥ card was dealt into a hand and it is already on a bank" in message


def test_PONTIS_END_5_the_match_over_message_counts_games_in_words():
    t = blocked_run(games=1)
    for _ in range(3):
        t.do("miss")
    message = t.rejects("deal", "PONTIS-END-5", foundation_suit="d")
    assert "it was set to 1 game" in message and "1 games" not in message


def test_PONTIS_game_2_dealer_words_and_turn_agree():
    from referee.actions import Action

    t = blocked_run()
    for _ in range(3):
        t.do("miss")
    assert t.view["turn"] == "Ben" and t.view["next_dealer"] == "Ben"
    before = t.state
    t.do("deal", foundation_suit="c")
    words = GAME.describe(before, Action({"type": "deal", "foundation_suit": "c"}), t.state)
    assert words.startswith("Ben deals game 2")
    view = t.view
    assert view["dealer"] == "Ben" and view["turn"] == "Ben" and view["phase"] == "reveal"
    assert t.rejects("reveal", "TURN", card="2c", player="Ann")
    t.do("reveal", card="2c", player="Ben")        # the dealer turns up first (PONTIS-TURN-2)
    assert t.view["turn"] == "Cy"


def test_rules_version_2():
    assert GAME.rules_version == 2


def test_PONTIS_TURN_5_cards_on_a_bank_are_off_the_keys_with_where_they_lie():
    """A card turned up or played cannot come again this game: the keys say where it lies. A
    joker's stand-in may still name it (the stand-in picker is not judged by this list)."""
    t = Table(("Anna", "Ben", "Cy"), jokers=2)
    t.do("deal", foundation_suit="h")
    t.do("reveal", card="7h")
    off = {card: str(reason) for card, reason in GAME.unavailable(t.state).items()}
    assert off == {"7h": "already on Anna's bank"}
    t.do("reveal", card="9h")
    for joker in (1, 2):  # both jokers down, each standing for a bridge
        view = t.view
        if view["phase"] == "reveal":
            t.do("reveal", card="Qh")
            view = t.view
        value = view["bridge"][0]
        stand_in = {1: "A", 11: "J", 12: "Q", 13: "K"}.get(value, str(value)) + "c"
        t.do("play", card="JK", **{"as": stand_in})
        assert ("JK" in GAME.unavailable(t.state)) == (joker == 2)
    off = GAME.unavailable(t.state)
    assert {"7h", "9h"} <= set(off) and str(off["JK"]) == "every joker of the pack is already on a bank"
