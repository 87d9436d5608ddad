"""Pontoon: a legal and an illegal case for every rule id, through the one rules path."""
from __future__ import annotations

import pytest

from referee.engine import new_match
from referee.errors import InvalidAction
from referee.games.pontoon.engine import GAME
from referee.rulebook import book
from tests.engine.test_pontoon_support import Table

ALL_IDS = (
    [f"PONTOON-SETUP-{n}" for n in range(1, 4)] + [f"PONTOON-HAND-{n}" for n in range(1, 5)]
    + [f"PONTOON-DEAL-{n}" for n in range(1, 3)] + [f"PONTOON-TURN-{n}" for n in range(1, 9)]
    + [f"PONTOON-SETTLE-{n}" for n in range(1, 5)] + [f"PONTOON-NEXT-{n}" for n in range(1, 4)]
    + [f"PONTOON-VARIANT-{n}" for n in range(1, 9)] + [f"PONTOON-SHOOT-{n}" for n in range(1, 9)]
    + [f"PONTOON-LEDGER-{n}" for n in range(1, 4)]
)


def test_rulebook_has_every_rule_id_and_decisions():
    rules = book("pontoon")
    assert rules is not None and rules.game == "pontoon"
    assert sorted(rules.ids()) == sorted(ALL_IDS)
    assert all(rules.rule(rule_id).text for rule_id in ALL_IDS)
    assert len(rules.decisions) >= 10


def test_settings_defaults_and_cross_checks():
    t = Table()
    assert t.view["settings"] == {
        "packs": 1, "min_stake": 1, "max_stake": 10, "split": "any", "stick_min": 15,
        "banker_doubling": False, "pontoon_pays": 2, "banker_pontoon_collects": 2,
        "four_card_eleven": False, "royal_pontoon": False, "pontoon_ranking": "equal", "burn": 0,
        "shoot": False, "kitty_min": 10, "kitty_max": 100, "buy_in": 0}
    for bad in ({"min_stake": 20, "max_stake": 10}, {"kitty_min": 200}, {"pontoon_pays": 4},
                {"banker_pontoon_collects": 3}, {"burn": 12}, {"stick_min": 17}, {"packs": 3},
                {"split": "tens"}, {"pontoon_ranking": "royal"}, {"buy_in": -1}):
        with pytest.raises(InvalidAction) as raised:
            new_match(GAME, ["Ann", "Ben"], bad, "play")
        assert raised.value.rule == "SETTINGS"


# --- SETUP ------------------------------------------------------------------------------------

def test_setup_1_two_players_up_to_what_the_packs_serve():
    # Ruling of 2026-11-23: five cards for everyone, the banker included: one pack serves ten,
    # two packs twenty.
    for n, packs in ((2, 1), (8, 1), (9, 1), (10, 1), (11, 2), (20, 2)):
        new_match(GAME, [f"P{i}" for i in range(n)], {"packs": packs}, "play")
    for n, packs, words in ((1, 1, "2 to 20"), (11, 1, "one pack serves at most 10"),
                            (21, 2, "2 to 20")):
        with pytest.raises(InvalidAction) as raised:
            new_match(GAME, [f"P{i}" for i in range(n)], {"packs": packs}, "play")
        assert raised.value.rule == "PONTOON-SETUP-1"
        assert words in raised.value.message, raised.value.message


def test_setup_1_a_card_is_in_the_pack_once_per_pack():
    t = Table()
    t.start_deal({"Ben": 5, "Cy": 5})
    t.do("twist", card="5c")
    t.do("stick")
    t.reject("twist", "PONTOON-SETUP-1", "5♣", "Ben's hand", card="5c")
    two = Table(packs=2)
    two.start_deal({"Ben": 5, "Cy": 5})
    two.do("twist", card="5c")
    two.do("stick")
    two.do("twist", card="5c")
    two.do("stick")
    two.do("banker_reveal", cards=["Kd", "9d"])
    two.reject("banker_draw", "PONTOON-SETUP-1", "both 5♣s", card="5c")


def test_setup_2_the_cut_chooses_the_first_banker():
    t = Table()
    t.reject("cut", "PONTOON-SETUP-2", "Ann and Cy tie", cards=["Kc", "9d", "Ks"])
    t.do("cut", cards=["Kc", "Ad", "Ks"])       # aces high
    assert t.view["banker"] == "Ben" and t.view["cut"] == {"Ann": "Kc", "Ben": "Ad", "Cy": "Ks"}
    t.do("deal")
    assert [h["player"] for h in t.view["hands"]] == ["Cy", "Ann"]
    t.reject("cut", "PONTOON-SETUP-2", "before the first deal", cards=["Kc", "Ad", "Ks"])


def test_setup_3_first_stake_within_the_limits():
    t = Table(min_stake=2, max_stake=20)
    t.do("deal")
    assert t.view["stake_limits"] == [2, 20] and t.view["turn"] == "Ben"
    t.reject("stake", "PONTOON-SETUP-3", "2 to 20", "not 21", player="Ben", amount=21)
    t.reject("stake", "PONTOON-SETUP-3", "not 1", player="Ben", amount=1)
    t.do("stake", player="Cy", amount=20)        # any order
    t.do("stake", player="Ben", amount=2)
    assert t.view["phase"] == "second_card"


# --- HAND ------------------------------------------------------------------------------------

