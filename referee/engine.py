"""The game protocol every engine fills, the findings it returns, and the one rules path:
validate a new match, read an action, check who acts, let the engine decide.

An engine declares its actions as data (``moves``: for each action type, its handler, the
modes it may be entered in and who may enter it). The base then does the common work, in this
order: it refuses an unknown type, applies the play/quick gate, checks the actor, asks the
game's phase check (``check_phase``, whose refusals cite the game's own rules) and calls the
handler, every handler with one signature, ``(state, action, seq) -> (state, findings)``.
``legal(state)`` is derived from the same table.

Nothing here, nor in any engine, imports Flask or SQLAlchemy.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Mapping

from referee.actions import Action, describe_fields
from referee.errors import IllegalAction, InvalidAction, RuleViolation
from referee.frozen import pickled_by_fields
from referee.i18n import Message, _, any_of
from referee.rendered import Rendered
from referee.settings import MODES, Settings


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Finding:
    """A breach proved from the log after the fact. ``seq`` is the entry that proved it;
    ``about`` the entry it concerns (the faked miss, the revoke), where the engine knows it."""

    rule: str
    message: str | Message
    seq: int
    about: int | None = None

    def as_dict(self) -> dict[str, Any]:
        """The finding as views show it. Every view lists every finding of the match, and a
        finding never changes: its words are rendered once per wording (shared: read-only)."""
        return FINDINGS.get(self, None, self._rendered)

    def _rendered(self) -> dict[str, Any]:
        found = {"rule": self.rule, "message": str(self.message), "seq": self.seq}
        if self.about is not None:
            found["about"] = self.about
        return found


FINDINGS = Rendered(maxsize=20_000)


PLAY, QUICK = MODES
BOTH = frozenset(MODES)

# Who may enter an action (``Move.actor``):
TURN = "turn"          # the player (or one of the players) in turn, where the entry names one
TABLE = "table"        # anyone at the table: a challenge, an adjustment the table agreed
ARGUMENT = "argument"  # the action names a player as its subject; the handler checks it

Handler = Callable[[Any, Action, int], "tuple[Any, tuple[Finding, ...]]"]


@dataclass(frozen=True, slots=True)
class Move:
    """One action type of a game, as data: the method that applies it (by name, so a subclass
    may refine it), the modes it may be entered in, and who may enter it."""

    handler: str
    modes: frozenset[str] = frozenset({PLAY})
    actor: str = TURN


class GameRules:
    """One game's rules engine. Engines are stateless singletons: the state is a value.

    ``apply`` must never mutate the state it is given (the store caches states and replays
    logs); it returns a new state and the findings this action proved.
    """

    name: ClassVar[str]                # API name: "pontis", "reverse-bridge" ...
    title: ClassVar[str]               # shown to people: "Pontis"
    rule_prefix: ClassVar[str]         # rule ids: "PONTIS" as in PONTIS-SUM-2
    rule_ids: ClassVar[tuple[str, ...]] = ()  # every rule id the game cites, as data
    settings_type: ClassVar[type[Settings]]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    team_game: ClassVar[bool] = False  # scores reported per team ("NS", "EW")
    # The version of this game's rules the engine follows. Raise it with every change that
    # could refuse or re-score a stored entry; each match records the version it began under.
    rules_version: ClassVar[int] = 1
    # What one deal of the game is called at the table: "game", "hand" or "deal".
    unit: ClassVar[str] = "deal"

    def start(self, players: tuple[str, ...], settings: Settings, mode: str) -> Any:
        """The state of a new match, before any action."""
        raise NotImplementedError

    def check_new_players(self, names: tuple[str, ...]) -> None:
        """Refuse names a match being created may not give its players (RuleViolation). Not
        part of ``start``, which also reads stored matches back: those keep their names."""

    # Every action type of the game: {"play": Move("_play"), "quick": Move("_quick", {QUICK})}.
    moves: ClassVar[Mapping[str, Move]] = {}

    def apply(self, state: Any, action: Action, seq: int) -> tuple[Any, tuple[Finding, ...]]:
        """Apply one action (entry number ``seq`` of the log) or raise RuleViolation."""
        move = self.moves.get(action.type)
        if move is None:
            raise InvalidAction(_("{game} has no action “{action}”: use {actions}", game=self.title,
                                  action=str(action.type)[:40], actions=", ".join(self.moves)),
                                rule="ACTION")
        if state.mode not in move.modes:
            if state.mode == QUICK:
                message = _("this match keeps results only: enter each result with “quick”, not "
                            "“{action}”", action=action.type)
            else:
                message = _("“{action}” is for matches that keep results only; this match enters "
                            "every card", action=action.type)
            raise InvalidAction(message, rule="ACTION")
        self.check_actor(state, action, move)
        self.check_phase(state, action)
        handler: Handler = getattr(self, move.handler)
        return handler(state, action, seq)

    def check_phase(self, state: Any, action: Action) -> None:
        """Refuse an action the moment does not allow ("no game has been dealt yet"), citing
        the game's rule. Called after the actor check, before the handler."""

    def legal(self, state: Any) -> list[str]:
        """The action types that may be entered now: allowed in the match's mode and passing
        the phase check with no fields (a refusal that only misses a field still counts)."""
        kinds = []
        for kind, move in self.moves.items():
            if state.mode not in move.modes:
                continue
            try:
                self.check_phase(state, Action({"type": kind}))
            except InvalidAction as refused:
                if refused.missing is None:
                    continue
            except RuleViolation:
                continue
            kinds.append(kind)
        return kinds

    def turn(self, state: Any) -> str | None:
        """The player whose entry is expected now, or None."""
        raise NotImplementedError

    def actors(self, state: Any) -> tuple[str, ...]:
        """Everyone who may make the entry expected now (partners sharing a bank: several)."""
        expected = self.turn(state)
        return (expected,) if expected is not None else ()

    def check_actor(self, state: Any, action: Action, move: Move) -> None:
        """API rule: an action that names its ``player`` must come from a player in turn, or
        for a ``TABLE`` move from a player of the match. ``ARGUMENT`` moves check their
        player themselves."""
        actor = move.actor
        if actor == ARGUMENT:
            return  # not read here: the handler reads the field, and only then is it stored
        named = action.raw("player")
        if named is None:
            return
        if actor == TABLE:
            if named not in state.players:
                raise InvalidAction(_("{name} is not a player in this match", name=repr(named)[:40]),
                                    rule="ACTION")
            return
        expected = self.actors(state)
        if expected and named not in expected:
            raise self.not_in_turn(state, action, str(named)[:40])

    def not_in_turn(self, state: Any, action: Action, named: str) -> RuleViolation:
        """The refusal of an entry by someone who is not in turn: rule ``TURN``, as the API
        says. A game words its own moments (only the curdler may break a curdle) and cites its
        own rule for them with ``cites``."""
        return IllegalAction(_("it is {expected}'s turn, not {named}'s", expected=any_of(self.actors(state)),
                               named=named), rule="TURN")

    def view(self, state: Any) -> dict[str, Any]:
        """The JSON state of docs/api.md: the common keys plus the game's own. The store adds
        ``seq``."""
        raise NotImplementedError

    def unavailable(self, state: Any) -> Mapping[str, str | Message]:
        """Cards that cannot be entered now in any card field, by canonical text (``"7h"``),
        each with the reason a person reads ("already on Ann's bank"). The phone disables their
        keys. Only what the table has seen may be listed: never a card in a hidden hand."""
        return {}

    def stage(self, state: Any) -> str | Message | None:
        """Where in the game, hand or deal the next entry falls, for grouping the timeline
        ("Trick 7"); None where the game has no such steps."""
        return None

    def running_totals(self, state: Any) -> tuple[Mapping[str, int], ...]:
        """The match totals (per player, or per team in a team game) after each finished game,
        hand or deal, oldest first: the match chart is drawn from these."""
        return ()

    def opening_totals(self, state: Any) -> Mapping[str, int]:
        """The totals before the first game, hand or deal, where the chart starts: nothing for
        a game counted from nought, the buy-in for one played for money."""
        return {}

    def chart_note(self, state: Any) -> Message | None:
        """A line under the chart where its totals are not the score table's own figures."""
        return None

    def describe(self, before: Any, action: Action, after: Any) -> str:
        """One entry in words for the timeline ("Ben played 7♣ on his bank — bridge 7").
        Games override this; the default names who acted and what they entered."""
        actor = action.raw("player") or self.turn(before)
        if actor:
            return str(_("{player}: {entry}", player=actor, entry=describe_fields(action)))
        return describe_fields(action)


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
    state, findings = game.apply(state, action, seq)
    return state, findings, action.as_read()
