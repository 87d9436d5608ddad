"""The rules core every game engine stands on.

- ``RuleViolation`` and its two kinds: ``InvalidAction`` (malformed input: bad card text, a
  missing field) and ``IllegalAction`` (well formed, but the rules forbid it now). Each carries
  a message for a person at the table and the id of the rule it cites.
- ``Finding``: something proved after the fact (a faked miss, a revoke), kept in the state.
- ``Action``: a read-only view of one JSON action with typed field readers, so every engine
  parses input one way and every malformed field is answered with a clear message.
- ``Settings``: the base of each game's frozen house-rules dataclass, validated from a dict.
- ``GameRules``: the protocol of a game engine, and ``REGISTRY`` via ``referee.games``.

Nothing here, nor in any engine, imports Flask or SQLAlchemy.
"""
from __future__ import annotations

import dataclasses
import unicodedata
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Mapping

from referee.i18n import Message, _, any_of, gettext

if TYPE_CHECKING:
    from referee.cards import Card

MODES = ("play", "quick")


class RuleViolation(Exception):
    """An action the referee does not accept. ``rule`` is a rule id such as ``PONTIS-SUM-2``."""

    def __init__(self, message: str | Message, rule: str):
        super().__init__(message)
        self.message = message  # a Message is translated when shown
        self.rule = rule

    def __str__(self) -> str:
        return str(self.message)

    def as_dict(self) -> dict[str, str]:
        return {"rule": self.rule, "message": str(self.message)}


class InvalidAction(RuleViolation):
    """Malformed input: unreadable card, missing or mistyped field, unknown action type."""


class IllegalAction(RuleViolation):
    """A well-formed action that the rules of the game forbid at this moment."""


@dataclass(frozen=True, slots=True)
class Finding:
    """A breach proved from the log after the fact. ``seq`` is the entry that proved it."""

    rule: str
    message: str | Message
    seq: int

    def as_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "message": str(self.message), "seq": self.seq}


# --- actions -------------------------------------------------------------------------------

# Keys every action may carry that are the store's business, not the engine's.
ENVELOPE_KEYS = frozenset({"id", "expect", "by"})
MAX_INT = 10**9