def test_hand_1_jokers_are_not_part_of_the_game():
    t = Table()
    t.start_deal({"Ben": 5, "Cy": 5})
    t.reject("twist", "PONTOON-HAND-1", "without jokers", card="JK")
    t.do("twist", card="Ac")
    assert t.hand("Ben")["cards"] == ["??", "??", "Ac"]


def test_hand_3_a_tie_goes_to_the_banker_in_a_deal():
    t = Table()
    t.start_deal({"Ben": 5, "Cy": 3})
    t.do("stick")
    t.do("stick")
    t.do("reveal", player="Ben", hand=1, cards=["Kc", "8d"])
    t.do("reveal", player="Cy", hand=1, cards=["9c", "Qd"])
    t.do("banker_reveal", cards=["Qh", "8s"])
    t.do("banker_stick")
    rows = {r["player"]: r for r in t.view["settlement"]}
    assert rows["Ben"]["result"] == "lose" and "ties go to the banker" in rows["Ben"]["why"]
    assert rows["Cy"]["result"] == "win" and rows["Cy"]["amount"] == 3
    assert t.balances() == {"Ann": 2, "Ben": -5, "Cy": 3}


# --- DEAL ------------------------------------------------------------------------------------

def test_deal_1_first_card_then_stakes_from_players_only():
    t = Table()
    t.reject("stake", "PONTOON-DEAL-1", "after the first card", player="Ben", amount=5)
    t.do("deal")
    assert t.view["phase"] == "stakes" and t.view["hands"][0]["cards"] == ["??"]
    assert t.view["banker_hand"] == ["??"]
    t.reject("stake", "PONTOON-DEAL-1", "Ann is the banker", player="Ann", amount=5)
    t.do("stake", player="Ben", amount=5)
    t.reject("stake", "PONTOON-DEAL-1", "already staked 5", player="Ben", amount=6)
    t.reject("second_card", "PONTOON-DEAL-1", "still to stake: Cy")
    t.reject("deal", "PONTOON-DEAL-1", "in progress")
    t.do("stake", player="Cy", amount=6)
    t.do("second_card")
    assert t.view["phase"] == "players" and t.view["hand_in_turn"]["player"] == "Ben"
    assert t.view["banker_hand"] == ["??", "??"] and t.hand("Cy")["cards"] == ["??", "??"]


def test_deal_2_banker_pontoon_collects_twice_and_ends_the_deal():
    t = Table()
    t.start_deal({"Ben": 5, "Cy": 3})
    t.reject("banker_pontoon", "PONTOON-DEAL-2", "not a pontoon", cards=["Ac", "9d"])
    t.do("banker_pontoon", cards=["Ac", "Kd"])
    assert t.view["phase"] == "settled" and t.view["deal_over"]
    assert t.balances() == {"Ann": 16, "Ben": -10, "Cy": -6}
    assert t.view["shuffle"] is True and t.view["next_banker"] == "Ann"
    assert all(r["result"] == "lose" for r in t.view["settlement"])


def test_deal_2_banker_pontoon_only_before_the_first_turn():
    t = Table()
    t.do("deal")
    t.do("stake", player="Ben", amount=5)
    t.do("stake", player="Cy", amount=3)
    t.reject("banker_pontoon", "PONTOON-DEAL-2", "second card first", cards=["Ac", "Kd"])
    t.do("second_card")
    t.do("twist", card="5c")
    t.reject("banker_pontoon", "PONTOON-DEAL-2", "at once", cards=["Ac", "Kd"])


def test_deal_2_a_banker_pontoon_noticed_late_is_a_finding_and_still_a_pontoon():
    t = Table()
    t.start_deal({"Ben": 5, "Cy": 3})
    t.do("pontoon", cards=["As", "Qs"])
    t.do("stick")
    t.do("reveal", player="Cy", hand=1, cards=["Kc", "9c"])
    found = t.do("banker_reveal", cards=["Ac", "Kd"])
    assert [f["rule"] for f in found] == ["PONTOON-DEAL-2"]
    t.reject("banker_draw", "PONTOON-SETTLE-3", "stands", card="2c")
    t.do("banker_stick")
    assert t.balances() == {"Ann": 16, "Ben": -10, "Cy": -6}
    assert t.view["next_banker"] == "Ann"           # the banker had a pontoon (NEXT-2)


# --- TURN ------------------------------------------------------------------------------------

def test_turn_1_declare_a_pontoon():
    t = Table()
    t.start_deal({"Ben": 5, "Cy": 3})
    t.reject("pontoon", "PONTOON-TURN-1", "not a pontoon", cards=["As", "9s"])
    t.do("pontoon", cards=["As", "Js"])
    ben = t.hand("Ben")
    assert ben["pontoon"] and ben["stuck"] and ben["cards"] == ["As", "??"]   # the ten-card stays down
    assert t.view["hand_in_turn"]["player"] == "Cy"
    t.do("twist", card="3c")
    t.reject("pontoon", "PONTOON-TURN-1", "holds 3 cards", cards=["Ac", "Kc"])


