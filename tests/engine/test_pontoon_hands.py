"""Pontoon: card values, hand classes and ranking, the settlement table, the settle-up."""
from __future__ import annotations

import itertools
import random

import pytest

from referee.cards import parse_cards
from referee.errors import IllegalAction
from referee.games.pontoon import hands as H
from referee.games.pontoon.hands import HandClass, classify
from referee.games.pontoon.ledger import settle_up
from referee.games.pontoon.settle import settle


def cls(text: str, **kw) -> HandClass:
    return classify(parse_cards(text.split()), **kw)


# --- HAND-1: values -------------------------------------------------------------------------

@pytest.mark.parametrize("text, low, best", [
    ("As", 1, 11), ("Ks Qh", 20, 20), ("Jd 10c", 20, 20), ("9h 7c", 16, 16),
    ("Ah 9s", 10, 20), ("Ah As", 2, 12), ("Ah As 9c", 11, 21), ("Ah Kd 5c", 16, 16),
    ("2c 3d", 5, 5), ("Kc Qd 5h", 25, 25),
])
def test_hand_1_an_ace_counts_one_or_eleven_and_pictures_ten(text, low, best):
    cards = parse_cards(text.split())
    assert H.low_total(cards) == low
    assert H.best_total(cards) == best


# --- HAND-2: classes --------------------------------------------------------------------------

@pytest.mark.parametrize("text, kind, total", [
    ("As Kd", H.PONTOON, 21), ("10h Ac", H.PONTOON, 21),
    ("7c 3d 4h 2s 2c", H.FIVE_CARD_TRICK, 18), ("Ac 2d 3h 4s 5c", H.FIVE_CARD_TRICK, 15),
    ("9c 8d 4h", H.TWENTY_ONE, 21), ("5c 6d Ks", H.TWENTY_ONE, 21), ("Ac 5d 5h", H.TWENTY_ONE, 21),
    ("9c Ad", H.TOTAL, 20), ("2c 2d", H.TOTAL, 4), ("Kc 6d 9h", H.BUST, 25),
    ("Kc 6d 4h 2s 3c", H.BUST, 25),
])
def test_hand_2_classes(text, kind, total):
    found = cls(text)
    assert (found.kind, found.total) == (kind, total)


def test_hand_2_order_best_first():
    order = [cls("As Jd"), cls("2c 3d 4h 2s 5c"), cls("7c 7d 7h"), cls("Kc Qd"), cls("Kc 9d"),
             cls("2c 2d"), cls("Kc Qd 5h")]
    for better, worse in zip(order, order[1:]):
        assert better.beats(worse) and not worse.beats(better)
    # Card count does not matter below a five card trick (SETTLE-3).
    assert cls("Kc 9d").key == cls("2c 3d 4h Kc").key


def test_hand_4_worked_example():
    pontoon, trick, twenty_one, twenty = (cls("As Jh"), cls("7c 3d 4h 2s 2c"), cls("9c 8d 4h"),
                                          cls("9s Ad"))
    assert pontoon.beats(trick) and trick.beats(twenty_one) and twenty_one.beats(twenty)
    assert [c.kind for c in (pontoon, trick, twenty_one, twenty)] == \
        [H.PONTOON, H.FIVE_CARD_TRICK, H.TWENTY_ONE, H.TOTAL]


def test_hand_3_equal_hands_go_to_the_banker():
    for player, banker in (("Kc 9d", "9h Qs"), ("2c 3d 4h 2s 5c", "Ac 2d 3h 4s 5c"),
                           ("9c 8d 4h", "5c 6d Ks")):
        outcome = settle(cls(player), cls(banker, banker=True))
        assert not outcome.win and "ties go to the banker" in outcome.why


# --- VARIANT-6 and VARIANT-7 classes -------------------------------------------------------------

def test_variant_6_royal_pontoon_only_for_players_and_only_when_played():
    assert cls("7c 7d 7h", royal=True).kind == H.ROYAL_PONTOON
    assert cls("7c 7d 7h", royal=False).kind == H.TWENTY_ONE
    assert cls("7c 7d 7h", royal=True, banker=True).kind == H.TWENTY_ONE
    royal = cls("7c 7d 7h", royal=True)
    assert royal.beats(cls("As Kd")) and royal.beats(cls("2c 3d 4h 2s 5c"))
    assert settle(royal, cls("As Kd", banker=True)).multiplier == 3


