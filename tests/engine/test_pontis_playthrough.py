"""Pontis: seeded random games with real (simulated) hands, checked after every entry.

The simulated table knows every hand; the engine only sees what is entered. Players mostly
play honestly, but sometimes fake a miss, pass on the sum ability while holding a pair, or play
a joker while holding a real bridge card, so the referee's proofs are exercised: every proof
must point at a really dishonest moment, and every dishonest moment must be proved as soon as
the card that gives it away is played.
"""
from __future__ import annotations

import itertools
import pickle
import random
from collections import Counter

import pytest

from referee.cards import JOKER, RANKS, SUITS, Card, standard_deck
from referee.engine import GameRules, apply
from referee.games.pontis.engine import GAME, RANK_VALUES
from tests.engine import table as driver
from tests.engine.playthrough import played

NAMES = ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")

# (players, house rules); each match plays `games` games. Covers 2–8 players, every house
# rule, shared banks and several banks each, and two-player tables on 2, 4 and 6 banks
# (PONTIS-SUM-5 follows the number of players, ruling 2026-11-23).
MATCHES = [
    (2, {}),
    (2, {"jokers": 4, "liar_points": 2, "pair_suit_points": "top"}),
    (2, {"banks": 4, "liar_points": 1}),
    (2, {"banks": 6, "jokers": 3}),
    (3, {"liar_points": 3}),
    (3, {"banks": 6, "pair_suit_points": "top"}),
    (3, {"jokers": 3, "banks": 9}),
    (4, {"banks": 2, "liar_points": 2}),
    (4, {"banks": 2, "bank_scoring": "individual", "liar_points": 5}),
    (4, {"banks": 8, "jokers": 4}),
    (4, {"jokers": 4, "liar_points": 1}),
    (5, {"liar_points": 3, "pair_suit_points": "top"}),
    (5, {"jokers": 3}),
    (6, {"banks": 3, "liar_points": 2}),
    (6, {"banks": 2, "bank_scoring": "individual"}),
    (6, {"banks": 12, "liar_points": 4}),
    (6, {"banks": 3, "bank_scoring": "individual", "pair_suit_points": "top", "jokers": 4}),
    (7, {"liar_points": 2}),
    (8, {"banks": 4, "liar_points": 2}),
    (8, {"banks": 2, "jokers": 3}),
    (8, {"pair_suit_points": "top", "jokers": 4, "liar_points": 1}),
]
GAMES_PER_MATCH = played(10)
MAX_ENTRIES_PER_GAME = 2000


def single(card: Card) -> int:
    return RANK_VALUES[card.rank][0]


def tops_bridge(own: Card, aff: Card) -> set[int]:
    return {abs(a - b) for a in RANK_VALUES[own.rank] for b in RANK_VALUES[aff.rank]}


def pair_makes(a: Card, b: Card) -> set[int]:
    return {v for x in RANK_VALUES[a.rank] for y in RANK_VALUES[b.rank] for v in (x + y, abs(x - y))}