def test_turn_2_split_a_pair_into_hands_played_in_turn():
    t = Table()
    t.start_deal({"Ben": 5, "Cy": 3})
    t.reject("split", "PONTOON-TURN-2", "enter both cards")
    t.reject("split", "PONTOON-TURN-2", "not a pair", "Q-J no", cards=["Qc", "Jd"])
    t.do("split", cards=["8c", "8d"])
    hands = [(h["player"], h["hand"], h["cards"], h["stake"]) for h in t.view["hands"]]
    assert hands == [("Ben", 1, ["8c", "??"], 5), ("Ben", 2, ["8d", "??"], 5),
                     ("Cy", 1, ["??", "??"], 3)]
    t.do("split", cards=["8c", "8h"])            # hand 1's new card was another eight
    assert [h["cards"][0] for h in t.view["hands"]] == ["8c", "8h", "8d", "??"]
    t.do("twist", card="Kd")
    t.do("stick")
    assert t.view["hand_in_turn"] == {"player": "Ben", "hand": 2, "label": "Ben's hand 2"}
    t.do("stick")
    t.do("stick")
    assert t.view["hand_in_turn"]["player"] == "Cy"
    t.reject("split", "PONTOON-TURN-2", "not a pair", cards=["Kc", "Qs"])


def test_turn_2_at_most_four_hands():
    t = Table(packs=2)
    t.start_deal({"Ben": 2, "Cy": 3})
    t.do("split", cards=["8c", "8d"])
    t.do("split", cards=["8c", "8h"])
    t.do("split", cards=["8c", "8s"])
    assert [h["hand"] for h in t.view["hands"] if h["player"] == "Ben"] == [1, 2, 3, 4]
    assert "split" not in t.view["legal"]
    t.reject("split", "PONTOON-TURN-2", "already plays 4 hands", cards=["8c", "8c"])


@pytest.mark.parametrize("first, buys, allowed, refused", [
    (6, [], (6, 12), (5, 13)),            # third card: first stake to twice it
    (6, [10], (6, 10), (5, 11)),          # fourth: up to what the third cost
    (6, [12, 7], (6, 7), (5, 8)),         # fifth: up to what the fourth cost
    (1, [], (1, 2), (0, 3)),
    (10, [20], (10, 20), (9, 21)),
])
def test_turn_3_buy_ranges(first, buys, allowed, refused):
    t = Table(max_stake=10)
    t.start_deal({"Ben": first, "Cy": 1})
    for amount in buys:
        t.do("buy", amount=amount)
    assert t.view["buy_range"] == list(allowed)
    for amount in refused:
        t.reject("buy", "PONTOON-TURN-3", f"staked {first}", f"{allowed[0]} to {allowed[1]}",
                 f"not {amount}", amount=amount)
    t.do("buy", amount=allowed[1])
    assert t.hand("Ben")["stake"] == first + sum(buys) + allowed[1]


def test_turn_3_buy_only_under_21():
    t = Table()
    t.start_deal({"Ben": 5, "Cy": 3})
    t.do("split", cards=["Kc", "Kd"])
    t.do("twist", card="Qc")       # K♣ ?? Q♣: counts at least 21
    assert t.view["buy_range"] is None
    t.reject("buy", "PONTOON-TURN-4", "twisted", amount=5)
    t.do("stick")
    t.do("buy", amount=5, card="Qh")   # K♦ ?? Q♥
    t.reject("buy", "PONTOON-TURN-3", "at least 21", amount=5)


def test_turn_4_twist_and_no_buying_after_a_twist():
    t = Table()
    t.start_deal({"Ben": 5, "Cy": 3})
    t.do("buy", amount=7)
    t.do("twist", card="2c")
    assert t.hand("Ben")["stake"] == 12 and t.hand("Ben")["twisted"]
    t.reject("buy", "PONTOON-TURN-4", "only be twisted", amount=5)
    assert "buy" not in t.view["legal"] and "twist" in t.view["legal"]
    t.do("twist", card="3c")
    assert t.hand("Ben")["stake"] == 12


def test_turn_4_no_twist_on_21_or_more():
    t = Table()
    t.start_deal({"Ben": 5, "Cy": 3})
    t.do("split", cards=["Kc", "Kd"])
    t.do("twist", card="Ac")          # K♣ ?? A♣: at least 12; fine
    t.do("twist", card="Qh")          # K♣ ?? A♣ Q♥: at least 22 → thrown in
    assert t.hand("Ben", 1)["bust"] and t.hand("Ben", 1)["status"] == "bust"
    t.do("twist", card="Ah")          # K♦ ?? A♥
    t.do("twist", card="9h")          # K♦ ?? A♥ 9♥: at least 21
    t.reject("twist", "PONTOON-TURN-4", "at least 21", card="2d")


def test_turn_5_stick_on_at_least_15_checked_when_revealed():
    t = Table()
    t.start_deal({"Ben": 5, "Cy": 3})
    t.do("twist", card="7h")      # ?? ?? 7♥: the total is unknown, so the stick is accepted now
    t.do("stick")
    t.do("stick")
    assert t.do("reveal", player="Ben", hand=1, cards=["7c", "Ac", "7h"]) == []    # 15
    found = t.do("reveal", player="Cy", hand=1, cards=["Kd", "4d"])                # 14
    assert [f["rule"] for f in found] == ["PONTOON-TURN-5"]
    assert "stuck on" in found[0]["message"] and "(14)" in found[0]["message"]
    assert found[0]["seq"] == t.seq and "entry 7" in found[0]["message"]


