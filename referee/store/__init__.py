"""The event store: matches and their append-only logs, and the state as a replay of the log.

- ``models``: the tables, the codes people type, finding a match.
- ``inputs``: what may be written (size, depth, printable text), checked before anything is.
- ``log``: creating a match, appending an entry once, the replay and its cache, the log.
- ``snapshots``: the replay stored every 100th entry, so a cold read replays only the tail (a
  cache: used only under the rules and code it was written by; deleting them changes nothing).
- ``exchange``: export and import.
- ``timeline``: every entry in words, grouped by game, hand or deal.

An event's primary key is (match, seq): two writers cannot both append seq n; the loser's insert
fails and it re-validates against the new state (or answers 409 if it sent ``expect``). A client
``id`` is unique per match: a retried action is appended once and answered the same. ``undo``
is itself an event; nothing stored is ever changed.
"""
from __future__ import annotations

from referee.replay import Replay
from referee.store import log as _log
from referee.store import timeline as _timeline
from referee.store.exchange import IMPORT_WORK_BASE, IMPORT_WORK_PER_ENTRY, export, import_match
from referee.store.inputs import check_input
from referee.store.log import (
    Appended,
    LogEntry,
    StaleExpect,
    append,
    create_match,
    last_seq,
    load,
    log,
    reissue_scorer_token,
    replay_until,
)
from referee.store.models import (
    SCORER_CODE_LENGTH,
    Event,
    Match,
    MatchNotFound,
    MatchRow,
    connection,
    db,
    find_by_code,
    get_match,
    matches_by_id,
    normal_code,
    read_match,
    recent_matches,
    rematches,
    scorer_code_for,
    show_code,
)
from referee.store.timeline import TimelineEntry, Told, Unit, corrected_words, timeline, told, units


def clear_cache() -> None:
    """Forget every replay and every told timeline of this process (as a restart would)."""
    _log.clear_cache()
    _timeline.clear_cache()


__all__ = [
    "Appended", "Event", "IMPORT_WORK_BASE", "IMPORT_WORK_PER_ENTRY", "LogEntry", "Match", "MatchNotFound",
    "MatchRow", "Replay", "SCORER_CODE_LENGTH", "StaleExpect", "TimelineEntry", "Told", "Unit", "append",
    "check_input", "clear_cache", "connection", "corrected_words", "create_match", "db", "export",
    "find_by_code", "get_match", "import_match", "last_seq", "load", "log", "matches_by_id", "normal_code",
    "read_match", "recent_matches", "reissue_scorer_token", "rematches", "replay_until", "scorer_code_for",
    "show_code", "timeline", "told", "units",
]
