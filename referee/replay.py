"""The state of a match as a fold over its log: game actions, and the table's own entries.

Besides game actions (which the engine judges) the log holds five kinds of table entries:

- ``undo {}`` retracts the last game action or correction that is still in force;
- ``correct {"seq", "action", "drop"?}`` replaces an earlier game action. Every later action is
  judged again against the corrected history; those that no longer hold must be listed in
  ``drop`` (the scorer's choice), otherwise nothing changes and the conflicts are reported;
- ``drop {"seq"}`` sets aside an entry that the current rules no longer accept;
- ``dispute {"seq", "note"}`` raises a dispute on an entry of play (a new one may name no table
  entry: ``referee.store.log`` refuses it on appending, so that a stored one is read as it was);
- ``ruling {"dispute", "decision", "reason", "carried_out_by"?}`` settles a dispute: upheld,
  overruled or adjusted (an adjustment may name the correction or entry that carried it out).

Entries are never changed or removed: what is in force is worked out here, on every replay.

**Stored logs are read, never refused.** An entry was judged when it was entered; a later rules
change may refuse it. When a stored entry no longer holds, the replay sets it aside and keeps
the reason (``broken``) instead of failing, so the match still opens, exports and prints, and
the scorer can correct or drop it. Only new entries are refused.

**Linear cost.** The game entries form a persistent chain (``Link``) that keeps the state
before every ``CHECKPOINT``-th entry. A correction, an undo or a drop re-judges only the
entries from its target on, starting from the nearest checkpoint; nothing is read back from
the database and nothing is folded from the start.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from referee import engine
from referee.actions import Action
from referee.engine import Finding
from referee.errors import IllegalAction, InvalidAction, RuleViolation
from referee.frozen import replace
from referee.i18n import N_, Joined, _, gettext, n_
from referee.settings import Settings

TABLE_ENTRIES = frozenset({"undo", "correct", "drop", "dispute", "ruling"})
DECISIONS = (N_("upheld"), N_("overruled"), N_("adjusted"))
MAX_NOTE = 500
CHECKPOINT = 32  # a state is kept before every 32nd game entry: memory against re-judging


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
    """A correction of entry ``target`` (``action``), or with no action a drop of it; either may
    set later entries aside (``drops``)."""

    seq: int
    target: int
    action: dict | None
    drops: tuple[int, ...]


@dataclass(frozen=True)
class Ruling:
    seq: int
    decision: str
    reason: str
    carried_out_by: int | None = None  # the correction or entry that carried out an adjustment


@dataclass(frozen=True)
class Dispute:
    seq: int
    target: int
    note: str
    ruling: Ruling | None = None


@dataclass(frozen=True, slots=True, weakref_slot=True)
class Link:
    """One game entry of the fold, linked to the one before it (a persistent chain: a replay
    that extends it never changes what an older replay sees). A replay read from a snapshot may
    have, as its ``tip`` or as the ``prev`` of a link, a stand-in for links that are decoded only
    when something reaches them (``referee.store.snapshots``); it answers every attribute alike."""

    seq: int
    original: dict                # as logged
    action: dict                  # in force: the original, or the latest correction of it
    index: int                    # position in the fold, from 0
    prev: Link | None
    before: Any = None            # the state before this entry, kept on every CHECKPOINT-th
    dropped: bool = False         # set aside by a correction or a drop
    broken: RuleViolation | None = None  # a stored entry the current rules no longer accept

    def back(self) -> Iterator[Link]:
        link: Link | None = self
        while link is not None:
            yield link
            link = link.prev


@dataclass(frozen=True, slots=True)
class Stack:
    """The seqs in force (game entries and corrections), newest on top."""

    seq: int
    below: Stack | None

    def __iter__(self) -> Iterator[int]:
        stack: Stack | None = self
        while stack is not None:
            yield stack.seq
            stack = stack.below


@dataclass(frozen=True)
class Replay:
    """A match's state after its log, and what the replay learned on the way."""

    game: engine.GameRules
    settings: Settings
    mode: str
    state: Any
    seq: int                                  # last seq in the log (0 for a new match)
    players: tuple[str, ...] = ()
    tip: Link | None = None                   # the newest game entry of the fold
    in_force: Stack | None = None             # game entries and corrections in force
    undone: frozenset[int] = frozenset()
    corrections: tuple[Correction, ...] = ()  # in force, oldest first
    disputes: tuple[Dispute, ...] = ()
    broken: tuple[tuple[int, RuleViolation], ...] = ()  # stored entries no longer accepted
    work: int = 0                             # engine calls spent building this replay
    entry: dict | None = None                 # entry ``seq`` as the log keeps it (as it was read)

    def view(self) -> dict[str, Any]:
        view = self.game.view(self.state)
        view["seq"] = self.seq
        view["corrections"] = [{"seq": c.seq, "entry": c.target, "action": c.action, "dropped": list(c.drops)}
                               for c in self.corrections]
        view["disputes"] = [{"seq": d.seq, "entry": d.target, "note": d.note,
                             "ruling": None if d.ruling is None else
                             {"seq": d.ruling.seq, "decision": d.ruling.decision, "reason": d.ruling.reason,
                              "carried_out_by": d.ruling.carried_out_by}}
                            for d in self.disputes]
        view["no_longer_accepted"] = [{"seq": seq, **v.as_dict()} for seq, v in self.broken]
        return view

    @property
    def active(self) -> tuple[int, ...]:
        """Game entries and corrections in force, oldest first."""
        return tuple(reversed(list(self.in_force or ())))

    @property
    def replaced(self) -> dict[int, Correction]:
        """Game entry seq -> the correction now standing in for it (the latest one)."""
        return {c.target: c for c in self.corrections if c.action is not None}

    @property
    def dropped(self) -> dict[int, Correction]:
        return {seq: c for c in self.corrections for seq in c.drops}

    def link(self, seq: int) -> Link | None:
        for link in self.tip.back() if self.tip else ():
            if link.seq == seq:
                return link
            if link.seq < seq:
                return None
        return None

    def correctable(self, seq: int) -> Link | None:
        """Game entry ``seq`` as it stands, if a correction can replace it: neither a table
        entry nor one set aside."""
        link = self.link(seq)
        return None if link is None or link.dropped else link

    def state_before(self, seq: int) -> Any:
        """The game state just before game entry ``seq`` as the fold now stands (corrections in
        force), rebuilt from the nearest kept state: what a correction of that entry is judged
        against, and what its controls are drawn for."""
        chain: list[Link] = []
        for link in self.tip.back() if self.tip else ():
            if link.seq < seq:
                chain.append(link)
                if link.before is not None:
                    break
        if chain and chain[-1].before is not None:
            state = chain[-1].before
        else:
            state = self.game.start(self.players, self.settings, self.mode)
        for link in reversed(chain):
            if not link.dropped and link.broken is None:
                state, _findings = engine.apply(self.game, state, link.action, link.seq)
        return state

    def holds(self, seq: int) -> bool:
        """A game entry in force: not undone, not set aside, not replaced."""
        link = self.link(seq)
        return link is not None and not link.dropped and seq not in self.replaced


