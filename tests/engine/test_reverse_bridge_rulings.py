"""Reverse Bridge: the rulings of 2026-11-23, one test per ruling, named for the rule it rules on.

- RB-AUDIT: one breach, one finding. A revoke proved during play is confirmed by the
  end-of-hand audit, not listed a second time; the record shows when it was first proved.
- RB-QUICK: quick scoring takes the bidding team (``team``) in place of the bidder.
"""
from __future__ import annotations

import random

from referee.cards import Card
from referee.engine import judge
from tests.engine.test_reverse_bridge import (
    GAME,
    PLAYERS,
    E,
    N,
    S,
    Table,
    W,
    contract_table,
    cs,
    deal_with,
    finish_legally,
    legal_cards,
    play_from,
)


def revoke_proved_live():
    """Dan discards 2♦ on Ann's spade lead at trick 1 while holding A♠ 4♠, then plays a spade as
    soon as one is legal (which proves the revoke live); the hand is finished legally.
    Returns the table and the entry whose card proved the revoke."""
    table = contract_table("1H")
    hands = deal_with({N: cs("9s"), E: cs("Ks"), S: cs("2s"), W: cs("As 4s 2d")}, seed=3)
    assert play_from(table, hands, ["9s", "Ks", "2s", "2d"]) == []
    rng = random.Random(1)
    proved_at = None
    while proved_at is None:
        view = table.view
        seat = PLAYERS.index(view["turn"])
        trick = [(PLAYERS.index(p["player"]), Card.parse(p["card"])) for p in view["trick_cards"]]
        legal = legal_cards(hands[seat], trick, "h", seat)
        spades = [x for x in legal if x.suit == "s"]
        card = spades[0] if seat == W and spades else rng.choice(legal)
        hands[seat].remove(card)
        if table.do({"type": "play", "card": str(card)}):
            proved_at = table.seq
    finish_legally(table, hands)
    assert table.view["phase"] == "audit"
    return table, proved_at


def test_RB_AUDIT_one_breach_one_finding():
    table, proved_at = revoke_proved_live()
    view = table.view
    record = view["history"][-1]
    # the hand's record lists the breach once: as proved live, and confirmed by the audit
    (breach,) = [f for f in record["findings"] if (f["trick"], f["player"], f["card"]) == (1, "Dan", "2d")]
    assert breach["rule"] == "RB-PLAY-1" and breach["source"] == "live"
    assert breach["seq"] == proved_at                 # when it was first proved
    assert breach["confirmed"] == table.seq           # the 52nd card's entry: the audit
    assert breach["obliged"] == "follow suit with a ♠"
    # the match's findings name it once: the live proof; the audit adds no second copy
    about = [f for f in view["findings"] if "Trick 1: Dan played 2♦" in f["message"]]
    assert len(about) == 1 and about[0]["seq"] == proved_at and about[0]["rule"] == "RB-PLAY-1"
    assert len(view["findings"]) == len(record["findings"]) == 1


def test_RB_AUDIT_a_breach_only_the_audit_can_see_is_listed_once_from_the_audit():
    table = contract_table("1H")
    hands = deal_with({N: cs("5s"), E: cs("Ks 2s"), S: cs("3s"), W: cs("As")}, seed=0)
    play_from(table, hands, ["5s", "2s", "3s", "As"])          # Ben ducks with K♠ in hand
    finish_legally(table, hands, rng=random.Random(0))
    record = table.view["history"][-1]
    (breach,) = record["findings"]
    assert (breach["trick"], breach["player"], breach["card"], breach["rule"]) == (1, "Ben", "2s", "RB-PLAY-2")
    assert breach["source"] == "audit" and breach["seq"] == table.seq and breach["confirmed"] is None
    assert [f["message"] for f in table.view["findings"]] == [breach["message"]]


def test_RB_QUICK_the_bidding_team_in_place_of_a_bidder():
    table = Table({"hands": 4}, mode="quick")
    table.do({"type": "quick", "team": "EW", "level": 7, "denomination": "S", "tricks": 9})
    view = table.view
    assert view["scores"] == {"NS": 10, "EW": 21}            # RB-SCORE-4: 7♠, opponents take 9
    record = view["history"][0]
    assert record["bidding_team"] == "EW" and record["tricks"] == {"NS": 9, "EW": 4}
    assert record["contract"]["team"] == "EW" and record["contract"]["opponents"] == "NS"
    assert record["contract"]["bidder"] is None and record["contract"]["leader"] is None
    # the stored entry keeps the team it was given
    _state, _found, stored = judge(GAME, table.state, {"type": "quick", "team": "NS", "level": 1,
                                                        "denomination": "NT", "tricks": 1}, 2)
    assert stored == {"type": "quick", "team": "NS", "level": 1, "denomination": "NT", "tricks": 1}
    # exactly one of the two: both, or neither, is refused and says so
    both = table.refuse({"type": "quick", "team": "EW", "bidder": "Ben", "level": 1, "denomination": "C",
                         "tricks": 1}, "RB-QUICK")
    assert "not both" in str(both.message)
    neither = table.refuse({"type": "quick", "level": 1, "denomination": "C", "tricks": 1}, "RB-QUICK")
    assert "bidding team" in str(neither.message)
    table.refuse({"type": "quick", "team": "OW", "level": 1, "denomination": "C", "tricks": 1}, "ACTION", "team")
    # a bidder still works, and decides the team by their seat
    table.do({"type": "quick", "bidder": "Cat", "level": 9, "denomination": "D", "tricks": 6})
    assert table.view["history"][1]["bidding_team"] == "NS"
    assert table.view["history"][1]["contract"]["bidder"] == "Cat"
