"""Shoot Pontoon: the kitty, shoot bets and their limits, busts, splits, and bank changes."""
from __future__ import annotations

from tests.engine.test_pontoon_support import Table


def shoot_table(**settings) -> Table:
    return Table(players=("Ann", "Ben", "Cy", "Dee"), shoot=True, kitty_min=10, kitty_max=100,
                 **settings)


def test_shoot_1_the_banker_puts_up_a_kitty_within_the_limits_before_the_first_deal():
    t = shoot_table()
    assert t.view["phase"] == "kitty" and t.view["kitty"] == 0 and t.view["turn"] == "Ann"
    t.reject("deal", "PONTOON-SHOOT-1", "kitty before dealing")
    t.reject("kitty", "PONTOON-SHOOT-1", "10 to 100", "not 5", amount=5)
    t.reject("kitty", "PONTOON-SHOOT-1", "not 101", amount=101)
    t.do("kitty", amount=40)
    assert t.view["kitty"] == 40 and t.view["phase"] == "deal"
    line = t.view["ledger"][-1]
    assert (line["from"], line["to"], line["amount"], line["kind"]) == ("Ann", "kitty", 40, "kitty")
    assert t.balances() == {"Ann": -40, "Ben": 0, "Cy": 0, "Dee": 0}
    plain = Table()
    plain.reject("kitty", "PONTOON-SHOOT-1", "not being played", amount=20)
    assert plain.view["kitty"] is None


def test_shoot_2_shoot_bets_together_stay_within_the_kitty():
    t = shoot_table()
    t.do("kitty", amount=30)
    t.do("deal")
    t.do("stake", player="Ben", amount=2)
    t.reject("shoot", "PONTOON-SHOOT-2", "after all first stakes", "Cy and Dee", player="Ben",
             amount=5)
    t.do("stake", player="Cy", amount=2)
    t.do("stake", player="Dee", amount=2)
    assert t.view["phase"] == "shoot" and t.view["turn"] is None
    t.reject("shoot", "PONTOON-SHOOT-2", "banker", player="Ann", amount=5)
    t.do("shoot", player="Ben", amount=20)
    assert t.view["shoot_room"] == 10
    t.reject("shoot", "PONTOON-SHOOT-2", "too much", "only 10", player="Cy", amount=11)
    t.reject("shoot", "PONTOON-SHOOT-2", "already shot 20", player="Ben", amount=1)
    t.do("shoot", player="Cy", amount=10)
    t.reject("shoot", "PONTOON-SHOOT-2", "cover the whole kitty", player="Dee", amount=1)
    t.do("second_card")                      # Dee never has to shoot
    assert [h["shoot"] for h in t.view["hands"]] == [20, 10, 0]
    assert t.view["kitty"] == 30                # shoot bets are not paid in until settled
    plain = Table()
    plain.do("deal")
    plain.reject("shoot", "PONTOON-SHOOT-2", "not being played", player="Ben", amount=1)


def test_shoot_3_banker_pontoon_takes_every_shoot_bet_and_closes_first_card_bets():
    t = shoot_table()
    t.start_deal({"Ben": 2, "Cy": 3, "Dee": 1}, shoots={"Ben": 5, "Dee": 7}, kitty=20)
    t.reject("shoot", "PONTOON-SHOOT-3", "close when the second card", player="Ben", amount=1)
    t.do("banker_pontoon", cards=["Ah", "Qh"])
    assert t.view["kitty"] == 32
    assert t.balances() == {"Ann": -20 + 12, "Ben": -9, "Cy": -6, "Dee": -9}
    assert sum(t.balances().values()) + t.view["kitty"] == 0