def test_turn_6_bust_throws_the_hand_in_at_once():
    t = Table()
    t.start_deal({"Ben": 5, "Cy": 3})
    t.reject("bust", "PONTOON-TURN-6", "two cards")
    t.do("twist", card="9c")
    t.reject("bust", "PONTOON-TURN-6", "counts 20", "not bust", cards=["Kc", "Ac", "9c"])
    t.do("bust", cards=["Kc", "5c", "9c"])
    assert t.hand("Ben")["bust"] and t.balances() == {"Ann": 5, "Ben": -5, "Cy": 0}
    assert t.view["ledger"][-1]["reason"].startswith("Ben is bust")
    t.do("buy", amount=3)
    t.do("bust")                                  # cards need not be shown
    assert t.view["phase"] == "banker" and t.balances()["Ann"] == 11


def test_turn_6_a_stuck_hand_found_bust_is_a_finding_and_loses():
    t = Table()
    t.start_deal({"Ben": 5, "Cy": 3})
    t.do("buy", amount=5)
    t.do("stick")
    t.do("stick")
    found = t.do("reveal", player="Ben", hand=1, cards=["Kc", "5c", "9c"])
    assert [f["rule"] for f in found] == ["PONTOON-TURN-6"]
    assert "should have been thrown in" in found[0]["message"]
    t.do("reveal", player="Cy", hand=1, cards=["Kd", "7c"])
    t.do("banker_reveal", cards=["2c", "3d"])
    t.do("banker_draw", card="Kh")
    t.do("banker_draw", card="Qh")             # banker bust
    t.do("banker_stick")
    rows = {r["player"]: r for r in t.view["settlement"]}
    assert rows["Ben"]["result"] == "lose" and rows["Ben"]["amount"] == -10
    assert rows["Cy"]["result"] == "win" and rows["Cy"]["amount"] == 3


def test_turn_7_five_cards_is_a_five_card_trick_and_the_hand_stops():
    t = Table()
    t.start_deal({"Ben": 5, "Cy": 3})
    for card in ("2c", "3c", "2d"):
        t.do("twist", card=card)
    # Five cards, two face down: Ben sticks or throws in, but takes no sixth card.
    assert t.view["hand_in_turn"]["player"] == "Ben"
    assert set(t.view["legal"]) == {"stick", "bust"} and t.view["buy_range"] is None
    t.reject("twist", "PONTOON-TURN-7", "five cards", card="4d")
    t.reject("buy", "PONTOON-TURN-4", "twisted", amount=5)
    t.do("stick")
    t.do("stick")
    t.do("reveal", player="Ben", hand=1, cards=["Ac", "4c", "2c", "3c", "2d"])
    t.do("reveal", player="Cy", hand=1, cards=["Kd", "9d"])
    t.do("banker_reveal", cards=["Kh", "Qh"])
    t.do("banker_stick")
    assert t.balances() == {"Ann": -7, "Ben": 10, "Cy": -3}
    assert t.view["settlement"][0]["class"] == "five_card_trick"


def test_turn_8_face_down_cards_are_revealed_and_checked_later():
    t = Table()
    t.start_deal({"Ben": 5, "Cy": 3})
    t.reject("reveal", "PONTOON-TURN-8", "still being played", player="Ben", hand=1,
             cards=["Kc", "9c"])
    t.do("buy", amount=5)             # face down, unknown
    t.do("buy", amount=5)
    t.do("stick")
    t.reject("reveal", "PONTOON-TURN-8", "4 cards", "3 were entered", player="Ben", hand=1,
             cards=["Kc", "9c", "2c"])
    t.reject("reveal", "PONTOON-TURN-8", "no hand 2", player="Ben", hand=2,
             cards=["Kc", "9c"])
    t.do("stick")
    t.do("banker_reveal", cards=["Kh", "9h"])
    t.reject("banker_stick", "PONTOON-TURN-8", "Ben and Cy still to reveal")
    found = t.do("reveal", player="Ben", hand=1, cards=["Kc", "Qc", "Ac", "Ad"])
    # The fourth card was bought on 21, and the hand then stuck on 22.
    assert [f["rule"] for f in found] == ["PONTOON-TURN-3", "PONTOON-TURN-6"]
    assert "at entry 6" in found[0]["message"] and "counting 21" in found[0]["message"]
    t.reject("reveal", "PONTOON-TURN-8", "already known", player="Ben", hand=1,
             cards=["Kc", "Qc", "Ac", "Ad"])
    t.reject("reveal", "PONTOON-SETUP-1", "K♣", player="Cy", hand=1, cards=["Kc", "9d"])
    t.do("reveal", player="Cy", hand=1, cards=["Kd", "5d"])
    t.do("banker_stick")
    assert t.view["phase"] == "settled"
    assert [f["rule"] for f in t.view["findings"]] == ["PONTOON-TURN-3", "PONTOON-TURN-6"]
    assert t.view["settlement"][0]["result"] == "lose"


def test_turn_8_reveal_must_agree_with_cards_already_entered():
    t = Table()
    t.start_deal({"Ben": 5, "Cy": 3})
    t.do("twist", card="4c")
    t.do("stick")
    t.reject("reveal", "PONTOON-TURN-8", "card 3 of Ben", "4♣", "not 5♣", player="Ben", hand=1,
             cards=["Kc", "2c", "5c"])


# --- SETTLE ----------------------------------------------------------------------------------