def start(game: engine.GameRules, settings: Settings, mode: str, players: tuple[str, ...]) -> Replay:
    return Replay(game, settings, mode, game.start(players, settings, mode), 0, players)


def step(replay: Replay, action: dict, seq: int, *, stored: bool = False) -> tuple[Replay, tuple[Finding, ...]]:
    """Apply log entry ``seq``; raises RuleViolation when it cannot be entered.

    ``stored``: the entry is read back from the log. It was accepted when it was entered, so if
    today's rules refuse it, it is set aside and remembered as no longer accepted (never raised).
    """
    try:
        return _step(replay, action, seq)
    except RuleViolation as violation:
        if not stored:
            raise
        return _set_aside(replay, action, seq, violation), ()


def _step(replay: Replay, action: dict, seq: int) -> tuple[Replay, tuple[Finding, ...]]:
    read = Action(action)
    if read.type not in TABLE_ENTRIES:
        state, findings, kept = engine.judge(replay.game, replay.state, read, seq)
        index = replay.tip.index + 1 if replay.tip else 0
        link = Link(seq, kept, kept, index, replay.tip, replay.state if index % CHECKPOINT == 0 else None)
        return replace(replay, state=state, seq=seq, tip=link, in_force=Stack(seq, replay.in_force),
                       work=replay.work + 1, entry=kept), findings
    if read.type == "undo":
        after = _undo(replay, seq)
    elif read.type == "correct":
        after = _correct(replay, read, seq)
    elif read.type == "drop":
        after = _drop(replay, read, seq)
    elif read.type == "dispute":
        after = _dispute(replay, read, seq)
    else:
        after = _ruling(replay, read, seq)
    entry = read.as_read()
    if read.type == "correct":
        correction = after.corrections[-1]
        entry = {"type": "correct", "seq": correction.target, "action": correction.action}
        if correction.drops:
            entry["drop"] = list(correction.drops)
    return replace(after, entry=entry), ()


