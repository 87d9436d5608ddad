"""Reverse Bridge: seeded random matches played card by card from known deals.

The test knows all four hands; the engine only sees what is entered at the table. Legal play
(from the test's own forced-capture move generator) must never produce a finding; breaches
injected on purpose must all be found by the end-of-hand audit, each exactly once, and a
revoke must be reported live as soon as a later card proves it (the audit then confirms it
instead of listing it again). Invariants are checked after
every action.
"""
from __future__ import annotations

import json
import random
from collections import Counter

from referee.cards import Card, standard_deck
from tests.engine.playthrough import played
from tests.engine.test_reverse_bridge import (
    CARD_IN_TEXT,
    GAME,
    HOUSE_SETTINGS,
    PLAYERS,
    TRUMP,
    Table,
    legal_cards,
    trick_winner,
)

DENOMINATIONS = ("C", "D", "H", "S", "NT")
RATE = {"C": 2, "D": 2, "H": 3, "S": 3, "NT": 3}
TEAM = ("NS", "EW", "NS", "EW")
DECK = frozenset(standard_deck())


def expected_scores(level: int, denomination: str, opponents: int) -> tuple[int, int]:
    made = opponents >= level
    bidders = (level * RATE[denomination] + (denomination == "NT")) if made else 0
    return bidders, 5 * abs(opponents - level)


class Match:
    """One simulated match: the real cards, the match as the table enters it (the shared
    driver), and what the test expects."""

    def __init__(self, rng: random.Random, house: str, hands: int, inject: float):
        self.rng = rng
        self.house = house
        self.inject = inject
        self.table = Table(dict(HOUSE_SETTINGS[house], hands=hands))
        self.totals = {"NS": 0, "EW": 0}
        self.dealer = 0
        self.hands_played = 0
        self.passed_out = 0
        self.stats = Counter()

    # -- entering actions --

    @property
    def state(self):
        return self.table.state

    @property
    def seq(self) -> int:
        return self.table.seq

    @property
    def findings(self) -> int:
        return len(self.table.findings)

    def do(self, action: dict, expected_turn: int | None):
        assert GAME.turn(self.state) == (None if expected_turn is None else PLAYERS[expected_turn])
        # Seqs need not be consecutive: skip one now and then (the driver adds the last 1).
        self.table.seq += self.rng.choice((1, 1, 1, 2)) - 1
        return list(self.table.do(action))

    # -- one hand --

    def play_hand(self):
        rng = self.rng
        self.do({"type": "deal"}, self.dealer)
        deck = list(standard_deck())
        rng.shuffle(deck)
        self.hands = {seat: deck[seat * 13:(seat + 1) * 13] for seat in range(4)}
        calls = self.auction()
        if calls is None:
            self.passed_out += 1
            self.dealer = (self.dealer + 1) % 4
            view = GAME.view(self.state)
            assert view["phase"] == "deal" and view["dealer"] == PLAYERS[self.dealer]
            assert view["passed_out"] == self.passed_out and view["hands_played"] == self.hands_played
            self.stats["passed out"] += 1
            return
        level, denom, bidder = next((lv, d, s) for s, lv, d in reversed(calls) if lv)
        first = next(s for s, lv, d in calls if d == denom)
        contract = GAME.view(self.state)["contract"]
        assert (contract["level"], contract["denomination"]) == (level, denom)
        assert contract["team"] == TEAM[bidder] and contract["leader"] == PLAYERS[(first + 1) % 4]
        self.play(level, denom, bidder, (first + 1) % 4)

    def auction(self):
        rng = self.rng
        calls = []                                         # (seat, level or 0, denomination)
        seat = (self.dealer + 1) % 4
        last = None
        while True:
            rank = -1 if last is None else DENOMINATIONS.index(last[1]) + 5 * (last[0] - 1)
            bid_now = rank < 64 and rng.random() < (0.55 if last is None else 0.3)
            if bid_now:
                new_rank = rng.randint(rank + 1, min(64, rank + 12))
                level, denom = new_rank // 5 + 1, DENOMINATIONS[new_rank % 5]
                self.do({"type": "bid", "level": level, "denomination": denom}, seat)
                calls.append((seat, level, denom))
                last = (level, denom)
            else:
                self.do({"type": "pass"}, seat)
                calls.append((seat, 0, None))
            seat = (seat + 1) % 4
            tail = calls[-3:]
            if last is None and len(calls) == 4:
                return None
            if last is not None and len(tail) == 3 and all(lv == 0 for _, lv, _ in tail) \
                    and calls[-4][1]:
                return calls

    def play(self, level, denom, bidder, leader):
        rng, hands = self.rng, self.hands
        trump = TRUMP[denom]
        expected_audit = []
        expected_live = []
        pending: dict[tuple[int, str], list[tuple[int, Card]]] = {}
        taken = {"NS": 0, "EW": 0}
        played: list[Card] = []
        for number in range(1, 14):
            trick: list[tuple[int, Card]] = []
            for position in range(4):
                seat = (leader + position) % 4
                hand = hands[seat]
                legal = legal_cards(hand, trick, trump, seat, self.house)
                illegal = [x for x in hand if x not in legal]
                if illegal and rng.random() < self.inject:
                    card = rng.choice(illegal)
                    led = trick[0][1].suit
                    revoke = any(x.suit == led for x in hand) and card.suit != led
                    rule = "RB-PLAY-1" if revoke else "RB-PLAY-2"
                    expected_audit.append((number, PLAYERS[seat], str(card), rule))
                    self.stats[f"{self.house} {rule}"] += 1
                else:
                    card = rng.choice(legal)
                # what the live check must report: this card proves earlier show-outs false
                proved = pending.pop((seat, card.suit), [])
                expected_live.extend((t, PLAYERS[seat], str(x)) for t, x in proved)
                if trick and card.suit != trick[0][1].suit:
                    pending.setdefault((seat, trick[0][1].suit), []).append((number, card))
                hand.remove(card)
                found = self.do({"type": "play", "card": str(card)}, seat)
                trick.append((seat, card))
                played.append(card)
                if number < 13 or position < 3:
                    assert len(found) == len(proved)
                    for finding in found:
                        assert finding.rule == "RB-PLAY-1" and finding.seq == self.seq
                        named = {str(Card.parse(x)) for x in CARD_IN_TEXT.findall(str(finding.message))}
                        assert named <= {str(x) for x in played}, "a finding named an unseen card"
                self.check(played, trick, taken, number)
            winner = trick_winner(trick, trump)
            taken[TEAM[winner]] += 1
            leader = winner
        # the hand is over: scored, audited
        self.hands_played += 1
        view = GAME.view(self.state)
        record = view["history"][-1]
        opponents = "EW" if TEAM[bidder] == "NS" else "NS"
        assert record["tricks"] == taken and record["opponents_tricks"] == taken[opponents]
        bid_points, opp_points = expected_scores(level, denom, taken[opponents])
        assert record["scores"] == {TEAM[bidder]: bid_points, opponents: opp_points}
        # one breach, one finding: every breach once, a live proof confirmed by the audit
        audit = [(f["trick"], f["player"], f["card"], f["rule"]) for f in record["findings"]]
        live = [(f["trick"], f["player"], f["card"])
                for f in record["findings"] if f["source"] == "live"]
        assert sorted(audit) == sorted(expected_audit)
        assert sorted(live) == sorted(expected_live)
        assert all(f["confirmed"] == self.seq for f in record["findings"] if f["source"] == "live")
        assert all(f["confirmed"] is None and f["seq"] == self.seq
                   for f in record["findings"] if f["source"] == "audit")
        self.stats["live proofs"] += len(live)
        self.stats["hands"] += 1
        for team in self.totals:
            self.totals[team] += record["scores"][team]
        if self.rng.random() < 0.15:
            tricks = self.rng.randint(0, 13)
            self.do({"type": "adjust", "tricks": tricks, "reason": "recount"}, None if
                    view["phase"] == "match_over" else (self.dealer + 1) % 4)
            for team in self.totals:
                self.totals[team] -= record["scores"][team]
            bid_points, opp_points = expected_scores(level, denom, tricks)
            self.totals[TEAM[bidder]] += bid_points
            self.totals[opponents] += opp_points
            self.stats["adjusted"] += 1
        view = GAME.view(self.state)
        assert view["scores"] == self.totals
        assert view["hands_played"] == self.hands_played
        if view["phase"] == "audit":
            self.dealer = (self.dealer + 1) % 4

    def check(self, played, trick, taken, number):
        """Invariants after every card."""
        view = GAME.view(self.state)
        if len(trick) == 4:
            json.dumps(view, default=list)  # the rows rendered where read (referee.rendered.Rows) are lists
        seen = [p["card"] for t in view["tricks_played"] for p in t["cards"]] + view["trick"]
        assert seen == [str(x) for x in played]
        held = [x for seat in range(4) for x in self.hands[seat]]
        assert len(held) + len(played) == 52 and set(held).isdisjoint(played)
        assert set(held) | set(played) == DECK
        finished = len(view["tricks_played"])
        assert view["tricks"]["NS"] + view["tricks"]["EW"] == finished
        assert finished in (number - 1, number) and min(view["tricks"].values()) >= 0
        if view["phase"] == "play":
            assert view["tricks"] == taken or finished == number
        assert len(view["findings"]) == self.findings
        assert view["scores"] == {team: sum(r["scores"][team] for r in view["history"])
                                  for team in ("NS", "EW")}
        assert all(score >= 0 for score in view["scores"].values())

    def run(self):
        while not GAME.view(self.state)["match_over"]:
            self.play_hand()
        view = GAME.view(self.state)
        assert view["hands_played"] == view["settings"]["hands"]
        assert view["legal"] == ["adjust"] and view["turn"] is None
        return self.stats