def _to_banker(t: Table, ben: list[str], cy: list[str], banker: list[str]) -> None:
    t.start_deal({"Ben": 4, "Cy": 2})
    t.do("stick")
    t.do("stick")
    t.do("reveal", player="Ben", hand=1, cards=ben)
    t.do("reveal", player="Cy", hand=1, cards=cy)
    t.do("banker_reveal", cards=banker)


def test_settle_1_the_banker_plays_last_and_stops_when_they_like():
    t = Table()
    t.start_deal({"Ben": 4, "Cy": 2})
    t.reject("banker_reveal", "PONTOON-SETTLE-1", "still playing: Ben and Cy", cards=["Kh", "2h"])
    t.do("stick")
    t.do("stick")
    t.reject("banker_draw", "PONTOON-SETTLE-1", "banker_reveal", card="2h")
    t.reject("banker_stick", "PONTOON-SETTLE-1", "banker_reveal")
    t.do("banker_reveal", cards=["Kh", "2h"])
    t.reject("banker_reveal", "PONTOON-SETTLE-1", "already up", cards=["Kh", "2h"])
    t.do("reveal", player="Ben", hand=1, cards=["Kc", "6c"])
    t.do("reveal", player="Cy", hand=1, cards=["Kd", "5d"])
    t.do("banker_stick")                      # 12 is enough for a banker
    assert t.balances() == {"Ann": -6, "Ben": 4, "Cy": 2}


def test_settle_2_banker_bust_pays_everyone_still_in():
    t = Table()
    _to_banker(t, ["Ac", "Kc"], ["Kd", "5d"], ["Kh", "6h"])
    t.do("banker_draw", card="9h")
    t.reject("banker_draw", "PONTOON-SETTLE-2", "bust", card="2h")
    t.do("banker_stick")
    assert t.balances() == {"Ann": -10, "Ben": 8, "Cy": 2}


def test_settle_3_banker_stands_pays_higher_collects_equal_or_lower():
    t = Table()
    _to_banker(t, ["Kc", "9c"], ["Kd", "8d"], ["Kh", "5h"])
    t.do("banker_draw", card="3h")               # 18
    t.do("banker_stick")
    assert t.balances() == {"Ann": -2, "Ben": 4, "Cy": -2}
    t2 = Table()
    _to_banker(t2, ["Ac", "Kc"], ["Kd", "8d"], ["5h", "6h"])
    t2.do("banker_draw", card="Kh")             # 21
    t2.reject("banker_draw", "PONTOON-SETTLE-3", "21", card="2s")
    t2.do("banker_stick")
    assert t2.balances() == {"Ann": -6, "Ben": 8, "Cy": -2}    # only the pontoon is paid


def test_settle_4_banker_five_card_trick_pays_only_pontoons():
    t = Table()
    t.start_deal({"Ben": 4, "Cy": 2})
    t.do("pontoon", cards=["Ac", "Kc"])
    for card in ("2c", "3c", "2d"):
        t.do("twist", card=card)
    t.do("stick")
    t.do("reveal", player="Cy", hand=1, cards=["Ad", "4d", "2c", "3c", "2d"])
    t.do("banker_reveal", cards=["2h", "3h"])
    for card in ("4h", "2s", "5h"):
        t.do("banker_draw", card=card)
    t.reject("banker_draw", "PONTOON-SETTLE-4", "five card trick", card="As")
    t.do("banker_stick")
    assert t.balances() == {"Ann": -4, "Ben": 8, "Cy": -4}
    assert t.view["history"][-1]["banker_class"] == "five_card_trick"


# --- NEXT ------------------------------------------------------------------------------------

def test_next_1_shuffle_only_after_a_pontoon():
    t = Table()
    assert t.view["shuffle"] is True                    # the first pack is shuffled
    t.reject("deal", "PONTOON-NEXT-1", "shuffled, cut", shuffled=False)
    t.do("deal", shuffled=True)
    t.do("stake", player="Ben", amount=1)
    t.do("stake", player="Cy", amount=1)
    t.do("second_card")
    t.do("stick")
    t.do("stick")
    t.do("reveal", player="Ben", hand=1, cards=["Kc", "9c"])
    t.do("reveal", player="Cy", hand=1, cards=["Kd", "8d"])
    t.do("banker_reveal", cards=["Kh", "7h"])
    t.do("banker_stick")
    assert t.view["shuffle"] is False
    t.reject("deal", "PONTOON-NEXT-1", "unshuffled", shuffled=True)
    t.start_deal({"Ben": 1, "Cy": 1})
    t.do("stick")
    assert t.view["shuffle"] is False
    t.do("pontoon", cards=["As", "10s"])
    assert t.view["shuffle"] is True                     # provisional, during the deal


def test_next_2_an_unsplit_pontoon_takes_the_bank_nearest_left_first():
    t = Table(players=("Ann", "Ben", "Cy", "Dee"))
    t.start_deal({"Ben": 2, "Cy": 2, "Dee": 2})
    t.do("stick")
    t.do("pontoon", cards=["As", "Ks"])
    t.do("pontoon", cards=["Ad", "Qd"])
    assert t.view["next_banker"] == "Cy"
    t.do("reveal", player="Ben", hand=1, cards=["Kc", "9c"])
    t.do("banker_reveal", cards=["Kh", "9h"])
    t.do("banker_stick")
    assert t.view["banker"] == "Cy" and t.view["dealer"] == "Cy"
    assert t.view["history"][0]["bank_change"]["reason"] == "pontoon"
    assert t.view["history"][0]["dealer"] == "Ann"
    t.reject("deal", "PONTOON-NEXT-2", "Cy holds the bank", "pontoon", banker="Ann")
    t.do("deal", banker="Cy")
    assert [h["player"] for h in t.view["hands"]] == ["Dee", "Ann", "Ben"]


