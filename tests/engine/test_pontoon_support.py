"""Pontoon's words for the shared table driver (``tests/engine/table.py``): no tests of its own."""
from __future__ import annotations

from typing import Any

from referee.errors import RuleViolation
from referee.games.pontoon.engine import GAME
from tests.engine.table import Table as SharedTable


class Table(SharedTable):
    """A Pontoon match driven by plain JSON-like actions, through the one rules path:
    ``Table(buy_in=100)``, ``do("twist", card="5c")``, ``reject("stick", "PONTOON-TURN-5")``."""

    def __init__(self, players: tuple[str, ...] = ("Ann", "Ben", "Cy"), mode: str = "play",
                 **settings: Any):
        super().__init__(GAME, players, settings, mode)

    def do(self, kind: str | dict | None = None, **fields: Any) -> list[dict]:
        """Enter one action, by its type and fields (or a whole action as a dict); return the
        findings it proved, as the API shows them."""
        action = {"type": kind} if isinstance(kind, str) else dict(kind or {})
        return [finding.as_dict() for finding in super().do(action, **fields)]

    def reject(self, kind: str, rule: str, *words: str, **fields: Any) -> RuleViolation:
        """The action is refused citing ``rule``, the message naming every word given, and the
        state is unchanged (compared by value: the shared driver's ``refuse``)."""
        return self.refuse({"type": kind, **fields}, rule, *words)

    @property
    def found(self) -> list[dict]:
        """Every finding so far, as the API shows them."""
        return [finding.as_dict() for finding in self.findings]

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