class Action:
    """One action as posted: ``{"type": ..., fields...}``, read through typed accessors.

    Every accessor raises ``InvalidAction`` (rule ``ACTION``, or ``CARD`` for card text) whose
    message names the field, so a script author or a phone sees exactly what was wrong.
    """

    __slots__ = ("_data", "type", "_read")

    def __init__(self, data: Any):
        if not isinstance(data, Mapping):
            raise InvalidAction(_("an action must be a JSON object with a \"type\""), rule="ACTION")
        kind = data.get("type")
        if not isinstance(kind, str) or not kind:
            raise InvalidAction(_("the action has no \"type\""), rule="ACTION")
        self._data = dict(data)
        self.type = kind
        self._read: set[str] = set()

    def as_dict(self) -> dict[str, Any]:
        """The action without the envelope keys, as it was posted."""
        return {k: v for k, v in self._data.items() if k not in ENVELOPE_KEYS}

    def as_read(self) -> dict[str, Any]:
        """The action as the engine read it: its type and the fields that were asked for.
        This is what is stored: a field nobody reads is never kept (and never shown)."""
        kept = {"type": self.type}
        kept.update((k, v) for k, v in self._data.items() if k in self._read and v is not None)
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
                                rule="ACTION")
        return self._data[name]

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

    def integer(self, name: str, *, minimum: int = 0, maximum: int = MAX_INT,
                optional: bool = False) -> int | None:
        if optional and not self.has(name):
            return None
        value = self._require(name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidAction(_("\"{name}\" must be a whole number", name=name), rule="ACTION")
        if not minimum <= value <= maximum:
            raise InvalidAction(_("\"{name}\" must be between {low} and {high}", name=name, low=minimum,
                                  high=maximum), rule="ACTION")
        return value

    def choice(self, name: str, options: tuple[str, ...], *, optional: bool = False) -> str | None:
        if optional and not self.has(name):
            return None
        value = self._require(name)
        if value not in options:
            raise InvalidAction(_("\"{name}\" must be one of {options}", name=name, options=any_of(options)),
                                rule="ACTION")
        return value

    def card(self, name: str = "card", *, optional: bool = False) -> Card | None:
        from referee.cards import Card

        if optional and not self.has(name):
            return None
        return Card.parse(self._require(name))

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
        return tuple(Card.parse(text) for text in value)

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


# --- settings (house rules) ----------------------------------------------------------------

def house_rule(default: Any, help: str, *, label: str | None = None,
               choices: tuple[Any, ...] | None = None, minimum: int | None = None,
               maximum: int | None = None, words: Mapping[Any, str] | None = None) -> Any:
    """Declare one house rule as a Settings field: its default, the line that explains it,
    and the values it may take. ``words`` names each choice for people (marked with ``N_``):
    a value such as ``aces_only`` is the API's, never a screen's."""
    return field(default=default, metadata={
        "help": help, "label": label, "choices": choices, "minimum": minimum, "maximum": maximum,
        "words": dict(words or {}),
    })


@dataclass(frozen=True)
class HouseRuleInfo:
    name: str
    label: str
    help: str
    default: Any
    kind: type
    choices: tuple[Any, ...] | None
    minimum: int | None
    maximum: int | None
    words: Mapping[Any, str] = field(default_factory=dict)

    def word(self, value: Any) -> str:
        """A value of this house rule as a person reads it, in the current language."""
        if isinstance(value, bool):
            return gettext("on") if value else gettext("off")
        if value in self.words:
            return gettext(self.words[value])
        return gettext(value) if isinstance(value, str) else str(value)


@dataclass(frozen=True)
class Settings:
    """Base of every game's house rules. Subclasses are frozen dataclasses whose fields are
    declared with ``house_rule``; ``from_dict`` validates a posted dict against them."""

    @classmethod
    def rules(cls) -> tuple[HouseRuleInfo, ...]:
        infos = []
        for f in dataclasses.fields(cls):
            meta = f.metadata
            kind = type(f.default)
            infos.append(HouseRuleInfo(
                name=f.name, label=meta.get("label") or f.name.replace("_", " ").capitalize(),
                help=meta.get("help", ""), default=f.default, kind=kind,
                choices=meta.get("choices"), minimum=meta.get("minimum"), maximum=meta.get("maximum"),
                words=meta.get("words") or {},
            ))
        return tuple(infos)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Settings:
        data = dict(data or {})
        known = {info.name: info for info in cls.rules()}
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise InvalidAction(_("unknown house rule: {names}", names=", ".join(map(str, unknown))[:80]),
                                rule="SETTINGS")
        values = {}
        for name, value in data.items():
            values[name] = _check_house_rule(known[name], value)
        settings = cls(**values)
        settings.validate()
        return settings

    def validate(self) -> None:
        """Checks across fields; subclasses raise InvalidAction(rule="SETTINGS")."""

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def _check_house_rule(info: HouseRuleInfo, value: Any) -> Any:
    bad = InvalidAction(_describe_allowed(info, value), rule="SETTINGS")
    if info.kind is bool:
        if not isinstance(value, bool):
            raise bad
    elif info.kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad
        if info.minimum is not None and value < info.minimum:
            raise bad
        if info.maximum is not None and value > info.maximum:
            raise bad
    elif info.kind is str:
        if not isinstance(value, str):
            raise bad
    if info.choices is not None and value not in info.choices:
        raise bad
    return value


def _describe_allowed(info: HouseRuleInfo, value: Any) -> Message:
    shown = repr(value)[:40]
    if info.choices is not None:
        return _("house rule {name} cannot be {value}: choose one of {allowed}", name=info.name, value=shown,
                 allowed=any_of(str(c) for c in info.choices))
    if info.kind is bool:
        return _("house rule {name} must be true or false, not {value}", name=info.name, value=shown)
    if info.kind is int:
        return _("house rule {name} must be a whole number from {low} to {high}, not {value}", name=info.name,
                 low=info.minimum if info.minimum is not None else 0,
                 high=info.maximum if info.maximum is not None else MAX_INT, value=shown)
    return _("house rule {name} cannot be {value}", name=info.name, value=shown)


# --- the game protocol ---------------------------------------------------------------------

class GameRules:
    """One game's rules engine. Engines are stateless singletons: the state is a value.

    ``apply`` must never mutate the state it is given (the store caches states and replays
    logs); it returns a new state and the findings this action proved.
    """

    name: ClassVar[str]                # API name: "pontis", "reverse-bridge" ...
    title: ClassVar[str]               # shown to people: "Pontis"
    rule_prefix: ClassVar[str]         # rule ids: "PONTIS" as in PONTIS-SUM-2
    settings_type: ClassVar[type[Settings]]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    team_game: ClassVar[bool] = False  # scores reported per team ("NS", "EW")
    # The version of this game's rules the engine follows. Raise it with every change that
    # could refuse or re-score a stored entry; each match records the version it began under.
    rules_version: ClassVar[int] = 1

    def start(self, players: tuple[str, ...], settings: Settings, mode: str) -> Any:
        """The state of a new match, before any action."""
        raise NotImplementedError

    def apply(self, state: Any, action: Action, seq: int) -> tuple[Any, tuple[Finding, ...]]:
        """Apply one action (entry number ``seq`` of the log) or raise RuleViolation."""
        raise NotImplementedError

    def turn(self, state: Any) -> str | None:
        """The player whose entry is expected now, or None."""
        raise NotImplementedError

    def check_actor(self, state: Any, action: Action) -> None:
        """API rule: an action that names its ``player`` must come from the player in turn.
        A game where ``player`` is an argument of some actions, or where several people may
        act for one seat, overrides this."""
        named = action.raw("player")
        if named is None:
            return
        expected = self.turn(state)
        if expected is not None and named != expected:
            raise IllegalAction(_("it is {expected}'s turn, not {named}'s", expected=expected,
                                  named=str(named)[:40]), rule="TURN")

    def view(self, state: Any) -> dict[str, Any]:
        """The JSON state of docs/api.md: the common keys plus the game's own. The store adds
        ``seq``."""
        raise NotImplementedError

    def unavailable(self, state: Any) -> Mapping[str, str | Message]:
        """Cards that cannot be entered now in any card field, by canonical text (``"7h"``),
        each with the reason a person reads ("already on Ann's bank"). The phone disables their
        keys. Only what the table has seen may be listed: never a card in a hidden hand."""
        return {}

    def running_totals(self, state: Any) -> tuple[Mapping[str, int], ...]:
        """The match totals (per player, or per team in a team game) after each finished game,
        hand or deal, oldest first: the match chart is drawn from these."""
        return ()

    def describe(self, before: Any, action: Action, after: Any) -> str:
        """One entry in words for the timeline ("Ben played 7♣ on his bank — bridge 7").
        Games override this; the default names who acted and what they entered."""
        actor = action.raw("player") or self.turn(before)
        if actor:
            return str(_("{player}: {entry}", player=actor, entry=describe_fields(action)))
        return describe_fields(action)


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


def name_key(name: str) -> str:
    """A player's name as it is compared: Unicode-normalised (NFKC), without invisible
    characters (format and control characters such as a zero-width space), case-folded, so
    "Ann" and "Ann" plus a zero-width space are one name."""
    normal = unicodedata.normalize("NFKC", name)
    return "".join(ch for ch in normal if unicodedata.category(ch) not in ("Cf", "Cc", "Zl", "Zp")).strip().casefold()


def new_match(game: GameRules, players: Any, settings: Any, mode: Any) -> tuple[Settings, Any]:
    """Validate a new match's players, house rules and mode; return settings and first state."""
    if mode not in MODES:
        raise InvalidAction(_("mode must be \"play\" or \"quick\""), rule="SETTINGS")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise InvalidAction(_("players must be a list of names"), rule="SETUP")
    names = tuple(p.strip() for p in players)
    if any(not n for n in names):
        raise InvalidAction(_("every player needs a name"), rule="SETUP")
    if any(not name_key(n) for n in names):
        raise InvalidAction(_("every player needs a name"), rule="SETUP")
    if any(len(n) > 40 for n in names):
        raise InvalidAction(_("a player's name can be at most 40 characters"), rule="SETUP")
    if len(set(name_key(n) for n in names)) != len(names):
        raise InvalidAction(_("two players have the same name"), rule="SETUP")
    if not game.min_players <= len(names) <= game.max_players:
        if game.min_players == game.max_players:
            message = _("{game} is for exactly {high} players, not {n}", game=game.title,
                        high=game.max_players, n=len(names))
        else:
            message = _("{game} is for {low} to {high} players, not {n}", game=game.title,
                        low=game.min_players, high=game.max_players, n=len(names))
        raise InvalidAction(message, rule=f"{game.rule_prefix}-SETUP-1")
    parsed = game.settings_type.from_dict(settings)
    return parsed, game.start(names, parsed, mode)


def apply(game: GameRules, state: Any, data: Any, seq: int) -> tuple[Any, tuple[Finding, ...]]:
    """The one rules path: read the action, check who is acting, let the engine decide."""
    state, findings, _read = judge(game, state, data, seq)
    return state, findings


def judge(game: GameRules, state: Any, data: Any, seq: int) -> tuple[Any, tuple[Finding, ...], dict[str, Any]]:
    """``apply``, and the action as the engine read it (what the log keeps)."""
    action = data if isinstance(data, Action) else Action(data)
    game.check_actor(state, action)
    state, findings = game.apply(state, action, seq)
    return state, findings, action.as_read()
