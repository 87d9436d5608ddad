"""Ropebridge engine: a legal and an illegal case per rule id, quick mode, the view, replay."""
from __future__ import annotations

import copy
import json
import pickle
import random
import re
from pathlib import Path

import pytest

from referee.cards import Card, standard_deck
from referee.engine import apply, new_match
from referee.errors import InvalidAction, RuleViolation
from referee.games.ropebridge import engine as ropebridge_engine
from referee.games.ropebridge.engine import GAME, Settings, check_match, unbeatable
from referee.rulebook import book
from tests.engine.table import Table as SharedTable

ALL_IDS = (
    [f"ROPE-SETUP-{n}" for n in range(1, 5)] + [f"ROPE-MATCH-{n}" for n in range(1, 7)]
    + [f"ROPE-TURN-{n}" for n in range(1, 8)] + [f"ROPE-TIE-{n}" for n in range(1, 3)]
    + [f"ROPE-VARIANT-{n}" for n in range(1, 6)])

ROW = ["9c", "8h", "JK", "Jd"]   # the source's example row, as far as it is face up


class Table(SharedTable):
    """A Ropebridge match on the shared driver, with the table's words for its entries."""

    def __init__(self, settings: dict | None = None, mode: str = "play", players=("Ann", "Ben")):
        super().__init__(GAME, players, settings, mode)

    def do(self, action: dict | str | None = None, **fields):
        """Enter an entry, by its type and fields (``do("match", cards=["9h"])``); the state it
        was entered against is left unchanged, compared by value."""
        if isinstance(action, str):
            action = {"type": action}
        given = self.state
        before = copy.deepcopy(given)
        found = super().do(action, **fields)
        assert given == before, "apply changed the state it was given"
        return found

    def draw(self, source: str, card: str | None = None, **fields):
        return self.do("draw", **{"from": source}, **({"card": card} if card else {}), **fields)

    def reject(self, rule: str, kind: str, **fields):
        """The entry is refused citing ``rule``, the state unchanged; its message."""
        return self.refuse({"type": kind, **fields}, rule).message

    def deal(self, row=ROW, discard="3s"):
        return self.do("deal", row=list(row), discard=discard)


def dealt(settings: dict | None = None, row=ROW, discard="3s") -> Table:
    table = Table(settings)
    table.deal(row, discard)
    return table


# --- settings --------------------------------------------------------------------------------

def test_settings_defaults():
    assert Settings.from_dict({}).as_dict() == {
        "row_length": 10, "exposed": 4, "jokers": True, "combo": "standard",
        "ace_eleven": False, "courts_ten": False, "one_step": False, "target_wins": 0}
    assert all(info.help for info in Settings.rules())


def test_settings_as_dict_is_a_fresh_dict_each_time():
    settings = Settings.from_dict({"row_length": 8})
    shown = settings.as_dict()
    shown["row_length"] = 12
    assert settings.as_dict()["row_length"] == 8 == settings.row_length
    assert Settings.from_dict({}).as_dict()["row_length"] == 10


@pytest.mark.parametrize("bad", [
    {"row_length": 6}, {"row_length": 13}, {"exposed": 0}, {"exposed": 11},
    {"row_length": 8, "exposed": 9}, {"combo": "easy"}, {"jokers": "yes"},
    {"target_wins": -1}, {"wild": True},
])
def test_settings_refused(bad):
    with pytest.raises(InvalidAction) as caught:
        Settings.from_dict(bad)
    assert caught.value.rule == "SETTINGS"
    assert caught.value.message


# --- ROPE-SETUP --------------------------------------------------------------------------------

@pytest.mark.parametrize("settings, stock", [
    ({}, 54 - 10 - 14 - 1), ({"jokers": False}, 52 - 10 - 14 - 1),
    ({"row_length": 7, "exposed": 2}, 54 - 7 - 14 - 1), ({"row_length": 12}, 54 - 12 - 14 - 1),
])
def test_setup_1_2_pack_hands_and_stock(settings, stock):
    table = Table(settings)
    row = [str(c) for c in standard_deck()[:table.settings.exposed]]
    table.deal(row, "Kd")
    v = table.view
    assert v["stock"] == stock
    assert v["hands"] == {"Ann": 7, "Ben": 7}
    assert v["discard_top"] == "Kd" and v["discard_pile"] == ["Kd"]
    assert v["phase"] == "play"


@pytest.mark.parametrize("players", [["Ann"], ["Ann", "Ben", "Cy"]])
def test_ROPE_SETUP_1_exactly_two_players(players):
    with pytest.raises(InvalidAction) as caught:
        new_match(GAME, players, {}, "play")
    assert caught.value.rule == "ROPE-SETUP-1"
    assert str(caught.value.message) == f"Ropebridge is for exactly 2 players, not {len(players)}"


