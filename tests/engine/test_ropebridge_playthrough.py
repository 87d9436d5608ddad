"""Ropebridge: seeded random games with a real shuffled pack, over every house rule.

The simulator knows every card (the row, both hands, the stock order); the engine sees only
what the table enters. After every action the view is checked against the simulator's truth:
cards conserved, positions never skipping a card, face-up counts following ROPE-TURN-5, hand
limits, and scores adding up. ``check_match`` is cross-checked against an independent matcher.
"""
from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from dataclasses import dataclass, field

import pytest

from referee.cards import JOKER, Card, standard_deck
from referee.engine import apply
from referee.errors import IllegalAction, RuleViolation
from referee.games.ropebridge.engine import GAME, check_match
from tests.engine.playthrough import played
from tests.engine.table import Table as SharedTable

PLAYERS = ("Ann", "Ben")
TURN_CAP = 150  # turns after which the simulated players agree on a stalemate


# --- an independent matcher (written from the spec, not from the engine) -------------------

def _values(s: dict, card: Card) -> frozenset[int] | None:
    return _rank_values(card.rank, s["courts_ten"], s["ace_eleven"])


@functools.lru_cache(maxsize=None)
def _rank_values(rank: str, courts_ten: bool, ace_eleven: bool) -> frozenset[int] | None:
    if rank in ("J", "Q", "K"):
        return frozenset({10}) if courts_ten else None
    if rank == "A":
        return frozenset({1, 11}) if ace_eleven else frozenset({1})
    return frozenset({int(rank)})


def oracle(s: dict, row: Card, cards: tuple[Card, ...]) -> bool:
    if row.is_joker:
        return len(cards) == 1
    need = _values(s, row)
    if need is None:  # a court card without courts_ten
        return len(cards) == 1 and (cards[0].is_joker or cards[0].rank == row.rank)
    if len(cards) == 1:
        card = cards[0]
        if card.is_joker:
            return True
        have = _values(s, card)
        return have is not None and bool(have & need)
    a, b = cards
    if a.is_joker or b.is_joker or a == b:
        return False
    va, vb = _values(s, a), _values(s, b)
    if va is None or vb is None:
        return False
    same = a.colour == b.colour
    made = set()
    for x in va:
        for y in vb:
            total, diff = x + y, abs(x - y)
            if s["combo"] == "standard" and not same or s["combo"] == "simpler":
                made |= {total, diff}
            elif s["combo"] == "harder":
                made.add(total if same else diff)
    return bool(made & need)


# --- the simulated table --------------------------------------------------------------------

@dataclass
class Stats:
    games: int = 0
    outcomes: Counter = field(default_factory=Counter)
    two_match_turns: int = 0
    hand_limit_discards: int = 0
    hand_limit_rejections: int = 0
    voluntary_discards: int = 0
    passes: int = 0
    shown_draws: int = 0
    reveals: int = 0
    illegal_tries: int = 0
    oracle_checks: int = 0
    stuck_findings: int = 0
    buried_stuck: int = 0
    settings_seen: set = field(default_factory=set)