def test_next_2_a_split_pontoon_is_paid_but_does_not_take_the_bank():
    t = Table()
    t.start_deal({"Ben": 2, "Cy": 2})
    t.do("split", cards=["Ac", "Ad"])
    t.do("pontoon", cards=["Ac", "Kc"])
    t.do("stick")
    t.do("stick")
    t.do("reveal", player="Ben", hand=2, cards=["Ad", "8c"])
    t.do("reveal", player="Cy", hand=1, cards=["Kd", "8d"])
    t.do("banker_reveal", cards=["Kh", "8h"])
    t.do("banker_stick")
    assert t.view["banker"] == "Ann" and t.view["shuffle"] is True
    # Hand 1's pontoon is paid double, hand 2's 19 beats 18, Cy's 18 ties.
    assert t.balances() == {"Ann": -4, "Ben": 6, "Cy": -2}


def test_next_3_sell_the_bank_between_deals():
    t = Table()
    t.start_deal({"Ben": 2, "Cy": 2})
    t.reject("sell_bank", "PONTOON-NEXT-3", "between deals", to="Cy", price=5)
    t.do("banker_pontoon", cards=["As", "Ks"])
    t.reject("sell_bank", "PONTOON-NEXT-3", "already holds", to="Ann", price=5)
    t.do("sell_bank", to="Cy", price=5)
    assert t.view["banker"] == "Cy"
    line = t.view["ledger"][-1]
    assert (line["from"], line["to"], line["amount"], line["kind"]) == ("Cy", "Ann", 5, "sale")
    assert t.view["history"][0]["bank_change"] == {"from": "Ann", "to": "Cy", "reason": "sale",
                                                   "price": 5, "seq": t.seq}
    # The price is paid for the coming deal's bank: it counts there, not in the settled deal.
    assert t.view["history"][0]["scores"] == {"Ann": 8, "Ben": -4, "Cy": -4}
    assert t.view["next_deal_scores"] == {"Ann": 5, "Ben": 0, "Cy": -5}


# --- VARIANT -----------------------------------------------------------------------------------

def test_variant_1_aces_only_split():
    t = Table(split="aces_only")
    t.start_deal({"Ben": 2, "Cy": 2})
    t.reject("split", "PONTOON-VARIANT-1", "only aces", cards=["8c", "8d"])
    t.do("split", cards=["Ac", "Ad"])
    assert len(t.view["hands"]) == 3


def test_variant_2_stick_on_16():
    t = Table(stick_min=16, players=("Ann", "Ben", "Cy", "Dee"))
    t.start_deal({"Ben": 2, "Cy": 2, "Dee": 2})
    t.do("twist", card="5c")
    t.do("stick")
    t.do("stick")
    t.do("stick")
    assert t.do("reveal", player="Ben", hand=1, cards=["Kc", "Ac", "5c"]) == []     # 16
    found = t.do("reveal", player="Cy", hand=1, cards=["Kd", "5d"])                 # 15
    assert [f["rule"] for f in found] == ["PONTOON-VARIANT-2"]
    assert "at least 16" in found[0]["message"]
    found = t.do("reveal", player="Dee", hand=1, cards=["Kh", "4h"])                # 14
    assert [f["rule"] for f in found] == ["PONTOON-TURN-5"]


def test_variant_3_banker_doubling():
    t = Table()
    t.do("deal")
    t.do("stake", player="Ben", amount=2)
    t.do("stake", player="Cy", amount=3)
    t.reject("double", "PONTOON-VARIANT-3", "not played")
    d = Table(banker_doubling=True)
    d.do("deal")
    d.do("stake", player="Ben", amount=2)
    d.reject("double", "PONTOON-VARIANT-3", "still to stake: Cy")
    d.do("stake", player="Cy", amount=3)
    d.do("double")
    assert d.view["doubled"] is True
    d.reject("double", "PONTOON-VARIANT-3", "already doubled")
    d.do("second_card")
    d.reject("double", "PONTOON-VARIANT-3", "before the second card")
    d.do("pontoon", cards=["Ac", "Kc"])
    d.do("stick")
    d.do("reveal", player="Cy", hand=1, cards=["Kd", "9d"])
    d.do("banker_reveal", cards=["Kh", "Qh"])
    d.do("banker_stick")
    # Pontoon paid twice the stake (not four times); the ordinary loss doubled.
    assert d.balances() == {"Ann": 2, "Ben": 4, "Cy": -6}


@pytest.mark.parametrize("pays, collects, ben_win, banker_take", [
    (1, 2, 3, 10), (2, 2, 6, 10), (3, 1, 9, 5),
])
def test_variant_4_pontoon_payouts(pays, collects, ben_win, banker_take):
    t = Table(pontoon_pays=pays, banker_pontoon_collects=collects)
    t.start_deal({"Ben": 3, "Cy": 2})
    t.do("pontoon", cards=["Ac", "Kc"])
    t.do("stick")
    t.do("reveal", player="Cy", hand=1, cards=["Kd", "9d"])
    t.do("banker_reveal", cards=["Kh", "Qh"])
    t.do("banker_stick")
    assert t.balances()["Ben"] == ben_win
    b = Table(pontoon_pays=pays, banker_pontoon_collects=collects)
    b.start_deal({"Ben": 3, "Cy": 2})
    b.do("banker_pontoon", cards=["As", "Ks"])
    assert b.balances()["Ann"] == banker_take


