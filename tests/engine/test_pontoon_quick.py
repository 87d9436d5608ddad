"""Pontoon quick mode: one ``quick`` action per deal, settled by the engine into the ledger."""
from __future__ import annotations

import itertools

import pytest

from tests.engine.test_pontoon_hands import expected
from tests.engine.test_pontoon_support import Table


def quick_table(**settings) -> Table:
    return Table(players=("Ann", "Ben", "Cy", "Dee"), mode="quick", **settings)


def h(player, stake, cls, **more):
    return {"player": player, "stake": stake, "class": cls, **more}


def test_quick_settles_a_deal_against_a_standing_banker():
    t = quick_table()
    assert t.view["legal"] == ["cut", "quick", "sell_bank", "end_session"]
    t.do("quick", banker_class="total", banker_total=18,
         hands=[h("Ben", 4, "total", total=19), h("Cy", 2, "pontoon"), h("Dee", 3, "bust")])
    v = t.view
    assert v["balances"] == {"Ann": -4 - 4 + 3, "Ben": 4, "Cy": 4, "Dee": -3}
    assert v["deal"] == 0 and v["phase"] == "settled" and v["deal_over"]
    assert [(r["player"], r["class"], r["result"], r["amount"]) for r in v["settlement"]] == [
        ("Ben", "total", "win", 4), ("Cy", "pontoon", "win", 4), ("Dee", "bust", "lose", -3)]
    assert v["banker"] == "Cy" and v["shuffle"] is True        # Cy's pontoon takes the bank
    assert v["history"][0]["banker"] == "Ann" and v["history"][0]["scores"]["Cy"] == 4
    t.do("quick", banker_class="bust",
         hands=[h("Dee", 2, "five_card_trick"), h("Ann", 2, "total", total=12), h("Ben", 1, "bust")])
    assert t.view["deal"] == 1 and t.view["deal_scores"] == {"Ann": 2, "Ben": -1, "Cy": -5, "Dee": 4}
    assert t.view["shuffle"] is False


def test_quick_split_hands_are_listed_per_hand_and_do_not_take_the_bank():
    t = quick_table()
    t.do("quick", banker_class="five_card_trick",
         hands=[h("Ben", 2, "pontoon"), h("Ben", 2, "five_card_trick"), h("Cy", 5, "total", total=21),
                h("Dee", 1, "pontoon")])
    v = t.view
    assert [(r["player"], r["hand"]) for r in v["settlement"]] == [("Ben", 1), ("Ben", 2), ("Cy", 1),
                                                                   ("Dee", 1)]
    assert v["balances"] == {"Ann": -4 + 4 + 10 - 2, "Ben": 0, "Cy": -10, "Dee": 2}
    assert v["banker"] == "Dee"                  # Ben's pontoon was in a split hand


def test_quick_banker_pontoon_ends_at_the_second_card():
    t = quick_table(banker_pontoon_collects=1)
    t.reject("quick", "PONTOON-DEAL-2", "Ben", banker_class="pontoon",
             hands=[h("Ben", 2, "total", total=12), h("Ben", 2, "total", total=15),
                    h("Cy", 1, "total", total=9), h("Dee", 1, "total", total=9)])
    t.do("quick", banker_class="pontoon",
         hands=[h("Ben", 2, "pontoon"), h("Cy", 3, "total", total=9), h("Dee", 1, "total", total=20)])
    assert t.view["balances"] == {"Ann": 6, "Ben": -2, "Cy": -3, "Dee": -1}
    assert t.view["banker"] == "Ann" and t.view["shuffle"] is True


def test_quick_validation_cites_the_rule():
    t = quick_table(shoot=False)
    ok = [h("Cy", 1, "total", total=17), h("Dee", 1, "total", total=17)]
    t.reject("quick", "PONTOON-VARIANT-6", "banker", banker_class="royal_pontoon",
             hands=[h("Ben", 1, "bust")] + ok)
    t.reject("quick", "PONTOON-VARIANT-6", "not played", banker_class="bust",
             hands=[h("Ben", 1, "royal_pontoon")] + ok)
    t.reject("quick", "PONTOON-HAND-2", "over 21", banker_class="total", banker_total=22,
             hands=[h("Ben", 1, "bust")] + ok)
    t.reject("quick", "PONTOON-HAND-1", "no hand counts 3", banker_class="bust",
             hands=[h("Ben", 1, "total", total=3)] + ok)
    t.reject("quick", "PONTOON-DEAL-1", "Ben missing", banker_class="bust", hands=ok)
    t.reject("quick", "PONTOON-DEAL-1", "Ann is the banker", banker_class="bust",
             hands=[h("Ann", 1, "bust"), h("Ben", 1, "bust")] + ok)
    t.reject("quick", "PONTOON-SETUP-3", "outside 1 to 70", banker_class="bust",
             hands=[h("Ben", 71, "bust")] + ok)
    t.reject("quick", "PONTOON-SHOOT-2", "not being played", banker_class="bust",
             hands=[h("Ben", 1, "bust", shoot=3)] + ok)
    t.reject("quick", "PONTOON-VARIANT-3", "doubling", banker_class="bust", doubled=True,
             hands=[h("Ben", 1, "bust")] + ok)
    t.reject("quick", "PONTOON-TURN-2", "more than 4 hands", banker_class="bust",
             hands=[h("Ben", 1, "bust")] * 5 + ok)
    t.reject("quick", "ACTION", "class", banker_class="bust", hands=[h("Ben", 1, "blackjack")] + ok)
    t.reject("quick", "ACTION", "hands", banker_class="bust", hands=[])
    assert t.view["ledger"] == []


