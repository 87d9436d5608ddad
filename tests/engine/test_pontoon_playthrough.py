"""Pontoon: seeded random sessions with real shuffled cards, invariants after every action, and
replay.

The simulator knows every card dealt; the engine only sees what a table would enter. Face-down
cards stay unknown until a pontoon, a split, a burn, a bust or a reveal.
"""
from __future__ import annotations

import json
import pickle
import random
from collections import Counter
from dataclasses import dataclass, field

from referee.cards import Card, standard_deck
from referee.engine import apply
from referee.games.pontoon import hands as H
from referee.games.pontoon.engine import CUT_ORDER, GAME
from tests.engine.playthrough import played
from tests.engine.table import Table

NAMES = ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")


def random_settings(rng: random.Random, players: int) -> dict:
    low = rng.choice([1, 2, 5])
    kitty_min = rng.choice([5, 10, 20])
    return {
        "packs": 2 if players >= 6 else rng.choice([1, 1, 2]),
        "min_stake": low,
        "max_stake": low * rng.choice([1, 5, 10]),
        "split": rng.choice(["any", "aces_only"]),
        "stick_min": rng.choice([15, 16]),
        "banker_doubling": rng.random() < 0.4,
        "pontoon_pays": rng.choice([1, 2, 3]),
        "banker_pontoon_collects": rng.choice([1, 2]),
        "four_card_eleven": rng.random() < 0.5,
        "royal_pontoon": rng.random() < 0.5,
        "pontoon_ranking": rng.choice(H.RANKINGS),
        "burn": rng.choice([0, 13, 14]),
        "shoot": rng.random() < 0.5,
        "kitty_min": kitty_min,
        "kitty_max": kitty_min * rng.choice([2, 5, 10]),
        "buy_in": rng.choice([0, 100, 1000]),
    }


@dataclass
class TrueHand:
    player: str
    cards: list[Card]
    burned: list[Card] = field(default_factory=list)


