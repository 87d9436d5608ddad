"""The timeline: every entry in words, as it happened, told once per match and language and
extended by new entries only; grouped into games, hands or deals."""
from __future__ import annotations

import logging
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select

from referee import engine
from referee.actions import Action, describe_fields
from referee.engine import Finding
from referee.i18n import _, all_of, current, gettext
from referee.replay import TABLE_ENTRIES, Replay, step
from referee.store.log import LogEntry, Marks, as_utc, cache_lock, fresh_replay, load
from referee.store.models import Event, Match, db

log_ = logging.getLogger(__name__)

# --- the timeline ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Told:
    """One entry as it happened, in words (in one language): it never changes once told."""

    seq: int
    action: dict
    time: datetime
    by: str | None
    words: str
    findings: tuple[Finding, ...]   # proved by this entry
    table_entry: bool
    unit: int                       # the game, hand or deal it belongs to (0: before the first)
    stage: str | None = None        # where in it ("Trick 7"), for games that have such steps
    corrected: str | None = None    # for a correction: the corrected entry, in words


# A game action of these types starts a game, hand or deal; the timeline groups by them.
UNIT_STARTS = frozenset({"deal", "quick"})


@dataclass(frozen=True)
class TimelineEntry:
    """One entry of the dispute view: the log entry as it stands now, and as it happened."""

    entry: LogEntry
    words: str
    findings: tuple[Finding, ...]
    stage: str | None = None


@dataclass(frozen=True)
class _Told:
    replay: Replay            # the replay after the last entry told
    entries: tuple[Told, ...]


_told: OrderedDict[tuple[str, str], _Told] = OrderedDict()
TOLD_CACHE_SIZE = 64


def told(match: Match) -> tuple[Told, ...]:
    """Every entry in words, as it happened, in the current language. Cached per match and
    language and extended by the new entries only: a long match is told once."""
    key = (match.id, current())
    with cache_lock:
        cached = _told.get(key)
    newest = load(match).seq
    if cached is not None and cached.replay.seq == newest:
        return cached.entries
    if cached is None or cached.replay.seq > newest:
        cached = _Told(fresh_replay(match), ())
    replay, entries = cached.replay, list(cached.entries)
    rows = db.session.execute(select(Event.seq, Event.action, Event.time, Event.by)
                              .where(Event.match_id == match.id, Event.seq > replay.seq).order_by(Event.seq))
    unit = entries[-1].unit if entries else 0
    for seq, action, moment, by in rows:
        before = replay
        replay, findings = step(replay, action, seq, stored=True)
        table_entry = _is_table_entry(action)
        if not table_entry and isinstance(action, dict) and action.get("type") in UNIT_STARTS:
            unit += 1
        corrected = None
        if table_entry and action.get("type") == "correct":
            corrected = corrected_words(before, action.get("seq"), action.get("action"))
        entries.append(Told(seq, action, as_utc(moment), by, _words(before, action, replay, corrected),
                            findings, table_entry, unit, None if table_entry else _stage(before), corrected))
    result = _Told(replay, tuple(entries))
    with cache_lock:
        _told[key] = result
        _told.move_to_end(key)
        while len(_told) > TOLD_CACHE_SIZE:
            _told.popitem(last=False)
    return result.entries


def timeline(match: Match, after: int = 0, upto: int | None = None) -> list[TimelineEntry]:
    """The entries ``after`` < seq <= ``upto`` in words, marked as they stand now."""
    marks = Marks.of(load(match))
    entries = told(match)
    chosen = entries[after:upto]  # entry n is at index n - 1
    return [TimelineEntry(marks.entry(t.seq, t.action, t.time, t.by), t.words, t.findings, t.stage) for t in chosen]


@dataclass(frozen=True)
class Unit:
    """One game, hand or deal of the timeline: its number and the entries it spans."""

    number: int
    first: int
    last: int

    @property
    def size(self) -> int:
        return self.last - self.first + 1


def units(match: Match) -> list[Unit]:
    """The timeline's games, hands or deals, in order (number 0 holds what came before the
    first one, if anything did)."""
    found: list[Unit] = []
    for entry in told(match):
        if found and found[-1].number == entry.unit:
            found[-1] = Unit(entry.unit, found[-1].first, entry.seq)
        else:
            found.append(Unit(entry.unit, entry.seq, entry.seq))
    return found


def _stage(replay: Replay) -> str | None:
    try:
        stage = replay.game.stage(replay.state)
    except Exception:  # noqa: BLE001 - grouping is a convenience; reading must not fail
        return None
    return None if stage is None else str(stage)


def _is_table_entry(action: Any) -> bool:
    return isinstance(action, dict) and action.get("type") in TABLE_ENTRIES


def _words(before: Replay, action: dict, after: Replay, corrected: str | None = None) -> str:
    """An entry in words. Reading never fails: an entry the engine cannot put in words (one
    the current rules refuse, say) is shown by its fields."""
    try:
        read = Action(action)
        if read.type in TABLE_ENTRIES:
            return _table_entry_words(before, read, corrected)
        if after.broken and after.broken[-1][0] == after.seq:
            return describe_fields(read)
        return before.game.describe(before.state, read, after.state)
    except Exception:  # noqa: BLE001 - a timeline line must never take the page down
        log_.exception("entry %s could not be put in words", after.seq)
        return describe_fields(Action(action)) if isinstance(action, dict) and "type" in action else "?"


def corrected_words(replay: Replay, target: Any, corrected: Any) -> str:
    """A corrected entry in words, as the game says it, judged where the entry stands."""
    if not isinstance(corrected, dict) or not isinstance(target, int):
        return "?"
    try:
        state = replay.state_before(target)
        after, _findings = engine.apply(replay.game, state, corrected, target)
        return replay.game.describe(state, Action(corrected), after)
    except Exception:  # noqa: BLE001 - the words of a correction must never take the page down
        return describe_fields(Action(corrected))


def _table_entry_words(before: Replay, action: Action, corrected: str | None = None) -> str:
    if action.type == "undo":
        return str(_("Undo of entry {n}", n=before.in_force.seq)) if before.in_force else gettext("Undo")
    if action.type == "correct":
        drops = action.raw("drop") or []
        words = _("Correction of entry {n}: {entry}", n=action.raw("seq"),
                  entry=corrected or corrected_words(before, action.raw("seq"), action.raw("action")))
        if drops:
            words = _("{correction}; entries {entries} set aside", correction=words, entries=all_of(drops))
        return str(words)
    if action.type == "drop":
        return str(_("Entry {n} set aside: the current rules no longer accept it", n=action.raw("seq")))
    if action.type == "dispute":
        return str(_("Dispute on entry {n}: {note}", n=action.raw("seq"), note=action.raw("note")))
    return str(_("Ruling on the dispute at entry {n}: {decision} — {reason}", n=action.raw("dispute"),
                 decision=gettext(str(action.raw("decision"))), reason=action.raw("reason")))



def clear_cache() -> None:
    with cache_lock:
        _told.clear()