class SimTable(driver.Table):
    """The table: real hands, the entries made, and an independent account of the game. It
    plays through the shared driver; ``board`` is the view as last seen after an entry."""

    def __init__(self, rng: random.Random, players: int, settings: dict):
        super().__init__(GAME, NAMES[:players], settings, "play")
        self.rng = rng
        self.names = NAMES[:players]
        self.n = players
        self.b = settings.get("banks") or players
        self.jokers = self.settings.jokers
        self.numbered: list[tuple[int, dict]] = []   # (entry number, entry), with the gaps
        self.stats: Counter = Counter()
        self.totals = {name: 0 for name in self.names}

    # seats and banks, as the table agreed them -------------------------------------------
    def bank_players(self, bank: int) -> list[int]:
        if self.b >= self.n:
            return [bank % self.n]
        return list(range(bank, self.n, self.b))

    def group(self, seat: int) -> set[int]:
        if self.settings.bank_scoring == "individual":
            return {seat}
        banks = [b for b in range(self.b) if seat in self.bank_players(b)]
        return {p for b in banks for p in self.bank_players(b)}

    # entering ------------------------------------------------------------------------------
    def enter(self, action: dict) -> tuple:
        self.seq += self.rng.choice((0, 0, 0, 1))   # undone entries leave gaps (``do`` adds one)
        before = self.state
        found = self.do(action)
        assert self.state != before, f"{action} was accepted and changed nothing"
        self.numbered.append((self.seq, action))
        self.board = self.view
        return found

    def refused(self, action: dict, rule: str) -> None:
        """Refused citing ``rule``, the state unchanged by value (the shared driver's check)."""
        self.refuse(action, rule)
        self.stats["refused " + rule] += 1

    def actor_field(self, seat: int, bank: int) -> dict:
        first = self.bank_players(bank)[0]
        if seat != first or self.rng.random() < 0.3:
            return {"player": self.names[seat]}
        return {}

    # one game ------------------------------------------------------------------------------
    def play_game(self) -> None:
        rng = self.rng
        view = self.board = self.view
        assert view["phase"] == "deal"
        self.suit = rng.choice(SUITS)
        dealer = view["next_dealer"]
        self.enter({"type": "deal", "foundation_suit": self.suit, "player": dealer})
        suit_cards = [Card(rank, self.suit) for rank in RANKS]
        rng.shuffle(suit_cards)
        self.foundations = suit_cards[: self.b]
        rest = [c for c in standard_deck(self.jokers) if c not in self.foundations]
        rng.shuffle(rest)
        self.hand_size = len(rest) // self.n
        self.out_of_play = len(rest) % self.n
        self.hands = [rest[i * self.hand_size:(i + 1) * self.hand_size] for i in range(self.n)]
        self.piles: list[list[tuple[Card, Card, int, bool]]] = [[] for _ in range(self.b)]
        self.dishonest: dict[int, list] = {}    # seq -> what gave it away
        self.liar = [0] * self.n
        self.last_card_seq = None
        self.first_miss_after: tuple[int, int] | None = None   # (seat, seq)
        self.claim = None
        self.sum_by_claim = False
        self.misses = 0
        self.sum_misses = 0
        self.check(self.board)
        for _ in range(MAX_ENTRIES_PER_GAME):
            if self.board["phase"] in ("deal", "over"):
                break
            self.turn(self.board)
            self.maybe_call()
            self.check(self.board)
        else:
            raise AssertionError("a game did not end")
        self.check_result(self.board)

    def turn(self, view: dict) -> None:
        bank = view["bank_in_turn"]
        seats = self.bank_players(bank)
        assert view["turn_players"] == [self.names[s] for s in seats]
        if view["phase"] == "reveal":
            seat = self.rng.choice(seats)
            card = self.foundations[bank]
            self.enter({"type": "reveal", "card": str(card), **self.actor_field(seat, bank)})
            self.piles[bank].append((card, card, seat, False))
            return
        own = self.piles[bank][-1][1]
        aff_top = self.piles[(bank - 1) % self.b][-1][1]
        full = tops_bridge(own, aff_top)
        if view["phase"] == "play":
            assert view["bridge"] == sorted(full - {0})          # PONTIS-TURN-1
            self.single_turn(bank, seats, full - {0}, aff_top)
        else:
            assert view["pair_targets"] == sorted(full)
            # only a curdle maker's king on an ace curdle can be played alone (ruling 2026-11-23)
            assert view["bridge"] == (sorted(full - {0}) if self.sum_by_claim else [])
            self.sum_turn(bank, seats, full, aff_top)

    def on_bank(self) -> set[Card]:
        return {entry[1] for pile in self.piles for entry in pile} | {
            entry[0] for pile in self.piles for entry in pile}

    def nameable(self, bridge: set[int]) -> list[Card]:
        # PONTIS-TURN-5 (ruling 2026-11-23): a joker may stand for any card, even one on a bank
        return [Card(rank, suit) for rank in RANKS for suit in SUITS
                if RANK_VALUES[rank][0] in bridge]

    def single_turn(self, bank, seats, bridge, aff_top) -> None:
        rng = self.rng
        holders = [(s, c) for s in seats for c in self.hands[s]
                   if not c.is_joker and single(c) in bridge]
        joker_seats = [s for s in seats if JOKER in self.hands[s]]
        names = self.nameable(bridge) if bridge and joker_seats else []
        # now and then, first try a card that is not a bridge: it must be refused
        if rng.random() < 0.05:
            seat = rng.choice(seats)
            wrong = [c for c in self.hands[seat] if not c.is_joker and single(c) not in bridge]
            if wrong:
                card = rng.choice(wrong)
                rule = ("PONTIS-CURDLE-1" if not bridge else
                        "PONTIS-VALUE-2" if card.rank == "A" else "PONTIS-TURN-3")
                self.refused({"type": "play", "card": str(card), **self.actor_field(seat, bank)}, rule)
        roll = rng.random()
        if holders and roll < 0.08:
            seat = rng.choice(seats)
            self.miss(bank, seat, bridge, witnesses=holders)
            self.stats["faked miss"] += 1
        elif holders and roll < 0.14 and joker_seats and names:
            seat = rng.choice(joker_seats)
            own_real = [c for s, c in holders if s == seat]
            self.play_joker(bank, seat, rng.choice(names), aff_top, bridge, own_real)
            self.stats["illegal joker" if own_real else "joker"] += 1
        elif holders:
            seat, card = rng.choice(holders)
            self.play_cards(bank, seat, [card], aff_top)
        elif joker_seats and names and rng.random() < 0.5:
            self.play_joker(bank, rng.choice(joker_seats), rng.choice(names), aff_top, bridge, [])
            self.stats["joker"] += 1
        else:
            self.miss(bank, rng.choice(seats), bridge, witnesses=[])

    def sum_turn(self, bank, seats, full, aff_top) -> None:
        rng = self.rng
        pairs = [(s, a, b) for s in seats
                 for a, b in itertools.combinations([c for c in self.hands[s] if not c.is_joker], 2)
                 if pair_makes(a, b) & full]
        kings = [(s, c) for s in seats for c in self.hands[s]
                 if self.sum_by_claim and not c.is_joker and single(c) in full - {0}]
        if kings and rng.random() < 0.5:
            seat, card = rng.choice(kings)       # a king on an ace curdle, the ability unused
            self.play_cards(bank, seat, [card], aff_top)
            self.stats["king answering an ace curdle with the sum ability"] += 1
        elif pairs and rng.random() < 0.9:
            seat, a, b = rng.choice(pairs)
            self.play_cards(bank, seat, [a, b], aff_top)
        else:
            if pairs:
                self.stats["faked sum miss"] += 1
            self.miss(bank, rng.choice(seats), full, witnesses=pairs, sum_phase=True)

    # what happens on the table -------------------------------------------------------------
    def miss(self, bank, seat, targets, witnesses, sum_phase=False) -> None:
        found = self.enter({"type": "miss", **self.actor_field(seat, bank)})
        assert found == ()
        claimed = not sum_phase and self.claim is not None and self.claim != bank
        assert self.state.game.phase == "ended" or self.board["bank_in_turn"] == (
            self.claim if claimed else (bank + 1) % self.b)
        if witnesses:
            self.dishonest[self.seq] = [("pair" if sum_phase else "card", w) for w in witnesses]
        if self.first_miss_after is None:
            self.first_miss_after = (seat, self.seq)
        if sum_phase:
            self.sum_misses += 1
        else:
            self.misses += 1
        view = self.board
        if view["phase"] in ("deal", "over"):
            assert sum_phase and self.sum_misses == self.b           # PONTIS-END-1
        elif sum_phase:
            assert view["phase"] == "sum" and view["bank_in_turn"] == (bank + 1) % self.b
            self.sum_by_claim = False
        else:
            expect_sum = self.misses == self.b or (self.claim is not None and self.claim != bank)
            assert (view["phase"] == "sum") == expect_sum, (self.misses, self.claim)
            if expect_sum:
                self.sum_misses = 0
                self.sum_by_claim = claimed
                self.stats["sum ability (two-player curdle)" if claimed else "sum ability"] += 1
            self.claim = None if expect_sum else self.claim

    def play_joker(self, bank, seat, named, aff_top, bridge, own_real) -> None:
        found = self.enter({"type": "play", "card": "JK", "as": str(named),
                            **self.actor_field(seat, bank)})
        assert found == ()
        if own_real:
            self.dishonest[self.seq] = [("joker", (seat, c)) for c in own_real]
        self.hands[seat].remove(JOKER)
        self.place(bank, seat, [(JOKER, named)], aff_top)

    def play_cards(self, bank, seat, cards, aff_top) -> None:
        if len(cards) == 1:
            action = {"type": "play", "card": str(cards[0])}
            placed = [(cards[0], cards[0])]
        else:
            top = self.rng.choice(cards)
            under = cards[0] if top == cards[1] else cards[1]
            action = {"type": "pair", "cards": [str(c) for c in cards], "top": str(top)}
            placed = [(under, under), (top, top)]
        found = self.enter({**action, **self.actor_field(seat, bank)})
        for card in cards:
            self.hands[seat].remove(card)
        self.place(bank, seat, placed, aff_top)
        self.check_proofs(seat, found)

    def curdles(self, bank) -> set[int]:
        """The neighbouring banks whose top has the rank of this bank's top (PONTIS-CURDLE-1)."""
        return {o for o in ((bank - 1) % self.b, (bank + 1) % self.b)
                if self.piles[o] and self.piles[o][-1][1].rank == self.piles[bank][-1][1].rank}

    def place(self, bank, seat, placed, aff_top) -> None:
        before_curdle = self.curdles(bank)
        top_only = len(placed) == 2 and self.settings.pair_suit_points == "top"
        for i, (card, counts) in enumerate(placed):
            point = counts.suit == aff_top.suit and (not top_only or i == len(placed) - 1)
            self.piles[bank].append((card, counts, seat, point))
        self.last_card_seq = self.seq
        self.first_miss_after = None
        self.misses = 0
        self.sum_misses = 0
        self.claim = None
        self.sum_by_claim = False
        if self.n == 2 and self.curdles(bank) - before_curdle:
            self.claim = bank                                   # PONTIS-SUM-5
        view = self.board
        if not self.hands[seat]:
            assert view["ending"] == "out" and view["ended_by"] == self.names[seat]
        else:
            assert view["ending"] is None and view["bank_in_turn"] == (bank + 1) % self.b
            holder = self.bank_players(bank)[0]
            assert view["sum_ability"] == (self.names[holder] if self.claim is not None else None)

    def check_proofs(self, seat, found) -> None:
        """Every proof names a dishonest moment; every give-away just played is proved."""
        view = self.board
        proven = {f["missed_at"] for f in view["fakes"]}
        for finding in found:
            fake = next(f for f in view["fakes"] if f["seq"] == self.seq and f["message"] == str(finding.message))
            assert fake["missed_at"] in self.dishonest, fake
            assert fake["player"] == self.names[seat]
            self.stats["finding " + finding.rule] += 1
        played = {c for pile in self.piles for c, _, s, _ in pile if s == seat and not c.is_joker}
        for seq, witnesses in self.dishonest.items():
            for kind, witness in witnesses:
                if kind == "pair":
                    w_seat, a, b = witness
                    gave_away = w_seat == seat and a in played and b in played
                else:
                    w_seat, card = witness
                    gave_away = w_seat == seat and card in played
                if gave_away:
                    assert seq in proven, (seq, kind, witness)

    def maybe_call(self) -> None:
        view = self.board
        if "liar" not in view["legal"]:
            assert not any(f["called_by"] is None for f in view["fakes"]) \
                or self.settings.liar_points == 0
            return
        if self.rng.random() < 0.3:
            return
        waiting = [f for f in view["fakes"] if f["called_by"] is None]
        fake = self.rng.choice(waiting)
        faker = self.names.index(fake["player"])
        self.refused({"type": "liar", "caller": fake["player"], "missed_at": fake["missed_at"]},
                     "PONTIS-LIAR-3")
        callers = [p for p in range(self.n) if p not in self.group(faker) and p != faker]
        if not callers:
            return
        caller = self.rng.choice(callers)
        if self.rng.random() < 0.5:
            # PONTIS-LIAR-3 (ruling 2026-11-23): the call names its proof
            self.enter({"type": "liar", "caller": self.names[caller], "missed_at": fake["missed_at"]})
            self.stats["liar call naming its proof"] += 1
        else:
            # without a name: the latest proof this caller may call
            fake = [f for f in waiting if caller not in self.group(self.names.index(f["player"]))
                    and self.names[caller] != f["player"]][-1]
            self.enter({"type": "liar", "caller": self.names[caller]})
        called = [f for f in self.board["fakes"] if f["called_by"] is not None]
        assert any(f["seq"] == fake["seq"] and f["missed_at"] == fake["missed_at"]
                   and f["called_by"] == self.names[caller] for f in called)
        self.liar[caller] += self.settings.liar_points
        self.stats["liar call"] += 1

    # invariants ----------------------------------------------------------------------------
    def expected_rows(self, ending=None, ended_by=None) -> dict[str, int]:
        cards, suits = [0] * self.n, [0] * self.n
        for pile in self.piles:
            for _, _, seat, point in pile:
                cards[seat] += 1
                suits[seat] += point
        rows = {}
        for seat in range(self.n):
            group = self.group(seat)
            bonus = 0
            if ended_by is not None and ended_by in group:
                bonus = {"out": 4, "blocked": -2}.get(ending, 0)
            rows[self.names[seat]] = {
                "player": self.names[seat], "bank_cards": sum(cards[p] for p in group),
                "suit_points": sum(suits[p] for p in group), "bonus": bonus,
                "liar_points": self.liar[seat]}
            rows[self.names[seat]]["score"] = sum(
                v for k, v in rows[self.names[seat]].items() if k != "player")
        return rows

    def check(self, view: dict) -> None:
        deck = 52 + self.jokers
        hands = view["hands"]
        assert all(v >= 0 for v in hands.values())
        assert hands == {self.names[s]: len(self.hands[s]) for s in range(self.n)}
        assert sum(b["count"] for b in view["banks"]) + sum(hands.values()) + \
            view["out_of_play"] == deck
        assert view["out_of_play"] == self.out_of_play and view["hand_size"] == self.hand_size
        real = [c for pile in self.piles for c, *_ in pile if not c.is_joker]
        assert len(real) == len(set(real)), "a card was entered twice"
        for bank, entry in enumerate(view["banks"]):
            pile = self.piles[bank]
            assert entry["count"] == max(1, len(pile))
            assert entry["top"] == (str(pile[-1][1]) if pile else None)
            assert entry["joker"] == bool(pile and pile[-1][0].is_joker)
        if view["ending"] is None:
            rows = self.expected_rows()
            assert view["deal_scores"] == {name: r["score"] for name, r in rows.items()}

    def check_result(self, view: dict) -> None:
        ending, ended_by = view["ending"], view["ended_by"]
        self.stats["ending " + ending] += 1
        tops = {pile[-1][1].rank for pile in self.piles}
        if ending == "out":
            assert self.hands[self.names.index(ended_by)] == []
        else:
            assert (ending == "complete_curdle") == (len(tops) == 1)             # END-3
            assert all(self.hands[s] for s in range(self.n))
        if ending == "blocked":
            assert ended_by == self.names[self.first_miss_after[0]]              # END-4
        seat = None if ended_by is None else self.names.index(ended_by)
        rows = self.expected_rows(ending, seat)
        game = view["history"][-1]
        assert game["rows"] == [rows[name] for name in self.names]               # END-5
        assert game["scores"] == {name: r["score"] for name, r in rows.items()}
        assert game["foundation_suit"] == self.suit and game["ending"] == ending
        for name, r in rows.items():
            self.totals[name] += r["score"]
        assert view["scores"] == self.totals


