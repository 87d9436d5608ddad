"""One action as posted, read through typed accessors: every engine parses input one way, and
every malformed field is answered with a message that names it."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, overload

from referee.errors import InvalidAction, RuleViolation
from referee.i18n import _, any_of

if TYPE_CHECKING:
    from referee.cards import Card

# Keys every action may carry that are the store's business, not the engine's.
ENVELOPE_KEYS = frozenset({"id", "expect", "by"})
MAX_INT = 10**9


class Action:
    """One action as posted: ``{"type": ..., fields...}``, read through typed accessors.

    Every accessor raises ``InvalidAction`` (rule ``ACTION``, or ``CARD`` for card text) whose
    message names the field, so a script author or a phone sees exactly what was wrong.
    """

    __slots__ = ("_data", "type", "_read", "_canonical")

    def __init__(self, data: Any):
        if type(data) is not dict and not isinstance(data, Mapping):  # the common case first: an ABC check is slow
            raise InvalidAction(_("an action must be a JSON object with a \"type\""), rule="ACTION")
        kind = data.get("type")
        if not isinstance(kind, str) or not kind:
            raise InvalidAction(_("the action has no \"type\""), rule="ACTION")
        self._data = dict(data)
        self.type = kind
        self._read: set[str] = set()
        # Card fields as the log keeps them: in the canonical spelling (``10h``, ``Qs``), however
        # they were typed ("qs", "Q♠", " QS ").
        self._canonical: dict[str, Any] = {}

    def as_dict(self) -> dict[str, Any]:
        """The action without the envelope keys, as it was posted."""
        return {k: v for k, v in self._data.items() if k not in ENVELOPE_KEYS}

    def as_read(self) -> dict[str, Any]:
        """The action as the engine read it: its type and the fields that were asked for.
        This is what is stored: a field nobody reads is never kept (and never shown)."""
        kept = {"type": self.type}
        kept.update((k, self._canonical.get(k, v)) for k, v in self._data.items() if k in self._read and v is not None)
        return kept

    def has(self, name: str) -> bool:
        self._read.add(name)
        return self._data.get(name) is not None

    def raw(self, name: str, default: Any = None) -> Any:
        self._read.add(name)
        return self._data.get(name, default)

    def _require(self, name: str) -> Any:
        self._read.add(name)
        if self._data.get(name) is None:
            raise InvalidAction(_("“{action}” needs the field \"{name}\"", action=self.type, name=name),
                                rule="ACTION", missing=name)
        return self._data[name]

    # A required field is never None, an optional one may be: the overloads tell the type checker.
    @overload
    def text(self, name: str, *, max_length: int = ..., optional: Literal[False] = ...) -> str: ...
    @overload
    def text(self, name: str, *, max_length: int = ..., optional: bool) -> str | None: ...

    def text(self, name: str, *, max_length: int = 500, optional: bool = False) -> str | None:
        if optional and not self.has(name):
            return None
        value = self._require(name)
        if not isinstance(value, str):
            raise InvalidAction(_("\"{name}\" must be text", name=name), rule="ACTION")
        value = value.strip()
        if len(value) > max_length:
            raise InvalidAction(_("\"{name}\" is longer than {n} characters", name=name, n=max_length),
                                rule="ACTION")
        return value

    @overload
    def integer(self, name: str, *, minimum: int = ..., maximum: int = ..., optional: Literal[False] = ...) -> int: ...
    @overload
    def integer(self, name: str, *, minimum: int = ..., maximum: int = ..., optional: bool) -> int | None: ...

    def integer(self, name: str, *, minimum: int = 0, maximum: int = MAX_INT,
                optional: bool = False) -> int | None:
        if optional and not self.has(name):
            return None
        value = self._require(name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidAction(_("\"{name}\" must be a whole number", name=name), rule="ACTION")
        if not minimum <= value <= maximum and minimum == maximum:
            raise InvalidAction(_("\"{name}\" must be {value}", name=name, value=minimum), rule="ACTION")
        if not minimum <= value <= maximum:
            raise InvalidAction(_("\"{name}\" must be between {low} and {high}", name=name, low=minimum,
                                  high=maximum), rule="ACTION")
        return value

    @overload
    def choice(self, name: str, options: tuple[str, ...], *, optional: Literal[False] = ...) -> str: ...
    @overload
    def choice(self, name: str, options: tuple[str, ...], *, optional: bool) -> str | None: ...

    def choice(self, name: str, options: tuple[str, ...], *, optional: bool = False) -> str | None:
        if optional and not self.has(name):
            return None
        value = self._require(name)
        if value not in options:
            raise InvalidAction(_("\"{name}\" must be one of {options}", name=name, options=any_of(options)),
                                rule="ACTION")
        return value

    def suit(self, name: str) -> str:
        """A suit, written as in a card (c d h s or ♣ ♦ ♥ ♠, any case); stored as its letter."""
        from referee.cards import SUITS, read_suit

        value = self._require(name)
        suit = read_suit(value) if isinstance(value, str) else None
        if suit is None:
            raise InvalidAction(_("\"{name}\" must be one of {options}", name=name, options=any_of(SUITS)),
                                rule="ACTION")
        self._canonical[name] = suit
        return suit

    @overload
    def card(self, name: str = ..., *, optional: Literal[False] = ...) -> Card: ...
    @overload
    def card(self, name: str = ..., *, optional: bool) -> Card | None: ...

    def card(self, name: str = "card", *, optional: bool = False) -> Card | None:
        from referee.cards import Card

        if optional and not self.has(name):
            return None
        card = Card.parse(self._require(name))
        self._canonical[name] = str(card)
        return card

    @overload
    def cards(self, name: str = ..., *, count: int | None = ..., minimum: int = ..., maximum: int = ...,
              optional: Literal[False] = ...) -> tuple[Card, ...]: ...
    @overload
    def cards(self, name: str = ..., *, count: int | None = ..., minimum: int = ..., maximum: int = ...,
              optional: bool) -> tuple[Card, ...] | None: ...

    def cards(self, name: str = "cards", *, count: int | None = None, minimum: int = 1,
              maximum: int = 60, optional: bool = False) -> tuple[Card, ...] | None:
        from referee.cards import Card

        if optional and not self.has(name):
            return None
        value = self._require(name)
        if not isinstance(value, list):
            raise InvalidAction(_("\"{name}\" must be a list of cards", name=name), rule="ACTION")
        if count is not None and len(value) != count:
            raise InvalidAction(_("\"{name}\" must hold exactly {n} cards", name=name, n=count), rule="ACTION")
        if not minimum <= len(value) <= maximum:
            raise InvalidAction(_("\"{name}\" must hold {low} to {high} cards", name=name, low=minimum,
                                  high=maximum), rule="ACTION")
        cards = tuple(Card.parse(text) for text in value)
        self._canonical[name] = [str(card) for card in cards]
        return cards

    @overload
    def names(self, name: str, players: tuple[str, ...], *, optional: Literal[False] = ...) -> tuple[str, ...]: ...
    @overload
    def names(self, name: str, players: tuple[str, ...], *, optional: bool) -> tuple[str, ...] | None: ...

    def names(self, name: str, players: tuple[str, ...], *, optional: bool = False) -> tuple[str, ...] | None:
        if optional and not self.has(name):
            return None
        value = self._require(name)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise InvalidAction(_("\"{name}\" must be a list of player names", name=name), rule="ACTION")
        for v in value:
            if v not in players:
                raise InvalidAction(_("“{name}” is not a player in this match", name=str(v)[:40]),
                                    rule="ACTION")
        return tuple(value)

    def player_name(self, name: str, players: tuple[str, ...], *, optional: bool = False) -> str | None:
        if optional and not self.has(name):
            return None
        value = self._require(name)
        if value not in players:
            raise InvalidAction(_("“{name}” is not a player in this match", name=str(value)[:40]),
                                rule="ACTION")
        return value


def describe_fields(action: Action) -> str:
    """An action's type and fields as words, cards shown with their suit symbols."""
    from referee.cards import Card

    def shown(value: Any, depth: int = 0) -> str:
        # Bounded: a stored entry may hold any JSON, and reading it must never fail.
        if depth > 3:
            return "…"
        if isinstance(value, list):
            return " ".join(shown(v, depth + 1) for v in value[:60])
        if isinstance(value, dict):
            return ", ".join(f"{k} {shown(v, depth + 1)}" for k, v in list(value.items())[:20])
        if isinstance(value, str):
            try:
                return Card.parse(value).symbol
            except RuleViolation:
                return value[:200]
        return str(value)[:40]

    fields = [f"{key.replace('_', ' ')} {shown(value)}" for key, value in action.as_dict().items()
              if key not in ("type", "player")]
    return action.type.replace("_", " ") + (" — " + ", ".join(fields) if fields else "")
