"""The state of a match as a fold over its log: game actions, and the table's own entries.

Besides game actions (which the engine judges) the log holds four kinds of table entries:

- ``undo {}`` retracts the last game action or correction that is still in force;
- ``correct {"seq", "action", "drop"?}`` replaces an earlier game action. Every later action is
  judged again against the corrected history; those that no longer hold must be listed in
  ``drop`` (the scorer's choice), otherwise nothing changes and the conflicts are reported;
- ``dispute {"seq", "note"}`` raises a dispute on an entry;
- ``ruling {"dispute", "decision", "reason"}`` settles a dispute: upheld, overruled or adjusted.

Entries are never changed or removed: what is in force is worked out here, on every replay.
Nothing here touches the database; the store passes in a way to read earlier actions.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping

from referee import rules
from referee.i18n import N_, Joined, _, gettext, n_
from referee.rules import Action, Finding, IllegalAction, InvalidAction, RuleViolation

TABLE_ENTRIES = frozenset({"undo", "correct", "dispute", "ruling"})
DECISIONS = (N_("upheld"), N_("overruled"), N_("adjusted"))
MAX_NOTE = 500

# Reads the stored actions by seq (all entries up to the one being applied).
ActionSource = Callable[[], Mapping[int, dict]]


class CorrectionConflict(RuleViolation):
    """A correction after which some later entries no longer hold: nothing was changed."""

    def __init__(self, conflicts: tuple[tuple[int, RuleViolation], ...]):
        listed = tuple(_("entry {n}: {reason}", n=seq, reason=violation.message) for seq, violation in conflicts)
        super().__init__(
            n_("After this correction {n} later entry no longer holds — {listed}. Nothing was changed: "
               "drop it with the correction, or cancel.",
               "After this correction {n} later entries no longer hold — {listed}. Nothing was changed: "
               "drop them with the correction, or cancel.", len(conflicts), n=len(conflicts),
               listed=Joined(listed)), rule="CORRECT")
        self.conflicts = conflicts


@dataclass(frozen=True)
class Correction:
    seq: int
    target: int
    action: dict
    drops: tuple[int, ...]


@dataclass(frozen=True)
class Ruling:
    seq: int
    decision: str
    reason: str


@dataclass(frozen=True)
class Dispute:
    seq: int
    target: int
    note: str
    ruling: Ruling | None = None


@dataclass(frozen=True)
class Replay:
    """A match's state after its log, and what the replay learned on the way."""

    game: rules.GameRules
    settings: rules.Settings
    mode: str
    state: Any
    seq: int                                  # last seq in the log (0 for a new match)
    active: tuple[int, ...] = ()              # game actions and corrections in force, oldest first
    undone: frozenset[int] = frozenset()
    corrections: tuple[Correction, ...] = ()  # in force, oldest first
    disputes: tuple[Dispute, ...] = ()

    def view(self) -> dict[str, Any]:
        view = self.game.view(self.state)
        view["seq"] = self.seq
        view["corrections"] = [{"seq": c.seq, "entry": c.target, "action": c.action, "dropped": list(c.drops)}
                               for c in self.corrections]
        view["disputes"] = [{"seq": d.seq, "entry": d.target, "note": d.note,
                             "ruling": None if d.ruling is None else
                             {"seq": d.ruling.seq, "decision": d.ruling.decision, "reason": d.ruling.reason}}
                            for d in self.disputes]
        return view

    @property
    def replaced(self) -> dict[int, Correction]:
        """Game action seq -> the correction now standing in for it (the latest one)."""
        return {c.target: c for c in self.corrections}

    @property
    def dropped(self) -> dict[int, Correction]:
        return {seq: c for c in self.corrections for seq in c.drops}

    def in_force(self, seq: int) -> bool:
        return seq in self.active and seq not in self.dropped and seq not in self.replaced


def start(game: rules.GameRules, settings: rules.Settings, mode: str, players: tuple[str, ...]) -> Replay:
    return Replay(game, settings, mode, game.start(players, settings, mode), 0)


def step(replay: Replay, action: dict, seq: int, earlier: ActionSource,
         players: tuple[str, ...]) -> tuple[Replay, tuple[Finding, ...]]:
    """Apply log entry ``seq``; raises RuleViolation when it cannot be entered."""
    kind = Action(action).type
    if kind not in TABLE_ENTRIES:
        state, findings = rules.apply(replay.game, replay.state, action, seq)
        return replace(replay, state=state, seq=seq, active=replay.active + (seq,)), findings
    if kind == "undo":
        return _undo(replay, seq, earlier, players), ()
    if kind == "correct":
        return _correct(replay, Action(action), seq, earlier, players), ()
    if kind == "dispute":
        return _dispute(replay, Action(action), seq), ()
    return _ruling(replay, Action(action), seq), ()