def _set_aside(replay: Replay, action: dict, seq: int, violation: RuleViolation) -> Replay:
    """A stored entry that no longer holds: a game entry joins the fold set aside (so it can be
    corrected or dropped later); a table entry is simply not in force."""
    broken = replay.broken + ((seq, violation),)
    try:
        kind = Action(action).type
    except RuleViolation:
        kind = "undo"  # unreadable: treat like a table entry, never in force
    if kind in TABLE_ENTRIES:
        return replace(replay, seq=seq, broken=broken, entry=action)
    index = replay.tip.index + 1 if replay.tip else 0
    link = Link(seq, action, action, index, replay.tip, replay.state if index % CHECKPOINT == 0 else None,
                broken=violation)
    return replace(replay, seq=seq, tip=link, in_force=Stack(seq, replay.in_force), broken=broken, entry=action)


# --- re-judging ----------------------------------------------------------------------------

@dataclass(frozen=True)
class _Rejudged:
    tip: Link | None
    state: Any
    broken: dict[int, RuleViolation]   # every entry, game or table, that does not hold now
    work: int

    def listed(self) -> tuple[tuple[int, RuleViolation], ...]:
        return tuple(sorted(self.broken.items(), key=lambda item: item[0]))


def _rejudge(replay: Replay, tip: Link | None, start: int, *, action_for: dict[int, dict | None] | None = None,
             dropped_now: dict[int, bool] | None = None) -> _Rejudged:
    """The fold again from game entry ``start`` on (everything before it is unchanged). Each
    link already carries the action in force and whether it is set aside; ``action_for`` and
    ``dropped_now`` say what the change being made alters (an action of None: the entry as
    logged). Nothing here walks the corrections, so a long match's corrections cost each
    only its own tail. Starts from the nearest kept state at or before ``start``."""
    action_for = action_for or {}
    dropped_now = dropped_now or {}
    again: list[Link] = []
    base: Link | None = None
    for link in tip.back() if tip else ():
        again.append(link)
        if link.seq < start and link.before is not None:
            base = link
            break
    if base is None:
        state, prev = replay.game.start(replay.players, replay.settings, replay.mode), None
    else:
        state, prev = base.before, base.prev
    judged_again = {link.seq for link in again}
    broken = {seq: v for seq, v in replay.broken if seq not in judged_again}
    work = 0
    for old in reversed(again):
        index = prev.index + 1 if prev else 0
        before = state if index % CHECKPOINT == 0 else None
        action = action_for.get(old.seq, old.action) or old.original
        dropped = dropped_now.get(old.seq, old.dropped)
        violation = None
        if not dropped:
            work += 1
            try:
                state, _findings, action = engine.judge(replay.game, state, action, old.seq)
            except RuleViolation as refused:
                violation = broken[old.seq] = refused
        prev = Link(old.seq, old.original, action, index, prev, before, dropped, violation)
    return _Rejudged(prev, state, broken, work)


def _undo(replay: Replay, seq: int) -> Replay:
    if replay.in_force is None:
        raise IllegalAction(_("there is nothing to undo"), rule="UNDO")
    retracted = replay.in_force.seq
    below = replay.in_force.below
    undone = replay.undone | {retracted}
    correction = next((c for c in replay.corrections if c.seq == retracted), None)
    if correction is None:
        # The newest entry in force is a game entry, so it is the tip of the fold.
        assert replay.tip is not None and replay.tip.seq == retracted
        tip = replay.tip.prev
        rejudged = _rejudge(replay, tip, tip.seq + 1 if tip else 0)
        rejudged.broken.pop(retracted, None)
        return replace(replay, state=rejudged.state, seq=seq, tip=rejudged.tip, in_force=below, undone=undone,
                       broken=rejudged.listed(), work=replay.work + rejudged.work)
    # Undo takes only the newest entry in force, so the history it returns to was accepted as
    # it stands; an entry that fails in it now fails only because the rules changed: it is
    # marked like any other stored entry the current rules refuse.
    corrections = tuple(c for c in replay.corrections if c.seq != retracted)
    # What the retracted correction changed goes back to what the others in force say.
    standing = [c.action for c in corrections if c.target == correction.target and c.action is not None]
    action_for = {correction.target: standing[-1] if standing else None} if correction.action is not None else {}
    dropped_now = {seq: any(seq in c.drops for c in corrections) for seq in correction.drops}
    rejudged = _rejudge(replay, replay.tip, correction.target, action_for=action_for, dropped_now=dropped_now)
    return replace(replay, state=rejudged.state, seq=seq, tip=rejudged.tip, in_force=below, undone=undone,
                   corrections=corrections, broken=rejudged.listed(), work=replay.work + rejudged.work)