def test_setup_1_every_card_exists_once():
    table = Table()
    assert "only one 9♣" in table.reject("ROPE-SETUP-1", "deal", row=["9c", "8h", "9c", "Jd"],
                                         discard="3s")
    assert "both jokers" in table.reject("ROPE-SETUP-1", "deal", row=["JK", "8h", "JK", "Jd"],
                                         discard="JK")
    table.deal()
    message = table.reject("ROPE-SETUP-1", "match", cards=["8h", "Ac"])
    assert "8♥" in message and "in the row (row card 2)" in message
    table.do("match", cards=["9h"])
    assert "matched by Ben" in table.reject("ROPE-SETUP-1", "reveal", card="9h")
    table.do("reveal", card="4d")
    table.do("end_turn")
    assert "matched by Ben on row card 1" in table.reject("ROPE-SETUP-1", "match", cards=["9h"])
    table.draw("discard", "3s")
    table.do("discard", card="6d")
    # Ben may not enter the 3♠ Ann took, nor the 6♦ lying on the discard pile
    assert "in Ann's hand" in table.reject("ROPE-SETUP-1", "match", cards=["5d", "3s"])
    assert "on top of the discard pile" in table.reject("ROPE-SETUP-1", "draw",
                                                         **{"from": "stock", "card": "6d"})
    assert "entered twice" in table.reject("ROPE-SETUP-1", "match", cards=["5d", "5d"])


def test_setup_1_a_hand_of_known_cards_holds_nothing_else():
    rows = ["5c", "7d", "9c", "10d", "2c", "3c", "4c", "5d", "6c", "7c"]
    table = dealt({"exposed": 10}, row=rows, discard="Kc")
    table.do("match", cards=["2h", "3s"])
    table.do("match", cards=["3h", "4s"])
    table.do("end_turn")
    table.draw("stock")
    table.do("discard", card="Kd")
    table.do("match", cards=["4h", "5s"])
    table.do("match", cards=["10h"])
    table.do("end_turn")
    assert table.view["hands"]["Ben"] == 0
    table.draw("stock")
    table.do("discard", card="Qs")
    table.draw("discard")
    assert table.view["known_hand_cards"]["Ben"] == ["Qs"]
    message = table.reject("ROPE-SETUP-1", "match", cards=["2d"])
    assert "the table saw every card Ben holds go in (Q♠)" in message
    table.reject("ROPE-TURN-4", "match", cards=["Qs", "2d"])


def test_setup_2_deal_first_and_once():
    table = Table()
    assert table.view["phase"] == "deal" and table.view["legal"] == ["deal"]
    assert "deal first" in table.reject("ROPE-SETUP-2", "match", cards=["9h"])
    table.reject("ROPE-SETUP-2", "stalemate")
    table.deal()
    assert "already dealt" in table.reject("ROPE-SETUP-2", "deal", row=ROW, discard="3s")


def test_setup_3_face_up_cards():
    table = Table({"exposed": 6})
    message = table.reject("ROPE-SETUP-3", "deal", row=ROW, discard="3s")
    assert "enter 6, not 4" in message
    table.deal(ROW + ["2c", "2d"])
    assert table.view["row"] == ROW + ["2c", "2d", None, None, None, None]
    assert table.view["face_up"] == 6


def test_setup_4_non_dealer_first_and_deal_alternates():
    table = Table()
    table.deal()
    v = table.view
    assert v["dealer"] == "Ann" and v["turn"] == "Ben"
    # The API's rule for an entry out of turn, TURN, citing the game's rule that says why.
    refusal = table.refuse({"type": "draw", "from": "stock", "player": "Ann"}, "TURN", cites="ROPE-SETUP-4")
    assert "Ann dealt, so Ben plays first" in str(refusal.message)
    table.draw("stock", player="Ben")
    table.do("discard", card="2c", player="Ben")
    assert "it is Ann's turn, not Ben's" in table.reject("TURN", "draw", **{"from": "stock"},
                                                         player="Ben")
    table.do("stalemate", player="Ben")   # either player may enter the declaration
    assert table.view["next_dealer"] == "Ben"
    table.deal(["2c", "3c", "4c", "5c"], "6c")
    v = table.view
    assert v["deal"] == 1 and v["dealer"] == "Ben" and v["turn"] == "Ann"
    table.refuse({"type": "match", "cards": ["2d"], "player": "Ben"}, "TURN", cites="ROPE-SETUP-4")


# --- ROPE-MATCH ---------------------------------------------------------------------------------

