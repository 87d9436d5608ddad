"""Pontoon: the audit's defects and the rulings of 2026-11-23 (issue 14, Pontoon 14–19), one
test per defect, named after the rule it is about."""
from __future__ import annotations

from pathlib import Path

import pytest

from referee.actions import Action
from referee.engine import new_match
from referee.errors import InvalidAction
from referee.games.pontoon.engine import GAME
from referee.rulebook import book
from tests.engine.test_pontoon_support import Table

DOCS = Path(__file__).resolve().parents[2] / "docs" / "api-pontoon.md"


def shoot_table(**settings) -> Table:
    return Table(players=("Ann", "Ben", "Cy", "Dee"), shoot=True, kitty_min=10, kitty_max=100,
                 **settings)


def staked(t: Table, kitty: int) -> Table:
    t.do("kitty", amount=kitty)
    t.do("deal")
    for player in ("Ben", "Cy", "Dee"):
        t.do("stake", player=player, amount=2)
    return t


# --- 14. SHOOT-2: the first-card shoot bets go round in seat order ---------------------------

def test_PONTOON_SHOOT_2_first_card_shoot_bets_go_round_in_seat_order_each_betting_or_declining():
    t = staked(shoot_table(), kitty=30)
    assert t.view["shoot_turn"] == "Ben" and "shoot" in t.view["legal"]
    # Dee cannot take the whole kitty before Ben, who sits first, and Cy have had their say.
    t.reject("shoot", "PONTOON-SHOOT-2", "from the banker's left", "Ben and Cy", "before Dee",
             player="Dee", amount=30)
    t.do("shoot", player="Ben", amount=0)               # Ben declines
    assert t.hand("Ben")["shoot"] == 0 and t.view["shoot_turn"] == "Cy"
    t.reject("shoot", "PONTOON-SHOOT-2", "Ben has declined", player="Ben", amount=5)
    t.reject("shoot", "PONTOON-SHOOT-2", "Cy bet or decline before Dee", player="Dee", amount=5)
    t.do("shoot", player="Cy", amount=10)
    t.reject("shoot", "PONTOON-SHOOT-2", "already shot 10", player="Cy", amount=5)
    t.do("shoot", player="Dee", amount=20)
    assert t.view["shoot_turn"] is None and "shoot" not in t.view["legal"]
    t.do("second_card")
    assert [h["shoot"] for h in t.view["hands"]] == [0, 10, 20]


def test_PONTOON_SHOOT_2_the_second_card_closes_the_round_for_whoever_has_not_spoken():
    t = staked(shoot_table(), kitty=30)
    t.do("shoot", player="Ben", amount=5)
    t.do("second_card")                                 # Cy and Dee do not shoot
    assert [h["shoot"] for h in t.view["hands"]] == [5, 0, 0] and t.view["shoot_turn"] is None
    t.reject("shoot", "PONTOON-SHOOT-3", "close when the second card", player="Ben", amount=1)


def test_PONTOON_SHOOT_2_a_first_card_shoot_bet_names_no_hand_but_the_first():
    t = staked(shoot_table(), kitty=30)
    t.reject("shoot", "PONTOON-SHOOT-2", "no hand 3", player="Ben", amount=5, hand=3)
    t.do("shoot", player="Ben", amount=5, hand=1)
    assert t.hand("Ben")["shoot"] == 5


def test_PONTOON_SHOOT_2_a_zero_declines_on_the_first_card_only():
    t = shoot_table()
    t.start_deal({"Ben": 2, "Cy": 3, "Dee": 1}, kitty=40)
    t.do("twist", card="2c")
    with pytest.raises(InvalidAction):
        t.do("shoot", player="Ben", amount=0)