class Session(Table):
    """One match played by simulated people at a real table: the shared driver, with the
    simulator's true cards beside it."""

    def __init__(self, rng: random.Random, players: tuple[str, ...], settings: dict):
        super().__init__(GAME, players, settings, "play")
        self.rng = rng
        self.s = self.settings
        self.deck: list[Card] = []
        self.truth: list[TrueHand] = []
        self.banker_cards: list[Card] = []
        self.deals = 0
        self._view: tuple[object, dict] | None = None

    @property
    def view(self) -> dict:
        """The view of the current state, worked out once per state."""
        if self._view is None or self._view[0] is not self.state:
            self._view = (self.state, GAME.view(self.state))
        return self._view[1]

    # --- the rules path and the invariants ------------------------------------------------

    def act(self, kind: str, **fields) -> None:
        assert kind in self.view["legal"], (kind, self.view["legal"])
        findings = self.do(type=kind, **fields)
        assert findings == (), (self.log[-1], findings)
        self.check()

    def check(self) -> None:
        v = self.view
        s = self.s
        kitty = v["kitty"] or 0
        assert kitty >= 0
        assert sum(v["balances"].values()) + kitty == s.buy_in * len(self.players)   # LEDGER-2
        assert v["scores"] == v["balances"]
        settled = Counter((line["deal"], line["player"], line["hand"], line["kind"]) for line in v["ledger"]
                          if line["kind"] in ("stake", "shoot"))
        assert all(n == 1 for n in settled.values()), settled                        # once each
        assert all(line["amount"] > 0 and isinstance(line["amount"], int) for line in v["ledger"])
        if v["phase"] in ("stakes", "shoot", "second_card", "players", "banker"):
            assert len(v["hands"]) == len(self.truth)
            seen = Counter()
            for shown, true in zip(v["hands"], self.truth):
                assert shown["player"] == true.player
                assert len(shown["cards"]) == len(true.cards)
                for text, card in zip(shown["cards"], true.cards):
                    assert text in ("??", str(card)), (text, card)
                    if text != "??":
                        seen[text] += 1
                for pair in shown["burned"]:
                    seen.update(t for t in pair if t != "??")
            for text, card in zip(v["banker_hand"], self.banker_cards):
                assert text in ("??", str(card))
                if text != "??":
                    seen[text] += 1
            assert all(n <= s.packs for n in seen.values())                          # SETUP-1
        # The settle-up always squares everyone (the kitty counted as the banker's).
        net = {n: b - s.buy_in for n, b in v["balances"].items()}
        net[v["banker"]] += kitty
        for frm, to, amount in ((t["from"], t["to"], t["amount"]) for t in v["settle_up"]):
            net[frm] += amount
            net[to] -= amount
        assert not any(net.values())

    # --- cards ------------------------------------------------------------------------------

    def draw(self) -> Card:
        assert self.deck, "the simulated pack ran out"
        return self.deck.pop()

    def is_pontoon(self, cards) -> bool:
        return H.is_pontoon(cards, self.s.pontoon_ranking)

    # --- one deal ----------------------------------------------------------------------------

    def between_deals(self) -> None:
        rng, s = self.rng, self.s
        if not self.state.started and rng.random() < 0.3:
            while True:
                cards = rng.sample(list(standard_deck()), len(self.players))
                ranks = [CUT_ORDER[c.rank] for c in cards]
                if ranks.count(max(ranks)) == 1:
                    break
            self.act("cut", cards=[str(c) for c in cards])
            assert self.view["banker"] == self.players[ranks.index(max(ranks))]
        if rng.random() < 0.08:
            other = rng.choice([p for p in self.players if p != self.view["banker"]])
            self.act("sell_bank", to=other, price=rng.choice([0, 5, 20]))
        if self.view["phase"] == "kitty":
            self.act("kitty", amount=rng.randint(s.kitty_min, s.kitty_max))
        elif s.shoot and rng.random() < 0.2 and self.view["kitty"] < s.kitty_max:
            self.act("kitty", amount=rng.randint(1, s.kitty_max - self.view["kitty"]))

    def play_deal(self) -> None:
        rng, s = self.rng, self.s
        self.between_deals()
        fields = {}
        if rng.random() < 0.5:
            fields["shuffled"] = self.view["shuffle"]
        if rng.random() < 0.3:
            fields["banker"] = self.view["banker"]
        self.deck = list(standard_deck(packs=s.packs))
        rng.shuffle(self.deck)
        banker = self.view["banker"]
        seat = self.players.index(banker)
        left = [self.players[(seat + k) % len(self.players)] for k in range(1, len(self.players))]
        self.truth = [TrueHand(player, [self.draw()]) for player in left]
        self.banker_cards = [self.draw()]
        self.act("deal", **fields)
        assert [h["player"] for h in self.view["hands"]] == left
        stakers = [h.player for h in self.truth]
        rng.shuffle(stakers)
        for player in stakers:
            self.act("stake", player=player, amount=rng.randint(s.min_stake, s.max_stake))
        if s.banker_doubling and rng.random() < 0.3:
            self.act("double")
        if s.shoot:
            # SHOOT-2: once around from the bank's left, each betting or declining (0) in turn,
            # until the bank deals the second card, which closes the round.
            for hand in self.truth:
                assert self.view["shoot_turn"] in (hand.player, None)
                room = self.view["shoot_room"]
                if room > 0 and rng.random() < 0.5:
                    self.act("shoot", player=hand.player, amount=rng.randint(1, room))
                elif room > 0 and rng.random() < 0.7:
                    self.act("shoot", player=hand.player, amount=0)
                else:
                    break
        for hand in self.truth:
            hand.cards.append(self.draw())
        self.banker_cards.append(self.draw())
        self.act("second_card")
        if self.is_pontoon(self.banker_cards):
            self.banker_has_pontoon(banker)
        else:
            while self.view["phase"] == "players":
                self.play_turn()
                self.maybe_reveal(0.2)
            self.banker_turn()
        self.after_deal()

    def banker_has_pontoon(self, banker: str) -> None:
        banker_class = H.classify(self.banker_cards, ranking=self.s.pontoon_ranking, banker=True)
        beaten = []
        if self.s.pontoon_ranking in ("picture_beats_ten", "natural"):
            for hand in self.truth:
                mine = H.classify(hand.cards, ranking=self.s.pontoon_ranking)
                if mine.kind == H.PONTOON and mine.beats(banker_class):
                    beaten.append({"player": hand.player, "cards": [str(c) for c in hand.cards]})
        fields = {"beaten_by": beaten} if beaten else {}
        self.act("banker_pontoon", cards=[str(c) for c in self.banker_cards], **fields)
        winners = {b["player"] for b in beaten}
        assert {r["player"] for r in self.view["settlement"] if r["result"] == "win"} == winners

    def current(self) -> int:
        turn = self.view["hand_in_turn"]
        return next(i for i, h in enumerate(self.view["hands"])
                    if h["player"] == turn["player"] and h["hand"] == turn["hand"])

    def play_turn(self) -> None:
        rng, s = self.rng, self.s
        i = self.current()
        hand = self.truth[i]
        shown = self.view["hands"][i]
        cards = hand.cards
        plenty = len(self.deck) > 30
        count = sum(1 for h in self.truth if h.player == hand.player)
        if len(cards) == 2:
            if shown["split"] and s.shoot and rng.random() < 0.5:
                room = self.view["shoot_room"]
                state_hand = self.state.hands[i]
                if room > 0 and state_hand.split_shoot_open and not state_hand.split_shoot:
                    self.act("shoot", player=hand.player, hand=shown["hand"],
                             amount=rng.randint(1, room))
            if self.is_pontoon(cards) and rng.random() < 0.8:
                self.act("pontoon", cards=[str(c) for c in cards])
                return
            pair = cards[0].rank == cards[1].rank
            if (pair and plenty and count < 4 and rng.random() < 0.6
                    and (s.split == "any" or cards[0].rank == "A")):
                other = TrueHand(hand.player, [cards[1], self.draw()])
                hand.cards = [cards[0], self.draw()]
                self.truth.insert(i + 1, other)
                self.act("split", cards=[str(c) for c in cards])
                return
            if H.can_burn(cards, s.burn) and plenty and rng.random() < 0.6:
                shown_cards = rng.random() < 0.7
                hand.burned += cards
                hand.cards = [self.draw(), self.draw()]
                self.act("burn", **({"cards": [str(c) for c in cards]} if shown_cards else {}))
                return
        best, low = H.best_total(cards), H.low_total(cards)
        threshold = max(s.stick_min, rng.choice([14, 15, 16, 17, 18]))
        if best >= threshold or low >= 21 or len(cards) >= 5:
            self.act("stick")
            return
        state_hand = self.state.hands[i]
        if (s.shoot and len(cards) == 3 and not state_hand.shoot_fourth and rng.random() < 0.4
                and self.view["shoot_room"] > 0):
            self.act("shoot", player=hand.player, amount=rng.randint(1, self.view["shoot_room"]))
        card = self.draw()
        small_four = s.four_card_eleven and len(cards) == 4 and low <= 11
        buy = not state_hand.twisted and not small_four and rng.random() < 0.5
        buy_range = self.view["buy_range"]
        hand.cards.append(card)
        if buy:
            fields = {"card": str(card)} if rng.random() < 0.3 else {}
            self.act("buy", amount=rng.randint(*buy_range), **fields)
        else:
            self.act("twist", card=str(card))
        if H.low_total(hand.cards) > 21 and self.view["hands"][i]["status"] != "bust":
            fields = {"cards": [str(c) for c in hand.cards]} if rng.random() < 0.5 else {}
            self.act("bust", **fields)
        assert (self.view["hands"][i]["status"] == "bust") == (H.low_total(hand.cards) > 21)

    def maybe_reveal(self, chance: float) -> None:
        for i, shown in enumerate(self.view["hands"]):
            if shown["to_reveal"] and self.rng.random() < chance:
                hand = self.truth[i]
                # "burned": the burned cards still face down only, in order.
                face_down = [str(c) for c, text in zip(hand.burned, (t for pair in shown["burned"] for t in pair))
                             if text == "??"]
                fields = {"burned": face_down} if face_down else {}
                self.act("reveal", player=hand.player, hand=shown["hand"],
                         cards=[str(c) for c in hand.cards], **fields)

    def banker_turn(self) -> None:
        rng = self.rng
        self.maybe_reveal(0.5)
        self.act("banker_reveal", cards=[str(c) for c in self.banker_cards])
        threshold = rng.choice([12, 15, 16, 17, 18, 21])
        while (H.best_total(self.banker_cards) < threshold and H.low_total(self.banker_cards) < 21
               and len(self.banker_cards) < 5):
            card = self.draw()
            self.banker_cards.append(card)
            self.act("banker_draw", card=str(card))
        self.maybe_reveal(1.0)
        self.act("banker_stick")

    def after_deal(self) -> None:
        v = self.view
        self.deals += 1
        # The rows the view renders where they are read (referee.rendered.Rows) are lists in JSON.
        assert json.loads(json.dumps(v, default=list)) == v
        assert v["deal_over"] and v["phase"] in ("settled", "kitty")
        record = v["history"][-1]
        assert record["deal"] == v["deal"]
        # Every hand of the deal settled exactly once.
        stake_lines = [line for line in v["ledger"] if line["deal"] == v["deal"] and line["kind"] == "stake"]
        assert len(stake_lines) == len(self.truth) == len(record["hands"])
        by_hand = {(line["player"], line["hand"]) for line in stake_lines}
        assert by_hand == {(r["player"], r["hand"]) for r in record["hands"]}
        for row, true in zip(record["hands"], self.truth):
            assert row["player"] == true.player
        # The deal's scores add up to what the kitty lost.
        kitty_lines = [line for line in record["payments"] if "kitty" in (line["from"], line["to"])]
        kitty_change = sum(line["amount"] if line["to"] == "kitty" else -line["amount"] for line in kitty_lines)
        assert sum(record["scores"].values()) == -kitty_change
        # NEXT-1 and NEXT-2 from the true cards.
        pontoon_players = [t.player for t, row in zip(self.truth, record["hands"])
                           if row["class"] in (H.PONTOON, H.ROYAL_PONTOON)]
        assert v["shuffle"] == (record["banker_class"] == H.PONTOON or bool(pontoon_players))