MATCH_CASES = [
    # settings, row card, cards from hand, rule broken (None: a match)
    ({}, "9c", ["9h"], None),
    ({}, "9c", ["8h"], "ROPE-MATCH-2"),
    ({}, "8c", ["5s", "3h"], None),
    ({}, "2c", ["5s", "3h"], None),
    ({}, "8c", ["5h", "3h"], "ROPE-MATCH-2"),
    ({}, "6c", ["5s", "3h"], "ROPE-MATCH-2"),
    ({}, "10c", ["Ac", "9d"], None),
    ({}, "Ac", ["As"], None),
    ({}, "9c", ["JK"], None),
    ({}, "9c", ["Jh"], "ROPE-MATCH-1"),
    ({}, "Jd", ["Jh"], None),
    ({}, "Jd", ["JK"], None),
    ({}, "Jd", ["Qh"], "ROPE-MATCH-3"),
    ({}, "Jd", ["9h"], "ROPE-MATCH-3"),
    ({}, "Kd", ["5h", "6s"], "ROPE-MATCH-3"),
    ({}, "JK", ["2c"], None),
    ({}, "JK", ["Kh"], None),
    ({}, "JK", ["JK"], None),
    ({}, "JK", ["2c", "3h"], "ROPE-MATCH-4"),
    ({}, "9c", ["JK", "9h"], "ROPE-MATCH-5"),
    ({}, "9c", ["Jh", "2s"], "ROPE-MATCH-5"),
    ({"courts_ten": True}, "9c", ["JK", "Ah"], "ROPE-MATCH-5"),
    ({}, "10c", ["5h", "5h"], "ROPE-SETUP-1"),
    # harder: same colour adds, different colours subtract
    ({"combo": "harder"}, "8c", ["5d", "3h"], None),
    ({"combo": "harder"}, "2c", ["5d", "3h"], "ROPE-VARIANT-2"),
    ({"combo": "harder"}, "Ac", ["4s", "3h"], None),
    ({"combo": "harder"}, "7c", ["4s", "3h"], "ROPE-VARIANT-2"),
    ({"combo": "harder"}, "7c", ["4s", "3s"], None),
    # simpler: colour ignored
    ({"combo": "simpler"}, "9c", ["4h", "5h"], None),
    ({"combo": "simpler"}, "Ac", ["4h", "5h"], None),
    ({"combo": "simpler"}, "8c", ["4h", "5h"], "ROPE-VARIANT-3"),
    # ace is 1 or 11
    ({"ace_eleven": True}, "Ac", ["4s", "7h"], None),
    ({"ace_eleven": True}, "Ac", ["2s", "9h"], None),
    ({"ace_eleven": True}, "10c", ["Ah", "Ac"], None),
    ({"ace_eleven": True}, "9c", ["As", "2h"], None),
    ({"ace_eleven": True}, "Ac", ["5s", "7h"], "ROPE-VARIANT-4"),
    ({}, "Ac", ["4s", "7h"], "ROPE-MATCH-2"),
    # court cards are tens
    ({"courts_ten": True}, "Kc", ["10h"], None),
    ({"courts_ten": True}, "Kc", ["Qh"], None),
    ({"courts_ten": True}, "Kc", ["5h", "5s"], None),
    ({"courts_ten": True}, "Ac", ["Jh", "9s"], None),
    ({"courts_ten": True}, "3c", ["Kh", "7s"], None),
    ({"courts_ten": True}, "9c", ["Kh"], "ROPE-VARIANT-5"),
    ({"courts_ten": True}, "Kc", ["9h"], "ROPE-VARIANT-5"),
    ({}, "Kc", ["10h"], "ROPE-MATCH-3"),
]


@pytest.mark.parametrize("settings, row_card, cards, broken", MATCH_CASES)
def test_check_match(settings, row_card, cards, broken):
    parsed = Settings.from_dict(settings)
    if broken is None:
        assert check_match(parsed, row_card, cards) is None
        return
    with pytest.raises(RuleViolation) as caught:
        check_match(parsed, Card.parse(row_card), [Card.parse(c) for c in cards])
    assert caught.value.rule == broken
    assert Card.parse(cards[0]).symbol in caught.value.message or "joker" in caught.value.message


def test_match_messages_name_the_cards_and_the_need():
    standard = Settings()
    with pytest.raises(RuleViolation) as caught:
        check_match(standard, "8c", ["3h", "5h"])
    assert str(caught.value.message) == ("3♥ and 5♥ are both red: two cards must be one red and one "
                                    "black")
    with pytest.raises(RuleViolation) as caught:
        check_match(standard, "6c", ["5s", "3h"])
    assert "make 2 or 8" in caught.value.message and "6♣ needs 6" in caught.value.message
    with pytest.raises(RuleViolation) as caught:
        check_match(Settings(ace_eleven=True), "Ac", ["5s", "7h"])
    assert "needs 1 or 11" in caught.value.message


def test_match_through_the_engine():
    table = dealt()
    assert "both red" in table.reject("ROPE-MATCH-2", "match", cards=["5h", "4d"])
    table.reject("ROPE-MATCH-1", "match", cards=["Qh"])
    table.do("match", cards=["5s", "4d"])      # 9♣ = 5 + 4, one black and one red
    table.do("reveal", card="2d")
    table.do("match", cards=["8d"])
    table.do("reveal", card="7c")
    table.do("end_turn")
    v = table.view
    assert v["positions"] == {"Ann": 0, "Ben": 2}
    assert v["matched"]["Ben"] == [[0, ["5s", "4d"]], [1, ["8d"]]]
    assert v["hands"]["Ben"] == 4


def test_match_6_row_cards_in_order_each_player_their_own():
    table = dealt()
    table.do("match", cards=["9h"], row_index=0)
    table.do("reveal", card="2d")
    message = table.reject("ROPE-MATCH-6", "match", cards=["JK"], row_index=2)
    assert "must match 8♥ (row card 2) next" in message
    table.do("match", cards=["8d"])
    table.do("reveal", card="7c")
    table.do("end_turn")
    # Ann starts from the left, and may use other cards on the same row cards
    table.reject("ROPE-MATCH-6", "match", cards=["JK"], row_index=2)
    table.do("match", cards=["9s"], row_index=0)
    assert table.view["pending_reveals"] == 0       # Ben had reached it: nothing turns up
    table.do("match", cards=["5c", "3d"])
    table.do("end_turn")
    v = table.view
    assert v["positions"] == {"Ann": 2, "Ben": 2}
    assert v["matched"]["Ann"][0] == [0, ["9s"]] and v["matched"]["Ben"][0] == [0, ["9h"]]
    assert v["next_card"] == {"Ann": "JK", "Ben": "JK"}