def test_PONTOON_SHOOT_2_legal_lists_shoot_only_while_the_kitty_has_room():
    t = staked(shoot_table(), kitty=10)
    t.do("shoot", player="Ben", amount=10)
    assert t.view["shoot_room"] == 0
    assert "shoot" not in t.view["legal"] and t.view["shoot_turn"] is None
    t.do("second_card")
    t.do("twist", card="2c")                            # Ben: ?? ?? 2♣, three cards under 21
    assert t.view["shoot_room"] == 0 and "shoot" not in t.view["legal"]
    t.reject("shoot", "PONTOON-SHOOT-4", "cover the whole kitty", player="Ben", amount=1)
    roomy = shoot_table()
    roomy.start_deal({"Ben": 2, "Cy": 3, "Dee": 1}, kitty=40)
    roomy.do("twist", card="2c")
    assert "shoot" in roomy.view["legal"]


# --- 15. SETUP-1: more than eight players, up to what the packs serve ------------------------

def test_PONTOON_SETUP_1_more_than_eight_players_up_to_what_the_packs_serve():
    ten = [f"P{i}" for i in range(10)]
    t = Table(players=tuple(ten))
    t.do("deal")
    for player in ten[1:]:
        t.do("stake", player=player, amount=1)
    t.do("second_card")
    assert len(t.view["hands"]) == 9 and t.view["hand_in_turn"]["player"] == "P1"
    with pytest.raises(InvalidAction) as raised:
        new_match(GAME, ten + ["P10"], {}, "play")
    assert raised.value.rule == "PONTOON-SETUP-1" and "two packs" in str(raised.value.message)
    new_match(GAME, [f"P{i}" for i in range(20)], {"packs": 2}, "play")
    assert GAME.max_players == 20
    for language in ("en", "de"):
        text = book("pontoon", language).rule("PONTOON-SETUP-1").text
        assert "eight" not in text.split(";")[0] and "acht" not in text.split(";")[0], text


# --- 16. SHOOT-8: a top-up and the kitty swelled by lost shoot bets --------------------------

def test_PONTOON_SHOOT_8_a_top_up_is_not_refused_because_lost_shoot_bets_swelled_the_kitty():
    t = shoot_table()
    t.start_deal({"Ben": 2, "Cy": 2, "Dee": 2}, shoots={"Ben": 30}, kitty=90)
    t.do("twist", card="Kc")
    t.do("bust", cards=["Qc", "5c", "Kc"])              # Ben's 30 goes into the kitty
    t.do("stick")
    t.do("stick")
    t.do("reveal", player="Cy", hand=1, cards=["Kd", "6d"])
    t.do("reveal", player="Dee", hand=1, cards=["Ks", "5s"])
    t.do("banker_reveal", cards=["Kh", "9h"])
    t.do("banker_stick")
    assert t.view["kitty"] == 120 and "kitty" in t.view["legal"]
    t.do("kitty", amount=10)                            # Ann's own money: 90 + 10, the limit
    assert t.view["kitty"] == 130 and "kitty" not in t.view["legal"]
    error = t.reject("kitty", "PONTOON-SHOOT-8", "100 of their own", "limit of 100", amount=1)
    assert "-" not in error.message


def test_PONTOON_SHOOT_8_a_kitty_paid_out_may_be_topped_up_to_the_limit_again():
    t = shoot_table()
    t.start_deal({"Ben": 2, "Cy": 2, "Dee": 2}, shoots={"Ben": 40}, kitty=100)
    t.do("stick")
    t.do("stick")
    t.do("stick")
    t.do("reveal", player="Ben", hand=1, cards=["Kc", "9c"])
    t.do("reveal", player="Cy", hand=1, cards=["Kd", "6d"])
    t.do("reveal", player="Dee", hand=1, cards=["Ks", "5s"])
    t.do("banker_reveal", cards=["Kh", "8h"])
    t.do("banker_stick")                                # Ben's 19 wins 40 from the kitty
    assert t.view["kitty"] == 60
    t.reject("kitty", "PONTOON-SHOOT-8", "at most 40 more", amount=41)
    t.do("kitty", amount=40)
    assert t.view["kitty"] == 100