def play_session(seed: int, deals: int) -> Session:
    rng = random.Random(seed)
    n = rng.randint(2, 10)
    session = Session(rng, NAMES[:n], random_settings(rng, n))
    for _ in range(deals):
        session.play_deal()
    session.act("end_session")
    assert session.view["kitty"] in (None, 0)
    return session


def test_random_sessions_keep_the_ledger_balanced_and_settle_every_hand_once():
    total = 0
    sizes = Counter()
    sessions, deals = 48, played(11)
    for seed in range(sessions):
        session = play_session(seed, deals=deals)
        total += session.deals
        sizes[len(session.players)] += 1
    assert total == sessions * deals  # every deal played to its settlement
    assert set(sizes) == set(range(2, 11))


def test_replay_gives_the_same_view_and_apply_never_mutates_its_input():
    session = play_session(12345, deals=8)
    state = GAME.start(session.players, session.settings, "play")
    for seq, action in enumerate(session.log, start=1):
        before_view = GAME.view(state)
        before_bytes = pickle.dumps(state)
        new_state, _ = apply(GAME, state, action, seq)
        assert GAME.view(state) == before_view
        assert pickle.dumps(state) == before_bytes
        assert pickle.loads(pickle.dumps(new_state)) == new_state
        state = new_state
    assert GAME.view(state) == session.view
    assert state == session.state