# --- ROPE-TURN ---------------------------------------------------------------------------------

def test_turn_1_draw_first_then_match():
    table = dealt()
    table.draw("discard", "3s")
    assert table.view["known_hand_cards"]["Ben"] == ["3s"]
    assert table.view["discard_top"] is None
    assert "already drawn" in table.reject("ROPE-TURN-1", "draw", **{"from": "stock"})
    table.do("match", cards=["6d", "3s"])       # the drawn card plays at once
    assert table.view["known_hand_cards"]["Ben"] == []
    table.do("reveal", card="2d")
    table.do("end_turn")
    table.do("match", cards=["9h"])
    assert "a draw comes first" in table.reject("ROPE-TURN-1", "draw", **{"from": "stock"})


def test_turn_1_a_turn_is_a_match_or_a_draw():
    table = dealt()
    message = table.reject("ROPE-TURN-1", "end_turn")
    assert "draw from the stock (29 left) or take 3♠ from the discard pile" in message
    assert "end_turn" not in table.view["legal"]
    assert "is 3♠, not 4♠" in table.reject("ROPE-TURN-1", "draw", **{"from": "discard",
                                                                       "card": "4s"})


def test_turn_2_two_row_cards_at_most():
    table = dealt()
    table.do("match", cards=["9h"])
    table.do("reveal", card="2d")
    table.do("match", cards=["8d"])
    table.do("reveal", card="7c")
    assert "match" not in table.view["legal"]
    assert "two row cards" in table.reject("ROPE-TURN-2", "match", cards=["Ks"])
    table.do("end_turn")


def test_turn_3_hand_limit():
    table = dealt()
    table.draw("stock")
    assert table.view["hands"]["Ben"] == 8
    assert "end_turn" not in table.view["legal"]
    assert "must match or discard" in table.reject("ROPE-TURN-3", "end_turn")
    table.do("discard", card="2c")
    v = table.view
    assert v["turn"] == "Ann" and v["hands"]["Ben"] == 7 and v["discard_top"] == "2c"
    assert "only in exchange for a drawn card" in table.reject("ROPE-TURN-3", "discard", card="Kc")
    # after drawing a player may match instead of discarding
    table.draw("stock", "5d")
    table.reject("ROPE-TURN-3", "end_turn")
    table.do("match", cards=["9s"])
    table.do("reveal", card="6h")
    table.do("end_turn")
    assert table.view["hands"]["Ann"] == 7


def test_turn_4_no_refill():
    table = dealt()
    table.draw("discard")
    table.do("discard", card="2c")
    table.draw("discard")
    table.do("match", cards=["9h"])             # Ann keeps 2♣, holds 7
    table.do("reveal", card="4d")
    table.do("end_turn")
    message = table.reject("ROPE-TURN-4", "draw", **{"from": "discard"})
    assert "empty and is not refilled; draw from the stock (29 left)" in message
    table.do("match", cards=["9s"])
    table.do("end_turn")
    assert table.view["hands"] == {"Ann": 7, "Ben": 6}


def burn_stock(table: Table, rng: random.Random) -> None:
    """Both players draw from the stock and discard unseen cards until the stock is gone."""
    v = table.view
    seen = {c for c in v["row"] if c} | set(v["discard_pile"])
    fresh = [str(c) for c in standard_deck(jokers=0) if str(c) not in seen]
    rng.shuffle(fresh)
    while table.view["stock"]:
        table.draw("stock")
        table.do("discard", card=fresh.pop())


def test_turn_4_empty_stock():
    table = dealt({"jokers": False, "row_length": 12}, row=["9c", "8h", "7d", "Jd"])
    burn_stock(table, random.Random(4))
    assert table.view["stock"] == 0 and len(table.view["discard_pile"]) == 26
    assert "stock is used up" in table.reject("ROPE-TURN-4", "draw", **{"from": "stock"})
    table.draw("discard")


def test_turn_5_reveals():
    table = dealt()
    table.do("match", cards=["9h"])
    v = table.view
    assert v["phase"] == "reveal" and v["pending_reveals"] == 1 and v["legal"] == ["reveal"]
    assert v["face_up"] == 4
    assert "turn up row card 5" in table.reject("ROPE-TURN-5", "match", cards=["8d"])
    table.reject("ROPE-TURN-5", "stalemate")
    table.do("reveal", card="4d", player="Ann")   # whoever turns it up
    assert table.view["face_up"] == 5 and table.view["row"][4] == "4d"
    assert "no row card is waiting" in table.reject("ROPE-TURN-5", "reveal", card="5d")
    table.do("end_turn")
    table.draw("stock")
    table.do("match", cards=["9s"])                 # reached already: nothing turns up
    assert table.view["pending_reveals"] == 0
    table.do("discard", card="Kd")


def test_turn_5_everything_face_up():
    table = dealt({"row_length": 7, "exposed": 7}, row=["2c", "3c", "4c", "5c", "6c", "7c", "8c"])
    table.do("match", cards=["2h"])
    assert table.view["phase"] == "play" and table.view["pending_reveals"] == 0