class Table(SharedTable):
    """One match on the shared driver, plus the whole truth of the cards."""

    def __init__(self, rng: random.Random, settings: dict, stats: Stats, style: str = "mixed"):
        super().__init__(GAME, PLAYERS, settings, "play")
        self.rng = rng
        self.stats = stats
        self.style = style
        self.s = self.settings.as_dict()
        self.numbered: list[tuple[int, dict]] = []   # (seq, action), as a log numbers them
        self._options_key = self._options = None
        self.stats.settings_seen.add(tuple(sorted(self.s.items())))

    # --- entering actions ---

    def do(self, action: dict | None = None, **fields) -> tuple:
        # seq is increasing, not always consecutive: the shared driver adds the last 1
        self.seq += self.rng.choice((1, 1, 1, 2)) - 1
        before = self.state
        findings = super().do(action, **fields)
        assert self.state != before, f"{action} was accepted and changed nothing"
        self.numbered.append((self.seq, self.log[-1]))
        for finding in findings:
            assert finding.seq == self.seq
            if "stuck for good on" in finding.message:
                self.stats.stuck_findings += 1
                self.check_stuck(str(finding.message))
        self.check()
        return findings

    def check_stuck(self, message: str) -> None:
        """The engine sees only the table; the simulator sees every card. A player reported
        stuck for good (ROPE-TIE-2) must truly have no way to their next card: no card that
        could match it is in a hand, in the stock or on top of the discard pile, and one buried
        under the top only while both players hold seven cards or more (nobody can keep a
        drawn card to dig it out)."""
        seat = next(i for i, name in enumerate(PLAYERS) if message.startswith(f"{name} is stuck"))
        needed = self.row[self.state.game.positions[seat]]
        assert needed.rank in ("J", "Q", "K") and not self.s["courts_ten"]

        def could_match(card: Card) -> bool:
            return card.is_joker or card.rank == needed.rank

        reachable = self.hands[0] + self.hands[1] + self.stock + self.discard[-1:]
        assert not any(map(could_match, reachable)), (message, reachable)
        if any(map(could_match, self.discard[:-1])):
            self.stats.buried_stuck += 1
            assert all(len(hand) >= 7 for hand in self.hands), (message, self.hands)

    def refuse_any(self, action: dict, rules: tuple[str, ...]) -> str:
        """The action is refused citing one of ``rules``, and the state is unchanged by value
        (the shared driver's check)."""
        with pytest.raises(RuleViolation) as caught:
            apply(GAME, self.state, action, self.seq + 1)
        assert caught.value.rule in rules, (caught.value.rule, caught.value.message, action)
        refusal = self.refuse(action, caught.value.rule)
        assert refusal.message
        self.stats.illegal_tries += 1
        return refusal.message

    # --- dealing ---

    def pack(self) -> list[Card]:
        cards = list(standard_deck(jokers=2 if self.s["jokers"] else 0))
        self.rng.shuffle(cards)
        return cards

    def deal(self, pack: list[Card]) -> None:
        L, exposed = self.s["row_length"], self.s["exposed"]
        self.row = pack[:L]
        rest = pack[L:]
        self.hands = [[], []]
        for i in range(14):
            self.hands[i % 2].append(rest[i])
        self.stock = rest[14:]           # top of the stock is the last card
        self.discard = [self.stock.pop()]
        self.faceup = exposed
        self.matched: list[list] = [[], []]
        self.judged = [0, 0]   # per seat, how many matches the oracle has passed (they never change)
        self.pack_size = len(pack)
        self.do({"type": "deal", "row": [str(c) for c in self.row[:exposed]],
                 "discard": str(self.discard[0])})

    # --- invariants after every action ---

    def check(self) -> None:
        v = GAME.view(self.state)
        s = self.s
        L = s["row_length"]
        assert v["deal_scores"] is None or sum(v["deal_scores"].values()) <= 1
        assert sum(v["wins"].values()) + v["ties"] == len(v["history"])
        assert v["scores"] == v["wins"]
        for record in v["history"]:
            assert sum(record["scores"].values()) == (0 if record["tie"] else 1)
            assert (record["winner"] is None) != (record["tie"] is None)
        if v["phase"] in ("deal",) or not hasattr(self, "row"):
            return
        # the row: what is face up is the truth, and TURN-5 governs how much is face up
        face_up = [c for c in v["row"] if c is not None]
        assert v["row"][:len(face_up)] == face_up and len(v["row"]) == L
        assert face_up == [str(c) for c in self.row[:len(face_up)]]
        furthest = max(v["positions"].values())
        assert len(face_up) + v["pending_reveals"] == min(L, s["exposed"] + furthest)
        assert v["pending_reveals"] in (0, 1)
        # piles and hands agree with the truth
        assert v["stock"] == len(self.stock) >= 0
        assert v["discard_pile"] == [str(c) for c in self.discard]
        assert v["discard_top"] == (str(self.discard[-1]) if self.discard else None)
        for seat, name in enumerate(PLAYERS):
            assert v["hands"][name] == len(self.hands[seat]) >= 0
            assert v["hands"][name] <= 8
            known = Counter(v["known_hand_cards"][name])
            assert not known - Counter(str(c) for c in self.hands[seat])
            # positions never skip a card: the pile holds row cards 0..position-1 in order
            pile = v["matched"][name]
            assert [i for i, _ in pile] == list(range(v["positions"][name]))
            assert pile == [[i, [str(c) for c in cards]] for i, cards in self.matched[seat]]
            for i, cards in self.matched[seat][self.judged[seat]:]:
                assert oracle(s, self.row[i], cards)
            self.judged[seat] = len(self.matched[seat])
        if v["phase"] == "play" and v["turn_state"] == {"drawn": False, "matches": 0}:
            assert all(n <= 7 for n in v["hands"].values())
        # every card accounted for: seen cards are distinct, unseen ones fill the unknown places
        seen = face_up + v["discard_pile"]
        for name in PLAYERS:
            seen += [c for _, cards in v["matched"][name] for c in cards]
            seen += v["known_hand_cards"][name]
        counts = Counter(seen)
        assert counts.pop("JK", 0) <= (2 if s["jokers"] else 0)
        assert all(n == 1 for n in counts.values())
        unknown_places = (L - len(face_up)) + v["stock"] + sum(
            v["hands"][n] - len(v["known_hand_cards"][n]) for n in PLAYERS)
        assert unknown_places + len(seen) == self.pack_size
        in_play = len(self.row) + len(self.stock) + len(self.discard) + sum(map(len, self.hands)) \
            + sum(len(c) for pile in self.matched for _, c in pile)
        assert in_play == self.pack_size

    # --- playing ---

    def options(self, seat: int) -> list[tuple[Card, ...]]:
        """Every legal match of the seat's next row card from its hand (oracle-judged)."""
        position = self.state.game.positions[seat]
        target = self.row[position]
        hand = self.hands[seat]
        key = (seat, position, tuple(hand))
        if key == self._options_key:
            return self._options
        found = []
        # a joker or a court card in the row takes one card only: pairs need not be tried
        single_only = target.is_joker or (target.rank in "JQK" and not self.s["courts_ten"])
        for size in (1,) if single_only and self.rng.random() < 0.8 else (1, 2):
            for cards in itertools.combinations(hand, size):
                ok = oracle(self.s, target, cards)
                if self.rng.random() < 0.05 and not (size == 2 and cards[0] == cards[1]):
                    self.stats.oracle_checks += 1
                    try:
                        check_match(self.settings, target, cards)
                        engine_ok = True
                    except IllegalAction:
                        engine_ok = False
                    assert engine_ok == ok, (self.s, target, cards)
                if ok:
                    found.append(cards)
        self._options_key, self._options = key, found
        return found

    def pick(self, options: list[tuple[Card, ...]]) -> tuple[Card, ...]:
        if self.style == "pairs":  # burn cards: pairs first, jokers never when avoidable
            pairs = [o for o in options if len(o) == 2]
            if pairs:
                return self.rng.choice(pairs)
            plain = [o for o in options if not o[0].is_joker]
            return self.rng.choice(plain or options)
        return self.rng.choice(options)

    def reveal(self) -> None:
        card = self.row[self.faceup]
        self.faceup += 1
        self.stats.reveals += 1
        self.do({"type": "reveal", "card": str(card)})

    def match(self, seat: int, cards: tuple[Card, ...]) -> None:
        position = self.state.game.positions[seat]
        action = {"type": "match", "cards": [str(c) for c in cards], "player": PLAYERS[seat]}
        if self.rng.random() < 0.3:
            action["row_index"] = position
        for card in cards:
            self.hands[seat].remove(card)
        self.matched[seat].append((position, cards))
        self.do(action)

    def play_matches(self, seat: int) -> int:
        made = 0
        limit = 1 if self.s["one_step"] else 2
        while made < limit and self.phase() == "play":
            found = self.options(seat)
            if not found:
                break
            self.match(seat, self.pick(found))
            made += 1
            while self.phase() == "reveal":
                self.reveal()
        if made == 2:
            self.stats.two_match_turns += 1
        return made

    def phase(self) -> str:
        return GAME.phase(self.state)

    def draw(self, seat: int) -> None:
        sources = [s for s, pile in (("stock", self.stock), ("discard", self.discard)) if pile]
        weights = {"mixed": {"stock": 3, "discard": 1}, "pairs": {"stock": 1, "discard": 3}}
        source = self.rng.choices(sources, [weights[self.style][s] for s in sources])[0]
        action = {"type": "draw", "from": source}
        if source == "stock":
            card = self.stock.pop()
            if self.rng.random() < 0.3:
                action["card"] = str(card)
                self.stats.shown_draws += 1
        else:
            card = self.discard.pop()
            if self.rng.random() < 0.5:
                action["card"] = str(card)
        self.hands[seat].append(card)
        self.do(action)

    def try_illegal(self, seat: int) -> None:
        """Now and then, enter something the rules forbid and check it is refused untouched."""
        game = self.state.game
        target = self.row[game.positions[seat]]
        hand = self.hands[seat]
        roll = self.rng.random()
        if roll < 0.5 and len(hand) >= 2:
            cards = tuple(self.rng.sample(hand, 2))
            if not oracle(self.s, target, cards):
                self.refuse_any({"type": "match", "cards": [str(c) for c in cards]},
                            ("ROPE-MATCH-2", "ROPE-MATCH-3", "ROPE-MATCH-4", "ROPE-MATCH-5",
                             "ROPE-VARIANT-2", "ROPE-VARIANT-3", "ROPE-VARIANT-4",
                             "ROPE-VARIANT-5"))
        elif roll < 0.75:
            # a card the table has seen elsewhere (the row) cannot come from a hand
            card = self.rng.choice(self.row[:len(game.row)])
            if card.is_joker:
                return
            self.refuse_any({"type": "match", "cards": [str(card)]},
                        ("ROPE-SETUP-1",) if hand else ("ROPE-TURN-4",))
        elif not game.drawn and not game.matches and (self.stock or self.discard):
            self.refuse_any({"type": "end_turn"}, ("ROPE-TURN-1",))

    def turn(self) -> None:
        seat = self.state.game.current
        assert GAME.turn(self.state) == PLAYERS[seat]
        if self.rng.random() < 0.05:
            self.try_illegal(seat)
        piles = bool(self.stock or self.discard)
        draw_first = piles and (not self.options(seat) or self.rng.random() < 0.25)
        if draw_first:
            self.draw(seat)
            if self.phase() != "play":
                return
        self.play_matches(seat)
        if self.phase() != "play":
            return
        if len(self.hands[seat]) > 7:
            if self.rng.random() < 0.1:
                self.stats.hand_limit_rejections += 1
                self.refuse_any({"type": "end_turn"}, ("ROPE-TURN-3",))
            card = self.rng.choice(self.hands[seat])
            self.hands[seat].remove(card)
            self.discard.append(card)
            self.stats.hand_limit_discards += 1
            self.do({"type": "discard", "card": str(card)})
        elif draw_first and self.hands[seat] and self.style == "mixed" and self.rng.random() < 0.1:
            card = self.rng.choice(self.hands[seat])
            self.hands[seat].remove(card)
            self.discard.append(card)
            self.stats.voluntary_discards += 1
            self.do({"type": "discard", "card": str(card)})
        else:
            game = self.state.game
            if not game.drawn and not game.matches:
                self.stats.passes += 1
            self.do({"type": "end_turn"})

    def play_game(self, pack: list[Card] | None = None) -> dict:
        before = self.view
        self.deal(pack or self.pack())
        turns = 0
        while self.phase() in ("play", "reveal"):
            if self.phase() == "reveal":
                self.reveal()
                continue
            if turns >= TURN_CAP:
                self.do({"type": "stalemate", "player": self.rng.choice(PLAYERS)})
                self.stats.outcomes["declared"] += 1
                break
            self.turn()
            turns += 1
        self.after_game(before)
        return self.view["history"][-1]

    def after_game(self, before: dict) -> None:
        v = self.view
        record = v["history"][-1]
        assert len(v["history"]) == len(before["history"]) + 1
        self.stats.games += 1
        if record["winner"]:
            winner = PLAYERS.index(record["winner"])
            assert record["positions"][record["winner"]] == self.s["row_length"]
            assert len(self.matched[winner]) == self.s["row_length"]
            self.stats.outcomes["win"] += 1
            assert v["wins"][record["winner"]] == before["wins"][record["winner"]] + 1
        else:
            self.stats.outcomes[record["rule"]] += 1
            if "both players are stuck" in record["reason"]:
                self.stats.outcomes["both stuck"] += 1
            assert v["ties"] == before["ties"] + 1
        assert record["row"] == v["row"][:len(record["row"])]
        assert [m["row_index"] for m in record["matches"] if m["player"] == "Ann"] == \
            list(range(record["positions"]["Ann"]))
        assert sum(record["turns"].values()) >= len({(m["player"], m["turn"]) for m in record["matches"]})
        # the dealer alternates from game to game; the non-dealer opens (ROPE-SETUP-4)
        assert record["dealer"] == PLAYERS[record["deal"] % 2]


