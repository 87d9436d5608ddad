"""A whole match as JSON and back: the export carries the log; an import replays every entry
through the rules first, within a budget in proportion to its length."""
from __future__ import annotations

import time as clock
from datetime import datetime, timedelta, timezone
from typing import Any

from sqlalchemy import insert

from referee import engine, games
from referee.errors import InvalidAction, RuleViolation
from referee.i18n import N_, Message, _
from referee.replay import Replay, step
from referee.store.inputs import check_input
from referee.store.log import as_utc, cache_put, log, new_match_row
from referee.store.models import MAX_BY, AnyMatch, Event, Match, db

# --- export and import -----------------------------------------------------------------------

EXPORT_FORMAT = "referee-match"
EXPORT_VERSION = 1
MAX_IMPORT_EVENTS = 20_000
# An import may spend this much re-judging (engine calls) and time, in proportion to its length:
# a real match costs one call per entry plus its corrections' tails; a crafted file whose
# corrections each re-judge the whole log is refused before it holds a worker for long. Every
# cold read of the match replays that work again, so it is kept to a few seconds at the
# largest import (20,000 entries: 180,000 engine calls, about 6 s), well inside a worker's 30 s.
IMPORT_WORK_PER_ENTRY, IMPORT_WORK_BASE = 8, 20_000
IMPORT_SECONDS_PER_ENTRY, IMPORT_SECONDS_BASE = 0.0005, 2.0
EARLIEST_TIME = datetime(2000, 1, 1, tzinfo=timezone.utc)


def export(match: AnyMatch) -> dict[str, Any]:
    """The whole match as JSON: enough to rebuild it anywhere (no scorer token)."""
    return {
        "format": EXPORT_FORMAT, "version": EXPORT_VERSION, "game": match.game, "title": match.title,
        "mode": match.mode, "players": list(match.players), "settings": dict(match.settings),
        "created_at": as_utc(match.created_at).isoformat(), "rules_version": match.rules_version,
        "log": [{"seq": e.seq, "action": e.action, "time": e.time.isoformat(), "by": e.by} for e in log(match)],
    }


def import_match(data: Any) -> tuple[Match, str, Replay]:
    """A new match from an export; every entry is replayed through the rules first, and one
    that does not hold rejects the whole import (nothing is stored).

    An export made under an older version of the game's rules is history, not a claim: its
    entries that today's rules refuse are kept and marked, as for a stored match."""
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise InvalidAction(_("not a referee match export (\"format\" must be \"{format}\")", format=EXPORT_FORMAT),
                            rule="IMPORT")
    if data.get("version") != EXPORT_VERSION:
        raise InvalidAction(_("unknown export version {version}", version=str(data.get("version"))[:10]),
                            rule="IMPORT")
    entries = data.get("log")
    if not isinstance(entries, list) or len(entries) > MAX_IMPORT_EVENTS:
        raise InvalidAction(_("\"log\" must be a list of at most {n} entries", n=MAX_IMPORT_EVENTS), rule="IMPORT")
    check_input({key: value for key, value in data.items() if key != "log"}, N_("export"))
    name = data.get("game")
    game = games.get(name) if isinstance(name, str) else None
    if game is None:
        raise InvalidAction(_("unknown game in the export"), rule="IMPORT")
    version = data.get("rules_version", 1)
    if not _whole(version) or not 1 <= version <= game.rules_version:
        raise InvalidAction(_("\"rules_version\" must be a version of {game}'s rules, 1 to {n}", game=game.title,
                              n=game.rules_version), rule="IMPORT")
    created_at = _read_time(data.get("created_at"), "\"created_at\"")
    settings, state = engine.new_match(game, data.get("players"), data.get("settings"), data.get("mode"))
    players = tuple(p.strip() for p in data["players"])
    replay = Replay(game, settings, data["mode"], state, 0, players)
    older_rules = version < game.rules_version
    work_budget = IMPORT_WORK_BASE + IMPORT_WORK_PER_ENTRY * len(entries)
    deadline = clock.monotonic() + IMPORT_SECONDS_BASE + IMPORT_SECONDS_PER_ENTRY * len(entries)
    rows: list[dict[str, Any]] = []
    # One moment for all the export leaves undated: a match stamped after the loop would begin
    # after the entries stamped in it.
    now = datetime.now(timezone.utc)
    dated: list[datetime] = [] if created_at is None else [created_at]
    for number, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict) or not _whole(entry.get("seq")) or entry["seq"] != number \
                or not isinstance(entry.get("action"), dict):
            raise InvalidAction(_("log entry {n}: expected a \"seq\" of {n} and an \"action\"", n=number),
                                rule="IMPORT")
        try:
            check_input(entry)
        except InvalidAction as bad:
            raise InvalidAction(_("log entry {n}: {reason}", n=number, reason=bad.message), rule="IMPORT") from None
        by = entry.get("by") if isinstance(entry.get("by"), str) else None
        moment = _read_time(entry.get("time"), _("log entry {n}'s \"time\"", n=number))
        if moment is not None:
            dated.append(moment)
        try:
            replay, _findings = step(replay, entry["action"], number, stored=older_rules)
        except RuleViolation as violation:
            raise InvalidAction(_("log entry {n} does not hold: {reason}", n=number, reason=violation.message),
                                rule=violation.rule) from None
        if replay.work > work_budget or clock.monotonic() > deadline:
            raise InvalidAction(_("log entry {n}: this export needs more re-judging than a match of its length "
                                  "ever does; it was not imported", n=number), rule="IMPORT")
        rows.append({"seq": number, "action": replay.entry, "time": moment or now,
                     "by": (by or None) and by[:MAX_BY]})
    match, token = new_match_row(game, settings, data["players"], data["mode"], data.get("title") or "", version)
    # The match's own date, on its score sheet and in a new export: the earliest time the export
    # gives. A match begins before its entries, yet a match imported before imports kept their
    # date was dated by that import; its export is read, not refused. Made now, a match without
    # any time would begin after the entries stamped now too.
    match.created_at = min(dated, default=now)
    db.session.flush()  # the match row first: events refer to it
    if rows:
        db.session.execute(insert(Event), [{**row, "match_id": match.id, "client_id": None} for row in rows])
    db.session.commit()
    cache_put(match.id, replay)
    return match, token, replay


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _read_time(value: Any, what: str | Message) -> datetime | None:
    """A time the export gives (``created_at``, an entry's ``time``) in UTC, or None where it
    gives none; ``what`` names it in a refusal."""
    if value is None:
        return None
    try:
        # In UTC: SQLite keeps a time's digits and drops its offset.
        moment = as_utc(datetime.fromisoformat(value)).astimezone(timezone.utc)
    except (TypeError, ValueError, OverflowError):  # OverflowError: an offset that leaves the calendar
        raise InvalidAction(_("{what} is not an ISO 8601 time", what=what), rule="IMPORT") from None
    # Between 2000 and tomorrow: a time any database can hold.
    if not EARLIEST_TIME <= moment <= datetime.now(timezone.utc) + timedelta(days=1):
        raise InvalidAction(_("{what} must lie between 2000 and today", what=what), rule="IMPORT")
    return moment
