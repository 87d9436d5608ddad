"""A simulated Pontis table: real shuffled cards in real hands, playing legal entries.

The referee never sees hands; this table does, so it can produce a realistic stream of
entries for benchmarks and for tests that need long matches. It reads only the public view
(whose turn, the bridge) to decide, as a player at the table would.
"""
from __future__ import annotations

import random
from itertools import combinations

from referee.cards import SUITS, Card, standard_deck, suit_cards

PONTIS_VALUES = {"A": (1, 14), "J": (11,), "Q": (12,), "K": (13,)}


def values(card: Card) -> tuple[int, ...]:
    if card.is_joker:
        return ()
    return PONTIS_VALUES.get(card.rank) or (int(card.rank),)


class PontisTable:
    """Default house rules, one bank per player. Plays straight: never fakes a miss."""

    def __init__(self, players: list[str], rng: random.Random, jokers: int = 2):
        self.players = players
        self.rng = rng
        self.jokers = jokers
        self.hands: dict[str, list[Card]] = {}
        self.foundations: dict[str, Card] = {}

    def deal(self) -> dict:
        suit = self.rng.choice(SUITS)
        foundation = list(suit_cards(suit))
        self.rng.shuffle(foundation)
        self.foundations = {p: foundation.pop() for p in self.players}
        rest = [c for c in standard_deck(self.jokers) if c.suit != suit] + foundation
        self.rng.shuffle(rest)
        size = (52 + self.jokers - len(self.players)) // len(self.players)
        self.hands = {p: rest[i * size:(i + 1) * size] for i, p in enumerate(self.players)}
        # Jokers are dealt like any card (so hand counts match the referee's) but never played.
        return {"type": "deal", "foundation_suit": suit}

    def next_action(self, view: dict) -> dict:
        phase, turn = view["phase"], view["turn"]
        if phase == "deal":
            return self.deal()
        if phase == "reveal":
            return {"type": "reveal", "card": str(self.foundations[turn])}
        bridge = set(view["bridge"])
        hand = self.hands[turn]
        if phase == "sum":
            # The pair's targets (the view's bridge lists only what one card may play here).
            targets = set(view["pair_targets"])
            bridge = (targets - {0}) or targets  # a curdle: two equal cards make a bridge of 0
            for a, b in combinations([c for c in hand if not c.is_joker], 2):
                if any(x + y in bridge or abs(x - y) in bridge for x in values(a) for y in values(b)):
                    return {"type": "pair", "cards": [str(a), str(b)], "top": str(b)}
            return {"type": "miss"}
        playable = [c for c in hand if not c.is_joker and (1 if c.rank == "A" else values(c)[0]) in bridge]
        if playable:
            return {"type": "play", "card": str(self.rng.choice(playable))}
        return {"type": "miss"}

    def accepted(self, action: dict, view_before: dict) -> None:
        """Take the played cards out of the hand that played them."""
        turn = view_before["turn"]
        if action["type"] == "play":
            self.hands[turn].remove(Card.parse(action["card"]))
        elif action["type"] == "pair":
            for text in action["cards"]:
                self.hands[turn].remove(Card.parse(text))