@pytest.mark.parametrize("index", range(len(MATCHES)))
def test_random_match(index):
    players, settings = MATCHES[index]
    table = SimTable(random.Random(1000 + index), players, {**settings, "games": GAMES_PER_MATCH})
    for _ in range(GAMES_PER_MATCH):
        table.play_game()
    view = GAME.view(table.state)
    assert view["match_over"] and view["phase"] == "over" and len(view["history"]) == GAMES_PER_MATCH
    assert [g["dealer"] for g in view["history"]] == [
        table.names[k % players] for k in range(GAMES_PER_MATCH)]
    table.refused({"type": "deal", "foundation_suit": "c"}, "PONTIS-END-5")
    # The totals the state carries are the sum over every game it recorded, calls made after a
    # game's last card included (PONTIS-END-5, PONTIS-LIAR-3).
    by_seat = [0] * players
    for result in table.state.results:
        for row in result.rows:
            by_seat[row.player] += row.score
    assert table.state.totals == tuple(by_seat)
    STATS.update(table.stats)
    # replay: the same entries from the start give the same state
    replayed = GAME.start(table.state.players, table.settings, "play")
    for seq, action in table.numbered:
        replayed, _ = apply(GAME, replayed, action, seq)
        # Pontis answers legal() from refusals it makes without raising them: the same answer
        # as the base's, which raises and catches each.
        assert GAME.legal(replayed) == GameRules.legal(GAME, replayed), seq
    assert GAME.view(replayed) == view
    assert replayed == table.state


