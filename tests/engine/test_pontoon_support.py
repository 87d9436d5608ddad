"""A small table driver shared by the Pontoon tests (no tests of its own)."""
from __future__ import annotations

from typing import Any

import pytest

from referee.games.pontoon.engine import GAME
from referee.rules import RuleViolation, apply, new_match


class Table:
    """A match driven by plain JSON-like actions, through the one rules path."""

    def __init__(self, players: tuple[str, ...] = ("Ann", "Ben", "Cy"), mode: str = "play",
                 **settings: Any):
        self.settings, self.state = new_match(GAME, list(players), settings, mode)
        self.seq = 0
        self.found: list[dict] = []

    def do(self, kind: str, **fields: Any) -> list[dict]:
        self.seq += 1
        self.state, findings = apply(GAME, self.state, {"type": kind, **fields}, self.seq)
        new = [f.as_dict() for f in findings]
        self.found.extend(new)
        return new

    def reject(self, kind: str, rule: str, *words: str, **fields: Any) -> RuleViolation:
        """The action is refused citing ``rule``; the message names every word given."""
        before = self.state
        with pytest.raises(RuleViolation) as raised:
            apply(GAME, self.state, {"type": kind, **fields}, self.seq + 1)
        error = raised.value
        assert error.rule == rule, (error.rule, error.message)
        for word in words:
            assert word in error.message, (word, error.message)
        assert self.state is before
        return error

    @property
    def view(self) -> dict:
        return GAME.view(self.state)

    def hand(self, player: str, number: int = 1) -> dict:
        return next(h for h in self.view["hands"] if h["player"] == player and h["hand"] == number)

    def start_deal(self, stakes: dict[str, int], shoots: dict[str, int] | None = None,
                   double: bool = False, kitty: int | None = None) -> None:
        """Deal, stake, shoot and deal the second card: players' turns begin."""
        if kitty is not None:
            self.do("kitty", amount=kitty)
        self.do("deal")
        for player, amount in stakes.items():
            self.do("stake", player=player, amount=amount)
        if double:
            self.do("double")
        if shoots:
            # SHOOT-2: the round goes from the bank's left; a player not named before the last
            # one who shoots declines (0); the second card closes the round for the rest.
            order = [h["player"] for h in self.view["hands"]]
            last = max(order.index(player) for player in shoots)
            for player in order[:last + 1]:
                self.do("shoot", player=player, amount=shoots.get(player, 0))
        self.do("second_card")

    def balances(self) -> dict[str, int]:
        return self.view["balances"]