@pytest.mark.parametrize("ranking, a_ten, a_jack, a_queen, a_king", [
    ("equal", (H.PONTOON, 0), (H.PONTOON, 0), (H.PONTOON, 0), (H.PONTOON, 0)),
    ("picture_beats_ten", (H.PONTOON, 0), (H.PONTOON, 1), (H.PONTOON, 1), (H.PONTOON, 1)),
    ("ace_ten_is_21", (H.TWENTY_ONE, 0), (H.PONTOON, 0), (H.PONTOON, 0), (H.PONTOON, 0)),
    ("natural", (H.PONTOON, 0), (H.PONTOON, 0), (H.PONTOON, 1), (H.PONTOON, 1)),
])
def test_variant_7_pontoon_rankings(ranking, a_ten, a_jack, a_queen, a_king):
    for text, (kind, tier) in (("As 10d", a_ten), ("As Jd", a_jack), ("As Qd", a_queen),
                               ("As Kd", a_king)):
        found = cls(text, ranking=ranking)
        assert found.kind == kind
        if kind == H.PONTOON:
            assert found.tier == tier
    if ranking == "ace_ten_is_21":
        # An ordinary 21 in two cards ranks with 21 in three.
        assert cls("As 10d", ranking=ranking).key == cls("9c 8d 4h").key


def test_variant_8_only_a_hard_total_burns():
    assert H.can_burn(parse_cards(["6c", "7d"]), 13)
    assert H.can_burn(parse_cards(["10c", "3d"]), 13)
    assert not H.can_burn(parse_cards(["Ac", "2d"]), 13)        # soft 13
    assert not H.can_burn(parse_cards(["6c", "7d"]), 14)
    assert H.can_burn(parse_cards(["7c", "7d"]), 14)
    assert not H.can_burn(parse_cards(["Ac", "3d"]), 14)
    assert not H.can_burn(parse_cards(["6c", "7d"]), 0)


# --- the settlement table (SETTLE-2..4, VARIANT-3, VARIANT-4, DEAL-2) ---------------------------

PLAYER_HANDS = {
    "bust": "Kc 6d 9h", "14": "Kc 4d", "15": "Kc 5d", "16": "Kc 6d", "17": "Kc 7d",
    "18": "Kc 8d", "19": "Kc 9d", "20": "Kc Qd", "21 (3 cards)": "9c 8d 4h",
    "five card trick": "2c 3d 4h 2s 5c", "pontoon": "As Kd", "royal": "7c 7d 7h",
}
BANKER_HANDS = {
    "bust": "Kh 6s 9c", "15": "Kh 5s", "16": "Kh 6s", "17": "Kh 7s", "18": "Kh 8s",
    "19": "Kh 9s", "20": "Kh Qs", "21": "9h 8s 4c", "five card trick": "2h 3s 4c 2d 6h",
    "pontoon": "Ah Ks",
}


def expected(player: str, banker: str, doubled: bool, pays: int, collects: int) -> tuple[bool, int]:
    """The spec, read rule by rule, independent of the engine's code."""
    ordinary = 2 if doubled else 1
    special = {"pontoon": max(pays, ordinary), "five card trick": 2, "royal": 3}
    win_rate = special.get(player, ordinary)
    if player == "bust":
        return False, ordinary                                   # TURN-6
    if player == "royal":
        return True, 3                                           # VARIANT-6
    if banker == "bust":
        return True, win_rate                                    # SETTLE-2
    if banker == "pontoon":
        return False, max(collects, ordinary)                    # DEAL-2, VARIANT-4
    if banker == "five card trick":
        if player == "pontoon":
            return True, win_rate                                # SETTLE-4
        return False, 2
    if player in ("pontoon", "five card trick"):
        return True, win_rate                                    # SETTLE-3
    player_total = 21 if player.startswith("21") else int(player)
    if player_total > int(banker):
        return True, ordinary
    return False, ordinary                                       # HAND-3


@pytest.mark.parametrize("doubled, pays, collects", [
    (False, 2, 2), (True, 2, 2), (False, 1, 2), (False, 3, 1), (True, 1, 1), (True, 3, 2),
])
def test_settlement_table_every_player_class_against_every_banker_result(doubled, pays, collects):
    for (pname, ptext), (bname, btext) in itertools.product(PLAYER_HANDS.items(), BANKER_HANDS.items()):
        player = cls(ptext, royal=True)
        banker = cls(btext, royal=True, banker=True)
        outcome = settle(player, banker, pontoon_pays=pays, banker_pontoon_collects=collects,
                         doubled=doubled)
        assert (outcome.win, outcome.multiplier) == expected(pname, bname, doubled, pays, collects), \
            (pname, bname, outcome)
        assert outcome.why