# --- rigged packs ----------------------------------------------------------------------------

def rig(pack: list[Card], placements: dict[int, Card]) -> list[Card]:
    """Move chosen cards to chosen places of a shuffled pack (row index = pack index)."""
    pack = list(pack)
    for index, card in placements.items():
        j = pack.index(card)
        pack[index], pack[j] = pack[j], pack[index]
    return pack


def unbeatable_pack(table: Table) -> list[Card]:
    """A pack whose row holds every king; sometimes the last kings lie face down, so the tie
    comes from a reveal rather than the deal."""
    rng = table.rng
    L, exposed = table.s["row_length"], table.s["exposed"]
    assert exposed >= 4 and not table.s["courts_ten"]
    kings = [Card("K", s) for s in "cdhs"]
    # Nobody passes the first king, so the others must turn up while it blocks the way:
    # a player standing on row card `first` sees up to row card exposed + first.
    first = rng.randint(0, 2)
    slots = [first] + rng.sample(range(first + 1, min(L, exposed + first)), 3)
    placements = dict(zip(slots, kings))
    if table.s["jokers"] and rng.random() < 0.5:  # three kings and a joker in the row suffice
        placements = dict(zip(slots, kings[:3] + [JOKER]))
    return rig(table.pack(), placements)


def stuck_pack(table: Table) -> list[Card]:
    """A pack for a jokerless game with queens on row cards 1 and 3 and one queen in each
    hand: each player can pass the first queen with their own, and then every queen is used
    up. Once the second player has, the row is unbeatable (ROPE-TIE-1); a player still behind
    the first queen when the leader passes it with the last one is stuck for good on it
    (ROPE-TIE-2)."""
    L = table.s["row_length"]
    queens = [Card("Q", s) for s in "cdhs"]
    return rig(table.pack(), {0: queens[0], 2: queens[1], L: queens[2], L + 1: queens[3]})