def _target(replay: Replay, action: Action, verb: str) -> Link:
    target = action.integer("seq", minimum=1, maximum=max(replay.seq, 1))
    link = replay.correctable(target)
    if link is None:
        raise IllegalAction(_("entry {n} is not a game entry in force, so it cannot be {verb}", n=target,
                              verb=gettext(verb)), rule="CORRECT")
    return link


def _correct(replay: Replay, action: Action, seq: int) -> Replay:
    link = _target(replay, action, N_("corrected"))
    new = action.raw("action")
    if not isinstance(new, dict) or Action(new).type in TABLE_ENTRIES:
        raise InvalidAction(_("\"action\" must be the corrected game entry, like a play"), rule="ACTION")
    drops = action.raw("drop") or []
    if not isinstance(drops, list) or not all(isinstance(d, int) and not isinstance(d, bool) for d in drops):
        raise InvalidAction(_("\"drop\" must be a list of entry numbers"), rule="ACTION")
    if any(not (link.seq < d <= replay.seq) or not replay.holds(d) for d in drops):
        raise IllegalAction(_("only later entries in force can be dropped with a correction"), rule="CORRECT")
    correction = Correction(seq, link.seq, Action(new).as_dict(), tuple(sorted(set(drops))))
    return _apply_correction(replay, correction, seq)


def _drop(replay: Replay, action: Action, seq: int) -> Replay:
    link = _target(replay, action, N_("dropped"))
    if link.broken is None:
        raise IllegalAction(_("entry {n} still holds under the current rules: correct it instead of dropping it",
                              n=link.seq), rule="CORRECT")
    return _apply_correction(replay, Correction(seq, link.seq, None, (link.seq,)), seq)


def _apply_correction(replay: Replay, correction: Correction, seq: int) -> Replay:
    corrections = replay.corrections + (correction,)
    rejudged = _rejudge(replay, replay.tip, correction.target,
                        action_for={} if correction.action is None else {correction.target: correction.action},
                        dropped_now={seq: True for seq in correction.drops})
    already = dict(replay.broken)
    conflicts = tuple((s, v) for s, v in sorted(rejudged.broken.items()) if s not in already)
    if conflicts:
        if conflicts[0][0] == correction.target:
            raise conflicts[0][1]
        raise CorrectionConflict(conflicts)
    if correction.action is not None:
        # Keep the corrected entry as the engine read it, like any other entry.
        kept = rejudged.tip.back() if rejudged.tip is not None else ()
        target = next(link for link in kept if link.seq == correction.target)
        correction = replace(correction, action=target.action)
        corrections = replay.corrections + (correction,)
    return replace(replay, state=rejudged.state, seq=seq, tip=rejudged.tip,
                   in_force=Stack(seq, replay.in_force), corrections=corrections,
                   broken=rejudged.listed(), work=replay.work + rejudged.work)


# --- disputes ------------------------------------------------------------------------------

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
    carried_out_by = action.integer("carried_out_by", minimum=1, maximum=max(replay.seq, 1), optional=True)
    open_dispute = next((d for d in replay.disputes if d.seq == number), None)
    if open_dispute is None:
        raise IllegalAction(_("entry {n} is not a dispute", n=number), rule="DISPUTE")
    if open_dispute.ruling is not None:
        raise IllegalAction(_("the dispute at entry {n} was already ruled ({decision})", n=number,
                              decision=gettext(open_dispute.ruling.decision)), rule="DISPUTE")
    if carried_out_by is not None:
        if decision != "adjusted":
            raise InvalidAction(_("only an \"adjusted\" ruling names the entry that carried it out"),
                                rule="DISPUTE")
        if carried_out_by < number or not (replay.holds(carried_out_by) or
                                           any(c.seq == carried_out_by for c in replay.corrections)):
            raise IllegalAction(_("entry {n} is not a correction or entry in force made after the dispute",
                                  n=carried_out_by), rule="DISPUTE")
    ruled = replace(open_dispute, ruling=Ruling(seq, decision, reason, carried_out_by))
    return replace(replay, seq=seq, disputes=tuple(ruled if d.seq == number else d for d in replay.disputes))