@pytest.mark.parametrize("player, banker, win, rate, words", [
    ("Kc 9d", "Kh 8s", True, 1, "19 beats the banker's 18, paid single"),
    ("Kc 8d", "Kh 8s", False, 1, "ties go to the banker"),
    ("9c 8d 4h", "9h 8s 4c", False, 1, "21 ties the banker's 21"),
    ("As Kd", "9h 8s 4c", True, 2, "pontoon beats the banker's 21, paid double"),
    ("2c 3d 4h 2s 5c", "Kh 9s", True, 2, "five card trick beats the banker's 19, paid double"),
    ("2c 3d 4h 2s 5c", "2h 3s 4c 2d 6h", False, 2, "five card trick ties"),
    ("Kc 9d", "2h 3s 4c 2d 6h", False, 2, "19 loses to the banker's five card trick"),
    ("As Kd", "2h 3s 4c 2d 6h", True, 2, "pontoon beats"),
    ("Kc 5d", "Kh 6s 9c", True, 1, "the banker is bust"),
    ("Kc 6d 9h", "Kh 6s 9c", False, 1, "bust (25)"),
])
def test_settlement_examples_read_well(player, banker, win, rate, words):
    outcome = settle(cls(player), cls(banker, banker=True))
    assert (outcome.win, outcome.multiplier) == (win, rate)
    assert words in outcome.why


# --- LEDGER-3: settle-up ---------------------------------------------------------------------

def brute_force_fewest(net: dict[str, int]) -> int:
    """Fewest transfers by trying ever more transfers (independent of the engine's method)."""
    people = [n for n, v in net.items() if v]
    if not people:
        return 0
    # n people need n - k transfers, where k is the most disjoint zero-sum groups.
    best = 1
    values = [net[p] for p in people]

    def groups(rest: list[int]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        top = 0
        for size in range(0, len(others) + 1):
            for combo in itertools.combinations(range(len(others)), size):
                if first + sum(others[i] for i in combo) == 0:
                    remaining = [others[i] for i in range(len(others)) if i not in combo]
                    top = max(top, 1 + groups(remaining))
        return top

    best = groups(values)
    return len(people) - best


def apply_transfers(net: dict[str, int], transfers) -> dict[str, int]:
    left = dict(net)
    for frm, to, amount in transfers:
        assert amount > 0 and frm != to
        left[frm] += amount
        left[to] -= amount
    return left


def test_ledger_3_settle_up_clears_every_position_with_the_fewest_transfers():
    rng = random.Random(7)
    for _ in range(300):
        n = rng.randint(2, 8)
        names = [f"P{i}" for i in range(n)]
        values = [rng.choice([0, 5, 10, 15, 20, 25, 40]) * rng.choice([1, -1]) for _ in range(n - 1)]
        values.append(-sum(values))
        net = dict(zip(names, values))
        transfers = settle_up(net)
        assert all(v == 0 for v in apply_transfers(net, transfers).values())
        assert len(transfers) == brute_force_fewest(net)


def test_ledger_3_settle_up_pairs_equal_amounts_directly():
    net = {"Ann": 30, "Ben": -10, "Cy": 10, "Dee": -30}
    transfers = settle_up(net)
    assert sorted(transfers) == [("Ben", "Cy", 10), ("Dee", "Ann", 30)]
    assert settle_up({"Ann": 0, "Ben": 0}) == []


def test_ledger_3_settle_up_answers_the_same_positions_alike_and_each_answer_is_the_callers():
    """Every view asks for the settle-up again: the same positions, in any order, get the same
    transfers, and a caller that changes its list changes no later answer."""
    first = settle_up({"Ann": 30, "Ben": -10, "Cy": 10, "Dee": -30})
    first.append(("Ann", "Ben", 1))
    again = settle_up({"Dee": -30, "Cy": 10, "Ben": -10, "Ann": 30, "Eve": 0})
    assert sorted(again) == [("Ben", "Cy", 10), ("Dee", "Ann", 30)]
    assert again is not first


def test_ledger_2_settle_up_refuses_positions_that_do_not_add_up():
    with pytest.raises(IllegalAction) as raised:
        settle_up({"Ann": 10, "Ben": -5})
    assert raised.value.rule == "PONTOON-LEDGER-2"