STATS: Counter = Counter()


def test_the_playthrough_exercised_everything():
    """Runs after the matches (file order): at least 200 games and every kind of event."""
    if not STATS:
        for index in range(len(MATCHES)):
            test_random_match(index)
    games = sum(v for k, v in STATS.items() if k.startswith("ending "))
    assert games == len(MATCHES) * GAMES_PER_MATCH >= played(200)
    for event in ("ending out", "ending blocked", "ending complete_curdle",
                  "finding PONTIS-LIAR-2", "finding PONTIS-TURN-4", "liar call",
                  "faked miss", "faked sum miss", "illegal joker", "joker", "sum ability",
                  "sum ability (two-player curdle)", "liar call naming its proof",
                  "king answering an ace curdle with the sum ability",
                  "refused PONTIS-TURN-3",
                  "refused PONTIS-CURDLE-1", "refused PONTIS-LIAR-3"):
        assert STATS[event] > 0, (event, STATS)


def test_apply_never_changes_its_input(monkeypatch):
    table = SimTable(random.Random(7), 3, {"liar_points": 2, "games": 2})
    checked = []

    def guarded(game, state, action, seq):
        before = GAME.view(state)
        frozen = pickle.dumps(state)
        result = apply(game, state, action, seq)
        assert GAME.view(state) == before
        assert pickle.loads(frozen) == state
        assert pickle.loads(pickle.dumps(result[0])) == result[0]
        checked.append(seq)
        return result

    monkeypatch.setattr(driver, "apply", guarded)   # every entry goes through the shared driver
    table.play_game()
    table.play_game()
    assert len(checked) > 40
