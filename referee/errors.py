"""The refusals every part of the referee speaks: ``RuleViolation`` and its two kinds,
``InvalidAction`` (malformed input: bad card text, a missing field) and ``IllegalAction`` (well
formed, but the rules forbid it now). Each carries a message for a person at the table and the
id of the rule it cites. A leaf: it imports nothing of the referee."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.i18n import Message


class RuleViolation(Exception):
    """An action the referee does not accept. ``rule`` is a rule id such as ``PONTIS-SUM-2``.

    ``cites`` is the game's own rule behind a refusal whose ``rule`` the API fixes: an entry by
    a player who is not in turn is always rule ``TURN``, and where a game says more (only the
    curdler may break a curdle, CURDLE-CURDLE-1) the page links that rule."""

    def __init__(self, message: str | Message, rule: str, cites: str | None = None):
        super().__init__(message)
        self.message = message  # a Message is translated when shown
        self.rule = rule
        self.cites = cites

    def __str__(self) -> str:
        return str(self.message)

    def as_dict(self) -> dict[str, str]:
        answer = {"rule": self.rule, "message": str(self.message)}
        if self.cites is not None:
            answer["cites"] = self.cites
        return answer


class InvalidAction(RuleViolation):
    """Malformed input: unreadable card, missing or mistyped field, unknown action type.
    ``missing`` names the field an entry lacks, so a phone can say it in its own words."""

    def __init__(self, message: str | Message, rule: str, missing: str | None = None, cites: str | None = None):
        super().__init__(message, rule, cites)
        self.missing = missing


class IllegalAction(RuleViolation):
    """A well-formed action that the rules of the game forbid at this moment."""
