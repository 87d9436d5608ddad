"""The one driver the game tests play through: a match as the table enters it, every action
going through the one rules path (``referee.engine.apply``), as the store does.

A game's tests subclass it for their own vocabulary (``calls("1H", "pass")``); what every game
shares is here: entering an action, proving a refusal, and reading the view.
"""
from __future__ import annotations

import pickle
from typing import Any

import pytest

from referee.engine import Finding, GameRules, apply, new_match
from referee.errors import RuleViolation


class Table:
    def __init__(self, game: GameRules, players: list[str] | tuple[str, ...], settings: dict | None = None,
                 mode: str = "play"):
        self.game = game
        self.players = tuple(players)
        self.mode = mode
        self.settings, self.state = new_match(game, list(players), dict(settings or {}), mode)
        self.seq = 0
        self.log: list[dict] = []
        self.findings: list[Finding] = []

    def do(self, action: dict | None = None, **fields: Any) -> tuple[Finding, ...]:
        """Enter one action (a dict, or its fields as keywords); return what it proved."""
        entry = {**(action or {}), **fields}
        self.seq += 1
        self.state, found = apply(self.game, self.state, entry, self.seq)
        self.log.append(entry)
        self.findings.extend(found)
        return found

    def run(self, actions: list[dict]) -> None:
        for action in actions:
            self.do(action)

    def refuse(self, action: dict, rule: str, *words: str, cites: str | None = None) -> RuleViolation:
        """The action is refused citing ``rule`` (and the game rule ``cites``, where the API
        fixes ``rule``: TURN), its message holding each of ``words``, and
        the state it was judged against is unchanged, compared by value (its pickled bytes,
        which are quicker to take than a deep copy): an engine that changed a state in place
        before refusing is caught here."""
        before = pickle.dumps(self.state)
        with pytest.raises(RuleViolation) as caught:
            apply(self.game, self.state, action, self.seq + 1)
        refusal = caught.value
        assert (refusal.rule, refusal.cites) == (rule, cites), refusal.as_dict()
        for word in words:
            assert word in str(refusal.message), refusal.as_dict()
        assert pickle.dumps(self.state) == before, f"refusing {action} changed the state"
        return refusal

    @property
    def view(self) -> dict:
        return self.game.view(self.state)

    @property
    def legal(self) -> list[str]:
        return list(self.game.legal(self.state))