# --- 17. A declared pontoon's ten-card stays face down ---------------------------------------

def test_PONTOON_TURN_1_a_declared_pontoons_ten_card_stays_face_down_until_settlement():
    t = Table()
    t.start_deal({"Ben": 5, "Cy": 3})
    before = t.state
    t.do("pontoon", cards=["As", "Kd"])
    ben = t.hand("Ben")
    assert ben["cards"] == ["As", "??"] and ben["pontoon"] and ben["class"] == "pontoon"
    words = GAME.describe(before, Action({"type": "pontoon", "cards": ["As", "Kd"]}), t.state)
    assert "K" not in words.replace("Ben", "") and "Kd" not in words
    t.reject("reveal", "PONTOON-TURN-8", "declared a pontoon", player="Ben", hand=1, cards=["As", "Kd"])
    t.do("stick")
    t.do("reveal", player="Cy", hand=1, cards=["9c", "9d"])
    t.do("banker_reveal", cards=["10h", "8h"])
    assert t.hand("Ben")["cards"] == ["As", "??"]
    t.do("banker_stick")
    assert t.view["settlement"][0]["cards"] == ["As", "Kd"]
    assert t.view["history"][0]["hands"][0]["cards"] == ["As", "Kd"]


def test_PONTOON_SETUP_1_a_refusal_never_says_where_a_face_down_card_is():
    t = Table()
    t.start_deal({"Ben": 5, "Cy": 3})
    t.do("pontoon", cards=["As", "Kd"])
    error = t.reject("twist", "PONTOON-SETUP-1", "K♦", "face down", card="Kd")
    assert "Ben" not in error.message
    t.reject("twist", "PONTOON-SETUP-1", "A♠", "Ben's hand", card="As")   # the ace is shown
    two = Table(packs=2)
    two.start_deal({"Ben": 5, "Cy": 3})
    two.do("pontoon", cards=["As", "Kd"])
    two.do("twist", card="Kd")
    error = two.reject("twist", "PONTOON-SETUP-1", "both K♦s", "1 of them face down", card="Kd")
    assert "Ben" not in error.message


def test_PONTOON_SETUP_1_a_card_twice_in_one_entry_says_so():
    t = Table()
    t.reject("cut", "PONTOON-SETUP-1", "K♣ is entered twice in this one entry", cards=["Kc", "Kc", "2d"])
    two = Table(packs=2)
    two.reject("cut", "PONTOON-SETUP-1", "entered 3 times in this one entry", cards=["Kc", "Kc", "Kc"])


# --- 18. SETTLE-4: a bust hand pays its single stake only ------------------------------------

def test_PONTOON_SETTLE_4_a_bust_hand_pays_only_its_single_stake_against_a_five_card_trick():
    t = Table()
    t.start_deal({"Ben": 3, "Cy": 2})
    t.do("twist", card="Kc")
    t.do("bust", cards=["Qc", "5c", "Kc"])
    t.do("stick")
    t.do("reveal", player="Cy", hand=1, cards=["10d", "8d"])
    t.do("banker_reveal", cards=["2h", "3h"])
    for card in ("2s", "3s", "4d"):
        t.do("banker_draw", card=card)
    t.do("banker_stick")
    rows = {r["player"]: r for r in t.view["settlement"]}
    assert rows["Ben"]["amount"] == -3 and rows["Cy"]["amount"] == -4
    assert t.balances() == {"Ann": 7, "Ben": -3, "Cy": -4}
    english = book("pontoon", "en").rule("PONTOON-SETTLE-4").text
    german = book("pontoon", "de").rule("PONTOON-SETTLE-4").text
    assert "bust" in english and "single stake" in english and "nothing more" in english
    assert "überkauft" in german and "einfachen Einsatz" in german
    assert "only its single stake" in DOCS.read_text()