def short_game(settings: dict | None = None) -> Table:
    table = dealt({"row_length": 7, "exposed": 7, **(settings or {})},
                  row=["2c", "3c", "4c", "5c", "6c", "7c", "8c"])
    for pair in (("2h", "3h"), ("4h", "5h"), ("6h", "7h")):
        for card in pair:
            table.do("match", cards=[card])
        table.do("end_turn")
        table.draw("stock")
        table.do("discard", card=f"{pair[0][0]}s")
    return table


def test_turn_6_first_across_wins():
    table = short_game()
    table.do("match", cards=["8h"])
    v = table.view
    assert v["winner"] == "Ben" and v["tie"] is None
    assert v["phase"] == "over" and v["deal_over"] and v["legal"] == ["deal"]
    assert v["scores"] == {"Ann": 0, "Ben": 1} and v["deal_scores"] == {"Ann": 0, "Ben": 1}
    record = v["history"][-1]
    assert record["winner"] == "Ben" and record["turns"] == {"Ann": 3, "Ben": 4}
    assert [m["row_index"] for m in record["matches"]] == list(range(7))
    assert record["matches"][-1] == {"player": "Ben", "row_index": 6, "cards": ["8h"], "turn": 7}
    assert "Ben matched the last row card" in table.reject("ROPE-TURN-6", "match", cards=["2d"])
    table.deal(["2c", "3c", "4c", "5c", "6c", "7c", "8c"], "9c")
    assert table.view["deal"] == 1 and table.view["winner"] is None


def test_turn_6_target_wins_ends_the_match():
    table = short_game({"target_wins": 1})
    table.do("match", cards=["8h"])
    v = table.view
    assert v["phase"] == "match_over" and v["match_over"] and v["legal"] == []
    assert "Ben has 1 win, the target" in table.reject("ROPE-TURN-6", "deal", row=ROW, discard="3s")