def _undo(replay: Replay, seq: int, earlier: ActionSource, players: tuple[str, ...]) -> Replay:
    if not replay.active:
        raise IllegalAction(_("there is nothing to undo"), rule="UNDO")
    retracted = replay.active[-1]
    kept = replace(replay, active=replay.active[:-1], undone=replay.undone | {retracted},
                   corrections=tuple(c for c in replay.corrections if c.seq != retracted))
    state, conflicts = _fold(kept, earlier(), players)
    if conflicts:
        # Cannot happen while undo takes only the last entry in force; refuse rather than guess.
        raise IllegalAction(_("undoing entry {n} would leave entry {later} without ground; correct it instead",
                              n=retracted, later=conflicts[0][0]), rule="UNDO")
    return replace(kept, state=state, seq=seq)


def _correct(replay: Replay, action: Action, seq: int, earlier: ActionSource,
             players: tuple[str, ...]) -> Replay:
    target = action.integer("seq", minimum=1, maximum=max(replay.seq, 1))
    if not replay.in_force(target) and target not in replay.replaced:
        raise IllegalAction(_("entry {n} is not a game entry in force, so it cannot be corrected", n=target),
                            rule="CORRECT")
    new = action.raw("action")
    if not isinstance(new, dict) or Action(new).type in TABLE_ENTRIES:
        raise InvalidAction(_("\"action\" must be the corrected game entry, like a play"), rule="ACTION")
    drops = action.raw("drop") or []
    if not isinstance(drops, list) or not all(isinstance(d, int) and not isinstance(d, bool) for d in drops):
        raise InvalidAction(_("\"drop\" must be a list of entry numbers"), rule="ACTION")
    if any(not (target < d <= replay.seq) or not replay.in_force(d) for d in drops):
        raise IllegalAction(_("only later entries in force can be dropped with a correction"), rule="CORRECT")
    stored = Action(new).as_dict()
    correction = Correction(seq, target, stored, tuple(sorted(set(drops))))
    candidate = replace(replay, active=replay.active + (seq,), corrections=replay.corrections + (correction,))
    state, conflicts = _fold(candidate, earlier(), players)
    if conflicts:
        if conflicts[0][0] == target:
            raise conflicts[0][1]
        raise CorrectionConflict(conflicts)
    return replace(candidate, state=state, seq=seq)


def _fold(replay: Replay, actions: Mapping[int, dict], players: tuple[str, ...]):
    """The state from the start with every game action in force (corrections standing in for
    what they replace); entries that no longer hold are collected, not applied."""
    state = replay.game.start(players, replay.settings, replay.mode)
    replaced, dropped = replay.replaced, replay.dropped
    conflicts = []
    corrections = {c.seq for c in replay.corrections}
    for seq in replay.active:
        if seq in corrections or seq in dropped:
            continue
        action = replaced[seq].action if seq in replaced else actions[seq]
        try:
            state, _findings = rules.apply(replay.game, state, action, seq)
        except RuleViolation as violation:
            conflicts.append((seq, violation))
    return state, tuple(conflicts)


def _dispute(replay: Replay, action: Action, seq: int) -> Replay:
    target = action.integer("seq", minimum=1, maximum=max(replay.seq, 1))
    note = action.text("note", max_length=MAX_NOTE)
    if not note:
        raise InvalidAction(_("say what the dispute is about (\"note\")"), rule="ACTION")
    return replace(replay, seq=seq, disputes=replay.disputes + (Dispute(seq, target, note),))


def _ruling(replay: Replay, action: Action, seq: int) -> Replay:
    number = action.integer("dispute", minimum=1, maximum=max(replay.seq, 1))
    decision = action.choice("decision", DECISIONS)
    reason = action.text("reason", max_length=MAX_NOTE)
    if not reason:
        raise InvalidAction(_("give the reason for the ruling (\"reason\")"), rule="ACTION")
    open_dispute = next((d for d in replay.disputes if d.seq == number), None)
    if open_dispute is None:
        raise IllegalAction(_("entry {n} is not a dispute", n=number), rule="DISPUTE")
    if open_dispute.ruling is not None:
        raise IllegalAction(_("the dispute at entry {n} was already ruled ({decision})", n=number,
                              decision=gettext(open_dispute.ruling.decision)), rule="DISPUTE")
    ruled = replace(open_dispute, ruling=Ruling(seq, decision, reason))
    return replace(replay, seq=seq, disputes=tuple(ruled if d.seq == number else d for d in replay.disputes))