# --- 19. Smaller fixes -----------------------------------------------------------------------

def test_PONTOON_TURN_3_a_later_buy_names_the_next_card():
    t = Table()
    t.start_deal({"Ben": 6, "Cy": 3})
    t.do("buy", amount=10)
    t.reject("buy", "PONTOON-TURN-3", "after paying 10 for the last card, the next card costs 6 to 10",
             "not 11", amount=11)


def test_PONTOON_TURN_8_reveal_burned_takes_the_face_down_burned_cards_only():
    t = Table(burn=13)
    t.start_deal({"Ben": 2, "Cy": 2})
    t.do("burn", cards=["6c", "7c"])                   # shown
    t.do("burn")                                        # face down
    t.do("stick")
    t.do("stick")
    t.reject("reveal", "PONTOON-TURN-8", "2 cards face down", "3 were entered", player="Ben", hand=1,
             cards=["Kc", "9c"], burned=["8d", "5d", "4d"])
    t.reject("reveal", "PONTOON-TURN-8", "was entered as 6♣", player="Ben", hand=1,
             cards=["Kc", "9c"], burned=["6d", "7c", "8d", "5d"])   # every card: the shown must agree
    t.reject("reveal", "PONTOON-TURN-8", "burned no cards", player="Cy", hand=1,
             cards=["Kd", "9d"], burned=["8d", "5d"])
    t.do("reveal", player="Ben", hand=1, cards=["Kc", "9c"], burned=["8d", "5d"])
    assert t.hand("Ben")["burned"] == [["6c", "7c"], ["8d", "5d"]] and not t.hand("Ben")["to_reveal"]
    shown = Table(burn=13)
    shown.start_deal({"Ben": 2, "Cy": 2})
    shown.do("burn", cards=["6c", "7c"])
    shown.do("stick")
    shown.reject("reveal", "PONTOON-TURN-8", "known already", "leave out", player="Ben", hand=1,
                 cards=["Kc", "9c"], burned=["5d"])


def test_PONTOON_DEAL_2_quick_mode_refuses_a_two_card_21_against_a_banker_pontoon():
    t = Table(mode="quick")
    t.reject("quick", "PONTOON-DEAL-2", "enter Ben as a pontoon", banker_class="pontoon",
             hands=[{"player": "Ben", "stake": 2, "class": "total", "total": 21},
                    {"player": "Cy", "stake": 2, "class": "total", "total": 20}])
    t.do("quick", banker_class="pontoon",
         hands=[{"player": "Ben", "stake": 2, "class": "pontoon"},
                {"player": "Cy", "stake": 2, "class": "total", "total": 20}])
    # Where ace and ten is an ordinary 21, two cards can make 21 without a pontoon.
    plain = Table(mode="quick", pontoon_ranking="ace_ten_is_21")
    plain.do("quick", banker_class="pontoon", banker_ten_card="K",
             hands=[{"player": "Ben", "stake": 2, "class": "total", "total": 21},
                    {"player": "Cy", "stake": 2, "class": "total", "total": 20}])


def test_PONTOON_NEXT_3_a_bank_sale_before_the_first_deal_is_in_the_first_deals_history():
    t = Table()
    t.do("sell_bank", to="Cy", price=5)
    t.start_deal({"Ann": 2, "Ben": 2})
    t.do("stick")
    t.do("stick")
    t.do("reveal", player="Ann", hand=1, cards=["Kc", "9c"])
    t.do("reveal", player="Ben", hand=1, cards=["Kd", "6d"])
    t.do("banker_reveal", cards=["Kh", "8h"])
    t.do("banker_stick")
    first = t.view["history"][0]
    assert [(c["from"], c["to"], c["reason"], c["price"]) for c in first["bank_changes"]] == [
        ("Ann", "Cy", "sale", 5)]
    assert first["bank_change"]["to"] == "Cy"