def test_shoot_4_one_more_shoot_bet_before_the_fourth_card():
    t = shoot_table()
    t.start_deal({"Ben": 2, "Cy": 3, "Dee": 1}, shoots={"Ben": 5}, kitty=40)
    t.do("twist", card="2c")                  # Ben: ?? ?? 2♣
    assert "shoot" in t.view["legal"]
    t.reject("shoot", "PONTOON-SHOOT-4", "Ben's turn", player="Cy", amount=3)
    t.reject("shoot", "PONTOON-SHOOT-4", "only 35", player="Ben", amount=36)
    t.do("shoot", player="Ben", amount=10)
    assert t.hand("Ben")["shoot"] == 15
    t.reject("stick", "PONTOON-SHOOT-4", "buy or twist it now")
    t.reject("shoot", "PONTOON-SHOOT-4", "already shot", player="Ben", amount=1)
    t.do("twist", card="3c")                  # the fourth card
    t.reject("shoot", "PONTOON-SHOOT-4", "no shooting after the fourth card", player="Ben", amount=1)
    t.do("stick")
    t.do("buy", amount=3)                     # Cy buys the third...
    t.do("shoot", player="Cy", amount=4)
    t.do("buy", amount=3)                     # ...and may buy the fourth
    t.do("stick")
    t.do("split", cards=["Kd", "Ks"])         # Dee
    t.do("twist", card="Qd")                  # K♦ ?? Q♦: at least 21
    t.reject("shoot", "PONTOON-SHOOT-4", "under 21", player="Dee", amount=1)


def test_shoot_4_a_fourth_card_shoot_on_21_is_found_at_the_reveal():
    t = shoot_table()
    t.start_deal({"Ben": 2, "Cy": 3, "Dee": 1}, kitty=40)
    t.do("buy", amount=2)
    t.do("shoot", player="Ben", amount=5)
    t.do("buy", amount=2)
    t.do("stick")
    found = t.do("reveal", player="Ben", hand=1, cards=["Kc", "Ac", "Qc", "Ad"])
    rules = [f["rule"] for f in found]
    assert "PONTOON-SHOOT-4" in rules and "PONTOON-TURN-3" in rules


def test_shoot_5_split_hands_and_shoot_bets():
    t = shoot_table()
    t.start_deal({"Ben": 2, "Cy": 3, "Dee": 1}, shoots={"Ben": 6}, kitty=40)
    t.do("split", cards=["9c", "9d"])
    ben1, ben2 = t.hand("Ben", 1), t.hand("Ben", 2)
    assert (ben1["cards"], ben1["shoot"]) == (["9c", "??"], 6)     # stays with the first card
    assert (ben2["cards"], ben2["shoot"]) == (["9d", "??"], 0)
    t.reject("shoot", "PONTOON-SHOOT-5", "already stands", player="Ben", amount=3, hand=1)
    t.do("shoot", player="Ben", amount=8, hand=2)                    # a new bet on the other hand
    assert t.hand("Ben", 2)["shoot"] == 8 and t.view["shoot_room"] == 40 - 14
    t.reject("shoot", "PONTOON-SHOOT-5", "already stands", player="Ben", amount=1, hand=2)
    t.do("stick")
    t.do("stick")
    t.do("split", cards=["5c", "5d"])                                # Cy never shot
    t.reject("shoot", "PONTOON-SHOOT-5", "carried no shoot bet", player="Cy", amount=1, hand=2)


def test_shoot_6_a_bust_puts_its_shoot_bet_into_the_kitty_at_once():
    t = shoot_table()
    t.start_deal({"Ben": 2, "Cy": 3, "Dee": 1}, shoots={"Ben": 10, "Cy": 10}, kitty=20)
    assert t.view["shoot_room"] == 0
    t.do("twist", card="Kc")
    t.do("bust", cards=["Qc", "5c", "Kc"])
    assert t.view["kitty"] == 30 and t.view["shoot_room"] == 20
    assert t.balances()["Ben"] == -12
    t.do("twist", card="2d")                  # Cy: ?? ?? 2♦
    t.do("shoot", player="Cy", amount=20)     # possible only because Ben's bet went in
    assert t.hand("Cy")["shoot"] == 30