def test_variant_5_four_small_cards_twist_the_fifth():
    t = Table(four_card_eleven=True)
    t.start_deal({"Ben": 2, "Cy": 2})
    t.do("buy", amount=2)
    t.do("buy", amount=2)
    t.do("buy", amount=2)        # the fifth, bought on face-down cards: checked at the reveal
    t.do("stick")
    t.do("twist", card="4d")     # Cy twists a third card
    t.do("twist", card="3d")
    t.do("twist", card="2d")     # and the fifth, twisted: always fine
    t.do("stick")
    found = t.do("reveal", player="Ben", hand=1, cards=["2c", "3c", "Ac", "4c", "Kc"])
    assert [f["rule"] for f in found] == ["PONTOON-VARIANT-5"]
    assert "fifth" in found[0]["message"] and "(10)" in found[0]["message"]
    assert t.do("reveal", player="Cy", hand=1, cards=["2h", "3h", "4d", "3d", "2d"]) == []
    plain = Table()
    plain.start_deal({"Ben": 2, "Cy": 2})
    for _ in range(3):
        plain.do("buy", amount=2)
    plain.do("stick")
    assert plain.do("reveal", player="Ben", hand=1, cards=["2c", "3c", "Ac", "4c", "Kc"]) == []


def test_variant_6_royal_pontoon_paid_three_times():
    t = Table(royal_pontoon=True)
    t.start_deal({"Ben": 2, "Cy": 2})
    t.do("twist", card="7c")
    t.do("stick")
    t.do("stick")
    t.do("reveal", player="Ben", hand=1, cards=["7d", "7h", "7c"])
    t.do("reveal", player="Cy", hand=1, cards=["Kd", "9d"])
    t.do("banker_reveal", cards=["Kh", "Qh"])
    t.do("banker_stick")
    assert t.view["settlement"][0]["class"] == "royal_pontoon"
    assert t.balances() == {"Ann": -4, "Ben": 6, "Cy": -2}
    assert t.view["banker"] == "Ben"          # a royal pontoon counts as a pontoon (decision)


def test_variant_7_ace_ten_is_an_ordinary_21():
    t = Table(pontoon_ranking="ace_ten_is_21")
    t.start_deal({"Ben": 2, "Cy": 2})
    t.reject("banker_pontoon", "PONTOON-DEAL-2", "ordinary 21", cards=["As", "10s"])
    t.reject("pontoon", "PONTOON-VARIANT-7", "ordinary 21", cards=["Ac", "10c"])
    t.do("pontoon", cards=["Ac", "Jc"])


def test_variant_7_a_better_pontoon_beats_the_bankers():
    t = Table(pontoon_ranking="picture_beats_ten", players=("Ann", "Ben", "Cy", "Dee"))
    t.start_deal({"Ben": 2, "Cy": 3, "Dee": 4})
    t.reject("banker_pontoon", "PONTOON-HAND-3", "equal hands go to the banker",
             cards=["As", "10s"], beaten_by=[{"player": "Ben", "cards": ["Ac", "10c"]}])
    t.do("banker_pontoon", cards=["As", "10s"], beaten_by=[{"player": "Ben", "cards": ["Ac", "Kc"]}])
    assert t.balances() == {"Ann": 10, "Ben": 4, "Cy": -6, "Dee": -8}
    n = Table(pontoon_ranking="natural", players=("Ann", "Ben", "Cy", "Dee"))
    n.start_deal({"Ben": 2, "Cy": 3, "Dee": 4})
    n.reject("banker_pontoon", "PONTOON-HAND-3", "does not outrank", cards=["As", "Js"],
             beaten_by=[{"player": "Ben", "cards": ["Ac", "10c"]}])
    n.do("banker_pontoon", cards=["As", "Js"], beaten_by=[{"player": "Dee", "cards": ["Ad", "Qd"]}])
    assert n.balances() == {"Ann": 4 + 6 - 8, "Ben": -4, "Cy": -6, "Dee": 8}
    e = Table()
    e.start_deal({"Ben": 2, "Cy": 2})
    e.reject("banker_pontoon", "PONTOON-VARIANT-7", "ties go to the banker", cards=["As", "10s"],
             beaten_by=[{"player": "Ben", "cards": ["Ac", "Kc"]}])


