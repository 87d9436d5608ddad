"""Pontoon: a stake entered once the stakes are over (DEAL-1). A player who has staked this
deal is told their stake stands; anyone else hears when stakes are taken, as before."""
from __future__ import annotations

from referee.i18n import language
from tests.engine.test_pontoon_support import Table


def test_a_second_stake_after_the_second_card_says_the_first_one_stands():
    t = Table()
    t.start_deal({"Ben": 5, "Cy": 3})
    refusal = t.reject("stake", "PONTOON-DEAL-1", "Ben has already staked 5", player="Ben", amount=6)
    assert "once the stakes are in" not in str(refusal.message)
    t.reject("stake", "PONTOON-DEAL-1", "Cy has already staked 3", player="Cy", amount=3)
    with language("de"):
        assert "Ben" in str(refusal.message) and "5" in str(refusal.message)
        assert "already" not in str(refusal.message)
    # Nobody else has a stake standing: the banker, a name not at the table, no name at all.
    t.reject("stake", "PONTOON-DEAL-1", "once the stakes are in", player="Ann", amount=5)
    t.reject("stake", "PONTOON-DEAL-1", "once the stakes are in", player="Dee", amount=5)
    t.reject("stake", "PONTOON-DEAL-1", "once the stakes are in", amount=5)
    assert "stake" not in t.legal


def test_a_stake_waiting_for_the_second_card_or_the_shoot_round_names_the_stake():
    t = Table()
    t.do("deal")
    t.do("stake", player="Ben", amount=4)
    t.do("stake", player="Cy", amount=2)
    assert t.view["phase"] == "second_card"
    t.reject("stake", "PONTOON-DEAL-1", "Ben has already staked 4", player="Ben", amount=4)
    shoot = Table(shoot=True)
    shoot.do("kitty", amount=50)
    shoot.do("deal")
    shoot.do("stake", player="Ben", amount=4)
    shoot.do("stake", player="Cy", amount=2)
    assert shoot.view["phase"] == "shoot"
    shoot.reject("stake", "PONTOON-DEAL-1", "Cy has already staked 2", player="Cy", amount=9)


def test_the_first_stake_is_named_not_what_buys_added_and_a_settled_deal_is_history():
    t = Table()
    t.start_deal({"Ben": 4, "Cy": 3})
    t.do("buy", amount=6)
    assert t.hand("Ben")["stake"] == 10
    t.reject("stake", "PONTOON-DEAL-1", "Ben has already staked 4", player="Ben", amount=4)
    t.do("stick")
    t.do("stick")
    assert t.view["phase"] == "banker"
    t.reject("stake", "PONTOON-DEAL-1", "Cy has already staked 3", player="Cy", amount=1)
    t.do("reveal", player="Ben", hand=1, cards=["9h", "8h", "2c"])
    t.do("reveal", player="Cy", hand=1, cards=["Kd", "9d"])
    t.do("banker_reveal", cards=["10c", "7c"])
    t.do("banker_stick")
    assert t.view["phase"] == "settled"
    # The settled deal's stakes are history: a stake waits for the next deal's first card.
    refusal = t.reject("stake", "PONTOON-DEAL-1", "after the first card", player="Ben", amount=5)
    assert "already staked" not in str(refusal.message)