def test_shoot_7_settlement_from_and_into_the_kitty():
    t = shoot_table()
    t.start_deal({"Ben": 2, "Cy": 3, "Dee": 1}, shoots={"Ben": 10, "Cy": 6, "Dee": 4}, kitty=25)
    t.do("stick")
    t.do("stick")
    t.do("stick")
    t.do("reveal", player="Ben", hand=1, cards=["Kc", "9c"])
    t.do("reveal", player="Cy", hand=1, cards=["Kd", "8d"])     # ties the banker
    t.do("reveal", player="Dee", hand=1, cards=["Ks", "5s"])
    t.do("banker_reveal", cards=["Kh", "8h"])
    t.do("banker_stick")
    assert t.view["kitty"] == 25 - 10 + 6 + 4
    assert t.balances() == {"Ann": -25 - 2 + 3 + 1, "Ben": 12, "Cy": -9, "Dee": -5}
    rows = {r["player"]: r for r in t.view["settlement"]}
    assert rows["Ben"]["shoot_amount"] == 10 and rows["Cy"]["shoot_amount"] == -6


def test_shoot_8_top_up_between_deals_only_never_take_out():
    t = shoot_table()
    t.reject("kitty", "PONTOON-SHOOT-8", "never take", amount=-5)
    t.do("kitty", amount=30)
    t.do("kitty", amount=20)                  # before the first deal: a top-up
    assert t.view["kitty"] == 50
    t.reject("kitty", "PONTOON-SHOOT-8", "limit of 100", "at most 50 more", amount=51)
    t.do("deal")
    t.reject("kitty", "PONTOON-SHOOT-8", "only before a new deal", amount=5)


def test_shoot_8_an_empty_kitty_is_put_up_again_or_the_bank_sold():
    t = shoot_table()
    t.start_deal({"Ben": 2, "Cy": 3, "Dee": 1}, shoots={"Ben": 10}, kitty=10)
    t.do("stick")
    t.do("stick")
    t.do("stick")
    t.do("reveal", player="Ben", hand=1, cards=["Kc", "9c"])
    t.do("reveal", player="Cy", hand=1, cards=["Kd", "5d"])
    t.do("reveal", player="Dee", hand=1, cards=["Ks", "5s"])
    t.do("banker_reveal", cards=["Kh", "8h"])
    t.do("banker_stick")
    assert t.view["kitty"] == 0 and t.view["phase"] == "kitty" and t.view["deal_over"]
    assert set(t.view["legal"]) == {"kitty", "sell_bank", "end_session"}
    t.reject("deal", "PONTOON-SHOOT-8", "kitty before dealing")
    t.do("sell_bank", to="Dee", price=15)
    assert t.view["banker"] == "Dee" and t.view["phase"] == "kitty"
    t.do("kitty", amount=12)
    t.do("deal")
    assert [h["player"] for h in t.view["hands"]] == ["Ann", "Ben", "Cy"]


def test_shoot_8_the_old_banker_takes_the_kitty_when_the_bank_passes():
    t = shoot_table()
    t.start_deal({"Ben": 2, "Cy": 3, "Dee": 1}, shoots={"Cy": 4}, kitty=30)
    t.do("stick")
    t.do("pontoon", cards=["As", "Js"])       # Cy takes the bank
    t.do("stick")
    t.do("reveal", player="Ben", hand=1, cards=["Kc", "9c"])
    t.do("reveal", player="Dee", hand=1, cards=["Kd", "5d"])
    t.do("banker_reveal", cards=["Kh", "8h"])
    t.do("banker_stick")
    v = t.view
    assert v["banker"] == "Cy" and v["kitty"] == 0 and v["phase"] == "kitty"
    returned = [line for line in v["ledger"] if line["from"] == "kitty"]
    assert [(line["to"], line["amount"]) for line in returned] == [("Cy", 4), ("Ann", 26)]
    assert v["history"][0]["bank_change"]["reason"] == "pontoon"
    assert v["history"][0]["kitty"] == 0
    t.reject("kitty", "PONTOON-SHOOT-1", "10 to 100", amount=5)
    t.do("kitty", amount=10)
    assert t.view["kitty"] == 10 and t.view["phase"] == "settled"
    t.do("sell_bank", to="Ben", price=0)      # given away: no price line, kitty back to Cy
    assert [line["kind"] for line in t.view["ledger"][-1:]] == ["kitty"]
    assert t.view["ledger"][-1]["to"] == "Cy" and t.view["kitty"] == 0
    assert sum(t.balances().values()) + t.view["kitty"] == 0