def pass_stalemate(last: str = "4d") -> Table:
    """Both players match eleven of twelve row cards, drawing every card of both piles on
    the way. With 4♦ last, what is left in the hands is ten of the twelve court cards, the
    10♠ and one number card: neither can go on, and each passes."""
    rows = ["2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "10c", "2d", "3d", last]
    table = dealt({"jokers": False, "row_length": 12, "exposed": 10, "combo": "simpler"},
                  row=rows[:10], discard="10s")
    settings = table.settings
    pool = [c for c in standard_deck(jokers=0) if str(c) not in rows and str(c) != "10s"
            and c.rank not in "JQK"]

    def play(row_card: str, size: int):
        for cards in (combo for i, a in enumerate(pool) for combo in
                      ([(a,)] if size == 1 else [(a, b) for b in pool[i + 1:]])):
            try:
                check_match(settings, row_card, cards)
            except RuleViolation:
                continue
            for card in cards:
                pool.remove(card)
            table.do("match", cards=[str(c) for c in cards])
            while table.view["pending_reveals"]:
                table.do("reveal", card=rows[table.view["face_up"]])
            return
        raise AssertionError(f"no {size} cards left for {row_card}")

    for turn in range(13):
        for _seat in range(2):
            table.draw("stock" if table.view["stock"] else "discard")
            if turn < 11:
                play(rows[turn], 2 if turn >= 9 else 1)
            table.do("end_turn")
    v = table.view
    assert v["stock"] == 0 and v["discard_pile"] == []
    assert v["positions"] == {"Ann": 11, "Ben": 11} and v["hands"] == {"Ann": 7, "Ben": 7}
    return table


def test_turn_7_two_passes_in_a_row_tie():
    table = pass_stalemate()
    assert table.view["legal"] == ["match", "end_turn", "stalemate"]
    table.do("end_turn")                    # Ben passes
    assert table.view["phase"] == "play" and table.view["turn"] == "Ann"
    found = table.do("end_turn")            # Ann passes too
    assert [f.rule for f in found] == ["ROPE-TURN-7"]
    v = table.view
    assert v["tie"] == "stalemate" and v["winner"] is None and v["ties"] == 1
    assert v["history"][-1]["rule"] == "ROPE-TURN-7"
    assert v["deal_scores"] == {"Ann": 0, "Ben": 0}
    assert "both players passed" in table.reject("ROPE-TURN-7", "end_turn")


def test_turn_7_a_pass_then_a_turn_with_a_match():
    table = pass_stalemate(last="Kd")
    table.do("end_turn")                    # Ben passes
    table.do("match", cards=["Ks"])         # Ann has a king after all, and wins
    assert table.view["winner"] == "Ann" and table.view["history"][-1]["rule"] is None


# --- ROPE-TIE ---------------------------------------------------------------------------------

@pytest.mark.parametrize("settings, row, tie", [
    ({}, ["Kc", "Kd", "Kh", "Ks"], True),
    ({}, ["Kc", "Kd", "Kh", "5s"], False),        # 1 king and 2 jokers remain for 3 kings
    ({}, ["Kc", "Kd", "Kh", "JK"], True),         # only 1 joker remains
    ({"jokers": False}, ["Kc", "Kd", "Kh", "5s"], True),
    ({"exposed": 6}, ["Kc", "Kd", "Kh", "Qc", "Qd", "Qh"], True),
    ({"exposed": 6}, ["Kc", "Kd", "Kh", "Qc", "Qd", "5h"], False),
    ({"courts_ten": True}, ["Kc", "Kd", "Kh", "Ks"], False),
])
def test_tie_1_unbeatable_row_at_the_deal(settings, row, tie):
    table = dealt(settings, row=row)
    v = table.view
    assert (v["tie"] == "unbeatable") is tie
    assert bool(unbeatable(table.settings, [Card.parse(c) for c in row])) is tie
    if tie:
        assert v["phase"] == "over" and v["history"][-1]["rule"] == "ROPE-TIE-1"
        assert [f.rule for f in table.findings] == ["ROPE-TIE-1"]
        table.reject("ROPE-TIE-1", "draw", **{"from": "stock"})


def test_tie_1_message_explains_the_count():
    table = dealt(row=["Kc", "Kd", "Kh", "Ks"])
    assert str(table.findings[0].message) == (
        "game 1 is a tie — unbeatable row: 4 kings in the row need 4 matching cards and no other king is "
        "left, so 4 jokers would be needed, but only 2 jokers are left outside the row and the "
        "matched piles")


def test_tie_1_unbeatable_when_a_card_turns_up():
    table = dealt(row=["Kc", "Kd", "Kh", "5c"])
    table.do("match", cards=["JK"])
    found = table.do("reveal", card="Ks")
    assert [f.rule for f in found] == ["ROPE-TIE-1"]
    # Ben is past K♣: three kings lie ahead of him, and the joker he matched with is gone.
    assert str(found[0].message) == (
        "game 1 is a tie — unbeatable row: 3 kings still ahead of Ben need 3 matching cards and no other "
        "king is left, so 3 jokers would be needed, but only 1 joker is left outside the row and "
        "the matched piles")
    assert table.view["tie"] == "unbeatable"
    assert table.view["history"][-1]["turns"] == {"Ann": 0, "Ben": 1}


def test_ROPE_TIE_1_matched_jokers_are_gone():
    table = dealt(row=["2h", "3h", "Kc", "Kd"])
    table.do("match", cards=["JK"])                  # Ben
    table.do("reveal", card="9s")
    table.do("end_turn")
    table.do("match", cards=["JK"])                  # Ann: both jokers are matched now
    table.do("end_turn")
    table.do("match", cards=["3c"])                  # Ben
    found = table.do("reveal", card="Kh")
    assert [f.rule for f in found] == ["ROPE-TIE-1"]
    assert str(found[0].message) == (
        "game 1 is a tie — unbeatable row: 3 kings in the row need 3 matching cards and only 1 other king "
        "is left, so 2 jokers would be needed, but no joker is left outside the row and the "
        "matched piles")
    v = table.view
    assert v["tie"] == "unbeatable" and v["phase"] == "over" and v["history"][-1]["rule"] == "ROPE-TIE-1"


def test_ROPE_TIE_1_matched_kings_are_gone_and_so_is_the_need_for_them():
    # K♠ matched on K♣ is gone, but Ben needs nothing more for K♣: two kings lie ahead of him
    # and two jokers are left, so he can still cross.
    table = dealt(row=["Kc", "Kd", "Kh", "5c"])
    assert table.do("match", cards=["Ks"]) == ()
    table.do("reveal", card="6c")
    assert table.view["tie"] is None
    assert unbeatable(table.settings, [Card.parse(c) for c in ("Kc", "Kd", "Kh", "5c", "6c")],
                      matched=[Card.parse("Ks")], furthest=1, leaders=["Ben"]) is None
    # A match that uses up what the row needs makes it unbeatable at once: with K♠ matched
    # and Ann's joker on K♣, one joker is left for the two kings ahead of Ben.
    table.do("end_turn")
    found = table.do("match", cards=["JK"])
    assert [f.rule for f in found] == ["ROPE-TIE-1"]
    assert "2 kings still ahead of Ann and Ben need 2 matching cards" in found[0].message
    assert table.view["tie"] == "unbeatable"


def test_tie_2_declared_stalemate():
    table = dealt()
    table.draw("stock")
    found = table.do("stalemate", player="Ann")
    assert [f.rule for f in found] == ["ROPE-TIE-2"]
    v = table.view
    assert v["tie"] == "stalemate" and v["history"][-1]["reason"] == \
        "Ann and Ben declared a stalemate"
    assert "declared a stalemate" in table.reject("ROPE-TIE-2", "stalemate")


def test_tie_2_one_player_stuck_for_good():
    # Ben passes both queens with the other two: every queen is in the row or matched, and Ann
    # still stands on Q♣. Ben is past every court card, so the row itself is not unbeatable.
    table = dealt({"jokers": False}, row=["Qc", "Qd", "5c", "9c"], discard="Qh")
    table.draw("discard")
    table.do("match", cards=["Qh"])
    table.do("reveal", card="2d")
    assert table.do("match", cards=["Qs"]) == ()
    found = table.do("reveal", card="3d")
    assert [f.rule for f in found] == ["ROPE-TIE-2"]
    assert str(found[0].message) == ("Ann is stuck for good on Q♣: all four queens are in the row or in the "
                                     "matched piles")
    v = table.view
    assert v["stuck"] == {"Ann": True, "Ben": False} and v["phase"] == "play"
    table.do("end_turn")
    table.draw("stock")
    assert table.do("discard", card="4h") == ()      # reported once
    assert table.view["stuck"] == {"Ann": True, "Ben": False}


def kings_buried(last_discard: str = "2h") -> Table:
    """No jokers; both players stand on K♣ holding seven cards; K♦, K♥ and K♠ go on the
    discard pile, the last one covered by ``last_discard``."""
    table = dealt({"jokers": False}, row=["Kc", "5c", "6c", "7c"], discard="Kd")
    table.draw("stock")
    table.do("discard", card="Kh")
    table.draw("stock")
    assert table.do("discard", card="Ks") == ()      # K♠ on top can still be drawn
    table.draw("stock")
    table.findings.clear()
    table.do("discard", card=last_discard)
    return table


def test_ROPE_TIE_2_buried_cards_are_gone_when_no_player_can_keep_a_drawn_card():
    # Both hold seven and neither can match: whatever either draws must go back on the pile,
    # so the kings under the top can never be dug out.
    table = kings_buried()
    assert [f.rule for f in table.findings] == ["ROPE-TIE-2"] * 3
    assert str(table.findings[0].message) == (
        "Ann is stuck for good on K♣: all four kings are in the row or buried in the discard pile, "
        "and neither player can keep a drawn card to dig them out")
    assert "Ben is stuck for good on K♣" in table.findings[1].message
    v = table.view
    assert v["tie"] == "stalemate" and v["history"][-1]["rule"] == "ROPE-TIE-2"
    assert "both players are stuck" in v["history"][-1]["reason"]


def test_ROPE_TIE_2_a_card_under_the_discard_top_can_be_dug_out():
    table = Table(players=("Dee", "Non"))            # Dee deals, Non opens
    table.deal(row=["5d", "6d", "Ks", "Kc"], discard="2c")
    table.do("match", cards=["5c"])
    table.do("reveal", card="JK")
    table.do("match", cards=["6c"])
    table.do("reveal", card="9h")
    table.do("end_turn")
    table.do("match", cards=["5s"])
    table.do("match", cards=["6s"])
    table.do("end_turn")
    for card in ("Kd", "Kh", "JK"):
        table.draw("stock", card)
        table.do("discard", card=card)
    table.draw("stock")
    found = table.do("discard", card="7c")
    # K♦, K♥ and a joker lie under 7♣, and both players hold five cards: not stuck, no tie.
    assert found == ()
    v = table.view
    assert v["phase"] == "play" and v["tie"] is None and v["stuck"] == {"Dee": False, "Non": False}
    assert v["hands"] == {"Dee": 5, "Non": 5}
    # Non takes 7♣ and keeps it; Dee takes the joker and matches K♠ with it.
    table.draw("discard", "7c", player="Non")
    table.do("end_turn", player="Non")
    table.draw("discard", "JK", player="Dee")
    table.do("match", cards=["JK"], player="Dee")
    v = table.view
    assert v["positions"] == {"Dee": 3, "Non": 2} and v["matched"]["Dee"][-1] == [2, ["JK"]]
    assert v["phase"] == "reveal" and v["tie"] is None


# --- ROPE-VARIANT ------------------------------------------------------------------------------

def test_variant_1_row_length_exposed_jokers_one_step():
    table = dealt({"row_length": 7, "exposed": 1, "jokers": False, "one_step": True},
                  row=["9c"])
    v = table.view
    assert len(v["row"]) == 7 and v["face_up"] == 1 and v["stock"] == 52 - 7 - 14 - 1
    assert "without jokers" in table.reject("ROPE-VARIANT-1", "match", cards=["JK"])
    table.do("match", cards=["9h"])
    table.do("reveal", card="5c")
    assert "one step at a time" in table.reject("ROPE-VARIANT-1", "match", cards=["5h"])
    assert "match" not in table.view["legal"]
    table.do("end_turn")
    Table({"jokers": False}).reject("ROPE-VARIANT-1", "deal", row=["JK", "2c", "3c", "4c"],
                                    discard="5c")


@pytest.mark.parametrize("settings, row_card, good, bad, rule", [
    ({"combo": "harder"}, "7c", ["5s", "2s"], ["5s", "2h"], "ROPE-VARIANT-2"),
    ({"combo": "simpler"}, "9c", ["4h", "5h"], ["4h", "6h"], "ROPE-VARIANT-3"),
    ({"ace_eleven": True}, "Ac", ["4s", "7h"], ["5s", "7h"], "ROPE-VARIANT-4"),
    ({"courts_ten": True}, "Kc", ["Jh"], ["9h"], "ROPE-VARIANT-5"),
])
def test_variants_2_to_5_through_the_engine(settings, row_card, good, bad, rule):
    table = dealt(settings, row=[row_card, "2c", "3c", "4c"])
    table.reject(rule, "match", cards=bad)
    table.do("match", cards=good)
    assert table.view["positions"]["Ben"] == 1


# --- quick mode ---------------------------------------------------------------------------------

def test_quick_mode():
    table = Table({"target_wins": 2}, mode="quick")
    v = table.view
    assert v["phase"] == "deal" and v["legal"] == ["quick"] and v["dealer"] == "Ann"
    table.reject("ACTION", "deal", row=ROW, discard="3s")
    with pytest.raises(InvalidAction):
        apply(GAME, table.state, {"type": "quick", "winner": "Ann", "tie": "stalemate"}, 9)
    with pytest.raises(InvalidAction):
        apply(GAME, table.state, {"type": "quick"}, 9)
    with pytest.raises(InvalidAction):
        apply(GAME, table.state, {"type": "quick", "winner": "Cy"}, 9)
    with pytest.raises(InvalidAction):
        apply(GAME, table.state, {"type": "quick", "tie": "boredom"}, 9)
    table.do("quick", winner="Ben")
    table.do("quick", tie="unbeatable", winner=None)
    table.do("quick", tie="stalemate")
    # As play mode shows a finished game: game 3 (deal 2), dealt by Ann; Ben deals the next.
    assert table.view["dealer"] == "Ann" and table.view["deal"] == 2 and table.view["next_dealer"] == "Ben"
    table.do("quick", winner="Ben")
    v = table.view
    assert v["match_over"] and v["scores"] == {"Ann": 0, "Ben": 2} and v["ties"] == 2
    assert [h["dealer"] for h in v["history"]] == ["Ann", "Ben", "Ann", "Ben"]
    assert [h["scores"] for h in v["history"]][:2] == [{"Ann": 0, "Ben": 1}, {"Ann": 0, "Ben": 0}]
    assert v["history"][1]["tie"] == "unbeatable"
    table.reject("ROPE-TURN-6", "quick", winner="Ann")


def test_quick_only_in_quick_mode():
    Table().reject("ACTION", "quick", winner="Ann")


# --- input, view, replay ------------------------------------------------------------------------

def test_malformed_actions():
    table = dealt()
    for action, rule in [
        ({"type": "fly"}, "ACTION"),
        ({"type": "match", "cards": ["9x"]}, "CARD"),
        ({"type": "match", "cards": []}, "ACTION"),
        ({"type": "match", "cards": ["9h", "2c", "3s"]}, "ACTION"),
        ({"type": "draw", "from": "sky"}, "ACTION"),
        ({"type": "match", "cards": ["9h"], "row_index": "first"}, "ACTION"),
        ({"type": "match", "cards": ["9h"], "player": "Cy"}, "ACTION"),
    ]:
        with pytest.raises(InvalidAction) as caught:
            apply(GAME, table.state, action, 5)
        assert caught.value.rule == rule


def test_view_keys_and_hidden_cards():
    table = Table()
    before = table.view
    assert before["row"] == [None] * 10 and before["turn"] is None
    table.deal()
    table.draw("stock")                          # an unseen card: shown nowhere
    v = table.view
    json.dumps(v, default=list)  # the rows rendered where read (referee.rendered.Rows) are lists
    for key in ("game", "mode", "players", "deal", "phase", "turn", "dealer", "deal_over",
                "match_over", "scores", "deal_scores", "findings", "settings", "row",
                "positions", "pending_reveals", "discard_top", "stock", "hands", "winner",
                "tie", "legal", "turn_state", "matched", "discard_pile", "known_hand_cards",
                "wins", "ties", "history"):
        assert key in v, key
    assert v["known_hand_cards"] == {"Ann": [], "Ben": []}
    assert v["turn_state"] == {"drawn": True, "matches": 0}
    assert v["legal"] == ["match", "discard", "stalemate"]
    assert v["row"] == ROW + [None] * 6
    assert cards_in(v) == set(ROW) | {"3s"}


def cards_in(value) -> set[str]:
    """Every string anywhere in a view that reads as a card."""
    if isinstance(value, dict):
        return set().union(*map(cards_in, value.values()), *map(cards_in, value.keys()))
    if isinstance(value, list):
        return set().union(*map(cards_in, value))
    if isinstance(value, str) and len(value) <= 3:
        try:
            return {str(Card.parse(value))}
        except RuleViolation:
            return set()
    return set()


def test_replay_and_no_mutation():
    from tests.engine.test_ropebridge_playthrough import Stats
    from tests.engine.test_ropebridge_playthrough import Table as SimTable

    rng = random.Random(77)
    sim = SimTable(rng, {"row_length": 8, "exposed": 3}, Stats())
    for _ in range(4):
        sim.play_game()
    assert len(sim.numbered) > 50
    settings, state = new_match(GAME, ["Ann", "Ben"], {"row_length": 8, "exposed": 3}, "play")
    for seq, action in sim.numbered:
        before_view = GAME.view(state)
        before_bytes = pickle.dumps(state)
        new_state, _ = apply(GAME, state, action, seq)
        assert GAME.view(state) == before_view and pickle.dumps(state) == before_bytes
        state = new_state
    assert GAME.view(state) == sim.view
    assert pickle.loads(pickle.dumps(state)) == state
    assert GAME.view(pickle.loads(pickle.dumps(state))) == sim.view


# --- the rules page -----------------------------------------------------------------------------

def test_rulebook_covers_every_rule_id():
    rules = book("ropebridge")
    assert rules is not None and rules.game == "ropebridge"
    assert sorted(rules.ids()) == sorted(ALL_IDS)
    assert all(rules.rule(i).text for i in ALL_IDS)
    assert len(rules.decisions) >= 5
    source = Path(ropebridge_engine.__file__).read_text()
    # every rule id is written out in full where it is enforced, so grep finds it
    raised = set(re.findall(r'"(ROPE-[A-Z]+-\d+)"', source))
    assert raised <= set(ALL_IDS) and len(raised) == len(ALL_IDS)