def test_quick_pontoon_ranking_needs_the_ten_card_when_pontoons_meet():
    t = quick_table(pontoon_ranking="natural")
    rest = [h("Cy", 1, "total", total=5), h("Dee", 1, "total", total=5)]
    t.reject("quick", "ACTION", "banker_ten_card", banker_class="pontoon",
             hands=[h("Ben", 2, "pontoon", ten_card="K")] + rest)
    t.reject("quick", "ACTION", "ten_card", banker_class="pontoon", banker_ten_card="J",
             hands=[h("Ben", 2, "pontoon")] + rest)
    t.do("quick", banker_class="pontoon", banker_ten_card="J",
         hands=[h("Ben", 2, "pontoon", ten_card="K")] + rest)
    assert t.view["balances"] == {"Ann": 0, "Ben": 4, "Cy": -2, "Dee": -2}
    a = quick_table(pontoon_ranking="ace_ten_is_21")
    a.reject("quick", "PONTOON-VARIANT-7", "ordinary 21", banker_class="bust",
             hands=[h("Ben", 2, "pontoon", ten_card="10")] + rest)


def test_quick_doubling_and_shoot():
    t = quick_table(banker_doubling=True, shoot=True, kitty_min=10)
    t.reject("quick", "PONTOON-SHOOT-1", "kitty first", banker_class="bust", hands=[])
    t.do("kitty", amount=10)
    t.reject("quick", "PONTOON-SHOOT-2", "more than the kitty", banker_class="total", banker_total=17,
             hands=[h("Ben", 2, "total", total=18, shoot=8), h("Cy", 2, "total", total=19, shoot=5),
                    h("Dee", 2, "total", total=12)])
    t.do("quick", banker_class="total", banker_total=17, doubled=True,
         hands=[h("Ben", 2, "total", total=18, shoot=8), h("Cy", 2, "bust", shoot=5),
                h("Dee", 2, "five_card_trick", shoot=2)])
    v = t.view
    assert v["kitty"] == 10 - 8 + 5 - 2
    assert v["balances"] == {"Ann": -10 - 4 + 4 - 4, "Ben": 12, "Cy": -9, "Dee": 6}
    assert sum(v["balances"].values()) + v["kitty"] == 0


# --- the settlement table through the engine and its ledger ---------------------------------

SEATS = ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
PLAYER_ENTRIES = {
    "bust": {"class": "bust"}, "16": {"class": "total", "total": 16},
    "19": {"class": "total", "total": 19}, "21 (3 cards)": {"class": "total", "total": 21},
    "five card trick": {"class": "five_card_trick"}, "pontoon": {"class": "pontoon"},
    "royal": {"class": "royal_pontoon"},
}
BANKER_ENTRIES = {
    "bust": {"banker_class": "bust"}, "15": {"banker_class": "total", "banker_total": 15},
    "18": {"banker_class": "total", "banker_total": 18},
    "19": {"banker_class": "total", "banker_total": 19},
    "21": {"banker_class": "total", "banker_total": 21},
    "five card trick": {"banker_class": "five_card_trick"},
}


@pytest.mark.parametrize("doubled, pays, collects",
                         list(itertools.product((False, True), (1, 2, 3), (1, 2))))
def test_quick_settlement_table_moves_the_right_money(doubled, pays, collects):
    for banker_name, banker_entry in BANKER_ENTRIES.items():
        t = Table(players=SEATS, mode="quick", banker_doubling=True, royal_pontoon=True,
                  pontoon_pays=pays, banker_pontoon_collects=collects, max_stake=10)
        names = list(PLAYER_ENTRIES)
        hands = [{"player": SEATS[k + 1], "stake": 3, **PLAYER_ENTRIES[name]}
                 for k, name in enumerate(names)]
        t.do("quick", doubled=doubled, hands=hands, **banker_entry)
        balances = t.balances()
        for k, name in enumerate(names):
            win, rate = expected(name, banker_name, doubled, pays, collects)
            assert balances[SEATS[k + 1]] == (3 * rate if win else -3 * rate), (name, banker_name)
        assert sum(balances.values()) == 0
    # The banker's pontoon, against the hands two cards can make.
    t = Table(players=SEATS[:4], mode="quick", banker_doubling=True, pontoon_pays=pays,
              banker_pontoon_collects=collects)
    t.do("quick", banker_class="pontoon", doubled=doubled, hands=[
        {"player": "Ben", "stake": 3, "class": "pontoon"},
        {"player": "Cy", "stake": 3, "class": "total", "total": 20},
        {"player": "Dee", "stake": 3, "class": "total", "total": 12}])
    for player, name in (("Ben", "pontoon"), ("Cy", "19"), ("Dee", "16")):
        win, rate = expected(name, "pontoon", doubled, pays, collects)
        assert t.balances()[player] == -3 * rate and not win