def test_variant_8_burn_a_hard_13():
    t = Table()
    t.start_deal({"Ben": 2, "Cy": 2})
    t.reject("burn", "PONTOON-VARIANT-8", "not played", cards=["6c", "7c"])
    b = Table(burn=13)
    b.start_deal({"Ben": 2, "Cy": 2})
    b.reject("burn", "PONTOON-VARIANT-8", "hard 13", cards=["Ac", "2c"])
    b.do("burn", cards=["6c", "7c"])
    b.do("burn")                                   # burned again, face down: checked later
    assert b.hand("Ben")["stake"] == 2 and b.hand("Ben")["burned"] == [["6c", "7c"], ["??", "??"]]
    b.do("stick")
    b.reject("reveal", "PONTOON-TURN-8", "burned", player="Ben", hand=1, cards=["Kc", "9c"])
    b.do("pontoon", cards=["Ah", "Kh"])          # Cy
    b.do("banker_reveal", cards=["Qs", "8s"])
    b.reject("banker_stick", "PONTOON-TURN-8", "Ben still to reveal")
    found = b.do("reveal", player="Ben", hand=1, cards=["Kc", "9c"], burned=["6c", "7c", "Ad", "2d"])
    assert [f["rule"] for f in found] == ["PONTOON-VARIANT-8"]
    assert "which is not a hard 13" in found[0]["message"]
    b.do("banker_stick")
    assert b.balances() == {"Ann": -6, "Ben": 2, "Cy": 4}
    f = Table(burn=14)
    f.start_deal({"Ben": 2, "Cy": 2})
    f.reject("burn", "PONTOON-VARIANT-8", "hard 14", cards=["6c", "7c"])
    f.do("burn", cards=["7c", "7d"])


# --- LEDGER ------------------------------------------------------------------------------------

def test_ledger_1_every_payment_is_a_line_and_balances_add_up_from_lines():
    t = Table(buy_in=100)
    t.start_deal({"Ben": 4, "Cy": 2})
    t.do("twist", card="Qd")
    t.do("bust", cards=["Kc", "5c", "Qd"])
    t.do("stick")
    t.do("reveal", player="Cy", hand=1, cards=["Kd", "9d"])
    t.do("banker_reveal", cards=["Kh", "7h"])
    t.do("banker_stick")
    lines = t.view["ledger"]
    assert [(line["from"], line["to"], line["amount"], line["kind"], line["deal"]) for line in lines] == [
        ("Ben", "Ann", 4, "stake", 0), ("Ann", "Cy", 2, "stake", 0)]
    assert t.balances() == {"Ann": 102, "Ben": 96, "Cy": 102}
    assert t.view["scores"] == t.balances()
    assert t.view["deal_scores"] == {"Ann": 2, "Ben": -4, "Cy": 2}
    from referee.errors import IllegalAction
    from referee.games.pontoon.ledger import make_line
    for frm, to, amount in (("Ann", "Ben", 0), ("Ann", "Ben", 1.5), ("Ann", "Ann", 3), ("Ann", "Zed", 3)):
        with pytest.raises(IllegalAction) as raised:
            make_line(frm, to, amount, "x", deal=0, kind="stake", seq=1, parties=("Ann", "Ben"))
        assert raised.value.rule == "PONTOON-LEDGER-1"


def test_ledger_2_a_ledger_that_does_not_balance_is_refused():
    from referee.errors import IllegalAction
    from referee.games.pontoon.ledger import Line, check_balanced
    good = (Line("Ann", "Ben", 5, "x", 0, "stake", 1), Line("Ben", "kitty", 3, "x", 0, "shoot", 2))
    check_balanced(good, ("Ann", "Ben"), 10)
    with pytest.raises(IllegalAction) as raised:
        check_balanced(good + (Line("kitty", "Ann", 9, "x", 0, "kitty", 3),), ("Ann", "Ben"), 10)
    assert raised.value.rule == "PONTOON-LEDGER-2"


def test_ledger_3_end_of_session_settle_up():
    t = Table(shoot=True, kitty_min=10, buy_in=50)
    t.start_deal({"Ben": 4, "Cy": 2}, shoots={"Cy": 5}, kitty=20)
    t.do("pontoon", cards=["Ac", "Kc"])
    t.reject("end_session", "PONTOON-LEDGER-3", "finish and settle")
    t.do("stick")
    t.do("reveal", player="Cy", hand=1, cards=["Kd", "9d"])
    t.do("banker_reveal", cards=["Kh", "Qh"])
    t.do("banker_stick")
    # Ben took the bank: Ann got the kitty back (25 after Cy's lost shoot bet).
    assert t.view["phase"] == "kitty" and t.view["kitty"] == 0
    assert t.balances() == {"Ann": 50 - 8 + 2 + 5, "Ben": 58, "Cy": 50 - 2 - 5}
    t.do("end_session")
    v = t.view
    assert v["match_over"] and v["phase"] == "match_over" and v["legal"] == []
    assert v["settle_up"] == [{"from": "Cy", "to": "Ben", "amount": 7},
                              {"from": "Ann", "to": "Ben", "amount": 1}]
    t.reject("deal", "PONTOON-LEDGER-3", "session is over")


def test_unknown_action_and_modes():
    t = Table()
    t.reject("fold", "ACTION", "no action")
    t.reject("quick", "ACTION", "keep results only", banker_class="bust", hands=[])
    q = Table(mode="quick")
    q.reject("deal", "ACTION", "keeps results only")


def test_player_field_is_an_argument_for_stakes_and_checked_elsewhere():
    t = Table()
    t.do("deal", player="Ann")
    t.do("stake", player="Cy", amount=2)
    t.do("stake", player="Ben", amount=2)
    t.do("second_card")
    t.reject("stick", "TURN", "Ben's turn", player="Cy")
    t.reject("banker_pontoon", "TURN", "only the banker (Ann)", player="Ben", cards=["As", "Ks"])
    t.do("stick", player="Ben")
    t.do("stick", player="Cy")
    t.do("banker_reveal", player="Ann", cards=["Kh", "9h"])