# --- the playthrough --------------------------------------------------------------------------

def house_rule_combinations():
    for jokers, combo, ace, courts, one_step in itertools.product(
            (True, False), ("standard", "harder", "simpler"), (False, True), (False, True),
            (False, True)):
        yield {"jokers": jokers, "combo": combo, "ace_eleven": ace, "courts_ten": courts,
               "one_step": one_step}


def test_playthrough_every_house_rule():
    rng = random.Random(20261121)
    stats = Stats()
    for n, rules in enumerate(house_rule_combinations()):
        L = rng.randint(7, 12)
        settings = dict(rules, row_length=L, exposed=rng.randint(1, min(10, L)))
        if n % 6 == 0:
            settings["target_wins"] = 2
        table = Table(rng, settings, stats, style="pairs" if n % 3 == 0 else "mixed")
        for game in range(played(6)):
            if GAME.phase(table.state) == "match_over":
                v = table.view
                assert max(v["wins"].values()) == 2 and v["legal"] == []
                table.refuse_any({"type": "deal", "row": [], "discard": "2c"}, ("ROPE-TURN-6",))
                break
            if game == 3 and not rules["courts_ten"] and settings["exposed"] >= 4:
                table.play_game(unbeatable_pack(table))
                assert table.view["history"][-1]["tie"] == "unbeatable"
            else:
                table.play_game()
    # more unbeatable rows, between ordinary games
    for n in range(played(16)):
        L = rng.randint(7, 12)
        settings = {"jokers": n % 2 == 0, "row_length": L, "exposed": rng.randint(4, min(10, L)),
                    "combo": rng.choice(("standard", "harder", "simpler")),
                    "ace_eleven": rng.random() < 0.5, "one_step": rng.random() < 0.5}
        table = Table(rng, settings, stats)
        table.play_game()
        table.play_game(unbeatable_pack(table))
        assert table.view["history"][-1]["tie"] == "unbeatable"
    # rigged jokerless games where the queens run out
    for n in range(played(24)):
        L = rng.randint(7, 12)
        settings = {"jokers": False, "one_step": n % 2 == 0, "row_length": L,
                    "exposed": rng.randint(4, min(10, L)),
                    "combo": rng.choice(("standard", "harder", "simpler"))}
        table = Table(rng, settings, stats)
        record = table.play_game(stuck_pack(table))
        # nobody can win: the queens (or another court rank) make the row unbeatable
        assert record["tie"] is not None, record
    print(stats)
    assert stats.games >= played(300)
    assert len(stats.settings_seen) >= 48
    assert stats.outcomes["win"] >= played(180)
    assert stats.outcomes["ROPE-TIE-1"] >= played(60)  # constructed unbeatable rows, queens used up
    assert stats.outcomes["ROPE-TIE-2"] >= played(15)  # stuck for good (both) or declared
    assert stats.outcomes["ROPE-TURN-7"] >= played(5)  # both passed with both piles empty
    assert stats.outcomes["both stuck"] >= played(5)   # full hands over a buried card
    assert stats.stuck_findings > 2 * stats.outcomes["both stuck"]  # some stuck alone
    assert stats.buried_stuck >= played(10)
    assert stats.two_match_turns >= played(100)
    assert stats.hand_limit_discards >= played(100)
    assert stats.hand_limit_rejections >= played(100)
    assert stats.voluntary_discards >= played(10)
    assert stats.reveals >= played(300)
    assert stats.shown_draws >= played(100)
    assert stats.illegal_tries >= played(300)
    assert stats.oracle_checks >= played(1000)