def simulate(seed: int, hands_wanted: int, inject: float) -> Counter:
    rng = random.Random(seed)
    stats = Counter()
    houses = list(HOUSE_SETTINGS)
    index = 0
    while stats["hands"] < hands_wanted:
        house = houses[index % len(houses)]
        index += 1
        stats += Match(rng, house, rng.choice((4, 4, 8)), inject).run()
        stats[f"matches {house}"] += 1
    return stats


def test_random_legal_play_produces_no_findings():
    stats = simulate(seed=2026, hands_wanted=played(300), inject=0.0)
    assert stats["hands"] >= played(300)
    assert stats["passed out"] > 0 and stats["adjusted"] > 0
    assert all(stats[f"matches {house}"] > 0 for house in HOUSE_SETTINGS)
    assert not any(key.endswith(("RB-PLAY-1", "RB-PLAY-2")) for key in stats)
    assert stats["live proofs"] == 0


def test_injected_breaches_are_all_found():
    stats = simulate(seed=77, hands_wanted=played(100), inject=0.06)
    assert stats["hands"] >= played(100)
    for house in HOUSE_SETTINGS:
        assert stats[f"{house} RB-PLAY-1"] > 0, house
    for house in ("standard", "capture_over_partner"):
        assert stats[f"{house} RB-PLAY-2"] > 0, house
    assert stats["live proofs"] > 0