def test_random_quick_sessions_balance():
    rng = random.Random(99)
    for _match in range(10):
        n = rng.randint(2, 10)
        players = NAMES[:n]
        settings = random_settings(rng, n)
        table = Table(GAME, players, settings, "quick")
        for _ in range(10):
            if table.view["phase"] == "kitty":
                table.do(type="kitty", amount=settings["kitty_min"])
            view = table.view
            banker = view["banker"]
            room = view["kitty"] or 0
            hands = []
            for p in players:
                if p == banker:
                    continue
                for _ in range(rng.choice([1, 1, 1, 2])):
                    kind = rng.choice(["total", "total", "bust", "five_card_trick", "pontoon"])
                    hand = {"player": p, "stake": settings["min_stake"], "class": kind}
                    if kind == "total":
                        hand["total"] = rng.randint(4, 21)
                    if kind == "pontoon":
                        hand["ten_card"] = rng.choice(["J", "Q", "K"])
                    if settings["shoot"] and room:
                        hand["shoot"] = take = rng.randint(0, room)
                        room -= take
                    hands.append(hand)
            banker_kind = rng.choice(["total", "bust", "five_card_trick"])
            action = {"type": "quick", "banker_class": banker_kind, "hands": hands}
            if banker_kind == "total":
                action["banker_total"] = rng.randint(12, 21)
            table.do(action)
            view = table.view
            kitty = view["kitty"] or 0
            assert sum(view["balances"].values()) + kitty == settings["buy_in"] * n
            assert len(view["settlement"]) == len(hands)
